/// How many elements the Swift layer handles between two polls of a cancellation, as the core
/// does: well under a millisecond of work. A power of two, so that a poll test is a mask.
@usableFromInline
let pollInterval = 4_096

/// Throws `CancellationError` if `cancellation` was cancelled.
@inlinable
func checkCancellation(_ cancellation: CoreCancellation?) throws {
    if let cancellation, cancellation.isCancelled { throw CancellationError() }
}

/// Calls `body` with each index of `0..<count` until it returns false, stopping with
/// `CancellationError` between stretches of ``pollInterval`` indices once `cancellation` is
/// cancelled.
///
/// - Returns: whether `body` accepted every index.
@inlinable
func forEachPolling(
    _ count: Int, _ cancellation: CoreCancellation?, _ body: (Int) throws -> Bool
) throws -> Bool {
    for start in stride(from: 0, to: count, by: pollInterval) {
        try checkCancellation(cancellation)
        for index in start..<min(start + pollInterval, count) where try !body(index) { return false }
    }
    return true
}

/// The elements of `elements` as an array: a contiguous collection's at once (an array's
/// shared, not copied), any other's read in stretches of ``pollInterval``, stopping with
/// `CancellationError` before a stretch once `cancellation` is cancelled.
@inlinable
func arrayPolling<C: Collection>(_ elements: C, _ cancellation: CoreCancellation?) throws -> [C.Element] {
    if elements.withContiguousStorageIfAvailable({ _ in }) != nil { return Array(elements) }
    var array: [C.Element] = []
    var start = elements.startIndex
    while start != elements.endIndex {
        try checkCancellation(cancellation)
        let end = elements.index(start, offsetBy: pollInterval, limitedBy: elements.endIndex) ?? elements.endIndex
        array.append(contentsOf: elements[start..<end])
        start = end
    }
    return array
}

/// Writes `transform` of each element of `elements` to `output`, which holds as many,
/// stopping with `CancellationError` between stretches of ``pollInterval`` elements once
/// `cancellation` is cancelled.
@inlinable
func mapPolling<Element>(
    _ elements: UnsafeBufferPointer<Element>, into output: UnsafeMutableBufferPointer<UInt64>,
    _ cancellation: CoreCancellation?, _ transform: (Element) throws -> UInt64
) throws {
    _ = try forEachPolling(elements.count, cancellation) { index in
        output[index] = try transform(elements[index])
        return true
    }
}
