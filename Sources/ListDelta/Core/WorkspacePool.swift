import CListDelta
import Dispatch
import Foundation

/// Warm workspaces reused across diffs: a binding of the C core's pool (`ld_pool_t`), whose
/// policy the Objective-C layer shares through the same process-wide pool.
///
/// Idle memory is bounded two ways. A workspace holding at most `smallBytes` (enough for lists
/// of about 100,000 elements) stays warm for as long as it is idle. A larger one stays warm
/// for `largeRetention` after its last diff, so that repeated large diffs (a stream of
/// million-row snapshots) never start cold, and then gives its memory back: the core says when
/// a trim is due, and this pool's timer calls it. ``purge()`` gives everything back at once; on
/// Apple platforms the system's memory-pressure signal calls it.
@usableFromInline
final class WorkspacePool: @unchecked Sendable {
    @usableFromInline static let shared = WorkspacePool(pool: ld_pool_shared())

    /// The core's pool: its own mutex guards it, so every method may run on any thread.
    private let pool: OpaquePointer
    private let ownsPool: Bool
    /// The clock a test injects, kept alive for the core's calls.
    private let clock: Clock?
    #if canImport(Darwin)
        private var memoryPressure: DispatchSourceMemoryPressure?
    #endif
    /// Fires when the core says a trim is due: armed for each nonzero answer of a give (one
    /// with no trim pending) or of a trim that leaves a large workspace not yet due.
    private let trimTimer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))

    private final class Clock: Sendable {
        let read: @Sendable () -> UInt64
        init(_ read: @escaping @Sendable () -> UInt64) { self.read = read }
    }

    /// A pool keeping at most `idleLimit` idle workspaces, those holding over `smallBytes`
    /// only for `largeRetention` seconds after their last diff, as `clock` (monotonic
    /// nanoseconds; the system's monotonic clock when nil) measures time. A zero takes the
    /// core's policy, the shared pool's: 4 workspaces, 8 MiB, 5 seconds.
    convenience init(
        idleLimit: Int = 0, smallBytes: Int = 0, largeRetention: TimeInterval = 0,
        clock: (@Sendable () -> UInt64)? = nil
    ) {
        let box = clock.map(Clock.init)
        var options = ld_pool_options_t()
        options.idle_limit = idleLimit
        options.small_bytes = smallBytes
        options.large_retention = UInt64(largeRetention * 1e9)
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
        if ownsPool { ld_pool_free(pool) }
    }

    @usableFromInline
    func withWorkspace<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        var taken: OpaquePointer?
        guard ld_pool_take(pool, &taken) == LD_OK, let workspace = taken else { throw ListDeltaError.outOfMemory }
        defer { armTrim(in: ld_pool_give(pool, workspace)) }
        return try body(workspace)
    }

    /// Bytes held by idle workspaces.
    var idleBytes: Int { ld_pool_idle_bytes(pool) }

    /// Returns the memory of every idle workspace to the system; they stay usable.
    func purge() { ld_pool_purge(pool) }

    /// Gives back the memory of large workspaces idle for longer than `largeRetention`.
    func trim() { armTrim(in: ld_pool_trim(pool)) }

    private func armTrim(in nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        trimTimer.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)))
    }
}
