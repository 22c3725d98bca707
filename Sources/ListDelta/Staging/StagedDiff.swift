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
            lists, shape: .flat(section: section), target: targetCollection, algorithm: algorithm,
            cancellation: cancellation, reloadsChangedSections: false, scheme: scheme,
            sideSection: { inSource, _ in inSource ? lists.sourceElements : lists.targetElements }
        ) { data in
            C(data.elements(ofSection: 0))
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
    sectionUpdates: SectionUpdates
) throws -> [Changeset<C>] where C.Element: DifferentiableSection {
    let sourceSections = Array(sourceCollection), targetSections = Array(targetCollection)
    let lists = try FlattenedLists(sections: sourceSections, targetSections, cancellation: cancellation)
    return try retryingCollisions { scheme in
        try stagedDiff(
            lists, shape: .sectioned, target: targetCollection, algorithm: algorithm, cancellation: cancellation,
            reloadsChangedSections: sectionUpdates == .reloaded, scheme: scheme,
            sideSection: { inSource, s in inSource ? lists.sourceSections[s] : lists.targetSections[s] }
        ) { data in
            var sections: [C.Element] = []
            sections.reserveCapacity(data.sectionCount)
            _ = try forEachPolling(data.sectionCount, cancellation) { k in
                sections.append(
                    C.Element(
                        source: data.model(ofSection: k, sourceModels: sourceSections, targetModels: targetSections),
                        elements: data.elements(ofSection: k)))
                return true
            }
            return C(sections)
        }
    } replacingAll: {
        Array(StagedChangeset(replacingSections: sourceCollection, with: targetCollection))
    }
}

/// The model of a flat list's one section: it matches itself and never changes.
@usableFromInline
struct FlatListModel: Differentiable, Sendable {
    @inlinable init() {}
    @inlinable var differenceIdentifier: Int { 0 }
    @inlinable func isContentEqual(to source: FlatListModel) -> Bool { true }
}

/// The models of a flat list's one section, on either side: one array for every flat diff.
@usableFromInline
let flatListModels = [FlatListModel()]

/// Both sides of a diff as the core reads them: each section's model, each section's elements
/// (read once from the model, into the array the stages share) and count, and, while a diff
/// runs, all sections' elements one after another (see ``withElements(in:cancellation:_:)``).
@usableFromInline
struct FlattenedLists<Model: Differentiable, Element: Differentiable> {
    @usableFromInline let sourceModels: [Model]
    @usableFromInline let targetModels: [Model]
    /// Whether both sides are one section holding all the elements.
    @usableFromInline let isFlat: Bool
    /// A flat list's elements; empty for lists of sections.
    @usableFromInline let sourceElements: [Element]
    @usableFromInline let targetElements: [Element]
    /// Each section's element count; empty for a flat list.
    @usableFromInline let sourceCounts: [UInt32]
    @usableFromInline let targetCounts: [UInt32]
    /// Each section's elements, as read from its model; empty for a flat list.
    @usableFromInline let sourceSections: [[Element]]
    @usableFromInline let targetSections: [[Element]]
    /// All sections' elements.
    @usableFromInline let sourceCount: Int
    @usableFromInline let targetCount: Int

    /// A flat list: one section on each side.
    ///
    /// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``.
    @inlinable
    init(flat source: [Element], _ target: [Element]) throws where Model == FlatListModel {
        let largest = max(source.count, target.count)
        guard largest <= ListDeltaError.maximumCount else {
            throw ListDeltaError.tooManyElements(count: largest, maximumCount: ListDeltaError.maximumCount)
        }
        sourceModels = flatListModels
        targetModels = flatListModels
        isFlat = true
        sourceElements = source
        targetElements = target
        sourceCounts = []
        targetCounts = []
        sourceSections = []
        targetSections = []
        sourceCount = source.count
        targetCount = target.count
    }

    /// Two lists of sections, each section its own model.
    ///
    /// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``; `CancellationError`
    ///   once `cancellation` is cancelled (polled between sections, once every
    ///   ``pollInterval`` sections or elements read, and within a section whose elements are
    ///   not contiguous, before every ``pollInterval`` of them).
    @inlinable
    init(sections source: [Model], _ target: [Model], cancellation: CoreCancellation?) throws
    where Model: DifferentiableSection, Model.Collection.Element == Element {
        /// Each section's elements, read once, their counts and their total.
        func read(_ models: [Model]) throws -> (sections: [[Element]], counts: [UInt32], total: Int) {
            guard !models.isEmpty else { return ([], [], 0) }
            var sections: [[Element]] = [], counts: [UInt32] = [], total = 0, unpolled = 0
            sections.reserveCapacity(models.count)
            counts.reserveCapacity(models.count)
            for index in models.indices {
                if unpolled >= pollInterval {
                    try checkCancellation(cancellation)
                    unpolled = 0
                }
                let elements = try arrayPolling(models[index].elements, cancellation)
                unpolled += 1 + elements.count
                total += elements.count
                guard total <= ListDeltaError.maximumCount else {
                    throw ListDeltaError.tooManyElements(count: total, maximumCount: ListDeltaError.maximumCount)
                }
                sections.append(elements)
                counts.append(UInt32(elements.count))
            }
            return (sections, counts, total)
        }
        (sourceSections, sourceCounts, sourceCount) = try read(source)
        (targetSections, targetCounts, targetCount) = try read(target)
        sourceModels = source
        targetModels = target
        sourceElements = []
        targetElements = []
        isFlat = false
    }

    /// Calls `body` with all sections' elements one after another, on each side: a flat list's
    /// in place, lists of sections' copied into room `workspace` lends, warm between diffs, so
    /// that a diff allocates nothing for them.
    ///
    /// - Throws: ``ListDeltaError/outOfMemory``; `CancellationError` once `cancellation` is
    ///   cancelled; whatever `body` throws.
    @inlinable
    func withElements<R>(
        in workspace: OpaquePointer, cancellation: CoreCancellation?,
        _ body: (_ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>) throws -> R
    ) throws -> R {
        if isFlat {
            return try sourceElements.withUnsafeBufferPointer { source in
                try targetElements.withUnsafeBufferPointer { target in try body(source, target) }
            }
        }
        let count = sourceCount + targetCount
        let room = try workspaceRoom(workspace, bytes: count * MemoryLayout<Element>.stride)
        // A custom allocator may align less than the elements need: then room of their own.
        let aligned = Int(bitPattern: room) % MemoryLayout<Element>.alignment == 0
        let elements =
            aligned ? room.bindMemory(to: Element.self, capacity: count) : .allocate(capacity: count)
        var initialized = 0
        defer {
            elements.deinitialize(count: initialized)
            if !aligned { elements.deallocate() }
        }
        // Polled before each stretch of a section's elements, and once every pollInterval
        // sections, so that a run of empty sections is polled too.
        var passed = 0
        for side in 0..<2 {
            let sections = side == 0 ? sourceSections : targetSections
            for index in sections.indices {
                passed += 1
                if passed == pollInterval {
                    try checkCancellation(cancellation)
                    passed = 0
                }
                _ = try sections[index].withUnsafeBufferPointer { section in
                    try forEachStretch(section.indices, cancellation) { stretch in
                        (elements + initialized).initialize(from: section.baseAddress! + stretch.lowerBound, count: stretch.count)
                        initialized += stretch.count
                        return true
                    }
                }
            }
        }
        return try body(
            UnsafeBufferPointer(start: elements, count: sourceCount),
            UnsafeBufferPointer(start: elements + sourceCount, count: targetCount))
    }

    /// Calls `body` with each section's identity under `scheme` and each section's element
    /// count, on both sides: for a flat list, without allocating.
    ///
    /// - Throws: as ``writeIdentities(_:into:_:into:reading:scheme:alongside:cancellation:)``, and
    ///   whatever `body` throws.
    @inlinable
    func withSections<R>(
        scheme: IdentityScheme, cancellation: CoreCancellation?,
        _ body: (
            _ sourceSections: UnsafeBufferPointer<UInt64>, _ targetSections: UnsafeBufferPointer<UInt64>,
            _ sourceCounts: UnsafeBufferPointer<UInt32>, _ targetCounts: UnsafeBufferPointer<UInt32>
        ) throws -> R
    ) throws -> R {
        if isFlat {
            // The one model matches itself: any identity, the same on both sides.
            let identity: UInt64 = 0
            let sourceCount = UInt32(sourceElements.count), targetCount = UInt32(targetElements.count)
            return try withUnsafePointer(to: identity) { identity in
                try withUnsafePointer(to: sourceCount) { sourceCount in
                    try withUnsafePointer(to: targetCount) { targetCount in
                        let section = UnsafeBufferPointer(start: identity, count: 1)
                        return try body(
                            section, section, UnsafeBufferPointer(start: sourceCount, count: 1),
                            UnsafeBufferPointer(start: targetCount, count: 1))
                    }
                }
            }
        }
        let (sourceSections, targetSections) = try identities(
            sourceModels, targetModels, scheme: scheme, cancellation: cancellation)
        return try sourceSections.withUnsafeBufferPointer { sourceSections in
            try targetSections.withUnsafeBufferPointer { targetSections in
                try sourceCounts.withUnsafeBufferPointer { sourceCounts in
                    try targetCounts.withUnsafeBufferPointer { targetCounts in
                        try body(sourceSections, targetSections, sourceCounts, targetCounts)
                    }
                }
            }
        }
    }
}

/// The changesets of `lists` under one identity scheme: the core matches and stages them, this
/// function tells it which matched pairs changed content and gathers each stage's operations
/// and, through `data`, its data. Nil when two different identifiers were matched.
@inlinable
func stagedDiff<Model: Differentiable, Element: Differentiable, C: Collection>(
    _ lists: FlattenedLists<Model, Element>,
    shape: ListShape<C>,
    target: C,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?,
    reloadsChangedSections: Bool,
    scheme: IdentityScheme,
    sideSection: (_ inSource: Bool, _ section: Int) -> [Element],
    data: (StageData<Element>) throws -> C
) throws -> [Changeset<C>]? {
    var changesets: [Changeset<C>] = []
    var flatSection: Int?
    if case let .flat(section) = shape.layout { flatSection = section ?? 0 }
    let matched = try WorkspacePool.shared.withWorkspace { workspace in
        try lists.withElements(in: workspace, cancellation: cancellation) { sourceElements, targetElements in
            try lists.withSections(scheme: scheme, cancellation: cancellation) {
                sourceSections, targetSections, sourceCounts, targetCounts in
                try withCoreStages(
                    in: workspace, sourceSections: sourceSections, targetSections: targetSections,
                    sourceCounts: sourceCounts, targetCounts: targetCounts,
                    elementCounts: (sourceElements.count, targetElements.count),
                    elementIdentities: { sourceRoom, targetRoom, prepareWorkspace in
                        try writeIdentities(
                            sourceElements, into: sourceRoom, targetElements, into: targetRoom,
                            reading: DifferenceIdentifiers.self, scheme: scheme, alongside: prepareWorkspace,
                            cancellation: cancellation)
                    },
                    algorithm: algorithm, cancellation: cancellation,
                    changes: { match in
                        try contentChanges(
                            of: match, lists, sourceElements, targetElements,
                            reloadsChangedSections: reloadsChangedSections, cancellation: cancellation)
                    }
                ) { stages in
                    changesets.reserveCapacity(stages.presentCount)
                    let counts = countsBefore(stages, layout: shape.layout)
                    var countsStart = 0
                    var previous: StageData<Element>?
                    for kind in 0..<stages.count {
                        let stage = stages[kind]
                        guard stage.isPresent else { continue }
                        let stageData: C
                        if stage.dataIsTarget {
                            stageData = target
                        } else {
                            let shown = try StageData(
                                stage, previous: previous, source: sourceElements, target: targetElements,
                                sideSection: sideSection, cancellation: cancellation)
                            stageData = try data(shown)
                            previous = shown
                        }
                        var countsBeforeStage: ArraySlice<Int>?
                        if changesets.isEmpty || shape.layout == .sectioned {
                            let end = countsStart + stage.elementCountsBefore.count
                            countsBeforeStage = counts[countsStart..<end]
                            countsStart = end
                        }
                        changesets.append(
                            Changeset(
                                data: stageData, shape: shape, countsBefore: countsBeforeStage,
                                batch: stage.batch(section: flatSection)))
                    }
                }
            }
        }
    }
    return matched ? changesets : nil
}

/// The element counts the view shows before each present stage, one stage after another in one
/// array that every stage's changeset shares: all stages of a list of sections; the first of a
/// flat list (a later stage's one count is its stage before's data's count).
@inlinable
func countsBefore(_ stages: CoreStages, layout: ListLayout) -> [Int] {
    func forEachStage(_ body: (UnsafeBufferPointer<Int32>) -> Void) {
        for kind in 0..<stages.count where stages[kind].isPresent {
            body(stages[kind].elementCountsBefore)
            if layout != .sectioned { return }
        }
    }
    var total = 0
    forEachStage { total += $0.count }
    var counts: [Int] = []
    counts.reserveCapacity(total)
    forEachStage { stageCounts in
        for count in stageCounts { counts.append(Int(count)) }
    }
    return counts
}
