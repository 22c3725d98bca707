/// One batch of changes: the operations a list view performs together, and the data it shows
/// after them.
///
/// Paths and indices follow UIKit's batch-update rules: deletes, reloads and move sources refer
/// to the list before the batch; inserts and move targets to the list after it.
public struct Changeset<Collection: Swift.Collection> {
    /// The collection after this batch.
    public var data: Collection
    /// The batch's operations: the one place its lists are held.
    @usableFromInline var batch: BatchUpdate
    /// Whether the batch belongs to a flat list or to a list of sections, and how to count
    /// what a view shows of such a list: set by whoever made it (the overload a caller chose),
    /// never guessed from the element type.
    @usableFromInline var shape: ListShape<Collection>
    /// The element count of each section the view shows before this batch, as the core that
    /// staged it said: every batch of a list of sections, the first of a flat list (the others'
    /// one count is the batch before's data's count); nil for a batch built by hand, whose
    /// counts are derived from its data.
    @usableFromInline var countsBefore: ArraySlice<Int>?

    /// A batch of a flat list that installs `data` and performs the given operations; every
    /// list defaults to empty. The flat list is the one section of a view that the batch's
    /// paths name.
    public init(
        data: Collection,
        sectionDeleted: [Int] = [],
        sectionInserted: [Int] = [],
        sectionUpdated: [Int] = [],
        sectionMoved: [(source: Int, target: Int)] = [],
        elementDeleted: [ElementPath] = [],
        elementInserted: [ElementPath] = [],
        elementUpdated: [ElementPath] = [],
        elementMoved: [(source: ElementPath, target: ElementPath)] = []
    ) {
        self.init(
            data: data, shape: .flat(section: nil),
            batch: BatchUpdate(
                sectionDeleted: sectionDeleted, sectionInserted: sectionInserted, sectionUpdated: sectionUpdated,
                sectionMoved: sectionMoved, elementDeleted: elementDeleted, elementInserted: elementInserted,
                elementUpdated: elementUpdated, elementMoved: elementMoved))
    }

    /// A batch of a list shaped as `shape` that performs `batch`, with the counts before it
    /// that the core gave.
    @inlinable
    init(data: Collection, shape: ListShape<Collection>, countsBefore: ArraySlice<Int>? = nil, batch: BatchUpdate) {
        self.data = data
        self.shape = shape
        self.countsBefore = countsBefore
        self.batch = batch
    }

    /// Deleted sections, before the batch.
    @inlinable public var sectionDeleted: [Int] {
        get { batch.sectionDeleted }
        set { batch.sectionDeleted = newValue }
    }
    /// Inserted sections, after the batch.
    @inlinable public var sectionInserted: [Int] {
        get { batch.sectionInserted }
        set { batch.sectionInserted = newValue }
    }
    /// Sections whose model changed (reload them).
    @inlinable public var sectionUpdated: [Int] {
        get { batch.sectionUpdated }
        set { batch.sectionUpdated = newValue }
    }
    /// Moved sections: from before the batch, to after it.
    @inlinable public var sectionMoved: [(source: Int, target: Int)] {
        get { batch.sectionMoved }
        set { batch.sectionMoved = newValue }
    }
    /// Deleted elements, before the batch.
    @inlinable public var elementDeleted: [ElementPath] {
        get { batch.elementDeleted }
        set { batch.elementDeleted = newValue }
    }
    /// Inserted elements, after the batch.
    @inlinable public var elementInserted: [ElementPath] {
        get { batch.elementInserted }
        set { batch.elementInserted = newValue }
    }
    /// Elements whose content changed (reload them).
    @inlinable public var elementUpdated: [ElementPath] {
        get { batch.elementUpdated }
        set { batch.elementUpdated = newValue }
    }
    /// Moved elements: from before the batch, to after it.
    @inlinable public var elementMoved: [(source: ElementPath, target: ElementPath)] {
        get { batch.elementMoved }
        set { batch.elementMoved = newValue }
    }

    /// Whether the batch belongs to a flat list or to a list of sections.
    @usableFromInline var layout: ListLayout { shape.layout }

    /// The number of section operations.
    public var sectionChangeCount: Int {
        sectionDeleted.count + sectionInserted.count + sectionUpdated.count + sectionMoved.count
    }

    /// The number of element operations.
    public var elementChangeCount: Int {
        elementDeleted.count + elementInserted.count + elementUpdated.count + elementMoved.count
    }

    /// The number of operations.
    public var changeCount: Int { sectionChangeCount + elementChangeCount }

    /// Whether the batch performs any section operation.
    public var hasSectionChanges: Bool { sectionChangeCount > 0 }

    /// Whether the batch performs any element operation.
    public var hasElementChanges: Bool { elementChangeCount > 0 }

    /// Whether the batch performs any operation.
    public var hasChanges: Bool { changeCount > 0 }
}

extension Changeset where Collection.Element: DifferentiableSection {
    /// A batch of a list of sections that installs `data` and performs the given operations;
    /// every list defaults to empty.
    public init(
        data: Collection,
        sectionDeleted: [Int] = [],
        sectionInserted: [Int] = [],
        sectionUpdated: [Int] = [],
        sectionMoved: [(source: Int, target: Int)] = [],
        elementDeleted: [ElementPath] = [],
        elementInserted: [ElementPath] = [],
        elementUpdated: [ElementPath] = [],
        elementMoved: [(source: ElementPath, target: ElementPath)] = []
    ) {
        self.init(
            data: data, shape: .sectioned,
            batch: BatchUpdate(
                sectionDeleted: sectionDeleted, sectionInserted: sectionInserted, sectionUpdated: sectionUpdated,
                sectionMoved: sectionMoved, elementDeleted: elementDeleted, elementInserted: elementInserted,
                elementUpdated: elementUpdated, elementMoved: elementMoved))
    }
}

/// How a changeset's list is laid out.
@usableFromInline
enum ListLayout: Hashable, Sendable {
    /// A flat list, shown as one section of a view: `section`, or for a batch built by hand
    /// (nil), the section its paths name.
    case flat(section: Int?)
    /// A list of sections.
    case sectioned
}

/// A changeset's layout, with the one fact about its lists that only the layout's maker can
/// know without a cast: how many elements a view shows in each section of one.
///
/// Sendable: its counters capture nothing but `Collection`'s type, which no one mutates.
@usableFromInline
struct ListShape<Collection: Swift.Collection>: @unchecked Sendable {
    @usableFromInline let layout: ListLayout
    /// The element count of each section a view shows of a list: a flat list's one count, or
    /// each section's elements.
    @usableFromInline let elementCounts: (Collection) -> [Int]

    @inlinable
    init(layout: ListLayout, elementCounts: @escaping (Collection) -> [Int]) {
        self.layout = layout
        self.elementCounts = elementCounts
    }

    /// A flat list, shown as one section of a view (see ``ListLayout/flat(section:)``).
    @inlinable
    static func flat(section: Int?) -> Self { Self(layout: .flat(section: section)) { [$0.count] } }
}

extension ListShape where Collection.Element: DifferentiableSection {
    /// A list of sections.
    @inlinable
    static var sectioned: Self { Self(layout: .sectioned) { $0.map { $0.elements.count } } }
}

extension Changeset: Equatable where Collection: Equatable {
    /// Whether two batches install equal data and name the same operations, each kind compared
    /// as a set (in any order, however often each is named), as DifferenceKit's `==` and
    /// ``BatchUpdate``'s compare them, and as Objective-C's `-[LDChangeset isEqual:]` does.
    ///
    /// How a batch was made (by a flat or a sectioned diff, or by hand, with or without the
    /// counts the core reported) is left out: a batch built by hand equals the diff's that says
    /// the same.
    public static func == (lhs: Changeset, rhs: Changeset) -> Bool {
        lhs.data == rhs.data && lhs.batch == rhs.batch
    }
}

extension Changeset: Sendable where Collection: Sendable {}

extension Changeset: CustomDebugStringConvertible {
    /// A multi-line description listing the data and every non-empty operation.
    public var debugDescription: String {
        var parts = ["data: \(data)"]
        if !sectionDeleted.isEmpty { parts.append("sectionDeleted: \(sectionDeleted)") }
        if !sectionInserted.isEmpty { parts.append("sectionInserted: \(sectionInserted)") }
        if !sectionUpdated.isEmpty { parts.append("sectionUpdated: \(sectionUpdated)") }
        if !sectionMoved.isEmpty { parts.append("sectionMoved: \(sectionMoved)") }
        if !elementDeleted.isEmpty { parts.append("elementDeleted: \(elementDeleted)") }
        if !elementInserted.isEmpty { parts.append("elementInserted: \(elementInserted)") }
        if !elementUpdated.isEmpty { parts.append("elementUpdated: \(elementUpdated)") }
        if !elementMoved.isEmpty { parts.append("elementMoved: \(elementMoved)") }
        return "Changeset(\n    " + parts.joined(separator: ",\n    ") + "\n)"
    }
}
