import CListDelta
import CListDeltaChecks
import Testing

@Suite struct HeckelTests {
    @Test func oneElementMovedToFrontIsOneMove() {
        _ = CoreHarness().diff(LDC_HECKEL, source: [1, 2, 3, 4], target: [4, 1, 2, 3]) { status, result in
            #expect(status == LD_OK)
            #expect(result.moves.map { [$0.source, $0.target] } == [[3, 0]])
            #expect(result.deletes.isEmpty && result.inserts.isEmpty)
        }
    }

    @Test func reversedListMovesAllButOne() {
        let source = (0..<100).map(UInt64.init)
        _ = CoreHarness().diff(LDC_HECKEL, source: source, target: source.reversed()) { status, result in
            #expect(status == LD_OK)
            #expect(result.moved_count == 99)
        }
    }

    /// IGListKit's own suite expects {0→2, 2→0}: of the longest runs, the core keeps the one
    /// that leaves no element moving from index 1 to index 1.
    @Test func reversingThreeMovesTheEndsNotTheMiddle() {
        _ = CoreHarness().diff(LDC_HECKEL, source: [0, 1, 2], target: [2, 1, 0]) { status, result in
            #expect(status == LD_OK)
            #expect(result.moves.map { [$0.source, $0.target] } == [[2, 0], [0, 2]])
        }
    }

    /// The second sort at scale: of 100,001 reversed elements the middle one stays, and every
    /// other one moves, none in place.
    @Test func largeReversalKeepsItsMiddleInPlace() {
        let source = (0..<100_001).map(UInt64.init)
        _ = CoreHarness().diff(LDC_HECKEL, source: source, target: source.reversed()) { status, result in
            #expect(status == LD_OK)
            #expect(result.moved_count == 100_000)
            #expect(!result.moves.contains { $0.source == $0.target })
        }
    }

    @Test func duplicatesPairKthWithKthAndSurplusIsDeleted() {
        // a a b → b a: the first a of each side pair up, the second source a is deleted.
        _ = CoreHarness().diff(LDC_HECKEL, source: [7, 7, 9], target: [9, 7]) { status, result in
            #expect(status == LD_OK)
            #expect(result.source_to_target[0] == 1)
            #expect(result.source_to_target[1] == -1)
            #expect(result.source_to_target[2] == 0)
            #expect(result.deletes == [1])
        }
    }

    @Test func duplicatesAtTheEndFollowOccurrenceOrder() {
        // b a a → a: the target's only a is the source's first a (index 1), not the last.
        _ = CoreHarness().diff(LDC_HECKEL, source: [2, 1, 1], target: [1]) { status, result in
            #expect(status == LD_OK)
            #expect(result.deletes == [0, 2])
        }
    }

    @Test func contentChangesAreUpdatesNotMoves() {
        _ = CoreHarness().diff(
            LDC_HECKEL, source: [1, 2, 3], target: [1, 2, 3],
            sourceContent: [10, 20, 30], targetContent: [10, 21, 30]
        ) { status, result in
            #expect(status == LD_OK)
            #expect(result.updates.map { [$0.source, $0.target] } == [[1, 1]])
            #expect(result.moved_count == 0)
        }
    }

    @Test func emptyInputsAreLegal() {
        let harness = CoreHarness()
        #expect(harness.diff(LDC_HECKEL, source: [], target: []) == LD_OK)
        _ = harness.diff(LDC_HECKEL, source: [], target: [5, 6]) { status, result in
            #expect(status == LD_OK && result.inserts == [0, 1])
        }
        _ = harness.diff(LDC_HECKEL, source: [5, 6], target: []) { status, result in
            #expect(status == LD_OK && result.deletes == [0, 1])
        }
    }
}
