import Foundation
import TestSupport
import Testing

@testable import ListDelta

private typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

/// A snapshot of `sections`, built by appends.
private func snapshot(_ sections: KeyValuePairs<String, [Int]>) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// The sections and items of `snapshot`, as `["a": [1, 2], …]` in order.
private func contents(_ snapshot: Snapshot) -> [[String: [Int]]] {
    snapshot.sectionIdentifiers.map { [$0: snapshot.itemIdentifiers(inSection: $0)] }
}

@Suite struct DiffableDataSourceSnapshotTests {
    // MARK: Structure and queries

    @Test func anEmptySnapshotHasNothing() {
        let empty = Snapshot()
        #expect(empty.numberOfItems == 0 && empty.numberOfSections == 0)
        #expect(empty.sectionIdentifiers.isEmpty && empty.itemIdentifiers.isEmpty)
        #expect(empty.indexOfItem(1) == nil && empty.indexOfSection("a") == nil)
        #expect(empty.sectionIdentifier(containingItem: 1) == nil)
        #expect(empty.reloadedItemIdentifiers.isEmpty && empty.reconfiguredItemIdentifiers.isEmpty)
        #expect(empty.reloadedSectionIdentifiers.isEmpty)
        #expect(empty == Snapshot())
    }

    @Test func queriesCountAcrossSections() {
        var shelf = Snapshot()
        shelf.appendSections(["fruit", "empty", "veg"])
        shelf.appendItems([10, 11], toSection: "fruit")
        shelf.appendItems([30, 31, 32])  // nil: the last section, "veg"
        shelf.appendItems([12], toSection: "fruit")
        #expect(shelf.numberOfSections == 3 && shelf.numberOfItems == 6)
        #expect(shelf.sectionIdentifiers == ["fruit", "empty", "veg"])
        #expect(shelf.itemIdentifiers == [10, 11, 12, 30, 31, 32])
        #expect(shelf.numberOfItems(inSection: "fruit") == 3 && shelf.numberOfItems(inSection: "empty") == 0)
        #expect(shelf.itemIdentifiers(inSection: "veg") == [30, 31, 32])
        #expect(shelf.itemIdentifiers(inSection: "empty") == [])
        #expect(shelf.indexOfItem(12) == 2 && shelf.indexOfItem(30) == 3 && shelf.indexOfItem(99) == nil)
        #expect(shelf.indexOfSection("veg") == 2 && shelf.indexOfSection("meat") == nil)
        #expect(shelf.sectionIdentifier(containingItem: 31) == "veg")
        #expect(shelf.sectionIdentifier(containingItem: 99) == nil)
        #expect(shelf.sectionsAndItems.map(\.section) == ["fruit", "empty", "veg"])
        #expect(shelf.sectionsAndItems.map(\.items) == [[10, 11, 12], [], [30, 31, 32]])
    }

    @Test func insertItemsGoNextToTheirAnchorInItsSection() {
        var list = snapshot(["a": [1, 2], "b": [3]])
        list.insertItems([20, 21], afterItem: 2)  // after the last item of "a": still in "a"
        list.insertItems([0], beforeItem: 1)
        list.insertItems([25], beforeItem: 3)  // before the first item of "b": in "b"
        list.insertItems([], beforeItem: 3)
        #expect(contents(list) == [["a": [0, 1, 2, 20, 21]], ["b": [25, 3]]])
        #expect(list.numberOfItems == 7)
        #expect(list.indexOfItem(25) == 5 && list.sectionIdentifier(containingItem: 21) == "a")
    }

    @Test func deleteItemsRemovesThemAndIgnoresStrangers() {
        var list = snapshot(["a": [1, 2, 3], "b": [4, 5]])
        list.deleteItems([2, 5, 99])
        #expect(contents(list) == [["a": [1, 3]], ["b": [4]]])
        #expect(list.numberOfItems == 3 && list.indexOfItem(4) == 2 && list.indexOfItem(2) == nil)
        list.deleteItems([99])
        list.deleteItems([])
        #expect(list.numberOfItems == 3)
        list.deleteItems([1, 3, 4])
        #expect(contents(list) == [["a": []], ["b": []]], "sections stay when their items go")
    }

    @Test func deleteAllItemsEmptiesTheSnapshotSectionsIncluded() {
        var list = snapshot(["a": [1, 2], "b": [3]])
        list.reloadItems([1])
        list.reconfigureItems([3])
        list.reloadSections(["b"])
        list.deleteAllItems()
        #expect(list == Snapshot())
        #expect(list.numberOfSections == 0 && list.itemIdentifiers.isEmpty && list.indexOfSection("a") == nil)
        list.appendSections(["a"])  // no duplicate: the old "a" is gone
        #expect(list.sectionIdentifiers == ["a"])
    }

    @Test func moveItemLandsNextToItsAnchor() {
        var list = snapshot(["a": [1, 2, 3, 4], "b": [5, 6]])
        list.moveItem(1, afterItem: 3)  // forwards in its section
        #expect(list.itemIdentifiers(inSection: "a") == [2, 3, 1, 4])
        list.moveItem(4, beforeItem: 2)  // backwards
        #expect(list.itemIdentifiers(inSection: "a") == [4, 2, 3, 1])
        list.moveItem(2, beforeItem: 3)  // already there: no change
        list.moveItem(3, afterItem: 2)
        #expect(list.itemIdentifiers(inSection: "a") == [4, 2, 3, 1])
        list.moveItem(3, afterItem: 6)  // across sections, to the end of "b"
        list.moveItem(5, beforeItem: 4)  // across sections, to the start of "a"
        #expect(contents(list) == [["a": [5, 4, 2, 1]], ["b": [6, 3]]])
        #expect(list.numberOfItems == 6 && list.sectionIdentifier(containingItem: 3) == "b")
        #expect(list.indexOfItem(3) == 5 && list.indexOfItem(5) == 0)
    }

    @Test func sectionsAppendInsertMoveAndDeleteWithTheirItems() {
        var list = snapshot(["a": [1], "b": [2, 3]])
        list.insertSections(["first"], beforeSection: "a")
        list.insertSections(["mid1", "mid2"], afterSection: "a")
        list.appendSections(["last"])
        #expect(list.sectionIdentifiers == ["first", "a", "mid1", "mid2", "b", "last"])
        #expect(list.numberOfItems(inSection: "mid1") == 0 && list.indexOfItem(2) == 1)
        var three = snapshot(["x": [1], "y": [], "z": [2]])
        three.moveSection("x", beforeSection: "z")  // forwards, before
        #expect(three.sectionIdentifiers == ["y", "x", "z"] && three.itemIdentifiers == [1, 2])
        list.moveSection("b", beforeSection: "a")
        #expect(list.sectionIdentifiers == ["first", "b", "a", "mid1", "mid2", "last"])
        #expect(list.itemIdentifiers == [2, 3, 1] && list.indexOfSection("a") == 2)
        list.moveSection("first", afterSection: "mid2")  // forwards
        list.moveSection("last", afterSection: "b")  // backwards
        #expect(list.sectionIdentifiers == ["b", "last", "a", "mid1", "mid2", "first"])
        list.moveSection("a", afterSection: "last")  // already there
        #expect(list.sectionIdentifiers == ["b", "last", "a", "mid1", "mid2", "first"])
        list.deleteSections(["b", "mid2", "nowhere"])
        #expect(list.sectionIdentifiers == ["last", "a", "mid1", "first"])
        #expect(list.numberOfItems == 1 && list.itemIdentifiers == [1], "deleting a section deletes its items")
        #expect(list.indexOfItem(2) == nil && list.sectionIdentifier(containingItem: 3) == nil)
        list.deleteSections([])
        list.appendSections([])
        #expect(list.numberOfSections == 4)
    }

    // MARK: Reloads and reconfigurations

    @Test func marksKeepFirstMarkedOrderWithoutRepeats() {
        var list = snapshot(["a": [1, 2, 3], "b": [4]])
        list.reloadItems([3, 1])
        list.reloadItems([1, 4, 3])
        list.reconfigureItems([2, 2, 1])
        list.reloadSections(["b", "a", "b"])
        #expect(list.reloadedItemIdentifiers == [3, 1, 4])
        #expect(list.reconfiguredItemIdentifiers == [2, 1])
        #expect(list.reloadedSectionIdentifiers == ["b", "a"])
        #expect(list.itemIdentifiers == [1, 2, 3, 4], "marks do not change the contents")
        var unmarked = list
        unmarked.reloadItems([])
        #expect(unmarked == list)
    }

    @Test func repeatedMarksNeitherGrowTheSnapshotNorMakeItUnequal() {
        var list = snapshot(["a": [1, 2, 3], "b": [4]])
        var markedOnce = list
        markedOnce.reloadItems([2, 1])
        markedOnce.reloadSections(["b"])
        for _ in 0..<1_000 {
            list.reloadItems([2])
            list.reloadItems([1, 2])
            list.reloadSections(["b", "b"])
        }
        #expect(list.reloadedItemIdentifiers == [2, 1] && list.reloadedSectionIdentifiers == ["b"])
        #expect(list == markedOnce, "the same marks made more often")
        #expect(list.reloadedItems.log.count <= 2 * list.numberOfItems + 16 + 2, "repeats are dropped as they pile up")
        #expect(list.reloadedSections.log.count <= 2 * list.numberOfSections + 16 + 2)
    }

    @Test func deletedItemsAndSectionsLoseTheirMarks() {
        var list = snapshot(["a": [1, 2, 3], "b": [4, 5]])
        list.reloadItems([1, 2, 4])
        list.reconfigureItems([3, 5, 2])
        list.reloadSections(["a", "b"])
        list.deleteItems([2])
        #expect(list.reloadedItemIdentifiers == [1, 4] && list.reconfiguredItemIdentifiers == [3, 5])
        list.deleteSections(["b"])
        #expect(list.reloadedItemIdentifiers == [1] && list.reconfiguredItemIdentifiers == [3])
        #expect(list.reloadedSectionIdentifiers == ["a"])
        list.moveItem(1, afterItem: 3)
        #expect(list.reloadedItemIdentifiers == [1], "a moved item keeps its mark")
    }

    // MARK: Duplicates

    @Test func duplicatesAreKeptAndLookUpsNameTheFirst() {
        var list = Snapshot()
        list.appendSections(["a", "b"])
        list.appendItems([1, 2], toSection: "a")
        let warned = warnings { list.appendItems([3, 1, 1], toSection: "b") }
        #expect(warned.count == 1 || !debugBuild)
        #expect(list.numberOfItems == 5 && list.itemIdentifiers == [1, 2, 3, 1, 1])
        #expect(list.indexOfItem(1) == 0 && list.sectionIdentifier(containingItem: 1) == "a")
        list.moveItem(1, afterItem: 3)  // the first 1 moves
        #expect(list.itemIdentifiers == [2, 3, 1, 1, 1] && list.indexOfItem(1) == 2)
        #expect(list.sectionIdentifier(containingItem: 1) == "b")
        list.insertItems([9], beforeItem: 1)
        #expect(list.itemIdentifiers == [2, 3, 9, 1, 1, 1])
        #expect(
            warnings {
                list.moveItem(9, afterItem: 2)
                list.moveItem(9, beforeItem: 1)
            }.isEmpty, "moves add nothing")
        list.reloadItems([1])
        list.deleteSections(["a"])
        #expect(list.reloadedItemIdentifiers == [1] && list.itemIdentifiers == [3, 9, 1, 1, 1])
        list.deleteItems([1])
        #expect(list.itemIdentifiers == [3, 9], "every occurrence goes")
        #expect(list.reloadedItemIdentifiers.isEmpty)
    }

    @Test func duplicateSectionsAreKeptAndLookUpsNameTheFirst() {
        var list = Snapshot()
        let warned = warnings { list.appendSections(["a", "b", "a"]) }
        #expect(warned.count == 1 || !debugBuild)
        list.appendItems([1], toSection: "a")
        list.appendItems([2])
        #expect(list.sectionIdentifiers == ["a", "b", "a"] && list.indexOfSection("a") == 0)
        #expect(list.sectionsAndItems.map(\.items) == [[1], [], [2]])
        #expect(list.numberOfItems(inSection: "a") == 1)
        list.moveSection("a", afterSection: "b")
        #expect(list.sectionIdentifiers == ["b", "a", "a"] && list.itemIdentifiers == [1, 2])
        list.deleteSections(["a"])
        #expect(list.sectionIdentifiers == ["b"] && list.numberOfItems == 0)
    }

    #if DEBUG
        @Test func aDebugBuildWarnsOncePerMutationThatCreatesDuplicates() {
            var list = snapshot(["a": [1, 2]])
            #expect(warnings { list.appendItems([3, 4]) }.isEmpty)
            let appended = warnings { list.appendItems([2, 5, 2, 1]) }
            #expect(appended.count == 1)
            #expect(appended.first?.contains("item 2") == true, "\(appended)")
            #expect(appended.first?.contains("appendItems(_:toSection:)") == true)
            #expect(warnings { list.appendItems([7, 7]) }.count == 1, "a duplicate inside one batch")
            #expect(warnings { list.insertItems([3], afterItem: 5) }.first?.contains("item 3") == true)
            #expect(warnings { list.appendSections(["b", "a"]) }.first?.contains("the section a is now") == true)
            #expect(warnings { list.insertSections(["b"], beforeSection: "a") }.count == 1)
            // Deleting every occurrence forgets it: adding it again is no duplicate.
            #expect(
                warnings {
                    list.deleteItems([7])
                    list.appendItems([7])
                }.isEmpty)
            #expect(
                warnings {
                    list.deleteSections(["b"])
                    list.appendSections(["b"])
                }.isEmpty)
            #expect(
                warnings {
                    list.deleteAllItems()
                    list.appendSections(["a"])
                    list.appendItems([1])
                }.isEmpty)
        }
    #endif

    // MARK: Values

    @Test func copiesAreIndependentValues() {
        var original = snapshot(["a": [1, 2, 3]])
        #expect(original.indexOfItem(3) == 2 && original.itemIdentifiers == [1, 2, 3])  // tables built
        var copy = original
        copy.moveItem(3, beforeItem: 1)
        copy.appendSections(["b"])
        copy.appendItems([4], toSection: "b")
        #expect(original.indexOfItem(3) == 2 && original.itemIdentifiers == [1, 2, 3])
        #expect(original.indexOfSection("b") == nil)
        #expect(copy.indexOfItem(3) == 0 && copy.itemIdentifiers == [3, 1, 2, 4] && copy.indexOfSection("b") == 1)
        original.deleteItems([1])
        #expect(copy.indexOfItem(1) == 1 && original.indexOfItem(1) == nil)
        #expect(original != copy)
        // A copy that only edits items, while the original, queried first, rebuilds its tables:
        // neither may see the other's.
        let shared = snapshot(["a": [1, 2, 3]])
        #expect(shared.indexOfItem(3) == 2)
        var edited = shared
        edited.deleteItems([1])
        #expect(shared.indexOfItem(3) == 2 && shared.itemIdentifiers == [1, 2, 3])
        #expect(edited.indexOfItem(3) == 1 && edited.itemIdentifiers == [2, 3])
    }

    @Test func equalityCoversContentsOrderAndMarks() {
        let base = snapshot(["a": [1, 2], "b": []])
        #expect(base == snapshot(["a": [1, 2], "b": []]))
        #expect(base != snapshot(["a": [2, 1], "b": []]))
        #expect(base != snapshot(["a": [1], "b": [2]]))
        #expect(base != snapshot(["b": [], "a": [1, 2]]))
        var reloaded = base
        reloaded.reloadItems([1])
        #expect(base != reloaded)
        var reconfigured = base
        reconfigured.reconfigureItems([1])
        #expect(reloaded != reconfigured)
        var sectionReloaded = base
        sectionReloaded.reloadSections(["b"])
        #expect(base != sectionReloaded)
    }

    /// Under ThreadSanitizer, this fails if the lazily built tables are written without the lock.
    @Test func concurrentQueriesOfOneSnapshotAgree() async {
        let shared = Snapshot.numbered(sections: 20, itemsPerSection: 50)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let item = (task * 131 + round * 7) % 1_000
                        return shared.indexOfItem(item) == item
                            && shared.sectionIdentifier(containingItem: item) == "s\(item / 50)"
                            && shared.itemIdentifiers.count == 1_000 && shared.indexOfSection("s\(item / 50)") == item / 50
                    }
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }

    // MARK: Misuse Apple answers with an exception

    @Test func appendingToAMissingSectionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.appendItems([1], toSection: "nowhere")
        }
        expectStopped(result, naming: "the section nowhere is not in the snapshot")
    }

    @Test func appendingWithoutSectionsStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendItems([1])
        }
        expectStopped(result, naming: "the snapshot has no section to append to")
    }

    @Test func insertingNextToAMissingItemStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.appendItems([1])
            list.insertItems([2], afterItem: 404)
        }
        expectStopped(result, naming: "insertItems(_:afterItem:): the item 404 is not in the snapshot")
    }

    @Test func movingAMissingItemStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.appendItems([1])
            _ = list.indexOfItem(1)  // with the table built
            list.moveItem(405, beforeItem: 1)
        }
        expectStopped(result, naming: "the item 405 is not in the snapshot")
    }

    @Test func movingAnItemRelativeToItselfStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.appendItems([1, 406])
            list.moveItem(406, beforeItem: 406)
        }
        expectStopped(result, naming: "the item 406 cannot move relative to itself")
    }

    @Test func movingASectionRelativeToItselfStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a", "b"])
            list.moveSection("b", afterSection: "b")
        }
        expectStopped(result, naming: "the section b cannot move relative to itself")
    }

    @Test func insertingNextToAMissingSectionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.insertSections(["b"], beforeSection: "gone")
        }
        expectStopped(result, naming: "insertSections(_:beforeSection:): the section gone is not in the snapshot")
    }

    @Test func reloadingAMissingItemStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.appendItems([1, 2])
            list.reloadItems([2, 407])
        }
        expectStopped(result, naming: "reloadItems(_:): the item 407 is not in the snapshot")
    }

    @Test func reconfiguringAMissingItemStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.appendItems([1])
            list.reconfigureItems([408])
        }
        expectStopped(result, naming: "reconfigureItems(_:): the item 408 is not in the snapshot")
    }

    @Test func reloadingAMissingSectionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            list.reloadSections(["a", "ghost"])
        }
        expectStopped(result, naming: "reloadSections(_:): the section ghost is not in the snapshot")
    }

    @Test func askingForTheItemsOfAMissingSectionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var list = DiffableDataSourceSnapshot<String, Int>()
            list.appendSections(["a"])
            _ = list.itemIdentifiers(inSection: "absent")
        }
        expectStopped(result, naming: "itemIdentifiers(inSection:): the section absent is not in the snapshot")
        let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DiffableDataSourceSnapshot<String, Int>().numberOfItems(inSection: "absent")
        }
        expectStopped(count, naming: "numberOfItems(inSection:): the section absent is not in the snapshot")
    }

    @Test func lookUpsAreExactForPoorHashesAndEquivalentStrings() {
        struct Colliding: Hashable, Sendable {
            let value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(0) }
        }
        var poor = DiffableDataSourceSnapshot<Int, Colliding>()
        poor.appendSections([0, 1])
        poor.appendItems((0..<300).map(Colliding.init), toSection: 0)
        _ = warnings { poor.appendItems((300..<600).map(Colliding.init) + [Colliding(value: 5)], toSection: 1) }
        for value in [0, 1, 299, 300, 599] { #expect(poor.indexOfItem(Colliding(value: value)) == value) }
        #expect(poor.indexOfItem(Colliding(value: 5)) == 5, "a duplicate's first occurrence")
        #expect(poor.sectionIdentifier(containingItem: Colliding(value: 450)) == 1)
        #expect(poor.indexOfItem(Colliding(value: 600)) == nil)

        var strings = DiffableDataSourceSnapshot<Int, String>()
        strings.appendSections([0])
        strings.appendItems(["a", "caf\u{E9}", "b", String(repeating: "long ", count: 10)])
        #expect(strings.indexOfItem("cafe\u{301}") == 1, "canonically equivalent strings are equal")
        #expect(strings.indexOfItem("cafe") == nil && strings.indexOfItem("b") == 2)
        #expect(strings.indexOfItem(String(repeating: "long ", count: 10)) == 3)
        strings.reloadItems(["cafe\u{301}"])
        #expect(strings.reloadedItemIdentifiers == ["cafe\u{301}"])
    }

    @Test func integersDifferingInHighBitsSpreadOverTheTable() {
        let lists = [(0..<10_000).map { $0 << 50 }, (0..<1_000).map { ($0 << 40) | 1 }]
        let table = ItemPositionTable(lists, count: 11_000)
        #expect(table.longestRun < 64, "the longest run of occupied slots, which every probe in it walks")
        #expect(table.position(of: 9_999 << 50, in: lists)! == (section: 0, offset: 9_999))
        #expect(table.position(of: (999 << 40) | 1, in: lists)! == (section: 1, offset: 999))
    }

    // MARK: Against a reference model

    /// Thousands of random edit sequences, with small alphabets so that duplicates are common,
    /// checked after every edit against a model made of plain arrays. Queries come at random
    /// moments, so that the look-up tables are built, kept and dropped at varied points.
    @Test func randomEditsMatchAPlainArrayModel() {
        for seed in UInt64(1)...3_000 {
            var random = SplitMix64(seed: seed)
            var model = SnapshotModel(), subject = Snapshot()
            var expectedWarnings = 0, failure: String?
            let collected = warnings {
                for step in 0..<(1 + random.bounded(40)) {
                    let edit = SnapshotModel.Edit.random(for: model, &random)
                    if model.apply(edit) { expectedWarnings += 1 }
                    edit.apply(to: &subject)
                    // The contents after every edit, so that a divergence stops the sequence
                    // before it draws an edit the subject would refuse; the look-ups now and then.
                    let probe = random.bounded(3) == 0 || step % 10 == 0
                    if let mismatch = probe
                        ? model.mismatch(with: subject, probing: &random) : model.contentMismatch(with: subject)
                    {
                        failure = "step \(step), after \(edit): \(mismatch)"
                        return
                    }
                }
                failure = model.mismatch(with: subject, probing: &random).map { "at the end: \($0)" }
            }
            #expect(failure == nil, "seed \(seed), \(failure ?? "")")
            #if DEBUG
                #expect(collected.count == expectedWarnings, "seed \(seed): one warning per edit that creates duplicates")
            #endif
            if failure != nil || collected.count != expectedWarnings && debugBuild { break }
        }
    }
}

extension DiffableDataSourceSnapshot where SectionIdentifierType == String, ItemIdentifierType == Int {
    /// Sections "s0", "s1", … holding the items 0, 1, 2, … in order.
    fileprivate static func numbered(sections: Int, itemsPerSection: Int) -> Self {
        var snapshot = Self()
        snapshot.appendSections((0..<sections).map { "s\($0)" })
        for section in 0..<sections {
            snapshot.appendItems(Array(section * itemsPerSection..<(section + 1) * itemsPerSection), toSection: "s\(section)")
        }
        return snapshot
    }
}

/// Apple's documented semantics written the slow, obvious way, on plain arrays.
private struct SnapshotModel {
    var sections: [(id: String, items: [Int])] = []
    var reloadedItems: [Int] = []
    var reconfiguredItems: [Int] = []
    var reloadedSections: [String] = []

    var items: [Int] { sections.flatMap(\.items) }

    enum Edit {
        case appendItems([Int], toSection: String?)
        case insertItems([Int], anchor: Int, after: Bool)
        case deleteItems([Int])
        case deleteAllItems
        case moveItem(Int, anchor: Int, after: Bool)
        case appendSections([String])
        case insertSections([String], anchor: String, after: Bool)
        case deleteSections([String])
        case moveSection(String, anchor: String, after: Bool)
        case reloadItems([Int])
        case reconfigureItems([Int])
        case reloadSections([String])

        /// A valid edit of `model` (one Apple would accept, duplicates aside).
        static func random(for model: SnapshotModel, _ random: inout SplitMix64) -> Edit {
            let alphabet = 1 + random.bounded(30)
            func newItems() -> [Int] { (0..<random.bounded(5)).map { _ in random.bounded(alphabet) } }
            func newSections() -> [String] { (0..<random.bounded(3)).map { _ in "s\(random.bounded(8))" } }
            let items = model.items, sections = model.sections.map(\.id)
            func someItems() -> [Int] {
                items.isEmpty ? [] : (0..<random.bounded(4)).map { _ in items[random.bounded(items.count)] }
            }
            func someSections() -> [String] {
                sections.isEmpty ? [] : (0..<random.bounded(3)).map { _ in sections[random.bounded(sections.count)] }
            }
            while true {
                switch random.bounded(24) {
                case 0..<5 where !sections.isEmpty:
                    let section = random.bounded(3) == 0 ? nil : sections[random.bounded(sections.count)]
                    return .appendItems(newItems(), toSection: section)
                case 5..<8 where !items.isEmpty:
                    return .insertItems(newItems(), anchor: items[random.bounded(items.count)], after: random.bounded(2) == 0)
                case 8..<10:
                    return .deleteItems(someItems() + (random.bounded(4) == 0 ? [1_000] : []))
                case 10 where random.bounded(4) == 0:
                    return .deleteAllItems
                case 11..<14 where Set(items).count > 1:
                    let moved = items[random.bounded(items.count)]
                    var anchor = moved
                    while anchor == moved { anchor = items[random.bounded(items.count)] }
                    return .moveItem(moved, anchor: anchor, after: random.bounded(2) == 0)
                case 14..<16:
                    return .appendSections(newSections())
                case 16 where !sections.isEmpty:
                    return .insertSections(
                        newSections(), anchor: sections[random.bounded(sections.count)], after: random.bounded(2) == 0)
                case 17:
                    return .deleteSections(someSections() + (random.bounded(4) == 0 ? ["none"] : []))
                case 18 where Set(sections).count > 1:
                    let moved = sections[random.bounded(sections.count)]
                    var anchor = moved
                    while anchor == moved { anchor = sections[random.bounded(sections.count)] }
                    return .moveSection(moved, anchor: anchor, after: random.bounded(2) == 0)
                case 19..<21:
                    return .reloadItems(someItems())
                case 21..<23:
                    return .reconfigureItems(someItems())
                case 23:
                    return .reloadSections(someSections())
                default:
                    continue
                }
            }
        }

        func apply(to snapshot: inout DiffableDataSourceSnapshot<String, Int>) {
            switch self {
            case let .appendItems(items, section): snapshot.appendItems(items, toSection: section)
            case let .insertItems(items, anchor, after):
                if after {
                    snapshot.insertItems(items, afterItem: anchor)
                } else {
                    snapshot.insertItems(items, beforeItem: anchor)
                }
            case let .deleteItems(items): snapshot.deleteItems(items)
            case .deleteAllItems: snapshot.deleteAllItems()
            case let .moveItem(item, anchor, after):
                if after { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
            case let .appendSections(sections): snapshot.appendSections(sections)
            case let .insertSections(sections, anchor, after):
                if after {
                    snapshot.insertSections(sections, afterSection: anchor)
                } else {
                    snapshot.insertSections(sections, beforeSection: anchor)
                }
            case let .deleteSections(sections): snapshot.deleteSections(sections)
            case let .moveSection(section, anchor, after):
                if after {
                    snapshot.moveSection(section, afterSection: anchor)
                } else {
                    snapshot.moveSection(section, beforeSection: anchor)
                }
            case let .reloadItems(items): snapshot.reloadItems(items)
            case let .reconfigureItems(items): snapshot.reconfigureItems(items)
            case let .reloadSections(sections): snapshot.reloadSections(sections)
            }
        }
    }

    /// Applies `edit`; returns whether it added an identifier that is then present more than once.
    mutating func apply(_ edit: Edit) -> Bool {
        func firstItem(_ item: Int) -> (section: Int, offset: Int) {
            for (section, entry) in sections.enumerated() {
                if let offset = entry.items.firstIndex(of: item) { return (section, offset) }
            }
            preconditionFailure("the model drew an item not in it")
        }
        func createsDuplicates(_ added: [Int]) -> Bool { added.contains { item in items.count { $0 == item } > 1 } }
        func createsDuplicates(_ added: [String]) -> Bool { added.contains { id in sections.count { $0.id == id } > 1 } }
        switch edit {
        case let .appendItems(added, section):
            guard !added.isEmpty else { return false }
            let ordinal = section.map { id in sections.firstIndex { $0.id == id }! } ?? sections.count - 1
            sections[ordinal].items += added
            return createsDuplicates(added)
        case let .insertItems(added, anchor, after):
            let position = firstItem(anchor)
            sections[position.section].items.insert(contentsOf: added, at: position.offset + (after ? 1 : 0))
            return createsDuplicates(added)
        case let .deleteItems(deleted):
            for index in sections.indices { sections[index].items.removeAll { deleted.contains($0) } }
        case .deleteAllItems:
            sections = []
        case let .moveItem(item, anchor, after):
            let from = firstItem(item)
            sections[from.section].items.remove(at: from.offset)
            let to = firstItem(anchor)
            sections[to.section].items.insert(item, at: to.offset + (after ? 1 : 0))
        case let .appendSections(added):
            sections += added.map { ($0, []) }
            return createsDuplicates(added)
        case let .insertSections(added, anchor, after):
            let ordinal = sections.firstIndex { $0.id == anchor }! + (after ? 1 : 0)
            sections.insert(contentsOf: added.map { ($0, []) }, at: ordinal)
            return createsDuplicates(added)
        case let .deleteSections(deleted):
            sections.removeAll { deleted.contains($0.id) }
        case let .moveSection(id, anchor, after):
            let moved = sections.remove(at: sections.firstIndex { $0.id == id }!)
            let ordinal = sections.firstIndex { $0.id == anchor }! + (after ? 1 : 0)
            sections.insert(moved, at: ordinal)
        case let .reloadItems(marked):
            for item in marked where !reloadedItems.contains(item) { reloadedItems.append(item) }
        case let .reconfigureItems(marked):
            for item in marked where !reconfiguredItems.contains(item) { reconfiguredItems.append(item) }
        case let .reloadSections(marked):
            for section in marked where !reloadedSections.contains(section) { reloadedSections.append(section) }
        }
        // Marks of what is gone go with it.
        let present = Set(items), presentSections = Set(sections.map(\.id))
        reloadedItems.removeAll { !present.contains($0) }
        reconfiguredItems.removeAll { !present.contains($0) }
        reloadedSections.removeAll { !presentSections.contains($0) }
        return false
    }

    /// How `snapshot`'s sections and items differ from the model's, if they do, without the
    /// look-up tables.
    func contentMismatch(with snapshot: DiffableDataSourceSnapshot<String, Int>) -> String? {
        let stored = snapshot.sectionsAndItems
        guard stored.map(\.section) == sections.map(\.id), stored.map(\.items) == sections.map(\.items) else {
            return "contents \(snapshot), expected \(sections)"
        }
        return snapshot.numberOfItems == items.count ? nil : "numberOfItems \(snapshot.numberOfItems)"
    }

    /// The first way `snapshot` differs from the model, or nil; probes look-ups of random
    /// identifiers, present and absent.
    func mismatch(with snapshot: DiffableDataSourceSnapshot<String, Int>, probing random: inout SplitMix64) -> String? {
        if let mismatch = contentMismatch(with: snapshot) { return mismatch }
        let items = self.items, ids = sections.map(\.id)
        if snapshot.sectionIdentifiers != ids { return "sections \(snapshot.sectionIdentifiers), expected \(ids)" }
        if snapshot.itemIdentifiers != items { return "items \(snapshot.itemIdentifiers), expected \(items)" }
        if snapshot.numberOfItems != items.count || snapshot.numberOfSections != ids.count { return "counts" }
        if snapshot.sectionsAndItems.map(\.items) != sections.map(\.items) { return "sectionsAndItems" }
        for _ in 0..<3 {
            let item = random.bounded(32)
            let first = items.firstIndex(of: item)
            if snapshot.indexOfItem(item) != first {
                return "indexOfItem(\(item)) = \(String(describing: snapshot.indexOfItem(item)))"
            }
            let section = sections.first { $0.items.contains(item) }?.id
            if snapshot.sectionIdentifier(containingItem: item) != section { return "sectionIdentifier(containingItem: \(item))" }
            let id = "s\(random.bounded(9))"
            if snapshot.indexOfSection(id) != ids.firstIndex(of: id) { return "indexOfSection(\(id))" }
            if let entry = sections.first(where: { $0.id == id }) {
                if snapshot.itemIdentifiers(inSection: id) != entry.items { return "itemIdentifiers(inSection: \(id))" }
                if snapshot.numberOfItems(inSection: id) != entry.items.count { return "numberOfItems(inSection: \(id))" }
            }
        }
        if snapshot.reloadedItemIdentifiers != reloadedItems {
            return "reloaded items \(snapshot.reloadedItemIdentifiers), expected \(reloadedItems)"
        }
        if snapshot.reconfiguredItemIdentifiers != reconfiguredItems {
            return "reconfigured items \(snapshot.reconfiguredItemIdentifiers), expected \(reconfiguredItems)"
        }
        if snapshot.reloadedSectionIdentifiers != reloadedSections {
            return "reloaded sections \(snapshot.reloadedSectionIdentifiers), expected \(reloadedSections)"
        }
        return nil
    }
}
