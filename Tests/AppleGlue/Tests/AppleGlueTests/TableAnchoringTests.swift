import ListDelta
import Testing
import UIKit

@MainActor
@Suite(.serialized) struct TableAnchoringTests {
    /// Thousands of random updates, each stage checked against the reference from the layout
    /// before and after it: the anchor row's distance from the visible top kept (or the clamped
    /// offset), the edges pinned, and with anchoring off the offset UIKit leaves.
    @Test func everyStageKeepsWhatTheAnchorSays() async {
        let tally = AnchoringTally()
        await forEverySeedAndAnchor(UInt64(0)..<100) { seed, anchor in
            var random = RandomTable(seed: seed)
            let (table, rows) = (random.table, random.rows)
            for _ in 0..<3 {
                let staged = StagedChangeset(source: rows.data, target: random.edited())
                random.expectAnchored(by: anchor, tally: tally, "seed \(seed)") {
                    table.reload(using: staged, with: .automatic, anchoring: anchor) { rows.data = $0 }
                }
            }
        }
        tally.expectEnough(1_000)
    }

    /// A touch, a drag or a deceleration: the batches run, the offset is never set.
    @Test func aScrollingUserIsNeverFought() async {
        for seed in UInt64(0)..<60 {
            await Task.yield()  // others on the main actor get their turn
            for gesture in 0..<3 {
                var random = RandomTable(seed: seed)
                let (table, rows) = (random.table, random.rows)
                switch gesture {
                case 0: table.standInBeginTouch()
                case 1: table.standInBeginDrag()
                default:
                    table.standInBeginDrag()
                    table.standInEndDrag(decelerating: true)
                }
                let writes = table.standInOffsetWrites, target = random.edited()
                table.reload(using: StagedChangeset(source: rows.data, target: target), with: .none, anchoring: .visibleContent) {
                    rows.data = $0
                }
                #expect(table.standInOffsetWrites == writes && rows.data == target, "seed \(seed) gesture \(gesture)")
                #expect(gesture != 2 || table.isDecelerating, "the deceleration keeps running")
            }
        }
    }
}
