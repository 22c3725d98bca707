import Foundation

/// What every diffable data source shares: applying snapshots, and reading the one applied
/// last. Its subclasses, one per kind of view (`TableViewDiffableDataSource`,
/// `CollectionViewDiffableDataSource` and AppKit's two), each become their view's data
/// source, as Apple's diffable data sources do.
@MainActor
open class DiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject
{
    @usableFromInline let core: DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType>

    /// A data source driving `view`; `flat` for a view that shows every section's items as one
    /// list of rows (NSTableView).
    init(view: any BatchUpdateTarget, flat: Bool = false, keying: DiffableKeying<ItemIdentifierType>) {
        core = DiffableDataSourceCore(view: view, flat: flat, keying: keying)
        super.init()
    }

    /// Makes `snapshot` the data source's state and animates the view to it (or reloads it when
    /// `animatingDifferences` is false), calling `completion` on the main actor once the view
    /// shows it or a newer snapshot. Callable from the main thread or from one background queue.
    @inlinable
    public final nonisolated func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (@MainActor @Sendable () -> Void)? = nil
    ) {
        core.apply(snapshot, animated: animatingDifferences, differ: .specialized, completion: completion)
    }

    /// As ``apply(_:animatingDifferences:completion:)``, returning once the view shows the
    /// snapshot (or a newer one).
    @inlinable
    public final nonisolated func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            core.apply(snapshot, animated: animatingDifferences, differ: .specialized) { done.resume() }
        }
    }

    /// Makes `snapshot` the data source's state and reloads the view, without a diff.
    @inlinable
    public final nonisolated func applySnapshotUsingReloadData(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (@MainActor @Sendable () -> Void)? = nil
    ) {
        core.apply(snapshot, animated: false, differ: .specialized, completion: completion)
    }

    /// The snapshot applied last.
    public final nonisolated func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        core.snapshot
    }
}
