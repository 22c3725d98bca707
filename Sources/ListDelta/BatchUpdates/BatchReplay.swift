/// Performs `batch` on `before` as a list view would: sections and elements deleted, moved
/// and inserted at the positions UIKit reads them in. Only the values of inserted sections,
/// inserted elements and reloaded elements are read from `after`.
///
/// - Throws: ``BatchUpdateError`` when the batch breaks UIKit's rules.
func replay<Element>(_ batch: BatchUpdate, on before: [[Element]], after: [[Element]]) throws -> [[Element]] {
    try BatchUpdateValidator.validate(
        batch, elementCountsBefore: before.map(\.count),
        elementCountsAfter: after.map(\.count))
    let origins = BatchUpdateValidator.sectionOrigins(of: batch, sectionsBefore: before.count, sectionsAfter: after.count)
    let leaving = Set(batch.deletedElements).union(batch.movedElements.map(\.source))
    let reloaded = Set(batch.reloadedElements)
    var arriving = [[(element: Int, value: Element)]](repeating: [], count: after.count)
    for path in batch.insertedElements { arriving[path.section].append((path.element, after[path.section][path.element])) }
    for move in batch.movedElements {
        arriving[move.target.section].append((move.target.element, before[move.source.section][move.source.element]))
    }
    return after.indices.map { t in
        guard let s = origins[t] else { return after[t] }  // an inserted section comes with its elements
        var elements: [Element] = [], wasReloaded: [Bool] = []
        for (e, value) in before[s].enumerated() where !leaving.contains(ElementPath(element: e, section: s)) {
            elements.append(value)
            wasReloaded.append(reloaded.contains(ElementPath(element: e, section: s)))
        }
        for (e, value) in arriving[t].sorted(by: { $0.element < $1.element }) {
            elements.insert(value, at: e)
            wasReloaded.insert(false, at: e)
        }
        for e in elements.indices where wasReloaded[e] { elements[e] = after[t][e] }
        return elements
    }
}

extension StagedChangeset where Collection: RangeReplaceableCollection {
    /// Replays every stage on `source` as a list view would and returns the result: the
    /// target, for a staged changeset made from `source`.
    ///
    /// Element paths of a flat collection all name one section (the `section:` given when
    /// diffing).
    ///
    /// - Throws: ``BatchUpdateError`` when a stage breaks UIKit's rules for the list it
    ///   starts from, names a section operation, or names a section other than its first
    ///   path's (``BatchUpdateError/sectionOutOfRange(_:section:sectionCount:)``).
    /// - Complexity: O(*n* · *k*) for *k* inserted or moved elements per stage.
    public func apply(to source: Collection) throws -> Collection {
        var current = Array(source)
        for changeset in self {
            let batch = try BatchUpdate(changeset).inSectionZero()
            current = try replay(batch, on: [current], after: [Array(changeset.data)])[0]
        }
        return Collection(current)
    }
}

extension StagedChangeset where Collection: RangeReplaceableCollection, Collection.Element: DifferentiableSection {
    /// Replays every stage on the sections of `source` as a list view would and returns the
    /// result: the target, for a staged changeset made from `source`. As on screen, a section
    /// keeps its model (what its header and footer show) until a stage inserts or reloads it;
    /// only then are its model and elements read from the stage's data.
    ///
    /// - Throws: ``BatchUpdateError`` when a stage breaks UIKit's rules for the list it
    ///   starts from.
    public func apply(to source: Collection) throws -> Collection {
        var sections = Array(source)
        for changeset in self {
            let batch = BatchUpdate(changeset), data = Array(changeset.data)
            let elements = try replay(batch, on: sections.map { Array($0.elements) }, after: data.map { Array($0.elements) })
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
