import CListDelta

/// Throws the error `status` stands for, a diff of lists of `counts` elements by `algorithm`
/// having returned it; a status only a bug in ListDelta can cause stops the process.
func throwIfFailed(_ status: ld_status, counts: (Int, Int), algorithm: DiffAlgorithm) throws {
    switch status {
    case LD_OK:
        return
    case LD_ERROR_OVERFLOW:
        throw ListDeltaError.tooManyElements(count: max(counts.0, counts.1), maximumCount: ListDeltaError.maximumCount)
    case LD_ERROR_ALLOC:
        throw ListDeltaError.outOfMemory
    case LD_CANCELLED:
        throw CancellationError()
    case LD_EDIT_BUDGET_EXCEEDED:
        var budget = 0
        if case let .longestCommonSubsequence(editBudget) = algorithm { budget = editBudget ?? 0 }
        throw ListDeltaError.editBudgetExceeded(budget: budget)
    case LD_ERROR_INTERNAL:
        preconditionFailure("ListDelta's core failed an internal check; please report this with the lists diffed")
    default:
        preconditionFailure("ListDelta passed invalid arguments to its core: \(String(cString: ld_status_description(status)))")
    }
}

extension ListDeltaError {
    /// The most elements a list (or a list of sections) may hold: 1,073,741,823.
    public static let maximumCount = Int(LD_MAX_COUNT)
}
