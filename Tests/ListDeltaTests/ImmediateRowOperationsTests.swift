import TestSupport
import Testing

@testable import ListDelta

/// The translation for views whose calls act at once (NSTableView), checked against a model of
/// those semantics: replaying the operations on the rows must give the list UIKit's rules give.
@Suite struct ImmediateRowOperationsTests {
    /// Rows as NSTableView holds them between `beginUpdates()` and `endUpdates()`.
    private struct ImmediateRows {
        var rows: [Int]
        var movedRows: [Int] = []

        mutating func run(_ operation: ImmediateRowOperation) {
            switch operation {
            case .reload: break
            case let .remove(indices):
                for index in indices.sorted(by: >) { rows.remove(at: index) }
            case let .insert(range):
                rows.insert(contentsOf: repeatElement(-1, count: range.count), at: range.lowerBound)
            case let .move(from, to):
                let row = rows.remove(at: from)
                rows.insert(row, at: to)
                movedRows.append(row)
            }
        }
    }

    @Test func everyStageOfRandomDiffsTranslates() throws {
        var checked = 0
        for seed in UInt64(1)...3_000 {
            let (source, target) = RandomModels.flat(seed: seed, maximumCount: seed % 10 == 0 ? 300 : 30)
            var current = source
            for stage in StagedChangeset(source: source, target: target) {
                let batch = BatchUpdate(stage)
                let operations = try #require(immediateRowOperations(for: batch, rowCount: current.count), "seed \(seed)")
                // UIKit's rules, by the replay apply(to:) uses; rows labelled by their index before.
                let labels = Array(current.indices)
                let expected = try BatchCheck(
                    batch.withoutReloads, countsBefore: [labels.count], countsAfter: [stage.data.count],
                    reloadsArrive: false
                ).elementOrigins
                var model = ImmediateRows(rows: labels)
                operations.forEach { model.run($0) }
                #expect(model.rows == expected, "seed \(seed): \(operations)")
                #expect(
                    model.movedRows.sorted() == batch.elementMoved.map(\.source.element).sorted(),
                    "seed \(seed): only the moved rows move, once each")
                let reloads = operations.compactMap { if case let .reload(rows) = $0 { rows } else { nil } }
                #expect(reloads.flatMap { $0 } == batch.elementUpdated.map(\.element).sorted())
                current = Array(stage.data)
                checked += 1
            }
        }
        #expect(checked > 3_000)
    }

    @Test func reversedAndShuffledListsTranslate() throws {
        var random = SplitMix64(seed: 8)
        for count in [1, 2, 3, 10, 1_000] {
            let labels = Array(0..<count)
            for target in [Array(labels.reversed()), labels.shuffled(using: &random)] {
                let moves = StagedChangeset(source: labels, target: target).flatMap(\.elementMoved)
                let batch = BatchUpdate(elementMoved: moves)
                var model = ImmediateRows(rows: labels)
                try #require(immediateRowOperations(for: batch, rowCount: count)).forEach { model.run($0) }
                #expect(model.rows == target)
            }
        }
    }

    @Test func invalidBatchesTranslateToNothing() {
        let path = { (element: Int) in ElementPath(element: element, section: 0) }
        #expect(immediateRowOperations(for: BatchUpdate(elementDeleted: [path(3)]), rowCount: 3) == nil)
        #expect(immediateRowOperations(for: BatchUpdate(sectionInserted: [0]), rowCount: 3) == nil)
        #expect(
            immediateRowOperations(
                for: BatchUpdate(elementDeleted: [path(0)], elementMoved: [(source: path(0), target: path(1))]),
                rowCount: 3) == nil)
        #expect(immediateRowOperations(for: BatchUpdate(), rowCount: 0) == [])
    }
}

extension BatchUpdate {
    fileprivate var withoutReloads: BatchUpdate {
        var batch = self
        batch.elementUpdated = []
        return batch
    }
}
