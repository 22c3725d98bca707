#if canImport(UIKit) && !os(watchOS)
    import UIKit

    /// A drop-in for `UICollectionViewDiffableDataSource`: the collection view's data source, filled from
    /// ``DiffableDataSourceSnapshot``s, from iOS 13 and tvOS 13, that never crashes on duplicate
    /// identifiers.
    ///
    /// Replace `UICollectionViewDiffableDataSource` with `CollectionViewDiffableDataSource` and
    /// `NSDiffableDataSourceSnapshot` with `DiffableDataSourceSnapshot`. Each `apply` is diffed
    /// by ListDelta off the main thread and animated one batch per stage; snapshots applied while
    /// a diff runs are coalesced, the newest winning. Beyond Apple's API, a data source made
    /// with ``init(collectionView:identifiedBy:cellProvider:)`` keeps whole models in the snapshot:
    /// a model whose identity stays and whose value changed is reconfigured in its cell.
    @MainActor
    open class CollectionViewDiffableDataSource<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    >:
        DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, UICollectionViewDataSource
    {
        /// Makes the cell for an item at an index path; nil is a programming error, as in UIKit.
        public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
        /// Makes a supplementary view (a header, say) of a kind at an index path.
        public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

        private let cellProvider: CellProvider

        /// Makes the collection view's supplementary views; nil gives none.
        public var supplementaryViewProvider: SupplementaryViewProvider?

        /// A data source for `collectionView`, which it becomes the data source of, making cells
        /// with `cellProvider`.
        public convenience init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
            self.init(collectionView: collectionView, keying: .item, cellProvider: cellProvider)
        }

        /// A data source whose snapshots hold whole models, identified by `identity`: a model
        /// whose identity stays and whose value changed is reconfigured in its cell (iOS 15;
        /// reloaded before), never deleted and inserted, and ``itemIdentifier(for:)`` returns
        /// the current model. The one addition to Apple's API.
        public convenience init<ID: Hashable & Sendable>(
            collectionView: UICollectionView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            cellProvider: @escaping CellProvider
        ) {
            self.init(
                collectionView: collectionView, keying: .key { SendableHashable($0[keyPath: identity]) },
                cellProvider: cellProvider)
        }

        private init(
            collectionView: UICollectionView,
            keying: DiffableKeying<ItemIdentifierType>,
            cellProvider: @escaping CellProvider
        ) {
            self.cellProvider = cellProvider
            super.init(view: CollectionViewBatchTarget(collectionView), keying: keying)
            collectionView.dataSource = self
        }

        /// The item the collection view shows at `indexPath`, or nil.
        public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.item(at: indexPath) }

        /// Where the snapshot applied last has `itemIdentifier` (its first occurrence), or nil.
        public nonisolated func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
            core.indexPath(for: itemIdentifier)
        }

        /// The section the collection view shows at `index`, or nil.
        public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.section(at: index) }

        /// The index of `sectionIdentifier` in the snapshot applied last, or nil.
        public nonisolated func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
            core.snapshot.indexOfSection(sectionIdentifier)
        }

        // MARK: UICollectionViewDataSource

        /// The number of sections the collection view shows.
        open func numberOfSections(in collectionView: UICollectionView) -> Int { core.shown.count }

        /// The number of items of `section` the collection view shows.
        open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            core.shown.indices.contains(section) ? core.shown[section].elements.count : 0
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
    }
#endif
