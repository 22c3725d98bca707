import ListDelta
import TestSupport
import Testing

@Suite struct FlatStagingTests {
    @Test func stagesFollowUIKitOrder() throws {
        let source = [Item(id: 1), Item(id: 2), Item(id: 3), Item(id: 4)]
        let target = [Item(id: 4), Item(id: 1), Item(id: 2, content: 9), Item(id: 5)]
        let staged = StagedChangeset(source: source, target: target)
        #expect(staged.count == 3)
        #expect(staged[0].elementUpdated == [ElementPath(element: 1, section: 0)])
        #expect(staged[1].elementDeleted == [ElementPath(element: 2, section: 0)])
        #expect(staged[2].elementInserted == [ElementPath(element: 3, section: 0)])
        // 4 moves from index 2 (after deleting 3) to index 0: one move, not three.
        #expect(staged[2].elementMoved.map { [$0.source.element, $0.target.element] } == [[2, 0]])
        expectValidStages(staged, from: source, to: target, "example")
    }

    /// Lists of several stretches of 4,096 elements: the passes that poll for cancellation
    /// between stretches must still visit every element.
    @Test func listsLongerThanOnePollingStretch() {
        var random = SplitMix64(seed: 17)
        let source = (0..<20_000).map { Item(id: $0) }
        var target = source.filter { _ in random.bounded(8) != 0 }.map { Item(id: $0.id, content: 1) }
        target.shuffle(using: &random)
        target += (20_000..<21_000).map { Item(id: $0) }
        let staged = StagedChangeset(source: source, target: target)
        #expect(staged.first?.elementUpdated.count == target.count - 1_000, "every survivor changed")
        expectValidStages(staged, from: source, to: target, "20,000 elements")
    }

    @Test func identicalListsNeedNoStage() {
        #expect(StagedChangeset(source: [1, 2, 3], target: [1, 2, 3]).isEmpty)
        #expect(StagedChangeset(source: [Int](), target: []).isEmpty)
    }

    /// Under ThreadSanitizer (scripts/test runs it so), this fails if two diffs with no
    /// survivors write shared storage.
    @Test func concurrentDiffsWithNoSurvivorsShareNothing() async {
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let source = [task, round], target = [-1 - task]
                        return (try? StagedChangeset(source: source, target: target).apply(to: source)) == target
                    }
                }
            }
            for await allReplayed in group { #expect(allReplayed) }
        }
    }

    @Test func sectionArgumentLabelsEveryPath() throws {
        let staged = StagedChangeset(source: ["a", "b"], target: ["b", "c"], section: 3)
        #expect(staged.flatMap { $0.elementDeleted + $0.elementInserted }.allSatisfy { $0.section == 3 })
        #expect(try staged.apply(to: ["a", "b"]) == ["b", "c"])
    }

    @Test func randomListsGiveValidMinimalStages() {
        for seed in UInt64(1)...3_000 {
            let (source, target) = RandomModels.flat(seed: seed)
            let staged = StagedChangeset(source: source, target: target)
            expectValidStages(staged, from: source, to: target, "seed \(seed)\nsource \(source)\ntarget \(target)")
            // Minimal moves: the matched elements not on a longest run kept in order.
            let diff = try! StagedChangeset(source: source, target: target, algorithm: .heckel)
            let moves = diff.reduce(0) { $0 + $1.elementMoved.count }
            let order = matchedSourceOrder(source, target)
            #expect(moves == order.count - bruteForceLIS(order), "seed \(seed)")
        }
    }

    @Test func everythingMovedAndDuplicates() {
        let source = (0..<50).map { Item(id: $0 % 7) }
        let reversed = Array(source.reversed())
        expectValidStages(StagedChangeset(source: source, target: reversed), from: source, to: reversed, "reversed")
        let emptied: [Item] = []
        expectValidStages(StagedChangeset(source: source, target: emptied), from: source, to: emptied, "emptied")
        expectValidStages(StagedChangeset(source: emptied, target: source), from: emptied, to: source, "filled")
    }

    @Test func longestCommonSubsequenceHasNoMoves() throws {
        for seed in UInt64(1)...500 {
            let (source, target) = RandomModels.flat(seed: seed)
            let staged = try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence())
            #expect(staged.allSatisfy { $0.elementMoved.isEmpty })
            expectValidStages(staged, from: source, to: target, "seed \(seed)")
        }
    }

    @Test func editBudgetIsEnforced() throws {
        let source = Array(0..<100), target = Array((0..<100).reversed())
        #expect(throws: ListDeltaError.editBudgetExceeded(budget: 10)) {
            try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence(editBudget: 10))
        }
        #expect(throws: ListDeltaError.editBudgetExceeded(budget: 0)) {
            try StagedChangeset(source: [1], target: [2], algorithm: .longestCommonSubsequence(editBudget: 0))
        }
        let same = try StagedChangeset(source: source, target: source, algorithm: .longestCommonSubsequence(editBudget: 0))
        #expect(same.isEmpty)
        let within = try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence(editBudget: 198))
        expectValidStages(within, from: source, to: target, "within budget")
        #expect(throws: ListDeltaError.negativeEditBudget(-1)) {
            try StagedChangeset(source: source, target: source, algorithm: .longestCommonSubsequence(editBudget: -1))
        }
    }

    /// The source indices of matched elements in target order, matching the k-th occurrence
    /// of an identifier with the k-th.
    private func matchedSourceOrder(_ source: [Item], _ target: [Item]) -> [Int] {
        var positions: [Int: [Int]] = [:]
        for (i, item) in source.enumerated() { positions[item.id, default: []].append(i) }
        var used: [Int: Int] = [:]
        return target.compactMap { item in
            let k = used[item.id, default: 0]
            guard let list = positions[item.id], k < list.count else { return nil }
            used[item.id] = k + 1
            return list[k]
        }
    }
}
