/// How many elements the Swift layer handles between two polls of a cancellation, as the core
/// does: well under a millisecond of work. A power of two, so that a poll test is a mask.
@usableFromInline
let pollInterval = 4_096

/// Throws `CancellationError` if `cancellation` was cancelled.
@inlinable
func checkCancellation(_ cancellation: CoreCancellation?) throws {
    if let cancellation, cancellation.isCancelled { throw CancellationError() }
}

/// Writes `transform` of each element of `elements` to `output`, which holds as many,
/// stopping with `CancellationError` between stretches of ``pollInterval`` elements once
/// `cancellation` is cancelled.
@inlinable
func mapPolling<Element>(
    _ elements: UnsafeBufferPointer<Element>, into output: UnsafeMutableBufferPointer<UInt64>,
    _ cancellation: CoreCancellation?, _ transform: (Element) throws -> UInt64
) throws {
    for start in stride(from: 0, to: elements.count, by: pollInterval) {
        try checkCancellation(cancellation)
        for index in start..<min(start + pollInterval, elements.count) {
            output[index] = try transform(elements[index])
        }
    }
}
