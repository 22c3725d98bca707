/// Checks a batch against the rules UIKit enforces in `performBatchUpdates`, on any platform.
///
/// UIKit reads deletes, reloads and move sources in the list before the batch, and inserts
/// and move targets in the list after it; it then requires every section's new count to be
/// its old count less deletes and moves out, plus inserts and moves in. It also rejects (or
/// corrupts itself on) some combinations: an element deleted and reloaded, deleted and moved,
/// reloaded and moved, inserted where another moves to, moved twice; element operations in a
/// deleted or reloaded section; elements inserted into a section inserted in the same batch
/// or moved into a section inserted or moved in the same batch.
public enum BatchUpdateValidator {
    /// Throws the first rule `batch` breaks.
    ///
    /// - Parameters:
    ///   - batch: the operations of one `performBatchUpdates` call.
    ///   - before: each section's element count when the batch starts.
    ///   - after: each section's element count in the data the batch installs.
    /// - Throws: ``BatchUpdateError``; ``ListDeltaError/tooManyElements(count:maximumCount:)``
    ///   for counts adding up to more than ``ListDeltaError/maximumCount``.
    /// - Complexity: O(*s* + *n* + *k*) for *s* sections, *n* elements and *k* operations.
    public static func validate(
        _ batch: BatchUpdate,
        elementCountsBefore before: [Int],
        elementCountsAfter after: [Int]
    ) throws {
        _ = try BatchCheck(batch, countsBefore: before, countsAfter: after, reloadsArrive: false)
    }
}
