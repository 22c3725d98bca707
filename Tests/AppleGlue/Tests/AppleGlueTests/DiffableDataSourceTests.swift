import AppKit
import Foundation
import ListDelta
import ListViewModel
import Testing

/// A model kept whole in the snapshot, identified by `id`.
struct Model: Hashable, Sendable {
    var id: Int
    var title: String
}

/// Random snapshot edits through the snapshot's own API, as an app makes them.
struct SnapshotScript {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>
    var random: Random
    var newID = 1

    init(seed: UInt64) { random = Random(state: seed) }

    private mutating func fresh() -> Int {
        newID += 1
        return newID
    }

    private mutating func pick<T>(_ values: [T]) -> T { values[random.next(values.count)] }

    /// The next snapshot: `previous`'s sections and items (no reload marks), then one to six
    /// random edits, reloads and reconfigures included.
    mutating func next(after previous: Snapshot) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(previous.sectionIdentifiers)
        for section in previous.sectionIdentifiers {
            snapshot.appendItems(previous.itemIdentifiers(inSection: section), toSection: section)
        }
        for _ in 0...random.next(6) { edit(&snapshot) }
        return snapshot
    }

    private mutating func edit(_ snapshot: inout Snapshot) {
        let sections = snapshot.sectionIdentifiers, items = snapshot.itemIdentifiers
        switch random.next(15) {
        case 0:
            snapshot.appendSections([fresh()])
            snapshot.appendItems((0..<random.next(4)).map { _ in fresh() })
        case 1 where !sections.isEmpty:
            let new = fresh()
            if random.next(2) == 0 {
                snapshot.insertSections([new], beforeSection: pick(sections))
            } else {
                snapshot.insertSections([new], afterSection: pick(sections))
            }
            snapshot.appendItems((0..<random.next(3)).map { _ in fresh() }, toSection: new)
        case 2 where sections.count > 1:
            snapshot.deleteSections([pick(sections)])
        case 3 where sections.count > 1:
            let section = pick(sections), anchor = pick(sections)
            guard section != anchor else { return }
            if random.next(2) == 0 {
                snapshot.moveSection(section, beforeSection: anchor)
            } else {
                snapshot.moveSection(section, afterSection: anchor)
            }
        case 4...5 where !sections.isEmpty && items.count < 60:
            snapshot.appendItems((0...random.next(4)).map { _ in fresh() }, toSection: pick(sections))
        case 6 where !items.isEmpty:
            if random.next(2) == 0 {
                snapshot.insertItems([fresh(), fresh()], beforeItem: pick(items))
            } else {
                snapshot.insertItems([fresh()], afterItem: pick(items))
            }
        case 7 where !items.isEmpty:
            snapshot.deleteItems((0...random.next(3)).map { _ in pick(items) })
        case 8 where items.count > 1:
            let item = pick(items), anchor = pick(items)
            guard item != anchor else { return }
            if random.next(2) == 0 {
                snapshot.moveItem(item, beforeItem: anchor)
            } else {
                snapshot.moveItem(item, afterItem: anchor)
            }
        case 9 where !items.isEmpty:
            // A duplicate: an item added again, in any section.
            if random.next(2) == 0 {
                snapshot.appendItems([pick(items)], toSection: pick(sections))
            } else {
                snapshot.insertItems([pick(items)], beforeItem: pick(items))
            }
        case 10 where !items.isEmpty:
            snapshot.reloadItems((0...random.next(3)).map { _ in pick(items) })
        case 11 where !items.isEmpty:
            snapshot.reconfigureItems((0...random.next(3)).map { _ in pick(items) })
        case 12 where !sections.isEmpty:
            snapshot.reloadSections([pick(sections)])
        case 13 where random.next(6) == 0:
            snapshot.deleteAllItems()
        default:
            if sections.isEmpty { snapshot.appendSections([fresh()]) }
            snapshot.appendItems([fresh()])
        }
    }
}

/// The diffable data sources driven as apps drive them, each on its stand-in view: every batch
/// is checked by the view, and after every apply the cells the view shows are compared with
/// the snapshot.
@MainActor
@Suite(.serialized) struct DiffableDataSourceTests {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    /// The rows the view should show for `snapshot`: by section, or one list for NSTableView.
    private func rows<Item>(_ snapshot: DiffableDataSourceSnapshot<Int, Item>, sectioned: Bool) -> [[Item]] {
        let sections = snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
        return sectioned ? sections : [sections.flatMap { $0 }]
    }

    /// Where each item occurring once in `snapshot` is, with its section.
    private func uniquePlaces(_ snapshot: Snapshot, sectioned: Bool) -> [Int: (path: IndexPath, section: Int)] {
        var places: [Int: (path: IndexPath, section: Int)] = [:], seen: [Int: Int] = [:]
        var flatRow = 0
        for (index, section) in snapshot.sectionIdentifiers.enumerated() {
            for (row, item) in snapshot.itemIdentifiers(inSection: section).enumerated() {
                seen[item, default: 0] += 1
                places[item] = (IndexPath(indexes: sectioned ? [index, row] : [0, flatRow]), section)
                flatRow += 1
            }
        }
        return places.filter { seen[$0.key] == 1 }
    }

    /// Checks what `harness` shows and answers against `snapshot`, just applied over
    /// `previous`, whose cells were `before` with configurations up to `stampBefore`; returns
    /// whether every check passed.
    @discardableResult
    private func check(
        _ harness: Harness<Int>, shows snapshot: Snapshot, after previous: Snapshot, before: [[ShownCell]],
        stampBefore: Int, _ context: String
    ) -> Bool {
        var passed = true
        func expect(_ condition: Bool, _ comment: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(condition, Comment(rawValue: comment()), sourceLocation: sourceLocation)
            passed = passed && condition
        }
        let sectioned = harness.sectioned
        let expected = rows(snapshot, sectioned: sectioned)
        expect(harness.failures.isEmpty, "\(context): \(harness.failures)")
        expect(harness.shownCounts == expected.map(\.count), "\(context)")
        let cells = harness.shownCells
        expect(cells.map { $0.map(\.item) } == expected.map { $0.map(AnyHashable.init) }, "\(context): cells")
        guard cells.map(\.count) == expected.map(\.count) else { return false }

        // Refreshed items got a new configuration; reloaded ones a new cell, reconfigured ones
        // (UIKit) their own; others kept theirs.
        let reloaded = Set(snapshot.reloadedItemIdentifiers), reconfigured = Set(snapshot.reconfiguredItemIdentifiers)
        let reloadedSections = Set(snapshot.reloadedSectionIdentifiers)
        let oldPlaces = uniquePlaces(previous, sectioned: sectioned)
        let newPlaces = uniquePlaces(snapshot, sectioned: sectioned)
        var flatRow = 0
        for (index, section) in snapshot.sectionIdentifiers.enumerated() {
            for (row, item) in snapshot.itemIdentifiers(inSection: section).enumerated() {
                defer { flatRow += 1 }
                let cell = sectioned ? cells[index][row] : cells[0][flatRow]
                let place = "\(context): item \(item) in section \(section)"
                let sectionReloaded = reloadedSections.contains(section)
                if reloaded.contains(item) || reconfigured.contains(item) || sectionReloaded {
                    expect(cell.stamp > stampBefore, "\(place) was not configured again")
                }
                guard let old = oldPlaces[item], newPlaces[item] != nil,
                    previous.indexOfSection(section) != nil, snapshot.indexOfSection(old.section) != nil,
                    before.indices.contains(old.path[0]), before[old.path[0]].indices.contains(old.path[1])
                else { continue }
                let oldCell = before[old.path[0]][old.path[1]]
                if reloaded.contains(item) || sectionReloaded {
                    expect(cell.cell != oldCell.cell, "\(place): reloaded in its old cell")
                } else if reconfigured.contains(item) {
                    if harness.kind == .uiTable || harness.kind == .uiCollection {
                        expect(cell.cell == oldCell.cell, "\(place): reconfigured in a new cell")
                    }
                } else {
                    expect(cell.cell == oldCell.cell && cell.stamp == oldCell.stamp, "\(place): refreshed unasked")
                }
            }
        }

        // The data source's look-ups agree with the snapshot.
        expect(harness.snapshot() == snapshot, "\(context)")
        flatRow = 0
        for (index, section) in snapshot.sectionIdentifiers.enumerated() {
            if sectioned {
                expect(harness.sectionIdentifier(for: index) == section, "\(context): section \(index)")
                expect(harness.index(for: section) == index, "\(context): index of section \(section)")
            }
            for (row, item) in snapshot.itemIdentifiers(inSection: section).enumerated() {
                expect(harness.itemIdentifier(at: index, row, flatRow: flatRow) == item, "\(context): [\(index), \(row)]")
                let first =
                    sectioned
                    ? firstPath(of: item, in: snapshot) : snapshot.indexOfItem(item).map { IndexPath(indexes: [0, $0]) }
                expect(harness.indexPath(for: item) == first, "\(context): indexPath(for: \(item))")
                if !sectioned {
                    expect(
                        harness.sectionIdentifier(for: flatRow) == section, "\(context): sectionIdentifier(forRow: \(flatRow))")
                }
                flatRow += 1
            }
        }
        if sectioned {
            expect(harness.sectionIdentifier(for: snapshot.numberOfSections) == nil, "\(context)")
        }
        return passed
    }

    private func firstPath(of item: Int, in snapshot: Snapshot) -> IndexPath? {
        for (index, section) in snapshot.sectionIdentifiers.enumerated() {
            if let row = snapshot.itemIdentifiers(inSection: section).firstIndex(of: item) {
                return IndexPath(indexes: [index, row])
            }
        }
        return nil
    }

    /// Apple's contract on the main thread: when `apply` returns, the view shows the snapshot
    /// (its counts and cells), and the data source's look-ups name rows the view has; the
    /// completion runs once, after the animations end.
    @Test(arguments: DataSourceKind.allCases, 0..<24)
    func applyOnTheMainThreadShowsTheSnapshotWhenItReturns(kind: DataSourceKind, seed: UInt64) async {
        let harness = Harness<Int>(kind)
        var script = SnapshotScript(seed: 0xD1FF_AB1E &+ seed)
        var previous = Snapshot()
        var completions = 0
        for step in 0..<40 {
            let snapshot = script.next(after: previous)
            let before = harness.shownCells, stampBefore = Configurations.last, reloads = harness.fullReloads
            let completed = completions
            harness.apply(snapshot) { completions += 1 }
            let context = """
                \(kind) seed \(seed) step \(step), \(previous) → \(snapshot) reloading items \(snapshot.reloadedItemIdentifiers), \
                reconfiguring \(snapshot.reconfiguredItemIdentifiers), reloading sections \(snapshot.reloadedSectionIdentifiers)
                """
            #expect(harness.fullReloads == reloads, "\(context): reloaded instead of animated")
            if harness.fullReloads != reloads { break }
            guard check(harness, shows: snapshot, after: previous, before: before, stampBefore: stampBefore, context)
            else { break }  // The first step that fails says it all.
            #expect(completions == completed || harness.pendingAnimations == 0, "\(context): completion before the animations")
            let completedInTime = await waitUntil({ completions == completed + 1 }, meanwhile: harness.finishAnimations)
            #expect(completedInTime, "\(context): completion not called")
            previous = snapshot
        }
        for _ in 0..<10 { await Task.yield() }
        #expect(completions == 40, "\(kind) seed \(seed): completions called \(completions) times for 40 applies")
    }

    /// The `async` form returns once the animations end, and the view shows the snapshot.
    @Test(arguments: DataSourceKind.allCases)
    func asyncApplyReturnsOnceShown(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        var script = SnapshotScript(seed: 0xA5F0)
        var previous = Snapshot()
        for step in 0..<10 {
            let snapshot = script.next(after: previous)
            let before = harness.shownCells, stampBefore = Configurations.last
            await harness.applyAndWait(snapshot)
            guard check(harness, shows: snapshot, after: previous, before: before, stampBefore: stampBefore, "\(kind) \(step)")
            else { break }
            previous = snapshot
        }
    }

    @Test(arguments: DataSourceKind.allCases)
    func duplicatesAreShownTwice(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        var snapshot = Snapshot()
        snapshot.appendSections([1, 2])
        snapshot.appendItems([10, 11, 12], toSection: 1)
        snapshot.appendItems([20], toSection: 2)
        await harness.applyAndWait(snapshot)
        var duplicated = snapshot
        duplicated.appendItems([11], toSection: 2)
        duplicated.insertItems([12], beforeItem: 10)
        let before = harness.shownCells, stampBefore = Configurations.last
        await harness.applyAndWait(duplicated)
        check(harness, shows: duplicated, after: snapshot, before: before, stampBefore: stampBefore, "\(kind)")
        let shown = harness.shownCells.joined().compactMap { $0.item as? Int }
        #expect(shown.filter { $0 == 11 }.count == 2 && shown.filter { $0 == 12 }.count == 2, "\(kind): \(shown)")
        // And back: one of each again.
        await harness.applyAndWait(snapshot)
        #expect(harness.shownCells.joined().compactMap { $0.item as? Int }.sorted() == [10, 11, 12, 20])
        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
    }

    @Test(arguments: DataSourceKind.allCases)
    func changedModelsAreReconfiguredNotReplaced(kind: DataSourceKind) async {
        let harness = Harness<Model>(kind, identifiedBy: \Model.id)
        var snapshot = DiffableDataSourceSnapshot<Int, Model>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<5).map { Model(id: $0, title: "title \($0)") })
        await harness.applyAndWait(snapshot)
        let before = harness.shownCells, requestsBefore = harness.cellRequests.count, batchesBefore = harness.batches.count
        let tableCallsBefore = harness.nsTable?.standInCalls.count ?? 0
        var edited = DiffableDataSourceSnapshot<Int, Model>()
        edited.appendSections([0])
        let models = (0..<5).map { Model(id: $0, title: $0 == 2 ? "edited" : "title \($0)") }
        edited.appendItems(models)
        await harness.applyAndWait(edited)

        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
        let after = harness.shownCells
        #expect(after.first?.map(\.item) == models.map(AnyHashable.init), "\(kind)")
        guard before.map(\.count) == [5], after.map(\.count) == [5] else { return }
        #expect(Array(harness.cellRequests[requestsBefore...]) == [IndexPath(indexes: [0, 2])], "\(kind): only row 2 asked for")
        for row in [0, 1, 3, 4] {
            #expect(after[0][row].cell == before[0][row].cell && after[0][row].stamp == before[0][row].stamp)
        }
        #expect(after[0][2].stamp > before[0][2].stamp)
        let batches = harness.batches[batchesBefore...]
        #expect(
            batches.allSatisfy { $0.deleted.isEmpty && $0.inserted.isEmpty && $0.moved.isEmpty }, "\(kind): deleted and inserted")
        switch kind {
        case .uiTable, .uiCollection:
            #expect(harness.reconfigured == [IndexPath(indexes: [0, 2])], "\(kind)")
            #expect(after[0][2].cell == before[0][2].cell, "\(kind): reconfigured in its own cell")
        case .appKitCollection:
            #expect(batches.map(\.reloaded) == [[IndexPath(indexes: [0, 2])]], "\(kind)")
        case .appKitTable:
            let calls = harness.nsTable!.standInCalls[tableCallsBefore...]
            #expect(Array(calls) == ["reload [2]"], "\(kind): \(calls)")
        }
        #expect(harness.itemIdentifier(at: 0, 2, flatRow: 2) == models[2], "\(kind): the current model")
        #expect(harness.indexPath(for: models[2]) == IndexPath(indexes: [0, 2]), "\(kind)")
        #expect(harness.indexPath(for: Model(id: 2, title: "title 2")) == nil, "\(kind): the old model is gone")
    }

    /// Snapshot `n` of a burst: it starts with the marker 100_000 + n.
    private nonisolated static func burst(_ n: Int) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections([0, 1])
        snapshot.appendItems([100_000 + n] + (0..<(n % 7 + 3)).map { ($0 * 7 + n) % 20 }, toSection: 0)
        snapshot.appendItems((0..<(n % 5)).map { 200 + ($0 + n) % 9 }, toSection: 1)
        return snapshot
    }

    /// Applies the 50 snapshots of a burst from one background queue through `apply`, and
    /// returns, for each, how many times its completion ran and the marker the view showed
    /// then, in the order the completions ran.
    private func burst(
        _ harness: Harness<Int>, through apply: @escaping @Sendable (Snapshot, Bool, (@MainActor @Sendable () -> Void)?) -> Void
    ) async -> [(n: Int, shown: Int?, animating: Int)] {
        var calls: [(n: Int, shown: Int?, animating: Int)] = []
        let record: @MainActor (Int) -> Void = { n in
            let marker = (harness.shownCells.first?.first?.item as? Int).map { $0 - 100_000 }
            calls.append((n, marker, harness.pendingAnimations))
        }
        await withCheckedContinuation { (queued: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "apply-bursts").async {
                for n in 0..<50 { apply(Self.burst(n), true) { record(n) } }
                queued.resume()
            }
        }
        let allCalled = await waitUntil({ Set(calls.map(\.n)).count == 50 }, meanwhile: harness.finishAnimations)
        #expect(allCalled, "\(harness.kind): completions not called within ten seconds: \(calls.map(\.n))")
        for _ in 0..<100 { await Task.yield() }
        return calls
    }

    /// Apple's contract from one background queue: the diffs run there, and the view shows
    /// every snapshot, in the order applied; each completion runs once, after its batch.
    @Test(arguments: DataSourceKind.allCases)
    func appliesFromABackgroundQueueAreShownInOrder(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        let calls = await burst(harness, through: harness.applyFromAnyThread)
        #expect(calls.map(\.n) == Array(0..<50), "\(kind): completions ran in the order \(calls.map(\.n))")
        let early = calls.filter { call in (call.shown ?? -1) < call.n }
        #expect(early.isEmpty, "\(kind): completions before their snapshot was shown: \(early)")
        #expect(harness.snapshot() == Self.burst(49), "\(kind)")
        let expected = rows(Self.burst(49), sectioned: harness.sectioned)
        #expect(harness.shownCells.map { $0.map(\.item) } == expected.map { $0.map(AnyHashable.init) }, "\(kind)")
        #expect(harness.fullReloads == 0, "\(kind): reloaded instead of animated")
        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
    }

    /// ListDelta's opt-in: diffs off the main thread, the newest snapshot winning; the
    /// completions of the snapshots it replaced run once, when it is shown.
    @Test(arguments: DataSourceKind.allCases)
    func diffingOffTheMainThreadEndsOnTheNewest(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        let calls = await burst(harness, through: harness.applyDiffingOffMainThread)
        #expect(calls.map(\.n).sorted() == Array(0..<50), "\(kind): completions ran \(calls.map(\.n))")
        let early = calls.filter { call in (call.shown ?? -1) < call.n || call.animating > 0 && call.shown == call.n }
        #expect(early.isEmpty, "\(kind): completions before their snapshot or a newer one was shown: \(early)")
        #expect(harness.snapshot() == Self.burst(49), "\(kind)")
        let expected = rows(Self.burst(49), sectioned: harness.sectioned)
        #expect(harness.shownCells.map { $0.map(\.item) } == expected.map { $0.map(AnyHashable.init) }, "\(kind)")
        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
    }

    /// `animatingDifferences: false` applies the differences without animation, as Apple's
    /// does from iOS 15: cells that stay keep their configuration; only
    /// `applySnapshotUsingReloadData` reloads.
    @Test(arguments: DataSourceKind.allCases)
    func withoutAnimationTheDifferencesAreAppliedUnanimated(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        var snapshot = Snapshot()
        snapshot.appendSections([0, 1])
        snapshot.appendItems([1, 2, 3], toSection: 0)
        snapshot.appendItems([4], toSection: 1)
        await harness.applyAndWait(snapshot)
        let batches = harness.batchCount, reloads = harness.fullReloads, cells = harness.shownCells.joined()
        snapshot.deleteItems([2])
        snapshot.appendItems([5, 6], toSection: 0)
        harness.apply(snapshot, animated: false)
        #expect(harness.fullReloads == reloads && harness.batchCount > batches, "\(kind): animating: false reloaded")
        let shown = harness.shownCells.joined()
        #expect(shown.map(\.item) == [1, 3, 5, 6, 4].map(AnyHashable.init), "\(kind)")
        let kept = { (cells: FlattenSequence<[[ShownCell]]>, item: Int) in cells.first { $0.item == AnyHashable(item) }?.cell }
        #expect([1, 3, 4].allSatisfy { kept(shown, $0) == kept(cells, $0) }, "\(kind): cells that stay were replaced")
        if harness.sectioned && kind != .appKitCollection {
            #expect(harness.batches.dropFirst(batches).allSatisfy { !$0.animated }, "\(kind): the batch was animated")
        }

        snapshot.moveItem(6, beforeItem: 1)
        snapshot.appendSections([2])
        snapshot.appendItems([7])
        var done = false
        let batchesBefore = harness.batchCount
        harness.applyUsingReloadData(snapshot) { done = true }
        _ = await waitUntil { done }
        #expect(
            done && harness.fullReloads == reloads + 1 && harness.batchCount == batchesBefore,
            "\(kind): applySnapshotUsingReloadData")
        #expect(harness.shownCells.joined().map(\.item) == [6, 1, 3, 5, 4, 7].map(AnyHashable.init), "\(kind)")
        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
    }

    @Test(arguments: DataSourceKind.allCases)
    func snapshotIsTheAppliedOneAtOnce(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        var snapshot = Snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2, 3])
        snapshot.reloadItems([2])
        harness.applyFromAnyThread(snapshot, true, nil)
        #expect(harness.snapshot() == snapshot, "\(kind): right after apply")
        var next = snapshot
        next.deleteItems([1])
        harness.applyUsingReloadData(next)
        #expect(harness.snapshot() == next, "\(kind): right after applySnapshotUsingReloadData")
        await harness.applyAndWait(next)
        #expect(harness.snapshot() == next, "\(kind)")
    }
}
