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
    ///   `CancellationError` once `cancellation` is cancelled (polled every `LD_POLL_INTERVAL`
    ///   comparisons).
    @usableFromInline
    func number(_ identifier: Identifier) throws -> UInt64 {
        var number: UInt64 = 0, isNew = false, unlawful = false
        var equal = { (candidate: UInt64) -> Int32 in
            // The new number: `==` must hold for the identifier itself.
            guard candidate < self.identifiers.count else {
                unlawful = identifier != identifier
                return unlawful ? -1 : 0
            }
            let known = self.identifiers[Int(candidate)]
            guard known == identifier else { return 0 }
            unlawful = identifier != known
            return unlawful ? -1 : 1
        }
        let status = withUnsafeMutablePointer(to: &equal) { equal in
            ld_number(
                numbering, UInt64(bitPattern: Int64(identifier.hashValue)),
                { equal, candidate in equal!.assumingMemoryBound(to: ((UInt64) -> Int32).self).pointee(candidate) },
                equal, cancellation?.token, &number, &isNew)
        }
        switch status {
        case LD_OK: break
        case LD_CANCELLED: throw CancellationError()
        default:
            guard unlawful else { preconditionFailure("ListDelta numbered more identifiers than it made room for") }
            throw IdentifiersUnlawful()
        }
        if isNew { identifiers.append(identifier) }
        return number
    }
}

/// Thrown when an identifier type's `==` is seen to break its laws (not reflexive, symmetric or
/// consistent): no match can be trusted, so the diff replaces the whole list.
@usableFromInline
struct IdentifiersUnlawful: Error {
    @usableFromInline init() {}
}
