import CListDelta
import CListDeltaChecks
import TestSupport
import Testing

/// Thousands of seeded random pairs, each checked by `ldc_check_result` against brute-force
/// references (LCS by dynamic programming, LIS by O(k²), replay, k-th occurrence pairing).
/// A failure names its seed: `RandomLists.pair(seed:)` rebuilds the input.
@Suite struct DiffPropertyTests {
    static let seeds: ClosedRange<UInt64> = 1...4_000

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func randomPairsMatchReferences(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        for seed in Self.seeds {
            let (source, target) = RandomLists.pair(seed: seed)
            let verdict = harness.verify(algorithm, source: source, target: target)
            #expect(verdict.isEmpty, "seed \(seed): \(verdict)\nsource \(source)\ntarget \(target)")
        }
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func randomPairsWithContentReportExactUpdates(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        for seed in Self.seeds.prefix(1_500) {
            let (source, target) = RandomLists.pair(seed: seed)
            let verdict = harness.verify(
                algorithm, source: source, target: target,
                sourceContent: RandomLists.content(for: source, changed: seed),
                targetContent: RandomLists.content(for: target, changed: ~seed)
            )
            #expect(verdict.isEmpty, "seed \(seed): \(verdict)")
        }
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func largerEditedListsStayCorrect(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        for seed in UInt64(1)...60 {
            var random = SplitMix64(seed: seed)
            let source = (0..<UInt64(300 + random.bounded(300))).map { $0 }
            let target = RandomLists.edited(source, alphabet: 700, &random)
            let verdict = harness.verify(algorithm, source: source, target: target)
            #expect(verdict.isEmpty, "seed \(seed): \(verdict)")
        }
    }

    /// Sections: each element in a group (the target's groups never decrease), so a pair that
    /// changes group moves and the fewest moves are found within each group.
    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func randomGroupsMoveFewestWithinEachGroup(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        for seed in Self.seeds.prefix(2_000) {
            var random = SplitMix64(seed: seed)
            // Half the time the same identities on both sides, so the common prefix meets
            // group changes.
            let (source, target) =
                seed % 2 == 0
                ? RandomLists.pair(seed: seed)
                : {
                    let s = RandomLists.pair(seed: seed).source
                    return (s, s)
                }()
            let groupCount = 1 + random.bounded(5)
            let sourceGroups = source.map { _ in UInt32(random.bounded(groupCount + 1)) }
            var group: UInt32 = 0
            let targetGroups = target.map { _ -> UInt32 in
                if random.bounded(4) == 0 { group += UInt32(1 + random.bounded(2)) }
                return group
            }
            let verdict = harness.verify(algorithm, source: source, target: target, groups: (sourceGroups, targetGroups))
            #expect(
                verdict.isEmpty, "seed \(seed): \(verdict)\nsource \(source) \(sourceGroups)\ntarget \(target) \(targetGroups)")
        }
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func groupsMustBeGivenForBothSidesAndNeverDecrease(algorithm: ldc_algorithm) {
        let harness = CoreHarness()
        let ids: [UInt64] = [1, 2, 3]
        #expect(harness.diff(algorithm, source: ids, target: ids, groups: ([0, 0, 0], [0, 1, 0])) == LD_ERROR_INVALID)
        #expect(harness.diff(algorithm, source: ids, target: ids, groups: ([0, 0, 0], [0, 1, 1])) == LD_OK)
        #expect(harness.diff(algorithm, source: [], target: ids, groups: ([], [0, 0, 0])) == LD_OK)
        #expect(harness.diff(algorithm, source: ids, target: ids, groups: ([0, 0, 0], nil)) == LD_ERROR_INVALID)
        #expect(harness.diff(algorithm, source: ids, target: ids, groups: (nil, [0, 0, 0])) == LD_ERROR_INVALID)
        #expect(harness.diff(algorithm, source: [], target: ids, groups: (nil, [0, 0, 0])) == LD_OK)
        _ = harness.diff(algorithm, source: ids, target: ids, groups: ([0, 0, 0], [0, 1, 1])) { _, result in
            // 2 and 3 change group; the core reports them, by ascending target.
            let moved = (0..<result.moved_count).map { result.moved[$0].target }
            #expect(moved == [1, 2])
        }
    }

    @Test func checkerRejectsAWrongResult() {
        // The references must be able to fail: a result for other input is refused.
        let harness = CoreHarness()
        let source: [UInt64] = [1, 2, 3, 4], target: [UInt64] = [4, 1, 2, 3]
        _ = harness.diff(LDC_HECKEL, source: source, target: target) { status, result in
            #expect(status == LD_OK)
            withUnsafePointer(to: result) { result in
                let other: [UInt64] = [4, 2, 1, 3]
                #expect(ldc_check_result(LDC_HECKEL, source, 4, other, 4, nil, nil, nil, nil, result) != nil)
            }
        }
    }
}
