/// The errors ListDelta throws. Each case that comes from the C core names the `ld_status`
/// it mirrors; statuses that could only mean a bug in ListDelta stop with a precondition.
public enum ListDeltaError: Error, Equatable, Sendable {
    /// A list holds more than `maximumCount` elements (`LD_ERROR_OVERFLOW`).
    case tooManyElements(count: Int, maximumCount: Int)
    /// Memory for the diff could not be allocated (`LD_ERROR_ALLOC`).
    case outOfMemory
    /// The LCS algorithm's edit budget was exceeded (`LD_EDIT_BUDGET_EXCEEDED`). A budget
    /// of 0 admits identical lists only.
    case editBudgetExceeded(budget: Int)
    /// An LCS edit budget below zero; the Swift layer refuses it before calling the core.
    case negativeEditBudget(Int)
}
