#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// A drop-in for `UITableViewDiffableDataSource`: the table view's data source, filled from
    /// ``DiffableDataSourceSnapshot``s, from iOS 13 and tvOS 13, that never crashes on duplicate
    /// identifiers.
    ///
    /// Replace `UITableViewDiffableDataSource` with `TableViewDiffableDataSource` and
    /// `NSDiffableDataSourceSnapshot` with `DiffableDataSourceSnapshot`. Each `apply` is diffed
    /// by ListDelta off the main thread and animated one batch per stage; snapshots applied while
    /// a diff runs are coalesced, the newest winning. Beyond Apple's API, a data source made
    /// with ``init(tableView:identifiedBy:cellProvider:)`` keeps whole models in the snapshot:
    /// a model whose identity stays and whose value changed is reconfigured in its cell.
    @MainActor
    open class TableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
        DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, UITableViewDataSource
    {
        /// Makes the cell for an item at an index path; nil is a programming error, as in UIKit.
        public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

        private let tableView: UITableView
        private let cellProvider: CellProvider

        /// The animation of inserted, deleted and reloaded rows and sections.
        public var defaultRowAnimation: UITableView.RowAnimation = .automatic {
            didSet { core.view = TableViewBatchTarget(tableView, animation: defaultRowAnimation) }
        }

        /// A data source for `tableView`, which it becomes the data source of, making cells
        /// with `cellProvider`.
        public convenience init(tableView: UITableView, cellProvider: @escaping CellProvider) {
            self.init(tableView: tableView, keying: .item, cellProvider: cellProvider)
        }

        /// A data source whose snapshots hold whole models, identified by `identity`: a model
        /// whose identity stays and whose value changed is reconfigured in its cell (iOS 15;
        /// reloaded before), never deleted and inserted, and ``itemIdentifier(for:)`` returns
        /// the current model. The one addition to Apple's API.
        public convenience init<ID: Hashable & Sendable>(
            tableView: UITableView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            cellProvider: @escaping CellProvider
        ) {
            self.init(
                tableView: tableView, keying: .key { SendableHashable($0[keyPath: identity]) }, cellProvider: cellProvider)
        }

        private init(
            tableView: UITableView, keying: DiffableKeying<ItemIdentifierType>,
            cellProvider: @escaping CellProvider
        ) {
            self.tableView = tableView
            self.cellProvider = cellProvider
            super.init(view: TableViewBatchTarget(tableView), keying: keying)
            tableView.dataSource = self
        }

        /// The item the table shows at `indexPath`, or nil.
        public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.item(at: indexPath) }

        /// Where the snapshot applied last has `itemIdentifier` (its first occurrence), or nil.
        public nonisolated func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
            core.indexPath(for: itemIdentifier)
        }

        /// The section the table shows at `index`, or nil.
        public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.section(at: index) }

        /// The index of `sectionIdentifier` in the snapshot applied last, or nil.
        public nonisolated func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
            core.snapshot.indexOfSection(sectionIdentifier)
        }

        // MARK: UITableViewDataSource

        /// The number of sections the table shows.
        open func numberOfSections(in tableView: UITableView) -> Int { core.shown.count }

        /// The number of rows of `section` the table shows.
        open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            core.shown.indices.contains(section) ? core.shown[section].elements.count : 0
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
    }
#endif
