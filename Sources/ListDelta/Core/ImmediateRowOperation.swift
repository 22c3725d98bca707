import CListDelta

/// One call to a list view whose every call acts at once on its rows as they are then, as
/// NSTableView's do between `beginUpdates()` and `endUpdates()`.
enum ImmediateRowOperation: Hashable, Sendable {
    /// Reload these rows (indices of the list before the batch, which reloads leave unchanged).
    case reload([Int])
    /// Remove these rows, all at once.
    case remove([Int])
    /// Insert rows so that they occupy these indices.
    case insert(Range<Int>)
    /// Move one row from one index to another: remove it, then insert it at `to`.
    case move(from: Int, to: Int)
}

/// `ld_immediate_rows` for a batch of one section of `rowCount` rows; nil when the core
/// rejects the batch (a rule of UIKit's broken, or an index no `Int32` holds) or cannot allocate
/// for it: the glue then reloads the view.
func coreImmediateRowOperations(
    rowCount: Int, deleted: [Int], inserted: [Int], moved: [(source: Int, target: Int)], reloaded: [Int]
) -> [ImmediateRowOperation]? {
    func indices(_ values: [Int]) -> [Int32]? {
        var result: [Int32] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let index = Int32(exactly: value) else { return nil }
            result.append(index)
        }
        return result
    }
    guard rowCount >= 0, let deleted = indices(deleted), let inserted = indices(inserted),
        let reloaded = indices(reloaded), let sources = indices(moved.map(\.source)),
        let targets = indices(moved.map(\.target))
    else { return nil }
    let pairs = zip(sources, targets).map { ld_pair_t(source: $0, target: $1) }
    return try? WorkspacePool.shared.withWorkspace { workspace -> [ImmediateRowOperation]? in
        var operations = ld_row_operations_t()
        let status = ld_immediate_rows(
            workspace, rowCount, deleted, deleted.count, inserted, inserted.count, pairs, pairs.count, reloaded,
            reloaded.count, nil, &operations)
        guard status == LD_OK else { return nil }
        return UnsafeBufferPointer(start: operations.operations, count: operations.count).map { operation in
            switch operation.kind {
            case LD_ROWS_RELOAD:
                .reload(UnsafeBufferPointer(start: operation.rows, count: operation.count).map(Int.init))
            case LD_ROWS_REMOVE:
                .remove(UnsafeBufferPointer(start: operation.rows, count: operation.count).map(Int.init))
            case LD_ROWS_INSERT:
                .insert(Int(operation.first)..<Int(operation.first) + operation.count)
            default:
                .move(from: Int(operation.first), to: Int(operation.to))
            }
        }
    } ?? nil
}
