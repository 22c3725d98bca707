/// Numbers identifiers so that identifiers equal under `==` share a number: the exact
/// identities a diff falls back to after two different identifiers shared a 64-bit one.
///
/// Identifiers are grouped by `hashValue` in a dictionary keyed by `Int`, whose own `Hashable`
/// is sound, and compared with `==` within a group, as a `Dictionary` of them would be: a type
/// whose values hash alike (even a constant hash) is numbered exactly, at the cost of the
/// comparisons a `Dictionary` pays for it. A hash that differs for equal values gives them
/// different numbers: a valid diff with fewer matches, where a `Dictionary` would trap. An `==`
/// seen to break its laws (a value unequal to itself, or `a == b` without `b == a`) stops the
/// numbering with ``IdentifiersUnlawful``.
@usableFromInline
struct IdentifierNumbering<Identifier: Hashable> {
    private var firstWithHash: [Int: Int32] = [:]
    private var identifiers: [Identifier] = []
    private var nextWithSameHash: [Int32] = []
    private let cancellation: CoreCancellation?
    /// Comparisons until the next poll of `cancellation`.
    private var comparisonsUntilPoll = pollInterval

    @usableFromInline
    init(elementCount: Int, cancellation: CoreCancellation?) {
        firstWithHash.reserveCapacity(elementCount)
        identifiers.reserveCapacity(elementCount)
        nextWithSameHash.reserveCapacity(elementCount)
        self.cancellation = cancellation
    }

    /// The number of `identifier`: the number of the first identifier seen that is `==` to it,
    /// else the next unused number.
    ///
    /// - Throws: ``IdentifiersUnlawful`` when `==` is seen to break its laws;
    ///   `CancellationError` once `cancellation` is cancelled (polled every 4,096 comparisons).
    @usableFromInline
    mutating func number(_ identifier: Identifier) throws -> UInt64 {
        let hash = identifier.hashValue
        let first = firstWithHash[hash] ?? -1
        var candidate = first
        while candidate >= 0 {
            comparisonsUntilPoll -= 1
            if comparisonsUntilPoll == 0 {
                comparisonsUntilPoll = pollInterval
                try checkCancellation(cancellation)
            }
            let known = identifiers[Int(candidate)]
            if known == identifier {
                guard identifier == known else { throw IdentifiersUnlawful() }
                return UInt64(candidate)
            }
            candidate = nextWithSameHash[Int(candidate)]
        }
        guard identifier == identifier else { throw IdentifiersUnlawful() }
        let number = Int32(identifiers.count)
        identifiers.append(identifier)
        nextWithSameHash.append(first)
        firstWithHash[hash] = number
        return UInt64(number)
    }
}

/// Thrown when an identifier type's `==` is seen to break its laws (not reflexive, symmetric or
/// consistent): no match can be trusted, so the diff replaces the whole list.
@usableFromInline
struct IdentifiersUnlawful: Error {
    @usableFromInline init() {}
}
