/// The random numbers of the benchmark inputs (Benchmarks/README.md): SplitMix64 and the helpers built on it.
public struct SpecRandom: Sendable {
    private var state: UInt64

    /// A generator whose values follow from `seed` alone.
    public init(seed: UInt64 = 42) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The high 64 bits of `next() * bound`: a value in `0..<bound`.
    public mutating func bounded(_ bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// Partial Fisher–Yates over `0..<n`: `k` distinct values in selection order.
    public mutating func chooseDistinct(_ k: Int, from n: Int) -> [Int] {
        var values = Array(0..<n)
        for i in 0..<k {
            values.swapAt(i, i + bounded(n - i))
        }
        return Array(values.prefix(k))
    }

    /// Inserts `items` into `base`, each at a gap drawn against the original `base`; items
    /// sharing a gap keep their draw order.
    public mutating func insertAtRandomGaps<Element>(_ base: [Element], _ items: [Element]) -> [Element] {
        var itemsAtGap = [[Element]](repeating: [], count: base.count + 1)
        for item in items {
            itemsAtGap[bounded(base.count + 1)].append(item)
        }
        var result: [Element] = []
        result.reserveCapacity(base.count + items.count)
        for gap in 0...base.count {
            result.append(contentsOf: itemsAtGap[gap])
            if gap < base.count { result.append(base[gap]) }
        }
        return result
    }
}
