/// The work a diffable data source does for each applied snapshot, as closures built where the
/// identifier types are concrete.
///
/// The data sources are generic classes: their own code runs unspecialised, and an unspecialised
/// diff of 10,000 items spends most of its time copying and hashing through value witnesses
/// (about 40 times the specialised diff). Every snapshot therefore carries ``specialized``,
/// made by its `@inlinable` `init()` in the module that builds it, the app's, for the app's
/// identifier types; the data source only calls its closures. So `apply` can stay an `open`
/// method, overridable as Apple's is, and still run the app's specialised diff.
///
/// The closures capture nothing but the identifier types and their conformances: the differ
/// is `Sendable` where the identifiers are (a `Sendable` type's metatype may cross threads, so
/// none of its conformances is isolated to an actor).
@usableFromInline
struct DiffableDiffer<Section: Hashable, Item: Hashable> {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>
    @usableFromInline typealias Sections = DiffableSections<Section, Item>
    @usableFromInline typealias Rows = [DiffableRow<Section, Item>]

    /// The sections a view shows for a snapshot, each item with its refresh.
    @usableFromInline let sections: (Snapshot) -> Sections
    /// The rows a view that shows every section's items as one list shows for a snapshot,
    /// with a header row before each section's items when asked.
    @usableFromInline let rows: (Snapshot, _ headers: Bool) -> Rows
    /// The staged changes from the sections shown to the sections of a snapshot, items
    /// identified as the data source says.
    @usableFromInline let stageSections: (Sections, Sections, DiffableKeying<Item>) -> StagedChangeset<Sections>
    /// The staged changes from the rows shown to the rows of a snapshot.
    @usableFromInline let stageRows: (Rows, Rows, DiffableKeying<Item>) -> StagedChangeset<Rows>

    @inlinable
    init(
        sections: @escaping (Snapshot) -> Sections,
        rows: @escaping (Snapshot, _ headers: Bool) -> Rows,
        stageSections: @escaping (Sections, Sections, DiffableKeying<Item>) -> StagedChangeset<Sections>,
        stageRows: @escaping (Rows, Rows, DiffableKeying<Item>) -> StagedChangeset<Rows>
    ) {
        self.sections = sections
        self.rows = rows
        self.stageSections = stageSections
        self.stageRows = stageRows
    }

    /// The differ compiled for the caller's `Section` and `Item`.
    @inlinable
    static var specialized: Self {
        Self(
            sections: { snapshot in snapshot.diffableSections() },
            rows: { snapshot, headers in snapshot.diffableRows(headers: headers) },
            stageSections: { source, target, keying in
                guard case .key(let read) = keying else { return StagedChangeset(source: source, target: target) }
                var (source, target) = (source, target)
                let count = (source.reduce(0) { $0 + $1.elements.count }) + target.reduce(0) { $0 + $1.elements.count }
                DiffableKeying.numberKeys(read: read, count: count) { number in
                    for section in source.indices { number(&source[section].elements) }
                    for section in target.indices { number(&target[section].elements) }
                }
                return StagedChangeset(source: source, target: target)
            },
            stageRows: { source, target, keying in
                guard case .key(let read) = keying else { return StagedChangeset(source: source, target: target) }
                // Both sides' items as one list, numbered, then put back in their rows.
                var (source, target) = (source, target)
                var items = source.compactMap(\.element) + target.compactMap(\.element)
                DiffableKeying.numberKeys(read: read, count: items.count) { number in number(&items) }
                var numbered = items.makeIterator()
                for index in source.indices where source[index].element != nil { source[index].element = numbered.next() }
                for index in target.indices where target[index].element != nil { target[index].element = numbered.next() }
                return StagedChangeset(source: source, target: target)
            })
    }
}

extension DiffableDiffer: @unchecked Sendable where Section: Sendable, Item: Sendable {}
