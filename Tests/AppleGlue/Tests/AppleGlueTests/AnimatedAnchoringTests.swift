import AppKit
import ListDelta
import Testing
import UIKit

/// Animated batches: the anchor row has not moved when the reload returns (the view reports the
/// batch's layout), after a further layout, and once the animations ended, on every view.
@MainActor
@Suite(.serialized) struct AnimatedAnchoringTests {
    @Test func theAnchorStaysAtEveryPointTheViewReports() async {
        let tally = AnchoringTally()
        await forEverySeedAndAnchor(UInt64(2_000)..<2_015, anchors: ScrollAnchor.allCases) { seed, anchor in
            var table = RandomTable(seed: seed)
            let tableStaged = StagedChangeset(source: table.rows.data, target: table.edited())
            table.expectAnchored(by: anchor, tally: tally, "table \(seed)", everyPoint: true) {
                table.table.reload(using: tableStaged, with: .fade, anchoring: anchor) { table.rows.data = $0 }
            }
            #expect(table.table.standInPendingAnimations == 0)
            for kind in CollectionLayoutKind.allCases {
                var collection = RandomCollection(seed: seed, layout: kind)
                let staged = StagedChangeset(source: collection.items.data, target: collection.edited())
                collection.expectAnchored(by: anchor, tally: tally, "\(kind) \(seed)", everyPoint: true) {
                    collection.collection.reload(using: staged, anchoring: anchor) { collection.items.data = $0 }
                }
            }
            var nsTable = RandomScrolledView(tableSeed: seed)
            let rows = StagedChangeset(source: nsTable.items.data[0].elements, target: nsTable.editedRows())
            nsTable.expectAnchored(by: anchor, tally: tally, "NSTableView \(seed)", everyPoint: true) {
                nsTable.view.reload(using: rows, with: .effectFade, anchoring: anchor) {
                    nsTable.items.data = [RowSection(model: 0, elements: $0)]
                }
            }
            var nsCollection = RandomScrolledView(collectionSeed: seed)
            let sections = StagedChangeset(source: nsCollection.items.data, target: nsCollection.edited())
            nsCollection.expectAnchored(by: anchor, tally: tally, "NSCollectionView \(seed)", everyPoint: true) {
                nsCollection.view.reload(using: sections, anchoring: anchor) { nsCollection.items.data = $0 }
            }
        }
        tally.expectEnough(200)
    }
}
