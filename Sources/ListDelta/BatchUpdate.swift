/// The operations of one `performBatchUpdates` call, as UIKit receives them: a ``Changeset``
/// without its data, in the same words.
///
/// Paths and indices follow UIKit's batch-update rules: deletes, updates and move sources
/// refer to the list before the batch; inserts and move targets to the list after it.
public struct BatchUpdate: Sendable {
    /// Sections to delete, by their index before the batch.
    public var sectionDeleted: [Int]
    /// Sections to insert, by their index after the batch.
    public var sectionInserted: [Int]
    /// Sections whose model changed, by their index before the batch: the view reloads them.
    public var sectionUpdated: [Int]
    /// Sections to move: from before the batch, to after it.
    public var sectionMoved: [(source: Int, target: Int)]
    /// Elements to delete, by their path before the batch.
    public var elementDeleted: [ElementPath]
    /// Elements to insert, by their path after the batch.
    public var elementInserted: [ElementPath]
    /// Elements whose content changed, by their path before the batch: the view reloads them,
    /// or reconfigures them in their cells.
    public var elementUpdated: [ElementPath]
    /// Elements to move: from before the batch, to after it.
    public var elementMoved: [(source: ElementPath, target: ElementPath)]

    /// A batch of the given operations; every list defaults to empty.
    @inlinable
    public init(
        sectionDeleted: [Int] = [],
        sectionInserted: [Int] = [],
        sectionUpdated: [Int] = [],
        sectionMoved: [(source: Int, target: Int)] = [],
        elementDeleted: [ElementPath] = [],
        elementInserted: [ElementPath] = [],
        elementUpdated: [ElementPath] = [],
        elementMoved: [(source: ElementPath, target: ElementPath)] = []
    ) {
        self.sectionDeleted = sectionDeleted
        self.sectionInserted = sectionInserted
        self.sectionUpdated = sectionUpdated
        self.sectionMoved = sectionMoved
        self.elementDeleted = elementDeleted
        self.elementInserted = elementInserted
        self.elementUpdated = elementUpdated
        self.elementMoved = elementMoved
    }

    /// The batch that performs `changeset`.
    @inlinable
    public init<C>(_ changeset: Changeset<C>) { self = changeset.batch }
}

// Written out because the moves are tuples, as in `Changeset`, and tuples are not Hashable.
extension BatchUpdate: Hashable {
    /// Whether two batches name the same operations, in any order and however often each is
    /// named: a list view reads each kind of operation as a set, as DifferenceKit's `==`
    /// compares its changesets' lists.
    public static func == (lhs: BatchUpdate, rhs: BatchUpdate) -> Bool {
        let lhs = lhs.asSets, rhs = rhs.asSets
        return lhs.sectionDeleted == rhs.sectionDeleted
            && lhs.sectionInserted == rhs.sectionInserted
            && lhs.sectionUpdated == rhs.sectionUpdated
            && lhs.sectionMoved.elementsEqual(rhs.sectionMoved) { $0 == $1 }
            && lhs.elementDeleted == rhs.elementDeleted
            && lhs.elementInserted == rhs.elementInserted
            && lhs.elementUpdated == rhs.elementUpdated
            && lhs.elementMoved.elementsEqual(rhs.elementMoved) { $0 == $1 }
    }

    /// Hashes every operation, in any order and however often it is named.
    public func hash(into hasher: inout Hasher) {
        let batch = asSets
        hasher.combine(batch.sectionDeleted)
        hasher.combine(batch.sectionInserted)
        hasher.combine(batch.sectionUpdated)
        hasher.combine(batch.sectionMoved.count)
        for move in batch.sectionMoved {
            hasher.combine(move.source)
            hasher.combine(move.target)
        }
        hasher.combine(batch.elementDeleted)
        hasher.combine(batch.elementInserted)
        hasher.combine(batch.elementUpdated)
        hasher.combine(batch.elementMoved.count)
        for move in batch.elementMoved {
            hasher.combine(move.source)
            hasher.combine(move.target)
        }
    }

    /// The batch with each kind of operation in ascending order, each operation once.
    private var asSets: BatchUpdate {
        func ascendingOnce<T>(_ list: [T], by less: (T, T) -> Bool) -> [T] {
            var result: [T] = []
            for item in list.sorted(by: less) where result.last.map({ less($0, item) }) ?? true { result.append(item) }
            return result
        }
        return BatchUpdate(
            sectionDeleted: ascendingOnce(sectionDeleted, by: <), sectionInserted: ascendingOnce(sectionInserted, by: <),
            sectionUpdated: ascendingOnce(sectionUpdated, by: <), sectionMoved: ascendingOnce(sectionMoved, by: <),
            elementDeleted: ascendingOnce(elementDeleted, by: <), elementInserted: ascendingOnce(elementInserted, by: <),
            elementUpdated: ascendingOnce(elementUpdated, by: <), elementMoved: ascendingOnce(elementMoved, by: <))
    }
}
