import AppKit
import ListDelta
import Testing

/// AppKitTableViewDiffableDataSource's own cases, found by the random sequences of
/// DiffableDataSourceTests: the table shows every section's items as one list of rows.
@MainActor
@Suite(.serialized) struct AppKitTableDiffableDataSourceTests {
    private func table() -> (NSTableView, AppKitTableViewDiffableDataSource<Int, Int>) {
        let table = NSTableView()
        table.standInMove(toWindow: NSWindow())
        table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("title")))
        let dataSource = AppKitTableViewDiffableDataSource<Int, Int>(tableView: table) { _, _, _, item in
            ItemTableCellView().configure(item)
        }
        return (table, dataSource)
    }

    private func snapshot(_ sections: [(Int, [Int])]) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    private func apply(
        _ snapshot: DiffableDataSourceSnapshot<Int, Int>, to dataSource: AppKitTableViewDiffableDataSource<Int, Int>
    ) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            dataSource.apply(snapshot) { done.resume() }
        }
    }

    private func shownItems(_ table: NSTableView) -> [AnyHashable?] {
        (0..<table.numberOfRows).map { (table.view(atColumn: 0, row: $0, makeIfNecessary: false) as? ItemTableCellView)?.item }
    }

    /// Sections moved and inserted between others: a stage with inserts and moves, which the
    /// table must receive as one batch to translate into its immediate row operations.
    @Test func movedSectionsMoveTheirRows() async {
        let (table, dataSource) = table()
        await apply(snapshot([(2, [3, 7, 8, 4]), (5, [3, 6, 3])]), to: dataSource)
        let reloads = table.standInFullReloadCount
        let target = snapshot([(5, [3, 6, 3]), (9, [10, 11, 12]), (2, [3, 7, 8, 4]), (13, []), (14, [15, 16])])
        await apply(target, to: dataSource)
        #expect(table.standInFailures.isEmpty, "\(table.standInFailures)")
        #expect(shownItems(table) == target.itemIdentifiers.map(AnyHashable.init))
        #expect(table.standInFullReloadCount == reloads, "animated, not reloaded")
    }

    /// A reloaded section has no row of its own: its items' rows are reloaded, the others kept.
    @Test func reloadedSectionsReloadTheirRows() async {
        let (table, dataSource) = table()
        var first = snapshot([(0, [1, 2]), (1, [3])])
        await apply(first, to: dataSource)
        let before = (0..<3).map { table.view(atColumn: 0, row: $0, makeIfNecessary: false) }
        first.reloadSections([0])
        await apply(first, to: dataSource)
        let after = (0..<3).map { table.view(atColumn: 0, row: $0, makeIfNecessary: false) }
        #expect(after[0] !== before[0] && after[1] !== before[1], "the rows of section 0 are reloaded")
        #expect(after[2] === before[2], "the row of section 1 is kept")
        #expect(shownItems(table) == [1, 2, 3] && table.standInFailures.isEmpty)
    }

    /// With a section header view provider, each section's items follow a group row drawn by
    /// the provider, over random sequences of snapshots; row numbers count the header rows, and
    /// every row gets the row view provider's view.
    @Test(arguments: 0..<12)
    func sectionHeaderRowsFollowEverySnapshot(seed: UInt64) {
        let (table, dataSource) = table()
        dataSource.sectionHeaderViewProvider = { _, _, section in ItemTableCellView().configure("header \(section)") }
        dataSource.rowViewProvider = { _, _, identifier in HeaderRowView(identifier) }
        var script = SnapshotScript(seed: 0x4EAD_E125 &+ seed)
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        for step in 0..<40 {
            snapshot = script.next(after: snapshot)
            dataSource.apply(snapshot, animatingDifferences: step % 3 != 0)
            let context = "seed \(seed) step \(step): \(snapshot)"
            var expected: [AnyHashable] = [], groups: [Int] = []
            for section in snapshot.sectionIdentifiers {
                groups.append(expected.count)
                expected.append("header \(section)")
                expected += snapshot.itemIdentifiers(inSection: section).map(AnyHashable.init)
            }
            #expect(shownItems(table) == expected, "\(context)")
            #expect(table.standInGroupRows == groups, "\(context)")
            #expect(table.standInFailures.isEmpty, "\(context): \(table.standInFailures)")
            for (index, section) in snapshot.sectionIdentifiers.enumerated() {
                #expect(dataSource.row(forSectionIdentifier: section) == groups[index], "\(context): section \(section)")
                #expect(dataSource.sectionIdentifier(forRow: groups[index]) == section, "\(context)")
                #expect(dataSource.itemIdentifier(forRow: groups[index]) == nil, "\(context)")
            }
            for item in Set(snapshot.itemIdentifiers) {
                guard let row = dataSource.row(forItemIdentifier: item) else {
                    Issue.record("\(context): no row for \(item)")
                    continue
                }
                #expect(row == expected.firstIndex(of: AnyHashable(item)), "\(context): row of \(item)")
                #expect(dataSource.itemIdentifier(forRow: row) == item, "\(context)")
                #expect(dataSource.sectionIdentifier(forRow: row) == snapshot.sectionIdentifier(containingItem: item))
            }
            let rowViews = (0..<table.numberOfRows).map {
                (table.rowView(atRow: $0, makeIfNecessary: false) as? HeaderRowView)?.identifier
            }
            let identifiers = (0..<table.numberOfRows).map { row in
                dataSource.itemIdentifier(forRow: row).map(AnyHashable.init)
                    ?? dataSource.sectionIdentifier(forRow: row).map(AnyHashable.init)
            }
            #expect(rowViews == identifiers, "\(context): row views")
            if !table.standInFailures.isEmpty || shownItems(table) != expected { return }
        }
        // Without the provider, the rows are the items alone again.
        dataSource.sectionHeaderViewProvider = nil
        #expect(shownItems(table) == snapshot.itemIdentifiers.map(AnyHashable.init), "seed \(seed)")
        #expect(table.standInGroupRows.isEmpty && table.standInFailures.isEmpty, "seed \(seed)")
    }

    @Test func theCollectionViewGetsItsSupplementaryViewsFromTheProvider() {
        let collection = NSCollectionView()
        collection.standInMove(toWindow: NSWindow())
        let dataSource = AppKitCollectionViewDiffableDataSource<Int, Int>(collectionView: collection) { _, _, _ in
            NSCollectionViewItem()
        }
        dataSource.supplementaryViewProvider = { _, kind, path in SupplementaryView("\(kind) \(path.section)") }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([1, 2])
        snapshot.appendItems([10], toSection: 1)
        dataSource.apply(snapshot)
        let view = collection.standInSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1))
        #expect((view as? SupplementaryView)?.title == "header 1")
    }
}

/// A row view that remembers the identifier it was made for.
private final class HeaderRowView: NSTableRowView {
    var identifier: AnyHashable?
    convenience init(_ identifier: AnyHashable) {
        self.init()
        self.identifier = identifier
    }
}

/// A supplementary view with a title.
private final class SupplementaryView: NSView, NSCollectionViewElement {
    var title = ""
    convenience init(_ title: String) {
        self.init()
        self.title = title
    }
}

/// An AppKit table data source subclassed as apps subclass Apple's: its own view for item rows
/// and group rows, through the delegate methods the table calls; it inherits the initialisers.
private final class TitledTableDataSource: AppKitTableViewDiffableDataSource<Int, Int> {
    override func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        guard let item = itemIdentifier(forRow: row) else { return super.tableView(tableView, viewFor: tableColumn, row: row) }
        return ItemTableCellView().configure("row \(item)")
    }
}

/// An AppKit collection data source subclassed with its own initialiser and supplementary views.
private final class HeaderedCollectionDataSource: AppKitCollectionViewDiffableDataSource<Int, Int> {
    @MainActor init(collectionView: NSCollectionView) {
        super.init(collectionView: collectionView) { _, _, _ in NSCollectionViewItem() }
    }

    override func collectionView(
        _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
        at indexPath: IndexPath
    ) -> NSView {
        SupplementaryView("\(kind) of \(sectionIdentifier(for: indexPath.section) ?? -1)")
    }
}

@MainActor
@Suite struct AppKitDataSourceSubclassTests {
    @Test func theTableCallsTheSubclassForEveryRow() {
        let table = NSTableView()
        table.standInMove(toWindow: NSWindow())
        table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("title")))
        let dataSource = TitledTableDataSource(tableView: table) { _, _, _, item in ItemTableCellView().configure(item) }
        dataSource.sectionHeaderViewProvider = { _, _, section in ItemTableCellView().configure("header \(section)") }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([1, 2])
        snapshot.appendItems([10, 11], toSection: 1)
        snapshot.appendItems([20], toSection: 2)
        dataSource.apply(snapshot, animatingDifferences: true)
        let shown = (0..<table.numberOfRows).map {
            (table.view(atColumn: 0, row: $0, makeIfNecessary: false) as? ItemTableCellView)?.item
        }
        #expect(shown == ["header 1", "row 10", "row 11", "header 2", "row 20"])
        #expect(table.standInGroupRows == [0, 3] && table.standInFailures.isEmpty, "\(table.standInFailures)")
    }

    @Test func theCollectionViewCallsTheSubclassForSupplementaryViews() {
        let collection = NSCollectionView()
        collection.standInMove(toWindow: NSWindow())
        let dataSource = HeaderedCollectionDataSource(collectionView: collection)
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([7])
        dataSource.apply(snapshot)
        let view = collection.standInSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))
        #expect((view as? SupplementaryView)?.title == "header of 7")
    }
}
