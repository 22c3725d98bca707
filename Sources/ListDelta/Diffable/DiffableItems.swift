/// How a data source asks for an item that keeps its identity to be refreshed in its cell.
enum DiffableRefresh: UInt8, Sendable {
    /// Not asked: refreshed only when its value changed (models in the snapshot).
    case none
    /// `reconfigureItems(_:)`: the cell is updated in place (reloaded before iOS 15).
    case reconfigure
    /// `reloadItems(_:)`: the cell is replaced.
    case reload
}

/// The identity of an item: the item itself (Apple's identifiers), or the identity a data
/// source created with `identifiedBy:` reads from each model.
enum DiffableIdentity<Item: Hashable & Sendable>: Hashable, Sendable {
    case item(Item)
    case key(SendableHashable)
}

/// A hashable value known to be `Sendable`, type-erased.
struct SendableHashable: Hashable, @unchecked Sendable {
    // Built only from `Hashable & Sendable` values (see `init`).
    let base: AnyHashable
    init(_ value: some Hashable & Sendable) { base = AnyHashable(value) }
}

/// A section as the diffable data sources diff it: its identifier, and whether the snapshot
/// asks for it to be reloaded.
struct DiffableSection<Identifier: Hashable & Sendable>: Differentiable, Sendable {
    var identifier: Identifier
    var reloads: Bool

    var differenceIdentifier: Identifier { identifier }
    func isContentEqual(to source: DiffableSection) -> Bool { !reloads }
}

/// An item as the diffable data sources diff it: the item, its identity, and how the snapshot
/// asks for it to be refreshed. An item that keeps its identity changed when the snapshot asks
/// for a refresh or its value changed (models in the snapshot).
struct DiffableItem<Item: Hashable & Sendable>: Differentiable, Sendable {
    var item: Item
    var identity: DiffableIdentity<Item>
    var refresh: DiffableRefresh

    var differenceIdentifier: DiffableIdentity<Item> { identity }
    func isContentEqual(to source: DiffableItem) -> Bool { refresh == .none && item == source.item }
}

/// The sections a view shows for a snapshot, as the diffable data sources diff them.
typealias DiffableSections<Section: Hashable & Sendable, Item: Hashable & Sendable> = [ArraySection<
    DiffableSection<Section>, DiffableItem<Item>
>]

extension DiffableDataSourceSnapshot {
    /// The sections and items of the snapshot, each marked with the refresh it asks for, and
    /// identified by `identity`.
    ///
    /// - Complexity: O(*n*) for *n* items and sections.
    func diffableSections(
        identity: (ItemIdentifierType) -> DiffableIdentity<ItemIdentifierType>
    ) -> DiffableSections<SectionIdentifierType, ItemIdentifierType> {
        let reloadedSections = Set(reloadedSectionIdentifiers)
        let reloadedItems = Set(reloadedItemIdentifiers)
        let reconfiguredItems = Set(reconfiguredItemIdentifiers)
        return zip(sections, lists).map { section, items in
            ArraySection(
                model: DiffableSection(identifier: section, reloads: reloadedSections.contains(section)),
                elements: items.map { item in
                    let refresh: DiffableRefresh =
                        reloadedItems.contains(item) ? .reload : reconfiguredItems.contains(item) ? .reconfigure : .none
                    return DiffableItem(item: item, identity: identity(item), refresh: refresh)
                })
        }
    }
}
