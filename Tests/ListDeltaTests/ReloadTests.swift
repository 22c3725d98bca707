import ListDelta
import Testing

/// A list view stand-in: it validates every batch against its own element counts, the way
/// UIKit checks its data source, and records what it was asked to do.
@MainActor
final class FakeListView: BatchUpdateTarget {
    var counts: [Int]
    var dataCounts: () -> [Int]
    var canPerformBatchUpdates = true
    /// Whether batches call their completion, as UIKit's do.
    var completesBatches = true
    private(set) var batches: [BatchUpdate] = []
    private(set) var fullReloads = 0
    private(set) var errors: [BatchUpdateError] = []
    private var pending = BatchUpdate()

    init(counts: [Int], dataCounts: @escaping () -> [Int]) {
        self.counts = counts
        self.dataCounts = dataCounts
    }

    var numberOfSections: Int { counts.count }
    func numberOfElements(inSection section: Int) -> Int { counts[section] }

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
        if completesBatches { completion?(true) }
    }

    func deleteSections(at sections: [Int]) { pending.sectionDeleted += sections }
    func insertSections(at sections: [Int]) { pending.sectionInserted += sections }
    func reloadSections(at sections: [Int]) { pending.sectionUpdated += sections }
    func moveSection(from source: Int, to target: Int) { pending.sectionMoved.append((source: source, target: target)) }
    func deleteElements(at paths: [ElementPath]) { pending.elementDeleted += paths }
    func insertElements(at paths: [ElementPath]) { pending.elementInserted += paths }
    func reloadElements(at paths: [ElementPath]) { pending.elementUpdated += paths }
    private(set) var reconfigured: [ElementPath] = []
    func reconfigureElements(at paths: [ElementPath]) { reconfigured += paths }
    func moveElement(from source: ElementPath, to target: ElementPath) {
        pending.elementMoved.append((source: source, target: target))
    }
}

@MainActor
@Suite struct ReloadTests {
    /// Rows that are section values, diffed as a flat list in section 2, are animated as that
    /// one section: the guard counts rows, not sections.
    @Test func flatListsOfSectionValuesAnimate() {
        let rows = (0..<38).map { ArraySection(model: $0, elements: [$0]) }
        let target = Array(rows.dropFirst(2)) + [ArraySection(model: 50, elements: [])]
        var data = rows
        let view = FakeListView(counts: [4, 0, rows.count]) { [4, 0, data.count] }
        var outcome: ReloadOutcome?
        view.reload(using: StagedChangeset(source: rows, target: target, section: 2), completion: { outcome = $0 }) {
            data = $0
        }
        #expect(outcome == .animated(finished: true))
        #expect(view.fullReloads == 0 && view.errors.isEmpty && data == target)
        #expect(view.batches.flatMap(\.elementDeleted) == [0, 1].map { ElementPath(element: $0, section: 2) })
    }

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
        view.performBatch({ data = [1, 2, 3, 4] }, completion: nil)
        #expect(view.errors == [.elementCountMismatch(section: 0, expected: 3, actual: 4)])
    }

    @Test func aViewOutOfStepWithTheDiffIsReloadedNotAnimated() {
        // The data source gained an element the view was never told about; the diff starts
        // from that data. Animating it is UIKit's "invalid number of items" crash.
        var data = [1, 2, 3]
        let view = FakeListView(counts: [3]) { [data.count] }
        data.append(4)
        var outcomes: [ReloadOutcome] = []
        view.reload(using: StagedChangeset(source: data, target: [4, 1]), completion: { outcomes.append($0) }) { data = $0 }
        let mismatch = ReloadOutcome.CountMismatch(section: 0, expected: 4, actual: 3)
        #expect(outcomes == [.reloaded(.viewOutOfSync(mismatch))])
        #expect(view.errors.isEmpty && view.batches.isEmpty && view.fullReloads == 1 && data == [4, 1])
    }

    @Test func sectionsOutOfStepAreCaughtBeforeAnyStage() {
        var caught = 0
        for seed in UInt64(1)...300 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let staged = StagedChangeset(source: source, target: target)
            guard !staged.isEmpty else { continue }
            var data = source
            // Every count right: the guard lets every stage through.
            let view = FakeListView(counts: source.map(\.elements.count)) { data.map(\.elements.count) }
            var outcomes: [ReloadOutcome] = []
            view.reload(using: staged, completion: { outcomes.append($0) }) { data = $0 }
            #expect(outcomes == [.animated(finished: true)] && view.errors.isEmpty, "seed \(seed)")
            // One section's count off by one: caught before the first stage.
            guard let section = source.indices.first else { continue }
            data = source
            var counts = source.map(\.elements.count)
            counts[section] += 1
            let stale = FakeListView(counts: counts) { data.map(\.elements.count) }
            outcomes = []
            stale.reload(using: staged, completion: { outcomes.append($0) }) { data = $0 }
            let wasCaught = outcomes.first.map { if case .reloaded(.viewOutOfSync) = $0 { true } else { false } } == true
            #expect(wasCaught || !stagedSourceCountIsKnown(staged, section: section), "seed \(seed): \(outcomes)")
            caught += wasCaught ? 1 : 0
            #expect(stale.errors.isEmpty, "seed \(seed): a stage reached the stale view: \(stale.errors)")
            #expect(data == target)
        }
        #expect(caught > 100, "the guard caught only \(caught) stale views")
    }

    /// A diff says the count of every section it starts from, a section it deletes included, so
    /// a view out of step in any section is reloaded, never animated.
    @Test func aDiffKnowsEverySectionCountItStartsFrom() {
        var checked = 0
        for seed in UInt64(1)...300 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let staged = StagedChangeset(source: source, target: target)
            guard !staged.isEmpty else { continue }
            for section in source.indices {
                var data = source, counts = source.map(\.elements.count)
                counts[section] += 1
                let stale = FakeListView(counts: counts) { data.map(\.elements.count) }
                var outcomes: [ReloadOutcome] = []
                stale.reload(using: staged, completion: { outcomes.append($0) }) { data = $0 }
                let mismatch = ReloadOutcome.CountMismatch(
                    section: section, expected: counts[section] - 1, actual: counts[section])
                #expect(outcomes == [.reloaded(.viewOutOfSync(mismatch))], "seed \(seed), section \(section)")
                #expect(stale.batches.isEmpty && data == target)
                checked += staged[0].sectionDeleted.contains(section) ? 1 : 0
            }
        }
        #expect(checked > 50, "only \(checked) deleted sections checked")
    }

    /// Whether the first stage of `staged` keeps `section`, so that its count before the stage
    /// can be known from the stage's data.
    private func stagedSourceCountIsKnown(_ staged: StagedChangeset<[Section]>, section: Int) -> Bool {
        !staged[0].sectionDeleted.contains(section)
    }

    @Test func completionComesOnceAfterTheLastBatch() {
        var data = [1, 2, 3]
        let view = FakeListView(counts: [3]) { [data.count] }
        var outcomes: [ReloadOutcome] = []
        let staged = StagedChangeset(
            source: [Item(id: 1), Item(id: 2), Item(id: 3)], target: [Item(id: 3, content: 1), Item(id: 4)])
        #expect(staged.count == 3)
        view.reload(using: StagedChangeset(source: data, target: [3, 4]), completion: { outcomes.append($0) }) { data = $0 }
        #expect(outcomes == [.animated(finished: true)] && view.batches.count == 2)
        view.reload(using: StagedChangeset<[Int]>(), completion: { outcomes.append($0) }) { data = $0 }
        #expect(outcomes.count == 2, "an empty staged changeset completes at once")
    }

    /// A changeset built by hand says no counts; the guard derives the only ones its batch can
    /// be valid for, and a view out of step with them is reloaded, even when the batch would
    /// then be invalid for the view too.
    @Test func aHandBuiltChangesetIsGuardedByTheCountsItImplies() {
        typealias Section = ArraySection<Int, Int>
        let three = [Section(model: 0, elements: [1, 2, 3])]
        let cases: [(view: [Int], data: [Section], changeset: Changeset<[Section]>, mismatch: ReloadOutcome.CountMismatch)] = [
            // One row deleted from a section left with 3: it held 4, the view shows 10.
            (
                [10], three, Changeset(data: three, elementDeleted: [ElementPath(element: 9, section: 0)]),
                ReloadOutcome.CountMismatch(section: 0, expected: 4, actual: 10)
            ),
            // Section 3 deleted, two left: there were 3, the view shows 5.
            (
                [1, 1, 1, 1, 1], three + three, Changeset(data: three + three, sectionDeleted: [3]),
                ReloadOutcome.CountMismatch(section: nil, expected: 3, actual: 5)
            ),
        ]
        for (shown, data, changeset, mismatch) in cases {
            var current = data
            let view = FakeListView(counts: shown) { current.map(\.elements.count) }
            var outcome: ReloadOutcome?
            view.reload(using: StagedChangeset([changeset]), completion: { outcome = $0 }) { current = $0 }
            #expect(outcome == .reloaded(.viewOutOfSync(mismatch)) && view.errors.isEmpty && view.batches.isEmpty)
        }
    }

    /// A hand-built batch after the first is guarded by the counts of the batch before's data,
    /// counted as its layout says: rows of a flat list, elements of each section.
    @Test func laterHandBuiltChangesetsAreGuardedByTheirLayoutsCounts() {
        typealias Section = ArraySection<Int, Int>
        let sections = [Section(model: 0, elements: [1, 2, 3]), Section(model: 1, elements: [4])]
        let trimmed = [Section(model: 0, elements: [1, 2]), Section(model: 1, elements: [4])]
        var current = sections
        let view = FakeListView(counts: [3, 1]) { current.map(\.elements.count) }
        var outcome: ReloadOutcome?
        let staged: StagedChangeset<[Section]> = [
            Changeset(data: trimmed, elementDeleted: [ElementPath(element: 2, section: 0)]),
            Changeset(data: [trimmed[1], trimmed[0]], sectionMoved: [(source: 1, target: 0)]),
        ]
        view.reload(using: staged, completion: { outcome = $0 }) { current = $0 }
        #expect(outcome == .animated(finished: true) && view.fullReloads == 0 && view.errors.isEmpty)
        #expect(view.batches.count == 2 && current == [trimmed[1], trimmed[0]])

        var rows = [1, 2, 3]
        let flatView = FakeListView(counts: [3]) { [rows.count] }
        let flat: StagedChangeset<[Int]> = [
            Changeset(data: [1, 2], elementDeleted: [ElementPath(element: 2, section: 0)]),
            Changeset(data: [2], elementDeleted: [ElementPath(element: 0, section: 0)]),
        ]
        flatView.reload(using: flat, completion: { outcome = $0 }) { rows = $0 }
        #expect(outcome == .animated(finished: true) && flatView.fullReloads == 0 && flatView.errors.isEmpty)
        #expect(rows == [2])
    }

    @Test func reconfiguringUpdatesCallsReconfigure() {
        var data = [Item(id: 1), Item(id: 2)]
        let view = FakeListView(counts: [2]) { [data.count] }
        view.reload(
            using: StagedChangeset(source: data, target: [Item(id: 1, content: 1), Item(id: 2)]), reconfiguringUpdates: true
        ) {
            data = $0
        }
        #expect(view.reconfigured == [ElementPath(element: 0, section: 0)] && view.batches.allSatisfy(\.elementUpdated.isEmpty))
    }

    /// A view is sent a batch's operations in the core's order (`ld_operation_kind`): each kind
    /// that has operations once, a move a call, nothing for an empty kind.
    @Test func aBatchIsSentInTheCoresOrder() {
        let view = CallRecorder()
        let path = ElementPath(element: 0, section: 1)
        view.perform(
            BatchUpdate(
                sectionDeleted: [0], sectionInserted: [1], sectionMoved: [(2, 3), (4, 5)], elementDeleted: [path],
                elementInserted: [path], elementUpdated: [path], elementMoved: [(path, path)]))
        #expect(
            view.calls == [
                "deleteSections", "insertSections", "moveSection", "moveSection", "deleteElements", "insertElements",
                "reloadElements", "moveElement",
            ])
        view.calls = []
        view.perform(BatchUpdate(sectionUpdated: [0], elementUpdated: [path]), reconfiguringUpdates: true)
        #expect(view.calls == ["reloadSections", "reconfigureElements"])
    }
}

/// A view that records the names of the operations it is sent, in order.
@MainActor
private final class CallRecorder: BatchUpdateTarget {
    var calls: [String] = []
    let canPerformBatchUpdates = true
    let numberOfSections = 0
    func numberOfElements(inSection section: Int) -> Int { 0 }
    func reloadData() { calls.append("reloadData") }
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) { updates() }
    func deleteSections(at sections: [Int]) { calls.append("deleteSections") }
    func insertSections(at sections: [Int]) { calls.append("insertSections") }
    func reloadSections(at sections: [Int]) { calls.append("reloadSections") }
    func moveSection(from source: Int, to target: Int) { calls.append("moveSection") }
    func deleteElements(at paths: [ElementPath]) { calls.append("deleteElements") }
    func insertElements(at paths: [ElementPath]) { calls.append("insertElements") }
    func reloadElements(at paths: [ElementPath]) { calls.append("reloadElements") }
    func reconfigureElements(at paths: [ElementPath]) { calls.append("reconfigureElements") }
    func moveElement(from source: ElementPath, to target: ElementPath) { calls.append("moveElement") }
}
