/// The sections and items of a list at one point in time: a drop-in for Apple's
/// `NSDiffableDataSourceSnapshot`, with the same members, argument labels and semantics.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["Inbox", "Archive"])
/// snapshot.appendItems([1, 2, 3], toSection: "Inbox")
/// snapshot.appendItems([4])                       // to the last section, "Archive"
/// snapshot.moveItem(3, beforeItem: 1)             // Inbox: 3, 1, 2
/// snapshot.indexOfItem(4)                         // 3
/// ```
///
/// Where it differs from Apple's: **duplicates do not crash.** Apple raises an exception when
/// an identifier is added twice; here the duplicate is kept, ``indexOfItem(_:)`` and every
/// member taking an identifier act on its first occurrence, a diff pairs the k-th occurrence
/// with the k-th, and a debug build prints one warning naming it. The other misuses Apple
/// answers with an exception stop the program here too, with a message naming the identifier:
/// a missing section or anchor, a move relative to the moved identifier itself, appending items
/// to a snapshot without sections, reloading or reconfiguring something not in the snapshot,
/// and asking for the items of a missing section.
///
/// Look-ups (``indexOfItem(_:)``, ``indexOfSection(_:)``,
/// ``sectionIdentifier(containingItem:)``, ``itemIdentifiers(inSection:)``) and
/// ``itemIdentifiers`` cost O(1) after a first O(*n*) pass that builds a table; copies share
/// the tables until one of them changes. Appends cost amortised O(1) per item.
///
/// Two snapshots are equal when they hold the same sections and items in the same order and
/// the same reloaded and reconfigured identifiers.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    // The storage is internal for the editing members in DiffableDataSourceSnapshot+Editing.swift;
    // every change of `sections` or `lists` goes through `structureChanged(_:)`.

    /// The section identifiers, in order.
    @usableFromInline var sections: [SectionIdentifierType] = []
    /// The items of each section, parallel to `sections`.
    @usableFromInline var lists: [[ItemIdentifierType]] = []
    @usableFromInline var reloadedSections = OrderedIdentifiers<SectionIdentifierType>()
    @usableFromInline var reloadedItems = OrderedIdentifiers<ItemIdentifierType>()
    @usableFromInline var reconfiguredItems = OrderedIdentifiers<ItemIdentifierType>()
    /// Look-up tables of `sections` and `lists`; see ``SnapshotIndex``.
    @usableFromInline var index = SnapshotIndex<SectionIdentifierType, ItemIdentifierType>()
    #if DEBUG
        /// How many times each identifier occurs, to warn about duplicates as they appear.
        @usableFromInline var itemOccurrences = Occurrences<ItemIdentifierType>()
        @usableFromInline var sectionOccurrences = Occurrences<SectionIdentifierType>()
    #endif

    @usableFromInline var itemCount = 0
    /// What a data source does to show this snapshot, compiled where the snapshot was made: an
    /// app's inlined `init()` builds it for the app's identifier types (see ``DiffableDiffer``).
    @usableFromInline var differ = DiffableDiffer<SectionIdentifierType, ItemIdentifierType>.specialized

    /// An empty snapshot: no sections, no items.
    @inlinable
    public init() {}

    // MARK: - Sections and items

    /// The number of items in all sections.
    @inlinable
    public var numberOfItems: Int { itemCount }

    /// The number of sections.
    @inlinable
    public var numberOfSections: Int { sections.count }

    /// The section identifiers, in order.
    @inlinable
    public var sectionIdentifiers: [SectionIdentifierType] { sections }

    /// Every item identifier, section after section.
    ///
    /// - Complexity: O(1), after an O(*n*) first call following each change of the items.
    @inlinable
    public var itemIdentifiers: [ItemIdentifierType] { index.flattened(lists, count: numberOfItems) }

    /// The number of items in `identifier`'s section.
    ///
    /// Stops the program, as Apple raises an exception, when the section is not in the snapshot.
    /// - Complexity: O(1), after an O(*s*) first look-up following each change of the sections.
    @inlinable
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        lists[requireSection(identifier, "numberOfItems(inSection:)")].count
    }

    /// The item identifiers of `identifier`'s section, in order.
    ///
    /// Stops the program, as Apple raises an exception, when the section is not in the snapshot.
    /// - Complexity: O(1), after an O(*s*) first look-up following each change of the sections.
    @inlinable
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        lists[requireSection(identifier, "itemIdentifiers(inSection:)")]
    }

    /// The section holding `identifier` (its first occurrence), or nil when it is not in the
    /// snapshot.
    /// - Complexity: O(1), after an O(*n*) first look-up following each change.
    @inlinable
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        index.position(of: identifier, in: lists).map { sections[$0.position.section] }
    }

    /// The position of `identifier` (its first occurrence) among all items, counted across
    /// sections, or nil when it is not in the snapshot (Apple's `NSNotFound`).
    /// - Complexity: O(1), after an O(*n*) first look-up following each change.
    @inlinable
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        index.position(of: identifier, in: lists)?.flat
    }

    /// The position of the section `identifier` (its first occurrence), or nil when it is not
    /// in the snapshot.
    /// - Complexity: O(1), after an O(*s*) first look-up following each change of the sections.
    @inlinable
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        index.ordinal(of: identifier, in: sections)
    }

    /// The sections with their items, for the data sources: the stored arrays themselves, so no
    /// item is copied.
    /// - Complexity: O(*s*), *s* the number of sections.
    @inlinable
    var sectionsAndItems: [(section: SectionIdentifierType, items: [ItemIdentifierType])] {
        zip(sections, lists).map { (section: $0, items: $1) }
    }

    // MARK: - Reloads and reconfigurations

    /// The sections marked by ``reloadSections(_:)``, in the order first marked, each once;
    /// a deleted section leaves the list.
    /// - Complexity: O(*m*), *m* the number of marks made.
    @inlinable
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections.elements }

    /// The items marked by ``reloadItems(_:)``, in the order first marked, each once; a deleted
    /// item leaves the list.
    /// - Complexity: O(*m*), *m* the number of marks made.
    @inlinable
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems.elements }

    /// The items marked by ``reconfigureItems(_:)``, in the order first marked, each once; a
    /// deleted item leaves the list.
    /// - Complexity: O(*m*), *m* the number of marks made.
    @inlinable
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems.elements }

    /// Marks items whose cells the view replaces with new ones when the snapshot is applied.
    ///
    /// Stops the program, as Apple raises an exception, when an item is not in the snapshot.
    /// - Parameter identifiers: Items in the snapshot.
    /// - Complexity: O(*k*), after an O(*n*) first look-up following each change.
    @inlinable
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        requireItems(identifiers, "reloadItems(_:)")
        reloadedItems.append(contentsOf: identifiers, bound: itemCount)
    }

    /// Marks items whose existing cells the view configures again, in place, when the snapshot
    /// is applied: cheaper than ``reloadItems(_:)``, which replaces the cells.
    ///
    /// Stops the program, as Apple raises an exception, when an item is not in the snapshot.
    /// - Parameter identifiers: Items in the snapshot.
    /// - Complexity: O(*k*), after an O(*n*) first look-up following each change.
    @inlinable
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        requireItems(identifiers, "reconfigureItems(_:)")
        reconfiguredItems.append(contentsOf: identifiers, bound: itemCount)
    }

    /// Marks sections the view reloads when the snapshot is applied.
    ///
    /// Stops the program, as Apple raises an exception, when a section is not in the snapshot.
    /// - Parameter identifiers: Sections in the snapshot.
    /// - Complexity: O(*k*), after an O(*s*) first look-up following each change of the sections.
    @inlinable
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers { _ = requireSection(identifier, "reloadSections(_:)") }
        reloadedSections.append(contentsOf: identifiers, bound: sections.count)
    }

    // MARK: - Internal helpers

    /// The position of the section `identifier`, stopping the program when it is missing.
    @inlinable
    func requireSection(_ identifier: SectionIdentifierType, _ member: String) -> Int {
        guard let ordinal = index.ordinal(of: identifier, in: sections) else {
            snapshotMisuse("DiffableDataSourceSnapshot.\(member): the section \(identifier) is not in the snapshot")
        }
        return ordinal
    }

    /// The first occurrence of the item `identifier`, stopping the program when it is missing.
    /// Uses the look-up table when it is built and a linear scan otherwise, so that a run of
    /// single edits does not rebuild the table after each one.
    @inlinable
    func requireItem(_ identifier: ItemIdentifierType, _ member: String)
        -> SnapshotIndex<
            SectionIdentifierType, ItemIdentifierType
        >.Position
    {
        var position: SnapshotIndex<SectionIdentifierType, ItemIdentifierType>.Position?
        if let built = index.builtPosition(of: identifier, in: lists) {
            position = built
        } else {
            for (section, list) in lists.enumerated() {
                if let offset = list.firstIndex(of: identifier) {
                    position = .init(section: section, offset: offset)
                    break
                }
            }
        }
        guard let position else {
            snapshotMisuse("DiffableDataSourceSnapshot.\(member): the item \(identifier) is not in the snapshot")
        }
        return position
    }

    /// Stops the program when one of `identifiers` is not in the snapshot.
    @inlinable
    func requireItems(_ identifiers: [ItemIdentifierType], _ member: String) {
        guard !identifiers.isEmpty, let missing = index.firstMissing(of: identifiers, in: lists) else { return }
        snapshotMisuse("DiffableDataSourceSnapshot.\(member): the item \(missing) is not in the snapshot")
    }

    /// Records that the structure changed: clears the look-up tables `change` invalidates, or
    /// leaves them to the copies sharing them.
    @inlinable
    mutating func structureChanged(_ change: SnapshotIndex<SectionIdentifierType, ItemIdentifierType>.Change) {
        if isKnownUniquelyReferenced(&index) {
            index.clear(after: change)
        } else {
            index = index.keeping(after: change)
        }
    }
}

/// A snapshot of `Sendable` identifiers is `Sendable`, as UIKit's is: its identifiers are
/// `Sendable` there, and UIKit's data sources send snapshots to and from background queues.
extension DiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

/// Stops the program with `message`, for a misuse Apple answers with an exception. Not
/// inlinable: it stops the program whatever the optimisation settings of the app whose code
/// inlined the check.
@usableFromInline
@inline(never)
func snapshotMisuse(_ message: String) -> Never {
    fatalError(message)
}
