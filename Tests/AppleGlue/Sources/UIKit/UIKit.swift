// A stand-in for UIKit on Linux, for ListDelta's tests only. The declarations ListDelta's
// glue uses have the Swift signatures the iOS SDK imports; the views behave like UIKit's where
// a batch update's validity depends on it: they cache their counts, ask the data source again
// after each batch, check the counts and indices the way UIKit raises
// NSInternalInconsistencyException, and report completions later, as animations end. They
// keep one cell per shown row, moved with its row, and ask the data source for the cells of
// new, reloaded and reconfigured rows (see ListState).
@_exported import Foundation
import ListViewModel

@_exported import struct ListViewModel.BatchRecord

extension IndexPath {
    /// A path to row `row` of `section`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// A path to item `item` of `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section index.
    public var section: Int { self[0] }
    /// The row index.
    public var row: Int { self[1] }
    /// The item index.
    public var item: Int { self[1] }
}

/// Where the stand-in records what UIKit would have raised an exception for.
@MainActor
public enum UIKitStandIn {
    /// Every inconsistency found so far, in words close to UIKit's.
    public static var failures: [String] = []
}

@MainActor
open class UIResponder {
    /// A responder.
    public init() {}
}

@MainActor
open class UIWindow: UIView {}

@MainActor
open class UITableViewCell: UIView {
    /// The cell's style.
    public enum CellStyle: Int, @unchecked Sendable {
        case `default` = 0
        case value1, value2, subtitle
    }

    /// How a row is edited.
    public enum EditingStyle: Int, @unchecked Sendable {
        case none = 0
        case delete, insert
    }

    /// The identifier the cell was dequeued with.
    open internal(set) var reuseIdentifier: String?

    /// Stand-in only: the height the cell's content fits (what Auto Layout would compute), which
    /// a self-sizing row takes once shown; nil: 44 points. Set it in `cellForRowAt`.
    public var standInFittingHeight: CGFloat?

    /// A cell of `style` for reuse as `reuseIdentifier`.
    public convenience init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        self.init()
        self.reuseIdentifier = reuseIdentifier
    }
}

/// What a table view asks for its rows. The SDK's optional requirements are requirements with
/// default implementations here, each answering what UIKit assumes when a data source does not
/// implement it.
@MainActor
public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
    func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    /// One section, as UIKit assumes when the data source does not say.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// No header title.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Every row editable, as UIKit assumes.
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// No row movable (UIKit shows reorder controls only for a data source that implements
    /// `moveRowAt`).
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// No section index.
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// The title's own position.
    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
    /// Nothing to commit.
    public func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    /// Nothing to record.
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

@MainActor
open class UITableView: UIScrollView {
    /// How rows and sections animate in and out.
    public enum RowAnimation: Int, @unchecked Sendable {
        case fade = 0
        case right, left, top, bottom, none, middle
        case automatic = 100
    }

    let state = ListState()
    /// Stand-in only: the animation each row and section operation asked for, in order.
    public private(set) var standInAnimations: [RowAnimation] = []
    /// Stand-in only: the rows reconfigured in place.
    public private(set) var standInReconfigured: [IndexPath] = []

    private var registered: [String: UITableViewCell.Type] = [:]

    /// Stand-in only: what UIKit would have raised for this view, also in `UIKitStandIn.failures`.
    public private(set) var standInFailures: [String] = []

    private func fail(_ failure: String) {
        standInFailures.append(failure)
        UIKitStandIn.failures.append(failure)
    }

    open weak var dataSource: (any UITableViewDataSource)?

    /// The table's delegate, which may give rows' and sections' heights.
    open weak var delegate: (any UITableViewDelegate)? {
        didSet { invalidateRowLayout() }
    }
    /// The table's style. The stand-in lays every style out as plain: headers and footers in the
    /// flow of rows, no spacing between sections.
    open private(set) var style = Style.plain
    /// Every row's height unless the delegate gives it; `automaticDimension`: self-sizing.
    open var rowHeight = UITableView.automaticDimension {
        didSet { invalidateRowLayout() }
    }
    /// The height of self-sizing rows not shown yet; 0: none, each row is measured at once;
    /// `automaticDimension`: 44 points.
    open var estimatedRowHeight = UITableView.automaticDimension {
        didSet { invalidateRowLayout() }
    }
    /// Every header's height unless the delegate gives it; `automaticDimension`: a titled header's
    /// 28 points (the stand-in's figure), else none.
    open var sectionHeaderHeight = UITableView.automaticDimension {
        didSet { invalidateRowLayout() }
    }
    /// Every footer's height unless the delegate gives it; `automaticDimension` as for headers.
    open var sectionFooterHeight = UITableView.automaticDimension {
        didSet { invalidateRowLayout() }
    }
    /// The estimated height of headers. The stand-in sizes headers exactly, at once.
    open var estimatedSectionHeaderHeight = UITableView.automaticDimension
    /// The estimated height of footers. The stand-in sizes footers exactly, at once.
    open var estimatedSectionFooterHeight = UITableView.automaticDimension

    /// The last layout of rows.
    let rowLayout = FlowCache()

    /// A table view of plain style with a zero frame.
    public required init() {
        super.init()
        state.requestCell = { [unowned self] path in self.dataSource?.tableView(self, cellForRowAt: path) }
    }

    /// A table view of plain style.
    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    /// A table view of `style`.
    public init(frame: CGRect, style: UITableView.Style) {
        super.init(frame: frame)
        self.style = style
        state.requestCell = { [unowned self] path in self.dataSource?.tableView(self, cellForRowAt: path) }
    }

    func dataSourceCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
    }

    /// The size of the rows' layout: the bounds' width, and every header, row and footer in turn.
    /// Setting it does nothing: the table sets it from its layout.
    open override var contentSize: CGSize {
        get { CGSize(width: bounds.width, height: frames.length) }
        set {}
    }

    /// Lays out the rows the bounds show: each self-sizing row shown with its estimate takes its
    /// cell's real height, which may show other rows, until every shown row has its own.
    open override func layoutSubviews() {
        super.layoutSubviews()
        measureShownRows()
    }

    /// Registers the class of the cells dequeued with `identifier`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UITableViewCell.Type
    }

    /// A cell for `indexPath`: its own while the row is reconfigured, else a reusable one or a
    /// new one of the class registered for `identifier`.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = state.reconfiguringCell as? UITableViewCell, cell.reuseIdentifier == identifier { return cell }
        if let index = state.reusePool.firstIndex(where: { ($0 as? UITableViewCell)?.reuseIdentifier == identifier }) {
            return state.reusePool.remove(at: index) as! UITableViewCell
        }
        guard let cellClass = registered[identifier] else {
            fail(
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier")
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        let cell = cellClass.init()
        cell.reuseIdentifier = identifier
        return cell
    }

    /// The cell the table shows at `indexPath`, or nil.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        let cells = state.cells
        guard cells.indices.contains(indexPath.section), cells[indexPath.section].indices.contains(indexPath.row) else {
            return nil
        }
        return cells[indexPath.section][indexPath.row] as? UITableViewCell
    }

    /// Shows the data source's rows again: the layout is the new rows', the offset kept, clamped
    /// to the new content.
    open func reloadData() {
        state.reload(dataSourceCounts)
        contentDidChange()
    }

    open var numberOfSections: Int { state.shownCounts(dataSourceCounts).count }

    open func numberOfRows(inSection section: Int) -> Int { state.shownCounts(dataSourceCounts)[section] }

    /// Performs `updates` as one batch. When it returns, the view reports the layout of the new
    /// data (rows, frames, content size; rows not measured yet at their estimates) and the offset
    /// it had, clamped to the new content; the rows shown are sized at the next layout.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let animated = UIView.areAnimationsEnabled
        if let failure = state.performBatch(updates, animated: animated, load: dataSourceCounts, completion: completion) {
            fail(failure)
        }
        contentDidChange()
    }

    open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        state.insertedSections += sections
        standInAnimations.append(animation)
    }
    open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        state.deletedSections += sections
        standInAnimations.append(animation)
    }
    open func moveSection(_ section: Int, toSection newSection: Int) { state.movedSections.append((section, newSection)) }
    open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        state.reloadedSections += sections
        standInAnimations.append(animation)
    }
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        state.inserted += indexPaths
        standInAnimations.append(animation)
    }
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        state.deleted += indexPaths
        standInAnimations.append(animation)
    }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { state.moved.append((indexPath, newIndexPath)) }
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        state.reloaded += indexPaths
        standInAnimations.append(animation)
    }
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        state.reloaded += indexPaths
        state.reconfigured += indexPaths
        standInReconfigured += indexPaths
    }

    /// Stand-in only: every row whose cell the table asked its data source for, in order.
    public var standInCellRequests: [IndexPath] { state.cellRequests }

    /// Stand-in only: completions waiting for their animations to end.
    public var standInPendingAnimations: Int { state.pendingCompletions.count }
    /// Stand-in only: the batches performed so far.
    public var standInBatchCount: Int { state.batchesPerformed }
    /// Stand-in only: the operations of every batch performed so far.
    public var standInBatches: [BatchRecord] { state.batches }
    /// Stand-in only: the full reloads so far.
    public var standInFullReloadCount: Int { state.fullReloads }
    /// Stand-in only: ends the running animations; their completions run now.
    public func standInFinishAnimations() { finishAnimations(state) }

    /// Stand-in only: the header titles the table shows, asked of its data source as it lays
    /// out its sections.
    public var standInHeaderTitles: [String?] {
        (0..<numberOfSections).map { dataSource?.tableView(self, titleForHeaderInSection: $0) ?? nil }
    }
    /// Stand-in only: the footer titles the table shows.
    public var standInFooterTitles: [String?] {
        (0..<numberOfSections).map { dataSource?.tableView(self, titleForFooterInSection: $0) ?? nil }
    }
    /// Stand-in only: the section index the table shows.
    public var standInSectionIndexTitles: [String]? { dataSource?.sectionIndexTitles(for: self) }
    /// Stand-in only: the user taps the index title at `index`; returns the section the table
    /// scrolls to, or nil when the table shows no index.
    public func standInTapIndexTitle(at index: Int) -> Int? {
        guard let dataSource, let titles = dataSource.sectionIndexTitles(for: self), titles.indices.contains(index) else {
            return nil
        }
        return dataSource.tableView(self, sectionForSectionIndexTitle: titles[index], at: index)
    }
    /// Stand-in only: the user swipes the row at `indexPath` and taps Delete. The table offers
    /// it only where the data source says the row can be edited; returns whether it did.
    public func standInSwipeToDelete(at indexPath: IndexPath) -> Bool {
        guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else { return false }
        dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
        return true
    }
    /// Stand-in only: the user drags the row at `source` to `destination` (its place after the
    /// move). The table offers it only where the data source says the row can move; it moves
    /// the row and its cell, then tells the data source, whose counts must then agree with the
    /// table's. Returns whether the row moved.
    public func standInUserMoveRow(at source: IndexPath, to destination: IndexPath) -> Bool {
        guard let dataSource, dataSource.tableView(self, canMoveRowAt: source) else { return false }
        if let failure = state.userMove(from: source, to: destination) {
            fail(failure)
            return false
        }
        setNeedsLayout()
        dataSource.tableView(self, moveRowAt: source, to: destination)
        if state.counts != dataSourceCounts() {
            fail(
                "after moving a row the data source's counts \(dataSourceCounts()) differ from the table's \(state.counts ?? [])")
        }
        return true
    }
}

@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was dequeued with.
    open internal(set) var reuseIdentifier: String?
}

@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Stand-in only: the size the cell's content fits (what its
    /// `preferredLayoutAttributesFitting(_:)` would answer), which an estimated item takes once
    /// shown; nil: the size the layout would give it without estimates. Set it in `cellForItemAt`.
    public var standInFittingSize: CGSize?
}

/// What a collection view asks for its items. The SDK's optional requirements are
/// requirements with default implementations here, each answering what UIKit assumes when a
/// data source does not implement it.
@MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    @available(iOS 14.0, tvOS 10.2, *)
    func indexTitles(for collectionView: UICollectionView) -> [String]?
    @available(iOS 14.0, tvOS 10.2, *)
    func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath
}

extension UICollectionViewDataSource {
    /// One section, as UIKit assumes when the data source does not say.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// An optional method of the SDK's protocol: a data source without supplementary views.
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        preconditionFailure("no supplementary views")
    }
    /// No item movable (UIKit offers moves only to a data source that implements `moveItemAt`).
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// Nothing to record.
    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
    /// No index.
    public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
    /// The first item of the section at the title's position.
    public func collectionView(
        _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
        IndexPath(item: 0, section: index)
    }
}

@MainActor
open class UICollectionView: UIScrollView {
    let state = ListState()
    /// Stand-in only: the items reconfigured in place.
    public private(set) var standInReconfigured: [IndexPath] = []

    private var registered: [String: UICollectionViewCell.Type] = [:]

    /// Stand-in only: what UIKit would have raised for this view, also in `UIKitStandIn.failures`.
    public private(set) var standInFailures: [String] = []

    private func fail(_ failure: String) {
        standInFailures.append(failure)
        UIKitStandIn.failures.append(failure)
    }

    open weak var dataSource: (any UICollectionViewDataSource)?

    /// The collection view's delegate; a `UICollectionViewDelegateFlowLayout` may give a flow
    /// layout's sizes.
    open weak var delegate: (any UICollectionViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    /// The layout that places the items.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// A collection view with a zero frame and a flow layout.
    public required init() {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init()
        setUp()
    }

    /// A collection view whose items `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        collectionViewLayout.collectionView = self
        state.requestCell = { [unowned self] path in self.dataSource?.collectionView(self, cellForItemAt: path) }
    }

    /// The size of the layout's content (`collectionViewLayout.collectionViewContentSize`).
    /// Setting it does nothing: the view sets it from its layout.
    open override var contentSize: CGSize {
        get { collectionViewLayout.collectionViewContentSize }
        set {}
    }

    /// Lays out the items the bounds show: each estimated item shown takes its cell's real size,
    /// which may show other items, until every shown item has its own.
    open override func layoutSubviews() {
        super.layoutSubviews()
        collectionViewLayout.measureShownItems()
    }

    func dataSourceCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).map {
            dataSource.collectionView(self, numberOfItemsInSection: $0)
        }
    }

    /// Registers the class of the cells dequeued with `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UICollectionViewCell.Type
    }

    /// A cell for `indexPath`: its own while the item is reconfigured, else a reusable one or
    /// a new one of the class registered for `identifier`.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = state.reconfiguringCell as? UICollectionViewCell, cell.reuseIdentifier == identifier { return cell }
        if let index = state.reusePool.firstIndex(where: { ($0 as? UICollectionViewCell)?.reuseIdentifier == identifier }) {
            return state.reusePool.remove(at: index) as! UICollectionViewCell
        }
        guard let cellClass = registered[identifier] else {
            fail(
                "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier"
            )
            return UICollectionViewCell()
        }
        let cell = cellClass.init()
        cell.reuseIdentifier = identifier
        return cell
    }

    /// The cell the collection view shows at `indexPath`, or nil.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        let cells = state.cells
        guard cells.indices.contains(indexPath.section), cells[indexPath.section].indices.contains(indexPath.item) else {
            return nil
        }
        return cells[indexPath.section][indexPath.item] as? UICollectionViewCell
    }

    /// Shows the data source's items again: the layout is the new items', the offset kept,
    /// clamped to the new content.
    open func reloadData() {
        state.reload(dataSourceCounts)
        contentDidChange()
    }

    open var numberOfSections: Int { state.shownCounts(dataSourceCounts).count }

    open func numberOfItems(inSection section: Int) -> Int { state.shownCounts(dataSourceCounts)[section] }

    /// Performs `updates` as one batch. When it returns, the view reports the layout of the new
    /// data (items not measured yet at their estimates) and the offset it had, clamped to the new
    /// content along the layout's axis; the items shown are sized at the next layout.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let animated = UIView.areAnimationsEnabled
        if let failure = state.performBatch(updates, animated: animated, load: dataSourceCounts, completion: completion) {
            fail(failure)
        }
        contentDidChange()
    }

    open func insertSections(_ sections: IndexSet) { state.insertedSections += sections }
    open func deleteSections(_ sections: IndexSet) { state.deletedSections += sections }
    open func reloadSections(_ sections: IndexSet) { state.reloadedSections += sections }
    open func moveSection(_ section: Int, toSection newSection: Int) { state.movedSections.append((section, newSection)) }
    open func insertItems(at indexPaths: [IndexPath]) { state.inserted += indexPaths }
    open func deleteItems(at indexPaths: [IndexPath]) { state.deleted += indexPaths }
    open func reloadItems(at indexPaths: [IndexPath]) { state.reloaded += indexPaths }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { state.moved.append((indexPath, newIndexPath)) }
    @available(iOS 15.0, tvOS 15.0, *)
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        state.reloaded += indexPaths
        state.reconfigured += indexPaths
        standInReconfigured += indexPaths
    }

    /// Stand-in only: every item whose cell the collection view asked its data source for, in
    /// order.
    public var standInCellRequests: [IndexPath] { state.cellRequests }

    /// Stand-in only: completions waiting for their animations to end.
    public var standInPendingAnimations: Int { state.pendingCompletions.count }
    /// Stand-in only: the batches performed so far.
    public var standInBatchCount: Int { state.batchesPerformed }
    /// Stand-in only: the operations of every batch performed so far.
    public var standInBatches: [BatchRecord] { state.batches }
    /// Stand-in only: the full reloads so far.
    public var standInFullReloadCount: Int { state.fullReloads }
    /// Stand-in only: ends the running animations; their completions run now.
    public func standInFinishAnimations() { finishAnimations(state) }

    /// Stand-in only: the supplementary view of `kind` at `indexPath`, asked of the data source
    /// as the layout places it.
    public func standInSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
    /// Stand-in only: the index the collection view shows.
    public var standInIndexTitles: [String]? { dataSource?.indexTitles(for: self) }
    /// Stand-in only: the user taps the index title at `index`; returns the item the view
    /// scrolls to, or nil when it shows no index.
    public func standInTapIndexTitle(at index: Int) -> IndexPath? {
        guard let dataSource, let titles = dataSource.indexTitles(for: self), titles.indices.contains(index) else {
            return nil
        }
        return dataSource.collectionView(self, indexPathForIndexTitle: titles[index], at: index)
    }
    /// Stand-in only: the user drags the item at `source` to `destination` (its place after
    /// the move), as an interactive movement that ends with `endInteractiveMovement()`. The view
    /// offers it only where the data source says the item can move; it moves the item and its
    /// cell, then tells the data source, whose counts must then agree with the view's. Returns
    /// whether the item moved.
    public func standInUserMoveItem(at source: IndexPath, to destination: IndexPath) -> Bool {
        guard let dataSource, dataSource.collectionView(self, canMoveItemAt: source) else { return false }
        if let failure = state.userMove(from: source, to: destination) {
            fail(failure)
            return false
        }
        setNeedsLayout()
        dataSource.collectionView(self, moveItemAt: source, to: destination)
        if state.counts != dataSourceCounts() {
            fail(
                "after moving an item the data source's counts \(dataSourceCounts()) differ from the view's \(state.counts ?? [])"
            )
        }
        return true
    }
}
