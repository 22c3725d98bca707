#if canImport(UIKit) && !os(watchOS)
    import UIKit

    extension IndexPath {
        fileprivate init(_ path: ElementPath) {
            self.init(item: path.element, section: path.section)
        }
    }

    extension UICollectionView: BatchUpdateTarget {
        /// Whether the view is in a window: UIKit animates batches only there.
        public var canPerformBatchUpdates: Bool { window != nil }

        /// Performs `updates` inside `performBatchUpdates(_:completion:)`.
        public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            // UIKit runs the updates block before performBatchUpdates returns.
            withoutActuallyEscaping(updates) { performBatchUpdates($0, completion: completion) }
        }

        /// Deletes `sections` with `deleteSections(_:)`.
        public func deleteSections(at sections: [Int]) { deleteSections(IndexSet(sections)) }
        /// Inserts `sections` with `insertSections(_:)`.
        public func insertSections(at sections: [Int]) { insertSections(IndexSet(sections)) }
        /// Reloads `sections` with `reloadSections(_:)`.
        public func reloadSections(at sections: [Int]) { reloadSections(IndexSet(sections)) }
        /// Moves a section with `moveSection(_:toSection:)`.
        public func moveSection(from source: Int, to target: Int) { moveSection(source, toSection: target) }
        /// Deletes items with `deleteItems(at:)`.
        public func deleteElements(at paths: [ElementPath]) { deleteItems(at: paths.map(IndexPath.init)) }
        /// Inserts items with `insertItems(at:)`.
        public func insertElements(at paths: [ElementPath]) { insertItems(at: paths.map(IndexPath.init)) }
        /// Reloads items with `reloadItems(at:)`.
        public func reloadElements(at paths: [ElementPath]) { reloadItems(at: paths.map(IndexPath.init)) }
        /// Moves an item with `moveItem(at:to:)`.
        public func moveElement(from source: ElementPath, to target: ElementPath) {
            moveItem(at: IndexPath(source), to: IndexPath(target))
        }
    }

    /// A table view and the row animation for each kind of operation.
    @MainActor
    public struct TableViewBatchTarget: BatchUpdateTarget {
        /// The table view the batches go to.
        public let tableView: UITableView
        /// The animation of section deletes.
        public var deleteSectionsAnimation: UITableView.RowAnimation
        /// The animation of section inserts.
        public var insertSectionsAnimation: UITableView.RowAnimation
        /// The animation of section reloads.
        public var reloadSectionsAnimation: UITableView.RowAnimation
        /// The animation of row deletes.
        public var deleteRowsAnimation: UITableView.RowAnimation
        /// The animation of row inserts.
        public var insertRowsAnimation: UITableView.RowAnimation
        /// The animation of row reloads.
        public var reloadRowsAnimation: UITableView.RowAnimation

        /// A target for `tableView` that uses `animation` for every kind of operation.
        public init(_ tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
            self.tableView = tableView
            deleteSectionsAnimation = animation
            insertSectionsAnimation = animation
            reloadSectionsAnimation = animation
            deleteRowsAnimation = animation
            insertRowsAnimation = animation
            reloadRowsAnimation = animation
        }

        /// Whether the table view is in a window: UIKit animates batches only there.
        public var canPerformBatchUpdates: Bool { tableView.window != nil }
        /// Calls the table view's `reloadData()`.
        public func reloadData() { tableView.reloadData() }

        /// Performs `updates` inside `performBatchUpdates(_:completion:)`.
        public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            withoutActuallyEscaping(updates) { tableView.performBatchUpdates($0, completion: completion) }
        }

        /// Deletes `sections` with their animation.
        public func deleteSections(at sections: [Int]) {
            tableView.deleteSections(IndexSet(sections), with: deleteSectionsAnimation)
        }
        /// Inserts `sections` with their animation.
        public func insertSections(at sections: [Int]) {
            tableView.insertSections(IndexSet(sections), with: insertSectionsAnimation)
        }
        /// Reloads `sections` with their animation.
        public func reloadSections(at sections: [Int]) {
            tableView.reloadSections(IndexSet(sections), with: reloadSectionsAnimation)
        }
        /// Moves a section with `moveSection(_:toSection:)`.
        public func moveSection(from source: Int, to target: Int) { tableView.moveSection(source, toSection: target) }
        /// Deletes rows with their animation.
        public func deleteElements(at paths: [ElementPath]) {
            tableView.deleteRows(at: paths.map(Self.row), with: deleteRowsAnimation)
        }
        /// Inserts rows with their animation.
        public func insertElements(at paths: [ElementPath]) {
            tableView.insertRows(at: paths.map(Self.row), with: insertRowsAnimation)
        }
        /// Reloads rows with their animation.
        public func reloadElements(at paths: [ElementPath]) {
            tableView.reloadRows(at: paths.map(Self.row), with: reloadRowsAnimation)
        }
        /// Moves a row with `moveRow(at:to:)`.
        public func moveElement(from source: ElementPath, to target: ElementPath) {
            tableView.moveRow(at: Self.row(source), to: Self.row(target))
        }

        private static func row(_ path: ElementPath) -> IndexPath { IndexPath(row: path.element, section: path.section) }
    }

    extension UITableView {
        /// Animates `stagedChangeset` with one row animation for every operation; see
        /// ``BatchUpdateTarget/reload(using:interrupt:setData:)``.
        public func reload<C>(
            using stagedChangeset: StagedChangeset<C>,
            with animation: @autoclosure () -> RowAnimation,
            interrupt: ((Changeset<C>) -> Bool)? = nil,
            setData: (C) -> Void
        ) {
            TableViewBatchTarget(self, animation: animation()).reload(
                using: stagedChangeset, interrupt: interrupt, setData: setData)
        }
    }
#endif
