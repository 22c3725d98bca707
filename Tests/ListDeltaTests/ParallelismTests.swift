import Foundation
import TestSupport
import Testing

@testable import ListDelta

/// Identities read on two threads are the ones read on one, whatever the lists' sizes, and
/// only large diffs read them on two threads, unless that is turned off.
@Suite struct ParallelismTests {
    private func identities<Element: ContentIdentifiable>(
        _ source: [Element], _ target: [Element], threads: Int, cancellation: CoreCancellation? = nil
    ) throws -> ([UInt64], [UInt64]) {
        var sourceIdentities = [UInt64](repeating: 0, count: source.count)
        var targetIdentities = [UInt64](repeating: 0, count: target.count)
        try sourceIdentities.withUnsafeMutableBufferPointer { sourceRoom in
            try targetIdentities.withUnsafeMutableBufferPointer { targetRoom in
                try mapIdentities(
                    source: source, into: sourceRoom, target: target, into: targetRoom, threads: threads,
                    cancellation: cancellation)
            }
        }
        return (sourceIdentities, targetIdentities)
    }

    @Test func twoThreadsWriteEveryIdentityOnce() throws {
        var random = SplitMix64(seed: 41)
        for (sourceCount, targetCount) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 3), (7, 1), (4_097, 3), (10_001, 20_003)] {
            let source = (0..<sourceCount).map { _ in "id-\(random.next())" }
            let target = (0..<targetCount).map { _ in "id-\(random.next())" }
            let one = try identities(source, target, threads: 1)
            let two = try identities(source, target, threads: 2)
            #expect(one.0 == source.map { identity(of: $0) } && one.1 == target.map { identity(of: $0) })
            #expect(two.0 == one.0 && two.1 == one.1, "\(sourceCount) and \(targetCount) elements")
        }
    }

    @Test func twoThreadsStopForACancellation() {
        let cancellation = CoreCancellation()
        cancellation.cancel()
        let source = Array(0..<50_000), target = Array(0..<50_000)
        #expect(throws: CancellationError.self) { try identities(source, target, threads: 2, cancellation: cancellation) }
    }

    @Test func onlyLargeDiffsUseTheSecondThreadAndOnlyWhenAllowed() {
        let large = ListDeltaParallelism.minimumElementCount
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(ListDeltaParallelism.threads(forElementCount: large) == (cores > 1 ? 2 : 1))
        #expect(ListDeltaParallelism.threads(forElementCount: large - 1) == 1)
        ListDeltaParallelism.isEnabled = false
        defer { ListDeltaParallelism.isEnabled = true }
        #expect(ListDeltaParallelism.threads(forElementCount: large) == 1)
    }
}
