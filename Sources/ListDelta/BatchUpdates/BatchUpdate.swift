/// The operations of one `performBatchUpdates` call, as UIKit receives them.
public struct BatchUpdate: Hashable, Sendable {
    /// A section move: from before the batch, to after it.
    public struct SectionMove: Hashable, Sendable {
        public var source: Int
        public var target: Int
        public init(source: Int, target: Int) {
            self.source = source
            self.target = target
        }
    }

    /// An element move: from before the batch, to after it.
    public struct ElementMove: Hashable, Sendable {
        public var source: ElementPath
        public var target: ElementPath
        public init(source: ElementPath, target: ElementPath) {
            self.source = source
            self.target = target
        }
    }

    public var deletedSections: [Int]
    public var insertedSections: [Int]
    public var reloadedSections: [Int]
    public var movedSections: [SectionMove]
    public var deletedElements: [ElementPath]
    public var insertedElements: [ElementPath]
    public var reloadedElements: [ElementPath]
    public var movedElements: [ElementMove]

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
