import ListDelta
import Testing
import UIKit

/// UITableView's `reload(using:deleteSectionsAnimation:…anchoring:…)`, with an animation for
/// each kind of operation, anchors as the one-animation form does.
@MainActor
@Suite(.serialized) struct TablePerKindAnchoringTests {
    @Test func everyStageKeepsWhatTheAnchorSays() async {
        let tally = AnchoringTally()
        await forEverySeedAndAnchor(UInt64(1_000)..<1_020) { seed, anchor in
            var random = RandomTable(seed: seed)
            let (table, rows) = (random.table, random.rows)
            for _ in 0..<2 {
                let staged = StagedChangeset(source: rows.data, target: random.edited())
                random.expectAnchored(by: anchor, tally: tally, "seed \(seed)") {
                    table.reload(
                        using: staged, deleteSectionsAnimation: .fade, insertSectionsAnimation: .top,
                        reloadSectionsAnimation: .none, deleteRowsAnimation: .left, insertRowsAnimation: .bottom,
                        reloadRowsAnimation: .automatic, anchoring: anchor
                    ) { rows.data = $0 }
                }
            }
        }
        tally.expectEnough(100)
    }
}
