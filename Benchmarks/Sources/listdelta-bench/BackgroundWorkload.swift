import Foundation
import ListDelta
import Workloads

/// The background-queue workload: snapshots of a 100k-item list submitted to a `ListUpdater`
/// from another thread, in a burst and as a steady 60 Hz stream.
enum BackgroundWorkload {
    struct Report {
        var name: String
        var statistics: ListUpdater<[Int]>.Statistics
        var latencies: [Double]  // ms from a snapshot's submission to its result being applied
        var mainThreadPerUpdate: [Double]  // ms of main-thread work per applied update
    }

    /// A list view that does nothing but time the main-thread work of each batch.
    @MainActor
    final class TimingTarget: BatchUpdateTarget {
        var batchMilliseconds: [Double] = []
        /// The number of rows shown: the updater's data, which the view shows.
        var shownCount: () -> Int = { 0 }
        var canPerformBatchUpdates: Bool { true }
        var numberOfSections: Int { 1 }
        func numberOfElements(inSection section: Int) -> Int { shownCount() }
        func reloadData() {}
        func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            let started = ContinuousClock.now
            updates()
            batchMilliseconds.append(milliseconds(ContinuousClock.now - started))
            completion?(true)  // no animation to wait for
        }
        func deleteSections(at sections: [Int]) {}
        func insertSections(at sections: [Int]) {}
        func reloadSections(at sections: [Int]) {}
        func moveSection(from source: Int, to target: Int) {}
        func deleteElements(at paths: [ElementPath]) {}
        func insertElements(at paths: [ElementPath]) {}
        func reloadElements(at paths: [ElementPath]) {}
        func moveElement(from source: ElementPath, to target: ElementPath) {}
    }

    /// Snapshot `index` of the stream: W100k's target with a few hundred elements rotated.
    static func snapshot(_ base: [Int], index: Int) -> [Int] {
        let shift = (index * 97) % 1_000
        var snapshot = base
        snapshot.removeSubrange(0..<shift)
        snapshot.append(contentsOf: base[0..<shift])
        snapshot.append(1_000_000 + index)
        return snapshot
    }

    static func run(name: String, count: Int, interval: Duration?) async -> Report {
        let base = FlatWorkload.w100k().target
        let (updater, target) = await MainActor.run { () -> (ListUpdater<[Int]>, TimingTarget) in
            let target = TimingTarget()
            let updater = ListUpdater(initial: base, target: target)
            target.shownCount = { [weak updater] in updater?.data.count ?? 0 }
            return (updater, target)
        }
        let applied = LatencyLog()
        await Task.detached {
            for index in 0..<count {
                let snapshot = snapshot(base, index: index)
                let submitted = ContinuousClock.now
                updater.submit(snapshot) { wasApplied in
                    if wasApplied { applied.record(milliseconds(ContinuousClock.now - submitted)) }
                }
                if let interval { try? await Task.sleep(for: interval) }
            }
        }.value
        await updater.settled()
        return await MainActor.run {
            Report(
                name: name, statistics: updater.statistics, latencies: applied.values,
                mainThreadPerUpdate: perUpdate(target.batchMilliseconds, applied: updater.statistics.applied))
        }
    }

    /// Main-thread milliseconds per applied update (each update is one batch per stage).
    private static func perUpdate(_ batches: [Double], applied: Int) -> [Double] {
        guard applied > 0 else { return [] }
        return [batches.reduce(0, +) / Double(applied)]
    }

    /// The table shows the burst whose last result came at the median latency, then `stream`.
    static func markdown(bursts: [Report], stream: Report, oneDiff: Double?) -> String {
        let byLastLatency = bursts.sorted { ($0.latencies.last ?? .infinity) < ($1.latencies.last ?? .infinity) }
        let reports = byLastLatency.isEmpty ? [stream] : [byLastLatency[byLastLatency.count / 2], stream]
        var lines = [
            "### Background queue — ListUpdater on W100k-sized snapshots",
            "",
            "| stream | submitted | diffs started | completed | cancelled | failed | applied | out of sync | last-result latency ms | median latency ms | p99 latency ms | main-thread ms per update |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for report in reports {
            let s = report.statistics, sorted = report.latencies.sorted()
            func percentile(_ p: Double) -> String {
                sorted.isEmpty ? "—" : format(sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))])
            }
            lines.append(
                "| \(report.name) | \(s.submitted) | \(s.diffsStarted) | \(s.diffsCompleted) | \(s.diffsCancelled) | "
                    + "\(s.diffsFailed) | \(s.applied) | \(s.viewsOutOfSync) | \(report.latencies.last.map(format) ?? "—") | \(percentile(0.5)) | "
                    + "\(percentile(0.99)) | \(report.mainThreadPerUpdate.first.map(format) ?? "—") |")
        }
        let lastLatencies = byLastLatency.compactMap(\.latencies.last)
        if let fastest = lastLatencies.first, let slowest = lastLatencies.last {
            lines += [
                "",
                "Last-result latency over \(bursts.count) bursts: \(format(fastest)) ms at best, "
                    + "\(format(lastLatencies[lastLatencies.count / 2])) ms median (the row above), \(format(slowest)) ms at worst.",
            ]
        }
        if let oneDiff {
            lines += [
                "",
                "One W100k end-to-end diff takes \(format(oneDiff)) ms in this run; the target for the last result's latency is 2× that.",
            ]
        }
        return lines.joined(separator: "\n")
    }
}

/// Latencies recorded from the main actor, read after the stream settles.
final class LatencyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Double] = []
    func record(_ value: Double) { lock.withLock { recorded.append(value) } }
    var values: [Double] { lock.withLock { recorded } }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

/// How long `diffInBackground` takes to throw `CancellationError` after its task is cancelled,
/// on W1M, cancelled a few milliseconds into the diff.
enum CancellationLatency {
    struct Sample {
        var algorithm: String
        var cancelAfter: Double  // ms after the diff started
        var latency: Double?  // ms from cancel() to the throw; nil when the diff finished first
    }

    static func measure() async -> [Sample] {
        let w1m = FlatWorkload.w1m()
        var samples: [Sample] = []
        for (name, algorithm) in [("Heckel", DiffAlgorithm.heckel), ("LCS (Myers)", .longestCommonSubsequence())] {
            for delay in [2, 5, 10, 20] {
                let task = Task.detached {
                    try await StagedChangeset.diffInBackground(source: w1m.source, target: w1m.target, algorithm: algorithm)
                }
                try? await Task.sleep(for: .milliseconds(delay))
                let cancelled = ContinuousClock.now
                task.cancel()
                let threw: Bool
                do {
                    _ = try await task.value
                    threw = false
                } catch { threw = error is CancellationError }
                samples.append(
                    Sample(
                        algorithm: name, cancelAfter: Double(delay),
                        latency: threw ? milliseconds(ContinuousClock.now - cancelled) : nil))
            }
        }
        return samples
    }

    static func markdown(_ samples: [Sample]) -> String {
        var lines = [
            "### Cancellation — W1M, `diffInBackground` cancelled while it runs", "",
            "| algorithm | cancelled after ms | cancel → CancellationError ms |", "|---|---:|---:|",
        ]
        for sample in samples {
            lines.append(
                "| \(sample.algorithm) | \(format(sample.cancelAfter)) | \(sample.latency.map(format) ?? "finished first") |")
        }
        return lines.joined(separator: "\n")
    }
}
