/// Seeded random list pairs for property tests: small enough for brute-force references,
/// shaped to hit duplicates, empty sides, everything moved and reversed lists.
public enum RandomLists {
    /// One source/target pair of identities; `seed` alone determines it.
    public static func pair(seed: UInt64, maximumCount: Int = 40) -> (source: [UInt64], target: [UInt64]) {
        var random = SplitMix64(seed: seed)
        let alphabet = UInt64(1 + random.bounded(maximumCount + 1))
        let count = random.bounded(maximumCount + 1)
        let source = (0..<count).map { _ in UInt64(random.bounded(Int(alphabet))) }
        let target: [UInt64]
        switch random.bounded(6) {
        case 0:
            target = (0..<random.bounded(maximumCount + 1)).map { _ in UInt64(random.bounded(Int(alphabet))) }
        case 1:
            target = shuffled(source, &random)
        case 2:
            target = source.reversed()
        case 3:
            target = []
        default:
            target = edited(source, alphabet: alphabet, &random)
        }
        return (source, target)
    }

    /// Deletes, inserts and moves a random number of elements, like a real list update.
    public static func edited(_ list: [UInt64], alphabet: UInt64, _ random: inout SplitMix64) -> [UInt64] {
        var result = list
        for _ in 0..<random.bounded(list.count / 2 + 1) where !result.isEmpty {
            result.remove(at: random.bounded(result.count))
        }
        for _ in 0..<random.bounded(list.count / 2 + 2) {
            result.insert(UInt64(random.bounded(Int(alphabet) + 3)), at: random.bounded(result.count + 1))
        }
        for _ in 0..<random.bounded(list.count / 3 + 1) where !result.isEmpty {
            let element = result.remove(at: random.bounded(result.count))
            result.insert(element, at: random.bounded(result.count + 1))
        }
        return result
    }

    /// `list` in an order drawn by a Fisher–Yates shuffle from `random`.
    public static func shuffled(_ list: [UInt64], _ random: inout SplitMix64) -> [UInt64] {
        var result = list
        for i in result.indices.dropLast().reversed() {
            result.swapAt(i, random.bounded(i + 1))
        }
        return result
    }

    /// Content hashes for `list`: equal for equal identities, except a random few changed.
    public static func content(for list: [UInt64], changed seed: UInt64) -> [UInt64] {
        var random = SplitMix64(seed: seed)
        return list.map { $0 &* 31 &+ (random.bounded(4) == 0 ? 1 : 0) }
    }
}

extension RandomLists {
    /// A random permutation of `0..<count`.
    public static func shuffledIndices(_ count: Int, _ random: inout SplitMix64) -> [Int] {
        shuffled((0..<UInt64(count)).map { $0 }, &random).map { Int($0) }
    }
}
