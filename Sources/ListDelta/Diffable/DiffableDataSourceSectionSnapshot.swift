import Foundation

/// The items of one section as an outline — a forest of items, each with children, each
/// expanded or collapsed — at one point in time: a drop-in for Apple's
/// `NSDiffableDataSourceSectionSnapshot`, with the same members, argument labels and semantics.
///
/// ```swift
/// var outline = DiffableDataSourceSectionSnapshot<String>()
/// outline.append(["Fruit", "Vegetables"])
/// outline.append(["Apple", "Pear"], to: "Fruit")
/// outline.append(["Leek"], to: "Vegetables")
/// outline.items                 // ["Fruit", "Apple", "Pear", "Vegetables", "Leek"]
/// outline.visibleItems          // ["Fruit", "Vegetables"]: items are added collapsed
/// outline.expand(["Fruit"])
/// outline.visibleItems          // ["Fruit", "Apple", "Pear", "Vegetables"]
/// outline.level(of: "Pear")     // 1
/// outline.parent(of: "Pear")    // "Fruit"
/// ```
///
/// Items are collapsed when added, as Apple's are. Whether an item is expanded belongs to the
/// item while it is in the snapshot: deleting it forgets the state, and an item added again
/// starts collapsed.
///
/// Where it differs from Apple's: **duplicates do not crash.** Apple raises an exception when
/// an identifier is added twice; here the duplicate is kept as a node of its own, every member
/// taking an identifier acts on its first occurrence in ``items`` order (depth first), except
/// ``delete(_:)``, which deletes every occurrence, and a debug build prints one warning per
/// change that creates duplicates. The other misuses Apple answers with an exception stop the
/// program here too, with a message naming the identifier: appending to a parent, or
/// inserting next to an item, that is not in the snapshot; and replacing the children of, or
/// taking the snapshot of, a missing parent. Where Apple logs or answers, so does this:
/// expanding or collapsing a missing item changes nothing and, in debug builds, prints a
/// message naming it (Apple's header: they "will log if item is not found"); the level of a
/// missing item is `NSNotFound`.
///
/// The outline is stored as flat arrays in depth-first order (each item, its depth, whether it
/// is expanded), so ``items`` costs O(1), ``visibleItems`` one O(*n*) pass, and appends at the
/// end of the outline amortised O(1) per item. Look-ups (``index(of:)``, ``contains(_:)``,
/// ``parent(of:)``, ``level(of:)``, ``isExpanded(_:)``) cost O(1) after a first O(*n*) pass
/// that builds a table; copies share the tables until one of them changes its structure, and
/// appends at the end, ``expand(_:)`` and ``collapse(_:)`` keep them.
///
/// Two section snapshots are equal when they hold the same items in the same tree shape, with
/// the same items expanded.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    // Every change of `_items` or `_levels` goes through `_insertNodes` or `_structureChanged()`,
    // which keep `_index` in step.

    /// Every item, depth first: each item is followed by its descendants, then by its next
    /// sibling.
    @usableFromInline var _items: [ItemIdentifierType] = []
    /// The depth of each node, parallel to `_items`: 0 for a root, one more than its parent's.
    /// A node's descendants are the nodes after it up to the first one no deeper than it.
    @usableFromInline var _levels: [Int] = []
    /// Whether each node is expanded, parallel to `_items`.
    @usableFromInline var _expanded: [Bool] = []
    /// Look-up tables of `_items` and `_levels`; see ``_SectionSnapshotIndex``.
    @usableFromInline var _index = _SectionSnapshotIndex<ItemIdentifierType>()
    #if DEBUG
        /// How many times each identifier occurs, to warn about duplicates as they appear.
        @usableFromInline var _occurrences = Occurrences<ItemIdentifierType>()
    #endif

    /// An empty section snapshot.
    /// - Complexity: O(1).
    @inlinable
    public init() {}

    /// A copy of `snapshot`: its items, tree shape and expansion states (Apple's "creates a
    /// copy of the provided section snapshot").
    /// - Parameter snapshot: The section snapshot to copy.
    /// - Complexity: O(1); the copy shares storage until one of them changes.
    @inlinable
    public init(_ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        self = snapshot
    }

    /// A section snapshot of `items`, all roots, all collapsed: what a data source shows for a
    /// section it holds as a flat list. Duplicates are kept without a warning (the whole-list
    /// snapshot they come from warned about them), and are counted for later changes.
    /// - Complexity: O(*n*) for the levels and states; the array of items is shared, not copied.
    @inlinable
    init(flat items: [ItemIdentifierType]) {
        _insertNodes(items, level: 0, at: 0, nil)
    }

    // MARK: - Adding items

    /// Adds items at the end of a parent's children, or at the end of the root items.
    ///
    /// The items are added collapsed. Stops the program, as Apple raises an exception, when
    /// `parent` is not in the snapshot.
    /// - Parameters:
    ///   - items: The items to add, in order. An item already in the snapshot is added again
    ///     (Apple raises an exception): see the duplicates rule on the type.
    ///   - parent: The item (its first occurrence) whose children they become; nil makes them
    ///     root items.
    /// - Complexity: Amortised O(*k*), *k* the count of `items`, when they go at the end of the
    ///   outline (to the root level, or to a parent whose subtree ends the outline), after an
    ///   O(*n*) first look-up following each other change of the structure; O(*n* + *k*)
    ///   otherwise.
    @inlinable
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        guard let parent else {
            _insertNodes(items, level: 0, at: _items.count, "append(_:to:)")
            return
        }
        let node = _requireAnchor(parent, "append(_:to:)")
        guard !items.isEmpty else { return }
        let end = _subtreeEnd(of: node)
        // At the end of the outline the tables are worth building: appends there extend them.
        // Elsewhere the insert would clear them again, so the parent was found by a scan.
        if end == _items.count { _index.build(_items, _levels) }
        _insertNodes(items, level: _levels[node] + 1, at: end, "append(_:to:)")
    }

    /// Inserts items just before an item, as its siblings: they get the item's parent.
    ///
    /// The items are added collapsed. Stops the program, as Apple raises an exception, when
    /// `item` is not in the snapshot.
    /// - Parameters:
    ///   - items: The items to insert, in order (duplicates are kept, as for appends).
    ///   - item: The item (its first occurrence) they go before.
    /// - Complexity: O(*n* + *k*): a look-up (linear unless the table is built) and the shift of
    ///   the later items.
    @inlinable
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        let node = _requireAnchor(item, "insert(_:before:)")
        _insertNodes(items, level: _levels[node], at: node, "insert(_:before:)")
    }

    /// Inserts items just after an item, as its siblings: they get the item's parent and come
    /// after the item's descendants.
    ///
    /// The items are added collapsed. Stops the program, as Apple raises an exception, when
    /// `item` is not in the snapshot.
    /// - Parameters:
    ///   - items: The items to insert, in order (duplicates are kept, as for appends).
    ///   - item: The item (its first occurrence) they go after.
    /// - Complexity: O(*n* + *k*), as inserting before an item.
    @inlinable
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        let node = _requireAnchor(item, "insert(_:after:)")
        _insertNodes(items, level: _levels[node], at: _subtreeEnd(of: node), "insert(_:after:)")
    }

    /// Inserts the items of another section snapshot just before an item: its root items become
    /// siblings of the item, with their descendants and expansion states.
    ///
    /// Stops the program, as Apple raises an exception, when `item` is not in the snapshot.
    /// - Parameters:
    ///   - snapshot: The outline to insert. Items already in the snapshot are added again
    ///     (Apple raises an exception): see the duplicates rule on the type.
    ///   - item: The item (its first occurrence) the outline goes before.
    /// - Complexity: O(*n* + *m*), *m* the count of `snapshot`'s items.
    @inlinable
    public mutating func insert(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, before item: ItemIdentifierType
    ) {
        let node = _requireAnchor(item, "insert(_:before:)")
        _insertNodes(of: snapshot, level: _levels[node], at: node, "insert(_:before:)")
    }

    /// Inserts the items of another section snapshot just after an item: its root items become
    /// siblings of the item, after the item's descendants, with their own descendants and
    /// expansion states.
    ///
    /// Stops the program, as Apple raises an exception, when `item` is not in the snapshot.
    /// - Parameters:
    ///   - snapshot: The outline to insert (duplicates are kept, as for appends).
    ///   - item: The item (its first occurrence) the outline goes after.
    /// - Complexity: O(*n* + *m*), *m* the count of `snapshot`'s items.
    @inlinable
    public mutating func insert(
        _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, after item: ItemIdentifierType
    ) {
        let node = _requireAnchor(item, "insert(_:after:)")
        _insertNodes(of: snapshot, level: _levels[node], at: _subtreeEnd(of: node), "insert(_:after:)")
    }

    /// Replaces the children of an item, with their descendants, by the items of another
    /// section snapshot: Apple's "replaces all child items of the specified parent item with
    /// the provided section snapshot". The snapshot's root items become the children, keeping
    /// their descendants and expansion states; the parent keeps its own expansion state.
    ///
    /// Stops the program, as Apple raises an exception, when `parent` is not in the snapshot.
    /// - Parameters:
    ///   - parent: The item (its first occurrence) whose children are replaced.
    ///   - snapshot: The new children (duplicates are kept, as for appends); an empty snapshot
    ///     leaves the parent without children.
    /// - Complexity: O(*n* + *m*), *m* the count of `snapshot`'s items.
    @inlinable
    public mutating func replace(
        childrenOf parent: ItemIdentifierType, using snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    ) {
        let member = "replace(childrenOf:using:)"
        let node = _requireAnchor(parent, member)
        let children = node + 1..<_subtreeEnd(of: node)
        guard !children.isEmpty else {
            _insertNodes(of: snapshot, level: _levels[node] + 1, at: children.lowerBound, member)
            return
        }
        #if DEBUG
            _occurrences.remove(_items[children])
        #endif
        let base = _levels[node] + 1
        _items.replaceSubrange(children, with: snapshot._items)
        _levels.replaceSubrange(children, with: snapshot._levels.lazy.map { $0 + base })
        _expanded.replaceSubrange(children, with: snapshot._expanded)
        _structureChanged()
        _noteAdded(snapshot._items, member)
    }

    // MARK: - Deleting items

    /// Deletes items with all their descendants: every occurrence of each identifier.
    /// Identifiers not in the snapshot are ignored, as Apple ignores them.
    /// - Parameter items: The items to delete.
    /// - Complexity: O(*n* + *k*), *k* the count of `items`.
    @inlinable
    public mutating func delete(_ items: [ItemIdentifierType]) {
        guard !items.isEmpty, !_items.isEmpty else { return }
        let deleted = Set(items)
        guard let first = _items.firstIndex(where: deleted.contains) else { return }
        // Compacts in place: `kept` nodes stay; a deleted node's descendants are the nodes
        // deeper than it that follow.
        var kept = first, deletedLevel = Int.max
        for node in first..<_items.count {
            let level = _levels[node]
            if level > deletedLevel || deleted.contains(_items[node]) {
                if level <= deletedLevel { deletedLevel = level }
                #if DEBUG
                    _occurrences.remove(CollectionOfOne(_items[node]))
                #endif
                continue
            }
            deletedLevel = Int.max
            _items[kept] = _items[node]
            _levels[kept] = level
            _expanded[kept] = _expanded[node]
            kept += 1
        }
        _items.removeSubrange(kept...)
        _levels.removeSubrange(kept...)
        _expanded.removeSubrange(kept...)
        _structureChanged()
    }

    /// Deletes every item, leaving an empty section snapshot.
    /// - Complexity: O(1), besides freeing the storage.
    @inlinable
    public mutating func deleteAll() {
        _items = []
        _levels = []
        _expanded = []
        _structureChanged()
        #if DEBUG
            _occurrences.removeAll()
        #endif
    }

    // MARK: - Expanding and collapsing

    /// Expands items: their children show in ``visibleItems`` when they are visible
    /// themselves. An item without children may be expanded; its children show once added.
    ///
    /// An item not in the snapshot is skipped, as Apple skips it, and a debug build prints a
    /// message naming it (Apple's header: "will log if item is not found").
    /// - Parameter items: Items in the snapshot (each its first occurrence); hidden items may
    ///   be expanded too.
    /// - Complexity: O(*k*), *k* the count of `items`, after an O(*n*) first look-up following
    ///   each change of the structure.
    @inlinable
    public mutating func expand(_ items: [ItemIdentifierType]) {
        _setExpanded(items, true, "expand(_:)")
    }

    /// Collapses items: their descendants leave ``visibleItems``, and keep their own expansion
    /// states for when the items are expanded again.
    ///
    /// An item not in the snapshot is skipped, and a debug build prints a message naming it, as
    /// for ``expand(_:)``.
    /// - Parameter items: Items in the snapshot (each its first occurrence).
    /// - Complexity: O(*k*), as ``expand(_:)``.
    @inlinable
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        _setExpanded(items, false, "collapse(_:)")
    }

    /// Whether an item (its first occurrence) is expanded. Apple: "This expansion state
    /// persists along with the section snapshot." False for an item not in the snapshot.
    /// - Complexity: O(1), after an O(*n*) first look-up following each change of the structure.
    @inlinable
    public func isExpanded(_ item: ItemIdentifierType) -> Bool {
        _index.firstNode(of: item, in: _items).map { _expanded[$0] } ?? false
    }

    /// Whether an item (its first occurrence) shows in ``visibleItems``: whether every one of
    /// its ancestors is expanded. A root item is always visible; an item not in the snapshot
    /// is not.
    /// - Complexity: O(*d*), *d* the item's level, after an O(*n*) first look-up following each
    ///   change of the structure.
    @inlinable
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard let node = _index.firstNode(of: item, in: _items) else { return false }
        let parents = _index.parents(_levels)
        var ancestor = parents[node]
        while ancestor >= 0 {
            if !_expanded[ancestor] { return false }
            ancestor = parents[ancestor]
        }
        return true
    }

    // MARK: - Items and look-ups

    /// Every item, depth first: each item followed by its descendants, expanded or not.
    /// - Complexity: O(1).
    @inlinable
    public var items: [ItemIdentifierType] { _items }

    /// The items at the top level, in order.
    /// - Complexity: O(*n*).
    @inlinable
    public var rootItems: [ItemIdentifierType] {
        var roots: [ItemIdentifierType] = []
        for (node, level) in _levels.enumerated() where level == 0 { roots.append(_items[node]) }
        return roots
    }

    /// The items a list shows, depth first: every item whose ancestors are all expanded; the
    /// descendants of a collapsed item are left out.
    /// - Complexity: O(*n*).
    @inlinable
    public var visibleItems: [ItemIdentifierType] {
        var visible: [ItemIdentifierType] = []
        var hiddenBelow = Int.max  // the level of the collapsed item whose descendants are skipped
        for (node, level) in _levels.enumerated() where level <= hiddenBelow {
            visible.append(_items[node])
            hiddenBelow = _expanded[node] ? Int.max : level
        }
        return visible
    }

    /// The expanded items, in ``items`` order, visible or not.
    /// - Complexity: O(*n*).
    @inlinable
    public var expandedItems: [ItemIdentifierType] {
        var expanded: [ItemIdentifierType] = []
        for (node, isExpanded) in _expanded.enumerated() where isExpanded { expanded.append(_items[node]) }
        return expanded
    }

    /// Whether the snapshot holds `item`.
    /// - Complexity: O(1), after an O(*n*) first look-up following each change of the structure.
    @inlinable
    public func contains(_ item: ItemIdentifierType) -> Bool {
        _index.firstNode(of: item, in: _items) != nil
    }

    /// The position of an item (its first occurrence) in ``items``, or nil when it is not in
    /// the snapshot (Apple's `NSNotFound`).
    /// - Complexity: O(1), after an O(*n*) first look-up following each change of the structure.
    @inlinable
    public func index(of item: ItemIdentifierType) -> Int? {
        _index.firstNode(of: item, in: _items)
    }

    /// The depth of an item (its first occurrence): Apple's "a level of 0 means the item is at
    /// the root level of the section snapshot", and each generation adds one; `NSNotFound` for
    /// an item not in the snapshot, as Apple's header says.
    /// - Complexity: O(1), after an O(*n*) first look-up following each change of the structure.
    @inlinable
    public func level(of item: ItemIdentifierType) -> Int {
        _index.firstNode(of: item, in: _items).map { _levels[$0] } ?? NSNotFound
    }

    /// The parent of an item (its first occurrence); nil for a root item and for an item not
    /// in the snapshot.
    /// - Complexity: O(1), after an O(*n*) first look-up following each change of the structure.
    @inlinable
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
        guard let node = _index.firstNode(of: child, in: _items) else { return nil }
        let parent = _index.parent(ofNode: node, _levels)
        return parent >= 0 ? _items[parent] : nil
    }

    /// A section snapshot of an item's descendants, with their expansion states: Apple's
    /// "contains the child items of the specified parent item, optionally including the parent
    /// item". The children become its root items; with `includingParent`, the parent is its
    /// single root item instead, with its own expansion state.
    ///
    /// Stops the program, as Apple raises an exception, when `parent` is not in the snapshot.
    /// - Parameters:
    ///   - parent: The item (its first occurrence) whose subtree to take.
    ///   - includingParent: Whether the parent is the root of the result.
    /// - Returns: The subtree, empty when the parent has no children and is not included.
    /// - Complexity: O(*s*), *s* the size of the parent's subtree, after an O(*n*) first
    ///   look-up following each change of the structure.
    @inlinable
    public func snapshot(
        of parent: ItemIdentifierType, includingParent: Bool = false
    ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        let node = _requireNode(parent, "snapshot(of:includingParent:)")
        let subtree = (includingParent ? node : node + 1)..<_subtreeEnd(of: node)
        let base = _levels[node] + (includingParent ? 0 : 1)
        var result = Self()
        result._items = Array(_items[subtree])
        result._levels = _levels[subtree].map { $0 - base }
        result._expanded = Array(_expanded[subtree])
        result._noteAdded(result._items, nil)
        return result
    }

    /// The outline as text, one item per line, indented two spaces per level: `+` marks an
    /// expanded item, `-` a collapsed item with children, and `*` after the item a visible
    /// one. Apple's page: "An asterisk (`*`) represents a visible item, a plus sign (`+`)
    /// represents an expanded item, and a minus sign (`-`) represents a collapsed item"; a
    /// collapsed leaf gets no sign here, so that the signs point at what can be opened.
    ///
    /// ```
    /// + Fruit *
    ///     Apple *
    ///   - Pear *
    ///       Seed
    /// - Vegetables *
    /// ```
    /// - Returns: The lines, joined by newlines; an empty string for an empty snapshot.
    /// - Complexity: O(*n*), besides describing the items.
    @inlinable
    public func visualDescription() -> String {
        var lines: [String] = []
        lines.reserveCapacity(_items.count)
        var hiddenBelow = Int.max
        for (node, level) in _levels.enumerated() {
            let visible = level <= hiddenBelow
            if visible { hiddenBelow = _expanded[node] ? Int.max : level }
            let indent = String(repeating: "  ", count: level)
            let visibleMark = visible ? " *" : ""
            let sign = _sign(of: node).map { $0 + " " } ?? "  "
            lines.append("\(indent)\(sign)\(_items[node])\(visibleMark)")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Internal helpers

    /// The position where the subtree of `node` ends: the first later node no deeper than it,
    /// or the count of nodes.
    /// - Complexity: O(*s*), *s* the size of the subtree; O(1) when the tables say the subtree
    ///   ends the outline.
    @inlinable
    func _subtreeEnd(of node: Int) -> Int {
        if _index.builtSubtreeEndsOutline(node, _levels) { return _items.count }
        let level = _levels[node]
        var end = node + 1
        while end < _levels.count && _levels[end] > level { end += 1 }
        return end
    }

    /// The first node holding `item`, building the table; stops the program when it is missing.
    @inlinable
    func _requireNode(_ item: ItemIdentifierType, _ member: String) -> Int {
        guard let node = _index.firstNode(of: item, in: _items) else { _missing(item, member) }
        return node
    }

    /// The first node holding `item`, by the table when it is built and a linear scan
    /// otherwise, so that a run of edits that change the structure does not rebuild the table
    /// after each one; stops the program when it is missing.
    @inlinable
    func _requireAnchor(_ item: ItemIdentifierType, _ member: String) -> Int {
        let found = _index.builtFirstNode(of: item) ?? _items.firstIndex(of: item)
        guard let found else { _missing(item, member) }
        return found
    }

    @inlinable
    func _missing(_ item: ItemIdentifierType, _ member: String) -> Never {
        snapshotMisuse("DiffableDataSourceSectionSnapshot.\(member): the item \(item) is not in the snapshot")
    }

    /// Inserts `items` at `position` as nodes of depth `level`, collapsed.
    @inlinable
    mutating func _insertNodes(_ items: [ItemIdentifierType], level: Int, at position: Int, _ member: String?) {
        guard !items.isEmpty else { return }
        _insertNodes(
            items, levels: repeatElement(level, count: items.count), expanded: repeatElement(false, count: items.count),
            at: position, member)
    }

    /// Inserts the nodes of `snapshot` at `position`, its roots at depth `level`.
    @inlinable
    mutating func _insertNodes(of snapshot: Self, level: Int, at position: Int, _ member: String) {
        guard !snapshot._items.isEmpty else { return }
        _insertNodes(
            snapshot._items, levels: snapshot._levels.lazy.map { $0 + level }, expanded: snapshot._expanded, at: position,
            member)
    }

    /// Inserts nodes at `position`, where their depths keep the outline well formed. At the end
    /// of the outline this is an append, which keeps the look-up tables (extending them)
    /// instead of dropping them.
    @inlinable
    mutating func _insertNodes<Levels: Collection<Int>, Flags: Collection<Bool>>(
        _ items: [ItemIdentifierType], levels: Levels, expanded: Flags, at position: Int, _ member: String?
    ) {
        if position == _items.count {
            if _items.isEmpty {
                _items = items  // shares the caller's storage until one side changes
            } else {
                _items.append(contentsOf: items)
            }
            _levels.append(contentsOf: levels)
            _expanded.append(contentsOf: expanded)
            if isKnownUniquelyReferenced(&_index) {
                _index.extend(_items, _levels, from: position)
            } else {
                _index = _SectionSnapshotIndex()
            }
        } else {
            _items.insert(contentsOf: items, at: position)
            _levels.insert(contentsOf: levels, at: position)
            _expanded.insert(contentsOf: expanded, at: position)
            _structureChanged()
        }
        _noteAdded(items, member)
    }

    @inlinable
    mutating func _setExpanded(_ items: [ItemIdentifierType], _ expanded: Bool, _ member: String) {
        let nodes = _index.firstNodes(of: items, in: _items)
        for (item, node) in zip(items, nodes) {
            guard let node else {
                #if DEBUG
                    DiffableDiagnostics.warn(
                        "ListDelta: DiffableDataSourceSectionSnapshot.\(member): the item \(item) is not in the snapshot; "
                            + "skipped")
                #endif
                continue
            }
            _expanded[node] = expanded
        }
    }

    /// `+` for an expanded node, `-` for a collapsed node with children, nil for a collapsed leaf.
    @inlinable
    func _sign(of node: Int) -> String? {
        if _expanded[node] { return "+" }
        let hasChildren = node + 1 < _levels.count && _levels[node + 1] > _levels[node]
        return hasChildren ? "-" : nil
    }

    /// Records that the structure changed other than by appending at the end: clears the
    /// look-up tables, or leaves them to the copies sharing them.
    @inlinable
    mutating func _structureChanged() {
        if isKnownUniquelyReferenced(&_index) {
            _index.clear()
        } else {
            _index = _SectionSnapshotIndex()
        }
    }

    // MARK: - Duplicates

    /// In debug builds, counts the added items and, when `member` is given, prints one warning
    /// if they create duplicates.
    @inlinable
    mutating func _noteAdded<Added: Sequence<ItemIdentifierType>>(_ added: Added, _ member: String?) {
        #if DEBUG
            guard let duplicate = _occurrences.add(added), let member else { return }
            DiffableDiagnostics.warnDuplicates(
                "DiffableDataSourceSectionSnapshot", member, "item \(duplicate.first)", count: duplicate.count,
                "duplicates are kept, look-ups name the first occurrence and delete(_:) removes every one")
        #endif
    }
}

extension DiffableDataSourceSectionSnapshot: Equatable {
    /// Whether both hold the same items in the same tree shape, with the same items expanded.
    /// - Complexity: O(*n*).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs._items == rhs._items && lhs._levels == rhs._levels && lhs._expanded == rhs._expanded
    }
}

extension DiffableDataSourceSectionSnapshot: CustomDebugStringConvertible {
    /// The outline on one line, children in brackets after their parent and signs as in
    /// ``visualDescription()``, e.g. `DiffableDataSourceSectionSnapshot([+"a": ["b", -"c": ["d"]], "e"])`.
    /// - Complexity: O(*n*), besides describing the items.
    @inlinable
    public var debugDescription: String {
        var text = "DiffableDataSourceSectionSnapshot(["
        for (node, level) in _levels.enumerated() {
            if node > 0 {
                let previous = _levels[node - 1]
                text += level > previous ? ": [" : String(repeating: "]", count: previous - level) + ", "
            }
            text += (_sign(of: node) ?? "") + String(reflecting: _items[node])
        }
        text += String(repeating: "]", count: _levels.last ?? 0) + "])"
        return text
    }
}

/// The look-up tables of one ``DiffableDataSourceSectionSnapshot``'s outline, built lazily on
/// the first query that needs each and shared by the copies of that snapshot until one of them
/// changes its structure; the approach of ``SnapshotIndex``, for a tree.
///
/// The box never holds the outline, only what follows from it: every call passes the snapshot's
/// own arrays. A snapshot that appends at the end of its outline extends the built tables when
/// it holds the only reference; any other change of the structure clears them (or takes a fresh
/// box when shared), so a box always describes the arrays of every snapshot holding it.
/// Expanding and collapsing change neither. Reads may come from several threads at once (a
/// snapshot is `Sendable`), hence the lock around every table.
@usableFromInline
final class _SectionSnapshotIndex<Item: Hashable>: @unchecked Sendable {
    // Every access to the tables below holds `lock`.
    @usableFromInline let lock = NSLock()
    /// Item identifier to the position of its first node.
    @usableFromInline var firstNodes: [Item: Int]?
    /// The parent of each node, -1 for a root.
    @usableFromInline var parents: [Int]?
    /// The last node and its ancestors, indexed by level: `spine[0]` is the last root,
    /// `spine.last` the last node. Exactly these nodes have subtrees that end the outline.
    @usableFromInline var spine: [Int] = []

    @inlinable
    init() {}

    // MARK: Queries

    /// The first node holding `item`, or nil.
    /// - Complexity: O(1) once built; the first call costs O(*n*).
    @inlinable
    func firstNode(of item: Item, in items: [Item]) -> Int? {
        lock.withLock {
            buildFirstNodes(items)
            return firstNodes![item]
        }
    }

    /// The first node holding each of `items` (nil for one that is missing), under one lock.
    /// - Complexity: O(*k*) once built; the first call costs O(*n*) more.
    @inlinable
    func firstNodes(of items: [Item], in all: [Item]) -> [Int?] {
        lock.withLock {
            buildFirstNodes(all)
            let table = firstNodes!
            return items.map { table[$0] }
        }
    }

    /// Builds both tables, if they are not built.
    /// - Complexity: O(*n*) the first time, O(1) after.
    @inlinable
    func build(_ items: [Item], _ levels: [Int]) {
        lock.withLock {
            buildFirstNodes(items)
            buildParents(levels)
        }
    }

    /// The first node holding `item` if the table is already built; nil otherwise, and
    /// `.some(nil)` for an item known to be missing.
    @inlinable
    func builtFirstNode(of item: Item) -> Int?? {
        lock.withLock { firstNodes.map { $0[item] } }
    }

    /// The parent of each node, -1 for a root.
    /// - Complexity: O(1) once built; the first call costs O(*n*).
    @inlinable
    func parents(_ levels: [Int]) -> [Int] {
        lock.withLock {
            buildParents(levels)
            return parents!
        }
    }

    /// The parent of `node`, -1 for a root.
    /// - Complexity: O(1) once built; the first call costs O(*n*).
    @inlinable
    func parent(ofNode node: Int, _ levels: [Int]) -> Int {
        lock.withLock {
            buildParents(levels)
            return parents![node]
        }
    }

    /// Whether the subtree of `node` runs to the end of the outline, if the tables are built;
    /// false otherwise.
    /// - Complexity: O(1).
    @inlinable
    func builtSubtreeEndsOutline(_ node: Int, _ levels: [Int]) -> Bool {
        lock.withLock { parents != nil && onSpine(node, levels) }
    }

    @inlinable
    func onSpine(_ node: Int, _ levels: [Int]) -> Bool {
        levels[node] < spine.count && spine[levels[node]] == node
    }

    @inlinable
    func buildFirstNodes(_ items: [Item]) {
        guard firstNodes == nil else { return }
        var table = [Item: Int](minimumCapacity: items.count)
        // Backwards, so that the first occurrence writes last and wins.
        for (node, item) in items.enumerated().reversed() { table[item] = node }
        firstNodes = table
    }

    @inlinable
    func buildParents(_ levels: [Int]) {
        guard parents == nil else { return }
        parents = []
        parents!.reserveCapacity(levels.count)
        spine = []
        extendParents(levels, from: 0)
    }

    /// Adds the parents of the nodes from `start` on, moving the spine along.
    @inlinable
    func extendParents(_ levels: [Int], from start: Int) {
        // On local copies: a class's stored properties pay an exclusivity check per access.
        var (spine, parents) = (self.spine, self.parents!)
        (self.spine, self.parents) = ([], nil)
        for node in start..<levels.count {
            let level = levels[node]
            spine.removeSubrange(level...)
            parents.append(level == 0 ? -1 : spine[level - 1])
            spine.append(node)
        }
        (self.spine, self.parents) = (spine, parents)
    }

    // MARK: Changes

    /// Records nodes appended from `start` on, extending the tables that are built; the caller
    /// holds the only reference.
    /// - Complexity: O(*k*), *k* the count of appended nodes.
    @inlinable
    func extend(_ items: [Item], _ levels: [Int], from start: Int) {
        lock.withLock {
            if firstNodes != nil {
                for node in start..<items.count where firstNodes![items[node]] == nil { firstNodes![items[node]] = node }
            }
            if parents != nil { extendParents(levels, from: start) }
        }
    }

    /// Forgets every table; the caller holds the only reference.
    @inlinable
    func clear() {
        lock.withLock {
            firstNodes = nil
            parents = nil
            spine = []
        }
    }
}
