import CListDelta
import Dispatch
import Foundation

// The only file that talks to the C core: every other file sees Swift types.

/// A matched pair of indices, laid out like the core's `ld_pair_t`.
@usableFromInline
struct IndexPair: Sendable {
    @usableFromInline var source: Int32
    @usableFromInline var target: Int32
}

/// A core diff, viewed in place in its workspace: valid only inside the closure that
/// receives it.
@usableFromInline
struct CoreDiff {
    /// For each source index, its matched target index or -1.
    @usableFromInline let sourceToTarget: UnsafeBufferPointer<Int32>
    /// For each target index, its matched source index or -1.
    @usableFromInline let targetToSource: UnsafeBufferPointer<Int32>
    /// Unmatched source indices, ascending.
    @usableFromInline let deleted: UnsafeBufferPointer<Int32>
    /// Unmatched target indices, ascending.
    @usableFromInline let inserted: UnsafeBufferPointer<Int32>
    /// The fewest matched pairs to move, by ascending target (empty for an LCS diff).
    @usableFromInline let moved: UnsafeBufferPointer<IndexPair>
}

/// A flag a running diff polls; `cancel()` may be called from any thread.
@usableFromInline
final class CoreCancellation: @unchecked Sendable {
    // The token is an atomic flag inside the C core; these methods only touch it atomically.
    @usableFromInline let token: OpaquePointer

    @usableFromInline
    init() {
        var created: OpaquePointer?
        let status = ld_cancel_token_create(nil, &created)
        precondition(status == LD_OK, "ListDelta could not allocate a cancel token")
        token = created!
    }

    deinit { ld_cancel_token_free(token) }

    @usableFromInline
    func cancel() { ld_cancel_token_cancel(token) }

    @usableFromInline
    var isCancelled: Bool { ld_cancel_token_is_cancelled(token) }
}

/// Warm workspaces reused across diffs: a workspace that has diffed a list of some size diffs
/// lists up to that size without allocating.
///
/// Idle memory is bounded two ways. A workspace holding at most `smallBytes` (enough for lists
/// of about 100,000 elements) stays warm for as long as it is idle. A larger one stays warm
/// for `largeRetention` after its last diff, so that repeated large diffs (a stream of
/// million-row snapshots) never start cold, and then gives its memory back. ``purge()`` gives
/// everything back at once; on Apple platforms the system's memory-pressure signal calls it.
@usableFromInline
final class WorkspacePool: @unchecked Sendable {
    @usableFromInline static let shared = WorkspacePool()

    private struct Idle {
        var workspace: OpaquePointer
        /// The clock's reading when the workspace went idle.
        var since: UInt64
    }

    /// Idle workspaces kept at most; more concurrent diffs create and free their own.
    private let idleLimit: Int
    private let smallBytes: Int
    private let largeRetention: TimeInterval
    /// Monotonic nanoseconds; only differences of two readings mean anything (a machine booted
    /// a minute ago reads small values).
    private let clock: @Sendable () -> UInt64
    private let lock = NSLock()
    private var idle: [Idle] = []
    #if canImport(Darwin)
        private var memoryPressure: DispatchSourceMemoryPressure?
    #endif
    /// Fires `largeRetention` after a large workspace went idle; re-armed by every such return.
    private let trimTimer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))

    /// A pool keeping at most `idleLimit` idle workspaces, those holding over `smallBytes`
    /// only for `largeRetention` seconds after their last diff, as `clock` measures time.
    init(
        idleLimit: Int = 4, smallBytes: Int = 8 << 20, largeRetention: TimeInterval = 5,
        clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.idleLimit = idleLimit
        self.smallBytes = smallBytes
        self.largeRetention = largeRetention
        self.clock = clock
        trimTimer.setEventHandler { [weak self] in self?.trim() }
        trimTimer.schedule(deadline: .distantFuture)
        trimTimer.activate()
        #if canImport(Darwin)
            let source = DispatchSource.makeMemoryPressureSource(eventMask: [.warning, .critical], queue: .global(qos: .utility))
            source.setEventHandler { [weak self] in self?.purge() }
            source.activate()
            memoryPressure = source
        #endif
    }

    deinit {
        trimTimer.cancel()
        #if canImport(Darwin)
            memoryPressure?.cancel()
        #endif
        idle.forEach { ld_workspace_free($0.workspace) }
    }

    func withWorkspace<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        let workspace = try take()
        defer { give(workspace) }
        return try body(workspace)
    }

    /// Bytes held by idle workspaces.
    var idleBytes: Int {
        lock.withLock { idle.reduce(0) { $0 + ld_workspace_bytes_held($1.workspace) } }
    }

    /// Returns the memory of every idle workspace to the system; they stay usable.
    func purge() {
        lock.withLock { idle.forEach { ld_workspace_reset($0.workspace) } }
    }

    /// Gives back the memory of large workspaces idle for longer than `largeRetention`.
    func trim() {
        let now = clock(), retention = UInt64(largeRetention * 1e9)
        lock.withLock {
            for entry in idle
            where now >= entry.since && now - entry.since >= retention
                && ld_workspace_bytes_held(entry.workspace) > smallBytes
            {
                ld_workspace_reset(entry.workspace)
            }
        }
    }

    private func take() throws -> OpaquePointer {
        // The most recently used workspace is the warmest, and the likeliest to fit.
        if let entry = lock.withLock({ idle.popLast() }) { return entry.workspace }
        var created: OpaquePointer?
        guard ld_workspace_create(nil, &created) == LD_OK, let created else { throw ListDeltaError.outOfMemory }
        return created
    }

    private func give(_ workspace: OpaquePointer) {
        // Read before the workspace is idle: from then on another diff may be using it.
        let isLarge = ld_workspace_bytes_held(workspace) > smallBytes
        let kept = lock.withLock { () -> Bool in
            guard idle.count < idleLimit else { return false }
            idle.append(Idle(workspace: workspace, since: clock()))
            return true
        }
        guard kept else { return ld_workspace_free(workspace) }
        if isLarge { trimTimer.schedule(deadline: .now() + largeRetention) }
    }
}

/// Diffs two lists of identities with the core and hands the result to `body` while its
/// workspace holds it. `identities` writes the lists' identities to room the workspace holds
/// for `sourceCount` and `targetCount` of them, warm between diffs; it may call its third
/// argument on another thread meanwhile, which brings a cold workspace's memory in for the
/// diff (the diff does so itself otherwise). With `groups` (the section
/// of each element; the target's must not decrease), the moves are found within each group
/// and every pair that changes group moves.
///
/// - Throws: ``ListDeltaError`` for lists over ``ListDeltaError/maximumCount`` elements, a
///   failed allocation, a negative or exceeded edit budget; `CancellationError` when `cancellation`
///   was cancelled; whatever `identities` and `body` throw.
@usableFromInline
func withCoreDiff<R>(
    sourceCount: Int,
    targetCount: Int,
    identities: (
        _ source: UnsafeMutableBufferPointer<UInt64>, _ target: UnsafeMutableBufferPointer<UInt64>,
        _ prepareWorkspace: () -> Void
    ) throws -> Void,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?,
    groups: ElementGroups? = nil,
    pool: WorkspacePool = .shared,
    _ body: (CoreDiff) throws -> R
) throws -> R {
    if case let .longestCommonSubsequence(editBudget?) = algorithm, editBudget < 0 {
        throw ListDeltaError.negativeEditBudget(editBudget)
    }
    return try pool.withWorkspace { workspace in
        var sourceStart: UnsafeMutablePointer<UInt64>?, targetStart: UnsafeMutablePointer<UInt64>?
        let reserved = ld_workspace_identities(workspace, sourceCount, targetCount, &sourceStart, &targetStart)
        try throwIfFailed(reserved, counts: (sourceCount, targetCount), algorithm: algorithm)
        let source = UnsafeMutableBufferPointer(start: sourceStart, count: sourceCount)
        let target = UnsafeMutableBufferPointer(start: targetStart, count: targetCount)
        // A failure to prepare recurs in the diff, which reports it.
        try identities(source, target) { _ = ld_workspace_prepare(workspace, sourceCount, targetCount, cancellation?.token) }
        var result = ld_result_t()
        var options = ld_options_t()
        options.cancel = cancellation?.token
        let status: ld_status = (groups?.source ?? []).withUnsafeBufferPointer { sourceGroups in
            (groups?.target ?? []).withUnsafeBufferPointer { targetGroups in
                if groups != nil {
                    options.source_groups = sourceGroups.baseAddress
                    options.target_groups = targetGroups.baseAddress
                }
                switch algorithm {
                case .heckel:
                    return ld_heckel_diff(workspace, sourceStart, sourceCount, targetStart, targetCount, &options, &result)
                case let .longestCommonSubsequence(editBudget):
                    if let editBudget {
                        options.max_edits = editBudget
                        options.limit_edits = true
                    }
                    return ld_myers_diff(workspace, sourceStart, sourceCount, targetStart, targetCount, &options, &result)
                }
            }
        }
        try throwIfFailed(status, counts: (sourceCount, targetCount), algorithm: algorithm)
        return try body(
            CoreDiff(
                sourceToTarget: UnsafeBufferPointer(start: result.source_to_target, count: result.source_count),
                targetToSource: UnsafeBufferPointer(start: result.target_to_source, count: result.target_count),
                deleted: UnsafeBufferPointer(start: result.deleted, count: result.deleted_count),
                inserted: UnsafeBufferPointer(start: result.inserted, count: result.inserted_count),
                moved: UnsafeBufferPointer(
                    start: UnsafeRawPointer(result.moved)?.assumingMemoryBound(to: IndexPair.self),
                    count: result.moved_count)
            ))
    }
}

/// The group of each source and target element, for moves found within groups.
@usableFromInline
struct ElementGroups {
    @usableFromInline var source: [UInt32]
    @usableFromInline var target: [UInt32]

    @inlinable
    init(source: [UInt32], target: [UInt32]) {
        self.source = source
        self.target = target
    }
}

private func throwIfFailed(_ status: ld_status, counts: (Int, Int), algorithm: DiffAlgorithm) throws {
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

/// The core's 64-bit hash of `bytes`.
@usableFromInline
func hashBytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0
    let status = ld_hash64(bytes.baseAddress, bytes.count, 0, &hash)
    precondition(status == LD_OK, "ld_hash64 refused a valid buffer")
    return hash
}

extension ListDeltaError {
    /// The most elements a list (or a list of sections) may hold: 1,073,741,823.
    public static let maximumCount = Int(LD_MAX_COUNT)
}
