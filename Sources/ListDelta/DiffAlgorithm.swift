/// How a diff matches elements.
public enum DiffAlgorithm: Hashable, Sendable {
    /// Heckel's algorithm: matches equal identities in O(*n* + *m*) and reports the fewest
    /// moves that put the survivors in order, pairing the k-th occurrence of a duplicate
    /// identifier with its k-th occurrence. The default.
    case heckel
    /// A longest common subsequence: the fewest deletes plus inserts and no moves within a
    /// list, like the standard library's `difference(from:)`; between sections, an element
    /// matched in another section still moves there. When no identifier found in both lists
    /// repeats in either (outside their common prefix and suffix), the subsequence comes from
    /// the hash table as fast as `.heckel`: O(*n* + *m* + *k* log *k*) for *k* matched
    /// elements. Otherwise linear-space Myers finds it, in time that grows with the number of
    /// edits *D* as O((*n* + *m*) · *D*). With an `editBudget` it gives up
    /// with ``ListDeltaError/editBudgetExceeded(budget:)`` once *D* would exceed it: a budget
    /// of 0 admits identical lists only, `nil` (the default) sets no limit, and a negative
    /// budget throws ``ListDeltaError/negativeEditBudget(_:)``.
    case longestCommonSubsequence(editBudget: Int? = nil)
}
