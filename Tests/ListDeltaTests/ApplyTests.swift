import ListDelta
import Testing

/// `apply(to:)` on hand-built changesets: a bad path is a thrown `BatchUpdateError`, never a
/// crash or a huge allocation.
@Suite struct ApplyTests {
    @Test(arguments: [-1, Int.min])
    func flatPathsInNegativeSectionsThrow(section: Int) {
        let staged = StagedChangeset([Changeset(data: [2], elementDeleted: [ElementPath(element: 0, section: section)])])
        #expect(throws: BatchUpdateError.sectionOutOfRange(.delete, section: section, sectionCount: 0)) {
            try staged.apply(to: [1, 2])
        }
    }

    /// A flat list may sit at any section index; nothing is allocated for the ones before it.
    @Test(arguments: [1 << 40, Int.max])
    func flatPathsInFarSectionsApply(section: Int) throws {
        let staged = StagedChangeset([Changeset(data: [2], elementDeleted: [ElementPath(element: 0, section: section)])])
        #expect(try staged.apply(to: [1, 2]) == [2])
    }

    @Test func flatSectionOperationsThrow() {
        let staged = StagedChangeset([Changeset(data: [1], sectionDeleted: [0])])
        #expect(throws: BatchUpdateError.sectionOutOfRange(.delete, section: 0, sectionCount: 1)) {
            try staged.apply(to: [1])
        }
    }

    @Test func flatPathsNamingTwoSectionsThrow() {
        let staged = StagedChangeset([
            Changeset(
                data: [3], elementDeleted: [ElementPath(element: 0, section: 2), ElementPath(element: 1, section: 3)])
        ])
        #expect(throws: BatchUpdateError.sectionOutOfRange(.delete, section: 3, sectionCount: 3)) {
            try staged.apply(to: [1, 2, 3])
        }
    }

    @Test func flatPathsOfOneSectionApply() throws {
        let staged = StagedChangeset(source: [1, 2, 3], target: [3, 4], section: 7)
        #expect(try staged.apply(to: [1, 2, 3]) == [3, 4])
    }

    @Test(arguments: [-1, 1 << 40])
    func sectionedPathsOutsideTheListThrow(section: Int) {
        let source = [ArraySection(model: 0, elements: [1, 2])]
        let staged = StagedChangeset([
            Changeset(
                data: [ArraySection(model: 0, elements: [2])], elementDeleted: [ElementPath(element: 0, section: section)])
        ])
        #expect(throws: BatchUpdateError.self) { try staged.apply(to: source) }
        let sections = StagedChangeset([Changeset(data: [ArraySection<Int, Int>](), sectionDeleted: [section])])
        #expect(throws: BatchUpdateError.self) { try sections.apply(to: source) }
    }

    /// A diff's flat list is the section it was given: a path moved to any other section,
    /// however far, is out of range, as the validator finds.
    @Test(arguments: [1, 1 << 40])
    func diffedFlatPathsInAnotherSectionThrow(section: Int) throws {
        var staged = StagedChangeset(source: [0, 1, 2, 3], target: [0, 9, 1, 2, 3])
        try #require(staged.count == 1 && staged[0].elementInserted == [ElementPath(element: 1, section: 0)])
        staged[0].elementInserted = [ElementPath(element: 1, section: section)]
        #expect(throws: BatchUpdateError.sectionOutOfRange(.insert, section: section, sectionCount: 1)) {
            try staged.apply(to: [0, 1, 2, 3])
        }
        #expect(throws: BatchUpdateError.self) { try staged.positions(from: [0, 1, 2, 3]) }
    }

    /// A flat list whose rows are section values (diffed with `section:`) replays and traces
    /// as the flat list it is.
    @Test func flatListsOfSectionValuesReplayFlat() throws {
        let rows = (0..<38).map { ArraySection(model: $0, elements: Array(0..<$0 % 5)) }
        var target = Array(rows.dropFirst(3).reversed())
        target.insert(ArraySection(model: 100, elements: [1]), at: 4)
        let staged = StagedChangeset(source: rows, target: target, section: 0)
        #expect(staged.allSatisfy { !$0.hasSectionChanges })
        #expect(try staged.apply(to: rows) == target)
        let positions = try staged.positions(from: rows)
        #expect(positions.targetSection(forSource: 0) == 0)
        #expect(rows.indices.compactMap { positions.newIndex(forOld: $0) }.count == 35)
        #expect(positions.newIndex(forOld: 3) == 35 && positions.oldIndex(forNew: 4) == nil)
    }
}
