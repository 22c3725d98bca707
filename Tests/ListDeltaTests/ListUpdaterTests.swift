import Dispatch
import Foundation
import TestSupport
import Testing

@testable import ListDelta

/// Usage patterns of the list frameworks ListDelta serves, played against a list view that
/// validates every batch the way UIKit does.
@MainActor
@Suite struct ListUpdaterTests {
    /// A flat updater wired to a validating fake view.
    private func flatUpdater(_ initial: [Item]) -> (ListUpdater<[Item]>, FakeListView) {
        let view = FakeListView(counts: [initial.count]) { [] }
        let updater = ListUpdater(initial: initial, target: view)
        view.dataCounts = { [weak updater] in [updater?.data.count ?? 0] }
        return (updater, view)
    }

    private func sectionedUpdater(_ initial: [ArraySection<Int, Int>]) -> (ListUpdater<[ArraySection<Int, Int>]>, FakeListView) {
        let view = FakeListView(counts: initial.map(\.elements.count)) { [] }
        let updater = ListUpdater(initial: initial, target: view)
        view.dataCounts = { [weak updater] in updater?.data.map(\.elements.count) ?? [] }
        return (updater, view)
    }

    @Test func autoDifferBeginCommitMakesOneDiff() async {
        // WBListKit: beginAutoDiffer, many mutations of the model, commitAutoDiffer.
        let initial = (0..<500).map { Item(id: $0) }
        var model = initial
        let (updater, view) = flatUpdater(model)
        var random = SplitMix64(seed: 21)
        for step in 0..<200 {  // between begin and commit, nothing reaches the view
            switch step % 4 {
            case 0: model.remove(at: random.bounded(model.count))
            case 1: model.insert(Item(id: 1_000 + step), at: random.bounded(model.count + 1))
            case 2: model.swapAt(random.bounded(model.count), random.bounded(model.count))
            default: model[random.bounded(model.count)].content += 1
            }
        }
        updater.submit(model)  // commitAutoDiffer
        await updater.settled()
        #expect(updater.statistics.diffsStarted == 1 && updater.statistics.applied == 1)
        // The view performed the batches of one diff from the initial list to the committed one.
        #expect(view.batches == StagedChangeset(source: initial, target: model).map(BatchUpdate.init))
        #expect(view.batches.contains { !$0.elementUpdated.isEmpty }, "content changes reach the view as reloads")
        #expect(view.errors.isEmpty, "\(view.errors)")
        #expect(updater.data == model && view.counts == [model.count])
    }

    @Test func reloadDataAfterMutatingSectionsWithIntIdentifiers() async {
        // FlowKit: mutate sections of Int models, then reloadData(after:) animates the change.
        var sections = (0..<20).map { s in ArraySection(model: s, elements: Array((s * 10)..<(s * 10 + 10))) }
        let (updater, view) = sectionedUpdater(sections)
        for round in 0..<10 {
            sections.remove(at: round % sections.count)
            sections.insert(ArraySection(model: 100 + round, elements: [1_000 + round]), at: round % (sections.count + 1))
            if let moved = sections[0].elements.popLast() {
                sections[sections.count - 1].elements.insert(moved, at: 0)
            }
            sections.swapAt(1, sections.count - 2)
            updater.submit(sections)
            await updater.settled()
            #expect(updater.data == sections, "round \(round)")
        }
        #expect(view.errors.isEmpty, "\(view.errors)")
        #expect(view.counts == sections.map(\.elements.count))
    }

    @Test func diffOnTheMainQueueOrOnACallerQueue() async throws {
        // DiffTableDirector: diff synchronously on the main queue, or on a queue of the caller's.
        var data = (0..<300).map { Item(id: $0) }
        let view = FakeListView(counts: [data.count]) { [] }
        view.dataCounts = { [data.count] }
        let onMain = Array(data.dropFirst(30).reversed()) + [Item(id: 999)]
        view.reload(using: StagedChangeset(source: data, target: onMain)) { data = $0 }
        #expect(data == onMain)

        var random = SplitMix64(seed: 22)
        let onQueue = Array(onMain.shuffled(using: &random).prefix(200))
        let queue = DispatchQueue(label: "caller.diff")
        let staged = try await withCheckedThrowingContinuation { continuation in
            StagedChangeset.diff(source: data, target: onQueue, on: queue, completionQueue: queue) {
                continuation.resume(with: $0)
            }
        }
        view.reload(using: staged) { data = $0 }
        #expect(data == onQueue && view.errors.isEmpty && view.counts == [onQueue.count])
    }

    @Test func widgetPageSwapsWholeSections() async {
        let widgets = (0..<8).map { w in ArraySection(model: w, elements: Array((w * 100)..<(w * 100 + 5))) }
        let pages: [[ArraySection<Int, Int>]] = [
            [widgets[0], widgets[1], widgets[2]],
            [widgets[3], widgets[1]],
            [widgets[1], widgets[4], widgets[5], widgets[0]],
            [],
            [widgets[6], widgets[7], widgets[2]],
            [widgets[2], widgets[7], widgets[6]],
        ]
        let (updater, view) = sectionedUpdater(pages[0])
        for (index, page) in pages.enumerated().dropFirst() {
            updater.submit(page)
            await updater.settled()
            #expect(updater.data == page, "page \(index)")
        }
        #expect(view.errors.isEmpty, "\(view.errors)")
    }

    @Test func burstsFromSeveralThreadsEndAtTheLastSnapshot() async {
        let initial = (0..<2_000).map { Item(id: $0) }
        let (updater, view) = flatUpdater(initial)
        let answered = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var random = SplitMix64(seed: UInt64(thread + 1))
            for _ in 0..<100 {
                let snapshot = Array(initial.shuffled(using: &random).prefix(1_500 + random.bounded(500)))
                updater.submit(snapshot) { _ in answered.increment() }
            }
        }
        let last = Array(initial.reversed().dropFirst(7))
        updater.submit(last) { applied in
            answered.increment()
            #expect(applied, "the last snapshot must be applied")
        }
        await updater.settled()
        #expect(updater.data == last)
        #expect(view.errors.isEmpty, "\(view.errors)")
        #expect(view.counts == [last.count])
        let statistics = updater.statistics
        #expect(statistics.submitted == 401)
        #expect(answered.value == 401, "every submission is answered once: \(answered.value)")
        #expect(statistics.applied < statistics.submitted, "superseded snapshots are skipped")
        #expect(statistics.diffsStarted == statistics.diffsCompleted + statistics.diffsCancelled + statistics.diffsFailed)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func newerSnapshotCancelsARunningDiff() async {
        let big = (0..<300_000).map { Item(id: $0) }
        let (updater, view) = flatUpdater(big)
        for round in 0..<30 {
            updater.submit(Array(big.dropFirst(round * 100).reversed()))
            try? await Task.sleep(for: .milliseconds(1))
        }
        let last = Array(big.prefix(1_000))
        updater.submit(last)
        await updater.settled()
        #expect(updater.data == last && view.errors.isEmpty)
        let statistics = updater.statistics
        #expect(statistics.diffsCancelled > 0, "\(statistics)")
    }

    /// A stream faster than the diff must still reach the view. The test holds every diff at
    /// a gate and lets them finish one by one, so the policy is checked step by step whatever
    /// the machine's load: a newer snapshot cancels a young diff, but not the diff that
    /// replaced it, and a finished diff is applied even though newer snapshots wait.
    @Test func aStreamFasterThanTheDiffStillShowsResults() async {
        let gate = DiffGate()
        let view = FakeListView(counts: [0]) { [] }
        let updater = ListUpdater<[Item]>(initial: [], target: view) { source, target, cancellation in
            gate.pass()
            return StagedChangeset(
                try flatStages(source: source, target: target, section: 0, algorithm: .heckel, cancellation: cancellation))
        }
        view.dataCounts = { [weak updater] in [updater?.data.count ?? 0] }
        let snapshots = (1...6).map { n in (0..<n).map { Item(id: $0) } }
        let answers = Answers()
        func submit(_ index: Int) { updater.submit(snapshots[index]) { answers.record(index, $0) } }
        func diffsStarted(_ count: Int) async {
            while updater.statistics.diffsStarted < count { await Task.yield() }
        }

        submit(0)
        await diffsStarted(1)
        submit(1)  // the first diff is young: cancelled
        gate.open(1)
        await diffsStarted(2)
        #expect(updater.statistics.diffsCancelled == 1)
        submit(2)
        submit(3)  // the running diff replaced a cancelled one: it runs on
        gate.open(1)
        await diffsStarted(3)
        #expect(updater.statistics.diffsCancelled == 1 && updater.statistics.applied == 1)
        #expect(updater.data == snapshots[1], "the finished diff is shown while newer snapshots wait")
        submit(4)
        submit(5)
        gate.open(.max)
        await updater.settled()
        #expect(updater.data == snapshots[5] && view.errors.isEmpty, "\(view.errors)")
        #expect(answers.shown == [1, 5] || answers.shown == [1, 3, 5], "\(answers.shown)")
        #expect(answers.all.sorted() == Array(0...5), "every snapshot answered once: \(answers.all)")
        let statistics = updater.statistics
        #expect(statistics.diffsStarted == statistics.diffsCompleted + statistics.diffsCancelled + statistics.diffsFailed)
    }

    /// A target that never calls its batches' completions must not stop the updater.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aTargetThatNeverCompletesDoesNotStallTheUpdater() async throws {
        let view = FakeListView(counts: [0]) { [] }
        view.completesBatches = false
        let updater = ListUpdater<[Item]>(initial: [], target: view)
        updater.completionTimeout = 0.05
        view.dataCounts = { [weak updater] in [updater?.data.count ?? 0] }
        for count in [3, 5, 2] {
            updater.submit((0..<count).map { Item(id: $0) })
        }
        // A stalled updater never settles: wait for it with a deadline of our own, so that a
        // stall fails the test instead of hanging it.
        var settled = false
        Task { @MainActor in
            await updater.settled()
            settled = true
        }
        for _ in 0..<400 where !settled { try await Task.sleep(for: .milliseconds(50)) }
        #expect(settled, "the updater waited for a completion that never comes")
        #expect(updater.data.count == 2 && view.errors.isEmpty)
    }

    @Test func diffsRunOnTheQueueTheFrameworkGives() async throws {
        // DiffTableDirector: every diff on the framework's own serial queue.
        let (updater, view) = flatUpdater([Item(id: 1)])
        let queue = DispatchQueue(label: "framework.diff")
        updater.diffQueue = queue
        queue.suspend()  // while the queue is held, no diff can finish
        updater.submit([Item(id: 2), Item(id: 1)])
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(updater.statistics.diffsStarted == 1 && updater.statistics.diffsCompleted == 0)
        #expect(updater.data == [Item(id: 1)])
        queue.resume()
        await updater.settled()
        #expect(updater.statistics.diffsCompleted == 1 && updater.data == [Item(id: 2), Item(id: 1)])
        #expect(view.errors.isEmpty && view.counts == [2])
    }

    @Test func interruptReloadsLargeChangesInstead() async {
        let (updater, view) = flatUpdater((0..<10).map { Item(id: $0) })
        updater.interrupt = { $0.changeCount > 5 }
        updater.submit((0..<12).map { Item(id: $0) })  // two inserts: animated
        await updater.settled()
        #expect(view.fullReloads == 0 && view.batches.count == 1)
        updater.submit((20..<40).map { Item(id: $0) })  // 12 deletes, then 20 inserts: reloaded
        await updater.settled()
        #expect(view.fullReloads == 1 && view.batches.count == 1)
        #expect(updater.statistics.interrupted == 1 && updater.statistics.applied == 2)
        #expect(updater.data.count == 20 && view.counts == [20] && view.errors.isEmpty)
    }

    @Test func sectionModelChangesCanLeaveRowsAlone() async {
        // XWWidget: a header title changes; the rows must not all be reloaded.
        let initial = [Section(model: Header(id: 0), elements: (0..<5).map { Item(id: $0) })]
        let view = FakeListView(counts: [5]) { [] }
        let updater = ListUpdater(initial: initial, target: view, sectionUpdates: .omitted)
        view.dataCounts = { [weak updater] in updater?.data.map(\.elements.count) ?? [] }
        var next = initial
        next[0].model.title = 1
        next[0].elements.append(Item(id: 9))
        updater.submit(next)
        await updater.settled()
        #expect(view.batches.allSatisfy { $0.sectionUpdated.isEmpty } && view.batches.count == 1)
        #expect(updater.data == next && view.errors.isEmpty)
    }

    @Test func updaterHoldsNoWorkAfterSettling() async {
        weak var weakUpdater: ListUpdater<[Item]>?
        do {
            let (updater, _) = flatUpdater([Item(id: 1)])
            weakUpdater = updater
            for n in 0..<20 { updater.submit((0..<n).map { Item(id: $0) }) }
            await updater.settled()
            #expect(updater.data.count == 19)
        }
        for _ in 0..<100 where weakUpdater != nil { await Task.yield() }
        #expect(weakUpdater == nil, "a settled updater must not be kept alive by pending work")
    }
}

/// Which snapshots were answered, and which of them were shown, in order.
@MainActor
final class Answers {
    private(set) var all: [Int] = []
    private(set) var shown: [Int] = []
    func record(_ index: Int, _ applied: Bool) {
        all.append(index)
        if applied { shown.append(index) }
    }
}

/// Holds diffs on their background threads until the test lets them through.
final class DiffGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var permits = 0

    /// Blocks until a permit is available, then takes it.
    func pass() {
        condition.lock()
        while permits == 0 { condition.wait() }
        if permits != .max { permits -= 1 }
        condition.unlock()
    }

    /// Lets `count` more diffs through; `.max` lets all through from now on.
    func open(_ count: Int) {
        condition.lock()
        permits = count == .max || permits == .max ? .max : permits + count
        condition.broadcast()
        condition.unlock()
    }
}

/// A thread-safe counter for completions.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
