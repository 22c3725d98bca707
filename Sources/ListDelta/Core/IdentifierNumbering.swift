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
        var number: UInt64 = 0, isNew = false, unlawful = false
        let status = withoutActuallyEscaping({ (known: UInt64) -> Int32 in
            let other = self.identifiers[Int(known)]
            guard other == identifier else { return 0 }
            guard identifier == other else {
                unlawful = true
                return -1
            }
            return 1
        }) { compare -> ld_status in
            var compare = compare
            return withUnsafeMutablePointer(to: &compare) { context in
                ld_number(
                    numbering, UInt64(bitPattern: Int64(identifier.hashValue)),
                    { context, known in context!.assumingMemoryBound(to: ((UInt64) -> Int32).self).pointee(known) },
                    context, cancellation?.token, &number, &isNew)
            }
        }
        switch status {
        case LD_OK: break
        case LD_CANCELLED: throw CancellationError()
        default:
            precondition(unlawful, "ListDelta numbered more identifiers than it made room for")
            throw IdentifiersUnlawful()
        }
        if isNew {
            // Kept before the check, so that the identifiers stay in step with the core's numbers.
            identifiers.append(identifier)
            guard identifier == identifier else { throw IdentifiersUnlawful() }
        }
        return number
    }
}

/// Thrown when an identifier type's `==` is seen to break its laws (not reflexive, symmetric or
/// consistent): no match can be trusted, so the diff replaces the whole list.
@usableFromInline
struct IdentifiersUnlawful: Error {
    @usableFromInline init() {}
}
