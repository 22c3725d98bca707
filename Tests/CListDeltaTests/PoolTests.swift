import CListDelta
import Testing

/// The C core's workspace pool, whose policy both bindings share (Swift's `WorkspacePool`,
/// ListDeltaObjC's `LDWorkspaceTake`), on a clock the test moves by hand.
@Suite struct PoolTests {
    /// A pool whose clock reads `now`, in nanoseconds; used on the test's thread only.
    private final class Pool {
        var now: UInt64 = 1_000
        private(set) var pool: OpaquePointer!

        /// With `trimsItself`, the pool runs on the system's clock instead of `now`.
        init(idleLimit: Int = 0, smallBytes: Int = 0, largeRetention: UInt64 = 0, trimsItself: Bool = false) {
            var options = ld_pool_options_t()
            options.idle_limit = idleLimit
            options.small_bytes = smallBytes
            options.large_retention = largeRetention
            options.trims_itself = trimsItself
            if !trimsItself {
                options.clock = { Unmanaged<Pool>.fromOpaque($0!).takeUnretainedValue().now }
                options.clock_context = Unmanaged.passUnretained(self).toOpaque()
            }
            precondition(ld_pool_create(&options, &pool) == LD_OK)
        }

        deinit { ld_pool_free(pool) }

        func take() -> OpaquePointer {
            var workspace: OpaquePointer?
            precondition(ld_pool_take(pool, &workspace) == LD_OK)
            return workspace!
        }

        /// Takes a workspace and makes it hold exactly `bytes` (a multiple of 8).
        func take(holding bytes: Int) -> OpaquePointer {
            let workspace = take()
            var source: UnsafeMutablePointer<UInt64>?, target: UnsafeMutablePointer<UInt64>?
            precondition(ld_workspace_identities(workspace, bytes / 8, 0, &source, &target) == LD_OK)
            #expect(ld_workspace_bytes_held(workspace) == bytes, "a warmer workspace than the one expected")
            return workspace
        }

        func give(_ workspace: OpaquePointer) -> UInt64 { ld_pool_give(pool, workspace) }

        func trim() -> UInt64 { ld_pool_trim(pool) }

        var idleBytes: Int { ld_pool_idle_bytes(pool) }
    }

    @Test func zeroedOptionsMeanFourIdleEightMiBAndFiveSeconds() {
        let pool = Pool()
        let workspaces = (1...5).map { pool.take(holding: 8 * $0) }
        for workspace in workspaces { #expect(pool.give(workspace) == 0) }
        #expect(pool.idleBytes == 8 * (1 + 2 + 3 + 4), "four kept, the fifth freed")
        // Each take below reuses the warmest idle workspace, which then holds what it is given.
        let small = pool.take(holding: 8 << 20)
        #expect(pool.give(small) == 0, "8 MiB is small")
        let large = pool.take(holding: (8 << 20) + 8)
        #expect(pool.give(large) == 5_000_000_000, "over 8 MiB: a trim is due in 5 s")
        pool.now += 4_999_999_999
        #expect(pool.trim() == 1 && pool.idleBytes == 8 * (1 + 2 + 3) + (8 << 20) + 8)
        pool.now += 1
        #expect(pool.trim() == 0 && pool.idleBytes == 8 * (1 + 2 + 3), "trimmed 5 s after its last diff")
    }

    /// A binding arms its one timer for each nonzero answer of a give or a trim: a stream of
    /// diffs reusing one large workspace arms it once and never puts off the trim of another.
    @Test func aGiveNeverPutsOffATrimAlreadyDue() {
        let pool = Pool(smallBytes: 1_024, largeRetention: 5_000)
        let older = pool.take(holding: 2_048), busy = pool.take(holding: 2_048)
        #expect(pool.give(older) == 5_000)
        pool.now += 1_000
        #expect(pool.give(busy) == 0, "the timer armed for the older one, due first, stands")
        var armedFor = pool.now + 4_000, arming = 0  // the gives that armed it again
        for _ in 0..<20 {
            pool.now += 1_000
            if pool.now >= armedFor {
                let next = pool.trim()
                armedFor = next > 0 ? pool.now + next : .max
            }
            let workspace = pool.take()
            #expect(workspace == busy, "the warmest is reused")
            let delay = pool.give(workspace)
            if delay > 0 {
                armedFor = pool.now + delay
                arming += 1
            }
        }
        #expect(arming == 0, "no give arms the timer while a trim is pending; each trim re-arms it")
        #expect(pool.idleBytes == 2_048, "the older one's memory went back while the other was in use")
        #expect(ld_workspace_bytes_held(older) == 0)
    }

    @Test func aClockThatWrapsStillMeasuresIdleTime() {
        let pool = Pool(smallBytes: 1_024, largeRetention: 1_000)
        pool.now = UInt64.max - 499
        let large = pool.take(holding: 2_048)
        #expect(pool.give(large) == 1_000)
        pool.now = 499
        #expect(pool.trim() == 1 && pool.idleBytes == 2_048, "999 ns idle across the wrap")
        pool.now = 500
        #expect(pool.trim() == 0 && pool.idleBytes == 0)
    }

    @Test func idleWorkspacesAreBoundedAndTheWarmestIsTakenFirst() {
        let pool = Pool(idleLimit: 2)
        let a = pool.take(holding: 8), b = pool.take(holding: 16), c = pool.take(holding: 24)
        _ = (pool.give(a), pool.give(b), pool.give(c))
        #expect(pool.idleBytes == 24, "two kept; the third given back was freed")
        let first = pool.take(), second = pool.take(), fresh = pool.take()
        #expect(first == b && second == a, "the most recently given first")
        #expect(fresh != a && fresh != b && ld_workspace_bytes_held(fresh) == 0, "a new one once none idles")
        _ = (pool.give(first), pool.give(second), pool.give(fresh))
    }

    @Test func onlyLargeWorkspacesAreTrimmedAndOnlyOnceDue() {
        let pool = Pool(smallBytes: 1_024, largeRetention: 1_000)
        let small = pool.take(holding: 1_024), large = pool.take(holding: 1_032)
        #expect(pool.give(small) == 0)
        #expect(pool.give(large) == 1_000)
        pool.now += 999
        #expect(pool.trim() == 1 && pool.idleBytes == 1_024 + 1_032, "not yet due")
        pool.now += 1
        #expect(pool.trim() == 0 && pool.idleBytes == 1_024, "due: trimmed")
        pool.now += 1_000_000_000_000
        #expect(pool.trim() == 0 && pool.idleBytes == 1_024, "a small one stays warm however long it idles")
        let trimmed = pool.take()
        #expect(trimmed == large && ld_workspace_bytes_held(trimmed) == 0, "it idled on, empty and usable")
        #expect(pool.take() == small)
        _ = (pool.give(trimmed), pool.give(small))
    }

    @Test func trimSaysWhenTheNextLargeWorkspaceIsDue() {
        let pool = Pool(smallBytes: 8, largeRetention: 1_000)
        let first = pool.take(holding: 16), second = pool.take(holding: 24)
        #expect(pool.give(first) == 1_000)
        pool.now += 400
        #expect(pool.give(second) == 0, "a trim is pending for the first, due first")
        pool.now += 200
        #expect(pool.trim() == 400, "the first is due 1,000 ns after it was given")
        pool.now += 400
        #expect(pool.trim() == 400 && pool.idleBytes == 24, "the first trimmed; the second due 400 ns later")
        pool.now += 400
        #expect(pool.trim() == 0 && pool.idleBytes == 0)
    }

    @Test func aClockBehindTheReturnTrimsNothing() {
        let pool = Pool(smallBytes: 8, largeRetention: 1_000)
        #expect(pool.give(pool.take(holding: 16)) == 1_000)
        pool.now -= 500
        #expect(pool.trim() == 1_000 && pool.idleBytes == 16)
    }

    @Test func purgeResetsEveryIdleWorkspaceAndTheyStayUsable() {
        let pool = Pool()
        let a = pool.take(holding: 64), b = pool.take(holding: 128)
        _ = (pool.give(a), pool.give(b))
        ld_pool_purge(pool.pool)
        #expect(pool.idleBytes == 0)
        let again = pool.take(holding: 256)
        #expect(again == b)
        _ = pool.give(again)
    }

    /// A pool that trims itself (the shared one) needs no timer of its caller's: its thread
    /// trims a large workspace once due, and never sooner.
    @Test(.timeLimit(.minutes(1))) func aPoolThatTrimsItselfTrimsOnTime() async throws {
        let pool = Pool(smallBytes: 1_024, largeRetention: 200_000_000, trimsItself: true)
        let large = pool.take(holding: 2_048), small = pool.take(holding: 1_024), given = ContinuousClock.now
        #expect(pool.give(large) == 200_000_000)
        #expect(pool.give(small) == 0, "a trim is pending")
        while pool.idleBytes > 1_024 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(ContinuousClock.now - given >= .milliseconds(200), "not before the retention")
        #expect(pool.idleBytes == 1_024, "the small one stays warm")
    }

    @Test func theSharedPoolIsOneAndOutlivesAFree() {
        let shared = ld_pool_shared()
        #expect(shared != nil && shared == ld_pool_shared())
        ld_pool_free(shared)
        var workspace: OpaquePointer?
        #expect(ld_pool_take(shared, &workspace) == LD_OK && workspace != nil)
        _ = ld_pool_give(shared, workspace)  // other suites diff in it meanwhile: its size is theirs
    }

    @Test func missingArgumentsAreInvalid() {
        var pool: OpaquePointer?, workspace: OpaquePointer?
        #expect(ld_pool_create(nil, nil) == LD_ERROR_INVALID)
        #expect(ld_pool_take(nil, &workspace) == LD_ERROR_INVALID && workspace == nil)
        #expect(ld_pool_create(nil, &pool) == LD_OK)
        #expect(ld_pool_take(pool, nil) == LD_ERROR_INVALID)
        #expect(ld_pool_trim(nil) == 0 && ld_pool_idle_bytes(nil) == 0)
        ld_pool_purge(nil)
        ld_pool_free(pool)
    }
}
