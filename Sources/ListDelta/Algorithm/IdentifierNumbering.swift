/// Numbers identifiers so that identifiers equal under `==` share a number: the exact
/// identities a diff falls back to after two different identifiers shared a 64-bit one.
///
/// It trusts nothing of `Hashable` that it cannot check. Identifiers are grouped by
/// `hashValue` in a dictionary keyed by `Int`, whose own `Hashable` is sound, and compared
/// with `==` within a group. So an identifier type that breaks `Hashable`'s contract (a hash
/// that differs for equal values, an `==` that contradicts itself) gets a valid diff, only
/// with fewer matches, where a `Dictionary` of such identifiers would trap. A type whose every
/// value hashes alike would make numbering quadratic: past its comparison budget the
/// numbering stops and says so, and the diff replaces the whole list instead.
@usableFromInline
struct IdentifierNumbering<Identifier: Hashable> {
    private var firstWithHash: [Int: Int32] = [:]
    private var identifiers: [Identifier] = []
    private var nextWithSameHash: [Int32] = []
    private var comparisonsLeft: Int
    /// Whether the comparison budget ran out: the numbers given so far are then meaningless.
    @usableFromInline private(set) var isExhausted = false

    /// A numbering that compares at most `4_096 + 32 * elementCount` identifier pairs.
    @usableFromInline
    init(elementCount: Int) {
        comparisonsLeft = 4_096 + 32 * elementCount
    }

    /// The number of `identifier`: the number of the first identifier seen that is `==` to it,
    /// else the next unused number; 0 once the numbering is exhausted.
    @usableFromInline
    mutating func number(_ identifier: Identifier) -> UInt64 {
        guard !isExhausted else { return 0 }
        let hash = identifier.hashValue
        let first = firstWithHash[hash] ?? -1
        var candidate = first
        while candidate >= 0 {
            comparisonsLeft -= 1
            guard comparisonsLeft >= 0 else {
                isExhausted = true
                return 0
            }
            if identifiers[Int(candidate)] == identifier { return UInt64(candidate) }
            candidate = nextWithSameHash[Int(candidate)]
        }
        let number = Int32(identifiers.count)
        identifiers.append(identifier)
        nextWithSameHash.append(first)
        firstWithHash[hash] = number
        return UInt64(number)
    }
}

/// Thrown when ``IdentifierNumbering`` exhausts its budget: the identifier type hashes too many
/// different values alike to be matched in linear time.
@usableFromInline
struct IdentifiersHashAlike: Error {
    @usableFromInline init() {}
}
