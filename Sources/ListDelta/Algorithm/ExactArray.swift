/// An array of `count` elements that `initialize` writes, counting them in `initialized`.
///
/// An empty array is returned without calling it: with capacity 0 the standard library's
/// initializer writes the count of the shared empty-array storage, a race ThreadSanitizer
/// reports when two diffs with nothing to write run at once.
@inlinable
func exactArray<Element>(
    count: Int, _ initialize: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
) rethrows -> [Element] {
    guard count > 0 else { return [] }
    return try [Element](unsafeUninitializedCapacity: count, initializingWith: initialize)
}
