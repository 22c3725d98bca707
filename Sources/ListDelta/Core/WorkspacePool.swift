import CListDelta
import Dispatch
import Foundation

/// Warm workspaces reused across diffs: a binding of the C core's pool (`ld_pool_t`, whose
/// header states its policy), which trims itself and purges on memory pressure; the Objective-C
/// layer shares the same process-wide pool.
@usableFromInline
final class WorkspacePool: @unchecked Sendable {
    @usableFromInline static let shared = WorkspacePool(pool: ld_pool_shared())

    /// The core's pool: its own mutex guards it, so every method may run on any thread.
    private let pool: OpaquePointer
    private let ownsPool: Bool
    /// The clock a test injects, kept alive for the core's calls.
    private let clock: Clock?

    private final class Clock: Sendable {
        let read: @Sendable () -> UInt64
        init(_ read: @escaping @Sendable () -> UInt64) { self.read = read }
    }

    /// A pool trimming itself, with the core's policy but for each nonzero figure: at most
    /// `idleLimit` idle workspaces, those holding over `smallBytes` kept `largeRetention` seconds
    /// after their last diff, as `clock` (monotonic nanoseconds; nil: the system's) measures time.
    convenience init(
        idleLimit: Int = 0, smallBytes: Int = 0, largeRetention: TimeInterval = 0,
        clock: (@Sendable () -> UInt64)? = nil
    ) {
        let box = clock.map(Clock.init)
        var options = ld_pool_options_t()
        options.idle_limit = idleLimit
        options.small_bytes = smallBytes
        options.large_retention = UInt64(largeRetention * 1e9)
        options.trims_itself = true
        if let box {
            options.clock = { context in Unmanaged<Clock>.fromOpaque(context!).takeUnretainedValue().read() }
            options.clock_context = Unmanaged.passUnretained(box).toOpaque()
        }
        var created: OpaquePointer?
        precondition(ld_pool_create(&options, &created) == LD_OK, "ListDelta could not allocate a workspace pool")
        self.init(pool: created!, owned: true, clock: box)
    }

    private init(pool: OpaquePointer, owned: Bool = false, clock: Clock? = nil) {
        self.pool = pool
        self.ownsPool = owned
        self.clock = clock
    }

    deinit { if ownsPool { ld_pool_free(pool) } }

    @usableFromInline
    func withWorkspace<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        var taken: OpaquePointer?
        guard ld_pool_take(pool, &taken) == LD_OK, let workspace = taken else { throw ListDeltaError.outOfMemory }
        defer { _ = ld_pool_give(pool, workspace) }
        return try body(workspace)
    }

    /// Bytes held by idle workspaces.
    var idleBytes: Int { ld_pool_idle_bytes(pool) }

    /// Returns the memory of every idle workspace to the system; they stay usable.
    func purge() { ld_pool_purge(pool) }

    /// Gives back the memory of large workspaces idle for longer than `largeRetention` now,
    /// without waiting for the pool's own trim.
    func trim() { _ = ld_pool_trim(pool) }
}
