import Dispatch

extension StagedChangeset where Collection: RangeReplaceableCollection & Sendable, Collection.Element: Differentiable {
    /// Computes the stages from `source` to `target` off the caller's executor (a detached
    /// task, so never on the main actor) and honours cancellation: cancelling the calling
    /// task stops the diff within 4,096 elements of work, in the core as in the Swift layer.
    ///
    /// ```swift
    /// let changes = try await StagedChangeset.diffInBackground(source: shown, target: latest)
    /// ```
    ///
    /// - Throws: `CancellationError` when the task is cancelled; ``ListDeltaError`` as the
    ///   synchronous initialiser with an `algorithm:` does.
    /// - Complexity: as ``init(source:target:section:algorithm:)``.
    @inlinable
    public static func diffInBackground(
        source: Collection, target: Collection, section: Int = 0, algorithm: DiffAlgorithm = .heckel
    ) async throws -> StagedChangeset {
        try await staged(inBackground: { cancellation in
            try flatStages(source: source, target: target, section: section, algorithm: algorithm, cancellation: cancellation)
        })
    }

    /// Computes the stages on `queue` and delivers them to `completion` on `completionQueue`,
    /// for code that does not use Swift concurrency.
    ///
    /// - Returns: a ``DiffTask`` whose `cancel()` stops the diff inside the core; a cancelled
    ///   diff completes with `CancellationError`.
    @inlinable
    @discardableResult
    public static func diff(
        source: Collection, target: Collection, section: Int = 0, algorithm: DiffAlgorithm = .heckel,
        on queue: DispatchQueue, completionQueue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<StagedChangeset, any Error>) -> Void
    ) -> DiffTask {
        staged(on: queue, completionQueue: completionQueue, completion: completion) { cancellation in
            try flatStages(source: source, target: target, section: section, algorithm: algorithm, cancellation: cancellation)
        }
    }
}

extension StagedChangeset where Collection: RangeReplaceableCollection & Sendable, Collection.Element: DifferentiableSection {
    /// Computes the stages between two lists of sections off the caller's executor; see the
    /// flat version. Cancellation is polled every 4,096 elements or sections, in the core as in
    /// the Swift layer.
    @inlinable
    public static func diffInBackground(
        source: Collection, target: Collection, algorithm: DiffAlgorithm = .heckel
    ) async throws -> StagedChangeset {
        // Forwards rather than defaulting `sectionUpdates`: see SectionUpdates.swift.
        try await diffInBackground(source: source, target: target, algorithm: algorithm, sectionUpdates: .reloaded)
    }

    /// Computes the stages between two lists of sections off the caller's executor,
    /// reporting a matched section whose own content changed as `sectionUpdates` says.
    @inlinable
    public static func diffInBackground(
        source: Collection, target: Collection, algorithm: DiffAlgorithm = .heckel,
        sectionUpdates: SectionUpdates
    ) async throws -> StagedChangeset {
        try await staged(inBackground: { cancellation in
            try sectionedStages(
                source: source, target: target, algorithm: algorithm, cancellation: cancellation,
                sectionUpdates: sectionUpdates)
        })
    }

    /// Computes the stages between two lists of sections on `queue`; see the flat version.
    @inlinable
    @discardableResult
    public static func diff(
        source: Collection, target: Collection, algorithm: DiffAlgorithm = .heckel,
        on queue: DispatchQueue, completionQueue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<StagedChangeset, any Error>) -> Void
    ) -> DiffTask {
        // Forwards rather than defaulting `sectionUpdates`: see SectionUpdates.swift.
        diff(
            source: source, target: target, algorithm: algorithm, sectionUpdates: .reloaded, on: queue,
            completionQueue: completionQueue, completion: completion)
    }

    /// Computes the stages between two lists of sections on `queue`, reporting a matched
    /// section whose own content changed as `sectionUpdates` says.
    @inlinable
    @discardableResult
    public static func diff(
        source: Collection, target: Collection, algorithm: DiffAlgorithm = .heckel,
        sectionUpdates: SectionUpdates, on queue: DispatchQueue, completionQueue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<StagedChangeset, any Error>) -> Void
    ) -> DiffTask {
        staged(on: queue, completionQueue: completionQueue, completion: completion) { cancellation in
            try sectionedStages(
                source: source, target: target, algorithm: algorithm, cancellation: cancellation,
                sectionUpdates: sectionUpdates)
        }
    }
}

extension StagedChangeset where Collection: Sendable {
    /// Runs `stages` in a detached task, cancelling its core token when the caller's task is
    /// cancelled.
    @inlinable
    static func staged(
        inBackground stages: @escaping @Sendable (CoreCancellation) throws -> [Changeset<Collection>]
    ) async throws -> StagedChangeset {
        let cancellation = CoreCancellation()
        return try await withTaskCancellationHandler {
            try await Task.detached(priority: Task.currentPriority) {
                StagedChangeset(try stages(cancellation))
            }.value
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Runs `stages` on `queue` and delivers the result on `completionQueue`; a task
    /// cancelled before its completion runs delivers `CancellationError`, even when its diff
    /// had already finished.
    @inlinable
    static func staged(
        on queue: DispatchQueue, completionQueue: DispatchQueue,
        completion: @escaping @Sendable (Result<StagedChangeset, any Error>) -> Void,
        _ stages: @escaping @Sendable (CoreCancellation) throws -> [Changeset<Collection>]
    ) -> DiffTask {
        let task = DiffTask()
        queue.async {
            let result = Result { StagedChangeset(try stages(task.cancellation)) }
            completionQueue.async {
                completion(task.isCancelled ? .failure(CancellationError()) : result)
            }
        }
        return task
    }
}

/// A diff running on a dispatch queue.
public final class DiffTask: Sendable {
    @usableFromInline let cancellation = CoreCancellation()

    @usableFromInline init() {}

    /// Stops the diff inside the core; it completes with `CancellationError`. Safe from any
    /// thread, at any time. Once `cancel()` has returned, the completion can no longer
    /// receive a result: called on the completion queue, it wins even over a diff that had
    /// already finished.
    public func cancel() { cancellation.cancel() }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancellation.isCancelled }
}
