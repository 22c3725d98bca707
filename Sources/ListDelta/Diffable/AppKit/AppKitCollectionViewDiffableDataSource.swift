#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// A drop-in for AppKit's `NSCollectionViewDiffableDataSource`: the collection view's data
    /// source, filled from ``DiffableDataSourceSnapshot``s, from macOS 10.15, that never crashes
    /// on duplicate identifiers. `apply` keeps Apple's contract (see ``DiffableDataSource``). A
    /// data source made with
    /// ``init(collectionView:identifiedBy:itemProvider:)`` keeps whole models in the snapshot: a
    /// model whose identity stays and whose value changed is reloaded in place, never deleted
    /// and inserted.
    ///
    /// Declared as AppKit declares `NSCollectionViewDiffableDataSource`: not isolated to an
    /// actor, over `Hashable` identifiers (see ``AppKitDiffableDataSource``); the collection
    /// view's data source methods are the main actor's, as their protocol is.
    open class AppKitCollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
        AppKitDiffableDataSource<SectionIdentifierType, ItemIdentifierType>
    {
        /// Makes the item for an item identifier at an index path; nil is a programming error.
        public typealias ItemProvider = (
            _ collectionView: NSCollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
        ) -> NSCollectionViewItem?

        /// Makes a supplementary view (a header, say) of a kind at an index path.
        public typealias SupplementaryViewProvider = (
            _ collectionView: NSCollectionView, _ elementKind: String, _ indexPath: IndexPath
        ) -> (NSView & NSCollectionViewElement)?

        private let itemProvider: ItemProvider
        // Read and written on the main thread only (see `supplementaryViewProvider`).
        private var supplementaryViews: SupplementaryViewProvider?

        /// Makes the collection view's supplementary views; nil gives none. Main thread only.
        open var supplementaryViewProvider: SupplementaryViewProvider? {
            get {
                MainQueue.require("supplementaryViewProvider")
                return supplementaryViews
            }
            set {
                MainQueue.require("supplementaryViewProvider")
                supplementaryViews = newValue
            }
        }

        /// A data source for `collectionView`, which it becomes the data source of, making items
        /// with `itemProvider`. Main thread only.
        public init(collectionView: NSCollectionView, itemProvider: @escaping ItemProvider) {
            self.itemProvider = itemProvider
            super.init("init(collectionView:itemProvider:)", keying: .item) { NSCollectionViewBatchTarget(collectionView) }
            connect("init(collectionView:itemProvider:)") {
                collectionView.dataSource = $0 as? AppKitCollectionViewDiffableDataSource
            }
        }

        /// A data source whose snapshots hold whole models, identified by `identity` (see the
        /// type's description): the one addition to Apple's initialisers.
        public init<ID: Hashable & Sendable>(
            collectionView: NSCollectionView, identifiedBy identity: KeyPath<ItemIdentifierType, ID> & Sendable,
            itemProvider: @escaping ItemProvider
        ) where ItemIdentifierType: Sendable {
            self.itemProvider = itemProvider
            super.init(
                "init(collectionView:identifiedBy:itemProvider:)", keying: .key { SendableHashable($0[keyPath: identity]) }
            ) { NSCollectionViewBatchTarget(collectionView) }
            connect("init(collectionView:identifiedBy:itemProvider:)") {
                collectionView.dataSource = $0 as? AppKitCollectionViewDiffableDataSource
            }
        }

        /// The item the view shows at `indexPath`, or nil. Main thread only.
        open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
            let core = core
            return MainQueue.run("itemIdentifier(for:)") { core.item(at: indexPath) }
        }

        /// Where the snapshot applied last has `itemIdentifier` (its first occurrence), or nil.
        open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
            core.indexPath(for: itemIdentifier)
        }

        /// The section the view shows at `index`, or nil: ListDelta's addition, as UIKit's data
        /// sources have it. Main thread only.
        open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
            let core = core
            return MainQueue.run("sectionIdentifier(for:)") { core.section(at: index) }
        }

        /// The index of `sectionIdentifier` in the snapshot applied last, or nil: ListDelta's
        /// addition, as UIKit's data sources have it.
        open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
            core.snapshot.indexOfSection(sectionIdentifier)
        }

        // MARK: NSCollectionViewDataSource

        /// The number of sections the view shows.
        @MainActor
        open func numberOfSections(in collectionView: NSCollectionView) -> Int { core.shown.sections.count }

        /// The number of items of `section` the view shows.
        @MainActor
        open func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
            core.shown.sections.indices.contains(section) ? core.shown.sections[section].elements.count : 0
        }

        /// The item the item provider makes for the item identifier at `indexPath`.
        @MainActor
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
        @MainActor
        open func collectionView(
            _ collectionView: NSCollectionView, viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
            at indexPath: IndexPath
        ) -> NSView {
            guard let view = supplementaryViews?(collectionView, kind, indexPath) else {
                preconditionFailure(
                    "AppKitCollectionViewDiffableDataSource: no supplementary view of kind \(kind) at \(indexPath)")
            }
            return view
        }
    }

    // In an extension, so that the class is not isolated to the main actor as its protocol is
    // (the methods above are).
    extension AppKitCollectionViewDiffableDataSource: NSCollectionViewDataSource {}
#endif
