import CListDelta

/// A longest common subsequence of two lists, viewed in place in its workspace (`ld_result_t`
/// of `ld_myers_diff`): valid only inside the closure that receives it.
@usableFromInline
struct CoreSubsequence {
    /// For each source element, its matched target element or -1.
    @usableFromInline let sourceToTarget: UnsafeBufferPointer<Int32>
    /// The source elements off the subsequence, ascending.
    @usableFromInline let deleted: UnsafeBufferPointer<Int32>
    /// The target elements off the subsequence, ascending.
    @usableFromInline let inserted: UnsafeBufferPointer<Int32>
}

/// Finds a longest common subsequence of two lists of `elementCounts` elements with the core
/// in `workspace` (`ld_myers_diff`: the fewest deletes plus inserts, duplicates included) and
/// hands it to `body` while the workspace holds it. `identities` writes each element's
/// identity to room the workspace lends, warm between diffs, and may call its third argument
/// on another thread meanwhile, as the `elementIdentities` of
/// ``withCoreStages(in:sourceSections:targetSections:sourceCounts:targetCounts:elementCounts:elementIdentities:algorithm:cancellation:changes:_:)``
/// does.
///
/// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``,
///   ``ListDeltaError/outOfMemory``; whatever the closures throw.
@usableFromInline
func withCoreSubsequence<R>(
    in workspace: OpaquePointer, elementCounts: (source: Int, target: Int),
    identities: (
        _ source: UnsafeMutableBufferPointer<UInt64>, _ target: UnsafeMutableBufferPointer<UInt64>,
        _ prepareWorkspace: () -> Void
    ) throws -> Void,
    _ body: (CoreSubsequence) throws -> R
) throws -> R {
    let (sourceStart, targetStart) = try writeElementIdentities(
        in: workspace, elementCounts: elementCounts, cancellation: nil, identities)
    var result = ld_result_t()
    let status = ld_myers_diff(workspace, sourceStart, elementCounts.source, targetStart, elementCounts.target, nil, &result)
    try throwIfFailed(
        status, counts: (elementCounts.source, elementCounts.target), algorithm: .longestCommonSubsequence())
    return try body(
        CoreSubsequence(
            sourceToTarget: UnsafeBufferPointer(start: result.source_to_target, count: result.source_count),
            deleted: UnsafeBufferPointer(start: result.deleted, count: result.deleted_count),
            inserted: UnsafeBufferPointer(start: result.inserted, count: result.inserted_count)))
}
