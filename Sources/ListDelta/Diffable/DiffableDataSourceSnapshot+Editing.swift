// The members that change a snapshot's sections and items.

extension DiffableDataSourceSnapshot {
    // MARK: - Items

    /// Adds items at the end of a section.
    ///
    /// Stops the program, as Apple raises an exception, when `sectionIdentifier` is not in the
    /// snapshot, or when it is nil and the snapshot has no section.
    /// - Parameters:
    ///   - identifiers: The items to add, in order. An item already in the snapshot is added
    ///     again (Apple raises an exception): see the duplicates rule on the type.
    ///   - sectionIdentifier: The section to add them to; nil means the last section.
    /// - Complexity: Amortised O(*k*), *k* the count of `identifiers`, plus an O(*s*) first
    ///   section look-up after each change of the sections when `sectionIdentifier` is given.
    @inlinable
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        let section: Int
        if let sectionIdentifier {
            section = requireSection(sectionIdentifier, "appendItems(_:toSection:)")
        } else {
            guard !sections.isEmpty else {
                snapshotMisuse("DiffableDataSourceSnapshot.appendItems(_:toSection:): the snapshot has no section to append to")
            }
            section = sections.count - 1
        }
        guard !identifiers.isEmpty else { return }
        if lists[section].isEmpty {
            lists[section] = identifiers  // shares the caller's storage until one side changes
        } else {
            lists[section].append(contentsOf: identifiers)
        }
        itemCount += identifiers.count
        structureChanged(.items)
        noteAddedItems(identifiers, "appendItems(_:toSection:)")
    }

    /// Inserts items just before an item, in that item's section.
    ///
    /// Stops the program, as Apple raises an exception, when `beforeIdentifier` is not in the
    /// snapshot.
    /// - Parameters:
    ///   - identifiers: The items to insert, in order (duplicates are kept, as for appends).
    ///   - beforeIdentifier: The item (its first occurrence) they go before.
    /// - Complexity: O(*n*): a look-up (linear unless the table is built) and the shift of the
    ///   section's later items.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: beforeIdentifier, after: false, "insertItems(_:beforeItem:)")
    }

    /// Inserts items just after an item, in that item's section.
    ///
    /// Stops the program, as Apple raises an exception, when `afterIdentifier` is not in the
    /// snapshot.
    /// - Parameters:
    ///   - identifiers: The items to insert, in order (duplicates are kept, as for appends).
    ///   - afterIdentifier: The item (its first occurrence) they go after.
    /// - Complexity: O(*n*), as ``insertItems(_:beforeItem:)``.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: afterIdentifier, after: true, "insertItems(_:afterItem:)")
    }

    @inlinable
    mutating func insertItems(
        _ identifiers: [ItemIdentifierType], next anchor: ItemIdentifierType, after: Bool, _ member: String
    ) {
        let position = requireItem(anchor, member)
        guard !identifiers.isEmpty else { return }
        lists[position.section].insert(contentsOf: identifiers, at: position.offset + (after ? 1 : 0))
        itemCount += identifiers.count
        structureChanged(.items)
        noteAddedItems(identifiers, member)
    }

    /// Deletes items: every occurrence of each identifier. Identifiers not in the snapshot are
    /// ignored, as Apple does; the deleted items leave the reloaded and reconfigured lists.
    /// - Parameter identifiers: The items to delete.
    /// - Complexity: O(*n* + *k*), *k* the count of `identifiers`.
    @inlinable
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        guard !identifiers.isEmpty, numberOfItems > 0 else { return }
        let deleted = Set(identifiers)
        var deletedCount = 0
        for section in lists.indices where !lists[section].isEmpty {
            let before = lists[section].count
            lists[section].removeAll(where: deleted.contains)
            deletedCount += before - lists[section].count
        }
        guard deletedCount > 0 else { return }
        itemCount -= deletedCount
        structureChanged(.items)
        reloadedItems.removeAll(where: deleted.contains)
        reconfiguredItems.removeAll(where: deleted.contains)
        #if DEBUG
            itemOccurrences.removeAll(of: deleted)
        #endif
    }

    /// Deletes every section and item, leaving an empty snapshot as Apple's does, and clears
    /// the reloaded and reconfigured lists.
    /// - Complexity: O(1), besides freeing the storage.
    @inlinable
    public mutating func deleteAllItems() {
        replaceContents(sections: [], lists: [])
    }

    /// Moves an item to just before another item, in that item's section.
    ///
    /// Stops the program, as Apple raises an exception, when either item is not in the
    /// snapshot or when both are the same identifier (Apple: "destination for item move is the
    /// same as the source").
    /// - Parameters:
    ///   - identifier: The item to move (its first occurrence).
    ///   - toIdentifier: The item (its first occurrence) it goes before.
    /// - Complexity: O(*n*): two look-ups (linear unless the table is built) and the shifts.
    @inlinable
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    /// Moves an item to just after another item, in that item's section.
    ///
    /// Stops the program, as Apple raises an exception, when either item is not in the
    /// snapshot or when both are the same identifier.
    /// - Parameters:
    ///   - identifier: The item to move (its first occurrence).
    ///   - toIdentifier: The item (its first occurrence) it goes after.
    /// - Complexity: O(*n*), as ``moveItem(_:beforeItem:)``.
    @inlinable
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, next: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }

    @inlinable
    mutating func moveItem(
        _ identifier: ItemIdentifierType, next anchor: ItemIdentifierType, after: Bool, _ member: String
    ) {
        guard identifier != anchor else {
            snapshotMisuse("DiffableDataSourceSnapshot.\(member): the item \(identifier) cannot move relative to itself")
        }
        let from = requireItem(identifier, member)
        var to = requireItem(anchor, member)
        let moved = lists[from.section].remove(at: from.offset)
        if to.section == from.section && to.offset > from.offset { to.offset -= 1 }
        lists[to.section].insert(moved, at: to.offset + (after ? 1 : 0))
        structureChanged(.items)
    }

    /// Moves the item at `source` to `destination`, positions (section, offset) before and
    /// after the move: the move a user made in the view. Reloads and reconfigurations of the
    /// items are dropped, as the view has shown the item already.
    mutating func moveItem(at source: (section: Int, offset: Int), to destination: (section: Int, offset: Int)) {
        let moved = lists[source.section].remove(at: source.offset)
        lists[destination.section].insert(moved, at: destination.offset)
        reloadedItems.removeAll()
        reconfiguredItems.removeAll()
        reloadedSections.removeAll()
        structureChanged(.items)
    }

    /// Makes `items` the items of `section`, appending the section when the snapshot has none:
    /// what applying a section snapshot does to the whole snapshot.
    mutating func setItems(_ items: [ItemIdentifierType], ofSection section: SectionIdentifierType) {
        if indexOfSection(section) == nil { appendSections([section]) }
        let ordinal = requireSection(section, "apply(_:to:)")
        #if DEBUG
            itemOccurrences.remove(lists[ordinal])
        #endif
        itemCount += items.count - lists[ordinal].count
        lists[ordinal] = items
        structureChanged(.items)
        noteAddedItems(items, "apply(_:to:animatingDifferences:completion:)")
    }

    /// Makes `sections`, with the items `lists` holds for each, the snapshot's contents,
    /// without reloads or reconfigurations: what a data source's view shows.
    @inlinable
    mutating func replaceContents(sections: [SectionIdentifierType], lists: [[ItemIdentifierType]]) {
        self.sections = sections
        self.lists = lists
        itemCount = lists.reduce(0) { $0 + $1.count }
        reloadedSections.removeAll()
        reloadedItems.removeAll()
        reconfiguredItems.removeAll()
        structureChanged(.sections)
        #if DEBUG
            itemOccurrences.removeAll()
            sectionOccurrences.removeAll()
            _ = itemOccurrences.add(lists.joined())
            _ = sectionOccurrences.add(sections)
        #endif
    }

    // MARK: - Sections

    /// Adds empty sections at the end.
    /// - Parameter identifiers: The sections to add, in order. A section already in the
    ///   snapshot is added again (Apple raises an exception): see the duplicates rule on the type.
    /// - Complexity: Amortised O(*k*), *k* the count of `identifiers`.
    @inlinable
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        guard !identifiers.isEmpty else { return }
        let existing = sections.count
        sections.append(contentsOf: identifiers)
        lists.append(contentsOf: repeatElement([], count: identifiers.count))
        if isKnownUniquelyReferenced(&index) {
            index.sectionsAppended(identifiers, after: existing)
        } else {
            index = index.keeping(after: .sections)
        }
        noteAddedSections(identifiers, "appendSections(_:)")
    }

    /// Inserts empty sections just before a section.
    ///
    /// Stops the program, as Apple raises an exception, when `toIdentifier` is not in the
    /// snapshot.
    /// - Parameters:
    ///   - identifiers: The sections to insert, in order (duplicates are kept, as for appends).
    ///   - toIdentifier: The section (its first occurrence) they go before.
    /// - Complexity: O(*s* + *k*), *s* the number of sections.
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType)
    {
        insertSections(identifiers, next: toIdentifier, after: false, "insertSections(_:beforeSection:)")
    }

    /// Inserts empty sections just after a section.
    ///
    /// Stops the program, as Apple raises an exception, when `toIdentifier` is not in the
    /// snapshot.
    /// - Parameters:
    ///   - identifiers: The sections to insert, in order (duplicates are kept, as for appends).
    ///   - toIdentifier: The section (its first occurrence) they go after.
    /// - Complexity: O(*s* + *k*).
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType)
    {
        insertSections(identifiers, next: toIdentifier, after: true, "insertSections(_:afterSection:)")
    }

    @inlinable
    mutating func insertSections(
        _ identifiers: [SectionIdentifierType], next anchor: SectionIdentifierType, after: Bool, _ member: String
    ) {
        let ordinal = requireSection(anchor, member) + (after ? 1 : 0)
        guard !identifiers.isEmpty else { return }
        sections.insert(contentsOf: identifiers, at: ordinal)
        lists.insert(contentsOf: repeatElement([], count: identifiers.count), at: ordinal)
        structureChanged(.sections)
        noteAddedSections(identifiers, member)
    }

    /// Deletes sections with their items: every occurrence of each identifier. Identifiers not
    /// in the snapshot are ignored; the deleted sections and items leave the reloaded and
    /// reconfigured lists.
    /// - Parameter identifiers: The sections to delete.
    /// - Complexity: O(*s* + *k*), plus O(*n*) when some items are marked reloaded or
    ///   reconfigured.
    @inlinable
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        guard !identifiers.isEmpty, !sections.isEmpty else { return }
        let deleted = Set(identifiers)
        guard sections.contains(where: deleted.contains) else { return }
        var keptSections: [SectionIdentifierType] = [], keptLists: [[ItemIdentifierType]] = []
        keptSections.reserveCapacity(sections.count)
        keptLists.reserveCapacity(sections.count)
        for (section, list) in zip(sections, lists) {
            if deleted.contains(section) {
                itemCount -= list.count
                #if DEBUG
                    itemOccurrences.remove(list)
                    sectionOccurrences.remove(CollectionOfOne(section))
                #endif
            } else {
                keptSections.append(section)
                keptLists.append(list)
            }
        }
        sections = keptSections
        lists = keptLists
        structureChanged(.sections)
        reloadedSections.removeAll(where: deleted.contains)
        if !reloadedItems.isEmpty || !reconfiguredItems.isEmpty {
            // Duplicates may survive in other sections: keep the marks of items still present.
            let remaining = Set(lists.joined())
            reloadedItems.removeAll { !remaining.contains($0) }
            reconfiguredItems.removeAll { !remaining.contains($0) }
        }
    }

    /// Moves a section, with its items, to just before another section.
    ///
    /// Stops the program, as Apple raises an exception, when either section is not in the
    /// snapshot or when both are the same identifier.
    /// - Parameters:
    ///   - identifier: The section to move (its first occurrence).
    ///   - toIdentifier: The section (its first occurrence) it goes before.
    /// - Complexity: O(*s*).
    @inlinable
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: false, "moveSection(_:beforeSection:)")
    }

    /// Moves a section, with its items, to just after another section.
    ///
    /// Stops the program, as Apple raises an exception, when either section is not in the
    /// snapshot or when both are the same identifier.
    /// - Parameters:
    ///   - identifier: The section to move (its first occurrence).
    ///   - toIdentifier: The section (its first occurrence) it goes after.
    /// - Complexity: O(*s*).
    @inlinable
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, next: toIdentifier, after: true, "moveSection(_:afterSection:)")
    }

    @inlinable
    mutating func moveSection(
        _ identifier: SectionIdentifierType, next anchor: SectionIdentifierType, after: Bool, _ member: String
    ) {
        guard identifier != anchor else {
            snapshotMisuse("DiffableDataSourceSnapshot.\(member): the section \(identifier) cannot move relative to itself")
        }
        let from = requireSection(identifier, member)
        var to = requireSection(anchor, member)
        let section = sections.remove(at: from), list = lists.remove(at: from)
        if to > from { to -= 1 }
        sections.insert(section, at: to + (after ? 1 : 0))
        lists.insert(list, at: to + (after ? 1 : 0))
        structureChanged(.sections)
    }

    // MARK: - Duplicates

    /// In debug builds, counts the added items and prints one warning if they create duplicates.
    @inlinable
    mutating func noteAddedItems(_ added: [ItemIdentifierType], _ member: String) {
        #if DEBUG
            if let duplicate = itemOccurrences.add(added) { warnDuplicate("item \(duplicate.first)", duplicate.count, member) }
        #endif
    }

    /// In debug builds, counts the added sections and prints one warning if they create duplicates.
    @inlinable
    mutating func noteAddedSections(_ added: [SectionIdentifierType], _ member: String) {
        #if DEBUG
            if let duplicate = sectionOccurrences.add(added) {
                warnDuplicate("section \(duplicate.first)", duplicate.count, member)
            }
        #endif
    }

    #if DEBUG
        @inlinable
        func warnDuplicate(_ what: String, _ count: Int, _ member: String) {
            DiffableDiagnostics.warnDuplicates(
                "DiffableDataSourceSnapshot", member, what, count: count,
                "duplicates are kept, look-ups name the first occurrence and diffs pair the k-th occurrence with the k-th")
        }
    #endif
}

extension DiffableDataSourceSnapshot: Equatable {
    /// Whether both hold the same sections and items in the same order, and the same reloaded
    /// and reconfigured identifiers in the same order.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.numberOfItems == rhs.numberOfItems && lhs.sections == rhs.sections && lhs.lists == rhs.lists
            && lhs.reloadedSections == rhs.reloadedSections && lhs.reloadedItems == rhs.reloadedItems
            && lhs.reconfiguredItems == rhs.reconfiguredItems
    }
}

extension DiffableDataSourceSnapshot: CustomDebugStringConvertible {
    /// The sections with their items, e.g. `DiffableDataSourceSnapshot(["a": [1, 2], "b": []])`.
    @inlinable
    public var debugDescription: String {
        let contents = zip(sections, lists).map { "\(String(reflecting: $0)): \(String(reflecting: $1))" }
        return "DiffableDataSourceSnapshot([\(contents.joined(separator: ", "))])"
    }
}
