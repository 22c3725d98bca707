import ListDelta
import Testing
import UIKit

/// `ListUpdater` with `scrollAnchor` set: each snapshot submitted is diffed in the background
/// and applied in stages, each kept as the anchor says; nil leaves the offset UIKit leaves.
@MainActor
@Suite(.serialized) struct ListUpdaterAnchoringTests {
    @Test func everyStageKeepsWhatTheAnchorSays() async {
        let tally = AnchoringTally()
        for seed in UInt64(3_000)..<3_020 {
            for anchor in [nil] + ScrollAnchor.allCases {
                var random = RandomTable(seed: seed)
                let table = random.table
                let updater = ListUpdater(initial: random.rows.data, target: TableViewBatchTarget(table, animation: .fade))
                updater.scrollAnchor = anchor
                random.rows.reading = { [updater] in updater.data }
                for _ in 0..<3 {
                    let target = random.edited()
                    let check = AnchoringCheck(table, by: anchor, identity: random.rows.id, tally: tally, "seed \(seed)")
                    check.watch()
                    updater.submit(target)
                    let shown = await waitUntil({ updater.data == target }, seconds: 60)
                    #expect(shown, "seed \(seed): the snapshot was not applied")
                    check.end(layout: table.layoutIfNeeded, finishAnimations: table.standInFinishAnimations)
                    await updater.settled()
                }
                #expect(updater.statistics.viewsOutOfSync == 0 && table.standInFailures.isEmpty, "seed \(seed)")
            }
        }
        tally.expectEnough(200)
    }
}
