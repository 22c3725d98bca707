import Foundation

/// What every diffable data source shares: the snapshot last applied, the data the view shows,
/// and the pipeline that diffs each applied snapshot off the main thread and animates the
/// result through the glue (`BatchUpdateTarget.reload(using:…)`: the live-view guard, one batch
/// per stage, each stage's data set inside its batch).
///
/// `apply` may be called from the main thread or from one background queue. Snapshots applied
/// while a diff runs are coalesced: the newest is diffed next, against what the view will show,
/// and the completions of the ones it replaced run when it is shown. Every completion runs
/// once, on the main actor.
@MainActor
@usableFromInline
final class DiffableDataSourceCore<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>
    @usableFromInline typealias Sections = DiffableSections<Section, Item>

    private struct Pending {
        var snapshot: Snapshot
        var animated: Bool
        var differ: DiffableDiffer<Section, Item>
        var completions: [@MainActor @Sendable () -> Void]
    }

    /// The data the view shows (a stage's data while a diff is animated), when it shows sections.
    private(set) var shown: Sections = []
    /// The rows the view shows, when it shows every section's items as one list (``flat``).
    private(set) var shownRows: [DiffableItem<Item>] = []
    /// Whether the view shows every section's items as one list of rows (NSTableView's).
    let flat: Bool
    /// The snapshot applied last, whether or not the view shows it yet.
    nonisolated var snapshot: Snapshot { latest.withLock { $0 } }

    /// The view the batches go to.
    var view: any BatchUpdateTarget
    private let keying: DiffableKeying<Item>
    private nonisolated let latest = LockedValue(Snapshot())
    private nonisolated let pending = LockedValue<Pending?>(nil)
    private var running = false

    init(view: any BatchUpdateTarget, flat: Bool = false, keying: DiffableKeying<Item>) {
        self.view = view
        self.flat = flat
        self.keying = keying
    }

    /// The view, with updates reconfigured or reloaded as the snapshot asked for each item.
    private var target: DiffableBatchTarget {
        DiffableBatchTarget(view: view) { [weak self] path in self?.refresh(at: path) ?? .none }
    }

    /// Makes `snapshot` the data source's state and brings the view to it: animated through
    /// batch updates, or with `reloadData()` when `animated` is false. `differ` is
    /// ``DiffableDiffer/specialized``, built by the caller's inlined `apply`.
    @usableFromInline
    nonisolated func apply(
        _ snapshot: Snapshot, animated: Bool, differ: DiffableDiffer<Section, Item>,
        completion: (@MainActor @Sendable () -> Void)?
    ) {
        latest.withLock { $0 = snapshot }
        let start = pending.withLock { next -> Bool in
            let completions = (next?.completions ?? []) + (completion.map { [$0] } ?? [])
            let wasEmpty = next == nil
            next = Pending(snapshot: snapshot, animated: animated, differ: differ, completions: completions)
            return wasEmpty
        }
        if start { Task { @MainActor in self.drain() } }
    }

    /// Applies pending snapshots until none is left; one drain at a time.
    private func drain() {
        guard !running else { return }
        running = true
        Task { @MainActor in
            while let next = pending.withLock({ next -> Pending? in
                defer { next = nil }
                return next
            }) {
                await show(next)
                next.completions.forEach { $0() }
            }
            running = false
            if pending.withLock({ $0 != nil }) { drain() }
        }
    }

    private func show(_ next: Pending) async {
        let (differ, snapshot, keying) = (next.differ, next.snapshot, keying)
        if flat {
            guard next.animated else {
                let rows = differ.rows(snapshot)
                return reload { self.shownRows = rows }
            }
            let source = shownRows
            let staged = await Task.detached {
                differ.stageRows(source, differ.rows(snapshot), keying)
            }.value
            await animate(staged) { self.shownRows = $0 }
        } else {
            guard next.animated else {
                let sections = differ.sections(snapshot)
                return reload { self.shown = sections }
            }
            let source = shown
            let staged = await Task.detached { differ.stageSections(source, differ.sections(snapshot), keying) }.value
            await animate(staged) { self.shown = $0 }
        }
    }

    private func reload(_ setData: () -> Void) {
        setData()
        view.reloadData()
    }

    private func animate<C>(_ staged: StagedChangeset<C>, setData: @escaping (C) -> Void) async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            target.reload(using: staged, reconfiguringUpdates: true, completion: { _ in finished.resume() }, setData: setData)
        }
    }

    // MARK: - What the view shows

    /// The item at `indexPath` of the view, or nil.
    func item(at indexPath: IndexPath) -> Item? {
        guard indexPath.count == 2, shown.indices.contains(indexPath[0]),
            shown[indexPath[0]].elements.indices.contains(indexPath[1])
        else { return nil }
        return shown[indexPath[0]].elements[indexPath[1]].item
    }

    /// The section identifier at `index` of the view, or nil.
    func section(at index: Int) -> Section? {
        shown.indices.contains(index) ? shown[index].model.identifier : nil
    }

    /// How the snapshot asked for the item at `path` (an index path of the data shown) to be
    /// refreshed.
    func refresh(at path: ElementPath) -> DiffableRefresh {
        if flat { return shownRows.indices.contains(path.element) ? shownRows[path.element].refresh : .none }
        guard shown.indices.contains(path.section), shown[path.section].elements.indices.contains(path.element)
        else { return .none }
        return shown[path.section].elements[path.element].refresh
    }

    /// Where the applied snapshot has `item` (its first occurrence), or nil.
    /// - Complexity: O(1) from the snapshot's look-up table (built once per snapshot).
    nonisolated func indexPath(for item: Item) -> IndexPath? {
        let snapshot = self.snapshot
        guard let found = snapshot.index.position(of: item, in: snapshot.lists) else { return nil }
        return IndexPath(indexes: [found.position.section, found.position.offset])
    }
}

/// A view as a diffable data source drives it: updates go to `reconfigureElements(at:)` and
/// are reloaded instead for the items the snapshot asked to reload.
@MainActor
struct DiffableBatchTarget: BatchUpdateTarget {
    let view: any BatchUpdateTarget
    /// How the snapshot asked for the item at a path of the data being installed to be refreshed.
    let refresh: @MainActor (ElementPath) -> DiffableRefresh

    var canPerformBatchUpdates: Bool { view.canPerformBatchUpdates }
    var numberOfSections: Int { view.numberOfSections }
    func numberOfElements(inSection section: Int) -> Int { view.numberOfElements(inSection: section) }
    func reloadData() { view.reloadData() }
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        view.performBatch(updates, completion: completion)
    }
    func deleteSections(at sections: [Int]) { view.deleteSections(at: sections) }
    func insertSections(at sections: [Int]) { view.insertSections(at: sections) }
    func reloadSections(at sections: [Int]) { view.reloadSections(at: sections) }
    func moveSection(from source: Int, to target: Int) { view.moveSection(from: source, to: target) }
    func deleteElements(at paths: [ElementPath]) { view.deleteElements(at: paths) }
    func insertElements(at paths: [ElementPath]) { view.insertElements(at: paths) }
    func reloadElements(at paths: [ElementPath]) { view.reloadElements(at: paths) }
    func moveElement(from source: ElementPath, to target: ElementPath) { view.moveElement(from: source, to: target) }
    /// Performs `batch` through the view's own `perform` (NSTableView's target translates a
    /// whole batch into its immediate row operations), with the updates split as the snapshot
    /// asked: reconfigured, then everything else with the reloads.
    func perform(_ batch: BatchUpdate, reconfiguringUpdates: Bool) {
        guard reconfiguringUpdates, !batch.elementUpdated.isEmpty else {
            return view.perform(batch, reconfiguringUpdates: reconfiguringUpdates)
        }
        var rest = batch
        rest.elementUpdated = batch.elementUpdated.filter { refresh($0) == .reload }
        let reconfigures = batch.elementUpdated.filter { refresh($0) != .reload }
        // Reconfigures first: they neither add, remove nor move a row, so the rest's indices
        // hold for a view whose calls act at once.
        if !reconfigures.isEmpty { view.perform(BatchUpdate(elementUpdated: reconfigures), reconfiguringUpdates: true) }
        view.perform(rest, reconfiguringUpdates: false)
    }
    func reconfigureElements(at paths: [ElementPath]) {
        let reloads = paths.filter { refresh($0) == .reload }
        if !reloads.isEmpty { view.reloadElements(at: reloads) }
        let reconfigures = paths.filter { refresh($0) != .reload }
        if !reconfigures.isEmpty { view.reconfigureElements(at: reconfigures) }
    }
}
