import CListDelta
import Testing

/// `ld_number`, which both bindings number identifiers with: equal identifiers share a number
/// whatever their hashes share, and the caller's equality, capacity and token are respected.
@Suite struct NumberingTests {
    /// Numbers `values` in order with `hash`, comparing by `==` unless `equal` says otherwise;
    /// the statuses and numbers, and the values kept by number.
    private struct Numbering {
        let numbering: OpaquePointer
        var kept: [Int] = []

        init(capacity: Int) {
            var created: OpaquePointer?
            precondition(ld_numbering_create(nil, capacity, &created) == LD_OK)
            numbering = created!
        }

        func free() { ld_numbering_free(numbering) }

        /// The status, the number and whether it is new.
        mutating func number(
            _ value: Int, hash: UInt64, cancel: OpaquePointer? = nil, equal: @escaping (Int, Int) -> Int32 = { $0 == $1 ? 1 : 0 }
        ) -> (ld_status, UInt64, Bool) {
            var compare: (UInt64) -> Int32 = { [kept] known in equal(kept[Int(known)], value) }
            var number: UInt64 = 0, isNew = false
            let status = withUnsafeMutablePointer(to: &compare) { context in
                ld_number(
                    numbering, hash,
                    { context, known in context!.assumingMemoryBound(to: ((UInt64) -> Int32).self).pointee(known) },
                    context, cancel, &number, &isNew)
            }
            if status == LD_OK && isNew { kept.append(value) }
            return (status, number, isNew)
        }
    }

    /// Hashes spread (0), constant (1) or in three buckets (3).
    @Test(arguments: [0, 1, 3])
    func equalIdentifiersShareANumberWhateverTheirHashes(buckets: Int) {
        let hash = { (value: Int) in UInt64(buckets == 0 ? value : value % buckets) }
        var numbering = Numbering(capacity: 50)
        defer { numbering.free() }
        let values = (0..<200).map { ($0 * 7919) % 50 }
        var numbers: [Int: UInt64] = [:]
        for value in values {
            let (status, number, isNew) = numbering.number(value, hash: hash(value))
            #expect(status == LD_OK)
            #expect(isNew == (numbers[value] == nil))
            if let known = numbers[value] { #expect(number == known) } else { #expect(number == UInt64(numbers.count)) }
            numbers[value] = number
        }
        #expect(Set(numbers.values).count == 50)
    }

    @Test func aStoppedComparisonOrAFullNumberingIsRefusedAndChangesNothing() {
        var numbering = Numbering(capacity: 2)
        defer { numbering.free() }
        #expect(numbering.number(1, hash: 0).0 == LD_OK)
        #expect(numbering.number(2, hash: 0, equal: { _, _ in -1 }).0 == LD_ERROR_INVALID)
        #expect(numbering.number(2, hash: 0) == (LD_OK, 1, true), "the stopped call numbered nothing")
        #expect(numbering.number(3, hash: 5).0 == LD_ERROR_INVALID, "two distinct identifiers fill it")
        #expect(numbering.number(1, hash: 0) == (LD_OK, 0, false))
    }

    @Test func aCancelledTokenStopsALongComparison() {
        var numbering = Numbering(capacity: 10_000)
        defer { numbering.free() }
        for value in 0..<5_000 { _ = numbering.number(value, hash: 1) }
        var token: OpaquePointer?
        #expect(ld_cancel_token_create(nil, &token) == LD_OK)
        defer { ld_cancel_token_free(token) }
        ld_cancel_token_cancel(token)
        var comparisons = 0
        let (status, _, _) = numbering.number(
            -1, hash: 1, cancel: token,
            equal: { _, _ in
                comparisons += 1
                return 0
            })
        #expect(status == LD_CANCELLED)
        #expect(comparisons <= 4_096, "polled at least every 4,096 comparisons: \(comparisons)")
    }
}
