import ListDelta
import Testing
import UIKit

/// ListDelta's UIKit glue, compiled unchanged against the UIKit stand-in, driven the way apps
/// drive it. The stand-in records every batch UIKit would reject in `UIKitStandIn.failures`.
@MainActor
@Suite(.serialized) struct UIKitGlueTests {
    init() { UIKitStandIn.failures = [] }

    @Test func flatTableReloadsStayValid() {
        var random = Random(state: 1)
        var newIDs = 1_000
        var rows = (0..<40).map { Row(id: $0) }
        let dataSource = ListDataSource([rows])
        let table = onScreen(UITableView())
        table.dataSource = dataSource
        #expect(table.numberOfRows(inSection: 0) == 40)
        for round in 0..<300 {
            let next = random.edited(rows, newIDs: &newIDs)
            table.reload(using: StagedChangeset(source: rows, target: next), with: .fade) { data in
                dataSource.sections = [data]
            }
            rows = next
            #expect(UIKitStandIn.failures.isEmpty, "round \(round): \(UIKitStandIn.failures)")
            #expect(table.numberOfRows(inSection: 0) == rows.count)
        }
        #expect(table.standInFullReloadCount == 0 && table.standInBatchCount > 300)
    }

    @Test func sectionedCollectionReloadsStayValid() {
        var random = Random(state: 2)
        var newIDs = 1_000
        var sections = (0..<6).map { s in RowSection(model: s, elements: (0..<8).map { Row(id: s * 100 + $0) }) }
        let dataSource = ListDataSource(sections.map(\.elements))
        let collection = onScreen(UICollectionView())
        collection.dataSource = dataSource
        for round in 0..<300 {
            let next = random.editedSections(sections, newIDs: &newIDs)
            collection.reload(using: StagedChangeset(source: sections, target: next)) { data in
                dataSource.sections = data.map(\.elements)
            }
            sections = next
            #expect(UIKitStandIn.failures.isEmpty, "round \(round): \(UIKitStandIn.failures)")
            #expect(collection.numberOfSections == sections.count)
        }
        #expect(collection.standInFullReloadCount == 0)
    }

    @Test func eachKindOfOperationGetsItsAnimation() {
        let source = [RowSection(model: 0, elements: [Row(id: 1), Row(id: 2)]), RowSection(model: 1, elements: [Row(id: 3)])]
        let target = [RowSection(model: 2, elements: [Row(id: 4)]), RowSection(model: 0, elements: [Row(id: 2, content: 1)])]
        let dataSource = ListDataSource(source.map(\.elements))
        let table = onScreen(UITableView())
        table.dataSource = dataSource
        table.reload(
            using: StagedChangeset(source: source, target: target), deleteSectionsAnimation: .left,
            insertSectionsAnimation: .right, reloadSectionsAnimation: .middle, deleteRowsAnimation: .top,
            insertRowsAnimation: .bottom, reloadRowsAnimation: .none
        ) { data in dataSource.sections = data.map(\.elements) }
        #expect(UIKitStandIn.failures.isEmpty, "\(UIKitStandIn.failures)")
        #expect(Set(table.standInAnimations) == [.left, .right, .top, .none], "\(table.standInAnimations)")
    }

    @Test func interruptAndWindowlessViewsReloadInstead() {
        let dataSource = ListDataSource([[Row(id: 1), Row(id: 2)]])
        let table = onScreen(UITableView())
        table.dataSource = dataSource
        _ = table.numberOfSections
        var outcomes: [ReloadOutcome] = []
        let changes = StagedChangeset(source: [Row(id: 1), Row(id: 2)], target: [Row(id: 2), Row(id: 3)])
        table.reload(using: changes, with: .fade, interrupt: { $0.changeCount > 0 }, completion: { outcomes.append($0) }) {
            dataSource.sections = [$0]
        }
        #expect(outcomes == [.reloaded(.interrupted)] && table.standInFullReloadCount == 1 && table.standInBatchCount == 0)

        let offscreen = UICollectionView()
        offscreen.dataSource = dataSource
        offscreen.reload(
            using: StagedChangeset(source: [Row(id: 2), Row(id: 3)], target: [Row(id: 9)]),
            completion: {
                outcomes.append($0)
            }
        ) { dataSource.sections = [$0] }
        #expect(outcomes.last == .reloaded(.notInWindow) && offscreen.standInBatchCount == 0)
        #expect(offscreen.numberOfItems(inSection: 0) == 1)
    }

    @Test func completionRunsOnceAfterTheLastAnimation() {
        let source = [Row(id: 1), Row(id: 2), Row(id: 3)], target = [Row(id: 3), Row(id: 1, content: 1), Row(id: 4)]
        let dataSource = ListDataSource([source])
        let collection = onScreen(UICollectionView())
        collection.dataSource = dataSource
        var outcomes: [ReloadOutcome] = []
        let changes = StagedChangeset(source: source, target: target)
        #expect(changes.count == 3)
        collection.reload(using: changes, completion: { outcomes.append($0) }) { dataSource.sections = [$0] }
        #expect(collection.standInBatchCount == 3)
        #expect(outcomes.isEmpty, "no completion before the animations end")
        collection.standInFinishAnimations()
        #expect(outcomes == [.animated(finished: true)])
        collection.standInFinishAnimations()
        #expect(outcomes.count == 1)
    }

    @Test func dataChangedBehindTheDiffReloadsInsteadOfCrashing() {
        // The app changes its data without telling the view, then diffs from the changed data:
        // a batch UIKit would reject.
        var rows = (0..<5).map { Row(id: $0) }
        let dataSource = ListDataSource([rows])
        let table = onScreen(UITableView())
        table.dataSource = dataSource
        _ = table.numberOfSections
        rows.append(Row(id: 5))
        dataSource.sections = [rows]
        let newRows = Array(rows.dropFirst(2))
        let changes = StagedChangeset(source: rows, target: newRows)

        var outcomes: [ReloadOutcome] = []
        table.reload(using: changes, with: .fade, completion: { outcomes.append($0) }) { dataSource.sections = [$0] }
        let mismatch = ReloadOutcome.CountMismatch(section: 0, expected: 6, actual: 5)
        #expect(outcomes == [.reloaded(.viewOutOfSync(mismatch))])
        #expect(UIKitStandIn.failures.isEmpty && table.standInFullReloadCount == 1)
        #expect(table.numberOfRows(inSection: 0) == newRows.count)

        // Without the guard the same batch is the crash.
        let control = onScreen(UITableView())
        let stale = ListDataSource([Array(rows.dropLast())])
        control.dataSource = stale
        _ = control.numberOfSections
        stale.sections = [rows]
        control.performBatchUpdates({
            stale.sections = [newRows]
            control.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
        })
        #expect(UIKitStandIn.failures.count == 1, "\(UIKitStandIn.failures)")
    }

    @Test func theStandInRejectsTheCombinationsUIKitRejects() {
        let rows = (0..<4).map { Row(id: $0) }
        let batches: [(String, (UITableView, ListDataSource) -> Void)] = [
            (
                "conflicting item operations",
                { table, data in
                    data.sections = [Array(rows.dropFirst())]
                    table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
                    table.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
                }
            ),
            (
                "item into an inserted or moved section",
                { table, data in
                    data.sections = [rows, [Row(id: 9)]]
                    table.insertSections(IndexSet(integer: 1), with: .fade)
                    table.insertRows(at: [IndexPath(row: 0, section: 1)], with: .fade)
                }
            ),
        ]
        for (rule, batch) in batches {
            UIKitStandIn.failures = []
            let table = onScreen(UITableView())
            let data = ListDataSource([rows])
            table.dataSource = data
            _ = table.numberOfSections
            table.performBatchUpdates { batch(table, data) }
            #expect(UIKitStandIn.failures.count == 1 && UIKitStandIn.failures[0].contains(rule), "\(UIKitStandIn.failures)")
        }
    }

    @Test func updatesCanBeReconfiguredInPlace() {
        let source = [Row(id: 1), Row(id: 2)], target = [Row(id: 1, content: 1), Row(id: 2, content: 1)]
        let dataSource = ListDataSource([source])
        let table = onScreen(UITableView()), collection = onScreen(UICollectionView())
        table.dataSource = dataSource
        collection.dataSource = dataSource
        let changes = StagedChangeset(source: source, target: target)
        table.reload(using: changes, with: .fade, reconfiguringUpdates: true) { dataSource.sections = [$0] }
        dataSource.sections = [source]
        collection.reloadData()
        collection.reload(using: changes, reconfiguringUpdates: true) { dataSource.sections = [$0] }
        #expect(table.standInReconfigured.map(\.row) == [0, 1] && table.standInAnimations.isEmpty)
        #expect(collection.standInReconfigured.map(\.item) == [0, 1])
        #expect(UIKitStandIn.failures.isEmpty)
    }

    @Test func listUpdaterReportsShownAfterTheAnimation() async {
        let collection = onScreen(UICollectionView())
        let updater = ListUpdater<[Row]>(initial: [], target: CollectionViewBatchTarget(collection))
        let dataSource = ListDataSource(reading: { [updater] in [updater.data] })
        collection.dataSource = dataSource
        var shownWithAnimationsPending: [Int] = []
        for count in [3, 10, 4] {
            let snapshot = (0..<count).map { Row(id: $0) }
            updater.submit(snapshot) { applied in
                if applied { shownWithAnimationsPending.append(collection.standInPendingAnimations) }
            }
            await updater.settled()
        }
        #expect(shownWithAnimationsPending == [0, 0, 0], "completions must come after the animations")
        #expect(updater.data.count == 4 && UIKitStandIn.failures.isEmpty)
    }
}
