/// Where each element after `batch` comes from, as a list view performs it: for each position
/// after the batch (its sections' `countsAfter` elements, one after another), the position before
/// it (counting `countsBefore`'s sections' elements one after another), or -1 for an element that
/// arrives: inserted, in an inserted section, or with `reloadsArrive`, reloaded.
///
/// - Throws: ``BatchUpdateError`` when the batch breaks UIKit's rules.
/// - Complexity: O(*n* + *m* + *k*) for *n* elements before, *m* after and *k* operations.
@usableFromInline
func elementOrigins(
    of batch: BatchUpdate, countsBefore: [Int], countsAfter: [Int], reloadsArrive: Bool
) throws -> [Int] {
    try BatchUpdateValidator.validate(batch, elementCountsBefore: countsBefore, elementCountsAfter: countsAfter)
    let sectionOrigins = BatchUpdateValidator.sectionOrigins(
        of: batch, sectionsBefore: countsBefore.count, sectionsAfter: countsAfter.count)
    let startsBefore = sectionStarts(countsBefore), startsAfter = sectionStarts(countsAfter)
    func before(_ path: ElementPath) -> Int { startsBefore[path.section] + path.element }
    func after(_ path: ElementPath) -> Int { startsAfter[path.section] + path.element }
    // What happens to each element before the batch: it stays (-2), leaves (-1), or stays and is
    // reloaded (-3); and what stands at each position after it: -2 until known.
    var fate = [Int](repeating: -2, count: startsBefore.last!)
    for path in batch.elementDeleted { fate[before(path)] = -1 }
    for move in batch.elementMoved { fate[before(move.source)] = -1 }
    if reloadsArrive { for path in batch.elementUpdated { fate[before(path)] = -3 } }
    var origins = [Int](repeating: -2, count: startsAfter.last!)
    for path in batch.elementInserted { origins[after(path)] = -1 }
    for move in batch.elementMoved { origins[after(move.target)] = before(move.source) }
    for (t, origin) in sectionOrigins.enumerated() {
        let range = startsAfter[t]..<startsAfter[t + 1]
        // An inserted section arrives with its elements; nothing moves into it.
        guard let s = origin else {
            origins[range] = ArraySlice(repeating: -1, count: range.count)
            continue
        }
        var staying = startsBefore[s]
        for position in range where origins[position] == -2 {
            while fate[staying] == -1 { staying += 1 }
            origins[position] = fate[staying] == -3 ? -1 : staying
            staying += 1
        }
    }
    return origins
}

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
            let origins = try elementOrigins(
                of: batch, countsBefore: [current.count], countsAfter: [data.count], reloadsArrive: true)
            current = zip(origins, data).map { origin, arriving in origin < 0 ? arriving : current[origin] }
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
            let elementOrigins = try elementOrigins(
                of: batch, countsBefore: sections.map(\.elements.count), countsAfter: countsAfter, reloadsArrive: true)
            let elementsBefore = sections.flatMap(\.elements), startsAfter = sectionStarts(countsAfter)
            let origins = BatchUpdateValidator.sectionOrigins(
                of: batch, sectionsBefore: sections.count, sectionsAfter: data.count)
            let reloaded = Set(batch.sectionUpdated)
            sections = data.indices.map { t in
                guard let s = origins[t], !reloaded.contains(s) else { return data[t] }
                let elements = zip(elementOrigins[startsAfter[t]..<startsAfter[t + 1]], data[t].elements).map {
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
