import Foundation

/// Keeps a list view in step with a stream of snapshots of its data.
///
/// Submit each new snapshot from any thread. The updater diffs it in the background against
/// the data the view shows, and applies the result to the view on the main actor, one batch
/// per stage, setting ``data`` inside each batch so the view and its data source never
/// disagree. Snapshots that arrive while a diff runs are coalesced: only the newest is diffed
/// next, and the others are answered `false`.
///
/// Newest wins, without starving the view. A diff that finishes is always applied, since it
/// brings the view closer to the newest snapshot; the next diff then starts from there. A newer
/// snapshot cancels the running diff inside the core only while that diff is young (it has run
/// less than half as long as the last diff took) and did not itself replace a cancelled diff.
/// So however fast snapshots arrive, the view shows a result at most about 2.5 diff durations
/// old, plus the time the view spends animating (the next diff starts once the last batch's
/// animations ended, or after ``completionTimeout``), and an isolated update is shown after
/// one diff.
///
/// ```swift
/// let updater = ListUpdater(initial: [], target: CollectionViewBatchTarget(collectionView))
/// // data source: updater.data[indexPath.item]
/// updater.submit(model.items)            // from any thread, as often as the model changes
/// ```
@MainActor
public final class ListUpdater<Collection: RangeReplaceableCollection & Sendable> {
    /// Counts of the work done so far.
    public struct Statistics: Sendable, Equatable {
        /// Snapshots handed to ``submit(_:completion:)``.
        public var submitted = 0
        /// Diffs started in the background.
        public var diffsStarted = 0
        /// Diffs that ran to the end; each one is applied.
        public var diffsCompleted = 0
        /// Diffs stopped inside the core because a newer snapshot arrived.
        public var diffsCancelled = 0
        /// Diffs that failed with an error other than cancellation; each was replaced by a
        /// full reload. `diffsStarted` is the sum of the three.
        public var diffsFailed = 0
        /// Snapshots shown by the view, through a diff or a full reload.
        public var applied = 0
        /// Results the view could not animate because its counts were not those the diff
        /// started from (its data changed behind the updater's back); each was reloaded.
        public var viewsOutOfSync = 0
        /// Results reloaded instead of animated because ``ListUpdater/interrupt`` asked for it.
        public var interrupted = 0
    }

    @usableFromInline
    typealias Diff = @Sendable (Collection, Collection, CoreCancellation) throws -> StagedChangeset<Collection>

    /// The data the view shows: read it from the data source's methods.
    public private(set) var data: Collection
    /// What the updater has done so far.
    public var statistics: Statistics {
        var statistics = counts
        statistics.submitted = inbox.submittedCount
        return statistics
    }
    /// Called on the main actor when a diff fails with anything but cancellation (an
    /// allocation failure, say); the updater then sets the snapshot and reloads the view.
    public var onError: ((any Error) -> Void)?
    /// Called on the main actor when the view's counts were not those a result starts from,
    /// so the updater reloaded the view instead of animating (see ``ReloadOutcome``).
    public var onViewOutOfSync: ((ReloadOutcome.CountMismatch) -> Void)?
    /// Asked before each stage of a result; returning true sets the snapshot and reloads the
    /// view instead of animating the rest, for example `{ $0.changeCount > 300 }`.
    public var interrupt: ((Changeset<Collection>) -> Bool)?
    /// The queue diffs run on, for a framework that keeps its work on queues of its own; nil
    /// (the default) runs them in a detached task. A diff already running is not moved.
    public var diffQueue: DispatchQueue?
    /// Whether updated elements are reconfigured in their cells instead of reloaded (see
    /// ``BatchUpdateTarget/reconfigureElements(at:)``).
    public var reconfiguringUpdates = false
    /// What the view keeps in place through each batch (see ``ScrollAnchor``); nil, the
    /// default, keeps the content offset, as UIKit does.
    public var scrollAnchor: ScrollAnchor?

    private let target: any BatchUpdateTarget
    private let diff: Diff
    private let inbox = Inbox()
    private var counts = Statistics()
    /// How long the updater waits, in seconds, for a batch's completion before going on: a
    /// target that never calls it would otherwise stop the updater for good.
    public var completionTimeout: TimeInterval = 10
    private var running = false
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []

    @usableFromInline
    init(initial: Collection, target: any BatchUpdateTarget, diff: @escaping Diff) {
        data = initial
        self.target = target
        self.diff = diff
    }

    /// Hands a new snapshot to the updater; callable from any thread.
    ///
    /// - Parameters:
    ///   - snapshot: the data the view should show next.
    ///   - completion: called on the main actor with `true` once this snapshot is shown (after
    ///     the view's animations ended), or `false` once a newer snapshot replaced it.
    public nonisolated func submit(_ snapshot: Collection, completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {
        if inbox.put(snapshot, completion: completion) {
            Task { @MainActor in self.drain() }
        }
    }

    /// Returns once every submitted snapshot has been applied or superseded.
    public func settled() async {
        guard running || inbox.hasPending else { return }
        await withCheckedContinuation { settledWaiters.append($0) }
    }

    /// Diffs and applies snapshots until none is pending; only one drain runs at a time.
    private func drain() {
        guard !running else { return }
        running = true
        Task { @MainActor in
            while let next = inbox.take() {
                await process(next)
            }
            running = false
            let waiters = settledWaiters
            settledWaiters = []
            waiters.forEach { $0.resume() }
            // A snapshot may have arrived after the last take() but before running = false.
            if inbox.hasPending { drain() }
        }
    }

    private func process(_ next: Inbox.Entry) async {
        counts.diffsStarted += 1
        let source = data, target = next.snapshot, diff = self.diff, cancellation = next.cancellation
        let start = DispatchTime.now()
        let outcome: Result<StagedChangeset<Collection>, any Error>
        if let diffQueue {
            outcome = await withCheckedContinuation { continuation in
                diffQueue.async { continuation.resume(returning: Result { try diff(source, target, cancellation) }) }
            }
        } else {
            outcome = await Task.detached(priority: .userInitiated) {
                Result { try diff(source, target, cancellation) }
            }.value
        }
        switch outcome {
        case let .success(staged):
            counts.diffsCompleted += 1
            inbox.finished(startedAt: start, cancelled: false)
            let outcome = await reloadWaitingForAnimations(staged)
            switch outcome {
            case let .reloaded(.viewOutOfSync(mismatch)):
                counts.viewsOutOfSync += 1
                onViewOutOfSync?(mismatch)
            case .reloaded(.interrupted): counts.interrupted += 1
            default: break
            }
            data = target
            counts.applied += 1
            next.finish(true)
        case let .failure(error) where error is CancellationError:
            counts.diffsCancelled += 1
            inbox.finished(startedAt: start, cancelled: true)
            next.finish(false)
        case let .failure(error):
            counts.diffsFailed += 1
            inbox.finished(startedAt: start, cancelled: false)
            onError?(error)
            data = target
            self.target.reloadData()
            counts.applied += 1
            next.finish(true)
        }
    }

    /// Reloads the view with `staged` and returns once its last animation ended, or after
    /// ``completionTimeout`` if the target never says so.
    private func reloadWaitingForAnimations(_ staged: StagedChangeset<Collection>) async -> ReloadOutcome {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            let timeout = Task { @MainActor [completionTimeout] in
                try await Task.sleep(nanoseconds: UInt64(completionTimeout * 1e9))
                once.resume(.animated(finished: false))
            }
            target.reload(
                using: staged, interrupt: interrupt, reconfiguringUpdates: reconfiguringUpdates,
                anchoring: scrollAnchor,
                completion: { outcome in
                    timeout.cancel()
                    once.resume(outcome)
                }
            ) { self.data = $0 }
        }
    }

    /// Resumes a continuation the first time it is asked to.
    @MainActor
    private final class ResumeOnce {
        private var continuation: CheckedContinuation<ReloadOutcome, Never>?

        init(_ continuation: CheckedContinuation<ReloadOutcome, Never>) { self.continuation = continuation }

        func resume(_ outcome: ReloadOutcome) {
            continuation?.resume(returning: outcome)
            continuation = nil
        }
    }

    /// The newest snapshot not yet taken, and the diff in flight, guarded by a lock so that
    /// any thread may submit.
    private final class Inbox: @unchecked Sendable {
        struct Entry {
            var snapshot: Collection
            var cancellation: CoreCancellation
            var completions: [@MainActor @Sendable (Bool) -> Void]

            @MainActor
            func finish(_ applied: Bool) {
                completions.forEach { $0(applied) }
            }
        }

        /// The running diff, and whether a newer snapshot may still cancel it.
        private struct InFlight {
            var cancellation: CoreCancellation
            var started: DispatchTime
            var replacesCancelled: Bool
        }

        private let lock = NSLock()
        private var pending: Entry?
        private var inFlight: InFlight?
        private var lastWasCancelled = false
        private var lastDuration: UInt64?  // nanoseconds
        private var superseded: [@MainActor @Sendable (Bool) -> Void] = []
        private var submitted = 0

        /// Stores `snapshot` as the newest, cancels the diff in flight if it may be, and says
        /// whether this is the first pending snapshot (the caller then starts a drain).
        func put(_ snapshot: Collection, completion: (@MainActor @Sendable (Bool) -> Void)?) -> Bool {
            lock.withLock {
                submitted += 1
                if let running = inFlight, !running.replacesCancelled,
                    lastDuration.map({ nanoseconds(since: running.started) < $0 / 2 }) ?? true
                {
                    running.cancellation.cancel()
                }
                let wasEmpty = pending == nil
                if let old = pending { superseded += old.completions }
                pending = Entry(
                    snapshot: snapshot, cancellation: CoreCancellation(),
                    completions: completion.map { [$0] } ?? [])
                return wasEmpty
            }
        }

        /// Takes the newest snapshot, marking its diff as the one in flight; completions of
        /// snapshots it superseded are answered `false` first.
        @MainActor
        func take() -> Entry? {
            let (entry, skipped) = lock.withLock { () -> (Entry?, [@MainActor @Sendable (Bool) -> Void]) in
                let entry = pending
                pending = nil
                inFlight = entry.map {
                    InFlight(cancellation: $0.cancellation, started: .now(), replacesCancelled: lastWasCancelled)
                }
                defer { superseded = [] }
                return (entry, superseded)
            }
            skipped.forEach { $0(false) }
            return entry
        }

        /// Records how the diff in flight, started at `start`, ended.
        func finished(startedAt start: DispatchTime, cancelled: Bool) {
            let duration = nanoseconds(since: start)
            lock.withLock {
                inFlight = nil
                lastWasCancelled = cancelled
                if !cancelled { lastDuration = duration }
            }
        }

        private func nanoseconds(since start: DispatchTime) -> UInt64 {
            DispatchTime.now().uptimeNanoseconds &- start.uptimeNanoseconds
        }

        var hasPending: Bool { lock.withLock { pending != nil } }
        var submittedCount: Int { lock.withLock { submitted } }
    }
}

extension ListUpdater where Collection.Element: Differentiable {
    /// An updater for a flat list shown by `target`, starting from `initial` (what the view
    /// shows now).
    ///
    /// - Parameters:
    ///   - initial: the data the view shows now.
    ///   - target: the view the batches go to.
    ///   - section: the section index of every element path.
    ///   - algorithm: how elements are matched.
    @inlinable
    public convenience init(
        initial: Collection, target: any BatchUpdateTarget, section: Int = 0,
        algorithm: DiffAlgorithm = .heckel
    ) {
        self.init(initial: initial, target: target) { source, snapshot, cancellation in
            StagedChangeset(
                try flatStages(
                    source: source, target: snapshot, section: section,
                    algorithm: algorithm, cancellation: cancellation))
        }
    }
}

extension ListUpdater where Collection.Element: DifferentiableSection {
    /// An updater for a list of sections shown by `target`, starting from `initial`.
    @inlinable
    public convenience init(initial: Collection, target: any BatchUpdateTarget, algorithm: DiffAlgorithm = .heckel) {
        // Forwards rather than defaulting `sectionUpdates`: see SectionUpdates.swift.
        self.init(initial: initial, target: target, algorithm: algorithm, sectionUpdates: .reloaded)
    }

    /// An updater for a list of sections shown by `target`, starting from `initial`, that
    /// reports a matched section whose own content changed as `sectionUpdates` says.
    @inlinable
    public convenience init(
        initial: Collection, target: any BatchUpdateTarget, algorithm: DiffAlgorithm = .heckel,
        sectionUpdates: SectionUpdates
    ) {
        self.init(initial: initial, target: target) { source, snapshot, cancellation in
            StagedChangeset(
                try sectionedStages(
                    source: source, target: snapshot, algorithm: algorithm,
                    cancellation: cancellation, sectionUpdates: sectionUpdates))
        }
    }
}
