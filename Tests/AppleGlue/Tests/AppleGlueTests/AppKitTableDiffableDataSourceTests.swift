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
}
