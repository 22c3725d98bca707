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

        /// The number of `value`, whether it is new, or nil when refused; `stop` answers -1
        /// for an equal candidate, `refuseNew` for the new number.
        func number(
            _ value: Int, hash: UInt64, stop: Bool = false, refuseNew: Bool = false, cancel: OpaquePointer? = nil
        ) -> (number: UInt64, isNew: Bool)? {
            asked = (value, stop, refuseNew)
            var number: UInt64 = 9, isNew = false
            let status = ld_number(
                numbering, hash,
                { context, candidate in
                    let numbering = Unmanaged<Numbering>.fromOpaque(context!).takeUnretainedValue()
                    guard candidate < numbering.kept.count else { return numbering.asked.refuseNew ? -1 : 0 }
                    numbering.comparisons += 1
                    guard numbering.kept[Int(candidate)] == numbering.asked.value else { return 0 }
                    return numbering.asked.stop ? -1 : 1
                }, Unmanaged.passUnretained(self).toOpaque(), cancel, &number, &isNew)
            lastStatus = status
            guard status == LD_OK else { return nil }
            if isNew { kept.append(value) }
            return (number, isNew)
        }

        private var asked = (value: 0, stop: false, refuseNew: false)
        private(set) var lastStatus = LD_OK
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

    @Test func aFullNumberingOrAStoppedComparisonIsRefusedAndChangesNothing() throws {
        let numbering = Numbering(capacity: 2)
        #expect(numbering.number(1, hash: 0)! == (0, true))
        #expect(numbering.number(4, hash: 0, refuseNew: true) == nil && numbering.lastStatus == LD_ERROR_INVALID)
        #expect(numbering.number(2, hash: 0)! == (1, true))
        #expect(numbering.number(1, hash: 0, stop: true) == nil && numbering.lastStatus == LD_ERROR_INVALID)
        #expect(numbering.number(3, hash: 5) == nil, "two distinct identifiers fill it")
        #expect(numbering.number(1, hash: 0)! == (0, false) && numbering.number(2, hash: 0)! == (1, false))
        #expect(ld_number(numbering.numbering, 0, nil, nil, nil, nil, nil) == LD_ERROR_INVALID)
    }

    /// The numbering polls its cancel token before every `LD_POLL_INTERVAL`-th comparison,
    /// counted over all its identifiers.
    @Test func cancellationIsPolledEveryPollIntervalComparisons() throws {
        let numbering = Numbering(capacity: 200)
        var token: OpaquePointer?
        #expect(ld_cancel_token_create(nil, &token) == LD_OK)
        defer { ld_cancel_token_free(token) }
        ld_cancel_token_cancel(token)
        // One hash for all: the n-th new identifier compares with the n - 1 before it.
        var value = 0
        while numbering.comparisons + value < LD_POLL_INTERVAL {
            #expect(numbering.number(value, hash: 7, cancel: token) != nil, "\(numbering.comparisons) comparisons")
            value += 1
        }
        #expect(numbering.comparisons < LD_POLL_INTERVAL)
        #expect(numbering.number(value, hash: 7, cancel: token) == nil && numbering.lastStatus == LD_CANCELLED)
        #expect(numbering.comparisons == LD_POLL_INTERVAL - 1, "polled before the comparison")
    }
}
