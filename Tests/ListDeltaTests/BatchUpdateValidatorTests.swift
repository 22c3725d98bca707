import ListDelta
import Testing

/// Batches known to crash UIKit (or corrupt its state), each rejected with the rule it breaks.
@Suite struct BatchUpdateValidatorTests {
    private func path(_ element: Int, _ section: Int) -> ElementPath { ElementPath(element: element, section: section) }

    private func expectRejected(
        _ batch: BatchUpdate, before: [Int], after: [Int], _ error: BatchUpdateError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: error, sourceLocation: sourceLocation) {
            try BatchUpdateValidator.validate(batch, elementCountsBefore: before, elementCountsAfter: after)
        }
    }

    @Test func validBatchPasses() throws {
        let batch = BatchUpdate(
            sectionDeleted: [0], sectionInserted: [1], sectionMoved: [(source: 2, target: 0)],
            elementDeleted: [path(0, 1)], elementInserted: [path(2, 2)],
            elementMoved: [(source: path(1, 1), target: path(0, 2))]
        )
        // Before: [3, 4, 2]; section 0 deleted, section 2 moves to 0, section 1 ends up at 2.
        try BatchUpdateValidator.validate(batch, elementCountsBefore: [3, 4, 2], elementCountsAfter: [2, 7, 4])
    }

    @Test func indicesNoInt32HoldsAreReportedAsGiven() {
        let huge = Int(Int32.max) + 5
        expectRejected(
            BatchUpdate(sectionDeleted: [huge]), before: [1], after: [],
            .sectionOutOfRange(.delete, section: huge, sectionCount: 1))
        expectRejected(
            BatchUpdate(elementInserted: [path(-huge, 0)]), before: [0], after: [1],
            .elementOutOfRange(.insert, path: path(-huge, 0), elementCount: 1))
        expectRejected(
            BatchUpdate(elementMoved: [(source: path(0, 0), target: path(0, huge))]), before: [1], after: [1],
            .sectionOutOfRange(.moveTo, section: huge, sectionCount: 1))
        // Each operation's list names its own item.
        expectRejected(
            BatchUpdate(sectionInserted: [huge]), before: [], after: [0],
            .sectionOutOfRange(.insert, section: huge, sectionCount: 1))
        expectRejected(
            BatchUpdate(sectionMoved: [(source: huge, target: 0)]), before: [0], after: [0],
            .sectionOutOfRange(.moveFrom, section: huge, sectionCount: 1))
        expectRejected(
            BatchUpdate(elementUpdated: [path(huge, 0)]), before: [1], after: [1],
            .elementOutOfRange(.reload, path: path(huge, 0), elementCount: 1))
        expectRejected(
            BatchUpdate(elementMoved: [(source: path(huge, 0), target: path(0, 0))]), before: [1], after: [1],
            .elementOutOfRange(.moveFrom, path: path(huge, 0), elementCount: 1))
    }

    @Test func countsNoListCanHaveAreRejected() {
        expectRejected(BatchUpdate(), before: [2, -1], after: [1], .negativeElementCount(section: 1, count: -1))
        #expect(
            throws: ListDeltaError.tooManyElements(
                count: 2 * ListDeltaError.maximumCount, maximumCount: ListDeltaError.maximumCount)
        ) {
            try BatchUpdateValidator.validate(
                BatchUpdate(), elementCountsBefore: [ListDeltaError.maximumCount, ListDeltaError.maximumCount],
                elementCountsAfter: [])
        }
    }

    @Test func countMismatchesAreCaught() {
        expectRejected(
            BatchUpdate(elementInserted: [path(0, 0)]), before: [2], after: [2],
            .elementCountMismatch(section: 0, expected: 3, actual: 2))
        expectRejected(
            BatchUpdate(sectionDeleted: [0]), before: [1, 1], after: [1, 1],
            .sectionCountMismatch(expected: 1, actual: 2))
        // The classic crash: data changed with no batch operations at all.
        expectRejected(BatchUpdate(), before: [3], after: [4], .elementCountMismatch(section: 0, expected: 3, actual: 4))
    }

    @Test func indicesAreReadInTheRightSpace() {
        // Deletes refer to the list before the batch, inserts to the list after it.
        expectRejected(
            BatchUpdate(elementDeleted: [path(3, 0)]), before: [3], after: [2],
            .elementOutOfRange(.delete, path: path(3, 0), elementCount: 3))
        expectRejected(
            BatchUpdate(elementInserted: [path(4, 0)]), before: [3], after: [4],
            .elementOutOfRange(.insert, path: path(4, 0), elementCount: 4))
        expectRejected(
            BatchUpdate(sectionUpdated: [2]), before: [1, 1], after: [1, 1],
            .sectionOutOfRange(.reload, section: 2, sectionCount: 2))
    }

    @Test func crashingCombinationsAreCaught() {
        expectRejected(
            BatchUpdate(elementDeleted: [path(0, 0)], elementUpdated: [path(0, 0)]), before: [2], after: [1],
            .conflictingElementOperations(.delete, .reload, path: path(0, 0)))
        expectRejected(
            BatchUpdate(elementDeleted: [path(0, 0)], elementMoved: [(source: path(0, 0), target: path(0, 0))]),
            before: [2], after: [1], .conflictingElementOperations(.delete, .moveFrom, path: path(0, 0)))
        expectRejected(
            BatchUpdate(elementInserted: [path(1, 0)], elementMoved: [(source: path(0, 0), target: path(1, 0))]),
            before: [2], after: [3], .conflictingElementOperations(.insert, .moveTo, path: path(1, 0)))
        expectRejected(
            BatchUpdate(elementUpdated: [path(0, 0)], elementMoved: [(source: path(0, 0), target: path(1, 0))]),
            before: [2], after: [2], .conflictingElementOperations(.reload, .moveFrom, path: path(0, 0)))
        expectRejected(
            BatchUpdate(elementMoved: [
                (source: path(0, 0), target: path(1, 0)),
                (source: path(0, 0), target: path(0, 0)),
            ]),
            before: [2], after: [2], .duplicateElement(.moveFrom, path: path(0, 0)))
        expectRejected(
            BatchUpdate(sectionDeleted: [0], sectionUpdated: [0]), before: [1], after: [],
            .conflictingSectionOperations(.delete, .reload, section: 0))
        expectRejected(
            BatchUpdate(sectionDeleted: [0], sectionMoved: [(source: 0, target: 0)]), before: [1, 1], after: [1],
            .conflictingSectionOperations(.delete, .moveFrom, section: 0))
        expectRejected(
            BatchUpdate(sectionInserted: [0], sectionMoved: [(source: 1, target: 0)]), before: [1, 1], after: [1, 1, 1],
            .conflictingSectionOperations(.insert, .moveTo, section: 0))
    }

    @Test func elementOperationsInChangingSectionsAreCaught() {
        expectRejected(
            BatchUpdate(sectionDeleted: [0], elementDeleted: [path(0, 0)]), before: [1, 1], after: [1],
            .elementInDeletedSection(.delete, path: path(0, 0)))
        expectRejected(
            BatchUpdate(sectionDeleted: [0], elementMoved: [(source: path(0, 0), target: path(0, 0))]),
            before: [1, 1], after: [2], .elementInDeletedSection(.moveFrom, path: path(0, 0)))
        expectRejected(
            BatchUpdate(sectionInserted: [1], elementInserted: [path(0, 1)]), before: [1], after: [1, 1],
            .elementIntoChangingSection(.insert, path: path(0, 1)))
        expectRejected(
            BatchUpdate(sectionInserted: [1], elementMoved: [(source: path(0, 0), target: path(0, 1))]),
            before: [1], after: [0, 1], .elementIntoChangingSection(.moveTo, path: path(0, 1)))
        expectRejected(
            BatchUpdate(
                sectionMoved: [(source: 0, target: 1)],
                elementMoved: [(source: path(0, 1), target: path(0, 1))]),
            before: [1, 1], after: [0, 2], .elementIntoChangingSection(.moveTo, path: path(0, 1)))
        expectRejected(
            BatchUpdate(sectionUpdated: [0], elementDeleted: [path(0, 0)]), before: [2], after: [1],
            .elementInReloadedSection(.delete, path: path(0, 0)))
        expectRejected(
            BatchUpdate(sectionUpdated: [0], elementInserted: [path(0, 0)]), before: [2], after: [3],
            .elementInReloadedSection(.insert, path: path(0, 0)))
    }

    @Test func errorsDescribeThemselves() {
        let error = BatchUpdateError.elementCountMismatch(section: 2, expected: 5, actual: 6)
        #expect(error.description == "section 2 should have 5 elements after the batch, but the data has 6")
    }
}
