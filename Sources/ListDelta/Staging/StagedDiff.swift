/// The changesets of a flat diff: the list is one section, staged by the core's engine like
/// any list of sections.
@inlinable
func flatStages<C: RangeReplaceableCollection>(
    source sourceCollection: C,
    target targetCollection: C,
    section: Int,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?
) throws -> [Changeset<C>] where C.Element: Differentiable {
    let lists = try FlattenedLists<FlatListModel, C.Element>(flat: Array(sourceCollection), Array(targetCollection))
    return try retryingCollisions { scheme in
        try stagedDiff(
            lists, layout: .flat(section: section), target: targetCollection, algorithm: algorithm,
            cancellation: cancellation, reloadsChangedSections: false, scheme: scheme
        ) { data in
            C(try data.elements(ofSection: 0))
        }
    } replacingAll: {
        Array(StagedChangeset(replacing: sourceCollection, with: targetCollection, section: section))
    }
}

/// The changesets of a sectioned diff: sections matched by identity, then their elements by
/// identity across all sections, staged by the core's engine (see `ld_stage` in
/// `CListDelta.h`). Matched sections keep their source model until the last stage, which
/// reloads those whose model changed, if `sectionUpdates` says so.
@inlinable
func sectionedStages<C: RangeReplaceableCollection>(
    source sourceCollection: C,
    target targetCollection: C,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?,
    sectionUpdates: SectionUpdates = .reloaded
) throws -> [Changeset<C>] where C.Element: DifferentiableSection {
    let sourceSections = Array(sourceCollection), targetSections = Array(targetCollection)
    let lists = try FlattenedLists(sections: sourceSections, targetSections, cancellation: cancellation)
    return try retryingCollisions { scheme in
        try stagedDiff(
            lists, layout: .sectioned, target: targetCollection, algorithm: algorithm, cancellation: cancellation,
            reloadsChangedSections: sectionUpdates == .reloaded, scheme: scheme
        ) { data in
            C(
                try (0..<data.sectionCount).map { k in
                    C.Element(source: data.model(ofSection: k), elements: try data.elements(ofSection: k))
                })
        }
    } replacingAll: {
        Array(StagedChangeset(replacingSections: sourceCollection, with: targetCollection))
    }
}

/// The model of a flat list's one section: it matches itself and never changes.
@usableFromInline
struct FlatListModel: Differentiable {
    @inlinable init() {}
    @inlinable var differenceIdentifier: Int { 0 }
    @inlinable func isContentEqual(to source: FlatListModel) -> Bool { true }
}

/// Both sides of a diff as the core reads them: each section's model, and the elements of all
/// sections one after another, with each section's count.
@usableFromInline
struct FlattenedLists<Model: Differentiable, Element: Differentiable> {
    @usableFromInline let sourceModels: [Model]
    @usableFromInline let targetModels: [Model]
    /// Each section's elements: arrays shared with the sections where they are arrays.
    @usableFromInline let sourceSectionElements: [[Element]]
    @usableFromInline let targetSectionElements: [[Element]]
    /// All sections' elements, one after another.
    @usableFromInline let sourceElements: [Element]
    @usableFromInline let targetElements: [Element]
    @usableFromInline let sourceCounts: [UInt32]
    @usableFromInline let targetCounts: [UInt32]
    /// Where each section's elements start in the elements, and where the last one ends.
    @usableFromInline let sourceStarts: [Int]
    @usableFromInline let targetStarts: [Int]

    /// A flat list: one section on each side.
    ///
    /// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``.
    @inlinable
    init(flat source: [Element], _ target: [Element]) throws where Model == FlatListModel {
        try self.init(models: [FlatListModel()], [FlatListModel()], sectionElements: [source], [target]) {
            $0[0]
        }
    }

    /// Two lists of sections, each section its own model.
    ///
    /// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``; `CancellationError`
    ///   once `cancellation` is cancelled.
    @inlinable
    init(sections source: [Model], _ target: [Model], cancellation: CoreCancellation?) throws
    where Model: DifferentiableSection, Model.Collection.Element == Element {
        try self.init(
            models: source, target, sectionElements: source.map { Array($0.elements) }, target.map { Array($0.elements) }
        ) { sections in
            try exactArray(count: sections.reduce(0) { $0 + $1.count }) { buffer, initialized in
                for section in sections {
                    try checkCancellation(cancellation)
                    for element in section {
                        try checkCancellation(cancellation, at: initialized)
                        (buffer.baseAddress! + initialized).initialize(to: element)
                        initialized += 1
                    }
                }
            }
        }
    }

    @inlinable
    init(
        models source: [Model], _ target: [Model], sectionElements sourceSections: [[Element]], _ targetSections: [[Element]],
        flatten: ([[Element]]) throws -> [Element]
    ) throws {
        func counts(_ sections: [[Element]]) throws -> ([UInt32], [Int]) {
            var counts = [UInt32](repeating: 0, count: sections.count)
            var starts = [Int](repeating: 0, count: sections.count + 1)
            for (s, section) in sections.enumerated() {
                starts[s + 1] = starts[s] + section.count
                guard starts[s + 1] <= ListDeltaError.maximumCount else {
                    throw ListDeltaError.tooManyElements(count: starts[s + 1], maximumCount: ListDeltaError.maximumCount)
                }
                counts[s] = UInt32(section.count)
            }
            return (counts, starts)
        }
        (sourceCounts, sourceStarts) = try counts(sourceSections)
        (targetCounts, targetStarts) = try counts(targetSections)
        sourceModels = source
        targetModels = target
        sourceSectionElements = sourceSections
        targetSectionElements = targetSections
        sourceElements = try flatten(sourceSections)
        targetElements = try flatten(targetSections)
    }

    /// The non-empty source section whose elements start at `start`, if any.
    @inlinable
    func sourceSection(startingAt start: Int) -> Int? { Self.section(startingAt: start, in: sourceStarts) }

    /// The non-empty target section whose elements start at `start`, if any.
    @inlinable
    func targetSection(startingAt start: Int) -> Int? { Self.section(startingAt: start, in: targetStarts) }

    @inlinable
    static func section(startingAt start: Int, in starts: [Int]) -> Int? {
        // The last section starting at `start`: those before it starting there are empty.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        let section = low - 1
        guard section >= 0, section < starts.count - 1, starts[section] == start else { return nil }
        return section
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

/// The changesets of `lists` under one identity scheme: the core matches and stages them, this
/// function tells it which matched pairs changed content and gathers each stage's operations
/// and, through `data`, its data. Nil when two different identifiers were matched.
@inlinable
func stagedDiff<Model: Differentiable, Element: Differentiable, C: Collection>(
    _ lists: FlattenedLists<Model, Element>,
    layout: ListLayout,
    target: C,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?,
    reloadsChangedSections: Bool,
    scheme: IdentityScheme,
    data: (StageData<Model, Element>) throws -> C
) throws -> [Changeset<C>]? {
    let (sourceSections, targetSections) = try identities(
        lists.sourceModels, lists.targetModels, scheme: scheme, cancellation: cancellation)
    return try withCoreStages(
        sourceSections: sourceSections, targetSections: targetSections,
        sourceCounts: lists.sourceCounts, targetCounts: lists.targetCounts,
        elementCounts: (lists.sourceElements.count, lists.targetElements.count),
        elementIdentities: { sourceRoom, targetRoom, prepareWorkspace in
            try writeIdentities(
                lists.sourceElements, into: sourceRoom, lists.targetElements, into: targetRoom, scheme: scheme,
                alongside: prepareWorkspace, cancellation: cancellation)
        },
        algorithm: algorithm, cancellation: cancellation,
        changes: { match in
            try contentChanges(of: match, in: lists, reloadsChangedSections: reloadsChangedSections, cancellation: cancellation)
        }
    ) { stages in
        var changesets: [Changeset<C>] = []
        changesets.reserveCapacity(stages.lazy.filter(\.isPresent).count)
        var previous: StageData<Model, Element>?
        for stage in stages where stage.isPresent {
            var stageData: C = target
            if !stage.dataIsTarget {
                let shown = StageData(stage, lists: lists, previous: previous, cancellation: cancellation)
                stageData = try data(shown)
                previous = shown
            }
            var changeset = stage.changeset(data: stageData, layout: layout)
            if changesets.isEmpty { changeset.countsBefore = stage.elementCountsBefore.map(Int.init) }
            changesets.append(changeset)
        }
        return changesets
    }
}

extension CoreStage {
    /// The stage's operations, as a changeset showing `data`.
    @inlinable
    func changeset<C>(data: C, layout: ListLayout) -> Changeset<C> {
        let section: (Int32) -> Int
        if case let .flat(flatSection) = layout {
            let fixed = flatSection ?? 0
            section = { _ in fixed }
        } else {
            section = { Int($0) }
        }
        func path(_ position: ElementPosition) -> ElementPath {
            ElementPath(element: Int(position.element), section: section(position.section))
        }
        return Changeset(
            data: data, layout: layout,
            sectionDeleted: sectionDeleted.map(Int.init),
            sectionInserted: sectionInserted.map(Int.init),
            sectionUpdated: sectionUpdated.map(Int.init),
            sectionMoved: sectionMoved.map { (source: Int($0.source), target: Int($0.target)) },
            elementDeleted: elementDeleted.map(path),
            elementInserted: elementInserted.map(path),
            elementUpdated: elementUpdated.map(path),
            elementMoved: elementMoved.map { (source: path($0.source), target: path($0.target)) })
    }
}
