import TestSupport
import Testing

@testable import ListDelta

/// Every batch of a diff carries the counts the core says the view shows before it, so the glue's
/// guard reads them instead of counting the stage before's data again.
@Suite struct CountsBeforeTests {
    @Test func everyStageOfASectionedDiffCarriesTheCountsItStartsFrom() {
        var stagesChecked = 0
        for seed in UInt64(1)...300 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let staged = StagedChangeset(source: source, target: target)
            for (index, stage) in staged.enumerated() {
                let before = index == 0 ? source.map(\.elements.count) : staged[index - 1].data.map(\.elements.count)
                #expect(stage.countsBefore.map(Array.init) == before, "seed \(seed), stage \(index)")
                stagesChecked += index > 0 ? 1 : 0
            }
        }
        #expect(stagesChecked > 300, "only \(stagesChecked) later stages checked")
    }

    @Test func theFirstStageOfAFlatDiffCarriesItsCount() {
        for seed in UInt64(1)...100 {
            var random = SplitMix64(seed: seed)
            let source = (0..<random.bounded(30)).map { _ in Item(id: random.bounded(20)) }
            let target = (0..<random.bounded(30)).map { _ in Item(id: random.bounded(20), content: random.bounded(2)) }
            let staged = StagedChangeset(source: source, target: target)
            guard let first = staged.first else { continue }
            #expect(first.countsBefore.map(Array.init) == [source.count], "seed \(seed): \(source) → \(target)")
        }
    }
}
