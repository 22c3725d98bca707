// A stand-in for AppKit on Linux, for ListDelta's tests only. The declarations ListDelta's
// glue uses have the Swift signatures the macOS SDK imports (where SDKs differ, the stricter
// one: completion handlers are @Sendable); the views behave like AppKit's where a batch's
// validity depends on it. NSTableView's calls act at once on its rows, and at the end of the
// updates every row must show what its data source holds at that index; rows it draws (new or
// reloaded ones) get their views from its delegate, and keep them as they move. NSCollectionView
// keeps one item per shown index path, moved with it, and asks its data source for the items of
// new and reloaded ones (see ListState).
@_exported import Foundation
import ListViewModel

@_exported import struct ListViewModel.BatchRecord

extension IndexPath {
    /// A path to item `item` of `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section index.
    public var section: Int { self[0] }
    /// The item index.
    public var item: Int { self[1] }
}

/// Where the stand-in records what AppKit would have raised an exception for, or shown wrongly.
@MainActor
public enum AppKitStandIn {
    /// Every inconsistency found so far.
    public static var failures: [String] = []
}

/// An object of the Objective-C runtime. The SDK's classes isolated to the main actor that
/// inherit from Objective-C's NSObject are `Sendable`; the compiler cannot know this stand-in
/// for it, so they say so (`Sendable` below).
open class NSObject {
    /// An object.
    public init() {}
}

/// A responder.
@MainActor
open class NSResponder: NSObject, Sendable {}

/// A window.
@MainActor
open class NSWindow: NSResponder {}

/// A control.
@MainActor
open class NSControl: NSView {}

/// The animation context of a group of changes.
@MainActor
open class NSAnimationContext: NSObject, Sendable {
    /// How long the group's animations take, in seconds; 0 changes at once.
    open var duration: TimeInterval = 0.25
    /// Stand-in only: completion handlers of groups whose animations have not ended.
    public static var standInPending: [@Sendable () -> Void] = []

    /// Runs `changes` as one group, then `completionHandler` once its animations end.
    open class func runAnimationGroup(
        _ changes: (NSAnimationContext) -> Void, completionHandler: (@Sendable () -> Void)? = nil
    ) {
        changes(NSAnimationContext())
        guard let completionHandler else { return }
        standInPending.append(completionHandler)
        Task { @MainActor in standInFinishAnimations() }
    }

    /// Stand-in only: ends every running animation; their completion handlers run now.
    public static func standInFinishAnimations() {
        let pending = standInPending
        standInPending = []
        pending.forEach { $0() }
    }
}

/// The identifier of a view or an item, for making them again.
public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier's text.
    public var rawValue: String
    /// An identifier from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An identifier from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A column of a table view.
@MainActor
open class NSTableColumn: NSObject, Sendable {
    /// The column's identifier.
    open var identifier = NSUserInterfaceItemIdentifier("")
    /// A column identified by `identifier`.
    public convenience init(identifier: NSUserInterfaceItemIdentifier) {
        self.init()
        self.identifier = identifier
    }
}

/// What a table view asks for its rows.
@MainActor
public protocol NSTableViewDataSource: AnyObject {
    /// The number of rows.
    func numberOfRows(in tableView: NSTableView) -> Int
    /// The value row `row` shows in `tableColumn`.
    func tableView(_ tableView: NSTableView, objectValueFor tableColumn: NSTableColumn?, row: Int) -> Any?
}

/// What a table view asks its delegate for. The SDK's optional requirements are requirements
/// with default implementations here, each answering what AppKit assumes when a delegate does
/// not implement it.
@MainActor
public protocol NSTableViewDelegate: AnyObject {
    /// The view of `row` in `tableColumn`; nil `tableColumn` for a group row's full-width view.
    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView?
    /// Whether `row` is a group row (a section header).
    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool
    /// The row view of `row`.
    func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView?
    /// The height of `row`, without the intercell spacing.
    func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat
}

extension NSTableViewDelegate {
    /// An optional method of the SDK's protocol: no views.
    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? { nil }
    /// An optional method of the SDK's protocol: no group rows.
    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { false }
    /// An optional method of the SDK's protocol: the table's own row view.
    public func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? { nil }
    /// An optional method of the SDK's protocol: the table's `rowHeight`.
    public func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat { tableView.rowHeight }
}

/// The view of a whole row of a table view, behind its cells.
@MainActor
open class NSTableRowView: NSView {}

/// A table view: one column of rows, each showing its data source's value.
@MainActor
open class NSTableView: NSControl {
    /// How rows animate in and out.
    public struct AnimationOptions: OptionSet, @unchecked Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Fade rows in or out.
        public static var effectFade: AnimationOptions { AnimationOptions(rawValue: 0x1) }
        /// Open a gap for inserted rows.
        public static var effectGap: AnimationOptions { AnimationOptions(rawValue: 0x2) }
        /// Slide rows up.
        public static var slideUp: AnimationOptions { AnimationOptions(rawValue: 0x10) }
        /// Slide rows down.
        public static var slideDown: AnimationOptions { AnimationOptions(rawValue: 0x20) }
        /// Slide rows left.
        public static var slideLeft: AnimationOptions { AnimationOptions(rawValue: 0x30) }
        /// Slide rows right.
        public static var slideRight: AnimationOptions { AnimationOptions(rawValue: 0x40) }
    }

    /// A row as shown: nil for a row inserted or reloaded and not yet drawn.
    private struct ShownRow {
        /// The data source's value for the row when it was drawn.
        var value: AnyHashable?
        /// The delegate's view of the row in each column; one full-width view for a group row.
        var views: [NSView?]
        /// Whether the delegate said the row is a group row.
        var isGroup = false
        /// The delegate's row view.
        var rowView: NSTableRowView?
    }

    private var shown: [ShownRow?]? {
        didSet { rowsGeneration += 1 }
    }
    /// Counts every change to the rows shown: a layout made at one count is stale at another.
    private(set) var rowsGeneration = 0
    /// The last layout of rows.
    let rowLayout = FlowCache()
    private var updateDepth = 0

    /// Each row's height unless the delegate gives it, without the intercell spacing.
    open var rowHeight: CGFloat = 16 {
        didSet { invalidateRowLayout() }
    }
    /// The spacing between columns and between rows; each row's rectangle includes the spacing
    /// below it.
    open var intercellSpacing = NSSize(width: 3, height: 2) {
        didSet { invalidateRowLayout() }
    }
    /// Whether rows take the height their views fit (the first view's `standInFittingHeight`).
    open var usesAutomaticRowHeights = false {
        didSet { invalidateRowLayout() }
    }
    /// A table view's y axis runs down, from its first row.
    open override var isFlipped: Bool { true }
    /// Stand-in only: every row call made, as text, in order.
    public private(set) var standInCalls: [String] = []
    /// Stand-in only: full reloads so far.
    public private(set) var standInFullReloadCount = 0
    /// Stand-in only: every row whose views the table asked its delegate for, in order.
    public private(set) var standInViewRequests: [Int] = []

    /// The table's data source.
    open weak var dataSource: (any NSTableViewDataSource)?
    /// The table view's delegate.
    open weak var delegate: (any NSTableViewDelegate)? {
        didSet { invalidateRowLayout() }
    }
    /// The table's columns; a table made in code has none until they are added.
    open private(set) var tableColumns: [NSTableColumn] = []

    /// Adds `tableColumn` after the others.
    open func addTableColumn(_ tableColumn: NSTableColumn) { tableColumns.append(tableColumn) }

    private func value(at row: Int) -> AnyHashable? {
        dataSource?.tableView(self, objectValueFor: nil, row: row) as? AnyHashable
    }

    /// Draws `row`: its value, and its view in each column from the delegate.
    private func draw(_ row: Int) -> ShownRow {
        if delegate != nil, !tableColumns.isEmpty { standInViewRequests.append(row) }
        let isGroup = delegate?.tableView(self, isGroupRow: row) ?? false
        return ShownRow(
            value: value(at: row),
            views: isGroup
                ? [delegate?.tableView(self, viewFor: nil, row: row)]
                : tableColumns.map { delegate?.tableView(self, viewFor: $0, row: row) },
            isGroup: isGroup, rowView: delegate?.tableView(self, rowViewForRow: row))
    }

    private var rows: [ShownRow?] {
        get {
            if shown == nil { shown = (0..<(dataSource?.numberOfRows(in: self) ?? 0)).map(draw) }
            return shown!
        }
        set { shown = newValue }
    }

    /// Reloads every row from the data source.
    open func reloadData() {
        shown = nil
        _ = rows
        standInFullReloadCount += 1
        tile()
    }

    /// The view of `row` in `column`, or nil if the row is not drawn or has none.
    open func view(atColumn column: Int, row: Int, makeIfNecessary: Bool) -> NSView? {
        let rows = self.rows
        guard rows.indices.contains(row), let shownRow = rows[row], shownRow.views.indices.contains(column) else {
            return nil
        }
        return shownRow.views[column]
    }

    /// The number of rows the table shows.
    open var numberOfRows: Int { rows.count }

    /// The row view of `row`, or nil if the row is not drawn or has none.
    open func rowView(atRow row: Int, makeIfNecessary: Bool) -> NSTableRowView? {
        let rows = self.rows
        return rows.indices.contains(row) ? rows[row]?.rowView : nil
    }

    /// Stand-in only: the rows drawn as group rows (section headers).
    public var standInGroupRows: [Int] { rows.indices.filter { rows[$0]?.isGroup == true } }
    /// The number of columns.
    open var numberOfColumns: Int { max(tableColumns.count, 1) }

    /// Starts a group of row changes, each acting at once.
    open func beginUpdates() { updateDepth += 1 }

    /// Ends the group: every row must now show its data source's value.
    open func endUpdates() {
        updateDepth -= 1
        if updateDepth == 0 { settle() }
    }

    /// Inserts rows so that they take these indices.
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
        standInCalls.append("insert \(Array(indexes))")
        var current = rows
        for index in indexes {
            guard index <= current.count else { return fail("insert at \(index) beyond \(current.count) rows") }
            current.insert(nil, at: index)
        }
        rows = current
        if updateDepth == 0 { settle() }
    }

    /// Removes the rows at these indices.
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
        standInCalls.append("remove \(Array(indexes))")
        var current = rows
        for index in indexes.reversed() {
            guard index < current.count else { return fail("remove at \(index) beyond \(current.count) rows") }
            current.remove(at: index)
        }
        rows = current
        if updateDepth == 0 { settle() }
    }

    /// Moves the row at `oldIndex` to `newIndex`.
    open func moveRow(at oldIndex: Int, to newIndex: Int) {
        standInCalls.append("move \(oldIndex) → \(newIndex)")
        var current = rows
        guard oldIndex < current.count, newIndex < current.count else {
            return fail("move \(oldIndex) → \(newIndex) with \(current.count) rows")
        }
        current.insert(current.remove(at: oldIndex), at: newIndex)
        rows = current
        if updateDepth == 0 { settle() }
    }

    /// Redraws these rows from the data source.
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
        standInCalls.append("reload \(Array(rowIndexes))")
        var current = rows
        for index in rowIndexes where index < current.count { current[index] = nil }
        rows = current
        if updateDepth == 0 { settle() }
    }

    /// Stand-in only: what this view got wrong, also in `AppKitStandIn.failures`.
    public private(set) var standInFailures: [String] = []

    private func fail(_ message: String) {
        standInFailures.append("NSTableView: \(message)")
        AppKitStandIn.failures.append("NSTableView: \(message)")
    }

    /// Draws the rows not drawn yet and checks every other one against the data source.
    private func settle() {
        let count = dataSource?.numberOfRows(in: self) ?? 0
        var current = rows
        guard current.count == count else {
            return fail("the table shows \(current.count) rows, its data source has \(count)")
        }
        for row in current.indices {
            guard let shownRow = current[row] else {
                current[row] = draw(row)
                continue
            }
            let expected = value(at: row)
            if shownRow.isGroup != (delegate?.tableView(self, isGroupRow: row) ?? false) {
                return fail("row \(row) is drawn as a \(shownRow.isGroup ? "group" : "plain") row, its delegate says otherwise")
            }
            if shownRow.value != expected {
                return fail(
                    "row \(row) shows \(String(describing: shownRow.value)), its data source has \(String(describing: expected))")
            }
        }
        rows = current
        tile()
    }

    /// Sizes the table to its rows when laid out.
    open override func layout() {
        super.layout()
        tile()
    }

    /// The height of the row at `row` as drawn: the delegate's, or the first view's fitting height
    /// with automatic row heights.
    func height(ofRow row: Int) -> CGFloat {
        if usesAutomaticRowHeights, let rows = shown, rows.indices.contains(row),
            let height = rows[row]?.views.first??.standInFittingHeight
        {
            return height
        }
        return delegate?.tableView(self, heightOfRow: row) ?? rowHeight
    }
}

/// An item of a collection view.
@MainActor
open class NSCollectionViewItem: NSObject, Sendable {
    /// An item; items registered by class are made with it.
    public required override init() { super.init() }
    /// Stand-in only: the identifier the item was made with.
    public internal(set) var standInIdentifier: NSUserInterfaceItemIdentifier?
    /// Stand-in only: the size the item's view fits, which an estimated item takes once shown;
    /// nil: the size the layout would give it without estimates. Set it in
    /// `itemForRepresentedObjectAt`.
    public var standInFittingSize: NSSize?
}

/// A view a collection view lays out: an item's or a supplementary view.
@MainActor
public protocol NSCollectionViewElement: AnyObject {}

/// What a collection view asks for its items. The SDK's optional requirements are requirements
/// with default implementations here.
@MainActor
public protocol NSCollectionViewDataSource: AnyObject {
    /// The supplementary view (a header, say) of `kind` at `indexPath`.
    func collectionView(
        _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
        at indexPath: IndexPath
    ) -> NSView
    /// The number of items in `section`.
    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int
    /// The item for `indexPath`.
    func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath)
        -> NSCollectionViewItem
    /// The number of sections.
    func numberOfSections(in collectionView: NSCollectionView) -> Int
}

extension NSCollectionViewDataSource {
    /// One section, as AppKit assumes when the data source does not say.
    public func numberOfSections(in collectionView: NSCollectionView) -> Int { 1 }
    /// An optional method of the SDK's protocol: a data source without supplementary views.
    public func collectionView(
        _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
        at indexPath: IndexPath
    ) -> NSView {
        preconditionFailure("no supplementary views")
    }
}

/// A collection view: batches checked as AppKit checks them.
@MainActor
open class NSCollectionView: NSView {
    /// The kind of a supplementary view: a header, a footer, or a kind of the layout's own.
    public typealias SupplementaryElementKind = String

    let state = ListState()
    private var registered: [NSUserInterfaceItemIdentifier: NSCollectionViewItem.Type] = [:]

    /// Stand-in only: what AppKit would have raised for this view, also in
    /// `AppKitStandIn.failures`.
    public private(set) var standInFailures: [String] = []

    private func fail(_ failure: String) {
        standInFailures.append(failure)
        AppKitStandIn.failures.append(failure)
    }

    /// The layout that places the items; nil: none (no item has a frame).
    open var collectionViewLayout: NSCollectionViewLayout? {
        didSet {
            oldValue?.collectionView = nil
            collectionViewLayout?.collectionView = self
            contentDidChange()
        }
    }

    /// The collection view's delegate; an `NSCollectionViewDelegateFlowLayout` may give a flow
    /// layout's sizes.
    open weak var delegate: (any NSCollectionViewDelegate)? {
        didSet { collectionViewLayout?.invalidateLayout() }
    }

    /// A collection view's y axis runs down.
    open override var isFlipped: Bool { true }

    /// Sizes the estimated items shown, then the view to its layout's content.
    open override func layout() {
        super.layout()
        collectionViewLayout?.measureShownItems()
        tile()
    }

    /// The collection view's data source.
    open weak var dataSource: (any NSCollectionViewDataSource)? {
        didSet {
            state.requestCell = { [unowned self] path in
                self.dataSource?.collectionView(self, itemForRepresentedObjectAt: path)
            }
        }
    }

    /// Registers the class of the items made with `identifier`.
    open func register(_ itemClass: AnyClass?, forItemWithIdentifier identifier: NSUserInterfaceItemIdentifier) {
        registered[identifier] = itemClass as? NSCollectionViewItem.Type
    }

    /// An item for `indexPath`: a reusable one or a new one of the class registered for
    /// `identifier`.
    open func makeItem(withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath)
        -> NSCollectionViewItem
    {
        if let index = state.reusePool.firstIndex(where: { ($0 as? NSCollectionViewItem)?.standInIdentifier == identifier }) {
            return state.reusePool.remove(at: index) as! NSCollectionViewItem
        }
        guard let itemClass = registered[identifier] else {
            fail("NSCollectionView: no item class or nib registered for \(identifier.rawValue)")
            return NSCollectionViewItem()
        }
        let item = itemClass.init()
        item.standInIdentifier = identifier
        return item
    }

    /// The item the collection view shows at `indexPath`, or nil.
    open func item(at indexPath: IndexPath) -> NSCollectionViewItem? {
        let items = state.cells
        guard items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else {
            return nil
        }
        return items[indexPath.section][indexPath.item] as? NSCollectionViewItem
    }

    /// Stand-in only: every index path whose item the collection view asked its data source
    /// for, in order.
    public var standInItemRequests: [IndexPath] { state.cellRequests }

    func dataSourceCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
    }

    /// Reloads everything from the data source; the view then has its new layout's size, and the
    /// clip view constrains the scroll position to it.
    open func reloadData() {
        state.reload(dataSourceCounts)
        contentDidChange()
    }

    /// The number of sections shown.
    open var numberOfSections: Int { state.shownCounts(dataSourceCounts).count }

    /// The number of items shown in `section`.
    open func numberOfItems(inSection section: Int) -> Int { state.shownCounts(dataSourceCounts)[section] }

    /// Performs `updates` as one batch, then `completionHandler` once its animations end.
    open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        if let failure = state.performBatch(updates, load: dataSourceCounts, completion: completionHandler) {
            fail("NSCollectionView: \(failure)")
        }
        contentDidChange()
    }

    /// Inserts sections.
    open func insertSections(_ sections: IndexSet) { state.insertedSections += sections }
    /// Deletes sections.
    open func deleteSections(_ sections: IndexSet) { state.deletedSections += sections }
    /// Reloads sections.
    open func reloadSections(_ sections: IndexSet) { state.reloadedSections += sections }
    /// Moves a section.
    open func moveSection(_ section: Int, toSection newSection: Int) { state.movedSections.append((section, newSection)) }
    /// Inserts items.
    open func insertItems(at indexPaths: Set<IndexPath>) { state.inserted += indexPaths }
    /// Deletes items.
    open func deleteItems(at indexPaths: Set<IndexPath>) { state.deleted += indexPaths }
    /// Reloads items.
    open func reloadItems(at indexPaths: Set<IndexPath>) { state.reloaded += indexPaths }
    /// Moves an item.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { state.moved.append((indexPath, newIndexPath)) }

    /// Stand-in only: the batches performed so far.
    public var standInBatchCount: Int { state.batchesPerformed }
    /// Stand-in only: the operations of every batch performed so far.
    public var standInBatches: [BatchRecord] { state.batches }
    /// Stand-in only: the full reloads so far.
    public var standInFullReloadCount: Int { state.fullReloads }
    /// Stand-in only: completions waiting for their animations to end.
    public var standInPendingAnimations: Int { state.pendingCompletions.count }
    /// Stand-in only: ends the running animations; their completions run now.
    public func standInFinishAnimations() { finishAnimations(state) }
}

extension NSCollectionView {
    /// Stand-in only: the supplementary view of `kind` at `indexPath`, asked of the data source
    /// as the layout places it.
    public func standInSupplementaryView(ofKind kind: SupplementaryElementKind, at indexPath: IndexPath) -> NSView? {
        dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
}
