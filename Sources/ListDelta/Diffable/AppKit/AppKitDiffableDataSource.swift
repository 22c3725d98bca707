#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// What AppKit's two diffable data sources share, declared as AppKit declares them: not
    /// isolated to an actor, over identifiers that are `Hashable` only (a macOS app's identifiers
    /// need not be `Sendable`), where ``DiffableDataSource``, UIKit's, is `@MainActor` over
    /// `Hashable & Sendable` ones.
    ///
    /// `apply` keeps Apple's contract (see ``DiffableDataSource``) from the main thread or from a
    /// background queue; ``snapshot()`` may be read from either. The members that read or change
    /// the view, or what it shows, run on the main thread, as AppKit's views require: called on
    /// another thread, they stop the program with a message naming them.
    open class AppKitDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
        NSObject
    {
        let core: DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType>

        /// A data source driving the view `view` makes on the main thread; `flat` for a view
        /// that shows every section's items as one list of rows (NSTableView).
        init(
            _ member: String, flat: Bool = false, keying: DiffableKeying<ItemIdentifierType>,
            view: @MainActor () -> any BatchUpdateTarget
        ) {
            core = MainQueue.run(member) {
                DiffableDataSourceCore(view: view(), flat: flat, keying: keying, withoutAnimation: withoutAppKitAnimation)
            }
            super.init()
        }

        /// What the view keeps in place when an applied snapshot changes rows above the ones on
        /// screen (see ``ScrollAnchor``); nil, the default, keeps the content offset, as AppKit's
        /// data sources do. ListDelta's addition, on the main actor.
        @MainActor
        public var scrollAnchor: ScrollAnchor? {
            get { core.scrollAnchor }
            set { core.scrollAnchor = newValue }
        }

        /// Runs `connect` with the data source on the main actor, to make it its view's data
        /// source (see ``HandedOver``).
        func connect(_ member: String, _ connect: @MainActor (AppKitDiffableDataSource) -> Void) {
            let handed = HandedOver(self)
            MainQueue.run(member) { connect(handed.value) }
        }

        /// Makes `snapshot` the data source's state and updates the view to it, animating the
        /// differences or not, as ``DiffableDataSource/apply(_:animatingDifferences:completion:)``
        /// does, from the main thread or from a background queue.
        ///
        /// - Parameters:
        ///   - snapshot: The new state of the data.
        ///   - animatingDifferences: Whether the view animates the differences.
        ///   - completion: Runs on the main thread once the animations end.
        /// - Complexity: O(*n*) expected for *n* items in both snapshots.
        open func apply(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
            animatingDifferences: Bool = true, completion: (() -> Void)? = nil
        ) {
            core.apply(snapshot, .batches(animated: animatingDifferences), completion: completion)
        }

        /// The snapshot applied last.
        open func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
            core.snapshot
        }

        /// As ``apply(_:animatingDifferences:completion:)``, returning once the animations end:
        /// ListDelta's addition, on the main actor.
        @MainActor
        open func apply(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
            animatingDifferences: Bool = true
        ) async {
            await core.applyAwaitingView(snapshot, .batches(animated: animatingDifferences))
        }

        /// Makes `snapshot` the data source's state and reloads the view, without a diff or an
        /// animation, as UIKit's data sources do; `completion` runs on the main thread once the
        /// view shows it. ListDelta's addition: AppKit's data sources have none.
        open func applySnapshotUsingReloadData(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
            completion: (() -> Void)? = nil
        ) {
            core.apply(snapshot, .reload, completion: completion)
        }

        /// As ``applySnapshotUsingReloadData(_:completion:)``, returning once the view shows it,
        /// on the main actor.
        @MainActor
        open func applySnapshotUsingReloadData(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
        ) async {
            await core.applyAwaitingView(snapshot, .reload)
        }
    }

    extension AppKitDiffableDataSource where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {
        /// ListDelta's addition for lists whose diff costs more than a frame, as
        /// ``DiffableDataSource/applyDiffingOffMainThread(_:animatingDifferences:completion:)``:
        /// it diffs on a thread of its own, so it asks for `Sendable` identifiers.
        ///
        /// - Parameters:
        ///   - snapshot: The new state of the data.
        ///   - animatingDifferences: Whether the view animates the differences.
        ///   - completion: Runs on the main thread once the view shows this snapshot or a newer one.
        public func applyDiffingOffMainThread(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
            animatingDifferences: Bool = true, completion: (@MainActor @Sendable () -> Void)? = nil
        ) {
            core.applyCoalescing(snapshot, .batches(animated: animatingDifferences), mainActorCompletion: completion)
        }

        /// As ``applyDiffingOffMainThread(_:animatingDifferences:completion:)``, returning once
        /// the view shows this snapshot or a newer one.
        @MainActor
        public func applyDiffingOffMainThread(
            _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
            animatingDifferences: Bool = true
        ) async {
            await core.applyCoalescingAwaitingView(snapshot, .batches(animated: animatingDifferences))
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
