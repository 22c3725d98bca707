import CListDelta
import Testing

/// `ld_anchor_plan` and `ld_anchor_offset` called directly: their argument rules, the edges and
/// the clamping. The rule itself is tested through the Swift layer's reloads
/// (ScrollAnchorTests), against a reference written from the layout.
@Suite struct AnchorTests {
    private let viewport = ld_viewport_t(offset: 100, length: 200, content_length: 1000, inset_leading: 20, inset_trailing: 10)

    private func planned(
        _ mode: ld_scroll_anchor, _ viewport: ld_viewport_t, rows: [ld_visible_row_t], deleted: [ld_path_t] = [],
        inserted: [ld_path_t] = []
    ) -> (ld_status, ld_anchor_plan_t) {
        let harness = CoreHarness()
        var plan = ld_anchor_plan_t(keep: LD_SCROLL_ANCHOR_BOTTOM, path: ld_path_t(section: 9, element: 9), distance: 9)
        let status = deleted.withUnsafeBufferPointer { deleted in
            inserted.withUnsafeBufferPointer { inserted in
                var batch = ld_batch_t()
                (batch.element_deleted, batch.element_deleted_count) = (deleted.baseAddress, deleted.count)
                (batch.element_inserted, batch.element_inserted_count) = (inserted.baseAddress, inserted.count)
                var viewport = viewport
                return ld_anchor_plan(harness.workspace, mode, &batch, &viewport, rows, rows.count, &plan)
            }
        }
        return (status, plan)
    }

    private func row(_ element: Int32, _ leading: Double) -> ld_visible_row_t {
        ld_visible_row_t(path: ld_path_t(section: 0, element: element), leading: leading)
    }

    @Test func badArgumentsAreRefusedAndLeaveThePlanAlone() {
        let harness = CoreHarness()
        var batch = ld_batch_t(), viewport = viewport, plan = ld_anchor_plan_t()
        let rows = [row(0, 0)]
        #expect(ld_anchor_plan(nil, LD_SCROLL_ANCHOR_TOP, &batch, &viewport, rows, 1, &plan) == LD_ERROR_INVALID)
        #expect(ld_anchor_plan(harness.workspace, LD_SCROLL_ANCHOR_TOP, nil, &viewport, rows, 1, &plan) == LD_ERROR_INVALID)
        #expect(ld_anchor_plan(harness.workspace, LD_SCROLL_ANCHOR_TOP, &batch, nil, rows, 1, &plan) == LD_ERROR_INVALID)
        #expect(ld_anchor_plan(harness.workspace, LD_SCROLL_ANCHOR_TOP, &batch, &viewport, nil, 1, &plan) == LD_ERROR_INVALID)
        #expect(ld_anchor_plan(harness.workspace, LD_SCROLL_ANCHOR_TOP, &batch, &viewport, rows, 1, nil) == LD_ERROR_INVALID)
        batch.element_moved_count = 1
        #expect(ld_anchor_plan(harness.workspace, LD_SCROLL_ANCHOR_TOP, &batch, &viewport, rows, 1, &plan) == LD_ERROR_INVALID)
        #expect(planned(ld_scroll_anchor(rawValue: 4), viewport, rows: rows).0 == LD_ERROR_INVALID)
        #expect(planned(LD_SCROLL_ANCHOR_TOP, viewport, rows: [row(-1, 0)]).0 == LD_ERROR_INVALID)
        #expect(planned(LD_SCROLL_ANCHOR_TOP, viewport, rows: [row(0, .nan)]).0 == LD_ERROR_INVALID)
        var broken = self.viewport
        broken.length = -1
        #expect(planned(LD_SCROLL_ANCHOR_TOP, broken, rows: rows).0 == LD_ERROR_INVALID)
        broken = self.viewport
        broken.offset = .infinity
        let (status, untouched) = planned(LD_SCROLL_ANCHOR_TOP, broken, rows: rows)
        #expect(status == LD_ERROR_INVALID && untouched.keep == LD_SCROLL_ANCHOR_BOTTOM, "out must be untouched on error")

        var kept = ld_anchor_plan_t(keep: LD_SCROLL_ANCHOR_VISIBLE_CONTENT, path: ld_path_t(), distance: 0)
        var offset = 7.0
        #expect(ld_anchor_offset(&kept, &viewport, .nan, &offset) == LD_ERROR_INVALID)
        #expect(ld_anchor_offset(nil, &viewport, 0, &offset) == LD_ERROR_INVALID)
        #expect(ld_anchor_offset(&kept, nil, 0, &offset) == LD_ERROR_INVALID)
        #expect(ld_anchor_offset(&kept, &viewport, 0, nil) == LD_ERROR_INVALID)
        kept.keep = ld_scroll_anchor(rawValue: 9)
        #expect(ld_anchor_offset(&kept, &viewport, 0, &offset) == LD_ERROR_INVALID && offset == 7)
    }

    @Test func theFirstSurvivingRowOnScreenAnchors() {
        // Rows 3 (top 90, half off screen), 4 (top 130) and 5 (top 170); 3 is deleted, two rows
        // are inserted above: 4 is the anchor and lands at 5.
        let rows = [row(5, 170), row(3, 90), row(4, 130)]
        let (status, plan) = planned(
            LD_SCROLL_ANCHOR_VISIBLE_CONTENT, viewport, rows: rows, deleted: [ld_path_t(section: 0, element: 3)],
            inserted: [ld_path_t(section: 0, element: 0), ld_path_t(section: 0, element: 1)])
        #expect(status == LD_OK && plan.keep == LD_SCROLL_ANCHOR_VISIBLE_CONTENT)
        #expect(plan.path.section == 0 && plan.path.element == 5 && plan.distance == 130 - 120)
        var after = viewport, offset = 0.0, kept = plan
        #expect(ld_anchor_offset(&kept, &after, 250, &offset) == LD_OK && offset == 250 - 10 - 20)
        #expect(ld_anchor_offset(&kept, &after, 5000, &offset) == LD_OK && offset == 1000 + 10 - 200, "clamped")
        #expect(ld_anchor_offset(&kept, &after, -50, &offset) == LD_OK && offset == -20, "clamped")
    }

    @Test func amongRowsOfOneLeadingEdgeTheFirstByIndexPathAnchorsInWhateverOrderListed() {
        // Items 6 and 7 share a line (top 130), listed as AppKit's set happens to: 6 anchors
        // either way, and lands at 7 after the insert above.
        let inserted = [ld_path_t(section: 0, element: 0)]
        for rows in [[row(7, 130), row(6, 130)], [row(6, 130), row(7, 130)]] {
            let (status, plan) = planned(LD_SCROLL_ANCHOR_VISIBLE_CONTENT, viewport, rows: rows, inserted: inserted)
            #expect(status == LD_OK && plan.path.element == 7 && plan.distance == 10)
        }
    }

    @Test func noSurvivorOrNoModeKeepsNothing() {
        let deleted = [ld_path_t(section: 0, element: 3)]
        #expect(
            planned(LD_SCROLL_ANCHOR_VISIBLE_CONTENT, viewport, rows: [row(3, 90)], deleted: deleted).1.keep
                == LD_SCROLL_ANCHOR_NONE)
        #expect(planned(LD_SCROLL_ANCHOR_NONE, viewport, rows: [row(4, 90)]).1.keep == LD_SCROLL_ANCHOR_NONE)
        #expect(planned(LD_SCROLL_ANCHOR_VISIBLE_CONTENT, viewport, rows: []).1.keep == LD_SCROLL_ANCHOR_NONE)
        var none = ld_anchor_plan_t(), after = viewport, offset = 0.0
        after.offset = 123
        #expect(ld_anchor_offset(&none, &after, .nan, &offset) == LD_OK && offset == 123)
    }

    @Test func edgesPinWithinHalfAPoint() {
        var top = viewport, bottom = viewport
        top.offset = -20 + 0.5
        bottom.offset = 1000 + 10 - 200 - 0.5
        #expect(planned(LD_SCROLL_ANCHOR_TOP, top, rows: [row(0, 0)]).1.keep == LD_SCROLL_ANCHOR_TOP)
        #expect(planned(LD_SCROLL_ANCHOR_BOTTOM, bottom, rows: [row(0, 0)]).1.keep == LD_SCROLL_ANCHOR_BOTTOM)
        top.offset -= 0.01
        #expect(planned(LD_SCROLL_ANCHOR_BOTTOM, top, rows: [row(0, 0)]).1.keep == LD_SCROLL_ANCHOR_VISIBLE_CONTENT)
        bottom.offset -= 0.01
        #expect(planned(LD_SCROLL_ANCHOR_BOTTOM, bottom, rows: [row(0, 0)]).1.keep == LD_SCROLL_ANCHOR_VISIBLE_CONTENT)
        // Content shorter than the view: at both edges; the bottom is the top.
        var short = viewport
        (short.content_length, short.offset) = (50, -20)
        var plan = planned(LD_SCROLL_ANCHOR_BOTTOM, short, rows: []).1, offset = 0.0
        #expect(plan.keep == LD_SCROLL_ANCHOR_BOTTOM)
        short.content_length = 900
        #expect(ld_anchor_offset(&plan, &short, 0, &offset) == LD_OK && offset == 900 + 10 - 200)
    }
}
