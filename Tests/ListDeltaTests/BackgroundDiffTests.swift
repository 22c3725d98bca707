import Dispatch
import Foundation
import ListDelta
import TestSupport
import Testing

@Suite struct BackgroundDiffTests {
    @Test func backgroundDiffsAreValidStages() async throws {
        for seed in UInt64(1)...50 {
            let (source, target) = RandomModels.flat(seed: seed)
            let background = try await StagedChangeset.diffInBackground(source: source, target: target)
            expectValidStages(background, from: source, to: target, "seed \(seed)")
            let (sections, newSections) = RandomModels.sectioned(seed: seed)
            let sectioned = try await StagedChangeset.diffInBackground(source: sections, target: newSections)
            expectValidSectionStages(sectioned, from: sections, to: newSections, "seed \(seed)")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.timeLimit(.minutes(3)))
    func cancellingTheTaskStopsTheDiffInsideTheCore() async throws {
        // Repeated identifiers keep the LCS on Myers' search: with this budget the diff runs
        // for about 60 s in a debug build (20 s for a budget of 60,000, measured), longer under
        // sanitizers, then gives up; ignoring the cancellation fails, it does not hang.
        var random = SplitMix64(seed: 9)
        let source = (0..<200_000).map { _ in random.bounded(1_000) }
        let target = (0..<200_000).map { _ in random.bounded(1_000) }
        let task = Task {
            try await StagedChangeset.diffInBackground(
                source: source, target: target,
                algorithm: .longestCommonSubsequence(editBudget: 100_000))
        }
        let cancel = DelayedAction(after: 0.1) { task.cancel() }
        await #expect(throws: CancellationError.self) { try await task.value }
        // The core stops within 4,096 elements of work; what this measures on top is this
        // task's wait for a thread of the shared pool, which other suites may hold for seconds.
        let stopped = Date().timeIntervalSince(cancel.time ?? .distantFuture)
        #expect(stopped < 20, "the diff ran on for \(stopped) s after the cancel: it ignored it")
        // The workspace went back to the pool and diffs again.
        let next = try await StagedChangeset.diffInBackground(source: [1, 2, 3], target: [3, 1])
        #expect(try next.apply(to: [1, 2, 3]) == [3, 1])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.timeLimit(.minutes(1)))
    func dispatchQueueVariantDeliversAndCancels() async throws {
        let queue = DispatchQueue(label: "diff"), delivery = DispatchQueue(label: "delivery")
        let result = await withCheckedContinuation { continuation in
            StagedChangeset.diff(source: [1, 2, 3], target: [3, 4], on: queue, completionQueue: delivery) {
                continuation.resume(returning: $0)
            }
        }
        #expect(try result.get().apply(to: [1, 2, 3]) == [3, 4])

        // Repeated identifiers keep the LCS on Myers' search, which runs far longer than 0.1 s.
        var random = SplitMix64(seed: 4)
        let source = (0..<200_000).map { _ in random.bounded(1_000) }
        let target = (0..<200_000).map { _ in random.bounded(1_000) }
        let cancelled = await withCheckedContinuation { continuation in
            let task = StagedChangeset.diff(
                source: source, target: target, algorithm: .longestCommonSubsequence(editBudget: 60_000),
                on: queue, completionQueue: delivery
            ) { continuation.resume(returning: $0) }
            _ = DelayedAction(after: 0.1) { task.cancel() }
        }
        #expect(throws: CancellationError.self) { try cancelled.get() }
    }
}

@Suite struct DiffTaskCancellationTests {
    /// A task cancelled on the completion queue after its diff finished, but before its
    /// completion ran, must not deliver the stale result.
    @Test func cancelAfterTheDiffFinishedDeliversCancellation() throws {
        let queue = DispatchQueue(label: "diff"), delivery = DispatchQueue(label: "delivery")
        let results = ResultBox()
        for _ in 0..<50 {
            delivery.sync {
                let task = StagedChangeset.diff(source: [1, 2, 3], target: [3, 1], on: queue, completionQueue: delivery) {
                    results.append($0)
                }
                queue.sync {}  // the diff has finished; its completion waits for this block to end
                task.cancel()
            }
        }
        delivery.sync {}
        #expect(results.count == 50, "every diff completes once")
        #expect(results.successes == 0, "\(results.successes) stale results were delivered after cancel()")
    }
}

/// Results delivered to completions, from any queue.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<StagedChangeset<[Int]>, any Error>] = []
    func append(_ result: Result<StagedChangeset<[Int]>, any Error>) { lock.withLock { results.append(result) } }
    var count: Int { lock.withLock { results.count } }
    var successes: Int {
        lock.withLock { results.filter { if case .success = $0 { true } else { false } }.count }
    }
}

/// Counts the reads a diff makes of a list and cancels its task at the `cancelAt`-th, so that a
/// test can tell how much work the diff did after the cancel.
final class ReadCounter: @unchecked Sendable {
    // Written before the diff's queue runs, read on it, and read again after it completes.
    var task: DiffTask?
    private(set) var reads = 0
    let cancelAt: Int
    init(cancelAt: Int) { self.cancelAt = cancelAt }
    func read() {
        reads += 1
        if reads == cancelAt { task?.cancel() }
    }
}

/// A section's elements `0..<count`, each read counted: not contiguous, so a diff reads them
/// one by one.
struct CountedElements: RandomAccessCollection, Sendable {
    let count: Int
    let counter: ReadCounter
    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> Int {
        counter.read()
        return position
    }
}

/// A section whose elements count their reads, and whose content comparisons count as reads.
struct CountedSection: DifferentiableSection, Sendable {
    let id: Int
    let elements: CountedElements
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: CountedSection) -> Bool {
        elements.counter.read()
        return true
    }
    init(id: Int, elements: CountedElements) {
        self.id = id
        self.elements = elements
    }
    init<C: Collection>(source: CountedSection, elements: C) where C.Element == Int {
        self.init(id: source.id, elements: CountedElements(count: elements.count, counter: source.elements.counter))
    }
    static func == (lhs: CountedSection, rhs: CountedSection) -> Bool { lhs.id == rhs.id }
}

/// The promise of `diffInBackground` and `diff(on:)`: a cancelled diff stops within 4,096
/// elements or sections of work, however the work is laid out.
@Suite struct CancellationPromiseTests {
    /// Diffs `sections` against themselves on a queue, cancelling at `counter`'s cancelAt-th
    /// read, and returns the reads made in all.
    private func readsOfACancelledDiff(_ sections: [CountedSection], _ counter: ReadCounter) async -> Int {
        let queue = DispatchQueue(label: "cancelled diff")
        queue.suspend()
        let result = await withCheckedContinuation { continuation in
            counter.task = StagedChangeset.diff(source: sections, target: sections, on: queue, completionQueue: queue) {
                continuation.resume(returning: $0)
            }
            queue.resume()
        }
        #expect(throws: CancellationError.self) { try result.get() }
        return counter.reads
    }

    @Test func oneSectionOfAMillionElementsStopsWithinAPollInterval() async {
        let counter = ReadCounter(cancelAt: 1_000)
        let section = CountedSection(id: 0, elements: CountedElements(count: 1_000_000, counter: counter))
        let reads = await readsOfACancelledDiff([section], counter)
        #expect(reads <= counter.cancelAt + 4_096, "\(reads) elements read")
    }

    @Test func aMillionEmptySectionsStopWithinAPollInterval() async {
        let counter = ReadCounter(cancelAt: 1_000)
        let empty = CountedElements(count: 0, counter: counter)
        let sections = (0..<1_000_000).map { CountedSection(id: $0, elements: empty) }
        let reads = await readsOfACancelledDiff(sections, counter)
        #expect(reads <= counter.cancelAt + 4_096, "\(reads) sections compared")
    }
}
