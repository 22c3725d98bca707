#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// A drop-in for AppKit's `NSTableViewDiffableDataSource`: the table view's data source,
    /// filled from ``DiffableDataSourceSnapshot``s, from macOS 10.15, that never crashes on
    /// duplicate identifiers.
    ///
    /// The table shows every section's items as one list of rows (section header rows are not
    /// drawn). `apply` keeps Apple's contract (see ``DiffableDataSource``); batches reach the
    /// table through NSTableView's immediate row operations. AppKit asks the table's delegate
    /// for views: the data source is the delegate unless the table has one already, in which
    /// case that delegate's `tableView(_:viewFor:row:)` should call this data source's. A data
    /// source made with ``init(tableView:identifiedBy:cellProvider:)`` keeps whole models in the
    /// snapshot: a model whose identity stays and whose value changed is reloaded in place.
    @MainActor
    @preconcurrency
    open class AppKitTableViewDiffableDataSource<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    >: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, NSTableViewDataSource, NSTableViewDelegate {
        /// Makes the view of an item in a column and row.
        public typealias CellProvider = (NSTableView, NSTableColumn, Int, ItemIdentifierType) -> NSView

        private let tableView: NSTableView
        private let cellProvider: CellProvider

        /// The animation of inserted and removed rows.
        open var defaultRowAnimation: NSTableView.AnimationOptions = .effectFade {
            didSet { core.view = Self.target(tableView, defaultRowAnimation) }
        }

        private static func target(_ tableView: NSTableView, _ animation: NSTableView.AnimationOptions)
            -> NSTableViewBatchTarget
        {
            NSTableViewBatchTarget(tableView, deleteRowsAnimation: animation, insertRowsAnimation: animation)
        }

        /// A data source for `tableView`, which it becomes the data source (and, if it has none,
        /// the delegate) of, making views with `cellProvider`.
        public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {
            self.tableView = tableView
            self.cellProvider = cellProvider
            super.init(
                view: Self.target(tableView, .effectFade), flat: true, keying: .item, withoutAnimation: withoutAppKitAnimation)
            tableView.dataSource = self
            if tableView.delegate == nil { tableView.delegate = self }
        }

        /// A data source whose snapshots hold whole models, identified by `identity` (see the
        /// type's description): the one addition to Apple's initialisers.
        public init<ID: Hashable & Sendable>(
            tableView: NSTableView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            cellProvider: @escaping CellProvider
        ) {
            self.tableView = tableView
            self.cellProvider = cellProvider
            super.init(
                view: Self.target(tableView, .effectFade), flat: true, keying: .key { SendableHashable($0[keyPath: identity]) },
                withoutAnimation: withoutAppKitAnimation)
            tableView.dataSource = self
            if tableView.delegate == nil { tableView.delegate = self }
        }

        /// The item the table shows in `row`, or nil.
        open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
            core.shown.rows.indices.contains(row) ? core.shown.rows[row].item : nil
        }

        /// The row of `identifier` (its first occurrence) in the snapshot applied last, or nil.
        open func row(forItemIdentifier identifier: ItemIdentifierType) -> Int? {
            core.snapshot.indexOfItem(identifier)
        }

        /// The section of the item in `row` of the snapshot applied last, or nil.
        open func sectionIdentifier(forRow row: Int) -> SectionIdentifierType? {
            let snapshot = core.snapshot
            var start = 0
            for (section, items) in zip(snapshot.sections, snapshot.lists) {
                if row >= start && row < start + items.count { return section }
                start += items.count
            }
            return nil
        }

        // MARK: NSTableViewDataSource and NSTableViewDelegate

        /// The number of rows the table shows.
        open func numberOfRows(in tableView: NSTableView) -> Int { core.shown.rows.count }

        /// The item in `row`, for a cell-based table.
        open func tableView(_ tableView: NSTableView, objectValueFor tableColumn: NSTableColumn?, row: Int) -> Any? {
            itemIdentifier(forRow: row)
        }

        /// The view the cell provider makes for the item in `row`.
        open func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
            guard let item = itemIdentifier(forRow: row), let tableColumn else { return nil }
            return cellProvider(tableView, tableColumn, row, item)
        }
    }
#endif
