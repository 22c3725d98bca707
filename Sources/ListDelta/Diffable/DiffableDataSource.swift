import Foundation

/// What UIKit's diffable data sources share: applying snapshots, and reading the one applied
/// last. Its subclasses, `TableViewDiffableDataSource` and `CollectionViewDiffableDataSource`,
/// each become their view's data source, as Apple's diffable data sources do; like UIKit's,
/// they are `@MainActor @preconcurrency` over `Hashable & Sendable` identifiers. AppKit's two
/// share `AppKitDiffableDataSource`, declared as AppKit declares them.
///
/// `apply` keeps Apple's contract: called on the main thread, the view shows the snapshot when
/// it returns; called from a background queue (always the same one), the diff runs on that
/// queue and the view follows on the main thread, in order. The one addition,
/// ``applyDiffingOffMainThread(_:animatingDifferences:completion:)``, is for lists whose diff
/// costs more than a frame.
@MainActor
@preconcurrency
open class DiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject
{
    let core: DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType>

    /// A data source driving `view`; `flat` for a view that shows every section's items as one
    /// list of rows (NSTableView), `withoutAnimation` running a body with the view's
    /// animations off.
    init(
        view: any BatchUpdateTarget, flat: Bool = false, keying: DiffableKeying<ItemIdentifierType>,
        withoutAnimation: @escaping @MainActor (() -> Void) -> Void
    ) {
        core = DiffableDataSourceCore(view: view, flat: flat, keying: keying, withoutAnimation: withoutAnimation)
        super.init()
    }

    /// What the view keeps in place when an applied snapshot changes rows above the ones on
    /// screen (see ``ScrollAnchor``); nil, the default, keeps the content offset, as Apple's
    /// data sources do. ListDelta's addition.
    public var scrollAnchor: ScrollAnchor? {
        get { core.scrollAnchor }
        set { core.scrollAnchor = newValue }
    }

    /// Makes `snapshot` the data source's state and updates the view to it, animating the
    /// differences or not.
    ///
    /// Called on the main thread, the diff runs there and the view shows the snapshot when
    /// `apply` returns: its counts, ``snapshot()`` and the look-ups all agree. Called from a
    /// background queue (Apple's rule: always the main queue, or always one background queue),
    /// the diff runs on that queue and the view is updated on the main thread, the snapshots
    /// shown in the order they were applied. A debug build says so when both are mixed.
    ///
    /// - Parameters:
    ///   - snapshot: The new state of the data.
    ///   - animatingDifferences: Whether the view animates the differences; when false, it
    ///     applies them without animation (cells that stay keep their configuration), as
    ///     Apple's does from iOS 15. ``applySnapshotUsingReloadData(_:completion:)`` reloads.
    ///   - completion: Runs on the main thread once the animations end.
    /// - Complexity: O(*n*) expected for *n* items in both snapshots.
    open func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        core.apply(snapshot, .batches(animated: animatingDifferences), completion: completion)
    }

    /// As ``apply(_:animatingDifferences:completion:)``, returning once the animations end.
    open func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {
        await core.applyAwaitingView(snapshot, .batches(animated: animatingDifferences))
    }

    /// Makes `snapshot` the data source's state and reloads the view, without a diff or an
    /// animation; `completion` runs on the main thread once the view shows it.
    open func applySnapshotUsingReloadData(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        core.apply(snapshot, .reload, completion: completion)
    }

    /// As ``applySnapshotUsingReloadData(_:completion:)``, returning once the view shows it.
    open func applySnapshotUsingReloadData(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
        await core.applyAwaitingView(snapshot, .reload)
    }

    /// ListDelta's one addition to Apple's `apply`, for lists whose diff costs more than a
    /// frame: makes `snapshot` the data source's state at once (``snapshot()`` returns it) and
    /// diffs it off the main thread, from whichever thread it is called; the view follows when
    /// the diff is done. Snapshots applied while a diff runs are coalesced: the newest is
    /// diffed next and the ones it replaced are never shown, their completions running when
    /// it is. Until then the view, the look-ups of what the view
    /// shows, and ``snapshot()`` may disagree.
    ///
    /// - Parameters:
    ///   - snapshot: The new state of the data.
    ///   - animatingDifferences: Whether the view animates the differences.
    ///   - completion: Runs on the main thread once the view shows this snapshot or a newer one.
    public nonisolated final func applyDiffingOffMainThread(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (@MainActor @Sendable () -> Void)? = nil
    ) {
        core.applyCoalescing(snapshot, .batches(animated: animatingDifferences), mainActorCompletion: completion)
    }

    /// As ``applyDiffingOffMainThread(_:animatingDifferences:completion:)``, returning once
    /// the view shows this snapshot or a newer one.
    public nonisolated final func applyDiffingOffMainThread(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {
        await core.applyCoalescingAwaitingView(snapshot, .batches(animated: animatingDifferences))
    }

    /// The snapshot applied last.
    open func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        core.snapshot
    }

    /// The snapshot the data source shows once `sectionSnapshot` is applied to `section`, as
    /// `CollectionViewDiffableDataSource.apply(_:to:animatingDifferences:completion:)` builds
    /// it, and the benchmarks time it: ``snapshot()`` with the section's items replaced by the
    /// outline's visible items (the section appended when the snapshot has none).
    /// - Parameters:
    ///   - sectionSnapshot: The section's items, as an outline.
    ///   - section: The section it replaces.
    /// - Returns: The whole snapshot to apply.
    /// - Complexity: O(*n* + *k*) for *n* items in the outline and *k* in the section it
    ///   replaces.
    @_spi(Benchmarks)
    public func snapshot(
        applying sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType
    ) -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        var whole = core.snapshot
        whole.setItems(sectionSnapshot.visibleItems, ofSection: section)
        return whole
    }
}
