import Foundation

/// What every diffable data source shares: the snapshot last applied, what the view shows, and
/// how each applied snapshot reaches the view.
///
/// Apple's contract, which `apply` keeps:
/// - Called on the main thread, the diff runs there and its batches are handed to the view
///   before `apply` returns, so the view's counts, ``snapshot`` and every look-up agree at once.
/// - Called from a background queue (always the same one, as Apple requires), the diff runs on
///   that queue and the batches follow on the main thread, in the order the snapshots were
///   applied.
///
/// ListDelta's one addition, ``applyCoalescing(_:_:completion:)``, diffs off the main
/// thread whatever the caller's thread, and snapshots applied while a diff runs are coalesced,
/// the newest winning.
///
/// Identifiers need not be `Sendable` (AppKit's are `Hashable` only). Their values and
/// conformances are then used on two threads only: the caller's, where the caller uses them
/// already (the compiler checks that, a main-actor-isolated conformance included), and the
/// main thread, where the view shows them. What crosses from the caller's queue to the main
/// thread crosses in a ``HandedOver`` box: the caller hands the snapshot over, as Apple's
/// contract has it. The addition that diffs on a thread of its own requires `Sendable`
/// identifiers.
///
/// Every applied snapshot takes the next order number. The view shows the content of one of
/// them (``shownOrder``); an update whose snapshot is older than the one shown is dropped (its
/// completion still runs), and an update diffed from content the view no longer shows is
/// diffed again, on the main thread, from what it shows. Every completion runs once, on the
/// main thread.
@MainActor
final class DiffableDataSourceCore<Section: Hashable, Item: Hashable> {
    typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>
    typealias Content = DiffableContent<Section, Item>
    typealias Completion = () -> Void

    /// How an applied snapshot reaches the view.
    enum Presentation: Sendable {
        /// Batch updates, animated or not.
        case batches(animated: Bool)
        /// `reloadData()`.
        case reload
    }

    /// The snapshot applied last, its order number, and the content diffed last (the next
    /// diff's source off the main thread) with its revision.
    private struct Applied {
        var snapshot = Snapshot()
        var order = 0
        /// The last revision handed out: every content a view is brought to, and every move a
        /// user makes in it, takes the next one.
        var revision = 0
        var diffed = Content()
        var diffedRevision = 0
        var calledFromMain: Bool?
        var warnedAboutQueues = false
        var coalesced: Coalesced?
        var coalescing = false
        /// Whether a flat view shows a header row before each section's items.
        var headers = false

        /// The next revision.
        mutating func nextRevision() -> Int {
            revision += 1
            return revision
        }
    }

    /// The newest snapshot waiting for a coalescing diff, and the completions it carries.
    private struct Coalesced {
        var snapshot: Snapshot
        var order: Int
        var presentation: Presentation
        var completions: [MainThreadCompletion]
    }

    /// A content the view is to be brought to: the content of applied snapshot `order`, as
    /// revision `revision`.
    private struct Update {
        var target: Content
        var order: Int
        var revision: Int
    }

    /// What the view shows (a stage's data while a diff is performed).
    private(set) var shown = Content()
    /// The order number of the snapshot whose content the view shows.
    private var shownOrder = 0
    /// The revision of what the view shows: changed by every update and every move a user makes.
    private var shownRevision = 0
    /// Whether the view shows every section's items as one list of rows (NSTableView's).
    nonisolated let flat: Bool
    /// The view the batches go to.
    var view: any BatchUpdateTarget
    /// What the view keeps in place through each batch; nil: its content offset.
    var scrollAnchor: ScrollAnchor?
    /// Performs a body with the view's animations off.
    private let withoutAnimation: @MainActor (() -> Void) -> Void
    private nonisolated let keying: DiffableKeying<Item>
    private nonisolated let applied = LockedValue(Applied())
    /// Held by a background queue's apply from reading the content diffed last until its
    /// update is queued, so that updates reach the main thread in the order they were diffed.
    private nonisolated let backgroundDiff = NSLock()

    init(
        view: any BatchUpdateTarget, flat: Bool = false, keying: DiffableKeying<Item>,
        withoutAnimation: @escaping @MainActor (() -> Void) -> Void
    ) {
        self.view = view
        self.flat = flat
        self.keying = keying
        self.withoutAnimation = withoutAnimation
    }

    /// The snapshot applied last, whether or not the view shows it yet.
    nonisolated var snapshot: Snapshot { applied.withLock { $0.snapshot } }

    /// Whether the view shows the snapshot applied last (no update is on its way to it).
    var showsApplied: Bool { applied.withLock { $0.order == shownOrder } }

    // MARK: - Applying

    /// Makes `snapshot` the data source's state and brings the view to it, as Apple's `apply`
    /// and `applySnapshotUsingReloadData` do: on the main thread before returning, else from
    /// the caller's queue through the main queue.
    nonisolated func apply(_ snapshot: Snapshot, _ presentation: Presentation, completion: Completion?) {
        let completion = MainThreadCompletion(completion)
        if MainQueue.isCurrent {
            let snapshot = HandedOver(snapshot)
            MainActor.assumeIsolated { applyOnMain(snapshot.value, presentation, completion: completion.run) }
        } else {
            applyFromBackground(snapshot, presentation, completion: completion)
        }
    }

    /// As ``apply(_:_:completion:)`` on the main actor, returning once the completion would run.
    func applyAwaitingView(_ snapshot: Snapshot, _ presentation: Presentation) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            apply(snapshot, presentation) { done.resume() }
        }
    }

    private func applyOnMain(_ snapshot: Snapshot, _ presentation: Presentation, completion: Completion?) {
        let target = content(of: snapshot)
        let (update, mixed) = applied.withLock { state in
            let (order, mixed) = record(snapshot, onMain: true, in: &state)
            let update = Update(target: target, order: order, revision: state.nextRevision())
            (state.diffed, state.diffedRevision) = (target, update.revision)
            return (update, mixed)
        }
        if mixed { warnAboutMixedQueues() }
        present(update, staged: nil, snapshot.differ, presentation, completion: completion)
    }

    private nonisolated func applyFromBackground(
        _ snapshot: Snapshot, _ presentation: Presentation, completion: MainThreadCompletion
    ) {
        backgroundDiff.lock()
        defer { backgroundDiff.unlock() }
        let (source, sourceRevision, order, mixed) = applied.withLock { state in
            let (order, mixed) = record(snapshot, onMain: false, in: &state)
            return (state.diffed, state.diffedRevision, order, mixed)
        }
        if mixed { warnAboutMixedQueues() }
        let target = content(of: snapshot)
        let staged: DiffableStaged<Section, Item>? =
            if case .batches = presentation { stage(from: source, to: target, snapshot.differ) } else { nil }
        let update = applied.withLock { state in
            let update = Update(target: target, order: order, revision: state.nextRevision())
            if state.diffedRevision == sourceRevision { (state.diffed, state.diffedRevision) = (target, update.revision) }
            return update
        }
        let handed = HandedOver((update, staged, snapshot.differ))
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                let (update, staged, differ) = handed.value
                self.present(
                    update, staged: sourceRevision == self.shownRevision ? staged : nil, differ, presentation,
                    completion: completion.run)
            }
        }
    }

    /// Takes the next order number for `snapshot` and makes it the applied one; says whether
    /// applies now came both from the main queue and from other queues (the first time only).
    private nonisolated func record(_ snapshot: Snapshot, onMain: Bool, in state: inout Applied) -> (Int, mixed: Bool) {
        state.order += 1
        state.snapshot = snapshot
        var mixed = false
        if let previous = state.calledFromMain, previous != onMain, !state.warnedAboutQueues {
            state.warnedAboutQueues = true
            mixed = true
        }
        state.calledFromMain = onMain
        return (state.order, mixed)
    }

    /// Says, in debug builds, that applies came both from the main queue and from other queues.
    private nonisolated func warnAboutMixedQueues() {
        #if DEBUG
            DiffableDiagnostics.warn(
                "ListDelta: a diffable data source's apply was called both on the main queue and on a background "
                    + "queue. Apple requires one or the other for the data source's whole life; ListDelta shows the "
                    + "newest snapshot, but the order of the others is not defined.")
        #endif
    }

    /// Brings the view to `update`: through `staged` when it was diffed from what the view
    /// shows, else through a diff made here. An update of a snapshot older than the one shown is
    /// dropped.
    private func present(
        _ update: Update, staged: DiffableStaged<Section, Item>?, _ differ: DiffableDiffer<Section, Item>,
        _ presentation: Presentation, completion: Completion?
    ) {
        guard update.order > shownOrder else {
            completion?()
            return
        }
        (shownOrder, shownRevision) = (update.order, update.revision)
        guard case .batches(let animated) = presentation else {
            shown = update.target
            view.reloadData()
            completion?()
            return
        }
        let staged = staged ?? stage(from: shown, to: update.target, differ)
        guard !staged.isEmpty else {
            // Before the completion, which may apply again.
            shown = update.target
            completion?()
            return
        }
        let perform = { self.perform(staged, completion: completion) }
        if animated { perform() } else { withoutAnimation(perform) }
    }

    private func perform(_ staged: DiffableStaged<Section, Item>, completion: Completion?) {
        let target = DiffableBatchTarget(view: view) { [weak self] path in self?.refresh(at: path) ?? .none }
        let finished: ((ReloadOutcome) -> Void)? = completion.map { completion in { _ in completion() } }
        switch staged {
        case .sections(let changes):
            target.reload(using: changes, reconfiguringUpdates: true, anchoring: scrollAnchor, completion: finished) {
                self.shown.sections = $0
            }
        case .rows(let changes):
            target.reload(using: changes, reconfiguringUpdates: true, anchoring: scrollAnchor, completion: finished) {
                self.shown.rows = $0
            }
        }
    }

    // MARK: - Diffing

    /// The content a view shows for `snapshot`, through the differ the snapshot was built with
    /// (``DiffableDiffer``: compiled where its identifier types are concrete).
    nonisolated func content(of snapshot: Snapshot) -> Content {
        content(of: snapshot, headers: flat && applied.withLock { $0.headers })
    }

    private nonisolated func content(of snapshot: Snapshot, headers: Bool) -> Content {
        guard flat else { return Content(sections: snapshot.differ.sections(snapshot)) }
        return Content(rows: snapshot.differ.rows(snapshot, headers))
    }

    /// Whether a flat view shows a header row before each section's items.
    nonisolated var showsSectionHeaders: Bool { applied.withLock { $0.headers } }

    /// Makes a flat view show a header row before each section's items, or not; a change
    /// reloads the view with the snapshot applied last.
    func showSectionHeaders(_ shows: Bool) {
        guard shows != showsSectionHeaders else { return }
        let (snapshot, order, revision) = applied.withLock { state in
            state.headers = shows
            state.order += 1
            return (state.snapshot, state.order, state.nextRevision())
        }
        let update = Update(target: content(of: snapshot, headers: shows), order: order, revision: revision)
        applied.withLock { state in
            if state.order == order { (state.diffed, state.diffedRevision) = (update.target, revision) }
        }
        present(update, staged: nil, snapshot.differ, .reload, completion: nil)
    }

    /// The staged changes from `source` to `target`, items identified as the data source says.
    nonisolated func stage(from source: Content, to target: Content, _ differ: DiffableDiffer<Section, Item>)
        -> DiffableStaged<Section, Item>
    {
        flat
            ? .rows(differ.stageRows(source.rows, target.rows, keying))
            : .sections(differ.stageSections(source.sections, target.sections, keying))
    }

    // MARK: - Moves the user made

    /// Records a move the view made itself (a user's reordering), without a batch: the item at
    /// `source` now stands at `destination` in what the view shows and, when the view shows the
    /// snapshot applied last, in that snapshot. An update on its way to the view, diffed from
    /// what it showed before, is diffed again when it arrives. False when either path names no
    /// place the view has.
    @discardableResult
    func viewMovedItem(from source: IndexPath, to destination: IndexPath) -> Bool {
        guard source.count == 2, destination.count == 2, shown.sections.indices.contains(source[0]),
            shown.sections[source[0]].elements.indices.contains(source[1]), shown.sections.indices.contains(destination[0])
        else { return false }
        let destinationCount = shown.sections[destination[0]].elements.count - (source[0] == destination[0] ? 1 : 0)
        guard (0...destinationCount).contains(destination[1]) else { return false }
        var moved = shown.sections[source[0]].elements.remove(at: source[1])
        moved.refresh = .none
        shown.sections[destination[0]].elements.insert(moved, at: destination[1])
        let before = shownRevision
        shownRevision = applied.withLock { state in
            let revision = state.nextRevision()
            guard state.order == shownOrder else { return revision }
            state.snapshot.moveItem(at: (source[0], source[1]), to: (destination[0], destination[1]))
            if state.diffedRevision == before { (state.diffed, state.diffedRevision) = (shown, revision) }
            return revision
        }
        return true
    }

    /// What the view shows, as a snapshot (its sections and items, without marks).
    /// - Complexity: O(*n*) for *n* items.
    func shownSnapshot() -> Snapshot {
        var snapshot = applied.withLock { $0.snapshot }
        snapshot.replaceContents(
            sections: shown.sections.map(\.model.identifier), lists: shown.sections.map { $0.elements.map(\.item) })
        return snapshot
    }

    // MARK: - What the view shows

    /// The item at `indexPath` of the view, or nil.
    func item(at indexPath: IndexPath) -> Item? {
        guard indexPath.count == 2, shown.sections.indices.contains(indexPath[0]),
            shown.sections[indexPath[0]].elements.indices.contains(indexPath[1])
        else { return nil }
        return shown.sections[indexPath[0]].elements[indexPath[1]].item
    }

    /// The section identifier at `index` of the view, or nil.
    func section(at index: Int) -> Section? {
        shown.sections.indices.contains(index) ? shown.sections[index].model.identifier : nil
    }

    /// How the snapshot asked for the item at `path` (an index path of the data shown) to be
    /// refreshed.
    func refresh(at path: ElementPath) -> DiffableRefresh {
        if flat { return shown.rows.indices.contains(path.element) ? shown.rows[path.element].refresh : .none }
        guard shown.sections.indices.contains(path.section), shown.sections[path.section].elements.indices.contains(path.element)
        else { return .none }
        return shown.sections[path.section].elements[path.element].refresh
    }

    /// Where the applied snapshot has `item` (its first occurrence), or nil.
    /// - Complexity: O(1) from the snapshot's look-up table (built once per snapshot).
    nonisolated func indexPath(for item: Item) -> IndexPath? {
        let snapshot = self.snapshot
        guard let found = snapshot.index.position(of: item, in: snapshot.lists) else { return nil }
        return IndexPath(indexes: [found.position.section, found.position.offset])
    }
}

// MARK: - Coalescing off the main thread (ListDelta's addition)

extension DiffableDataSourceCore where Section: Sendable, Item: Sendable {
    /// Makes `snapshot` the data source's state at once and brings the view to it after a diff
    /// off the main thread; a snapshot applied while a diff runs replaces any still waiting,
    /// and the completions of the ones it replaced run when it is shown.
    nonisolated func applyCoalescing(_ snapshot: Snapshot, _ presentation: Presentation, completion: Completion?) {
        let completion = MainThreadCompletion(completion)
        let start = applied.withLock { state -> Bool in
            state.order += 1
            state.snapshot = snapshot
            let carried = state.coalesced?.completions ?? []
            state.coalesced = Coalesced(
                snapshot: snapshot, order: state.order, presentation: presentation, completions: carried + [completion])
            defer { state.coalescing = true }
            return !state.coalescing
        }
        if start { Task { @MainActor in await self.drainCoalesced() } }
    }

    /// As ``applyCoalescing(_:_:completion:)``, with a completion isolated to the main actor,
    /// as the data sources' public form takes it.
    nonisolated func applyCoalescing(
        _ snapshot: Snapshot, _ presentation: Presentation, mainActorCompletion completion: (@MainActor @Sendable () -> Void)?
    ) {
        let completion = completion.map { completion in { MainActor.assumeIsolated(completion) } }
        applyCoalescing(snapshot, presentation, completion: completion)
    }

    /// As ``applyCoalescing(_:_:completion:)``, returning once the view shows this snapshot or a
    /// newer one.
    func applyCoalescingAwaitingView(_ snapshot: Snapshot, _ presentation: Presentation) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            applyCoalescing(snapshot, presentation) { done.resume() }
        }
    }

    /// Diffs and shows coalesced snapshots until none waits.
    private func drainCoalesced() async {
        while let next = applied.withLock({ state -> Coalesced? in
            defer { state.coalesced = nil }
            if state.coalesced == nil { state.coalescing = false }
            return state.coalesced
        }) {
            let (source, sourceRevision) = (shown, shownRevision)
            let (snapshot, presentation) = (next.snapshot, next.presentation)
            let (target, staged) = await Task.detached {
                let target = self.content(of: snapshot)
                guard case .batches = presentation else { return (target, DiffableStaged<Section, Item>?.none) }
                return (target, self.stage(from: source, to: target, snapshot.differ))
            }.value
            let update = applied.withLock { state in
                let update = Update(target: target, order: next.order, revision: state.nextRevision())
                if next.order >= state.order { (state.diffed, state.diffedRevision) = (target, update.revision) }
                return update
            }
            present(
                update, staged: sourceRevision == shownRevision ? staged : nil, next.snapshot.differ, next.presentation,
                completion: { next.completions.forEach { $0.run() } })
        }
    }
}

/// The content a view shows: its sections, or every section's items as one list of rows.
struct DiffableContent<Section: Hashable, Item: Hashable> {
    var sections: DiffableSections<Section, Item> = []
    var rows: [DiffableRow<Section, Item>] = []
}

/// The staged changes between two contents.
enum DiffableStaged<Section: Hashable, Item: Hashable> {
    case sections(StagedChangeset<DiffableSections<Section, Item>>)
    case rows(StagedChangeset<[DiffableRow<Section, Item>]>)

    var isEmpty: Bool {
        switch self {
        case .sections(let changes): changes.isEmpty
        case .rows(let changes): changes.isEmpty
        }
    }
}

/// Whether the caller runs on the main queue, the main actor's executor: on Apple's platforms
/// the main thread; elsewhere (a Linux test runner, say) the queue may be drained from another
/// thread, which the queue's own mark tells.
enum MainQueue {
    private static let mark: DispatchSpecificKey<Bool> = {
        let mark = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: mark, value: true)
        return mark
    }()

    static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: mark) == true }

    /// Stops the program, naming `member`, unless it is called on the main thread: for the
    /// members of a data source that is not isolated to the main actor (AppKit's are not) that
    /// read or change what the view's calls read, as AppKit's views allow no other thread.
    static func require(_ member: @autoclosure () -> String) {
        precondition(isCurrent, "\(member()) must be called on the main thread: it reads or changes the view")
    }

    /// `body`'s result, run on the main actor on the main thread `member` is called on (see
    /// ``require(_:)``). `body` captures only `Sendable` values (the core, not the data source).
    static func run<Result>(_ member: @autoclosure () -> String, _ body: @MainActor () -> Result) -> Result {
        require(member())
        return withoutActuallyEscaping(body) { body in
            let body = HandedOver(body)
            return MainActor.assumeIsolated { HandedOver(body.value()) }.value
        }
    }
}

extension DiffableContent: Sendable where Section: Sendable, Item: Sendable {}
extension DiffableStaged: Sendable where Section: Sendable, Item: Sendable {}

/// A value a data source hands to the main actor where the compiler cannot follow it, for the
/// identifiers that need not be `Sendable` (AppKit's are `Hashable` only). Its uses, and why
/// each is sound:
/// - A snapshot's identifiers, and what was diffed from them, from the thread of an `apply` to
///   the main thread, where the view shows them: the caller hands the snapshot over with
///   `apply`, as Apple's contract has it, and ListDelta only reads identifiers (through `==`
///   and `hash(into:)`, which must not change while an identifier is in a snapshot) and hands
///   them to the app's providers on the main thread.
/// - A body and its result in ``MainQueue/run(_:_:)``, on the main thread it is called on.
/// - An AppKit data source made its view's data source, on the main thread: the view calls it
///   on the main thread only, and every member that changes what those calls read checks the
///   thread (``MainQueue/require(_:)``).
struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A completion handed to the main thread: Apple's completions are not `Sendable`, and run
/// on the main queue.
struct MainThreadCompletion: @unchecked Sendable {
    // Only ever called on the main thread.
    private let body: (() -> Void)?
    init(_ body: (() -> Void)?) { self.body = body }
    func run() { body?() }
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
    var scrollAnchoringView: (any ScrollAnchoringView)? { view.scrollAnchoringView }
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
