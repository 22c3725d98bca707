/// The memory ListDelta keeps between diffs, and a way to give it back.
///
/// Diffs reuse warm workspaces (the core's memory and, for lists of sections, a copy of their
/// elements laid out one after another), so a diff no larger than an earlier one allocates
/// almost nothing in the core. Workspaces holding up to 8 MiB (lists of about 100,000 small
/// elements) stay warm while idle (at most four of them, 32 MiB together); larger ones stay
/// warm for five seconds after their last diff, then give their memory back. On Apple
/// platforms the system's memory-pressure signal purges everything; call ``purge()`` to do the
/// same yourself, for example when a screen with a huge list closes. The workspaces are the C core's process-wide
/// pool, which the `ListDeltaObjC` library shares: these figures and the purge cover its diffs
/// too.
public enum ListDeltaMemory {
    /// Bytes held by idle workspaces now.
    public static var bytesHeld: Int { WorkspacePool.shared.idleBytes }

    /// Gives the memory of every idle workspace back to the system. Safe from any thread; diffs
    /// running meanwhile keep theirs.
    public static func purge() { WorkspacePool.shared.purge() }
}
