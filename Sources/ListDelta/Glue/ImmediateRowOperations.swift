/// The immediate operations that turn a flat list of `rowCount` rows into the list after
/// `batch`, whose indices follow UIKit's rules (deletes, reloads and move sources before the
/// batch; inserts and move targets after it). Only elements that `batch` moves are moved: the
/// rows that stay never do. Nil when `batch` is not a valid batch for such a list.
///
/// The rule is the C core's (`ld_immediate_rows`), shared with the Objective-C glue.
///
/// - Complexity: O((*n* + *k*) log *n*) for *n* rows and *k* operations.
func immediateRowOperations(for batch: BatchUpdate, rowCount: Int) -> [ImmediateRowOperation]? {
    guard let flat = try? batch.inSectionZero(layout: .flat(section: nil)) else { return nil }
    return coreImmediateRowOperations(
        rowCount: rowCount, deleted: flat.elementDeleted.map(\.element),
        inserted: flat.elementInserted.map(\.element),
        moved: flat.elementMoved.map { (source: $0.source.element, target: $0.target.element) },
        reloaded: flat.elementUpdated.map(\.element))
}
