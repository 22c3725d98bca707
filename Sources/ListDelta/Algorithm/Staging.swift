/// The operations of a diff, sorted into UIKit's five stages: the plain value both the flat
/// and the sectioned diff produce and ``assembleStages(_:target:data:)`` turns into changesets.
/// Element paths of the first two stages name source positions; section moves name positions
/// after the deletes; element moves name positions after stage 3; inserts name target positions.
@usableFromInline
struct StagedOperations {
    /// Stage 1: matched elements whose content changed.
    @usableFromInline var elementUpdated: [ElementPath] = []
    /// Stage 2.
    @usableFromInline var sectionDeleted: [Int] = []
    /// Stage 2.
    @usableFromInline var elementDeleted: [ElementPath] = []
    /// Stage 3.
    @usableFromInline var sectionInserted: [Int] = []
    /// Stage 3.
    @usableFromInline var sectionMoved: [(source: Int, target: Int)] = []
    /// Stage 4.
    @usableFromInline var elementInserted: [ElementPath] = []
    /// Stage 4.
    @usableFromInline var elementMoved: [(source: ElementPath, target: ElementPath)] = []
    /// Stage 5: matched sections whose own content changed.
    @usableFromInline var sectionUpdated: [Int] = []

    @inlinable init() {}

    /// Whether `stage` has operations, and so a changeset.
    @inlinable
    func has(_ stage: Stage) -> Bool {
        switch stage {
        case .elementUpdates: !elementUpdated.isEmpty
        case .deletes: !sectionDeleted.isEmpty || !elementDeleted.isEmpty
        case .sectionInsertsAndMoves: !sectionInserted.isEmpty || !sectionMoved.isEmpty
        case .elementInsertsAndMoves: !elementInserted.isEmpty || !elementMoved.isEmpty
        case .sectionUpdates: !sectionUpdated.isEmpty
        }
    }

    /// Whether `stage` has a changeset whose data is its own, not the target: a later stage
    /// has operations too. It depends on no stage before `stage`.
    @inlinable
    func showsOwnData(_ stage: Stage) -> Bool {
        has(stage) && Stage.allCases.contains { $0.rawValue > stage.rawValue && has($0) }
    }
}

/// One of the five stages, in UIKit's order.
@usableFromInline
enum Stage: Int, CaseIterable {
    case elementUpdates = 1
    case deletes, sectionInsertsAndMoves, elementInsertsAndMoves, sectionUpdates
}

/// The changesets of `operations` for a list laid out as `layout`: one per stage that has operations, in order. The last one's
/// data is `target`; each other stage's data comes from `data`, asked only for those stages.
/// UIKit reloads a section only in a batch of its own, and only once it is where the target has
/// it, so section updates come last and alone.
@inlinable
func assembleStages<C: Collection>(
    _ operations: StagedOperations, layout: ListLayout, target: C, data: (Stage) throws -> C
) rethrows -> [Changeset<C>] {
    let o = operations
    let present = Stage.allCases.filter(o.has)
    return try present.map { stage in
        let stageData = stage == present.last ? target : try data(stage)
        switch stage {
        case .elementUpdates:
            return Changeset(data: stageData, layout: layout, elementUpdated: o.elementUpdated)
        case .deletes:
            return Changeset(data: stageData, layout: layout, sectionDeleted: o.sectionDeleted, elementDeleted: o.elementDeleted)
        case .sectionInsertsAndMoves:
            return Changeset(data: stageData, layout: layout, sectionInserted: o.sectionInserted, sectionMoved: o.sectionMoved)
        case .elementInsertsAndMoves:
            return Changeset(data: stageData, layout: layout, elementInserted: o.elementInserted, elementMoved: o.elementMoved)
        case .sectionUpdates:
            return Changeset(data: stageData, layout: layout, sectionUpdated: o.sectionUpdated)
        }
    }
}

/// The elements of source positions `range` as stage 1 shows them: each matched element in its
/// target version, each unmatched one as it is. Given the range's `survivors` (its matched
/// elements' target versions, in order), matched elements are read from them in order rather
/// than from all over `target`. A flat list is one range; a sectioned one calls this per
/// surviving section.
@inlinable
func firstStageElements<Element>(
    _ range: Range<Int>, sourceToTarget: UnsafeBufferPointer<Int32>, source: [Element], target: [Element],
    survivors: [Element]?, cancellation: CoreCancellation?
) throws -> [Element] {
    try exactArray(count: range.count) { buffer, initialized in
        try source.withUnsafeBufferPointer { source in
            try target.withUnsafeBufferPointer { target in
                try (survivors ?? []).withUnsafeBufferPointer { survivors in
                    var survivor = 0
                    for start in stride(from: range.lowerBound, to: range.upperBound, by: pollInterval) {
                        try checkCancellation(cancellation)
                        for i in start..<min(start + pollInterval, range.upperBound) {
                            let j = Int(sourceToTarget[i])
                            let element = buffer.baseAddress! + initialized
                            if j < 0 {
                                element.initialize(to: source[i])
                            } else if survivors.isEmpty {
                                element.initialize(to: target[j])
                            } else {
                                precondition(survivor < survivors.count, "more survivors than the core reported")
                                element.initialize(to: survivors[survivor])
                                survivor += 1
                            }
                            initialized += 1
                        }
                    }
                }
            }
        }
    }
}

/// Runs a diff attempt on hashed identities and, after two different identifiers shared a
/// 64-bit identity (the attempt returns nil), again on exact numbers. Returns `replacingAll()`
/// only for an identifier type whose `==` is seen to break its laws: numbering throws
/// ``IdentifiersUnlawful``, or a numbered match fails its check. Staging never sees a collision.
@inlinable
func retryingCollisions<R>(_ attempt: (IdentityScheme) throws -> R?, replacingAll: () -> R) throws -> R {
    if let result = try attempt(.fast) { return result }
    do {
        return try attempt(.numbered) ?? replacingAll()
    } catch is IdentifiersUnlawful {
        return replacingAll()
    }
}
