import ListDelta
import TestSupport
import Testing

/// Pairs the k-th occurrence of each identifier in `source` with its k-th occurrence in
/// `target`: for each target index, its source index or nil (Heckel's matching, by brute force).
private func kthOccurrencePairs(_ source: [Int], _ target: [Int]) -> [Int?] {
    var positions: [Int: [Int]] = [:], used: [Int: Int] = [:]
    for (index, id) in source.enumerated() { positions[id, default: []].append(index) }
    return target.map { id in
        let k = used[id, default: 0]
        guard let list = positions[id], k < list.count else { return nil }
        used[id] = k + 1
        return list[k]
    }
}

@Suite struct ListPositionsTests {
    @Test func flatPositionsFollowEachMatchedElement() throws {
        for seed in UInt64(0)..<400 {
            let (source, target) = RandomModels.flat(seed: seed)
            let section = Int(seed % 3)
            let positions = try StagedChangeset(source: source, target: target, section: section).positions(from: source)
            let pairs = kthOccurrencePairs(source.map(\.id), target.map(\.id))
            var expectedNew = [Int?](repeating: nil, count: source.count)
            for (j, i) in pairs.enumerated() { if let i { expectedNew[i] = j } }
            #expect(source.indices.map(positions.newIndex(forOld:)) == expectedNew, "seed \(seed)")
            #expect(target.indices.map(positions.oldIndex(forNew:)) == pairs, "seed \(seed)")
            #expect(positions.newIndex(forOld: source.count) == nil && positions.oldIndex(forNew: -1) == nil)
            #expect(positions.source == source && positions.target == target)
        }
    }

    @Test func longestCommonSubsequencePositionsKeepIdentity() throws {
        for seed in UInt64(0)..<200 {
            let (source, target) = RandomModels.flat(seed: seed)
            let staged = try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence())
            let positions = try staged.positions(from: source)
            for j in target.indices {
                guard let i = positions.oldIndex(forNew: j) else { continue }
                #expect(source[i].id == target[j].id && positions.newIndex(forOld: i) == j, "seed \(seed)")
            }
            let deleted = staged.map(\.elementDeleted.count).reduce(0, +)
            #expect(source.indices.filter { positions.newIndex(forOld: $0) == nil }.count == deleted, "seed \(seed)")
        }
    }

    @Test func sectionedPositionsFollowSectionsAndElements() throws {
        for seed in UInt64(0)..<400 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let positions = try StagedChangeset(source: source, target: target).positions(from: source)
            let sectionPairs = kthOccurrencePairs(source.map(\.model.id), target.map(\.model.id))
            #expect(target.indices.map(positions.sourceSection(forTarget:)) == sectionPairs, "seed \(seed)")
            for (t, s) in sectionPairs.enumerated() { if let s { #expect(positions.targetSection(forSource: s) == t) } }
            // Elements of deleted sections are deleted with them; the rest pair across sections.
            let surviving = Set(sectionPairs.compactMap { $0 })
            let sourcePaths = source.indices.filter(surviving.contains).flatMap { s in
                source[s].elements.indices.map { ElementPath(element: $0, section: s) }
            }
            let targetPaths = target.indices.flatMap { t in
                target[t].elements.indices.map { ElementPath(element: $0, section: t) }
            }
            let pairs = kthOccurrencePairs(
                sourcePaths.map { source[$0.section].elements[$0.element].id },
                targetPaths.map { target[$0.section].elements[$0.element].id })
            for (j, i) in pairs.enumerated() {
                #expect(positions.sourcePath(forTarget: targetPaths[j]) == i.map { sourcePaths[$0] }, "seed \(seed)")
                if let i { #expect(positions.targetPath(forSource: sourcePaths[i]) == targetPaths[j], "seed \(seed)") }
            }
            let matched = pairs.compactMap { $0 }.count
            let mappedSources = source.indices.flatMap { s in
                source[s].elements.indices.compactMap { positions.targetPath(forSource: ElementPath(element: $0, section: s)) }
            }
            #expect(mappedSources.count == matched, "seed \(seed)")
        }
    }

    @Test func lookUpsByIdentifier() throws {
        let source = [Item(id: 4), Item(id: 7), Item(id: 9)], target = [Item(id: 9), Item(id: 4, content: 1)]
        let flat = try StagedChangeset(source: source, target: target).positions(from: source)
        #expect(flat.oldIndex(for: 9) == 2 && flat.newIndex(for: 9) == 0)
        #expect(flat.oldIndex(for: 7) == 1 && flat.newIndex(for: 7) == nil && flat.oldIndex(for: 5) == nil)

        let sections = [Section(model: Header(id: 1), elements: [Item(id: 4), Item(id: 7)])]
        let moved = [
            Section(model: Header(id: 2), elements: [Item(id: 7)]),
            Section(model: Header(id: 1, title: 3), elements: [Item(id: 4)]),
        ]
        let positions = try StagedChangeset(source: sections, target: moved).positions(from: sections)
        #expect(positions.sourcePath(for: 7) == ElementPath(element: 1, section: 0))
        #expect(positions.targetPath(for: 7) == ElementPath(element: 0, section: 0))
        #expect(positions.targetPath(forSource: ElementPath(element: 1, section: 0)) == ElementPath(element: 0, section: 0))
        #expect(
            positions.sourceSection(for: 1) == 0 && positions.targetSection(for: 1) == 1 && positions.sourceSection(for: 2) == nil
        )
        #expect(positions.targetPath(forSource: ElementPath(element: 2, section: 0)) == nil)
        #expect(positions.sourcePath(forTarget: ElementPath(element: 0, section: 5)) == nil)
        #expect(positions.sectionsWithChangedContent == [1])
    }

    /// Hand-built changesets say no counts: a flat list's one count is its length, even when
    /// its elements are sections, and a list of sections' counts are its sections' elements.
    @Test func handBuiltChangesetsAreCountedByTheirLayout() throws {
        let flat: StagedChangeset<[Int]> = [
            Changeset(data: [1, 3], elementDeleted: [ElementPath(element: 1, section: 0)]),
            Changeset(data: [3], elementDeleted: [ElementPath(element: 0, section: 0)]),
        ]
        let flatPositions = try flat.positions(from: [1, 2, 3])
        #expect((0..<3).map(flatPositions.newIndex(forOld:)) == [nil, nil, 0])

        typealias Rows = ArraySection<Int, Int>
        let source = [Rows(model: 0, elements: [1, 2]), Rows(model: 1, elements: [3])]
        let sectioned: StagedChangeset<[Rows]> = [
            Changeset(
                data: [Rows(model: 0, elements: [1, 2]), Rows(model: 1, elements: [])],
                elementDeleted: [ElementPath(element: 0, section: 1)]),
            Changeset(
                data: [Rows(model: 1, elements: []), Rows(model: 0, elements: [1, 2])], sectionMoved: [(source: 0, target: 1)]),
        ]
        let positions = try sectioned.positions(from: source)
        #expect(positions.targetPath(forSource: ElementPath(element: 1, section: 0)) == ElementPath(element: 1, section: 1))
        #expect(positions.targetPath(forSource: ElementPath(element: 0, section: 1)) == nil)

        let rows = [Rows(model: 0, elements: [1, 2]), Rows(model: 1, elements: []), Rows(model: 2, elements: [3])]
        let rowPositions = try StagedChangeset(source: rows, target: Array(rows.reversed()), section: 0).positions(from: rows)
        #expect((0..<3).map(rowPositions.newIndex(forOld:)) == [2, 1, 0])
    }

    @Test func aChangesetThatDoesNotFitItsSourceThrows() {
        let staged: StagedChangeset<[Int]> = [Changeset(data: [1], elementDeleted: [ElementPath(element: 3, section: 0)])]
        #expect(throws: BatchUpdateError.self) { try staged.positions(from: [1, 2]) }
    }

    @Test func omittedSectionUpdatesLeaveRowsToTheirOwnDiff() throws {
        for seed in UInt64(0)..<300 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let reloading = try StagedChangeset(source: source, target: target, algorithm: .heckel)
            let omitting = try StagedChangeset(source: source, target: target, sectionUpdates: .omitted)
            #expect(omitting.allSatisfy { $0.sectionUpdated.isEmpty }, "seed \(seed)")
            #expect(omitting.last?.data ?? source == target, "seed \(seed)")
            // The same batches but for the section reloads.
            #expect(
                omitting.map(BatchUpdate.init) == reloading.map(BatchUpdate.init).filter { $0.sectionUpdated.isEmpty },
                "seed \(seed)")
            // Replayed as a view would, only the models of sections whose content changed differ.
            let replayed = try omitting.apply(to: source)
            let positions = try omitting.positions(from: source)
            #expect(replayed.map(\.elements) == target.map(\.elements), "seed \(seed)")
            let differing = target.indices.filter { replayed[$0].model != target[$0].model }
            #expect(differing == positions.sectionsWithChangedContent, "seed \(seed)")
            #expect(positions.sectionsWithChangedContent == (reloading.last?.sectionUpdated ?? []), "seed \(seed)")
        }
    }
}
