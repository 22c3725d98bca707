/// How a data source asks for an item that keeps its identity to be refreshed in its cell.
@usableFromInline
enum DiffableRefresh: UInt8, Sendable {
    /// Not asked: refreshed only when its value changed (models in the snapshot).
    case none
    /// `reconfigureItems(_:)`: the cell is updated in place (reloaded before iOS 15).
    case reconfigure
    /// `reloadItems(_:)`: the cell is replaced.
    case reload
}

/// How a data source identifies its items: by the item itself (Apple's identifiers), or by a
/// key it reads from each model (a data source created with `identifiedBy:`).
@usableFromInline
enum DiffableKeying<Item: Hashable>: Sendable {
    case item
    case key(@Sendable (Item) -> SendableHashable)
}

/// The identity of an item: the item itself, or the number its key was given for one diff
/// (numbers, unlike keys, keep an item free of references, so that arrays of items copy as
/// plain memory when the items do).
@usableFromInline
struct DiffableIdentity<Item: Hashable>: Hashable {
    /// The item, when it is its own identity.
    @usableFromInline let item: Item?
    /// The key's number, or -1 when the item is its own identity.
    @usableFromInline let key: Int

    @inlinable
    init(item: Item?, key: Int) {
        self.item = item
        self.key = key
    }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && (lhs.key >= 0 || lhs.item == rhs.item) }

    @inlinable
    func hash(into hasher: inout Hasher) {
        if key >= 0 { hasher.combine(key) } else { hasher.combine(item) }
    }
}

/// A hashable value known to be `Sendable`, type-erased.
@usableFromInline
struct SendableHashable: Hashable, @unchecked Sendable {
    // Built only from `Hashable & Sendable` values (see `init`).
    @usableFromInline let base: AnyHashable
    @usableFromInline init(_ value: some Hashable & Sendable) { base = AnyHashable(value) }
}

/// A section as the diffable data sources diff it: its identifier, and whether the snapshot
/// asks for it to be reloaded.
@usableFromInline
struct DiffableSection<Identifier: Hashable>: Differentiable {
    @usableFromInline var identifier: Identifier
    @usableFromInline var reloads: Bool

    @inlinable
    init(identifier: Identifier, reloads: Bool) {
        self.identifier = identifier
        self.reloads = reloads
    }

    @inlinable var differenceIdentifier: Identifier { identifier }
    @inlinable func isContentEqual(to source: DiffableSection) -> Bool { !reloads }
}

/// An item as the diffable data sources diff it: the item, its identity, and how the snapshot
/// asks for it to be refreshed. An item that keeps its identity changed when the snapshot asks
/// for a refresh or its value changed (models in the snapshot).
@usableFromInline
struct DiffableItem<Item: Hashable>: Differentiable {
    @usableFromInline var item: Item
    /// The number of the item's key in the diff at hand, or -1 when the item is its own identity.
    @usableFromInline var key: Int
    @usableFromInline var refresh: DiffableRefresh

    @inlinable
    init(item: Item, key: Int, refresh: DiffableRefresh) {
        self.item = item
        self.key = key
        self.refresh = refresh
    }

    @inlinable var differenceIdentifier: DiffableIdentity<Item> {
        DiffableIdentity(item: key < 0 ? item : nil, key: key)
    }
    @inlinable func isContentEqual(to source: DiffableItem) -> Bool { refresh == .none && item == source.item }
}

extension DiffableIdentity: Sendable where Item: Sendable {}
extension DiffableSection: Sendable where Identifier: Sendable {}
extension DiffableItem: Sendable where Item: Sendable {}

/// The sections a view shows for a snapshot, as the diffable data sources diff them.
@usableFromInline typealias DiffableSections<Section: Hashable, Item: Hashable> = [ArraySection<
    DiffableSection<Section>, DiffableItem<Item>
>]

extension DiffableKeying {
    /// Gives every item the lists `forEachList` visits (both sides of one diff) the number of
    /// its key, read by `read`: keys equal under `==` share a number (``IdentifierNumbering``,
    /// exact for any hash and never trapping). When a key's `==` is seen to break its laws,
    /// every item gets a number of its own, and the view replaces every row, as a diff does for
    /// such identifiers.
    ///
    /// - Parameter count: How many items the lists hold together (room to reserve).
    @inlinable
    static func numberKeys(
        read: @escaping @Sendable (Item) -> SendableHashable, count: Int,
        _ forEachList: ((inout [DiffableItem<Item>]) -> Void) -> Void
    ) {
        let numbering = try? IdentifierNumbering<SendableHashable>(elementCount: count, cancellation: nil)
        var lawful = numbering != nil
        forEachList { items in
            for index in items.indices where lawful {
                guard let number = try? numbering?.number(read(items[index].item)) else {
                    lawful = false
                    return
                }
                items[index].key = Int(number)
            }
        }
        guard !lawful else { return }
        var next = 0
        forEachList { items in
            for index in items.indices {
                items[index].key = next
                next += 1
            }
        }
    }
}

/// The reloads and reconfigurations a snapshot asks for, as sets to look items up in.
@usableFromInline
struct DiffableMarks<Section: Hashable, Item: Hashable> {
    @usableFromInline let reloadedSections: Set<Section>
    @usableFromInline let reloadedItems: Set<Item>
    @usableFromInline let reconfiguredItems: Set<Item>
    @usableFromInline let itemsMarked: Bool

    @inlinable
    init(_ snapshot: DiffableDataSourceSnapshot<Section, Item>) {
        reloadedSections = snapshot.reloadedSections.members
        reloadedItems = snapshot.reloadedItems.members
        reconfiguredItems = snapshot.reconfiguredItems.members
        itemsMarked = !reloadedItems.isEmpty || !reconfiguredItems.isEmpty
    }

    /// `item` marked with the refresh the snapshot asks for, and its own identity (a diff
    /// numbers the keys of models).
    @inlinable
    func diffable(_ item: Item) -> DiffableItem<Item> {
        let refresh: DiffableRefresh =
            !itemsMarked
            ? .none : reloadedItems.contains(item) ? .reload : reconfiguredItems.contains(item) ? .reconfigure : .none
        return DiffableItem(item: item, key: -1, refresh: refresh)
    }
}

extension DiffableDataSourceSnapshot {
    /// The sections and items of the snapshot, marked with the refreshes it asks for.
    ///
    /// - Complexity: O(*n*) for *n* items and sections.
    @inlinable
    func diffableSections() -> DiffableSections<SectionIdentifierType, ItemIdentifierType> {
        let marks = DiffableMarks(self)
        return zip(sections, lists).map { section, items in
            ArraySection(
                model: DiffableSection(identifier: section, reloads: marks.reloadedSections.contains(section)),
                elements: items.map(marks.diffable))
        }
    }

    /// Every section's items as one list of rows, marked with the refreshes the snapshot asks
    /// for, each section's items after its header row when `headers` is true; a reloaded
    /// section's rows are reloaded.
    ///
    /// - Complexity: O(*n*) for *n* items and sections.
    @inlinable
    func diffableRows(headers: Bool) -> [DiffableRow<SectionIdentifierType, ItemIdentifierType>] {
        let marks = DiffableMarks(self)
        var rows: [DiffableRow<SectionIdentifierType, ItemIdentifierType>] = []
        rows.reserveCapacity(itemCount + (headers ? sections.count : 0))
        for (section, items) in zip(sections, lists) {
            let reloads = marks.reloadedSections.contains(section)
            if headers { rows.append(DiffableRow(header: DiffableSection(identifier: section, reloads: reloads))) }
            for item in items {
                var row = marks.diffable(item)
                if reloads { row.refresh = .reload }
                rows.append(DiffableRow(element: row))
            }
        }
        return rows
    }
}

/// A row of a view that shows every section's items as one list (NSTableView's): an item, or
/// a section's header row when the view shows section headers.
@usableFromInline
struct DiffableRow<Section: Hashable, Item: Hashable>: Differentiable {
    /// The row's identity: its item's, or its section's for a header row.
    @usableFromInline
    enum Identity: Hashable {
        case item(DiffableIdentity<Item>)
        case header(Section)
    }

    /// The item, or nil for a header row.
    @usableFromInline var element: DiffableItem<Item>?
    /// The section of a header row, or nil for an item's row.
    @usableFromInline var header: DiffableSection<Section>?

    @inlinable
    init(element: DiffableItem<Item>) {
        self.element = element
        header = nil
    }

    @inlinable
    init(header: DiffableSection<Section>) {
        element = nil
        self.header = header
    }

    @inlinable var differenceIdentifier: Identity {
        if let element { .item(element.differenceIdentifier) } else { .header(header!.identifier) }
    }

    @inlinable func isContentEqual(to source: DiffableRow) -> Bool {
        if let element, let other = source.element { return element.isContentEqual(to: other) }
        if let header, let other = source.header { return header.isContentEqual(to: other) }
        return false
    }

    /// How the snapshot asked for the row to be refreshed: a header row is reloaded with its
    /// section.
    @inlinable var refresh: DiffableRefresh { element?.refresh ?? (header?.reloads == true ? .reload : .none) }
}

extension DiffableRow: Sendable where Section: Sendable, Item: Sendable {}
extension DiffableRow.Identity: Sendable where Section: Sendable, Item: Sendable {}

extension DiffableDataSourceSnapshot {
    /// The number of stages a diffable data source animates when this snapshot is applied over
    /// `source`, computed as it does (``DiffableDiffer/specialized``): for the benchmarks, which
    /// time that work.
    @_spi(Benchmarks)
    @inlinable
    public func stageCount(from source: Self) -> Int {
        let differ = DiffableDiffer<SectionIdentifierType, ItemIdentifierType>.specialized
        return differ.stageSections(differ.sections(source), differ.sections(self), .item).count
    }
}
