import CListDelta
import CListDeltaChecks
import TestSupport
import Testing

@Suite struct MyersTests {
    @Test func rotationIsOneDeleteAndOneInsert() {
        _ = CoreHarness().diff(LDC_MYERS, source: [1, 2, 3, 4], target: [4, 1, 2, 3]) { status, result in
            #expect(status == LD_OK)
            #expect(result.deletes == [3] && result.inserts == [0] && result.moved_count == 0)
        }
    }

    @Test func budgetBelowTheEditDistanceIsReported() {
        var random = SplitMix64(seed: 7)
        let source = (0..<2_000).map(UInt64.init)
        let target = RandomLists.edited(source, alphabet: 3_000, &random)
        let harness = CoreHarness()
        var distance = 0
        _ = harness.diff(LDC_MYERS, source: source, target: target) { status, result in
            #expect(status == LD_OK)
            distance = result.deleted_count + result.inserted_count
        }
        #expect(distance > 2)
        #expect(
            harness.diff(LDC_MYERS, source: source, target: target, maxEdits: distance - 1)
                == LD_EDIT_BUDGET_EXCEEDED)
        #expect(harness.diff(LDC_MYERS, source: source, target: target, maxEdits: distance) == LD_OK)
        // After a refusal the workspace diffs again correctly.
        #expect(harness.verify(LDC_MYERS, source: [1, 2, 3], target: [3, 2, 1]).isEmpty)
    }

    @Test func budgetAppliesToTrivialEdits() {
        let harness = CoreHarness()
        #expect(harness.diff(LDC_MYERS, source: [], target: [1, 2, 3], maxEdits: 2) == LD_EDIT_BUDGET_EXCEEDED)
        #expect(harness.diff(LDC_MYERS, source: [], target: [1, 2, 3], maxEdits: 3) == LD_OK)
    }

    @Test func zeroBudgetAdmitsIdenticalListsOnly() {
        let harness = CoreHarness()
        #expect(harness.diff(LDC_MYERS, source: [1, 2, 3], target: [1, 2, 3], maxEdits: 0) == LD_OK)
        #expect(harness.diff(LDC_MYERS, source: [], target: [], maxEdits: 0) == LD_OK)
        #expect(harness.diff(LDC_MYERS, source: [1, 2, 3], target: [1, 3], maxEdits: 0) == LD_EDIT_BUDGET_EXCEEDED)
        #expect(harness.diff(LDC_MYERS, source: [1, 2], target: [2, 1], maxEdits: 0) == LD_EDIT_BUDGET_EXCEEDED)
        #expect(harness.diff(LDC_MYERS, source: [1, 2], target: [2, 1], maxEdits: unlimitedEdits) == LD_OK)
        // No options at all: no budget.
        var ids: [UInt64] = [1, 2]
        var reversed: [UInt64] = [2, 1]
        var out = ld_result_t()
        #expect(ld_myers_diff(harness.workspace, &ids, 2, &reversed, 2, nil, &out) == LD_OK)
    }

    @Test func memoryIsLinear() {
        let harness = CoreHarness()
        let source = (0..<20_000).map(UInt64.init)
        let target = source.map { $0 &* 7_919 % 20_011 }  // mostly different: a large edit distance
        #expect(harness.diff(LDC_MYERS, source: source, target: target) == LD_OK)
        #expect(harness.bytesHeld <= 40 * (source.count + target.count), "held \(harness.bytesHeld) bytes")
    }
}
