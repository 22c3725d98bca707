import CListDelta
import CListDeltaChecks
import Testing

/// Every status the core can return, provoked on purpose; outputs must stay untouched.
@Suite struct ErrorTests {
    static let algorithms = [LDC_HECKEL, LDC_MYERS]

    private func run(
        _ algorithm: ldc_algorithm, _ workspace: OpaquePointer?,
        _ source: UnsafePointer<UInt64>?, _ sourceCount: Int,
        _ target: UnsafePointer<UInt64>?, _ targetCount: Int,
        _ options: UnsafePointer<ld_options_t>?, _ out: UnsafeMutablePointer<ld_result_t>?
    ) -> ld_status {
        let diff = algorithm == LDC_HECKEL ? ld_heckel_diff : ld_myers_diff
        return diff(workspace, source, sourceCount, target, targetCount, options, out)
    }

    @Test(arguments: algorithms)
    func nullPointersAreInvalid(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        var ids: [UInt64] = [1, 2]
        var out = ld_result_t()
        out.deleted_count = 99
        #expect(run(algorithm, nil, &ids, 2, &ids, 2, nil, &out) == LD_ERROR_INVALID)
        #expect(run(algorithm, harness.workspace, &ids, 2, &ids, 2, nil, nil) == LD_ERROR_INVALID)
        #expect(run(algorithm, harness.workspace, nil, 1, &ids, 2, nil, &out) == LD_ERROR_INVALID)
        #expect(run(algorithm, harness.workspace, &ids, 2, nil, 1, nil, &out) == LD_ERROR_INVALID)
        #expect(out.deleted_count == 99, "out must be untouched on error")
        #expect(run(algorithm, harness.workspace, nil, 0, nil, 0, nil, &out) == LD_OK, "(NULL, 0) is empty")
    }

    @Test(arguments: algorithms)
    func contentForOneSideOnlyIsInvalid(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        let ids: [UInt64] = [1, 2]
        var out = ld_result_t()
        ids.withUnsafeBufferPointer { buffer in
            var options = ld_options_t()
            options.source_content = buffer.baseAddress
            #expect(
                run(algorithm, harness.workspace, buffer.baseAddress, 2, buffer.baseAddress, 2, &options, &out)
                    == LD_ERROR_INVALID)
            // The other side being empty needs no array.
            #expect(run(algorithm, harness.workspace, buffer.baseAddress, 2, nil, 0, &options, &out) == LD_OK)
        }
    }

    @Test(arguments: algorithms)
    func countsBeyondTheLimitOverflow(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        var one: UInt64 = 1
        var out = ld_result_t()
        #expect(run(algorithm, harness.workspace, &one, Int(LD_MAX_COUNT) + 1, &one, 1, nil, &out) == LD_ERROR_OVERFLOW)
        #expect(run(algorithm, harness.workspace, &one, 1, &one, Int.max, nil, &out) == LD_ERROR_OVERFLOW)
        #expect(harness.bytesHeld == 0, "nothing may be allocated for a refused diff")
    }

    @Test(arguments: algorithms)
    func everyAllocationFailureIsReportedAndLeaksNothing(algorithm: ldc_algorithm) {
        let source = (0..<500).map(UInt64.init), target = source.reversed().map { $0 }
        let counting = CountingAllocator()
        do {
            let harness = CoreHarness(allocator: counting.allocator)
            #expect(harness.diff(algorithm, source: source, target: target) == LD_OK)
        }
        let needed = counting.counts.attempts
        #expect(needed > 1 && counting.counts.live_bytes == 0)
        for failing in 0..<needed {
            counting.reset(failAt: failing)
            if failing == 0 {
                var created: OpaquePointer?
                #expect(ld_workspace_create(counting.allocator, &created) == LD_ERROR_ALLOC && created == nil)
                continue
            }
            do {
                let harness = CoreHarness(allocator: counting.allocator)
                #expect(
                    harness.diff(algorithm, source: source, target: target) == LD_ERROR_ALLOC,
                    "allocation \(failing) should fail the diff")
                #expect(
                    harness.verify(algorithm, source: source, target: target).isEmpty,
                    "the workspace must work after a failed allocation")
            }
            #expect(counting.counts.live_bytes == 0, "allocation \(failing): \(counting.counts.live_bytes) bytes leaked")
        }
    }

    @Test func tokenCreationFailureIsReported() {
        let counting = CountingAllocator(failAt: 0)
        var token: OpaquePointer?
        #expect(ld_cancel_token_create(counting.allocator, &token) == LD_ERROR_ALLOC && token == nil)
        #expect(ld_cancel_token_create(nil, nil) == LD_ERROR_INVALID)
        #expect(ld_workspace_create(nil, nil) == LD_ERROR_INVALID)
    }

    @Test func hashRejectsNullBytesWithALength() {
        var hash: UInt64 = 42
        #expect(ld_hash64(nil, 3, 0, &hash) == LD_ERROR_INVALID && hash == 42)
        #expect(ld_hash64(nil, 0, 0, nil) == LD_ERROR_INVALID)
        #expect(ld_hash64(nil, 0, 0, &hash) == LD_OK)
    }

    @Test func everyStatusHasADescription() {
        let statuses = [
            LD_OK, LD_ERROR_INVALID, LD_ERROR_ALLOC, LD_ERROR_OVERFLOW, LD_CANCELLED, LD_EDIT_BUDGET_EXCEEDED,
            LD_ERROR_INTERNAL,
        ]
        let descriptions = Set(statuses.map { String(cString: ld_status_description($0)) })
        #expect(descriptions.count == statuses.count && !descriptions.contains("unknown status"))
        #expect(String(cString: ld_status_description(ld_status(rawValue: 77))) == "unknown status")
    }
}
