import CListDelta
import CListDeltaChecks
import Foundation
import TestSupport
import Testing

@Suite struct CancellationTests {
    private func makeToken() -> OpaquePointer {
        var token: OpaquePointer?
        precondition(ld_cancel_token_create(nil, &token) == LD_OK)
        return token!
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func cancelledTokenStopsTheDiffAndTheWorkspaceStaysUsable(algorithm: ldc_algorithm) {
        let token = makeToken()
        defer { ld_cancel_token_free(token) }
        let harness = CoreHarness()
        var random = SplitMix64(seed: 10)
        let source = (0..<10_000).map(UInt64.init), reversed = Array(source.reversed())
        ld_cancel_token_cancel(token)
        #expect(ld_cancel_token_is_cancelled(token))
        var out = ld_result_t()
        out.moved_count = 12_345
        var options = ld_options_t()
        options.cancel = token
        let diff = algorithm == LDC_HECKEL ? ld_heckel_diff : ld_myers_diff
        #expect(diff(harness.workspace, source, source.count, reversed, reversed.count, &options, &out) == LD_CANCELLED)
        #expect(out.moved_count == 12_345, "out must be untouched when the diff is cancelled")
        ld_cancel_token_reset(token)
        #expect(!ld_cancel_token_is_cancelled(token))
        #expect(harness.diff(algorithm, source: [1, 2], target: [2, 1], cancel: token) == LD_OK)
        #expect(harness.verify(algorithm, source: source, target: RandomLists.shuffled(source, &random)).isEmpty)
    }

    @Test func cancellationFromAnotherThreadStopsALongMyersDiff() {
        // Two unrelated 200k lists drawn from 1,000 identities (repeats leave the LCS to Myers):
        // Myers would need tens of seconds. The budget bounds the diff to a few seconds, so a
        // core that ignored the token fails instead of hanging.
        let token = makeToken()
        defer { ld_cancel_token_free(token) }
        var random = SplitMix64(seed: 11)
        let source = (0..<200_000).map { _ in UInt64(random.bounded(1_000)) }
        let target = (0..<200_000).map { _ in UInt64(random.bounded(1_000)) }
        nonisolated(unsafe) let sharedToken = token
        let cancel = DelayedAction(after: 0.05) { ld_cancel_token_cancel(sharedToken) }
        let harness = CoreHarness()
        #expect(harness.diff(LDC_MYERS, source: source, target: target, cancel: token, maxEdits: 60_000) == LD_CANCELLED)
        // From the cancel to the return, both on the threads involved. Generous: only a diff
        // that ignored the token would take this long.
        let returned = Date()
        #expect(returned.timeIntervalSince(cancel.time ?? .distantFuture) < 10)
        #expect(harness.verify(LDC_HECKEL, source: [3, 2, 1], target: [1, 2, 3]).isEmpty)
    }

    /// The header promises a poll at least every 4,096 elements of work, not only on entry: a
    /// token cancelled once a call has begun stops the call. The allocator cancels the token at
    /// the call's first allocation, which comes after its entry checks (a fresh workspace
    /// reserves its buffers there), so only a poll during the work sees the cancel.
    @Test(arguments: ["Heckel", "Myers", "sectioned", "stage"])
    func aTokenCancelledOnceTheCallBeganStopsIt(call: String) {
        let token = makeToken()
        defer { ld_cancel_token_free(token) }
        let cancelling = CancellingAllocator(token: token)
        withExtendedLifetime(cancelling) {
            var random = SplitMix64(seed: 12)
            let input = StagingEngineTests.largeInput(sections: 200, perSection: 100, seed: 13)
            switch call {
            case "Heckel", "Myers":
                let harness = CoreHarness(allocator: cancelling.allocator)
                let source = (0..<20_000).map(UInt64.init), target = RandomLists.shuffled(source, &random)
                cancelling.armed = true
                let status = harness.diff(
                    call == "Heckel" ? LDC_HECKEL : LDC_MYERS, source: source, target: target, cancel: token)
                #expect(status == LD_CANCELLED)
            case "sectioned":
                let harness = StagingHarness(allocator: cancelling.allocator)
                var options = ld_options_t()
                options.cancel = token
                cancelling.armed = true
                harness.run(input, options: options) { #expect($0.diffStatus == LD_CANCELLED) }
            default:
                // The match comes from another workspace, so this one validates it, then reserves.
                let matching = StagingHarness(), staging = StagingHarness(allocator: cancelling.allocator)
                matching.run(input) { run in
                    #expect(run.stageStatus == LD_OK)
                    var match = run.match, stages = ld_stages_t()
                    cancelling.armed = true
                    #expect(ld_stage(staging.workspace, &match, nil, nil, token, &stages) == LD_CANCELLED)
                }
            }
            #expect(ld_cancel_token_is_cancelled(token), "the call allocated after its start")
        }
    }
}

/// malloc and free for the core, cancelling `token` at every allocation once `armed`.
private final class CancellingAllocator {
    let token: OpaquePointer
    var armed = false
    private let storage = UnsafeMutablePointer<ld_allocator_t>.allocate(capacity: 1)

    init(token: OpaquePointer) {
        self.token = token
        storage.initialize(
            to: ld_allocator_t(
                allocate: { context, length in
                    let allocator = Unmanaged<CancellingAllocator>.fromOpaque(context!).takeUnretainedValue()
                    if allocator.armed { ld_cancel_token_cancel(allocator.token) }
                    return malloc(length)
                },
                deallocate: { _, pointer, _ in free(pointer) },
                context: nil))
        storage.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit { storage.deallocate() }

    /// What the core receives: valid while this object lives.
    var allocator: UnsafePointer<ld_allocator_t> { UnsafePointer(storage) }
}
