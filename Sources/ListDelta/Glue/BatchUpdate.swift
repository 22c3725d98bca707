/// The operations of one `performBatchUpdates` call, as UIKit receives them.
public struct BatchUpdate: Hashable, Sendable {
    /// A section move: from before the batch, to after it.
    public struct SectionMove: Hashable, Sendable {
        /// The section's index before the batch.
        public var source: Int
        /// The section's index after the batch.
        public var target: Int
        /// A move of section `source` (before the batch) to index `target` (after it).
        public init(source: Int, target: Int) {
            self.source = source
            self.target = target
        }
    }

    /// An element move: from before the batch, to after it.
    public struct ElementMove: Hashable, Sendable {
        /// The element's path before the batch.
        public var source: ElementPath
        /// The element's path after the batch.
        public var target: ElementPath
        /// A move of the element at `source` (before the batch) to `target` (after it).
        public init(source: ElementPath, target: ElementPath) {
            self.source = source
            self.target = target
        }
    }

    /// Sections to delete, by their index before the batch.
    public var deletedSections: [Int]
    /// Sections to insert, by their index after the batch.
    public var insertedSections: [Int]
    /// Sections to reload, by their index before the batch.
    public var reloadedSections: [Int]
    /// Sections to move.
    public var movedSections: [SectionMove]
    /// Elements to delete, by their path before the batch.
    public var deletedElements: [ElementPath]
    /// Elements to insert, by their path after the batch.
    public var insertedElements: [ElementPath]
    /// Elements to reload, by their path before the batch.
    public var reloadedElements: [ElementPath]
    /// Elements to move.
    public var movedElements: [ElementMove]

    /// A batch of the given operations; every list defaults to empty.
    public init(
        deletedSections: [Int] = [], insertedSections: [Int] = [], reloadedSections: [Int] = [],
        movedSections: [SectionMove] = [], deletedElements: [ElementPath] = [],
        insertedElements: [ElementPath] = [], reloadedElements: [ElementPath] = [],
        movedElements: [ElementMove] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.reloadedSections = reloadedSections
        self.movedSections = movedSections
        self.deletedElements = deletedElements
        self.insertedElements = insertedElements
        self.reloadedElements = reloadedElements
        self.movedElements = movedElements
    }

    /// The batch that performs `changeset`.
    public init<C>(_ changeset: Changeset<C>) {
        self.init(
            deletedSections: changeset.sectionDeleted,
            insertedSections: changeset.sectionInserted,
            reloadedSections: changeset.sectionUpdated,
            movedSections: changeset.sectionMoved.map { SectionMove(source: $0.source, target: $0.target) },
            deletedElements: changeset.elementDeleted,
            insertedElements: changeset.elementInserted,
            reloadedElements: changeset.elementUpdated,
            movedElements: changeset.elementMoved.map { ElementMove(source: $0.source, target: $0.target) }
        )
    }
}
