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
open class UIView: UIResponder {
    /// A view; cells registered by class are made with it.
    public required override init() { super.init() }
    fileprivate var hostWindow: UIWindow?
    /// The window the view is in; nil off screen.
    open var window: UIWindow? { hostWindow }
    /// Stand-in only: puts the view in a window (or takes it out).
    public func standInMove(toWindow window: UIWindow?) { hostWindow = window }
}

@MainActor
open class UIScrollView: UIView {}

@MainActor
open class UITableViewCell: UIView {
    /// The cell's style.
    public enum CellStyle: Int, @unchecked Sendable {
        case `default` = 0
        case value1, value2, subtitle
    }

    /// The identifier the cell was dequeued with.
    open internal(set) var reuseIdentifier: String?

    /// A cell of `style` for reuse as `reuseIdentifier`.
    public convenience init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        self.init()
        self.reuseIdentifier = reuseIdentifier
    }
}

/// What a table view asks for its rows.
@MainActor
public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
}

extension UITableViewDataSource {
    /// One section, as UIKit assumes when the data source does not say.
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
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

    /// A table view.
    public required init() {
        super.init()
        state.requestCell = { [unowned self] path in self.dataSource?.tableView(self, cellForRowAt: path) }
    }

    private func dataSourceCounts() -> [Int] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
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

    open func reloadData() { state.reload(dataSourceCounts) }

    open var numberOfSections: Int { state.shownCounts(dataSourceCounts).count }

    open func numberOfRows(inSection section: Int) -> Int { state.shownCounts(dataSourceCounts)[section] }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if let failure = state.performBatch(updates, load: dataSourceCounts, completion: completion) { fail(failure) }
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
}

@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was dequeued with.
    open internal(set) var reuseIdentifier: String?
}

@MainActor
open class UICollectionViewCell: UICollectionReusableView {}

/// What a collection view asks for its items.
@MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
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

    /// A collection view.
    public required init() {
        super.init()
        state.requestCell = { [unowned self] path in self.dataSource?.collectionView(self, cellForItemAt: path) }
    }

    private func dataSourceCounts() -> [Int] {
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

    open func reloadData() { state.reload(dataSourceCounts) }

    open var numberOfSections: Int { state.shownCounts(dataSourceCounts).count }

    open func numberOfItems(inSection section: Int) -> Int { state.shownCounts(dataSourceCounts)[section] }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if let failure = state.performBatch(updates, load: dataSourceCounts, completion: completion) { fail(failure) }
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
}
