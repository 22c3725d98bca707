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
    public init<C>(_ changeset: Changeset<C>) {
        self.init(
            sectionDeleted: changeset.sectionDeleted, sectionInserted: changeset.sectionInserted,
            sectionUpdated: changeset.sectionUpdated, sectionMoved: changeset.sectionMoved,
            elementDeleted: changeset.elementDeleted, elementInserted: changeset.elementInserted,
            elementUpdated: changeset.elementUpdated, elementMoved: changeset.elementMoved)
    }
}

// Written out because the moves are tuples, as in `Changeset`, and tuples are not Hashable.
extension BatchUpdate: Hashable {
    /// Whether two batches list the same operations in the same order.
    public static func == (lhs: BatchUpdate, rhs: BatchUpdate) -> Bool {
        lhs.sectionDeleted == rhs.sectionDeleted
            && lhs.sectionInserted == rhs.sectionInserted
            && lhs.sectionUpdated == rhs.sectionUpdated
            && lhs.sectionMoved.elementsEqual(rhs.sectionMoved) { $0 == $1 }
            && lhs.elementDeleted == rhs.elementDeleted
            && lhs.elementInserted == rhs.elementInserted
            && lhs.elementUpdated == rhs.elementUpdated
            && lhs.elementMoved.elementsEqual(rhs.elementMoved) { $0 == $1 }
    }

    /// Hashes every operation, in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sectionDeleted)
        hasher.combine(sectionInserted)
        hasher.combine(sectionUpdated)
        hasher.combine(sectionMoved.count)
        for move in sectionMoved {
            hasher.combine(move.source)
            hasher.combine(move.target)
        }
        hasher.combine(elementDeleted)
        hasher.combine(elementInserted)
        hasher.combine(elementUpdated)
        hasher.combine(elementMoved.count)
        for move in elementMoved {
            hasher.combine(move.source)
            hasher.combine(move.target)
        }
    }
}
