import CListDelta
import CListDeltaChecks
import TestSupport
import Testing

/// Lists whose smaller side has at least 2^19 elements are matched through partitions. The
/// brute-force checker is quadratic, so these results are checked against references that
/// take O(n log n): the k-th occurrence pairing, and the fewest moves as a longest run.
@Suite struct PartitionedMatchTests {
    static let count = 600_000

    /// Lists of `count` elements, unique or drawn from `alphabet` identities, the target an
    /// edit of the source (one element in ten replaced) with a common prefix of `prefix`
    /// elements and `moves` elements moved.
    static func lists(seed: UInt64, alphabet: Int? = nil, prefix: Int = 0, moves: Int = 1_000) -> ([UInt64], [UInt64]) {
        var random = SplitMix64(seed: seed)
        func identity(_ index: Int) -> UInt64 { UInt64(alphabet.map { random.bounded($0) } ?? index) &* 0x1_0001 }
        let source = (0..<count).map(identity)
        var target = source
        for index in prefix..<count where random.bounded(10) == 0 {
            target[index] = identity(count + index) &+ 1
        }
        for _ in 0..<moves {
            let element = target.remove(at: prefix + random.bounded(count - prefix))
            target.insert(element, at: prefix + random.bounded(count - prefix))
        }
        return (source, target)
    }

    @Test(
        arguments: [
            (alphabet: nil, prefix: 0),  // unique identities
            (alphabet: 200_000, prefix: 0),  // every identity about three times
            (alphabet: nil, prefix: 300_000),
        ] as [(alphabet: Int?, prefix: Int)])
    func heckelPairsKthOccurrencesAndMovesFewest(alphabet: Int?, prefix: Int) {
        let (source, target) = Self.lists(seed: UInt64(prefix + 1), alphabet: alphabet, prefix: prefix)
        let content = RandomLists.content(for: source, changed: 5)
        let failure = checkHeckel(source: source, target: target, sourceContent: content, targetContent: target)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func heckelWithGroupsMovesPairsChangingGroupAndFewestWithin() {
        let (source, target) = Self.lists(seed: 3, alphabet: 400_000)
        var random = SplitMix64(seed: 4)
        let sourceGroups = source.map { _ in UInt32(random.bounded(4)) }
        let targetGroups = target.indices.map { UInt32($0 * 4 / target.count) }
        let failure = checkHeckel(source: source, target: target, groups: (sourceGroups, targetGroups))
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// A third of each side is one identity: its partition's table would not fit where the
    /// partitioned match keeps it, so the diff falls back to the single table.
    @Test func oneIdentityFillingAThirdOfTheListIsStillPairedRight() {
        var (source, target) = Self.lists(seed: 9)
        for index in stride(from: 0, to: source.count, by: 3) { source[index] = 42 }
        for index in stride(from: 1, to: target.count, by: 3) { target[index] = 42 }
        let failure = checkHeckel(source: source, target: target)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func uniqueIdentitiesGetALongestCommonSubsequence() {
        let (source, target) = Self.lists(seed: 11, prefix: 1_000, moves: 5_000)
        let harness = CoreHarness()
        let status = harness.diff(LDC_MYERS, source: source, target: target) { status, result in
            guard status == LD_OK else { return }
            let reference = kthOccurrencePairs(source: source, target: target, groups: nil)
            let common = longestRunLength(reference.targetToSource.filter { $0 >= 0 })
            var matched = 0
            var last = -1
            for targetIndex in 0..<target.count where result.target_to_source[targetIndex] >= 0 {
                let sourceIndex = Int(result.target_to_source[targetIndex])
                #expect(sourceIndex > last && source[sourceIndex] == target[targetIndex])
                #expect(Int(result.source_to_target[sourceIndex]) == targetIndex)
                last = sourceIndex
                matched += 1
            }
            #expect(matched == common, "a longest common subsequence")
            #expect(result.moved_count == 0)
            #expect(result.deleted_count + matched == source.count && result.inserted_count + matched == target.count)
        }
        #expect(status == LD_OK)
    }

    /// d s1 … sN d x against s1 … sN d y: pairing the first occurrences matches N elements,
    /// but the longest common subsequence has N + 1. Only Myers finds it, so the repeated d
    /// must be noticed.
    @Test func aRepeatedIdentityHandsTheLongestCommonSubsequenceToMyers() {
        let middle = (1...UInt64(Self.count)).map { $0 &* 0x1_0001 }
        let source = [0] + middle + [0, 1]
        let target = middle + [0, 2]
        let status = CoreHarness().diff(LDC_MYERS, source: source, target: target) { status, result in
            guard status == LD_OK else { return }
            #expect(result.deletes == [0, Self.count + 2], "the first d and x are deleted")
            #expect(result.inserts == [Self.count + 1] && result.moved_count == 0)
        }
        #expect(status == LD_OK)
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func aPreparedWorkspaceMatchesThroughPartitionsWithoutAllocating(algorithm: ldc_algorithm) {
        // Twice as many targets, so that the partitions take more room than the single table.
        let (source, edited) = Self.lists(seed: 14, moves: 100)
        let target = edited + (0..<UInt64(Self.count)).map { (3 * UInt64(Self.count) + $0) &* 0x1_0001 }
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        ld_workspace_prepare(harness.workspace, source.count, target.count, nil).assertOK()
        let prepared = counting.counts.allocations
        #expect(harness.diff(algorithm, source: source, target: target) == LD_OK)
        #expect(counting.counts.allocations == prepared, "the diff found everything reserved")
    }

    /// A cancelled diff of this size returns LD_CANCELLED and leaves the workspace, whose
    /// buffers the partitioned match borrowed, usable. How often the match polls is not
    /// checked here: later passes poll too, so a match that never polled would still pass.
    @Test func aCancelledTokenStopsThePartitionedMatch() {
        let (source, target) = Self.lists(seed: 13)
        var token: OpaquePointer?
        ld_cancel_token_create(nil, &token).assertOK()
        defer { ld_cancel_token_free(token) }
        ld_cancel_token_cancel(token)
        let harness = CoreHarness()
        for algorithm in [LDC_HECKEL, LDC_MYERS] {
            #expect(harness.diff(algorithm, source: source, target: target, cancel: token) == LD_CANCELLED)
        }
        #expect(harness.diff(LDC_HECKEL, source: source, target: target) == LD_OK, "usable after a cancellation")
    }
}

/// The k-th occurrence of each identity paired with the k-th, after the common prefix (whose
/// groups must agree too), as a Heckel diff matches.
private func kthOccurrencePairs(
    source: [UInt64], target: [UInt64], groups: ([UInt32], [UInt32])?
) -> (sourceToTarget: [Int], targetToSource: [Int]) {
    var sourceToTarget = [Int](repeating: -1, count: source.count)
    var targetToSource = [Int](repeating: -1, count: target.count)
    var prefix = 0
    while prefix < min(source.count, target.count), source[prefix] == target[prefix],
        groups.map({ $0.0[prefix] == $0.1[prefix] }) ?? true
    {
        sourceToTarget[prefix] = prefix
        targetToSource[prefix] = prefix
        prefix += 1
    }
    var waiting: [UInt64: [Int]] = [:]
    for index in prefix..<source.count { waiting[source[index], default: []].append(index) }
    var taken: [UInt64: Int] = [:]
    for index in prefix..<target.count {
        guard let occurrences = waiting[target[index]] else { continue }
        let next = taken[target[index], default: 0]
        guard next < occurrences.count else { continue }
        taken[target[index]] = next + 1
        sourceToTarget[occurrences[next]] = index
        targetToSource[index] = occurrences[next]
    }
    return (sourceToTarget, targetToSource)
}

/// The length of a longest strictly increasing run in `values`, by patience sorting.
private func longestRunLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
}

/// Diffs with Heckel and checks everything against the references; nil means correct.
private func checkHeckel(
    source: [UInt64], target: [UInt64], sourceContent: [UInt64]? = nil, targetContent: [UInt64]? = nil,
    groups: ([UInt32], [UInt32])? = nil
) -> String? {
    let reference = kthOccurrencePairs(source: source, target: target, groups: groups)
    var failure: String?
    let status = CoreHarness().diff(
        LDC_HECKEL, source: source, target: target, sourceContent: sourceContent, targetContent: targetContent,
        groups: groups.map { (source: Optional($0.0), target: Optional($0.1)) }
    ) { status, result in
        guard status == LD_OK else { return }
        failure =
            checkMaps(result, against: reference)
            ?? checkLists(result, against: reference, sourceContent: sourceContent, targetContent: targetContent)
            ?? checkMoves(result, against: reference, groups: groups)
    }
    return status == LD_OK ? failure : "status \(String(cString: ld_status_description(status)))"
}

private func checkMaps(_ result: ld_result_t, against reference: (sourceToTarget: [Int], targetToSource: [Int])) -> String? {
    for index in reference.sourceToTarget.indices where Int(result.source_to_target[index]) != reference.sourceToTarget[index] {
        return "source \(index) matched \(result.source_to_target[index]), not \(reference.sourceToTarget[index])"
    }
    for index in reference.targetToSource.indices where Int(result.target_to_source[index]) != reference.targetToSource[index] {
        return "target \(index) matched \(result.target_to_source[index]), not \(reference.targetToSource[index])"
    }
    return nil
}

private func checkLists(
    _ result: ld_result_t, against reference: (sourceToTarget: [Int], targetToSource: [Int]),
    sourceContent: [UInt64]?, targetContent: [UInt64]?
) -> String? {
    if result.deletes != reference.sourceToTarget.indices.filter({ reference.sourceToTarget[$0] < 0 }) {
        return "deletes are not the unmatched sources"
    }
    if result.inserts != reference.targetToSource.indices.filter({ reference.targetToSource[$0] < 0 }) {
        return "inserts are not the unmatched targets"
    }
    let updates = reference.sourceToTarget.indices.filter { index in
        let partner = reference.sourceToTarget[index]
        guard let sourceContent, let targetContent, partner >= 0 else { return false }
        return sourceContent[index] != targetContent[partner]
    }
    if result.updates.map(\.source) != updates { return "updates are not the changed pairs in source order" }
    return nil
}

/// Every pair changing group moves; within each group the staying pairs run in order and are
/// a longest such run.
private func checkMoves(
    _ result: ld_result_t, against reference: (sourceToTarget: [Int], targetToSource: [Int]),
    groups: ([UInt32], [UInt32])?
) -> String? {
    let moved = Set(result.moves.map(\.target))
    var expectedMoves = 0
    var pairsByGroup: [UInt32: [(source: Int, target: Int)]] = [:]
    for (targetIndex, sourceIndex) in reference.targetToSource.enumerated() where sourceIndex >= 0 {
        if let groups, groups.0[sourceIndex] != groups.1[targetIndex] {
            if !moved.contains(targetIndex) { return "a pair changing group stays" }
            expectedMoves += 1
        } else {
            pairsByGroup[groups?.1[targetIndex] ?? 0, default: []].append((sourceIndex, targetIndex))
        }
    }
    for pairs in pairsByGroup.values {
        let staying = pairs.filter { !moved.contains($0.target) }.map(\.source)
        if zip(staying, staying.dropFirst()).contains(where: { $0 >= $1 }) { return "staying pairs cross" }
        expectedMoves += pairs.count - longestRunLength(pairs.map(\.source))
    }
    return result.moved_count == expectedMoves ? nil : "\(result.moved_count) moves, not the fewest \(expectedMoves)"
}
