#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// A drop-in for AppKit's `NSTableViewDiffableDataSource`: the table view's data source,
    /// filled from ``DiffableDataSourceSnapshot``s, from macOS 10.15, that never crashes on
    /// duplicate identifiers.
    ///
    /// The table shows every section's items as one list of rows; with a
    /// ``sectionHeaderViewProvider``, each section's items follow a group row for its header,
    /// and row numbers count the header rows, as in AppKit. `apply` keeps Apple's contract (see ``DiffableDataSource``); batches reach the
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
        public typealias CellProvider = (
            _ tableView: NSTableView, _ tableColumn: NSTableColumn, _ row: Int, _ itemIdentifier: ItemIdentifierType
        ) -> NSView
        /// Makes the row view of a row, given the row's item identifier, or its section
        /// identifier for a header row.
        public typealias RowProvider = (_ tableView: NSTableView, _ row: Int, _ identifier: AnyHashable) -> NSTableRowView
        /// Makes the view of a section's header row.
        public typealias SectionHeaderViewProvider = (
            _ tableView: NSTableView, _ row: Int, _ sectionIdentifier: SectionIdentifierType
        ) -> NSView

        private let tableView: NSTableView
        private let cellProvider: CellProvider

        /// Makes each row's row view; nil leaves the table's own.
        open var rowViewProvider: RowProvider?

        /// Makes the view of each section's header row. Setting it makes the table show a group
        /// row before each section's items (the delegate's `tableView(_:isGroupRow:)` answers
        /// from the snapshot's sections), and reloads the table; nil shows none.
        open var sectionHeaderViewProvider: SectionHeaderViewProvider? {
            didSet { core.showsSectionHeaders = sectionHeaderViewProvider != nil }
        }

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

        /// The item the table shows in `row`, or nil (for a header row too).
        open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
            core.shown.rows.indices.contains(row) ? core.shown.rows[row].element?.item : nil
        }

        /// The row of `identifier` (its first occurrence) in the snapshot applied last, header
        /// rows counted, or nil.
        open func row(forItemIdentifier identifier: ItemIdentifierType) -> Int? {
            let snapshot = core.snapshot
            guard let found = snapshot.index.position(of: identifier, in: snapshot.lists) else { return nil }
            return found.flat + (core.showsSectionHeaders ? found.position.section + 1 : 0)
        }

        /// The section of `row` (an item's row or a header row) in the snapshot applied last, or
        /// nil.
        open func sectionIdentifier(forRow row: Int) -> SectionIdentifierType? {
            let snapshot = core.snapshot, header = core.showsSectionHeaders ? 1 : 0
            var start = 0
            for (section, items) in zip(snapshot.sections, snapshot.lists) {
                if row >= start && row < start + header + items.count { return section }
                start += header + items.count
            }
            return nil
        }

        /// The row of `sectionIdentifier`'s header in the snapshot applied last; without header
        /// rows, the row of its first item. Nil when the section is not in the snapshot or, without
        /// header rows, has no item.
        open func row(forSectionIdentifier sectionIdentifier: SectionIdentifierType) -> Int? {
            let snapshot = core.snapshot, headers = core.showsSectionHeaders
            guard let index = snapshot.indexOfSection(sectionIdentifier), headers || !snapshot.lists[index].isEmpty else {
                return nil
            }
            return snapshot.lists[..<index].reduce(0) { $0 + $1.count } + (headers ? index : 0)
        }

        // MARK: NSTableViewDataSource and NSTableViewDelegate

        /// The number of rows the table shows, header rows included.
        open func numberOfRows(in tableView: NSTableView) -> Int { core.shown.rows.count }

        /// The item in `row`, or the section of a header row, for a cell-based table.
        open func tableView(_ tableView: NSTableView, objectValueFor tableColumn: NSTableColumn?, row: Int) -> Any? {
            guard core.shown.rows.indices.contains(row) else { return nil }
            let shown = core.shown.rows[row]
            return shown.element.map { AnyHashable($0.item) } ?? shown.header.map { AnyHashable($0.identifier) }
        }

        /// The view the cell provider makes for the item in `row`, or the section header view
        /// provider's for a header row.
        open func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
            guard core.shown.rows.indices.contains(row) else { return nil }
            let shown = core.shown.rows[row]
            if let header = shown.header { return sectionHeaderViewProvider?(tableView, row, header.identifier) }
            guard let item = shown.element?.item, let tableColumn else { return nil }
            return cellProvider(tableView, tableColumn, row, item)
        }

        /// Whether `row` is a section's header row.
        open func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
            core.shown.rows.indices.contains(row) && core.shown.rows[row].header != nil
        }

        /// The row view the row view provider makes for `row`, or nil.
        open func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
            guard let rowViewProvider, core.shown.rows.indices.contains(row) else { return nil }
            let shown = core.shown.rows[row]
            guard let identifier = shown.element.map({ AnyHashable($0.item) }) ?? shown.header.map({ AnyHashable($0.identifier) })
            else { return nil }
            return rowViewProvider(tableView, row, identifier)
        }
    }
#endif
