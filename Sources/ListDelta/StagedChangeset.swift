/// The changes from one collection to another, split into batches that a list view can
/// perform one after another without breaking its batch-update rules.
///
/// ```swift
/// let changes = StagedChangeset(source: oldItems, target: newItems)
/// tableView.reload(using: changes) { items = $0 }
/// ```
///
/// Stages come in this order, empty ones left out; each stage's `data` is the collection after
/// it, and the last one's is the target:
/// 1. element updates (source positions);
/// 2. section and element deletes (source positions);
/// 3. section inserts and moves;
/// 4. element inserts and moves, across sections too;
/// 5. section updates (target indices).
public struct StagedChangeset<Collection: Swift.Collection> {
    @usableFromInline
    var changesets: [Changeset<Collection>]

    /// A staged changeset made of `changesets`.
    @inlinable
    public init<C: Swift.Collection>(_ changesets: C) where C.Element == Changeset<Collection> {
        self.changesets = Array(changesets)
    }
}

extension StagedChangeset: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// An empty staged changeset: no stage to perform.
    @inlinable public init() { changesets = [] }
    /// The position of the first stage.
    @inlinable public var startIndex: Int { changesets.startIndex }
    /// The position after the last stage.
    @inlinable public var endIndex: Int { changesets.endIndex }
    /// The position after `i`.
    @inlinable public func index(after i: Int) -> Int { i + 1 }
    /// The position before `i`.
    @inlinable public func index(before i: Int) -> Int { i - 1 }

    /// The stage at `position`.
    @inlinable
    public subscript(position: Int) -> Changeset<Collection> {
        get { changesets[position] }
        set { changesets[position] = newValue }
    }

    /// Replaces the stages in `subrange` with `newElements`.
    @inlinable
    public mutating func replaceSubrange<C: Swift.Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Changeset<Collection> {
        changesets.replaceSubrange(subrange, with: newElements)
    }
}

extension StagedChangeset: ExpressibleByArrayLiteral {
    /// A staged changeset of the listed stages, in order.
    @inlinable
    public init(arrayLiteral elements: Changeset<Collection>...) {
        self.init(elements)
    }
}

extension StagedChangeset: Equatable where Collection: Equatable {}
extension StagedChangeset: Sendable where Collection: Sendable {}

extension StagedChangeset: CustomDebugStringConvertible {
    /// A multi-line description of every stage.
    public var debugDescription: String {
        "StagedChangeset(\n"
            + changesets.map {
                "  " + $0.debugDescription.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
            }
            .joined(separator: ",\n") + "\n)"
    }
}

extension StagedChangeset where Collection: RangeReplaceableCollection, Collection.Element: Differentiable {
    /// The stages that turn `source` into `target`, with elements at paths in section 0.
    ///
    /// A function of two arguments, so `StagedChangeset.init(source:target:)` can be passed
    /// where a diff function is expected; see ``init(source:target:section:)``.
    @inlinable
    public init(source: Collection, target: Collection) {
        self.init(source: source, target: target, section: 0)
    }

    /// The stages that turn `source` into `target`, with elements at paths in `section`.
    ///
    /// Never fails: in the unlikely case the core cannot run (a list over
    /// ``ListDeltaError/maximumCount`` elements, or no memory), the result deletes every
    /// source element and inserts every target element, a batch that is still valid.
    ///
    /// - Complexity: O(*n* + *m*) expected, plus O(*k* log *k*) for the moves of the *k*
    ///   matched elements.
    @inlinable
    public init(source: Collection, target: Collection, section: Int) {
        do {
            try self.init(source: source, target: target, section: section, algorithm: .heckel)
        } catch {
            self.init(replacing: source, with: target, section: section)
        }
    }

    /// The stages that turn `source` into `target`, matched with `algorithm`.
    ///
    /// Heckel's moves are the fewest for its pairing of duplicates: the k-th occurrence of an
    /// identifier in `source` with its k-th occurrence in `target`.
    ///
    /// - Parameters:
    ///   - source: the list the view shows now.
    ///   - target: the list it should show.
    ///   - section: the section index of every element path.
    ///   - algorithm: ``DiffAlgorithm/heckel`` (minimal moves) or
    ///     ``DiffAlgorithm/longestCommonSubsequence(editBudget:)`` (no moves).
    /// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``,
    ///   ``ListDeltaError/outOfMemory`` or ``ListDeltaError/editBudgetExceeded(budget:)``.
    /// - Complexity: O(*n* + *m*) expected for Heckel; O((*n* + *m*) · *D*) for an LCS with *D*
    ///   edits.
    @inlinable
    public init(source: Collection, target: Collection, section: Int = 0, algorithm: DiffAlgorithm) throws {
        self.init(
            try flatStages(
                source: source, target: target, section: section, algorithm: algorithm,
                cancellation: nil))
    }

    @usableFromInline
    init(replacing source: Collection, with target: Collection, section: Int) {
        var stages: [Changeset<Collection>] = []
        if !source.isEmpty {
            stages.append(
                Changeset(
                    data: Collection(), shape: .flat(section: section),
                    batch: BatchUpdate(elementDeleted: (0..<source.count).map { ElementPath(element: $0, section: section) })))
        }
        if !target.isEmpty {
            stages.append(
                Changeset(
                    data: target, shape: .flat(section: section),
                    batch: BatchUpdate(elementInserted: (0..<target.count).map { ElementPath(element: $0, section: section) })))
        }
        self.init(stages)
    }
}

extension StagedChangeset where Collection: RangeReplaceableCollection, Collection.Element: DifferentiableSection {
    /// The stages that turn the sections of `source` into those of `target`: sections matched
    /// by their model's identity, elements matched by theirs across all sections.
    ///
    /// Never fails: in the unlikely case the core cannot run, the result deletes every source
    /// section and inserts every target section.
    ///
    /// - Complexity: O(*n* + *m*) expected in the number of sections and elements.
    @inlinable
    public init(source: Collection, target: Collection) {
        do {
            try self.init(source: source, target: target, algorithm: .heckel)
        } catch {
            self.init(replacingSections: source, with: target)
        }
    }

    /// The stages that turn the sections of `source` into those of `target`, with `algorithm`
    /// matching both sections and elements.
    ///
    /// - Throws: ``ListDeltaError`` as for flat collections.
    @inlinable
    public init(source: Collection, target: Collection, algorithm: DiffAlgorithm) throws {
        // Forwards rather than defaulting `sectionUpdates`: see SectionUpdates.swift.
        try self.init(source: source, target: target, algorithm: algorithm, sectionUpdates: .reloaded)
    }

    /// The stages that turn the sections of `source` into those of `target`, reporting a
    /// matched section whose own content changed as `sectionUpdates` says.
    ///
    /// - Throws: ``ListDeltaError`` as for flat collections.
    @inlinable
    public init(
        source: Collection, target: Collection, algorithm: DiffAlgorithm = .heckel, sectionUpdates: SectionUpdates
    ) throws {
        self.init(
            try sectionedStages(
                source: source, target: target, algorithm: algorithm, cancellation: nil,
                sectionUpdates: sectionUpdates))
    }

    @usableFromInline
    init(replacingSections source: Collection, with target: Collection) {
        var stages: [Changeset<Collection>] = []
        if !source.isEmpty {
            stages.append(
                Changeset(data: Collection(), shape: .sectioned, batch: BatchUpdate(sectionDeleted: Array(0..<source.count))))
        }
        if !target.isEmpty {
            stages.append(
                Changeset(data: target, shape: .sectioned, batch: BatchUpdate(sectionInserted: Array(0..<target.count))))
        }
        self.init(stages)
    }
}
