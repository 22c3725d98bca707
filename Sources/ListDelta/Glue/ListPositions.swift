/// Where each element and section of a list went in an update, and where each one came from:
/// what a list framework needs to keep selection, focus and scroll position across it.
///
/// Made by ``StagedChangeset/positions(from:)`` from the stages themselves, so it tells what a
/// list view does when it performs them: an element deleted by one stage and inserted by a
/// later one (an element of a deleted section that reappears elsewhere, say) is a different
/// element, and a moved or reloaded one is the same element.
///
/// ```swift
/// let positions = try changes.positions(from: shown)
/// let selection = selectedIndex.flatMap(positions.newIndex(forOld:))
/// ```
public struct ListPositions<Collection: Swift.Collection> {
    /// The list before the update.
    public let source: Collection
    /// The list after the update: the last stage's data.
    public let target: Collection
    @usableFromInline let sectionTargets: [Int]  // -1: the section is deleted
    @usableFromInline let sectionSources: [Int]  // -1: the section is inserted
    @usableFromInline let sourceStarts: [Int]  // first flattened index of each section, and the total
    @usableFromInline let targetStarts: [Int]
    @usableFromInline let elementTargets: [Int]  // flattened source index to flattened target index, or -1
    @usableFromInline let elementSources: [Int]

    /// The section a source section is shown as after the update; nil if it was deleted or
    /// is out of range.
    public func targetSection(forSource section: Int) -> Int? {
        guard sectionTargets.indices.contains(section), sectionTargets[section] >= 0 else { return nil }
        return sectionTargets[section]
    }

    /// The source section a section shown after the update comes from; nil if it was
    /// inserted or is out of range.
    public func sourceSection(forTarget section: Int) -> Int? {
        guard sectionSources.indices.contains(section), sectionSources[section] >= 0 else { return nil }
        return sectionSources[section]
    }

    /// Where the element at `path` before the update is after it; nil if it was deleted or
    /// `path` is out of range.
    public func targetPath(forSource path: ElementPath) -> ElementPath? {
        Self.map(path, from: sourceStarts, through: elementTargets, to: targetStarts)
    }

    /// Where the element at `path` after the update was before it; nil if it was inserted or
    /// `path` is out of range.
    public func sourcePath(forTarget path: ElementPath) -> ElementPath? {
        Self.map(path, from: targetStarts, through: elementSources, to: sourceStarts)
    }

    private static func map(_ path: ElementPath, from starts: [Int], through links: [Int], to other: [Int]) -> ElementPath? {
        guard path.section >= 0, path.section < starts.count - 1, path.element >= 0,
            path.element < starts[path.section + 1] - starts[path.section]
        else { return nil }
        let linked = links[starts[path.section] + path.element]
        guard linked >= 0 else { return nil }
        // The last section starting at or before `linked` holds it (empty sections start there too).
        var low = 0, high = other.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if other[middle] <= linked { low = middle } else { high = middle - 1 }
        }
        return ElementPath(element: linked - other[low], section: low)
    }
}

extension ListPositions: Sendable where Collection: Sendable {}

extension ListPositions where Collection.Element: Differentiable {
    /// The index after the update of the element at `index` before it; nil if it was deleted
    /// or `index` is out of range.
    public func newIndex(forOld index: Int) -> Int? {
        (0..<elementTargets.count).contains(index) && elementTargets[index] >= 0 ? elementTargets[index] : nil
    }

    /// The index before the update of the element at `index` after it; nil if it was
    /// inserted or `index` is out of range.
    public func oldIndex(forNew index: Int) -> Int? {
        (0..<elementSources.count).contains(index) && elementSources[index] >= 0 ? elementSources[index] : nil
    }

    /// The index of the first source element with identifier `id`.
    ///
    /// - Complexity: O(*n*) in the source's count.
    public func oldIndex(for id: Collection.Element.DifferenceIdentifier) -> Int? {
        source.enumerated().first { $0.element.differenceIdentifier == id }?.offset
    }

    /// The index of the first target element with identifier `id`.
    ///
    /// - Complexity: O(*m*) in the target's count.
    public func newIndex(for id: Collection.Element.DifferenceIdentifier) -> Int? {
        target.enumerated().first { $0.element.differenceIdentifier == id }?.offset
    }
}

extension ListPositions where Collection.Element: DifferentiableSection {
    /// The path of the first source element with identifier `id`.
    ///
    /// - Complexity: O(*n*) in the source's elements.
    public func sourcePath(for id: Collection.Element.Collection.Element.DifferenceIdentifier) -> ElementPath? {
        Self.path(of: id, in: source)
    }

    /// The path of the first target element with identifier `id`.
    ///
    /// - Complexity: O(*m*) in the target's elements.
    public func targetPath(for id: Collection.Element.Collection.Element.DifferenceIdentifier) -> ElementPath? {
        Self.path(of: id, in: target)
    }

    /// The index of the first source section with identifier `id`.
    public func sourceSection(for id: Collection.Element.DifferenceIdentifier) -> Int? {
        source.enumerated().first { $0.element.differenceIdentifier == id }?.offset
    }

    /// The index of the first target section with identifier `id`.
    public func targetSection(for id: Collection.Element.DifferenceIdentifier) -> Int? {
        target.enumerated().first { $0.element.differenceIdentifier == id }?.offset
    }

    /// The target sections that come from a source section whose own content (its model: what
    /// a header or footer shows) changed, by ``ContentEquatable/isContentEqual(to:)``; reported
    /// whether or not the diff reloaded them (see ``SectionUpdates``).
    ///
    /// - Complexity: O(number of sections).
    public var sectionsWithChangedContent: [Int] {
        let sources = Array(source)
        return target.enumerated().compactMap { t, section in
            let s = sectionSources[t]
            return s >= 0 && !section.isContentEqual(to: sources[s]) ? t : nil
        }
    }

    private static func path(
        of id: Collection.Element.Collection.Element.DifferenceIdentifier, in sections: Collection
    ) -> ElementPath? {
        for (s, section) in sections.enumerated() {
            if let e = section.elements.enumerated().first(where: { $0.element.differenceIdentifier == id })?.offset {
                return ElementPath(element: e, section: s)
            }
        }
        return nil
    }
}

extension StagedChangeset where Collection: RangeReplaceableCollection {
    /// Where every element and section of `source` goes through these stages, and where
    /// every element and section of the result comes from, as a list view performing the
    /// stages would move them.
    ///
    /// - Parameter source: the list the first stage starts from (for a changeset made by a
    ///   diff, its source).
    /// - Throws: ``BatchUpdateError`` when a stage breaks UIKit's rules for the list it starts
    ///   from, as `apply(to:)` does.
    /// - Complexity: O(*n* + *m* + *k*) per stage, for *k* operations.
    public func positions(from source: Collection) throws -> ListPositions<Collection> {
        let target = last?.data ?? source
        let shape = first?.shape ?? .flat(section: nil)
        var tracer = PositionTracer(counts: shape.elementCounts(source))
        for changeset in self {
            let batch =
                shape.layout == .sectioned
                ? BatchUpdate(changeset) : try BatchUpdate(changeset).inSectionZero(layout: shape.layout)
            try tracer.perform(batch, countsAfter: shape.elementCounts(changeset.data))
        }
        return tracer.positions(source: source, target: target)
    }
}

/// Follows every source element and section through batches: each current position holds the
/// source position it came from, or -1 when a batch inserted it.
struct PositionTracer {
    private var sections: [Int]
    private var elements: [Int]
    private var counts: [Int]
    private let sourceCounts: [Int]

    init(counts: [Int]) {
        sourceCounts = counts
        self.counts = counts
        sections = Array(counts.indices)
        elements = Array(0..<counts.reduce(0, +))
    }

    mutating func perform(_ batch: BatchUpdate, countsAfter: [Int]) throws {
        let check = try BatchCheck(batch, countsBefore: counts, countsAfter: countsAfter, reloadsArrive: false)
        elements = check.elementOrigins.map { $0 < 0 ? -1 : elements[$0] }
        sections = check.sectionOrigins.map { $0.map { sections[$0] } ?? -1 }
        counts = countsAfter
    }

    func positions<C: Collection>(source: C, target: C) -> ListPositions<C> {
        var sectionTargets = [Int](repeating: -1, count: sourceCounts.count)
        for (t, s) in sections.enumerated() where s >= 0 { sectionTargets[s] = t }
        let sourceStarts = sectionStarts(sourceCounts), targetStarts = sectionStarts(counts)
        var elementTargets = [Int](repeating: -1, count: sourceStarts.last!)
        for (j, i) in elements.enumerated() where i >= 0 { elementTargets[i] = j }
        return ListPositions(
            source: source, target: target, sectionTargets: sectionTargets, sectionSources: sections,
            sourceStarts: sourceStarts, targetStarts: targetStarts, elementTargets: elementTargets,
            elementSources: elements)
    }
}
