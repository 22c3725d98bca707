/// Performs `batch` on `before`, each section's values, as a list view would, and returns each
/// section's values after it, `countsAfter` of them: sections and elements deleted, moved and
/// inserted at the positions UIKit reads them in. A value arriving at an inserted path (and,
/// with `replacingReloaded`, the new value of a reloaded element, at its path after the batch)
/// comes from `arriving`.
///
/// - Throws: ``BatchUpdateError`` when the batch breaks UIKit's rules.
/// - Complexity: O(*n* + *m* + *k*) for *n* elements before, *m* after and *k* operations.
func perform<Value>(
    _ batch: BatchUpdate, on before: [[Value]], countsAfter: [Int], replacingReloaded: Bool,
    arriving: (ElementPath) -> Value
) throws -> [[Value]] {
    try BatchUpdateValidator.validate(batch, elementCountsBefore: before.map(\.count), elementCountsAfter: countsAfter)
    let origins = BatchUpdateValidator.sectionOrigins(
        of: batch, sectionsBefore: before.count, sectionsAfter: countsAfter.count)
    // What happens to each element before the batch, and what stands at each position after it.
    var leaving = before.map { [Bool](repeating: false, count: $0.count) }
    for path in batch.deletedElements { leaving[path.section][path.element] = true }
    for move in batch.movedElements { leaving[move.source.section][move.source.element] = true }
    var reloaded = [[Bool]](repeating: [], count: before.count)
    if replacingReloaded {
        for path in batch.reloadedElements {
            if reloaded[path.section].isEmpty { reloaded[path.section] = [Bool](repeating: false, count: before[path.section].count) }
            reloaded[path.section][path.element] = true
        }
    }
    var placed = countsAfter.map { [Value?](repeating: nil, count: $0) }
    for path in batch.insertedElements { placed[path.section][path.element] = arriving(path) }
    for move in batch.movedElements { placed[move.target.section][move.target.element] = before[move.source.section][move.source.element] }
    return origins.enumerated().map { t, origin in
        // An inserted section arrives with its elements; nothing moves into it.
        guard let s = origin else { return (0..<countsAfter[t]).map { arriving(ElementPath(element: $0, section: t)) } }
        var staying = 0
        return placed[t].indices.map { e in
            if let value = placed[t][e] { return value }
            while leaving[s][staying] { staying += 1 }
            defer { staying += 1 }
            let isReloaded = !reloaded[s].isEmpty && reloaded[s][staying]
            return isReloaded ? arriving(ElementPath(element: e, section: t)) : before[s][staying]
        }
    }
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
    public func apply(to source: Collection) throws -> Collection {
        Collection(try replayFlat(on: Array(source)))
    }

    /// The flat replay behind ``apply(to:)``.
    func replayFlat(on source: [Collection.Element]) throws -> [Collection.Element] {
        var current = source
        for changeset in self {
            let batch = try BatchUpdate(changeset).inSectionZero(layout: changeset.layout)
            let data = Array(changeset.data)
            current = try perform(batch, on: [current], countsAfter: [data.count], replacingReloaded: true) {
                data[$0.element]
            }[0]
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
    public func apply(to source: Collection) throws -> Collection {
        if isFlat { return Collection(try replayFlat(on: Array(source))) }
        var sections = Array(source)
        for changeset in self {
            let batch = BatchUpdate(changeset), data = Array(changeset.data)
            let elements = try perform(
                batch, on: sections.map { Array($0.elements) }, countsAfter: data.map(\.elements.count),
                replacingReloaded: true
            ) { path in
                let elements = data[path.section].elements
                return elements[elements.index(elements.startIndex, offsetBy: path.element)]
            }
            let origins = BatchUpdateValidator.sectionOrigins(
                of: batch, sectionsBefore: sections.count, sectionsAfter: data.count)
            let reloaded = Set(batch.reloadedSections)
            sections = data.indices.map { t in
                guard let s = origins[t], !reloaded.contains(s) else { return data[t] }
                return Collection.Element(source: sections[s], elements: elements[t])
            }
        }
        return Collection(sections)
    }
}

extension StagedChangeset {
    /// Whether these stages belong to a flat list, as the diff (or whoever built them) said.
    var isFlat: Bool {
        guard case .flat = first?.layout else { return false }
        return true
    }
}
