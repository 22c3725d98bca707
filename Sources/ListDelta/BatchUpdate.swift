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
    public static func == (lhs: BatchUpdate, rhs: BatchUpdate) -> Bool { lhs.asSets == rhs.asSets }

    /// Hashes every operation, in any order and however often it is named.
    public func hash(into hasher: inout Hasher) { hasher.combine(asSets) }

    /// Each kind of operation as its numbers (an index; a path's section and element; a move's
    /// source and target), the operations in ascending order, each once.
    private var asSets: [[[Int]]] {
        func ascendingOnce(_ operations: [[Int]]) -> [[Int]] {
            Set(operations).sorted { $0.lexicographicallyPrecedes($1) }
        }
        func path(_ path: ElementPath) -> [Int] { [path.section, path.element] }
        return [
            ascendingOnce(sectionDeleted.map { [$0] }), ascendingOnce(sectionInserted.map { [$0] }),
            ascendingOnce(sectionUpdated.map { [$0] }), ascendingOnce(sectionMoved.map { [$0.source, $0.target] }),
            ascendingOnce(elementDeleted.map(path)), ascendingOnce(elementInserted.map(path)),
            ascendingOnce(elementUpdated.map(path)), ascendingOnce(elementMoved.map { path($0.source) + path($0.target) }),
        ]
    }
}
