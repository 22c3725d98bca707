import Testing

@testable import ListDelta

/// The stage rules on plain values, without the core: every combination of stages.
@Suite struct StagingTests {
    @Test func everyCombinationOfStagesIsAssembledInOrder() {
        let path = ElementPath(element: 0, section: 0)
        for mask in 0..<32 {
            var operations = StagedOperations()
            if mask & 1 != 0 { operations.elementUpdated = [path] }
            if mask & 2 != 0 { operations.elementDeleted = [path] }
            if mask & 4 != 0 { operations.sectionMoved = [(source: 0, target: 1)] }
            if mask & 8 != 0 { operations.elementInserted = [path] }
            if mask & 16 != 0 { operations.sectionUpdated = [0] }
            var asked: [Stage] = []
            let stages = assembleStages(operations, layout: .sectioned, target: [-1]) { stage in
                asked.append(stage)
                return [stage.rawValue]
            }
            let present = Stage.allCases.filter { mask & (1 << ($0.rawValue - 1)) != 0 }
            #expect(stages.map(stageKind) == present.map(\.rawValue), "mask \(mask)")
            #expect(asked == present.dropLast(), "only the stages before the last build data, mask \(mask)")
            #expect(stages.dropLast().map(\.data) == present.dropLast().map { [$0.rawValue] }, "mask \(mask)")
            #expect(stages.last?.data ?? [-1] == [-1], "the last stage's data is the target, mask \(mask)")
        }
    }

    @Test func deletesOfSectionsOrElementsAloneMakeAStage() {
        var sections = StagedOperations()
        sections.sectionDeleted = [2]
        #expect(assembleStages(sections, layout: .sectioned, target: [0]) { _ in [] }.map(\.sectionDeleted) == [[2]])
        var inserts = StagedOperations()
        inserts.sectionInserted = [1]
        inserts.elementMoved = [(ElementPath(element: 0, section: 0), ElementPath(element: 1, section: 1))]
        let stages = assembleStages(inserts, layout: .sectioned, target: [0]) { _ in [7] }
        #expect(stages.map(stageKind) == [3, 4] && stages[0].data == [7])
    }
}
