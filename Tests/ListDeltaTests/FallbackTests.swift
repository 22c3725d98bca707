import Testing

@testable import ListDelta

/// The changesets the never-failing initialisers fall back to when the core cannot run (a list
/// over the maximum count, or no memory): replace everything, still as valid batches.
@Suite struct FallbackTests {
    @Test func flatFallbackReplacesEveryElement() {
        let source = [Item(id: 1), Item(id: 2)], target = [Item(id: 2), Item(id: 3), Item(id: 4)]
        let staged = StagedChangeset(replacing: source, with: target, section: 2)
        expectValidStages(staged, from: source, to: target, "flat fallback")
        #expect(staged.flatMap { $0.elementDeleted + $0.elementInserted }.allSatisfy { $0.section == 2 })
        #expect(StagedChangeset(replacing: [Item](), with: [], section: 0).isEmpty)
    }

    @Test func sectionedFallbackReplacesEverySection() {
        let source = [Section(model: Header(id: 1), elements: [Item(id: 1)])]
        let target = [Section(model: Header(id: 1), elements: []), Section(model: Header(id: 2), elements: [Item(id: 5)])]
        expectValidSectionStages(
            StagedChangeset(replacingSections: source, with: target), from: source, to: target,
            "sectioned fallback")
    }
}
