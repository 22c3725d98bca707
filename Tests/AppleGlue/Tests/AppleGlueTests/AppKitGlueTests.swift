import AppKit
import ListDelta
import Testing

/// A data source for AppKit's views: rows show themselves as their value.
@MainActor
final class AppKitDataSource: NSTableViewDataSource, NSCollectionViewDataSource {
    var sections: [[Row]]

    init(_ sections: [[Row]]) { self.sections = sections }

    func numberOfRows(in tableView: NSTableView) -> Int { sections[0].count }
    func tableView(_ tableView: NSTableView, objectValueFor tableColumn: NSTableColumn?, row: Int) -> Any? {
        sections[0][row]
    }
    func numberOfSections(in collectionView: NSCollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath)
        -> NSCollectionViewItem
    { NSCollectionViewItem() }
}

/// ListDelta's AppKit glue, compiled unchanged against the AppKit stand-in. The stand-in table
/// checks that after every batch each row shows what the data source holds at its index.
@MainActor
@Suite(.serialized) struct AppKitGlueTests {
    init() { AppKitStandIn.failures = [] }

    private func onScreen<View: NSView>(_ view: View) -> View {
        view.standInMove(toWindow: NSWindow())
        return view
    }

    @Test func tableRowsEndWhereTheDataSourceHasThem() {
        var random = Random(state: 3)
        var newIDs = 1_000
        var rows = (0..<40).map { Row(id: $0) }
        let dataSource = AppKitDataSource([rows])
        let table = onScreen(NSTableView())
        table.dataSource = dataSource
        #expect(table.numberOfRows == 40)
        var movesAsked = 0, movesMade = 0
        for round in 0..<500 {
            let next = random.edited(rows, newIDs: &newIDs)
            let changes = StagedChangeset(source: rows, target: next)
            movesAsked += changes.reduce(0) { $0 + $1.elementMoved.count }
            let callsBefore = table.standInCalls.count
            if round % 2 == 0 {
                table.reload(using: changes, with: .effectFade) { data in dataSource.sections = [data] }
            } else {
                table.reload(
                    using: changes, deleteRowsAnimation: .slideUp, insertRowsAnimation: .slideDown,
                    reloadRowsAnimation: .effectFade
                ) { data in dataSource.sections = [data] }
            }
            movesMade += table.standInCalls[callsBefore...].filter { $0.hasPrefix("move") }.count
            rows = next
            #expect(AppKitStandIn.failures.isEmpty, "round \(round): \(AppKitStandIn.failures)")
            #expect(table.numberOfRows == rows.count)
        }
        #expect(movesMade == movesAsked, "one row move per element move, no more")
        #expect(table.standInFullReloadCount == 0)
    }

    @Test func sectionedCollectionReloadsStayValid() {
        var random = Random(state: 4)
        var newIDs = 1_000
        var sections = (0..<6).map { s in RowSection(model: s, elements: (0..<8).map { Row(id: s * 100 + $0) }) }
        let dataSource = AppKitDataSource(sections.map(\.elements))
        let collection = onScreen(NSCollectionView())
        collection.dataSource = dataSource
        for round in 0..<300 {
            let next = random.editedSections(sections, newIDs: &newIDs)
            collection.reload(using: StagedChangeset(source: sections, target: next)) { data in
                dataSource.sections = data.map(\.elements)
            }
            sections = next
            #expect(AppKitStandIn.failures.isEmpty, "round \(round): \(AppKitStandIn.failures)")
        }
        #expect(collection.standInFullReloadCount == 0 && collection.numberOfSections == sections.count)
    }

    @Test func completionComesAfterTheAnimationsAndTheGuardHolds() {
        let rows = (0..<5).map { Row(id: $0) }
        let dataSource = AppKitDataSource([rows])
        let table = onScreen(NSTableView())
        table.dataSource = dataSource
        var outcomes: [ReloadOutcome] = []
        let target = [Row(id: 4), Row(id: 0, content: 1), Row(id: 9)]
        table.reload(using: StagedChangeset(source: rows, target: target), with: [], completion: { outcomes.append($0) }) {
            dataSource.sections = [$0]
        }
        #expect(outcomes.isEmpty)
        NSAnimationContext.standInFinishAnimations()
        #expect(outcomes == [.animated(finished: true)] && AppKitStandIn.failures.isEmpty)

        // The data source changes behind the table's back: reloaded, not animated.
        dataSource.sections = [target + [Row(id: 10)]]
        table.reload(
            using: StagedChangeset(source: dataSource.sections[0], target: rows), with: .effectFade,
            completion: {
                outcomes.append($0)
            }
        ) { dataSource.sections = [$0] }
        #expect(outcomes.last == .reloaded(.viewOutOfSync(.init(section: 0, expected: 4, actual: 3))))
        #expect(AppKitStandIn.failures.isEmpty && table.numberOfRows == 5)

        let offscreen = NSCollectionView()
        offscreen.dataSource = dataSource
        offscreen.reload(using: StagedChangeset(source: rows, target: target), completion: { outcomes.append($0) }) {
            dataSource.sections = [$0]
        }
        #expect(outcomes.last == .reloaded(.notInWindow) && offscreen.standInBatchCount == 0)
    }
}
