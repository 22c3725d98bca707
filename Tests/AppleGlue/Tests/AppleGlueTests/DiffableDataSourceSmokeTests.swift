import ListDelta
import Testing
import UIKit

@MainActor
@Suite(.serialized) struct DiffableDataSourceSmokeTests {
    @Test func applyAnimatesTheTableToTheSnapshot() async {
        UIKitStandIn.failures = []
        let table = onScreen(UITableView())
        let dataSource = TableViewDiffableDataSource<String, Int>(tableView: table) { _, _, _ in UITableViewCell() }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([4, 4], toSection: "b")
        await dataSource.apply(snapshot, animatingDifferences: false)
        #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 1) == 2)
        snapshot.moveItem(3, beforeItem: 1)
        snapshot.deleteItems([2])
        snapshot.appendItems([9], toSection: "b")
        snapshot.reloadItems([1])
        let batches = table.standInBatchCount
        let done = Task { await dataSource.apply(snapshot) }
        // The stand-in ends a batch's animations on a later turn of the main actor, so wait for
        // the batch, not for its animation to be seen running.
        let animated = await waitUntil { table.standInBatchCount > batches }
        #expect(animated, "no batch within ten seconds")
        table.standInFinishAnimations()
        await done.value
        #expect(UIKitStandIn.failures.isEmpty)
        #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 1) == 3)
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 0, section: 0)) == 3)
        #expect(dataSource.indexPath(for: 9) == IndexPath(row: 2, section: 1))
        // `animatingDifferences: false` diffs too, as Apple's does from iOS 15: nothing reloads.
        #expect(table.standInFullReloadCount == 0)
    }
}
