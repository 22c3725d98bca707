#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// A drop-in for AppKit's `NSCollectionViewDiffableDataSource`: the collection view's data
    /// source, filled from ``DiffableDataSourceSnapshot``s, from macOS 10.15, that never crashes
    /// on duplicate identifiers. `apply` keeps Apple's contract (see ``DiffableDataSource``). A
    /// data source made with
    /// ``init(collectionView:identifiedBy:itemProvider:)`` keeps whole models in the snapshot: a
    /// model whose identity stays and whose value changed is reloaded in place, never deleted
    /// and inserted.
    @MainActor
    @preconcurrency
    open class AppKitCollectionViewDiffableDataSource<
        SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
    >: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>, NSCollectionViewDataSource {
        /// Makes the item for an item identifier at an index path; nil is a programming error.
        public typealias ItemProvider = (
            _ collectionView: NSCollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
        ) -> NSCollectionViewItem?

        /// Makes a supplementary view (a header, say) of a kind at an index path.
        public typealias SupplementaryViewProvider = (
            _ collectionView: NSCollectionView, _ elementKind: String, _ indexPath: IndexPath
        ) -> (NSView & NSCollectionViewElement)?

        private let itemProvider: ItemProvider

        /// Makes the collection view's supplementary views; nil gives none.
        open var supplementaryViewProvider: SupplementaryViewProvider?

        /// A data source for `collectionView`, which it becomes the data source of, making items
        /// with `itemProvider`.
        public init(collectionView: NSCollectionView, itemProvider: @escaping ItemProvider) {
            self.itemProvider = itemProvider
            super.init(
                view: NSCollectionViewBatchTarget(collectionView), keying: .item, withoutAnimation: withoutAppKitAnimation)
            collectionView.dataSource = self
        }

        /// A data source whose snapshots hold whole models, identified by `identity` (see the
        /// type's description): the one addition to Apple's initialisers.
        public init<ID: Hashable & Sendable>(
            collectionView: NSCollectionView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            itemProvider: @escaping ItemProvider
        ) {
            self.itemProvider = itemProvider
            super.init(
                view: NSCollectionViewBatchTarget(collectionView), keying: .key { SendableHashable($0[keyPath: identity]) },
                withoutAnimation: withoutAppKitAnimation)
            collectionView.dataSource = self
        }

        /// The item the view shows at `indexPath`, or nil.
        open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { core.item(at: indexPath) }

        /// Where the snapshot applied last has `itemIdentifier` (its first occurrence), or nil.
        open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
            core.indexPath(for: itemIdentifier)
        }

        /// The section the view shows at `index`, or nil.
        open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { core.section(at: index) }

        /// The index of `sectionIdentifier` in the snapshot applied last, or nil.
        open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
            core.snapshot.indexOfSection(sectionIdentifier)
        }

        // MARK: NSCollectionViewDataSource

        /// The number of sections the view shows.
        open func numberOfSections(in collectionView: NSCollectionView) -> Int { core.shown.sections.count }

        /// The number of items of `section` the view shows.
        open func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
            core.shown.sections.indices.contains(section) ? core.shown.sections[section].elements.count : 0
        }

        /// The item the item provider makes for the item identifier at `indexPath`.
        open func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath)
            -> NSCollectionViewItem
        {
            guard let item = core.item(at: indexPath) else {
                preconditionFailure("AppKitCollectionViewDiffableDataSource: no item at \(indexPath)")
            }
            guard let viewItem = itemProvider(collectionView, indexPath, item) else {
                preconditionFailure(
                    "AppKitCollectionViewDiffableDataSource: the item provider returned nil for \(item) at \(indexPath)")
            }
            return viewItem
        }

        /// The supplementary view the supplementary view provider makes; asking for one without
        /// a provider, or one the provider does not make, is a programming error, as in AppKit.
        open func collectionView(
            _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
            at indexPath: IndexPath
        ) -> NSView {
            guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
                preconditionFailure(
                    "AppKitCollectionViewDiffableDataSource: no supplementary view of kind \(kind) at \(indexPath)")
            }
            return view
        }
    }

    /// Runs `changes` in an animation group of no duration: AppKit's views change at once.
    @MainActor
    func withoutAppKitAnimation(_ changes: () -> Void) {
        withoutActuallyEscaping(changes) { changes in
            NSAnimationContext.runAnimationGroup { context in
                context.duration = 0
                changes()
            }
        }
    }
#endif
