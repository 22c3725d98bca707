import Foundation

/// The look-up tables of one ``DiffableDataSourceSnapshot``'s contents, built lazily on the
/// first query that needs each and shared by the copies of that snapshot until one of them
/// changes.
///
/// The box never holds the contents, only what follows from them: every call passes the
/// snapshot's own arrays, and a snapshot that changes its structure either clears its box (when
/// it holds the only reference) or takes a fresh one, so a box always describes the arrays of
/// every snapshot holding it. Reads may come from several threads at once (a snapshot is
/// `Sendable`), hence the lock around every lazily built table.
@usableFromInline
final class SnapshotIndex<Section: Hashable, Item: Hashable>: @unchecked Sendable {
    /// Where the first occurrence of an item is: its section's position and its position in
    /// that section.
    @usableFromInline
    struct Position {
        @usableFromInline var section: Int
        @usableFromInline var offset: Int

        @inlinable
        init(section: Int, offset: Int) {
            self.section = section
            self.offset = offset
        }
    }

    /// What a structural change leaves valid.
    @usableFromInline
    enum Change {
        /// Items were added, removed or moved; sections stayed as they were.
        case items
        /// Sections were inserted, removed or moved.
        case sections
    }

    // Every access to the tables below holds `lock`.
    @usableFromInline let lock = NSLock()
    /// Section identifier to the position of its first occurrence.
    @usableFromInline var sectionOrdinals: [Section: Int]?
    /// Item identifier to its first occurrence.
    @usableFromInline var itemPositions: ItemPositionTable<Item>?
    /// The position in the flattened list of each section's first item (one entry per section).
    @usableFromInline var sectionStarts: [Int]?
    /// Every item, in order.
    @usableFromInline var flattened: [Item]?

    @inlinable
    init() {}

    @inlinable
    init(sectionOrdinals: [Section: Int]?) {
        self.sectionOrdinals = sectionOrdinals
    }

    // MARK: Queries

    /// The position of the first section equal to `section`, or nil.
    /// - Complexity: O(1) once built; the first call costs O(*s*), *s* the number of sections.
    @inlinable
    func ordinal(of section: Section, in sections: [Section]) -> Int? {
        lock.withLock {
            if sectionOrdinals == nil {
                var table = [Section: Int](minimumCapacity: sections.count)
                // Backwards, so that the first occurrence writes last and wins.
                for (ordinal, identifier) in sections.enumerated().reversed() { table[identifier] = ordinal }
                sectionOrdinals = table
            }
            return sectionOrdinals![section]
        }
    }

    /// The first occurrence of `item` and its position in the flattened list, or nil.
    /// - Complexity: O(1) once built; the first call costs O(*n*), *n* the number of items.
    @inlinable
    func position(of item: Item, in lists: [[Item]]) -> (position: Position, flat: Int)? {
        lock.withLock {
            buildItemPositions(lists)
            guard let found = itemPositions!.position(of: item, in: lists) else { return nil }
            return (Position(section: found.section, offset: found.offset), sectionStarts![found.section] + found.offset)
        }
    }

    /// The first occurrence of `item` if the table is already built; nil otherwise, and
    /// `.some(nil)` for an item known to be missing.
    @inlinable
    func builtPosition(of item: Item, in lists: [[Item]]) -> Position?? {
        lock.withLock {
            itemPositions.map { table in
                table.position(of: item, in: lists).map { Position(section: $0.section, offset: $0.offset) }
            }
        }
    }

    /// Every item, in order.
    /// - Complexity: O(1) once built; the first call costs O(*n*).
    @inlinable
    func flattened(_ lists: [[Item]], count: Int) -> [Item] {
        lock.withLock {
            if let flattened { return flattened }
            var result: [Item] = []
            result.reserveCapacity(count)
            for list in lists { result.append(contentsOf: list) }
            flattened = result
            return result
        }
    }

    /// The first of `items` that is not in `lists`, or nil when all are.
    /// - Complexity: O(*k*) once built, *k* the count of `items`; the first call adds O(*n*).
    @inlinable
    func firstMissing<C: Collection<Item>>(of items: C, in lists: [[Item]]) -> Item? {
        lock.withLock {
            buildItemPositions(lists)
            return items.first { itemPositions!.position(of: $0, in: lists) == nil }
        }
    }

    @inlinable
    func buildItemPositions(_ lists: [[Item]]) {
        guard itemPositions == nil else { return }
        var starts = [Int](repeating: 0, count: lists.count)
        var start = 0
        for (section, list) in lists.enumerated() {
            starts[section] = start
            start += list.count
        }
        itemPositions = ItemPositionTable(lists, count: start)
        sectionStarts = starts
    }

    // MARK: Changes

    /// Forgets what `change` invalidates; the caller holds the only reference.
    @inlinable
    func clear(after change: Change) {
        lock.withLock {
            itemPositions = nil
            sectionStarts = nil
            flattened = nil
            if change == .sections { sectionOrdinals = nil }
        }
    }

    /// A fresh box keeping what `change` leaves valid, for a snapshot that shares this one.
    @inlinable
    func keeping(after change: Change) -> SnapshotIndex {
        SnapshotIndex(sectionOrdinals: change == .items ? lock.withLock { sectionOrdinals } : nil)
    }

    /// Records `appended` sections, placed after `existingCount` others; the caller holds the
    /// only reference. Keeps a built section table up to date rather than dropping it.
    @inlinable
    func sectionsAppended(_ appended: [Section], after existingCount: Int) {
        lock.withLock {
            itemPositions = nil
            sectionStarts = nil
            flattened = nil
            guard sectionOrdinals != nil else { return }
            for (offset, section) in appended.enumerated() where sectionOrdinals![section] == nil {
                sectionOrdinals![section] = existingCount + offset
            }
        }
    }
}

/// Identifiers in the order they were first added, each once.
///
/// Adding only appends to a log, with no hashing: marking thousands of items for reload costs
/// little more than copying them. Repeats are dropped when the list is read, and when the log
/// outgrows twice the bound its owner gives (the number of identifiers that can be marked),
/// so that it never holds more than that.
@usableFromInline
struct OrderedIdentifiers<Element: Hashable>: Equatable {
    /// Every identifier added and not removed, in the order added, repeats included.
    @usableFromInline var log: [Element] = []

    @inlinable
    init() {}

    /// Adds `identifiers`, in order; those already present stay where they first were.
    /// - Complexity: Amortised O(*k*), *k* the count of `identifiers`.
    @inlinable
    mutating func append(contentsOf identifiers: [Element], bound: Int) {
        log.append(contentsOf: identifiers)
        if log.count > 2 * bound + 16 { log = elements }
    }

    /// The identifiers in the order first added, each once.
    /// - Complexity: O(*m*), *m* the number of identifiers added.
    @inlinable
    var elements: [Element] {
        var seen = Set<Element>(minimumCapacity: log.count)
        return log.filter { seen.insert($0).inserted }
    }

    /// The identifiers added, as a set.
    /// - Complexity: O(*m*).
    @inlinable
    var members: Set<Element> { Set(log) }

    /// Removes every identifier for which `isRemoved` holds.
    /// - Complexity: O(*m*).
    @inlinable
    mutating func removeAll(where isRemoved: (Element) -> Bool) {
        guard !log.isEmpty else { return }
        log.removeAll(where: isRemoved)
    }

    @inlinable
    mutating func removeAll() { log = [] }

    @inlinable
    var isEmpty: Bool { log.isEmpty }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.log == rhs.log || lhs.elements == rhs.elements }
}

extension OrderedIdentifiers: Sendable where Element: Sendable {}

/// Where the diffable types' debug-build messages go, for a misuse Apple logs or lets pass
/// (a duplicate identifier, expanding a missing item, applies from two queues): the one place
/// they are emitted. Callers call it in debug builds only.
@usableFromInline
enum DiffableDiagnostics {
    /// Receives each warning; nil writes it to standard error. Tests bind it to collect
    /// warnings of their own task only.
    @TaskLocal static var warningHandler: (@Sendable (String) -> Void)?

    @usableFromInline
    static func warn(_ message: String) {
        if let handler = warningHandler {
            handler(message)
        } else {
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
    }
}
