import CListDelta

/// How many elements the Swift layer handles between two polls of a cancellation: the core's
/// `LD_POLL_INTERVAL`.
@usableFromInline
let pollInterval = Int(LD_POLL_INTERVAL)

/// Throws `CancellationError` if `cancellation` was cancelled.
@inlinable
func checkCancellation(_ cancellation: CoreCancellation?) throws {
    if let cancellation, cancellation.isCancelled { throw CancellationError() }
}

/// Calls `body` with each stretch of `range`, of ``pollInterval`` indices (the last one
/// shorter), until it returns false, stopping with `CancellationError` before a stretch once
/// `cancellation` is cancelled: the one loop that walks work in polled stretches.
///
/// - Returns: whether `body` accepted every stretch.
@inlinable
func forEachStretch(
    _ range: Range<Int>, _ cancellation: CoreCancellation?, _ body: (Range<Int>) throws -> Bool
) throws -> Bool {
    for start in stride(from: range.lowerBound, to: range.upperBound, by: pollInterval) {
        try checkCancellation(cancellation)
        guard try body(start..<min(start + pollInterval, range.upperBound)) else { return false }
    }
    return true
}

/// Calls `body` with each index of `0..<count` until it returns false, in polled stretches
/// (``forEachStretch(_:_:_:)``).
///
/// - Returns: whether `body` accepted every index.
@inlinable
func forEachPolling(
    _ count: Int, _ cancellation: CoreCancellation?, _ body: (Int) throws -> Bool
) throws -> Bool {
    try forEachStretch(0..<count, cancellation) { stretch in try stretch.allSatisfy(body) }
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
