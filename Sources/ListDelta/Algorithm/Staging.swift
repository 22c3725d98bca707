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
}

/// One of the five stages, in UIKit's order.
@usableFromInline
enum Stage: Int, CaseIterable {
    case elementUpdates = 1
    case deletes, sectionInsertsAndMoves, elementInsertsAndMoves, sectionUpdates
}

/// The changesets of `operations`: one per stage that has operations, in order. The last one's
/// data is `target`; each other stage's data comes from `data`, asked only for those stages.
/// UIKit reloads a section only in a batch of its own, and only once it is where the target has
/// it, so section updates come last and alone.
@inlinable
func assembleStages<C: Collection>(
    _ operations: StagedOperations, target: C, data: (Stage) throws -> C
) rethrows -> [Changeset<C>] {
    let o = operations
    let present: [Stage] = Stage.allCases.filter { stage in
        switch stage {
        case .elementUpdates: !o.elementUpdated.isEmpty
        case .deletes: !o.sectionDeleted.isEmpty || !o.elementDeleted.isEmpty
        case .sectionInsertsAndMoves: !o.sectionInserted.isEmpty || !o.sectionMoved.isEmpty
        case .elementInsertsAndMoves: !o.elementInserted.isEmpty || !o.elementMoved.isEmpty
        case .sectionUpdates: !o.sectionUpdated.isEmpty
        }
    }
    return try present.map { stage in
        let stageData = stage == present.last ? target : try data(stage)
        switch stage {
        case .elementUpdates:
            return Changeset(data: stageData, elementUpdated: o.elementUpdated)
        case .deletes:
            return Changeset(data: stageData, sectionDeleted: o.sectionDeleted, elementDeleted: o.elementDeleted)
        case .sectionInsertsAndMoves:
            return Changeset(data: stageData, sectionInserted: o.sectionInserted, sectionMoved: o.sectionMoved)
        case .elementInsertsAndMoves:
            return Changeset(data: stageData, elementInserted: o.elementInserted, elementMoved: o.elementMoved)
        case .sectionUpdates:
            return Changeset(data: stageData, sectionUpdated: o.sectionUpdated)
        }
    }
}

/// The elements of source positions `range` as the first two stages show them: each matched
/// element in its target version, and each unmatched one as it is while `keepingUnmatched`
/// (stage 1) or left out (stage 2, after the deletes). `count` is the result's exact size.
/// A flat list is one range; a sectioned one calls this per surviving section.
@inlinable
func stageElements<Element>(
    _ range: Range<Int>, count: Int, keepingUnmatched: Bool, sourceToTarget: UnsafeBufferPointer<Int32>,
    source: [Element], target: [Element], cancellation: CoreCancellation?
) throws -> [Element] {
    try exactArray(count: count) { buffer, initialized in
        try source.withUnsafeBufferPointer { source in
            try target.withUnsafeBufferPointer { target in
                for start in stride(from: range.lowerBound, to: range.upperBound, by: pollInterval) {
                    try checkCancellation(cancellation)
                    for i in start..<min(start + pollInterval, range.upperBound) {
                        let j = Int(sourceToTarget[i])
                        if j >= 0 {
                            precondition(initialized < count, "more survivors than the core reported")
                            (buffer.baseAddress! + initialized).initialize(to: target[j])
                        } else if keepingUnmatched {
                            (buffer.baseAddress! + initialized).initialize(to: source[i])
                        } else {
                            continue
                        }
                        initialized += 1
                    }
                }
            }
        }
    }
}

/// Runs a diff attempt on hashed identities and, after two different identifiers shared a
/// 64-bit identity (the attempt returns nil), again on exact numbers; when an identifier type
/// cannot be numbered in linear time, returns `replacingAll()`. Staging never sees a collision.
@inlinable
func retryingCollisions<R>(_ attempt: (IdentityScheme) throws -> R?, replacingAll: () -> R) throws -> R {
    if let result = try attempt(.fast) { return result }
    do {
        return try attempt(.numbered) ?? replacingAll()  // numbered identities never collide
    } catch is IdentifiersHashAlike {
        return replacingAll()
    }
}
