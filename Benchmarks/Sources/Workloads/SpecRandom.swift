/// The random numbers of the benchmark inputs (Benchmarks/README.md): SplitMix64 and the helpers built on it.
/// The benchmarks' generator is the tests' SplitMix64 (Tests/TestSupport/SplitMix64.swift,
/// linked into this module), started from seed 42 unless a workload says otherwise.
public typealias SpecRandom = SplitMix64

extension SplitMix64 {
    /// The generator of the benchmark inputs: seed 42.
    public init() { self.init(seed: 42) }

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
