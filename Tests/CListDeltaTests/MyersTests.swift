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
        #expect(harness.diff(LDC_MYERS, source: [1, 2], target: [2, 1], maxEdits: Int(bitPattern: UInt.max)) == LD_OK)
        // No options at all, or zero-initialised ones (`ld_options_t o = {0};` in C): no budget.
        var ids: [UInt64] = [1, 2, 3, 4]
        var edited: [UInt64] = [4, 2, 5, 1]
        var out = ld_result_t()
        #expect(ld_myers_diff(harness.workspace, &ids, 4, &edited, 4, nil, &out) == LD_OK)
        var zeroed = ld_options_t()
        #expect(ld_myers_diff(harness.workspace, &ids, 4, &edited, 4, &zeroed, &out) == LD_OK)
        #expect(out.deleted_count + out.inserted_count == 6)
        // A budget counts only when asked for.
        zeroed.max_edits = 5
        #expect(ld_myers_diff(harness.workspace, &ids, 4, &edited, 4, &zeroed, &out) == LD_OK)
        zeroed.limit_edits = true
        #expect(ld_myers_diff(harness.workspace, &ids, 4, &edited, 4, &zeroed, &out) == LD_EDIT_BUDGET_EXCEEDED)
    }

    /// Where every identity found on both sides occurs once on each, the LCS comes from the
    /// hash table and a longest increasing run; a repeat that matters leaves it to Myers. Both
    /// kinds of input, checked against the LCS by dynamic programming.
    @Test func uniqueAndRepeatedIdentitiesGiveALongestCommonSubsequence() {
        let harness = CoreHarness()
        for seed in UInt64(1)...3_000 {
            var random = SplitMix64(seed: seed)
            var source = RandomLists.shuffled((0..<UInt64(random.bounded(41))).map { $0 }, &random)
            var target = uniqued(RandomLists.edited(source, alphabet: 0, &random))
            switch seed % 4 {
            case 0:  // repeats only of identities the other side lacks
                for _ in 0..<random.bounded(4) { source.insert(5_000, at: random.bounded(source.count + 1)) }
                for _ in 0..<random.bounded(4) { target.insert(6_000, at: random.bounded(target.count + 1)) }
            case 1:  // repeats only in the common prefix and suffix
                source = [7_000, 7_000, 7_001] + source + [8_000, 8_000]
                target = [7_000, 7_000, 7_001] + target + [8_000, 8_000]
            case 2:  // one repeat that matters
                if !target.isEmpty {
                    source.insert(target[random.bounded(target.count)], at: random.bounded(source.count + 1))
                }
            default:
                break
            }
            let withContent = seed % 3 == 0
            let verdict = harness.verify(
                LDC_MYERS, source: source, target: target,
                sourceContent: withContent ? RandomLists.content(for: source, changed: seed) : nil,
                targetContent: withContent ? RandomLists.content(for: target, changed: ~seed) : nil)
            #expect(verdict.isEmpty, "seed \(seed): \(verdict)\nsource \(source)\ntarget \(target)")
        }
    }

    @Test func uniqueIdentitiesNeedNoQuadraticSearch() {
        // 200,000 shuffled identities with some deleted and one inserted, a repeated identity
        // the target lacks, and repeats in the common prefix and suffix: about 400,000 edits,
        // which Myers would take minutes over. A watchdog cancels a diff that searches, so
        // the test fails instead of hanging.
        var random = SplitMix64(seed: 12)
        let shuffled = RandomLists.shuffled((0..<200_000).map { $0 }, &random)
        let kept = RandomLists.shuffled(shuffled.filter { $0 % 97 != 0 }, &random)
        var source = [5_000_000, 5_000_000] + shuffled + [6_000_000, 6_000_000]
        source.insert(9_999_999, at: 17)
        source.insert(9_999_999, at: 100_017)
        let target = [5_000_000, 5_000_000] + kept + [1_000_000, 6_000_000, 6_000_000]
        let shuffledIndex = Dictionary(uniqueKeysWithValues: shuffled.enumerated().map { ($1, $0) })
        let lcs = 4 + longestIncreasingRunLength(kept.map { shuffledIndex[$0]! })

        var token: OpaquePointer?
        precondition(ld_cancel_token_create(nil, &token) == LD_OK)
        defer { ld_cancel_token_free(token) }
        nonisolated(unsafe) let sharedToken = token
        let watchdog = DelayedAction(after: 30) { ld_cancel_token_cancel(sharedToken) }
        defer { watchdog.disarm() }
        _ = CoreHarness().diff(LDC_MYERS, source: source, target: target, cancel: token) { status, result in
            #expect(status == LD_OK)
            #expect(result.deleted_count == source.count - lcs && result.inserted_count == target.count - lcs)
        }
    }

    @Test func memoryIsLinear() {
        let harness = CoreHarness()
        let source = (0..<20_000).map(UInt64.init)
        let target = source.map { $0 &* 7_919 % 20_011 }  // mostly different: a large edit distance
        #expect(harness.diff(LDC_MYERS, source: source, target: target) == LD_OK)
        #expect(harness.bytesHeld <= 40 * (source.count + target.count), "held \(harness.bytesHeld) bytes")
    }
}

/// The list with every repeat of an identity replaced by a new one, in order.
private func uniqued(_ list: [UInt64]) -> [UInt64] {
    var seen = Set<UInt64>()
    var next: UInt64 = 1_000
    return list.map { identity in
        guard seen.insert(identity).inserted else {
            next += 1
            return next
        }
        return identity
    }
}

/// The length of a longest strictly increasing subsequence (patience sorting, for references
/// too large for dynamic programming).
private func longestIncreasingRunLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
}
