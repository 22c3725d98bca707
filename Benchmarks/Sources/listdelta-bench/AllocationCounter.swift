import MallocInterposerSwift

/// Counts the allocations of one piece of work through ordo-one's malloc interposer, which
/// `scripts/bench` preloads (LD_PRELOAD); without it nothing is counted.
enum AllocationCounter {
    /// Whether the interposer sees this process's allocations.
    static let isActive: Bool = {
        let counts = count { _ = [Int](repeating: 0, count: 1_000) }
        return counts.allocations > 0
    }()

    /// The allocation calls and bytes requested while `work` runs.
    static func count(_ work: () -> Void) -> (allocations: Int, bytes: Int) {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        work()
        MallocInterposerSwift.unhook()
        let statistics = MallocInterposerSwift.getStatistics()
        return (statistics.mallocCount, statistics.mallocBytesCount)
    }

    /// `row` with the allocations of one more run of `work`, per element of `elementCount`.
    static func annotate(_ row: Row, elementCount: Int, _ work: () -> Void) -> Row {
        guard isActive else { return row }
        var row = row
        let counts = count(work)
        row.allocationsPerDiff = Double(counts.allocations)
        row.allocatedBytesPerElement = Double(counts.bytes) / Double(max(1, elementCount))
        return row
    }
}
