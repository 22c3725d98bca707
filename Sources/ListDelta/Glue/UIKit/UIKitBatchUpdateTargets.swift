#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// A collection view as a ``BatchUpdateTarget``. A wrapper rather than a conformance, so
    /// that `UICollectionView` itself gains no members.
    @MainActor
    public struct CollectionViewBatchTarget: BatchUpdateTarget {
        /// The collection view the batches go to.
        public let collectionView: UICollectionView

        /// A target for `collectionView`.
        public init(_ collectionView: UICollectionView) {
            self.collectionView = collectionView
        }

        /// Whether the collection view is in a window: UIKit animates batches only there.
        public var canPerformBatchUpdates: Bool { collectionView.window != nil }
        /// The collection view's `numberOfSections`.
        public var numberOfSections: Int { collectionView.numberOfSections }
        /// The collection view's `numberOfItems(inSection:)`.
        public func numberOfElements(inSection section: Int) -> Int { collectionView.numberOfItems(inSection: section) }
        /// Calls the collection view's `reloadData()`.
        public func reloadData() { collectionView.reloadData() }

        /// Performs `updates` inside `performBatchUpdates(_:completion:)`.
        public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            // UIKit runs the updates block before performBatchUpdates returns.
            withoutActuallyEscaping(updates) { collectionView.performBatchUpdates($0, completion: completion) }
        }

        /// Deletes `sections` with `deleteSections(_:)`.
        public func deleteSections(at sections: [Int]) { collectionView.deleteSections(IndexSet(sections)) }
        /// Inserts `sections` with `insertSections(_:)`.
        public func insertSections(at sections: [Int]) { collectionView.insertSections(IndexSet(sections)) }
        /// Reloads `sections` with `reloadSections(_:)`.
        public func reloadSections(at sections: [Int]) { collectionView.reloadSections(IndexSet(sections)) }
        /// Moves a section with `moveSection(_:toSection:)`.
        public func moveSection(from source: Int, to target: Int) { collectionView.moveSection(source, toSection: target) }
        /// Deletes items with `deleteItems(at:)`.
        public func deleteElements(at paths: [ElementPath]) { collectionView.deleteItems(at: paths.map(Self.item)) }
        /// Inserts items with `insertItems(at:)`.
        public func insertElements(at paths: [ElementPath]) { collectionView.insertItems(at: paths.map(Self.item)) }
        /// Reloads items with `reloadItems(at:)`.
        public func reloadElements(at paths: [ElementPath]) { collectionView.reloadItems(at: paths.map(Self.item)) }
        /// Reconfigures items in their cells with `reconfigureItems(at:)` on iOS and tvOS 15 and
        /// later; reloads them before.
        public func reconfigureElements(at paths: [ElementPath]) {
            if #available(iOS 15, tvOS 15, *) {
                collectionView.reconfigureItems(at: paths.map(Self.item))
            } else {
                reloadElements(at: paths)
            }
        }
        /// Moves an item with `moveItem(at:to:)`.
        public func moveElement(from source: ElementPath, to target: ElementPath) {
            collectionView.moveItem(at: Self.item(source), to: Self.item(target))
        }

        private static func item(_ path: ElementPath) -> IndexPath { IndexPath(item: path.element, section: path.section) }
    }

    /// A table view and the row animation for each kind of operation, as a
    /// ``BatchUpdateTarget``.
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
            self.init(
                tableView, deleteSectionsAnimation: animation, insertSectionsAnimation: animation,
                reloadSectionsAnimation: animation, deleteRowsAnimation: animation, insertRowsAnimation: animation,
                reloadRowsAnimation: animation)
        }

        /// A target for `tableView` with an animation for each kind of operation.
        public init(
            _ tableView: UITableView,
            deleteSectionsAnimation: UITableView.RowAnimation,
            insertSectionsAnimation: UITableView.RowAnimation,
            reloadSectionsAnimation: UITableView.RowAnimation,
            deleteRowsAnimation: UITableView.RowAnimation,
            insertRowsAnimation: UITableView.RowAnimation,
            reloadRowsAnimation: UITableView.RowAnimation
        ) {
            self.tableView = tableView
            self.deleteSectionsAnimation = deleteSectionsAnimation
            self.insertSectionsAnimation = insertSectionsAnimation
            self.reloadSectionsAnimation = reloadSectionsAnimation
            self.deleteRowsAnimation = deleteRowsAnimation
            self.insertRowsAnimation = insertRowsAnimation
            self.reloadRowsAnimation = reloadRowsAnimation
        }

        /// Whether the table view is in a window: UIKit animates batches only there.
        public var canPerformBatchUpdates: Bool { tableView.window != nil }
        /// The table view's `numberOfSections`.
        public var numberOfSections: Int { tableView.numberOfSections }
        /// The table view's `numberOfRows(inSection:)`.
        public func numberOfElements(inSection section: Int) -> Int { tableView.numberOfRows(inSection: section) }
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
        /// Reconfigures rows in their cells with `reconfigureRows(at:)` on iOS and tvOS 15 and
        /// later; reloads them before.
        public func reconfigureElements(at paths: [ElementPath]) {
            if #available(iOS 15, tvOS 15, *) {
                tableView.reconfigureRows(at: paths.map(Self.row))
            } else {
                reloadElements(at: paths)
            }
        }
        /// Moves a row with `moveRow(at:to:)`.
        public func moveElement(from source: ElementPath, to target: ElementPath) {
            tableView.moveRow(at: Self.row(source), to: Self.row(target))
        }

        private static func row(_ path: ElementPath) -> IndexPath { IndexPath(row: path.element, section: path.section) }
    }

    extension UITableView {
        /// Animates `stagedChangeset` with one row animation for every operation, as
        /// DifferenceKit's method of the same name does; see
        /// ``BatchUpdateTarget/reload(using:interrupt:reconfiguringUpdates:anchoring:completion:setData:)``
        /// for the other parameters.
        public func reload<C>(
            using stagedChangeset: StagedChangeset<C>,
            with animation: @autoclosure () -> RowAnimation,
            interrupt: ((Changeset<C>) -> Bool)? = nil,
            reconfiguringUpdates: Bool = false,
            anchoring: ScrollAnchor? = nil,
            completion: ((ReloadOutcome) -> Void)? = nil,
            setData: (C) -> Void
        ) {
            let animation = animation()
            TableViewBatchTarget(self, animation: animation).reload(
                using: stagedChangeset, interrupt: interrupt, reconfiguringUpdates: reconfiguringUpdates,
                anchoring: anchoring, completion: completion, setData: setData)
        }

        /// Animates `stagedChangeset` with a row animation for each kind of operation, as
        /// DifferenceKit's method of the same name does; see
        /// ``BatchUpdateTarget/reload(using:interrupt:reconfiguringUpdates:anchoring:completion:setData:)``
        /// for the other parameters.
        public func reload<C>(
            using stagedChangeset: StagedChangeset<C>,
            deleteSectionsAnimation: @autoclosure () -> RowAnimation,
            insertSectionsAnimation: @autoclosure () -> RowAnimation,
            reloadSectionsAnimation: @autoclosure () -> RowAnimation,
            deleteRowsAnimation: @autoclosure () -> RowAnimation,
            insertRowsAnimation: @autoclosure () -> RowAnimation,
            reloadRowsAnimation: @autoclosure () -> RowAnimation,
            interrupt: ((Changeset<C>) -> Bool)? = nil,
            reconfiguringUpdates: Bool = false,
            anchoring: ScrollAnchor? = nil,
            completion: ((ReloadOutcome) -> Void)? = nil,
            setData: (C) -> Void
        ) {
            let target = TableViewBatchTarget(
                self, deleteSectionsAnimation: deleteSectionsAnimation(), insertSectionsAnimation: insertSectionsAnimation(),
                reloadSectionsAnimation: reloadSectionsAnimation(), deleteRowsAnimation: deleteRowsAnimation(),
                insertRowsAnimation: insertRowsAnimation(), reloadRowsAnimation: reloadRowsAnimation())
            target.reload(
                using: stagedChangeset, interrupt: interrupt, reconfiguringUpdates: reconfiguringUpdates,
                anchoring: anchoring, completion: completion, setData: setData)
        }
    }

    extension UICollectionView {
        /// Animates `stagedChangeset`, as DifferenceKit's method of the same name does; see
        /// ``BatchUpdateTarget/reload(using:interrupt:reconfiguringUpdates:anchoring:completion:setData:)``
        /// for the other parameters.
        public func reload<C>(
            using stagedChangeset: StagedChangeset<C>,
            interrupt: ((Changeset<C>) -> Bool)? = nil,
            reconfiguringUpdates: Bool = false,
            anchoring: ScrollAnchor? = nil,
            completion: ((ReloadOutcome) -> Void)? = nil,
            setData: (C) -> Void
        ) {
            CollectionViewBatchTarget(self).reload(
                using: stagedChangeset, interrupt: interrupt, reconfiguringUpdates: reconfiguringUpdates,
                anchoring: anchoring, completion: completion, setData: setData)
        }
    }
#endif
