/// Marks one longest strictly increasing subsequence of a list of values: the elements that
/// keep their relative order, so that every other element is a move. Its buffers are reused
/// from one list to the next, so marking many short lists (one per section) allocates only
/// while the buffers grow.
@usableFromInline
struct LongestIncreasingRun {
    /// For each index of the last list marked, whether it is on the run.
    @usableFromInline private(set) var onRun: [Bool] = []
    @usableFromInline var tails: [Int] = []  // index of the smallest end of a run of each length
    @usableFromInline var previous: [Int] = []  // the index before each one on its run

    @inlinable init() {}

    /// Marks `values`; read the result from ``onRun``.
    ///
    /// - Complexity: O(*k* log *k*) for *k* values.
    @inlinable
    mutating func mark(_ values: [Int]) {
        tails.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        onRun.removeAll(keepingCapacity: true)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            previous.append(low > 0 ? tails[low - 1] : -1)
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        onRun.append(contentsOf: repeatElement(false, count: values.count))
        var index = tails.last ?? -1
        while index >= 0 {
            onRun[index] = true
            index = previous[index]
        }
    }
}
