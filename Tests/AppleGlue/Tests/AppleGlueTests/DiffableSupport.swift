import AppKit
import ListDelta
import Testing
import UIKit

/// What a cell was last configured with, and when: every configuration takes the next stamp.
@MainActor
protocol ConfiguredCell: AnyObject {
    var item: AnyHashable? { get set }
    var stamp: Int { get set }
}

@MainActor
enum Configurations {
    /// The stamp of the last configuration made.
    static var last = 0
}

extension ConfiguredCell {
    /// Configures the cell for `item`, as a cell provider does.
    func configure(_ item: AnyHashable) -> Self {
        Configurations.last += 1
        self.item = item
        stamp = Configurations.last
        return self
    }
}

final class ItemTableCell: UITableViewCell, ConfiguredCell {
    var item: AnyHashable?
    var stamp = 0
}

final class ItemCollectionCell: UICollectionViewCell, ConfiguredCell {
    var item: AnyHashable?
    var stamp = 0
}

final class ItemCollectionItem: NSCollectionViewItem, ConfiguredCell {
    var item: AnyHashable?
    var stamp = 0
}

final class ItemTableCellView: NSView, ConfiguredCell {
    var item: AnyHashable?
    var stamp = 0
}

/// The four data sources under test.
enum DataSourceKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case uiTable, uiCollection, appKitCollection, appKitTable
    var testDescription: String { rawValue }
}

/// A cell as a test sees it: the object (held, so that a new cell cannot take its address)
/// and what it was configured with.
struct ShownCell {
    var object: AnyObject?
    var cell: ObjectIdentifier? { object.map(ObjectIdentifier.init) }
    var item: AnyHashable?
    var stamp: Int
}

/// One of the four data sources over its stand-in view (in a window), with cell providers
/// written as apps write them, read back the same way for every kind.
@MainActor
final class Harness<Item: Hashable & Sendable> {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Item>
    let kind: DataSourceKind
    private(set) var uiTable: UITableView?, uiCollection: UICollectionView?
    private(set) var nsCollection: NSCollectionView?, nsTable: NSTableView?
    private var uiTableSource: TableViewDiffableDataSource<Int, Item>?
    private var uiCollectionSource: CollectionViewDiffableDataSource<Int, Item>?
    private var nsCollectionSource: AppKitCollectionViewDiffableDataSource<Int, Item>?
    private var nsTableSource: AppKitTableViewDiffableDataSource<Int, Item>?

    /// A data source of `kind`; `identifiedBy` makes it keep whole models identified by it.
    init(_ kind: DataSourceKind, identifiedBy identity: (KeyPath<Item, Int> & Sendable)? = nil) {
        self.kind = kind
        switch kind {
        case .uiTable:
            let table = UITableView()
            table.standInMove(toWindow: UIWindow())
            table.register(ItemTableCell.self, forCellReuseIdentifier: "item")
            let provider: TableViewDiffableDataSource<Int, Item>.CellProvider = { table, path, item in
                (table.dequeueReusableCell(withIdentifier: "item", for: path) as! ItemTableCell).configure(item)
            }
            uiTable = table
            uiTableSource =
                if let identity { .init(tableView: table, identifiedBy: identity, cellProvider: provider) } else {
                    .init(tableView: table, cellProvider: provider)
                }
        case .uiCollection:
            let collection = UICollectionView()
            collection.standInMove(toWindow: UIWindow())
            collection.register(ItemCollectionCell.self, forCellWithReuseIdentifier: "item")
            let provider: CollectionViewDiffableDataSource<Int, Item>.CellProvider = { collection, path, item in
                (collection.dequeueReusableCell(withReuseIdentifier: "item", for: path) as! ItemCollectionCell)
                    .configure(item)
            }
            uiCollection = collection
            uiCollectionSource =
                if let identity {
                    .init(collectionView: collection, identifiedBy: identity, cellProvider: provider)
                } else {
                    .init(collectionView: collection, cellProvider: provider)
                }
        case .appKitCollection:
            let collection = NSCollectionView()
            collection.standInMove(toWindow: NSWindow())
            let identifier = NSUserInterfaceItemIdentifier("item")
            collection.register(ItemCollectionItem.self, forItemWithIdentifier: identifier)
            let provider: AppKitCollectionViewDiffableDataSource<Int, Item>.ItemProvider = { collection, path, item in
                (collection.makeItem(withIdentifier: identifier, for: path) as! ItemCollectionItem).configure(item)
            }
            nsCollection = collection
            nsCollectionSource =
                if let identity {
                    .init(collectionView: collection, identifiedBy: identity, itemProvider: provider)
                } else {
                    .init(collectionView: collection, itemProvider: provider)
                }
        case .appKitTable:
            let table = NSTableView()
            table.standInMove(toWindow: NSWindow())
            table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("title")))
            let provider: AppKitTableViewDiffableDataSource<Int, Item>.CellProvider = { _, _, _, item in
                ItemTableCellView().configure(item)
            }
            nsTable = table
            nsTableSource =
                if let identity { .init(tableView: table, identifiedBy: identity, cellProvider: provider) } else {
                    .init(tableView: table, cellProvider: provider)
                }
        }
    }

    // MARK: Applying

    /// The data source's `apply(_:animatingDifferences:completion:)`, called from whichever
    /// thread calls this, as a Swift 5 app may (Apple's `apply` is `@MainActor
    /// @preconcurrency`, and so is ListDelta's: calling it off the main actor is a warning).
    var applyFromAnyThread: @Sendable (Snapshot, Bool, (@MainActor @Sendable () -> Void)?) -> Void {
        let sources = UncheckedSendable(value: (uiTableSource, uiCollectionSource, nsCollectionSource, nsTableSource))
        return { snapshot, animated, completion in
            let completion: (@Sendable () -> Void)? = completion.map { completion in
                { @Sendable in MainActor.assumeIsolated(completion) }
            }
            let (table, collection, nsCollection, nsTable) = sources.value
            table?.apply(snapshot, animatingDifferences: animated, completion: completion)
            collection?.apply(snapshot, animatingDifferences: animated, completion: completion)
            nsCollection?.apply(snapshot, animatingDifferences: animated, completion: completion)
            nsTable?.apply(snapshot, animatingDifferences: animated, completion: completion)
        }
    }

    /// The data source's `applyDiffingOffMainThread(_:animatingDifferences:completion:)`.
    var applyDiffingOffMainThread: @Sendable (Snapshot, Bool, (@MainActor @Sendable () -> Void)?) -> Void {
        let sources = UncheckedSendable(value: (uiTableSource, uiCollectionSource, nsCollectionSource, nsTableSource))
        return { snapshot, animated, completion in
            let (table, collection, nsCollection, nsTable) = sources.value
            table?.applyDiffingOffMainThread(snapshot, animatingDifferences: animated, completion: completion)
            collection?.applyDiffingOffMainThread(snapshot, animatingDifferences: animated, completion: completion)
            nsCollection?.applyDiffingOffMainThread(snapshot, animatingDifferences: animated, completion: completion)
            nsTable?.applyDiffingOffMainThread(snapshot, animatingDifferences: animated, completion: completion)
        }
    }

    /// The data source's `apply(_:animatingDifferences:completion:)`, on the main thread.
    func apply(_ snapshot: Snapshot, animated: Bool = true, completion: (() -> Void)? = nil) {
        if let source = uiTableSource {
            source.apply(snapshot, animatingDifferences: animated, completion: completion)
        } else if let source = uiCollectionSource {
            source.apply(snapshot, animatingDifferences: animated, completion: completion)
        } else if let source = nsCollectionSource {
            source.apply(snapshot, animatingDifferences: animated, completion: completion)
        } else {
            nsTableSource!.apply(snapshot, animatingDifferences: animated, completion: completion)
        }
    }

    /// The data source's `applySnapshotUsingReloadData(_:completion:)`.
    func applyUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        uiTableSource?.applySnapshotUsingReloadData(snapshot, completion: completion)
        uiCollectionSource?.applySnapshotUsingReloadData(snapshot, completion: completion)
        nsCollectionSource?.applySnapshotUsingReloadData(snapshot, completion: completion)
        nsTableSource?.applySnapshotUsingReloadData(snapshot, completion: completion)
    }

    /// Applies `snapshot` with the `async` form and returns once it is shown, ending the
    /// stand-in's animations as they start; records an issue if that takes ten seconds.
    func applyAndWait(
        _ snapshot: Snapshot, animated: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let sources = UncheckedSendable(value: (uiTableSource, uiCollectionSource, nsCollectionSource, nsTableSource))
        let shown = Flag()
        var animatingWhenReturned = 0
        Task { @MainActor in
            let (table, collection, nsCollection, nsTable) = sources.value
            if let s = table { await s.apply(snapshot, animatingDifferences: animated) }
            if let s = collection { await s.apply(snapshot, animatingDifferences: animated) }
            if let s = nsCollection { await s.apply(snapshot, animatingDifferences: animated) }
            if let s = nsTable { await s.apply(snapshot, animatingDifferences: animated) }
            animatingWhenReturned = self.pendingAnimations
            shown.isSet = true
        }
        let inTime = await waitUntil({ shown.isSet }, meanwhile: finishAnimations)
        #expect(inTime, "apply did not return within ten seconds", sourceLocation: sourceLocation)
        #expect(animatingWhenReturned == 0, "apply returned before its animations ended", sourceLocation: sourceLocation)
    }

    /// Ends the stand-in view's running animations.
    func finishAnimations() {
        uiTable?.standInFinishAnimations()
        uiCollection?.standInFinishAnimations()
        nsCollection?.standInFinishAnimations()
        if nsTable != nil { NSAnimationContext.standInFinishAnimations() }
    }

    /// Completions the stand-in view holds for animations not ended.
    var pendingAnimations: Int {
        uiTable?.standInPendingAnimations ?? uiCollection?.standInPendingAnimations ?? nsCollection?.standInPendingAnimations
            ?? NSAnimationContext.standInPending.count
    }

    func snapshot() -> Snapshot {
        uiTableSource?.snapshot() ?? uiCollectionSource?.snapshot() ?? nsCollectionSource?.snapshot()
            ?? nsTableSource!.snapshot()
    }

    // MARK: The view

    /// What the stand-in view recorded that UIKit or AppKit would raise (or show wrongly).
    var failures: [String] {
        uiTable?.standInFailures ?? uiCollection?.standInFailures ?? nsCollection?.standInFailures
            ?? nsTable!.standInFailures
    }
    var batchCount: Int {
        uiTable?.standInBatchCount ?? uiCollection?.standInBatchCount ?? nsCollection?.standInBatchCount
            ?? nsTable!.standInCalls.count
    }
    var fullReloads: Int {
        uiTable?.standInFullReloadCount ?? uiCollection?.standInFullReloadCount ?? nsCollection?.standInFullReloadCount
            ?? nsTable!.standInFullReloadCount
    }
    /// The batches of a sectioned view (none for NSTableView, whose calls act at once).
    var batches: [BatchRecord] {
        uiTable?.standInBatches ?? uiCollection?.standInBatches ?? nsCollection?.standInBatches ?? []
    }
    /// Paths the view asked its data source to configure a cell for (rows in section 0 for
    /// NSTableView).
    var cellRequests: [IndexPath] {
        uiTable?.standInCellRequests ?? uiCollection?.standInCellRequests ?? nsCollection?.standInItemRequests
            ?? nsTable!.standInViewRequests.map { IndexPath(indexes: [0, $0]) }
    }
    /// Items reconfigured in place (UIKit only).
    var reconfigured: [IndexPath] { uiTable?.standInReconfigured ?? uiCollection?.standInReconfigured ?? [] }

    /// The counts the view shows: each section's (one section of every row for NSTableView).
    var shownCounts: [Int] {
        if let view = uiTable { return (0..<view.numberOfSections).map { view.numberOfRows(inSection: $0) } }
        if let view = uiCollection { return (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) } }
        if let view = nsCollection { return (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) } }
        return [nsTable!.numberOfRows]
    }

    /// The cell the view shows for each row, by section (one section for NSTableView).
    var shownCells: [[ShownCell]] {
        shownCounts.enumerated().map { section, count in
            (0..<count).map { row in
                let path = IndexPath(indexes: [section, row])
                let cell: AnyObject? =
                    uiTable?.cellForRow(at: path) ?? uiCollection?.cellForItem(at: path) ?? nsCollection?.item(at: path)
                    ?? nsTable?.view(atColumn: 0, row: row, makeIfNecessary: false)
                let configured = cell as? any ConfiguredCell
                return ShownCell(object: cell, item: configured?.item, stamp: configured?.stamp ?? -1)
            }
        }
    }

    // MARK: The data source's look-ups

    func itemIdentifier(at section: Int, _ row: Int, flatRow: Int) -> Item? {
        if let source = nsTableSource { return source.itemIdentifier(forRow: flatRow) }
        let path = IndexPath(indexes: [section, row])
        return uiTableSource?.itemIdentifier(for: path) ?? uiCollectionSource?.itemIdentifier(for: path)
            ?? nsCollectionSource?.itemIdentifier(for: path)
    }

    /// The data source's `indexPath(for:)` (`row(forItemIdentifier:)` as a row of section 0
    /// for NSTableView).
    func indexPath(for item: Item) -> IndexPath? {
        if let source = nsTableSource { return source.row(forItemIdentifier: item).map { IndexPath(indexes: [0, $0]) } }
        return uiTableSource?.indexPath(for: item) ?? uiCollectionSource?.indexPath(for: item)
            ?? nsCollectionSource?.indexPath(for: item)
    }

    /// The data source's `sectionIdentifier(for:)`; for NSTableView, `sectionIdentifier(forRow:)`.
    func sectionIdentifier(for index: Int) -> Int? {
        if let source = nsTableSource { return source.sectionIdentifier(forRow: index) }
        return uiTableSource?.sectionIdentifier(for: index) ?? uiCollectionSource?.sectionIdentifier(for: index)
            ?? nsCollectionSource?.sectionIdentifier(for: index)
    }

    /// The data source's `index(for:)` (nil for NSTableView, which has none).
    func index(for section: Int) -> Int? {
        uiTableSource?.index(for: section) ?? uiCollectionSource?.index(for: section) ?? nsCollectionSource?.index(for: section)
    }

    /// Whether the view shows sections (all but NSTableView).
    var sectioned: Bool { kind != .appKitTable }
}

/// A value sent across threads on the test's word (see ``Harness/applyFromAnyThread``).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}

/// A flag set by one main-actor task and read by another.
@MainActor
final class Flag {
    var isSet = false
}

/// Yields the main actor until `condition` holds, calling `meanwhile` each time, for at most
/// `seconds`; returns whether it held in time.
@MainActor
func waitUntil(_ condition: () -> Bool, seconds: Int = 10, meanwhile: () -> Void = {}) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        meanwhile()
        await Task.yield()
    }
    return true
}
