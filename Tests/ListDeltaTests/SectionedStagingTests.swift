import ListDelta
import TestSupport
import Testing

@Suite struct SectionedStagingTests {
    @Test func itemsMoveAcrossSectionsAndSectionsMove() {
        let source = [
            Section(model: Header(id: 0), elements: [Item(id: 1), Item(id: 2)]),
            Section(model: Header(id: 1), elements: [Item(id: 3)]),
            Section(model: Header(id: 2), elements: [Item(id: 4)]),
        ]
        let target = [
            Section(model: Header(id: 2, title: 1), elements: [Item(id: 4), Item(id: 1)]),
            Section(model: Header(id: 0), elements: [Item(id: 2), Item(id: 5)]),
            Section(model: Header(id: 9), elements: [Item(id: 3)]),
        ]
        let staged = StagedChangeset(source: source, target: target)
        expectValidSectionStages(staged, from: source, to: target, "example")
        #expect(staged.map(stageKind) == [2, 3, 4, 5])
        #expect(staged[0].sectionDeleted == [1])
        #expect(staged[1].sectionInserted == [2])
        #expect(staged[1].sectionMoved.count == 1)
        #expect(staged.last?.sectionUpdated == [0])
        // Item 3's section was deleted, so it comes back with the new section instead of moving.
        #expect(staged[2].elementMoved.map(\.target) == [ElementPath(element: 1, section: 0)])
    }

    @Test func randomSectionsGiveValidStages() {
        for seed in UInt64(1)...3_000 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let staged = StagedChangeset(source: source, target: target)
            expectValidSectionStages(staged, from: source, to: target, "seed \(seed)\nsource \(source)\ntarget \(target)")
            #expect(
                staged.reduce(0) { $0 + $1.elementMoved.count } == minimalSectionMoves(source, target),
                "moves are not minimal, seed \(seed)")
        }
    }

    @Test func randomSectionsWithLongestCommonSubsequence() throws {
        for seed in UInt64(1)...800 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let staged = try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence())
            #expect(staged.allSatisfy { $0.sectionMoved.isEmpty })
            expectValidSectionStages(staged, from: source, to: target, "seed \(seed)")
        }
    }

    @Test func emptySectionsAndWholeSectionSwaps() {
        let a = Section(model: Header(id: 1), elements: [])
        let b = Section(model: Header(id: 2), elements: (0..<5).map { Item(id: $0) })
        let c = Section(model: Header(id: 3), elements: (5..<9).map { Item(id: $0) })
        for (source, target) in [([a, b, c], [c, b, a]), ([a], [b, c]), ([b, c], []), ([], [a, a]), ([a, a, b], [b, a])] {
            expectValidSectionStages(
                StagedChangeset(source: source, target: target), from: source, to: target,
                "\(source) → \(target)")
        }
    }
}
