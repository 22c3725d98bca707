import Foundation
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
        let section: [UInt64] = [0], sourceCount = [UInt32(source.count)], targetCount = [UInt32(target.count)]
        _ = try withFlatSections(section, sourceCount, targetCount) { section, sourceCount, targetCount in
            try pool.withWorkspace { workspace in
                try withCoreStages(
                    in: workspace, sourceSections: section, targetSections: section, sourceCounts: sourceCount,
                    targetCounts: targetCount, elementCounts: (source.count, target.count),
                    elementIdentities: { sourceRoom, targetRoom, _ in
                        _ = sourceRoom.initialize(from: source)
                        _ = targetRoom.initialize(from: target)
                    },
                    algorithm: .heckel, cancellation: nil,
                    changes: { _ in (elements: nil, sections: nil) }
                ) { _ in try body() }
            }
        }
    }

    /// A monotonic clock the test moves by hand.
    private final class ManualClock: @unchecked Sendable {
        private let lock = NSLock()
        private var nanoseconds: UInt64

        init(seconds: Double) { nanoseconds = UInt64(seconds * 1e9) }

        func advance(seconds: Double) { lock.withLock { nanoseconds += UInt64(seconds * 1e9) } }

        func read() -> UInt64 { lock.withLock { nanoseconds } }
    }

    @Test func repeatedLargeDiffsReuseOneWarmWorkspace() throws {
        var random = SplitMix64(seed: 31)
        // A machine booted a few seconds ago: its clock reads less than the retention.
        let clock = ManualClock(seconds: 3)
        let pool = WorkspacePool(smallBytes: 1 << 16, largeRetention: 600, clock: clock.read)
        try diff(large, large.reversed(), in: pool)
        let warm = pool.idleBytes
        #expect(warm > 1 << 20, "a 100,000-element diff holds megabytes: \(warm)")
        for _ in 0..<3 {
            try diff(large.shuffled(using: &random), large, in: pool)
            #expect(pool.idleBytes == warm, "the same workspace, already large enough, diffs again")
        }
        pool.trim()
        #expect(pool.idleBytes == warm, "recently used: still warm")
        clock.advance(seconds: 599)
        pool.trim()
        #expect(pool.idleBytes == warm, "idle for less than the retention: still warm")
        clock.advance(seconds: 1)
        pool.trim()
        #expect(pool.idleBytes == 0, "idle for the retention: trimmed")
        try diff(large, large.reversed(), in: pool)
        pool.purge()
        #expect(pool.idleBytes == 0)
        try diff([1, 2, 3], [3, 1], in: pool)
        #expect(pool.idleBytes > 0, "a purged workspace stays usable")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.timeLimit(.minutes(1)))
    func largeIdleWorkspacesGiveTheirMemoryBack() async throws {
        // A retention long enough that the check right after the diff sees the workspace warm
        // under the sanitizers on a loaded machine (at 0.05 s the pool's thread trimmed it first).
        let pool = WorkspacePool(smallBytes: 1 << 16, largeRetention: 1)
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
