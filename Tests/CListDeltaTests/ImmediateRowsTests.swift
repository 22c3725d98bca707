import CListDelta
import Testing

/// `ld_immediate_rows`'s statuses and its zero-allocation reuse; what its operations do is
/// checked through the Swift glue's replay (ImmediateRowOperationsTests).
@Suite struct ImmediateRowsTests {
    private func run(
        _ workspace: OpaquePointer?, rows: Int, deleted: [Int32] = [], inserted: [Int32] = [],
        moved: [ld_pair_t] = [], reloaded: [Int32] = [], out: UnsafeMutablePointer<ld_row_operations_t>?
    ) -> ld_status {
        ld_immediate_rows(
            workspace, rows, deleted, deleted.count, inserted, inserted.count, moved, moved.count, reloaded,
            reloaded.count, nil, out)
    }

    @Test func nullPointersAreInvalidAndLeaveTheOutputAlone() {
        let harness = CoreHarness()
        var out = ld_row_operations_t()
        out.count = 99
        #expect(run(nil, rows: 1, out: &out) == LD_ERROR_INVALID)
        #expect(run(harness.workspace, rows: 1, out: nil) == LD_ERROR_INVALID)
        #expect(ld_immediate_rows(harness.workspace, 2, nil, 1, nil, 0, nil, 0, nil, 0, nil, &out) == LD_ERROR_INVALID)
        #expect(out.count == 99)
        #expect(ld_immediate_rows(harness.workspace, 0, nil, 0, nil, 0, nil, 0, nil, 0, nil, &out) == LD_OK)
        #expect(out.count == 0)
    }

    @Test func batchesUIKitRejectsAreInvalid() {
        let harness = CoreHarness()
        var out = ld_row_operations_t()
        let invalid: [(deleted: [Int32], inserted: [Int32], moved: [ld_pair_t], reloaded: [Int32])] = [
            ([3], [], [], []),  // out of range
            ([1, 1], [], [], []),  // twice
            ([1], [], [], [1]),  // deleted and reloaded
            ([1], [], [ld_pair_t(source: 1, target: 0)], []),  // deleted and moved
            ([], [], [ld_pair_t(source: 1, target: 0)], [1]),  // reloaded and moved
            ([], [0], [ld_pair_t(source: 1, target: 0)], []),  // inserted and moved to
            ([], [], [ld_pair_t(source: 0, target: 3)], []),  // a target out of range
            ([], [-1], [], []),
        ]
        for (deleted, inserted, moved, reloaded) in invalid {
            #expect(
                run(harness.workspace, rows: 3, deleted: deleted, inserted: inserted, moved: moved, reloaded: reloaded, out: &out)
                    == LD_ERROR_INVALID, "\(deleted) \(inserted) \(moved) \(reloaded)")
        }
        #expect(run(harness.workspace, rows: Int(LD_MAX_COUNT) + 1, out: &out) == LD_ERROR_OVERFLOW)
    }

    @Test func aWarmWorkspaceAllocatesNothingForNoLargerBatches() {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        var out = ld_row_operations_t()
        let moves = [ld_pair_t(source: 0, target: 9), ld_pair_t(source: 5, target: 0)]
        #expect(
            run(harness.workspace, rows: 10, deleted: [2, 3], inserted: [4, 5], moved: moves, reloaded: [7], out: &out) == LD_OK)
        let allocations = counting.counts.allocations
        #expect(run(harness.workspace, rows: 10, deleted: [1], inserted: [2], moved: moves, out: &out) == LD_OK)
        #expect(counting.counts.allocations == allocations)
        #expect(out.count == 4)  // remove, insert, and the two moves
    }

    /// The header promises a poll at least every 4,096 rows of work: a cancelled token stops a
    /// large batch with LD_CANCELLED and leaves the output alone; the workspace stays usable.
    @Test func aCancelledTokenStopsALargeBatch() {
        let harness = CoreHarness()
        var token: OpaquePointer?
        #expect(ld_cancel_token_create(nil, &token) == LD_OK)
        defer { ld_cancel_token_free(token) }
        ld_cancel_token_cancel(token)
        let rows = 100_000
        let deleted: [Int32] = [0], inserted: [Int32] = [Int32(rows - 1)]
        let moved = [ld_pair_t(source: 1, target: 0)]
        var out = ld_row_operations_t()
        out.count = 99
        let cancelled = ld_immediate_rows(harness.workspace, rows, deleted, 1, inserted, 1, moved, 1, nil, 0, token, &out)
        #expect(cancelled == LD_CANCELLED && out.count == 99)
        ld_cancel_token_reset(token)
        let finished = ld_immediate_rows(harness.workspace, rows, deleted, 1, inserted, 1, moved, 1, nil, 0, token, &out)
        #expect(finished == LD_OK && out.count == 3, "remove, move, insert")
    }
}
