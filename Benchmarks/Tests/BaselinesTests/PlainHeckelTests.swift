import Baselines
import Testing

/// The baseline must do a library's whole job, or the comparison flatters it.
@Suite struct PlainHeckelTests {
    /// Replays the two stages like a list view: deletes on the source give the first stage's
    /// data; inserts and moves on that give the target.
    func expectReplays(_ source: [Int], _ target: [Int], _ diff: PlainHeckelDiff<Int>) {
        let deleted = Set(diff.deleted.map(\.element))
        let afterDeletes = source.indices.filter { !deleted.contains($0) }.map { source[$0] }
        let expectedStages =
            (diff.deleted.isEmpty && diff.updated.isEmpty ? 0 : 1)
            + (diff.inserted.isEmpty && diff.moved.isEmpty ? 0 : 1)
        #expect(diff.stages.count == expectedStages)
        if !diff.deleted.isEmpty { #expect(diff.stages.first == afterDeletes) }
        #expect(diff.stages.last ?? source == target)

        // The second stage: every target slot is either inserted, moved in, or the next
        // element of the first stage that stays put.
        let inserted = Set(diff.inserted.map(\.element))
        let movedTargets = Dictionary(uniqueKeysWithValues: diff.moved.map { ($0.target.element, $0.source.element) })
        let movedSources = Set(diff.moved.map(\.source.element))
        var staying = afterDeletes.indices.filter { !movedSources.contains($0) }.makeIterator()
        for (index, element) in target.enumerated() {
            if inserted.contains(index) { continue }
            let from = movedTargets[index] ?? staying.next()
            #expect(
                from.flatMap { afterDeletes.indices.contains($0) ? afterDeletes[$0] : nil } == element,
                "target \(index)")
        }
    }

    @Test func replaysRandomListsWithDuplicates() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<500 {
            let source = (0..<next(30)).map { _ in next(20) }
            let target = (0..<next(30)).map { _ in next(20) }
            expectReplays(source, target, PlainHeckelDiff(source: source, target: target))
        }
    }

    @Test func movesEveryShiftedSurvivorFromItsPositionAfterTheDeletes() {
        // Offset tracking moves 1 and 2 as well as 3: the needless moves popular libraries report.
        let diff = PlainHeckelDiff(source: [0, 1, 2, 3], target: [3, 1, 2])
        #expect(diff.deleted.map(\.element) == [0])
        #expect(diff.moved.map { [$0.source.element, $0.target.element] } == [[2, 0], [0, 1], [1, 2]])
        expectReplays([0, 1, 2, 3], [3, 1, 2], diff)
    }
}
