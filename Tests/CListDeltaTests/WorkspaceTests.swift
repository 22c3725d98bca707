import CListDelta
import CListDeltaChecks
import TestSupport
import Testing

@Suite struct WorkspaceTests {
    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func warmWorkspaceAllocatesNothingForSameOrSmallerDiffs(algorithm: ldc_algorithm) {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        var random = SplitMix64(seed: 3)
        let source = (0..<5_000).map(UInt64.init)
        #expect(harness.diff(algorithm, source: source, target: RandomLists.edited(source, alphabet: 6_000, &random)) == LD_OK)
        let warm = counting.counts.allocations
        for round in 0..<20 {
            let count = 5_000 - round * 200
            let smaller = Array(source.prefix(count))
            var target = RandomLists.edited(smaller, alphabet: 6_000, &random)
            if target.count > 5_000 { target.removeLast(target.count - 5_000) }
            #expect(harness.diff(algorithm, source: smaller, target: target) == LD_OK)
        }
        #expect(counting.counts.allocations == warm, "a warm workspace allocated \(counting.counts.allocations - warm) times")
    }

    @Test func heckelPeakMemoryStaysWithin30BytesPerElement() {
        let harness = CoreHarness()
        // Sizes just past powers of two give the emptiest hash tables.
        for count in [1, 7, 100, 1_025, 2_049, 43_691, 65_537, 100_000] {
            let source = (0..<UInt64(count)).map { $0 }
            harness.diff(LDC_HECKEL, source: source, target: source.reversed(), cancel: nil)
                .assertOK()
            #expect(harness.bytesHeld <= 30 * 2 * count + 64, "\(count): \(harness.bytesHeld) bytes")
            ld_workspace_reset(harness.workspace)
            #expect(harness.bytesHeld == 0)
        }
    }

    @Test func resetReturnsMemoryAndTheWorkspaceStaysUsable() {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        let empty = counting.counts.live_bytes
        #expect(harness.verify(LDC_HECKEL, source: [1, 2, 3], target: [3, 1]).isEmpty)
        #expect(counting.counts.live_bytes > empty && harness.bytesHeld == counting.counts.live_bytes - empty)
        ld_workspace_reset(harness.workspace)
        #expect(counting.counts.live_bytes == empty)
        #expect(harness.bytesHeld == 0)
        #expect(harness.verify(LDC_MYERS, source: [1, 2, 3], target: [3, 1]).isEmpty)
    }
}

extension ld_status {
    func assertOK(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self == LD_OK, "status \(String(cString: ld_status_description(self)))", sourceLocation: sourceLocation)
    }
}
