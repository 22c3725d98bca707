import CListDelta

/// Lends room in `workspace` for the identities of two lists of `elementCounts` elements, warm
/// between diffs, and has `write` fill it, giving it `ld_workspace_prepare` to run meanwhile,
/// possibly on another thread; returns where each side's identities start.
///
/// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``,
///   ``ListDeltaError/outOfMemory``; whatever `write` throws.
func writeElementIdentities(
    in workspace: OpaquePointer, elementCounts: (source: Int, target: Int), cancellation: CoreCancellation?,
    _ write: (
        _ source: UnsafeMutableBufferPointer<UInt64>, _ target: UnsafeMutableBufferPointer<UInt64>,
        _ prepareWorkspace: () -> Void
    ) throws -> Void
) throws -> (source: UnsafeMutablePointer<UInt64>?, target: UnsafeMutablePointer<UInt64>?) {
    var sourceStart: UnsafeMutablePointer<UInt64>?, targetStart: UnsafeMutablePointer<UInt64>?
    let reserved = ld_workspace_identities(
        workspace, elementCounts.source, elementCounts.target, &sourceStart, &targetStart)
    try throwIfFailed(reserved, counts: (elementCounts.source, elementCounts.target), algorithm: .heckel)
    try write(
        UnsafeMutableBufferPointer(start: sourceStart, count: elementCounts.source),
        UnsafeMutableBufferPointer(start: targetStart, count: elementCounts.target)
    ) { _ = ld_workspace_prepare(workspace, elementCounts.source, elementCounts.target, cancellation?.token) }
    return (sourceStart, targetStart)
}

/// Room `workspace` lends for `bytes` of the caller's own, warm between diffs (see
/// `ld_workspace_room`): valid until the workspace lends room again.
///
/// - Throws: ``ListDeltaError/outOfMemory``.
@usableFromInline
func workspaceRoom(_ workspace: OpaquePointer, bytes: Int) throws -> UnsafeMutableRawPointer {
    var room: UnsafeMutableRawPointer?
    guard ld_workspace_room(workspace, bytes, &room) == LD_OK, let room else { throw ListDeltaError.outOfMemory }
    return room
}
