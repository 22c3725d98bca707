#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// A table view as a ``BatchUpdateTarget``: one section of rows.
    ///
    /// Between `beginUpdates()` and `endUpdates()`, each of NSTableView's calls acts at once on
    /// its rows as they are then, so ``perform(_:reconfiguringUpdates:)`` translates each batch
    /// (whose indices follow UIKit's rules) into removes, inserts and moves that never move a
    /// row that stays. Section operations do not apply to a table view: a batch with any is
    /// replaced by `reloadData()`.
    @MainActor
    public struct NSTableViewBatchTarget: BatchUpdateTarget {
        /// The table view the batches go to.
        public let tableView: NSTableView
        /// The animation of row removals.
        public var deleteRowsAnimation: NSTableView.AnimationOptions
        /// The animation of row insertions.
        public var insertRowsAnimation: NSTableView.AnimationOptions

        /// A target for `tableView` with an animation for removed and for inserted rows.
        public init(
            _ tableView: NSTableView, deleteRowsAnimation: NSTableView.AnimationOptions = [],
            insertRowsAnimation: NSTableView.AnimationOptions = []
        ) {
            self.tableView = tableView
            self.deleteRowsAnimation = deleteRowsAnimation
            self.insertRowsAnimation = insertRowsAnimation
        }

        /// Whether the table view is in a window.
        public var canPerformBatchUpdates: Bool { tableView.window != nil }
        /// One: a table view's rows are one section.
        public var numberOfSections: Int { 1 }
        /// The table view's `numberOfRows`.
        public func numberOfElements(inSection section: Int) -> Int { tableView.numberOfRows }
        /// Calls the table view's `reloadData()`.
        public func reloadData() { tableView.reloadData() }

        /// Performs `updates` between `beginUpdates()` and `endUpdates()` in an animation group
        /// whose completion handler calls `completion`.
        public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            let finish = AnimationCompletion(completion)
            NSAnimationContext.runAnimationGroup(
                { _ in
                    tableView.beginUpdates()
                    updates()
                    tableView.endUpdates()
                }, completionHandler: { finish.run() })
        }

        /// Translates `batch` into the table view's immediate row operations.
        public func perform(_ batch: BatchUpdate, reconfiguringUpdates: Bool = false) {
            guard let operations = immediateRowOperations(for: batch, rowCount: tableView.numberOfRows) else {
                return tableView.reloadData()
            }
            for operation in operations {
                switch operation {
                case let .reload(rows):
                    tableView.reloadData(
                        forRowIndexes: IndexSet(rows), columnIndexes: IndexSet(integersIn: 0..<tableView.numberOfColumns))
                case let .remove(rows):
                    tableView.removeRows(at: IndexSet(rows), withAnimation: deleteRowsAnimation)
                case let .insert(range):
                    tableView.insertRows(at: IndexSet(integersIn: range), withAnimation: insertRowsAnimation)
                case let .move(from, to):
                    tableView.moveRow(at: from, to: to)
                }
            }
        }

        /// Replaced by `reloadData()`: a table view has no sections to delete.
        public func deleteSections(at sections: [Int]) {
            perform(BatchUpdate(sectionDeleted: sections), reconfiguringUpdates: false)
        }
        /// Replaced by `reloadData()`: a table view has no sections to insert.
        public func insertSections(at sections: [Int]) {
            perform(BatchUpdate(sectionInserted: sections), reconfiguringUpdates: false)
        }
        /// Replaced by `reloadData()`: a table view has no sections to reload.
        public func reloadSections(at sections: [Int]) {
            perform(BatchUpdate(sectionUpdated: sections), reconfiguringUpdates: false)
        }
        /// Replaced by `reloadData()`: a table view has no sections to move.
        public func moveSection(from source: Int, to target: Int) {
            perform(BatchUpdate(sectionMoved: [(source: source, target: target)]), reconfiguringUpdates: false)
        }
        /// Removes rows, as a batch of these deletes alone.
        public func deleteElements(at paths: [ElementPath]) {
            perform(BatchUpdate(elementDeleted: paths), reconfiguringUpdates: false)
        }
        /// Inserts rows, as a batch of these inserts alone.
        public func insertElements(at paths: [ElementPath]) {
            perform(BatchUpdate(elementInserted: paths), reconfiguringUpdates: false)
        }
        /// Reloads rows, as a batch of these reloads alone.
        public func reloadElements(at paths: [ElementPath]) {
            perform(BatchUpdate(elementUpdated: paths), reconfiguringUpdates: false)
        }
        /// Moves a row, as a batch of this move alone.
        public func moveElement(from source: ElementPath, to target: ElementPath) {
            perform(BatchUpdate(elementMoved: [(source: source, target: target)]), reconfiguringUpdates: false)
        }
    }

    /// A collection view as a ``BatchUpdateTarget``, animated through its `animator()`.
    @MainActor
    public struct NSCollectionViewBatchTarget: BatchUpdateTarget {
        /// The collection view the batches go to.
        public let collectionView: NSCollectionView

        /// A target for `collectionView`.
        public init(_ collectionView: NSCollectionView) {
            self.collectionView = collectionView
        }

        /// Whether the collection view is in a window.
        public var canPerformBatchUpdates: Bool { collectionView.window != nil }
        /// The collection view's `numberOfSections`.
        public var numberOfSections: Int { collectionView.numberOfSections }
        /// The collection view's `numberOfItems(inSection:)`.
        public func numberOfElements(inSection section: Int) -> Int { collectionView.numberOfItems(inSection: section) }
        /// Calls the collection view's `reloadData()`.
        public func reloadData() { collectionView.reloadData() }

        /// Performs `updates` inside the animator's `performBatchUpdates(_:completionHandler:)`.
        public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
            let finish = AnimationCompletion(completion)
            // AppKit runs the updates block before performBatchUpdates returns.
            withoutActuallyEscaping(updates) { updates in
                collectionView.animator().performBatchUpdates(updates, completionHandler: { finish.run($0) })
            }
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
        public func deleteElements(at paths: [ElementPath]) { collectionView.deleteItems(at: Set(paths.map(Self.item))) }
        /// Inserts items with `insertItems(at:)`.
        public func insertElements(at paths: [ElementPath]) { collectionView.insertItems(at: Set(paths.map(Self.item))) }
        /// Reloads items with `reloadItems(at:)`.
        public func reloadElements(at paths: [ElementPath]) { collectionView.reloadItems(at: Set(paths.map(Self.item))) }
        /// Moves an item with `moveItem(at:to:)`.
        public func moveElement(from source: ElementPath, to target: ElementPath) {
            collectionView.moveItem(at: Self.item(source), to: Self.item(target))
        }

        private static func item(_ path: ElementPath) -> IndexPath { IndexPath(item: path.element, section: path.section) }
    }

    /// A completion handed to AppKit, whose handlers may be declared `@Sendable`; AppKit calls
    /// them on the main thread, where `completion` belongs.
    private final class AnimationCompletion: @unchecked Sendable {
        private let completion: ((Bool) -> Void)?

        init(_ completion: ((Bool) -> Void)?) { self.completion = completion }

        func run(_ finished: Bool = true) { completion?(finished) }
    }

    extension NSTableView {
        /// Animates `stagedChangeset` with one row animation, as DifferenceKit's method of the
        /// same name does; see
        /// ``BatchUpdateTarget/reload(using:interrupt:reconfiguringUpdates:anchoring:completion:setData:)``
        /// for the other parameters.
        public func reload<C>(
            using stagedChangeset: StagedChangeset<C>,
            with animation: @autoclosure () -> NSTableView.AnimationOptions,
            interrupt: ((Changeset<C>) -> Bool)? = nil,
            anchoring: ScrollAnchor? = nil,
            completion: ((ReloadOutcome) -> Void)? = nil,
            setData: (C) -> Void
        ) {
            let animation = animation()
            NSTableViewBatchTarget(self, deleteRowsAnimation: animation, insertRowsAnimation: animation).reload(
                using: stagedChangeset, interrupt: interrupt, anchoring: anchoring, completion: completion, setData: setData)
        }

        /// Animates `stagedChangeset` with an animation for removed and for inserted rows, as
        /// DifferenceKit's method of the same name does. AppKit reloads rows without an
        /// animation; `reloadRowsAnimation` is accepted for DifferenceKit's callers.
        public func reload<C>(
            using stagedChangeset: StagedChangeset<C>,
            deleteRowsAnimation: @autoclosure () -> NSTableView.AnimationOptions,
            insertRowsAnimation: @autoclosure () -> NSTableView.AnimationOptions,
            reloadRowsAnimation: @autoclosure () -> NSTableView.AnimationOptions,
            interrupt: ((Changeset<C>) -> Bool)? = nil,
            anchoring: ScrollAnchor? = nil,
            completion: ((ReloadOutcome) -> Void)? = nil,
            setData: (C) -> Void
        ) {
            NSTableViewBatchTarget(self, deleteRowsAnimation: deleteRowsAnimation(), insertRowsAnimation: insertRowsAnimation())
                .reload(
                    using: stagedChangeset, interrupt: interrupt, anchoring: anchoring, completion: completion, setData: setData)
        }
    }

    extension NSCollectionView {
        /// Animates `stagedChangeset`, as DifferenceKit's method of the same name does; see
        /// ``BatchUpdateTarget/reload(using:interrupt:reconfiguringUpdates:anchoring:completion:setData:)``
        /// for the other parameters.
        public func reload<C>(
            using stagedChangeset: StagedChangeset<C>,
            interrupt: ((Changeset<C>) -> Bool)? = nil,
            anchoring: ScrollAnchor? = nil,
            completion: ((ReloadOutcome) -> Void)? = nil,
            setData: (C) -> Void
        ) {
            NSCollectionViewBatchTarget(self).reload(
                using: stagedChangeset, interrupt: interrupt, anchoring: anchoring, completion: completion, setData: setData)
        }
    }
#endif
