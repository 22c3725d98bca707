/// How many times each identifier occurs in a snapshot: what debug builds keep to warn about a
/// duplicate as it appears.
@usableFromInline
struct Occurrences<Identifier: Hashable> {
    @usableFromInline var counts: [Identifier: Int] = [:]

    @inlinable
    init() {}

    /// Counts `added`; returns the first of them that is now in the snapshot more than once,
    /// and how many of them are, or nil when none is.
    @inlinable
    mutating func add<Added: Sequence<Identifier>>(_ added: Added) -> (first: Identifier, count: Int)? {
        var first: Identifier?, duplicates = 0
        for identifier in added {
            let occurrences = counts[identifier, default: 0] + 1
            counts[identifier] = occurrences
            if occurrences > 1 {
                duplicates += 1
                if first == nil { first = identifier }
            }
        }
        return first.map { ($0, duplicates) }
    }

    /// Forgets one occurrence of each of `removed`.
    @inlinable
    mutating func remove<Removed: Sequence<Identifier>>(_ removed: Removed) {
        for identifier in removed {
            let occurrences = counts[identifier, default: 1] - 1
            counts[identifier] = occurrences > 0 ? occurrences : nil
        }
    }

    /// Forgets every occurrence of each of `removed`.
    @inlinable
    mutating func removeAll<Removed: Sequence<Identifier>>(of removed: Removed) {
        for identifier in removed { counts[identifier] = nil }
    }

    /// Forgets everything.
    @inlinable
    mutating func removeAll() { counts = [:] }
}

extension DiffableDiagnostics {
    /// Warns that `member` of `type` put `what` (e.g. "item 7") in the snapshot more than
    /// once, `count` identifiers in all, and says what happens to duplicates (`rule`).
    @usableFromInline
    static func warnDuplicates(_ type: String, _ member: String, _ what: String, count: Int, _ rule: String) {
        let others = count > 1 ? " (and \(count - 1) more duplicates)" : ""
        warn("ListDelta: \(type).\(member): the \(what) is now in the snapshot more than once\(others); \(rule)")
    }
}

extension Occurrences: Sendable where Identifier: Sendable {}
