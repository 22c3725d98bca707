#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// A drop-in for `UITableViewDiffableDataSource`: the table view's data source, filled from
    /// ``DiffableDataSourceSnapshot``s, from iOS 13 and tvOS 13, that never crashes on duplicate
    /// identifiers.
    ///
    /// Replace `UITableViewDiffableDataSource` with `TableViewDiffableDataSource` and
    /// `NSDiffableDataSourceSnapshot` with `DiffableDataSourceSnapshot`; a subclass that
    /// overrides the data-source methods (titles, editing, moving, index titles) compiles
    /// unchanged and the table calls its overrides. `apply` keeps Apple's contract (see
    /// ``DiffableDataSource``). Beyond Apple's API, a data source made with
    /// ``init(tableView:identifiedBy:cellProvider:)`` keeps whole models in the snapshot: a model
    /// whose identity stays and whose value changed is reconfigured in its cell.
    @MainActor
    @preconcurrency
    open class TableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
        DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, UITableViewDataSource
    {
        /// Makes the cell for an item at an index path; nil is a programming error, as in UIKit.
        public typealias CellProvider = (
            _ tableView: UITableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
        ) -> UITableViewCell?

        private let tableView: UITableView
        private let cellProvider: CellProvider

        /// The animation of inserted, deleted and reloaded rows and sections.
        open var defaultRowAnimation: UITableView.RowAnimation = .automatic {
            didSet { core.view = TableViewBatchTarget(tableView, animation: defaultRowAnimation) }
        }

        /// A data source for `tableView`, which it becomes the data source of, making cells
        /// with `cellProvider`.
        public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
            self.tableView = tableView
            self.cellProvider = cellProvider
            super.init(
                view: TableViewBatchTarget(tableView), keying: .item, withoutAnimation: UIView.performWithoutAnimation)
            tableView.dataSource = self
        }

        /// A data source whose snapshots hold whole models, identified by `identity`: a model
        /// whose identity stays and whose value changed is reconfigured in its cell (iOS 15;
        /// reloaded before), never deleted and inserted, and ``itemIdentifier(for:)`` returns
        /// the current model. The one addition to Apple's initialisers.
        public init<ID: Hashable & Sendable>(
            tableView: UITableView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            cellProvider: @escaping CellProvider
        ) {
            self.tableView = tableView
            self.cellProvider = cellProvider
            super.init(
                view: TableViewBatchTarget(tableView), keying: .key { SendableHashable($0[keyPath: identity]) },
                withoutAnimation: UIView.performWithoutAnimation)
            tableView.dataSource = self
        }

        /// The item the table shows at `indexPath`, or nil.
        open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.item(at: indexPath) }

        /// Where the snapshot applied last has `itemIdentifier` (its first occurrence), or nil.
        open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { core.indexPath(for: itemIdentifier) }

        /// The section the table shows at `index`, or nil.
        open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.section(at: index) }

        /// The index of `sectionIdentifier` in the snapshot applied last, or nil.
        open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
            core.snapshot.indexOfSection(sectionIdentifier)
        }

        // MARK: UITableViewDataSource

        /// The number of sections the table shows.
        open func numberOfSections(in tableView: UITableView) -> Int { core.shown.sections.count }

        /// The number of rows of `section` the table shows.
        open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            core.shown.sections.indices.contains(section) ? core.shown.sections[section].elements.count : 0
        }

        /// The cell the cell provider makes for the item at `indexPath`.
        open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            guard let item = core.item(at: indexPath) else {
                preconditionFailure("TableViewDiffableDataSource: no item at \(indexPath)")
            }
            guard let cell = cellProvider(tableView, indexPath, item) else {
                preconditionFailure("TableViewDiffableDataSource: the cell provider returned nil for \(item) at \(indexPath)")
            }
            return cell
        }

        /// The title of `section`'s header: none, unless a subclass says.
        open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }

        /// The title of `section`'s footer: none, unless a subclass says.
        open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }

        /// Whether the row at `indexPath` can be edited (swipe to delete): no, unless a subclass
        /// says, as Apple's.
        open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

        /// Whether the row at `indexPath` can be moved: no, unless a subclass says, as Apple's.
        open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

        /// The section index titles: none, unless a subclass says.
        open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }

        /// The section an index title stands for: the title's own position, unless a subclass says.
        open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
            index
        }

        /// Commits an edit the user made (a swipe to delete): nothing, unless a subclass says; a
        /// subclass deletes the item from a snapshot and applies it.
        open func tableView(
            _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
        ) {}

        /// Records a move the user made in the table: the item at `sourceIndexPath` now stands
        /// at `destinationIndexPath` in ``snapshot()`` and in what the table shows, without a
        /// batch (the table has moved the row already). A subclass that overrides it and calls
        /// `super` sees the data source in step with the table.
        open func tableView(
            _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
        ) {
            core.viewMovedItem(from: sourceIndexPath, to: destinationIndexPath)
        }
    }
#endif
