import TestSupport
import Testing

@testable import ListDelta

/// The pool keeps repeated large diffs warm, gives large workspaces' memory back once they
/// idle, and purges on request.
@Suite struct WorkspacePoolTests {
    private let large = (0..<UInt64(100_000)).map { $0 }

    private func diff(
        _ source: [UInt64], _ target: [UInt64], in pool: WorkspacePool, whileHeld body: () throws -> Void = {}
    ) throws {
        try withCoreDiff(
            sourceCount: source.count, targetCount: target.count,
            identities: { sourceRoom, targetRoom, _ in
                _ = sourceRoom.initialize(from: source)
                _ = targetRoom.initialize(from: target)
            },
            algorithm: .heckel, cancellation: nil, pool: pool
        ) { _ in try body() }
    }

    @Test func repeatedLargeDiffsReuseOneWarmWorkspace() throws {
        var random = SplitMix64(seed: 31)
        let pool = WorkspacePool(smallBytes: 1 << 16, largeRetention: 600)
        try diff(large, large.reversed(), in: pool)
        let warm = pool.idleBytes
        #expect(warm > 1 << 20, "a 100,000-element diff holds megabytes: \(warm)")
        for _ in 0..<3 {
            try diff(large.shuffled(using: &random), large, in: pool)
            #expect(pool.idleBytes == warm, "the same workspace, already large enough, diffs again")
        }
        pool.trim()
        #expect(pool.idleBytes == warm, "recently used: still warm")
        pool.purge()
        #expect(pool.idleBytes == 0)
        try diff([1, 2, 3], [3, 1], in: pool)
        #expect(pool.idleBytes > 0, "a purged workspace stays usable")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.timeLimit(.minutes(1)))
    func largeIdleWorkspacesGiveTheirMemoryBack() async throws {
        let pool = WorkspacePool(smallBytes: 1 << 16, largeRetention: 0.05)
        try diff([1, 2, 3], [3, 2], in: pool)
        let small = pool.idleBytes
        #expect(small > 0 && small <= 1 << 16)
        try diff(large, large.reversed(), in: pool)
        #expect(pool.idleBytes > 1 << 20)
        // The trim runs on a timer: wait for it, without depending on how late it fires.
        while pool.idleBytes > 1 << 16 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(pool.idleBytes <= 1 << 16, "small workspaces stay warm, large ones are trimmed")
    }

    @Test func idleWorkspacesAreBoundedInNumber() throws {
        let single = WorkspacePool(idleLimit: 1)
        try diff([1], [1], in: single)
        let one = single.idleBytes
        let pool = WorkspacePool(idleLimit: 2)
        // Nested diffs take three workspaces at once; only two are kept afterwards.
        try diff([1], [1], in: pool) {
            try diff([2], [2], in: pool) {
                try diff([3], [3], in: pool)
            }
        }
        #expect(one > 0 && pool.idleBytes == 2 * one)
    }
}
