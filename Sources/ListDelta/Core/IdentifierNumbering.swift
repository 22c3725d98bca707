import CListDelta

/// Numbers identifiers so that identifiers equal under `==` share a number: the exact
/// identities a diff falls back to after two different identifiers shared a 64-bit one.
///
/// The core's numbering (`ld_number`, which the Objective-C binding numbers its objects with
/// too) groups identifiers by `hashValue` and has them compared with `==` within a group, as a
/// `Dictionary` of them would: a type whose values hash alike (even a constant hash) is
/// numbered exactly, at the cost of the comparisons a `Dictionary` pays for it. A hash that
/// differs for equal values gives them different numbers: a valid diff with fewer matches, where
/// a `Dictionary` would trap. An `==` seen to break its laws (a value unequal to itself, or
/// `a == b` without `b == a`) stops the numbering with ``IdentifiersUnlawful``.
@usableFromInline
final class IdentifierNumbering<Identifier: Hashable> {
    private let numbering: OpaquePointer
    /// The identifiers, by number.
    private var identifiers: [Identifier] = []
    private let cancellation: CoreCancellation?
    /// Comparisons until the next poll of `cancellation`.
    private var comparisonsUntilPoll = pollInterval

    /// A numbering for up to `elementCount` distinct identifiers.
    ///
    /// - Throws: ``ListDeltaError/outOfMemory``; ``ListDeltaError/tooManyElements(count:maximumCount:)``.
    @usableFromInline
    init(elementCount: Int, cancellation: CoreCancellation?) throws {
        var created: OpaquePointer?
        switch ld_numbering_create(nil, elementCount, &created) {
        case LD_OK: numbering = created!
        case LD_ERROR_OVERFLOW:
            throw ListDeltaError.tooManyElements(count: elementCount, maximumCount: ListDeltaError.maximumCount)
        default: throw ListDeltaError.outOfMemory
        }
        identifiers.reserveCapacity(elementCount)
        self.cancellation = cancellation
    }

    deinit { ld_numbering_free(numbering) }

    /// The number of `identifier`: the number of an identifier seen before that is `==` to it,
    /// else the next unused number.
    ///
    /// - Throws: ``IdentifiersUnlawful`` when `==` is seen to break its laws;
    ///   `CancellationError` once `cancellation` is cancelled (polled every 4,096 comparisons).
    @usableFromInline
    func number(_ identifier: Identifier) throws -> UInt64 {
        var search = ld_number_search_t(), candidate: UInt64 = 0
        ld_number_search(numbering, UInt64(bitPattern: Int64(identifier.hashValue)), &search)
        while ld_number_candidate(numbering, &search, &candidate) {
            comparisonsUntilPoll -= 1
            if comparisonsUntilPoll == 0 {
                comparisonsUntilPoll = pollInterval
                try checkCancellation(cancellation)
            }
            let known = identifiers[Int(candidate)]
            if known == identifier {
                guard identifier == known else { throw IdentifiersUnlawful() }
                return candidate
            }
        }
        guard identifier == identifier else { throw IdentifiersUnlawful() }
        var number: UInt64 = 0
        let status = ld_number_new(numbering, &search, &number)
        precondition(status == LD_OK, "ListDelta numbered more identifiers than it made room for")
        identifiers.append(identifier)
        return number
    }
}

/// Thrown when an identifier type's `==` is seen to break its laws (not reflexive, symmetric or
/// consistent): no match can be trusted, so the diff replaces the whole list.
@usableFromInline
struct IdentifiersUnlawful: Error {
    @usableFromInline init() {}
}
