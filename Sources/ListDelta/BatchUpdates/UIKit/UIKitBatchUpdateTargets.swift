#if canImport(UIKit) && !os(watchOS)
    import UIKit

    extension IndexPath {
        fileprivate init(_ path: ElementPath) {
            self.init(item: path.element, section: path.section)
        }
    }

    extension UICollectionView: BatchUpdateTarget {
        public var canPerformBatchUpdates: Bool { window != nil }

        public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            // UIKit runs the updates block before performBatchUpdates returns.
            withoutActuallyEscaping(updates) { performBatchUpdates($0, completion: completion) }
        }

        public func deleteSections(at sections: [Int]) { deleteSections(IndexSet(sections)) }
        public func insertSections(at sections: [Int]) { insertSections(IndexSet(sections)) }
        public func reloadSections(at sections: [Int]) { reloadSections(IndexSet(sections)) }
        public func moveSection(from source: Int, to target: Int) { moveSection(source, toSection: target) }
        public func deleteElements(at paths: [ElementPath]) { deleteItems(at: paths.map(IndexPath.init)) }
        public func insertElements(at paths: [ElementPath]) { insertItems(at: paths.map(IndexPath.init)) }
        public func reloadElements(at paths: [ElementPath]) { reloadItems(at: paths.map(IndexPath.init)) }
        public func moveElement(from source: ElementPath, to target: ElementPath) {
            moveItem(at: IndexPath(source), to: IndexPath(target))
        }
    }

    /// A table view and the row animation for each kind of operation.
    @MainActor
    public struct TableViewBatchTarget: BatchUpdateTarget {
        public let tableView: UITableView
        public var deleteSectionsAnimation: UITableView.RowAnimation
        public var insertSectionsAnimation: UITableView.RowAnimation
        public var reloadSectionsAnimation: UITableView.RowAnimation
        public var deleteRowsAnimation: UITableView.RowAnimation
        public var insertRowsAnimation: UITableView.RowAnimation
        public var reloadRowsAnimation: UITableView.RowAnimation

        public init(_ tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
            self.tableView = tableView
            deleteSectionsAnimation = animation
            insertSectionsAnimation = animation
            reloadSectionsAnimation = animation
            deleteRowsAnimation = animation
            insertRowsAnimation = animation
            reloadRowsAnimation = animation
        }

        public var canPerformBatchUpdates: Bool { tableView.window != nil }
        public func reloadData() { tableView.reloadData() }

        public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            withoutActuallyEscaping(updates) { tableView.performBatchUpdates($0, completion: completion) }
        }

        public func deleteSections(at sections: [Int]) {
            tableView.deleteSections(IndexSet(sections), with: deleteSectionsAnimation)
        }
        public func insertSections(at sections: [Int]) {
            tableView.insertSections(IndexSet(sections), with: insertSectionsAnimation)
        }
        public func reloadSections(at sections: [Int]) {
            tableView.reloadSections(IndexSet(sections), with: reloadSectionsAnimation)
        }
        public func moveSection(from source: Int, to target: Int) { tableView.moveSection(source, toSection: target) }
        public func deleteElements(at paths: [ElementPath]) {
            tableView.deleteRows(at: paths.map(Self.row), with: deleteRowsAnimation)
        }
        public func insertElements(at paths: [ElementPath]) {
            tableView.insertRows(at: paths.map(Self.row), with: insertRowsAnimation)
        }
        public func reloadElements(at paths: [ElementPath]) {
            tableView.reloadRows(at: paths.map(Self.row), with: reloadRowsAnimation)
        }
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
