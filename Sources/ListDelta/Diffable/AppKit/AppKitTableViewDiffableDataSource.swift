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
    ///
    /// Declared as AppKit declares `NSTableViewDiffableDataSource` (macOS 11): not isolated to
    /// an actor, over `Hashable` identifiers (see ``AppKitDiffableDataSource``); the table's
    /// data source and delegate methods are the main actor's, as their protocols are.
    open class AppKitTableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
        AppKitDiffableDataSource<SectionIdentifierType, ItemIdentifierType>
    {
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
        // Read and written on the main thread only (see the properties below).
        private var providers: (row: RowProvider?, header: SectionHeaderViewProvider?) = (nil, nil)
        private var animation = NSTableView.AnimationOptions.effectFade

        /// Makes each row's row view; nil leaves the table's own. Main thread only.
        open var rowViewProvider: RowProvider? {
            get {
                MainQueue.require("rowViewProvider")
                return providers.row
            }
            set {
                MainQueue.require("rowViewProvider")
                providers.row = newValue
            }
        }

        /// Makes the view of each section's header row. Setting it makes the table show a group
        /// row before each section's items (the delegate's `tableView(_:isGroupRow:)` answers
        /// from the snapshot's sections), and reloads the table; nil shows none. Main thread only.
        open var sectionHeaderViewProvider: SectionHeaderViewProvider? {
            get {
                MainQueue.require("sectionHeaderViewProvider")
                return providers.header
            }
            set {
                let (core, shows) = (core, newValue != nil)
                MainQueue.run("sectionHeaderViewProvider") { core.showSectionHeaders(shows) }
                providers.header = newValue
            }
        }

        /// The animation of inserted and removed rows. Main thread only.
        open var defaultRowAnimation: NSTableView.AnimationOptions {
            get {
                MainQueue.require("defaultRowAnimation")
                return animation
            }
            set {
                let (core, tableView) = (core, tableView)
                MainQueue.run("defaultRowAnimation") { core.view = Self.target(tableView, newValue) }
                animation = newValue
            }
        }

        @MainActor
        private static func target(_ tableView: NSTableView, _ animation: NSTableView.AnimationOptions)
            -> NSTableViewBatchTarget
        {
            NSTableViewBatchTarget(tableView, deleteRowsAnimation: animation, insertRowsAnimation: animation)
        }

        /// A data source for `tableView`, which it becomes the data source (and, if it has none,
        /// the delegate) of, making views with `cellProvider`. Main thread only.
        public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {
            self.tableView = tableView
            self.cellProvider = cellProvider
            super.init("init(tableView:cellProvider:)", flat: true, keying: .item) { Self.target(tableView, .effectFade) }
            connect("init(tableView:cellProvider:)", to: tableView)
        }

        /// A data source whose snapshots hold whole models, identified by `identity` (see the
        /// type's description): the one addition to Apple's initialisers.
        public init<ID: Hashable & Sendable>(
            tableView: NSTableView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            cellProvider: @escaping CellProvider
        ) where ItemIdentifierType: Sendable {
            self.tableView = tableView
            self.cellProvider = cellProvider
            super.init(
                "init(tableView:identifiedBy:cellProvider:)", flat: true,
                keying: .key { SendableHashable($0[keyPath: identity]) }
            ) { Self.target(tableView, .effectFade) }
            connect("init(tableView:identifiedBy:cellProvider:)", to: tableView)
        }

        /// Makes the data source `tableView`'s data source, and its delegate if it has none.
        private func connect(_ member: String, to tableView: NSTableView) {
            connect(member) { dataSource in
                let dataSource = dataSource as? AppKitTableViewDiffableDataSource
                tableView.dataSource = dataSource
                if tableView.delegate == nil { tableView.delegate = dataSource }
            }
        }

        /// The item the table shows in `row`, or nil (for a header row too). Main thread only.
        open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
            let core = core
            return MainQueue.run("itemIdentifier(forRow:)") {
                core.shown.rows.indices.contains(row) ? core.shown.rows[row].element?.item : nil
            }
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
        @MainActor
        open func numberOfRows(in tableView: NSTableView) -> Int { core.shown.rows.count }

        /// The item in `row`, or the section of a header row, for a cell-based table.
        @MainActor
        open func tableView(_ tableView: NSTableView, objectValueFor tableColumn: NSTableColumn?, row: Int) -> Any? {
            guard core.shown.rows.indices.contains(row) else { return nil }
            let shown = core.shown.rows[row]
            return shown.element.map { AnyHashable($0.item) } ?? shown.header.map { AnyHashable($0.identifier) }
        }

        /// The view the cell provider makes for the item in `row`, or the section header view
        /// provider's for a header row.
        @MainActor
        open func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
            guard core.shown.rows.indices.contains(row) else { return nil }
            let shown = core.shown.rows[row]
            if let header = shown.header { return providers.header?(tableView, row, header.identifier) }
            guard let item = shown.element?.item, let tableColumn else { return nil }
            return cellProvider(tableView, tableColumn, row, item)
        }

        /// Whether `row` is a section's header row.
        @MainActor
        open func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
            core.shown.rows.indices.contains(row) && core.shown.rows[row].header != nil
        }

        /// The row view the row view provider makes for `row`, or nil.
        @MainActor
        open func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
            guard let rowViewProvider = providers.row, core.shown.rows.indices.contains(row) else { return nil }
            let shown = core.shown.rows[row]
            guard let identifier = shown.element.map({ AnyHashable($0.item) }) ?? shown.header.map({ AnyHashable($0.identifier) })
            else { return nil }
            return rowViewProvider(tableView, row, identifier)
        }
    }

    // In an extension, so that the class is not isolated to the main actor as its protocols are
    // (the methods above are).
    extension AppKitTableViewDiffableDataSource: NSTableViewDataSource, NSTableViewDelegate {}
#endif
