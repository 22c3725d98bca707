/// How a diff matches elements.
public enum DiffAlgorithm: Hashable, Sendable {
    /// Heckel's algorithm: matches equal identities in O(*n* + *m*) and reports the fewest
    /// moves that put the survivors in order. The default.
    case heckel
    /// A longest common subsequence (linear-space Myers): the fewest deletes plus inserts and
    /// no moves, like the standard library's `difference(from:)`. Its time grows with the
    /// number of edits *D* as O((*n* + *m*) · *D*); with an `editBudget` it gives up with
    /// ``ListDeltaError/editBudgetExceeded(budget:)`` once *D* would exceed it (a budget of 0
    /// admits identical lists only; `nil`, the default, sets no limit; a negative budget
    /// throws ``ListDeltaError/negativeEditBudget(_:)``).
    case longestCommonSubsequence(editBudget: Int? = nil)
}
