// Arrays allocated without a run-time type lookup. `init(repeating:count:)` and
// `init(unsafeUninitializedCapacity:)` allocate through the standard library's unspecialised
// `_allocateBufferUninitialized`, which looks the storage type up (some 500 instructions under
// callgrind, more than a short array's contents cost); `reserveCapacity` allocates inline.
// An empty array is never reserved: that would write the shared empty array's count, a race
// ThreadSanitizer reports when two diffs run at once.

/// The longest array built by appending: beyond it, appending costs more than the lookup.
@usableFromInline
let shortArrayLimit = 64

/// `Array(repeating: value, count: count)`.
@inlinable
func repeatedArray<Element>(_ value: Element, count: Int) -> [Element] {
    guard count > 0, count <= shortArrayLimit else { return Array(repeating: value, count: count) }
    var array: [Element] = []
    array.reserveCapacity(count)
    for _ in 0..<count { array.append(value) }
    return array
}

/// `values.map(transform)`, allocated once at its exact size.
@inlinable
func exactMap<Value, Result>(_ values: UnsafeBufferPointer<Value>, _ transform: (Value) -> Result) -> [Result] {
    guard !values.isEmpty else { return [] }
    var array: [Result] = []
    array.reserveCapacity(values.count)
    for value in values { array.append(transform(value)) }
    return array
}
