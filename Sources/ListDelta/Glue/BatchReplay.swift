/// Where each section of `counts` starts when their elements stand one after another, and
/// where the last one ends.
@usableFromInline
func sectionStarts(_ counts: [Int]) -> [Int] {
    var starts = [Int](repeating: 0, count: counts.count + 1)
    for (s, count) in counts.enumerated() { starts[s + 1] = starts[s] + count }
    return starts
}

extension StagedChangeset where Collection: RangeReplaceableCollection {
    /// Replays every stage on `source` as a list view would and returns the result: the
    /// target, for a staged changeset made from `source`.
    ///
    /// Element paths of a flat collection all name one section: the `section:` given when
    /// diffing (for a changeset built by hand, the section its first path names).
    ///
    /// - Throws: ``BatchUpdateError`` when a stage breaks UIKit's rules for the list it
    ///   starts from, names a section operation, or names another section than the flat
    ///   list's (``BatchUpdateError/sectionOutOfRange(_:section:sectionCount:)``).
    /// - Complexity: O(*n* + *m* + *k*) per stage, for *k* operations.
    @inlinable
    public func apply(to source: Collection) throws -> Collection {
        Collection(try replayFlat(on: Array(source)))
    }

    /// The flat replay behind ``apply(to:)``.
    @inlinable
    func replayFlat(on source: [Collection.Element]) throws -> [Collection.Element] {
        var current = source
        for changeset in self {
            let batch = try BatchUpdate(changeset).inSectionZero(layout: changeset.layout)
            let data = Array(changeset.data)
            let check = try BatchCheck(batch, countsBefore: [current.count], countsAfter: [data.count], reloadsArrive: true)
            current = zip(check.elementOrigins, data).map { origin, arriving in origin < 0 ? arriving : current[origin] }
        }
        return current
    }
}

extension StagedChangeset where Collection: RangeReplaceableCollection, Collection.Element: DifferentiableSection {
    /// Replays every stage on the sections of `source` as a list view would and returns the
    /// result: the target, for a staged changeset made from `source`. As on screen, a section
    /// keeps its model (what its header and footer show) until a stage inserts or reloads it;
    /// only then are its model and elements read from the stage's data.
    ///
    /// A staged changeset of a flat list whose elements happen to be sections (made by
    /// ``init(source:target:section:)``) is replayed as the flat list it is.
    ///
    /// - Throws: ``BatchUpdateError`` when a stage breaks UIKit's rules for the list it
    ///   starts from.
    /// - Complexity: O(*n* + *m* + *k*) per stage, for *k* operations.
    @inlinable
    public func apply(to source: Collection) throws -> Collection {
        if isFlat { return Collection(try replayFlat(on: Array(source))) }
        var sections = Array(source)
        for changeset in self {
            let batch = BatchUpdate(changeset), data = Array(changeset.data)
            let countsAfter = data.map(\.elements.count)
            let check = try BatchCheck(
                batch, countsBefore: sections.map(\.elements.count), countsAfter: countsAfter, reloadsArrive: true)
            let elementsBefore = sections.flatMap(\.elements), startsAfter = sectionStarts(countsAfter)
            let reloaded = Set(batch.sectionUpdated)
            sections = data.indices.map { t in
                guard let s = check.sectionOrigins[t], !reloaded.contains(s) else { return data[t] }
                let elements = zip(check.elementOrigins[startsAfter[t]..<startsAfter[t + 1]], data[t].elements).map {
                    origin, arriving in origin < 0 ? arriving : elementsBefore[origin]
                }
                return Collection.Element(source: sections[s], elements: elements)
            }
        }
        return Collection(sections)
    }
}

extension StagedChangeset {
    /// Whether these stages belong to a flat list, as the diff (or whoever built them) said.
    @inlinable
    var isFlat: Bool {
        guard case .flat = first?.layout else { return false }
        return true
    }
}
