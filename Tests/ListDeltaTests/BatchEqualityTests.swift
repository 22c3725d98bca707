import Testing

@testable import ListDelta

/// A batch and a changeset compare their operations by one rule: as sets, the way a list view
/// reads them.
@Suite struct BatchEqualityTests {
    private let path = { (element: Int, section: Int) in ElementPath(element: element, section: section) }

    @Test func batchesNamingTheSameOperationsInAnotherOrderAreEqualAndHashAlike() {
        let one = BatchUpdate(
            sectionDeleted: [3, 1], sectionMoved: [(source: 0, target: 2), (source: 2, target: 0)],
            elementDeleted: [path(4, 0), path(1, 0)], elementMoved: [(path(0, 1), path(2, 1)), (path(2, 1), path(0, 1))])
        let other = BatchUpdate(
            sectionDeleted: [1, 3], sectionMoved: [(source: 2, target: 0), (source: 0, target: 2)],
            elementDeleted: [path(1, 0), path(4, 0)], elementMoved: [(path(2, 1), path(0, 1)), (path(0, 1), path(2, 1))])
        #expect(one == other && one.hashValue == other.hashValue && Set([one, other]).count == 1)
        #expect(one != BatchUpdate(sectionDeleted: [1, 3], elementDeleted: [path(1, 0), path(4, 0)]))
    }

    /// Each kind of operation counts: batches naming the same indices in different kinds, or
    /// one operation against none, differ.
    @Test func batchesDifferingInOneKindOfOperationDiffer() {
        let batches = [
            BatchUpdate(sectionDeleted: [0]), BatchUpdate(sectionInserted: [0]), BatchUpdate(sectionUpdated: [0]),
            BatchUpdate(sectionMoved: [(source: 0, target: 1)]), BatchUpdate(elementDeleted: [path(0, 1)]),
            BatchUpdate(elementInserted: [path(0, 1)]), BatchUpdate(elementUpdated: [path(0, 1)]),
            BatchUpdate(elementMoved: [(path(0, 1), path(1, 0))]), BatchUpdate(),
        ]
        for (k, batch) in batches.enumerated() {
            for other in batches[(k + 1)...] { #expect(batch != other, "\(batch) == \(other)") }
        }
        #expect(Set(batches).count == batches.count)
    }

    /// A changeset's eight lists are its batch's: each one set on the changeset is that list of
    /// the batch, and no other.
    @Test func eachListSetOnAChangesetIsThatListOfItsBatch() {
        var changeset = Changeset(data: [0])
        changeset.sectionDeleted = [1]
        changeset.sectionInserted = [2]
        changeset.sectionUpdated = [3]
        changeset.sectionMoved = [(source: 4, target: 5)]
        changeset.elementDeleted = [path(6, 0)]
        changeset.elementInserted = [path(7, 0)]
        changeset.elementUpdated = [path(8, 0)]
        changeset.elementMoved = [(path(9, 0), path(10, 0))]
        let batch = BatchUpdate(changeset)
        #expect(
            batch.sectionDeleted == [1] && batch.sectionInserted == [2] && batch.sectionUpdated == [3]
                && batch.sectionMoved.elementsEqual([(source: 4, target: 5)]) { $0 == $1 }
                && batch.elementDeleted == [path(6, 0)] && batch.elementInserted == [path(7, 0)]
                && batch.elementUpdated == [path(8, 0)]
                && batch.elementMoved.elementsEqual([(path(9, 0), path(10, 0))]) { $0 == $1 })
        #expect(changeset.changeCount == 8 && changeset.elementMoved[0].target == path(10, 0))
    }

    /// DifferenceKit's `==` compares each list as a set: an operation named twice is the same
    /// operation, and a changeset says nothing of the layout or counts it was made with.
    @Test func anOperationNamedTwiceIsTheSameOperation() {
        let once = Changeset(
            data: [1, 2], sectionUpdated: [0], sectionMoved: [(source: 0, target: 1)], elementDeleted: [path(1, 0)],
            elementMoved: [(path(0, 1), path(2, 1))])
        let twice = Changeset(
            data: [1, 2], sectionUpdated: [0, 0], sectionMoved: [(source: 0, target: 1), (source: 0, target: 1)],
            elementDeleted: [path(1, 0), path(1, 0)], elementMoved: [(path(0, 1), path(2, 1)), (path(0, 1), path(2, 1))])
        #expect(once == twice && BatchUpdate(once) == BatchUpdate(twice))
        #expect(BatchUpdate(once).hashValue == BatchUpdate(twice).hashValue)
        #expect(once != Changeset(data: [1, 2], sectionUpdated: [0], elementDeleted: [path(1, 0), path(2, 0)]))
        let diffed = StagedChangeset(source: [ArraySection(model: 0, elements: [1])], target: [])[0]
        #expect(diffed == Changeset(data: [], sectionDeleted: [0, 0]))
    }

    @Test func aChangesetComparesItsOperationsAsItsBatchDoes() {
        let diffed = StagedChangeset(source: [1, 2, 3, 4], target: [4, 3, 5])
        for changeset in diffed {
            var reordered = Changeset(
                data: changeset.data, elementDeleted: changeset.elementDeleted.reversed(),
                elementInserted: changeset.elementInserted.reversed(), elementUpdated: changeset.elementUpdated,
                elementMoved: changeset.elementMoved.reversed())
            // Made by hand, without the core's counts: equal all the same.
            #expect(reordered == changeset && BatchUpdate(reordered) == BatchUpdate(changeset))
            reordered.data.append(9)
            #expect(reordered != changeset)
        }
    }
}
