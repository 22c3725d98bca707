#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// A drop-in for `UICollectionViewDiffableDataSource`: the collection view's data source, filled from
    /// ``DiffableDataSourceSnapshot``s, from iOS 13 and tvOS 13, that never crashes on duplicate
    /// identifiers.
    ///
    /// Replace `UICollectionViewDiffableDataSource` with `CollectionViewDiffableDataSource` and
    /// `NSDiffableDataSourceSnapshot` with `DiffableDataSourceSnapshot`; a subclass that
    /// overrides the data-source methods (moving, index titles) compiles unchanged and the
    /// collection view calls its overrides. `apply` keeps Apple's contract (see
    /// ``DiffableDataSource``). Beyond Apple's API, a data source made with
    /// ``init(collectionView:identifiedBy:cellProvider:)`` keeps whole models in the snapshot: a
    /// model whose identity stays and whose value changed is reconfigured in its cell.
    @MainActor
    @preconcurrency
    open class CollectionViewDiffableDataSource<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    >:
        DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, UICollectionViewDataSource
    {
        /// Makes the cell for an item at an index path; nil is a programming error, as in UIKit.
        public typealias CellProvider = (
            _ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
        ) -> UICollectionViewCell?
        /// Makes a supplementary view (a header, say) of a kind at an index path.
        public typealias SupplementaryViewProvider = (
            _ collectionView: UICollectionView, _ elementKind: String, _ indexPath: IndexPath
        ) -> UICollectionReusableView?

        private let cellProvider: CellProvider
        /// The section snapshot applied last to each section; stale once a whole snapshot gives
        /// the section other items (see ``snapshot(for:)``).
        private let sectionSnapshots = LockedValue<
            [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>]
        >(
            [:])

        /// What the data source asks before and tells after the user expands or collapses an
        /// item of a section snapshot, with the snapshot to show for an expanding parent.
        public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
            /// Whether the user may expand an item; nil: yes.
            public var shouldExpandItem: ((Item) -> Bool)?
            /// Called just before an item expands.
            public var willExpandItem: ((Item) -> Void)?
            /// Whether the user may collapse an item; nil: yes.
            public var shouldCollapseItem: ((Item) -> Bool)?
            /// Called just before an item collapses.
            public var willCollapseItem: ((Item) -> Void)?
            /// The section snapshot to show when a parent expands, given the parent and the
            /// section's current snapshot (to add children loaded on demand, say); nil: the
            /// current one. The parent is expanded in the snapshot returned.
            public var snapshotForExpandingParent:
                ((Item, DiffableDataSourceSectionSnapshot<Item>) -> DiffableDataSourceSectionSnapshot<Item>)?
            /// Handlers that allow everything and change nothing.
            public init() {}
        }

        /// What the data source asks before and tells around a user's reordering.
        public struct ReorderingHandlers {
            /// Whether the user may move an item; nil: no item moves.
            public var canReorderItem: ((ItemIdentifierType) -> Bool)?
            /// Called before the data source takes the move in, with the transaction it makes.
            public var willReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
            /// Called once the data source's snapshot holds the move, to update the app's model.
            public var didReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
            /// Handlers that allow no reordering.
            public init() {}
        }

        /// The handlers of expanding and collapsing items of section snapshots.
        open var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

        /// The handlers of a user's reordering; set `canReorderItem` to allow it.
        open var reorderingHandlers = ReorderingHandlers()

        /// Makes the collection view's supplementary views; nil gives none.
        open var supplementaryViewProvider: SupplementaryViewProvider?

        /// A data source for `collectionView`, which it becomes the data source of, making cells
        /// with `cellProvider`.
        public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
            self.cellProvider = cellProvider
            super.init(
                view: CollectionViewBatchTarget(collectionView), keying: .item,
                withoutAnimation: UIView.performWithoutAnimation)
            collectionView.dataSource = self
        }

        /// A data source whose snapshots hold whole models, identified by `identity`: a model
        /// whose identity stays and whose value changed is reconfigured in its cell (iOS 15;
        /// reloaded before), never deleted and inserted, and ``itemIdentifier(for:)`` returns
        /// the current model. The one addition to Apple's initialisers.
        public init<ID: Hashable & Sendable>(
            collectionView: UICollectionView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            cellProvider: @escaping CellProvider
        ) {
            self.cellProvider = cellProvider
            super.init(
                view: CollectionViewBatchTarget(collectionView), keying: .key { SendableHashable($0[keyPath: identity]) },
                withoutAnimation: UIView.performWithoutAnimation)
            collectionView.dataSource = self
        }

        /// The item the collection view shows at `indexPath`, or nil.
        open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.item(at: indexPath) }

        /// Where the snapshot applied last has `itemIdentifier` (its first occurrence), or nil.
        open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { core.indexPath(for: itemIdentifier) }

        /// The section the collection view shows at `index`, or nil.
        open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.section(at: index) }

        /// The index of `sectionIdentifier` in the snapshot applied last, or nil.
        open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
            core.snapshot.indexOfSection(sectionIdentifier)
        }

        // MARK: UICollectionViewDataSource

        /// The number of sections the collection view shows.
        open func numberOfSections(in collectionView: UICollectionView) -> Int { core.shown.sections.count }

        /// The number of items of `section` the collection view shows.
        open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            core.shown.sections.indices.contains(section) ? core.shown.sections[section].elements.count : 0
        }

        /// The cell the cell provider makes for the item at `indexPath`.
        open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            guard let item = core.item(at: indexPath) else {
                preconditionFailure("CollectionViewDiffableDataSource: no item at \(indexPath)")
            }
            guard let cell = cellProvider(collectionView, indexPath, item) else {
                preconditionFailure(
                    "CollectionViewDiffableDataSource: the cell provider returned nil for \(item) at \(indexPath)")
            }
            return cell
        }

        /// The supplementary view the supplementary view provider makes.
        open func collectionView(
            _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> UICollectionReusableView {
            guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
                preconditionFailure(
                    "CollectionViewDiffableDataSource: no supplementary view of kind \(kind) at \(indexPath)")
            }
            return view
        }

        /// Whether the item at `indexPath` can be moved: what ``reorderingHandlers``'
        /// `canReorderItem` says of it, no when it is not set, as Apple's.
        open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
            guard let item = core.item(at: indexPath), let canReorder = reorderingHandlers.canReorderItem else { return false }
            return canReorder(item)
        }

        /// Records a move the user made in the collection view, as Apple's does: the item at
        /// `sourceIndexPath` now stands at `destinationIndexPath` in ``snapshot()`` and in what the
        /// view shows, without a batch (the view has moved the item already), between
        /// ``reorderingHandlers``' `willReorder` and `didReorder`, which receive the transaction.
        open func collectionView(
            _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
        ) {
            reorder(from: sourceIndexPath, to: destinationIndexPath)
        }

        /// The index titles: none, unless a subclass says.
        open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

        /// The item an index title stands for: the first of the section at the title's position
        /// (the last section when there are fewer), unless a subclass says.
        open func collectionView(
            _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
        ) -> IndexPath {
            IndexPath(item: 0, section: max(0, min(index, core.shown.sections.count - 1)))
        }

        // MARK: Section snapshots

        /// Makes `snapshot` the outline of `section` and updates the view: the section's items in
        /// ``snapshot()`` become the outline's visible items (the section is appended when the
        /// snapshot has none), and the difference is animated, or not, as by
        /// ``apply(_:animatingDifferences:completion:)``, whose timing it keeps.
        ///
        /// The diff runs code compiled for your identifier types once the data source holds a
        /// snapshot built in your module: a data source only ever given section snapshots diffs
        /// through generic code, about twice as slow for 10,000 items, unless it is first given
        /// one, say `dataSource.apply(DiffableDataSourceSnapshot())` when it is set up.
        ///
        /// - Parameters:
        ///   - snapshot: The section's items, as an outline.
        ///   - section: The section it replaces.
        ///   - animatingDifferences: Whether the view animates the differences.
        ///   - completion: Runs on the main thread once the animations end.
        /// - Complexity: O(*n*) expected for *n* items in the data source.
        open func apply(
            _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
            animatingDifferences: Bool = true, completion: (() -> Void)? = nil
        ) {
            let whole = self.snapshot(applying: snapshot, to: section)
            sectionSnapshots.withLock { $0[section] = snapshot }
            core.apply(whole, .batches(animated: animatingDifferences), completion: completion)
        }

        /// The outline of `section`: the section snapshot applied to it last, while its visible
        /// items are still the section's items; else the section's items as root items (none
        /// when the section is not in ``snapshot()``).
        open func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
            outline(of: section, in: core.snapshot)
        }

        /// The outline of `section` of `whole`, as ``snapshot(for:)`` tells it.
        private func outline(
            of section: SectionIdentifierType, in whole: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
        ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
            guard let index = whole.indexOfSection(section) else { return DiffableDataSourceSectionSnapshot() }
            let items = whole.lists[index]
            if let outline = sectionSnapshots.withLock({ $0[section] }), outline.visibleItems == items { return outline }
            return DiffableDataSourceSectionSnapshot(flat: items)
        }

        /// Expands or collapses the item at `indexPath`, as a user's tap on its outline disclosure
        /// does: asks ``sectionSnapshotHandlers``, then applies the section's new snapshot,
        /// animated. Returns whether it changed anything.
        ///
        /// An addition to Apple's API: UIKit's outline disclosure accessory reaches Apple's data
        /// source privately, so with this one give the accessory an action handler that calls it,
        /// `.outlineDisclosure(actionHandler: { dataSource.toggleExpansion(at: indexPath) })`.
        @discardableResult
        public func toggleExpansion(at indexPath: IndexPath) -> Bool {
            guard let item = core.item(at: indexPath), let section = core.section(at: indexPath[0]) else { return false }
            let current = snapshot(for: section)
            guard current.contains(item) else { return false }
            var next = current
            if current.isExpanded(item) {
                guard sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return false }
                sectionSnapshotHandlers.willCollapseItem?(item)
                next.collapse([item])
            } else {
                guard sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return false }
                sectionSnapshotHandlers.willExpandItem?(item)
                if let provide = sectionSnapshotHandlers.snapshotForExpandingParent { next = provide(item, current) }
                if next.contains(item) { next.expand([item]) }
            }
            apply(next, to: section, animatingDifferences: true)
            return true
        }

        /// Takes in the user's move of the item at `source` to `destination` (paths before and
        /// after the move, the view having moved the item already) between the reordering
        /// handlers: the data source's snapshot and section snapshots hold the move, and the view
        /// gets a batch only if an outline places the item elsewhere than the user dropped it.
        /// The transaction describes what the view showed: when an update is on its way to the
        /// view, that update still comes, diffed from the view as the user left it.
        private func reorder(from source: IndexPath, to destination: IndexPath) {
            guard let from = core.section(at: source[0]), let to = core.section(at: destination[0]),
                core.item(at: source) != nil
            else { return }
            let initial = core.shownSnapshot()
            let sections = from == to ? [from] : [from, to]
            let initialOutlines = sections.map { outline(of: $0, in: initial) }
            var final = initial
            final.moveItem(at: (source[0], source[1]), to: (destination[0], destination[1]))
            var finalOutlines: [DiffableDataSourceSectionSnapshot<ItemIdentifierType>]
            let flat = initialOutlines.allSatisfy { $0.rootItems.count == $0.items.count }
            if flat {
                // Flat sections: the move itself, by position, exact with duplicates.
                finalOutlines = sections.map { DiffableDataSourceSectionSnapshot(flat: final.lists[final.indexOfSection($0)!]) }
            } else {
                finalOutlines = movedInOutlines(initialOutlines, from: source, to: destination, in: initial)
                for (section, outline) in zip(sections, finalOutlines) {
                    final.setItems(outline.visibleItems, ofSection: section)
                }
            }
            let transaction = DiffableDataSourceTransaction(
                initialSnapshot: initial, finalSnapshot: final,
                difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers),
                sectionTransactions: zip(sections, zip(initialOutlines, finalOutlines)).map { section, outlines in
                    DiffableDataSourceSectionTransaction(
                        sectionIdentifier: section, initialSnapshot: outlines.0, finalSnapshot: outlines.1,
                        difference: outlines.1.items.difference(from: outlines.0.items))
                })
            reorderingHandlers.willReorder?(transaction)
            let showsApplied = core.showsApplied
            core.viewMovedItem(from: source, to: destination)
            sectionSnapshots.withLock { stored in
                for (section, outline) in zip(sections, finalOutlines) { stored[section] = outline }
            }
            // In flat sections the view already shows `final`, which the move made the snapshot;
            // an outline may place the item elsewhere than the user dropped it.
            if showsApplied && !flat { core.apply(final, .batches(animated: true), completion: nil) }
            reorderingHandlers.didReorder?(transaction)
        }

        /// The outlines of the sections a user's move touches (the source's, then the
        /// destination's when it differs) after it: the moved item, with its subtree and
        /// expansion, becomes the sibling of the nearest visible item that follows where it was
        /// dropped, else of the nearest one before, else a root item at the end.
        private func movedInOutlines(
            _ outlines: [DiffableDataSourceSectionSnapshot<ItemIdentifierType>], from source: IndexPath,
            to destination: IndexPath, in initial: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
        ) -> [DiffableDataSourceSectionSnapshot<ItemIdentifierType>] {
            let item = initial.lists[source[0]][source[1]]
            var outlines = outlines
            let moved = outlines[0].snapshot(of: item, includingParent: true)
            outlines[0].delete([item])
            let last = outlines.count - 1
            var visible = initial.lists[destination[0]]
            if source[0] == destination[0] { visible.remove(at: source[1]) }
            let after = visible[min(destination[1], visible.count)...].first { outlines[last].contains($0) }
            let before = visible[..<min(destination[1], visible.count)].last { outlines[last].contains($0) }
            if let after {
                outlines[last].insert(moved, before: after)
            } else if let before {
                outlines[last].insert(moved, after: before)
            } else {
                outlines[last]._insertNodes(of: moved, level: 0, at: outlines[last].items.count, "reorder")
            }
            return outlines
        }
    }
#endif
