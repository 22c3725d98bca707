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
                try source.withUnsafeBufferPointer { source in
                    try target.withUnsafeBufferPointer { target in
                        try mapIdentities(
                            source: source, into: sourceRoom, target: target, into: targetRoom,
                            reading: DifferenceIdentifiers.self, threads: threads, cancellation: cancellation)
                    }
                }
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

    /// What a large diff does, on small lists: both threads read identities into the
    /// workspace while one of them prepares the rest of it (ThreadSanitizer watches this in CI).
    @Test func preparingTheWorkspaceAlongsideGivesTheSameDiff() throws {
        var random = SplitMix64(seed: 47)
        let source = (0..<200_000).map { _ in random.bounded(300_000) }
        let target = source.shuffled(using: &random).filter { _ in random.bounded(10) != 0 }
        func targetToSource(threads: Int, pool: WorkspacePool) throws -> ([Int32], Int) {
            let runs = LockedValue(0)
            var map: [Int32] = []
            let section: [UInt64] = [0], sourceCount = [UInt32(source.count)], targetCount = [UInt32(target.count)]
            _ = try withFlatSections(section, sourceCount, targetCount) { section, sourceCount, targetCount in
                try pool.withWorkspace { workspace in
                    try withCoreStages(
                        in: workspace, sourceSections: section, targetSections: section, sourceCounts: sourceCount,
                        targetCounts: targetCount, elementCounts: (source.count, target.count),
                        elementIdentities: { sourceRoom, targetRoom, prepareWorkspace in
                            try source.withUnsafeBufferPointer { source in
                                try target.withUnsafeBufferPointer { target in
                                    try mapIdentities(
                                        source: source, into: sourceRoom, target: target, into: targetRoom,
                                        reading: DifferenceIdentifiers.self, threads: threads,
                                        alongside: {
                                            runs.withLock { $0 += 1 }
                                            prepareWorkspace()
                                        }, cancellation: nil)
                                }
                            }
                        },
                        algorithm: .heckel, cancellation: nil,
                        changes: { match in
                            map = Array(match.elementSourceToTarget)
                            return (elements: nil, sections: nil)
                        }
                    ) { _ in }
                }
            }
            return (map, runs.withLock { $0 })
        }
        let (serial, serialRuns) = try targetToSource(threads: 1, pool: WorkspacePool())
        let (parallel, parallelRuns) = try targetToSource(threads: 2, pool: WorkspacePool())
        #expect(parallel == serial && serialRuns == 0 && parallelRuns == 1)
    }

    @Test func twoThreadsStopForACancellation() {
        let cancellation = CoreCancellation()
        cancellation.cancel()
        let source = Array(0..<50_000), target = Array(0..<50_000)
        #expect(throws: CancellationError.self) { try identities(source, target, threads: 2, cancellation: cancellation) }
    }

    /// The rule, with the setting and the core count given: no test switches the process-wide
    /// setting, which suites running alongside would see.
    @Test func onlyLargeDiffsUseTheSecondThreadAndOnlyWhenAllowed() {
        let large = ListDeltaParallelism.minimumElementCount
        #expect(ListDeltaParallelism.threads(forElementCount: large, isEnabled: true, processorCount: 2) == 2)
        #expect(ListDeltaParallelism.threads(forElementCount: large - 1, isEnabled: true, processorCount: 8) == 1)
        #expect(ListDeltaParallelism.threads(forElementCount: large, isEnabled: false, processorCount: 8) == 1)
        #expect(ListDeltaParallelism.threads(forElementCount: large, isEnabled: true, processorCount: 1) == 1)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(
            ListDeltaParallelism.threads(forElementCount: large)
                == ListDeltaParallelism.threads(
                    forElementCount: large, isEnabled: ListDeltaParallelism.isEnabled, processorCount: cores))
        #expect(ListDeltaParallelism.threads(forElementCount: large - 1) == 1)
    }
}
