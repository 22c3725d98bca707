import CListDelta
import Testing

/// The core's identifier numbering, which both bindings number identifiers with: equal
/// identifiers share a number whatever their hashes share, and a full numbering or a stale
/// search is refused.
@Suite struct NumberingTests {
    /// Integers numbered as a binding numbers its identifiers: candidates of the same hash
    /// compared with `==`, a new number for one equal to none.
    private final class Numbering {
        let numbering: OpaquePointer
        var kept: [Int] = []
        var comparisons = 0

        init(capacity: Int) {
            var created: OpaquePointer?
            precondition(ld_numbering_create(nil, capacity, &created) == LD_OK)
            numbering = created!
        }

        deinit { ld_numbering_free(numbering) }

        /// The number of `value`, whether it is new, or the status that refused it.
        func number(_ value: Int, hash: UInt64) -> (number: UInt64, isNew: Bool)? {
            var search = ld_number_search_t(), candidate: UInt64 = 0
            ld_number_search(numbering, hash, &search)
            while ld_number_candidate(numbering, &search, &candidate) {
                comparisons += 1
                if kept[Int(candidate)] == value { return (candidate, false) }
            }
            guard ld_number_new(numbering, &search, &candidate) == LD_OK else { return nil }
            kept.append(value)
            return (candidate, true)
        }
    }

    /// Hashes spread (0), constant (1) or in three buckets (3).
    @Test(arguments: [0, 1, 3])
    func equalIdentifiersShareANumberWhateverTheirHashes(buckets: Int) throws {
        let numbering = Numbering(capacity: 50)
        var numbers: [Int: UInt64] = [:]
        for value in (0..<200).map({ ($0 * 7919) % 50 }) {
            let (number, isNew) = try #require(numbering.number(value, hash: UInt64(buckets == 0 ? value : value % buckets)))
            #expect(isNew == (numbers[value] == nil))
            #expect(number == numbers[value] ?? UInt64(numbers.count))
            numbers[value] = number
        }
        #expect(Set(numbers.values).count == 50)
        #expect(buckets != 0 || numbering.comparisons == 150, "spread hashes compare only equal identifiers")
    }

    @Test func aFullNumberingOrAStaleSearchIsRefusedAndChangesNothing() throws {
        let numbering = Numbering(capacity: 2)
        #expect(numbering.number(1, hash: 0)! == (0, true))
        var stale = ld_number_search_t(), number: UInt64 = 9
        ld_number_search(numbering.numbering, 0, &stale)
        #expect(numbering.number(2, hash: 0)! == (1, true))
        #expect(ld_number_new(numbering.numbering, &stale, &number) == LD_ERROR_INVALID && number == 9)
        #expect(numbering.number(3, hash: 5) == nil, "two distinct identifiers fill it")
        #expect(numbering.number(1, hash: 0)! == (0, false) && numbering.number(2, hash: 0)! == (1, false))
    }
}
