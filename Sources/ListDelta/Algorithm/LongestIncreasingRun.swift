/// Marks one longest strictly increasing subsequence of `values`: the elements that keep
/// their relative order, so that every other element is a move.
///
/// - Returns: for each index of `values`, whether it is on the run.
/// - Complexity: O(*k* log *k*) for *k* values.
@inlinable
func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []            // index of the smallest end of a run of each length
    var previous = [Int](repeating: -1, count: values.count)
    tails.reserveCapacity(values.count)
    for (index, value) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        previous[index] = low > 0 ? tails[low - 1] : -1
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var onRun = [Bool](repeating: false, count: values.count)
    var index = tails.last ?? -1
    while index >= 0 {
        onRun[index] = true
        index = previous[index]
    }
    return onRun
}
