/// Checks a batch against the rules UIKit enforces in `performBatchUpdates`, on any platform.
///
/// UIKit reads deletes, reloads and move sources in the list before the batch, and inserts
/// and move targets in the list after it; it then requires every section's new count to be
/// its old count less deletes and moves out, plus inserts and moves in. It also rejects (or
/// corrupts itself on) some combinations: an element deleted and reloaded, deleted and moved,
/// reloaded and moved, inserted where another moves to, moved twice; element operations in a
/// deleted or reloaded section; elements inserted into a section inserted in the same batch
/// or moved into a section inserted or moved in the same batch.
public enum BatchUpdateValidator {
    /// Throws the first rule `batch` breaks.
    ///
    /// - Parameters:
    ///   - batch: the operations of one `performBatchUpdates` call.
    ///   - before: each section's element count when the batch starts.
    ///   - after: each section's element count in the data the batch installs.
    /// - Throws: ``BatchUpdateError``.
    /// - Complexity: O(*s* + *e*) for *s* sections and *e* operations.
    public static func validate(
        _ batch: BatchUpdate,
        elementCountsBefore before: [Int],
        elementCountsAfter after: [Int]
    ) throws {
        let deleted = try sectionSet(batch.sectionDeleted, .delete, within: before.count)
        let reloaded = try sectionSet(batch.sectionUpdated, .reload, within: before.count)
        let movedFrom = try sectionSet(batch.sectionMoved.map(\.source), .moveFrom, within: before.count)
        let inserted = try sectionSet(batch.sectionInserted, .insert, within: after.count)
        let movedTo = try sectionSet(batch.sectionMoved.map(\.target), .moveTo, within: after.count)
        try forbid(deleted, reloaded, .delete, .reload)
        try forbid(deleted, movedFrom, .delete, .moveFrom)
        try forbid(reloaded, movedFrom, .reload, .moveFrom)
        try forbid(inserted, movedTo, .insert, .moveTo)
        let expectedSections = before.count - deleted.count + inserted.count
        guard expectedSections == after.count else {
            throw BatchUpdateError.sectionCountMismatch(expected: expectedSections, actual: after.count)
        }

        let sectionBefore = sectionOrigins(of: batch, sectionsBefore: before.count, sectionsAfter: after.count)

        let deletedElements = try elementSet(batch.elementDeleted, .delete, within: before)
        let reloadedElements = try elementSet(batch.elementUpdated, .reload, within: before)
        let movedFromElements = try elementSet(batch.elementMoved.map(\.source), .moveFrom, within: before)
        let insertedElements = try elementSet(batch.elementInserted, .insert, within: after)
        let movedToElements = try elementSet(batch.elementMoved.map(\.target), .moveTo, within: after)

        for (paths, operation) in [
            (batch.elementDeleted, BatchUpdateError.Operation.delete),
            (batch.elementUpdated, .reload),
            (batch.elementMoved.map(\.source), .moveFrom),
        ] {
            for path in paths {
                if deleted.contains(path.section) { throw BatchUpdateError.elementInDeletedSection(operation, path: path) }
                if reloaded.contains(path.section) { throw BatchUpdateError.elementInReloadedSection(operation, path: path) }
            }
        }
        for (paths, operation) in [
            (batch.elementInserted, BatchUpdateError.Operation.insert),
            (batch.elementMoved.map(\.target), .moveTo),
        ] {
            for path in paths {
                if inserted.contains(path.section) || (operation == .moveTo && movedTo.contains(path.section)) {
                    throw BatchUpdateError.elementIntoChangingSection(operation, path: path)
                }
                if let origin = sectionBefore[path.section], reloaded.contains(origin) {
                    throw BatchUpdateError.elementInReloadedSection(operation, path: path)
                }
            }
        }
        try forbid(deletedElements, reloadedElements, .delete, .reload)
        try forbid(deletedElements, movedFromElements, .delete, .moveFrom)
        try forbid(reloadedElements, movedFromElements, .reload, .moveFrom)
        try forbid(insertedElements, movedToElements, .insert, .moveTo)

        let (removed, added) = elementFlows(of: batch, sectionsBefore: before.count, sectionsAfter: after.count)
        for t in 0..<after.count {
            guard let s = sectionBefore[t] else { continue }
            let expected = before[s] - removed[s] + added[t]
            if expected != after[t] {
                throw BatchUpdateError.elementCountMismatch(section: t, expected: expected, actual: after[t])
            }
        }
    }

    /// How many elements `batch` takes out of each section before it (deletes and moves out)
    /// and puts into each section after it (inserts and moves in), for a batch whose element
    /// paths are within those sections.
    static func elementFlows(of batch: BatchUpdate, sectionsBefore: Int, sectionsAfter: Int)
        -> (removed: [Int], added: [Int])
    {
        var removed = [Int](repeating: 0, count: sectionsBefore), added = [Int](repeating: 0, count: sectionsAfter)
        for path in batch.elementDeleted { removed[path.section] += 1 }
        for move in batch.elementMoved {
            removed[move.source.section] += 1
            added[move.target.section] += 1
        }
        for path in batch.elementInserted { added[path.section] += 1 }
        return (removed, added)
    }

    /// Where each section after `batch` was before it (nil: inserted), for a batch whose
    /// section operations are valid.
    @usableFromInline
    static func sectionOrigins(of batch: BatchUpdate, sectionsBefore: Int, sectionsAfter: Int) -> [Int?] {
        let removed = Set(batch.sectionDeleted).union(batch.sectionMoved.map(\.source))
        let placed = Set(batch.sectionInserted).union(batch.sectionMoved.map(\.target))
        var origins = [Int?](repeating: nil, count: sectionsAfter)
        for move in batch.sectionMoved { origins[move.target] = move.source }
        var staying = (0..<sectionsBefore).lazy.filter { !removed.contains($0) }.makeIterator()
        for t in 0..<sectionsAfter where !placed.contains(t) {
            origins[t] = staying.next()
        }
        return origins
    }

    private static func sectionSet(
        _ sections: [Int], _ operation: BatchUpdateError.Operation,
        within count: Int
    ) throws -> Set<Int> {
        var set = Set<Int>(minimumCapacity: sections.count)
        for section in sections {
            guard (0..<count).contains(section) else {
                throw BatchUpdateError.sectionOutOfRange(operation, section: section, sectionCount: count)
            }
            guard set.insert(section).inserted else { throw BatchUpdateError.duplicateSection(operation, section: section) }
        }
        return set
    }

    private static func elementSet(
        _ paths: [ElementPath], _ operation: BatchUpdateError.Operation,
        within counts: [Int]
    ) throws -> Set<ElementPath> {
        var set = Set<ElementPath>(minimumCapacity: paths.count)
        for path in paths {
            guard counts.indices.contains(path.section) else {
                throw BatchUpdateError.sectionOutOfRange(operation, section: path.section, sectionCount: counts.count)
            }
            guard (0..<counts[path.section]).contains(path.element) else {
                throw BatchUpdateError.elementOutOfRange(operation, path: path, elementCount: counts[path.section])
            }
            guard set.insert(path).inserted else { throw BatchUpdateError.duplicateElement(operation, path: path) }
        }
        return set
    }

    private static func forbid(
        _ first: Set<Int>, _ second: Set<Int>, _ firstOperation: BatchUpdateError.Operation,
        _ secondOperation: BatchUpdateError.Operation
    ) throws {
        if let section = first.intersection(second).min() {
            throw BatchUpdateError.conflictingSectionOperations(firstOperation, secondOperation, section: section)
        }
    }

    private static func forbid(
        _ first: Set<ElementPath>, _ second: Set<ElementPath>,
        _ firstOperation: BatchUpdateError.Operation,
        _ secondOperation: BatchUpdateError.Operation
    ) throws {
        if let path = first.intersection(second).min() {
            throw BatchUpdateError.conflictingElementOperations(firstOperation, secondOperation, path: path)
        }
    }
}
