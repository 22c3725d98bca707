import ListDelta
import Testing

/// A list view stand-in: it validates every batch against its own element counts, the way
/// UIKit checks its data source, and records what it was asked to do.
@MainActor
final class FakeListView: BatchUpdateTarget {
    var counts: [Int]
    var dataCounts: () -> [Int]
    var canPerformBatchUpdates = true
    private(set) var batches: [BatchUpdate] = []
    private(set) var fullReloads = 0
    private(set) var errors: [BatchUpdateError] = []
    private var pending = BatchUpdate()

    init(counts: [Int], dataCounts: @escaping () -> [Int]) {
        self.counts = counts
        self.dataCounts = dataCounts
    }

    func reloadData() {
        fullReloads += 1
        counts = dataCounts()
    }

    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        pending = BatchUpdate()
        updates()
        let after = dataCounts()
        do {
            try BatchUpdateValidator.validate(pending, elementCountsBefore: counts, elementCountsAfter: after)
        } catch let error as BatchUpdateError {
            errors.append(error)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        batches.append(pending)
        counts = after
        completion?(true)
    }

    func deleteSections(at sections: [Int]) { pending.deletedSections += sections }
    func insertSections(at sections: [Int]) { pending.insertedSections += sections }
    func reloadSections(at sections: [Int]) { pending.reloadedSections += sections }
    func moveSection(from source: Int, to target: Int) { pending.movedSections.append(.init(source: source, target: target)) }
    func deleteElements(at paths: [ElementPath]) { pending.deletedElements += paths }
    func insertElements(at paths: [ElementPath]) { pending.insertedElements += paths }
    func reloadElements(at paths: [ElementPath]) { pending.reloadedElements += paths }
    func moveElement(from source: ElementPath, to target: ElementPath) {
        pending.movedElements.append(.init(source: source, target: target))
    }
}

@MainActor
@Suite struct ReloadTests {
    @Test func everyStageIsOneValidBatchWithItsData() {
        for seed in UInt64(1)...300 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            var data = source
            let view = FakeListView(counts: source.map(\.elements.count)) { data.map(\.elements.count) }
            let staged = StagedChangeset(source: source, target: target)
            view.reload(using: staged) { data = $0 }
            #expect(view.errors.isEmpty, "seed \(seed): \(view.errors)")
            #expect(view.batches.count == staged.count)
            #expect(data == target)
            #expect(view.counts == target.map(\.elements.count))
        }
    }

    @Test func interruptFallsBackToReloadData() {
        var data = [1, 2, 3]
        let view = FakeListView(counts: [3]) { [data.count] }
        let staged = StagedChangeset(source: data, target: [3, 4])
        view.reload(using: staged, interrupt: { $0.changeCount > 0 }) { data = $0 }
        #expect(view.batches.isEmpty && view.fullReloads == 1 && data == [3, 4])
    }

    @Test func offscreenViewReloadsInsteadOfAnimating() {
        var data = [1, 2, 3]
        let view = FakeListView(counts: [3]) { [data.count] }
        view.canPerformBatchUpdates = false
        view.reload(using: StagedChangeset(source: data, target: [2])) { data = $0 }
        #expect(view.batches.isEmpty && view.fullReloads == 1 && data == [2])
    }

    @Test func badBatchIsReportedByTheFake() {
        // The fake catches what UIKit would: data changed without matching operations.
        var data = [1, 2, 3]
        let view = FakeListView(counts: [3]) { [data.count] }
        let wrong = StagedChangeset([Changeset(data: [1, 2, 3, 4])])
        view.reload(using: wrong) { data = $0 }
        #expect(view.errors == [.elementCountMismatch(section: 0, expected: 3, actual: 4)])
    }
}
