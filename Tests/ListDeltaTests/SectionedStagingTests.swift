import Foundation
import TestSupport
import Testing

@testable import ListDelta

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

    /// Sections longer than one stretch between polls are copied for the diff stretch by stretch.
    @Test func sectionsLongerThanAPollIntervalDiffWhole() {
        let long = (0..<(2 * pollInterval + 100)).map { Item(id: $0) }
        let source = [
            Section(model: Header(id: 0), elements: [Item(id: -1)]), Section(model: Header(id: 1), elements: long),
        ]
        var moved = long
        moved.swapAt(5, pollInterval + 7)
        moved.remove(at: 2 * pollInterval + 50)
        let target = [Section(model: Header(id: 1), elements: moved), source[0]]
        let staged = StagedChangeset(source: source, target: target)
        expectValidSectionStages(staged, from: source, to: target, "long sections")
        #expect(staged.flatMap(\.elementDeleted) == [ElementPath(element: 2 * pollInterval + 50, section: 1)])
        #expect(staged.reduce(0) { $0 + $1.elementMoved.count } == minimalSectionMoves(source, target))
    }

    @Test func randomSectionsWithLongestCommonSubsequence() throws {
        for seed in UInt64(1)...800 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let staged = try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence())
            #expect(staged.allSatisfy { $0.sectionMoved.isEmpty })
            expectValidSectionStages(staged, from: source, to: target, "seed \(seed)")
        }
    }

    @Test func sectionsAlreadyWholeInAListShareItsArray() {
        func storage(_ elements: [Item]) -> UnsafeRawPointer? {
            elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let source = [
            Section(model: Header(id: 0), elements: (0..<5).map { Item(id: $0) }),
            Section(model: Header(id: 1), elements: (5..<9).map { Item(id: $0) }),
            Section(model: Header(id: 2), elements: [Item(id: 9)]),
        ]
        let target = [
            Section(model: Header(id: 1), elements: (5..<9).map { Item(id: $0) } + [Item(id: 20)]),
            Section(model: Header(id: 3), elements: (10..<13).map { Item(id: $0) }),
            Section(model: Header(id: 0), elements: (0..<4).map { Item(id: $0) }),
        ]
        let staged = StagedChangeset(source: source, target: target)
        expectValidSectionStages(staged, from: source, to: target, "example")
        #expect(staged.map(stageKind) == [2, 3, 4])
        // After the deletes, section 0's survivors are all of the target's section 2; section 1's
        // are gathered, for the target adds an element to them.
        let deletes = staged[0].data, inserts = staged[1].data
        #expect(storage(deletes[0].elements) == storage(target[2].elements))
        #expect(storage(deletes[1].elements) != storage(source[1].elements))
        #expect(storage(deletes[1].elements) != storage(target[0].elements))
        // After the section inserts and moves: the survivors are the arrays of the stage before,
        // and the new section is the target's.
        #expect(storage(inserts[0].elements) == storage(deletes[1].elements))
        #expect(storage(inserts[1].elements) == storage(target[1].elements))
        #expect(storage(inserts[2].elements) == storage(deletes[0].elements))
    }

    @Test func eachSectionsElementsAreReadOncePerDiff() throws {
        final class Reads: @unchecked Sendable { var count = 0 }
        /// A section model that counts the reads of its `elements`.
        struct Counted: DifferentiableSection {
            var model: Int
            var items: [Int]
            var reads = Reads()
            var elements: [Int] {
                reads.count += 1
                return items
            }
            var differenceIdentifier: Int { model }
            func isContentEqual(to source: Counted) -> Bool { true }
            init<C: Swift.Collection>(source: Counted, elements: C) where C.Element == Int {
                self.init(model: source.model, items: Array(elements))
            }
            init(model: Int, items: [Int]) {
                self.model = model
                self.items = items
            }
        }
        var random = SplitMix64(seed: 53)
        for round in 0..<200 {
            func sections() -> [Counted] {
                (0..<random.bounded(6)).map { _ in
                    Counted(model: random.bounded(8), items: (0..<random.bounded(6)).map { _ in random.bounded(20) })
                }
            }
            let source = sections(), target = sections()
            let staged = StagedChangeset(source: source, target: target)
            let reads = (source + target).map(\.reads.count)
            #expect(reads.allSatisfy { $0 == 1 }, "round \(round): reads \(reads)")
            #expect(staged.last.map { $0.data.map(\.items) } ?? [] == (target.isEmpty ? [] : target.map(\.items)))
        }
    }

    @Test func readingTheSectionsStopsSoonAfterACancellation() {
        final class Reads: @unchecked Sendable { var count = 0 }
        /// Cancels `cancellation` at the 100th read of any section's elements.
        struct Cancelling: DifferentiableSection {
            var model: Int
            var reads: Reads
            var cancellation: CoreCancellation
            var elements: [Int] {
                reads.count += 1
                if reads.count == 100 { cancellation.cancel() }
                return [model]
            }
            var differenceIdentifier: Int { model }
            func isContentEqual(to source: Cancelling) -> Bool { true }
            init<C: Swift.Collection>(source: Cancelling, elements: C) where C.Element == Int { self = source }
            init(model: Int, reads: Reads, cancellation: CoreCancellation) {
                self.model = model
                self.reads = reads
                self.cancellation = cancellation
            }
        }
        let reads = Reads(), cancellation = CoreCancellation()
        let source = (0..<20_000).map { Cancelling(model: $0, reads: reads, cancellation: cancellation) }
        #expect(throws: CancellationError.self) {
            try sectionedStages(
                source: source, target: source, algorithm: .heckel, cancellation: cancellation, sectionUpdates: .reloaded)
        }
        // Each section read counts as two of the pollInterval steps between polls.
        #expect(reads.count <= 100 + pollInterval / 2, "\(reads.count) sections read")
    }

    @Test func elementsADiffCopiesAreReleasedWithIt() {
        final class Live: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            func add(_ change: Int) { lock.withLock { count += change } }
        }
        final class Token {
            let live: Live
            init(_ live: Live) {
                self.live = live
                live.add(1)
            }
            deinit { live.add(-1) }
        }
        struct Item: Differentiable {
            var id: Int
            var token: Token
            /// Cancelled when the diff reads the identifier, after it copied the elements.
            var cancelling: CoreCancellation?
            var differenceIdentifier: Int {
                cancelling?.cancel()
                return id
            }
            func isContentEqual(to source: Item) -> Bool { id % 3 != 0 }
        }
        let live = Live()
        var random = SplitMix64(seed: 59)
        for _ in 0..<50 {
            let cancellation = CoreCancellation()
            func sections(cancelling: Bool) -> [ArraySection<Int, Item>] {
                (1...random.bounded(5) + 1).map { model in
                    ArraySection(
                        model: model,
                        elements: (0..<random.bounded(300) + 1).map { _ in
                            Item(id: random.bounded(400), token: Token(live), cancelling: cancelling ? cancellation : nil)
                        })
                }
            }
            let source = sections(cancelling: false), target = sections(cancelling: false)
            #expect(
                StagedChangeset(source: source, target: target).last?.data.map(\.elements.count) == target.map(\.elements.count))
            let cancellingSource = sections(cancelling: true)
            #expect(throws: CancellationError.self) {
                try sectionedStages(
                    source: cancellingSource, target: target, algorithm: .heckel, cancellation: cancellation,
                    sectionUpdates: .reloaded)
            }
        }
        #expect(live.count == 0, "tokens outlived the diffs that copied them")
    }

    @Test func sectionsWhoseElementsChangeBetweenReadsStillDiff() {
        /// Breaks the protocol's laws: each read of `elements` holds one element more.
        final class Reads: @unchecked Sendable { var count = 0 }
        struct Growing: DifferentiableSection {
            var model: Int
            var reads: Reads
            var elements: [Int] {
                reads.count += 1
                return Array(model * 100..<model * 100 + reads.count)
            }
            var differenceIdentifier: Int { model }
            func isContentEqual(to source: Growing) -> Bool { true }
            init<C: Swift.Collection>(source: Growing, elements: C) where C.Element == Int {
                self.init(model: source.model, reads: Reads())
            }
            init(model: Int, reads: Reads) {
                self.model = model
                self.reads = reads
            }
        }
        let source = [Growing(model: 1, reads: Reads()), Growing(model: 2, reads: Reads())]
        let target = [Growing(model: 2, reads: Reads()), Growing(model: 3, reads: Reads())]
        // Counts that did not add up to the elements read stopped the program in the core.
        let staged = StagedChangeset(source: source, target: target)
        #expect(staged.last.map { $0.data.map(\.model) } == [2, 3])
    }

    @Test func aSectionWhoseElementsChangeAfterTheDiffShowsWhatTheDiffRead() {
        /// Breaks the protocol's laws: `elements` holds two elements for the first two reads (the
        /// diff reads once), then one more at each read. A section a stage builds holds the
        /// elements it is given.
        final class Reads: @unchecked Sendable { var count = 0 }
        struct Changing: DifferentiableSection {
            var model: Int
            var reads: Reads?
            var given: [Int] = []
            var elements: [Int] {
                guard let reads else { return given }
                reads.count += 1
                return Array(model * 100..<model * 100 + max(2, reads.count))
            }
            var differenceIdentifier: Int { model }
            func isContentEqual(to source: Changing) -> Bool { true }
            init<C: Swift.Collection>(source: Changing, elements: C) where C.Element == Int {
                model = source.model
                given = Array(elements)
            }
            init(model: Int) {
                self.model = model
                reads = Reads()
            }
        }
        let staged = StagedChangeset(
            source: [Changing(model: 1), Changing(model: 2)], target: [Changing(model: 2), Changing(model: 3)])
        #expect(staged.count == 2)
        // After the deletes, section 2 holds the elements the diff matched, as the next stage expects.
        #expect(staged.first.map { $0.data.map(\.elements) } == [[200, 201]])
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
