import CListDelta
import Dispatch
import Foundation

// The diff's bridge to the C core: every file outside Core sees Swift types.

/// A matched pair of indices, laid out like the core's `ld_pair_t`.
@usableFromInline
struct IndexPair: Sendable {
    @usableFromInline var source: Int32
    @usableFromInline var target: Int32
}

/// A flag a running diff polls; `cancel()` may be called from any thread.
@usableFromInline
final class CoreCancellation: @unchecked Sendable {
    // The token is an atomic flag inside the C core; these methods only touch it atomically.
    @usableFromInline let token: OpaquePointer

    @usableFromInline
    init() {
        var created: OpaquePointer?
        let status = ld_cancel_token_create(nil, &created)
        precondition(status == LD_OK, "ListDelta could not allocate a cancel token")
        token = created!
    }

    deinit { ld_cancel_token_free(token) }

    @usableFromInline
    func cancel() { ld_cancel_token_cancel(token) }

    @usableFromInline
    var isCancelled: Bool { ld_cancel_token_is_cancelled(token) }
}

/// Warm workspaces reused across diffs: a binding of the C core's pool (`ld_pool_t`, whose
/// header states its policy), which trims itself and purges on memory pressure; the Objective-C
/// layer shares the same process-wide pool.
@usableFromInline
final class WorkspacePool: @unchecked Sendable {
    @usableFromInline static let shared = WorkspacePool(pool: ld_pool_shared())

    /// The core's pool: its own mutex guards it, so every method may run on any thread.
    private let pool: OpaquePointer
    private let ownsPool: Bool
    /// The clock a test injects, kept alive for the core's calls.
    private let clock: Clock?

    private final class Clock: Sendable {
        let read: @Sendable () -> UInt64
        init(_ read: @escaping @Sendable () -> UInt64) { self.read = read }
    }

    /// A pool trimming itself, with the core's policy but for each nonzero figure: at most
    /// `idleLimit` idle workspaces, those holding over `smallBytes` kept `largeRetention` seconds
    /// after their last diff, as `clock` (monotonic nanoseconds; nil: the system's) measures time.
    convenience init(
        idleLimit: Int = 0, smallBytes: Int = 0, largeRetention: TimeInterval = 0,
        clock: (@Sendable () -> UInt64)? = nil
    ) {
        let box = clock.map(Clock.init)
        var options = ld_pool_options_t()
        options.idle_limit = idleLimit
        options.small_bytes = smallBytes
        options.large_retention = UInt64(largeRetention * 1e9)
        options.trims_itself = true
        if let box {
            options.clock = { context in Unmanaged<Clock>.fromOpaque(context!).takeUnretainedValue().read() }
            options.clock_context = Unmanaged.passUnretained(box).toOpaque()
        }
        var created: OpaquePointer?
        precondition(ld_pool_create(&options, &created) == LD_OK, "ListDelta could not allocate a workspace pool")
        self.init(pool: created!, owned: true, clock: box)
    }

    private init(pool: OpaquePointer, owned: Bool = false, clock: Clock? = nil) {
        self.pool = pool
        self.ownsPool = owned
        self.clock = clock
    }

    deinit { if ownsPool { ld_pool_free(pool) } }

    @usableFromInline
    func withWorkspace<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        var taken: OpaquePointer?
        guard ld_pool_take(pool, &taken) == LD_OK, let workspace = taken else { throw ListDeltaError.outOfMemory }
        defer { _ = ld_pool_give(pool, workspace) }
        return try body(workspace)
    }

    /// Bytes held by idle workspaces.
    var idleBytes: Int { ld_pool_idle_bytes(pool) }

    /// Returns the memory of every idle workspace to the system; they stay usable.
    func purge() { ld_pool_purge(pool) }

    /// Gives back the memory of large workspaces idle for longer than `largeRetention` now,
    /// without waiting for the pool's own trim.
    func trim() { _ = ld_pool_trim(pool) }
}

/// A sectioned diff's match, viewed in place in its workspace: valid only inside the closure
/// that receives it. Elements are numbered over each side's sections, one after another.
@usableFromInline
struct CoreMatch {
    /// For each target section, its matched source section or -1.
    @usableFromInline let sectionTargetToSource: UnsafeBufferPointer<Int32>
    /// For each source element, its matched target element or -1.
    @usableFromInline let elementSourceToTarget: UnsafeBufferPointer<Int32>
}

/// What only the caller can tell the core about a match: which matched elements and sections
/// changed content (one flag per source element and per target section; nil: none).
@usableFromInline
struct ContentChanges {
    @usableFromInline var elements: [UInt8]?
    @usableFromInline var sections: [UInt8]?

    @inlinable
    init(elements: [UInt8]?, sections: [UInt8]?) {
        self.elements = elements
        self.sections = sections
    }
}

/// One of the core's five stages, viewed in place (valid only inside the closure that
/// receives it); see `ld_stage_t`.
@usableFromInline
struct CoreStage {
    @usableFromInline let pointer: UnsafePointer<ld_stage_t>

    @inlinable init(_ pointer: UnsafePointer<ld_stage_t>) { self.pointer = pointer }

    @inlinable var isPresent: Bool { pointer.pointee.present }
    @inlinable var elementUpdated: UnsafeBufferPointer<ElementPosition> {
        view(pointer.pointee.element_updated, pointer.pointee.element_updated_count)
    }
    @inlinable var sectionDeleted: UnsafeBufferPointer<Int32> {
        view(pointer.pointee.section_deleted, pointer.pointee.section_deleted_count)
    }
    @inlinable var elementDeleted: UnsafeBufferPointer<ElementPosition> {
        view(pointer.pointee.element_deleted, pointer.pointee.element_deleted_count)
    }
    @inlinable var sectionInserted: UnsafeBufferPointer<Int32> {
        view(pointer.pointee.section_inserted, pointer.pointee.section_inserted_count)
    }
    @inlinable var sectionMoved: UnsafeBufferPointer<IndexPair> {
        view(pointer.pointee.section_moved, pointer.pointee.section_moved_count)
    }
    @inlinable var elementInserted: UnsafeBufferPointer<ElementPosition> {
        view(pointer.pointee.element_inserted, pointer.pointee.element_inserted_count)
    }
    @inlinable var elementMoved: UnsafeBufferPointer<ElementPositionMove> {
        view(pointer.pointee.element_moved, pointer.pointee.element_moved_count)
    }
    @inlinable var sectionUpdated: UnsafeBufferPointer<Int32> {
        view(pointer.pointee.section_updated, pointer.pointee.section_updated_count)
    }
    /// The element count of each section the view shows before the stage.
    @inlinable var elementCountsBefore: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: pointer.pointee.element_counts_before, count: pointer.pointee.section_count_before)
    }
    /// Whether the stage's data is the target.
    @inlinable var dataIsTarget: Bool { pointer.pointee.data_is_target }
    /// Each section's model in the stage's data: a source section, or ~ a target section.
    @inlinable var dataSectionModels: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(
            start: pointer.pointee.data_section_models,
            count: pointer.pointee.data_is_target ? 0 : pointer.pointee.data_section_count)
    }
    /// Where each section's elements start in ``dataElements``, and where the last one ends.
    @inlinable var dataSectionStarts: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(
            start: pointer.pointee.data_section_starts,
            count: pointer.pointee.data_is_target ? 0 : pointer.pointee.data_section_count + 1)
    }
    /// Where section `k` of the stage's data stands whole already, if it does.
    @inlinable
    func dataSectionOrigin(_ k: Int) -> SectionOrigin {
        let origin = pointer.pointee.data_section_origins[k]
        switch UInt32(bitPattern: origin.kind) {
        case LD_ORIGIN_SOURCE_SECTION.rawValue: return .sourceSection(Int(origin.index))
        case LD_ORIGIN_TARGET_SECTION.rawValue: return .targetSection(Int(origin.index))
        case LD_ORIGIN_PREVIOUS_DATA.rawValue: return .previousData(Int(origin.index))
        default: return .gathered
        }
    }
    /// The elements of the stage's data: a source element, or ~ a target element.
    @inlinable var dataElements: UnsafeBufferPointer<Int32> {
        let count = dataSectionStarts.last.map(Int.init) ?? 0
        return UnsafeBufferPointer(start: pointer.pointee.data_elements, count: count)
    }

    @inlinable
    func view<Core, Swift>(_ start: UnsafePointer<Core>?, _ count: Int) -> UnsafeBufferPointer<Swift> {
        UnsafeBufferPointer(start: UnsafeRawPointer(start)?.assumingMemoryBound(to: Swift.self), count: count)
    }
}

/// A list that holds exactly the elements of a section of a stage's data (`ld_section_origin_t`).
@usableFromInline
enum SectionOrigin {
    /// None: the elements are gathered.
    case gathered
    /// Source section `s`, as in the source.
    case sourceSection(Int)
    /// Target section `t`, as in the target.
    case targetSection(Int)
    /// Section `k` of the data of the present stage before.
    case previousData(Int)
}

/// The core's five stages, indexed by `ld_stage_kind`, viewed in place in the workspace: valid
/// only inside the closure that receives them.
@usableFromInline
struct CoreStages {
    @usableFromInline let first: UnsafePointer<ld_stage_t>
    /// How many of the stages are present.
    @usableFromInline let presentCount: Int

    @inlinable var count: Int { Int(LD_STAGE_COUNT) }

    @inlinable subscript(kind: Int) -> CoreStage { CoreStage(first + kind) }
}

/// An element's section and index, laid out like the core's `ld_path_t`.
@usableFromInline
struct ElementPosition: Sendable {
    @usableFromInline var section: Int32
    @usableFromInline var element: Int32
}

/// An element move, laid out like the core's `ld_path_move_t`.
@usableFromInline
struct ElementPositionMove: Sendable {
    @usableFromInline var source: ElementPosition
    @usableFromInline var target: ElementPosition
}

/// Diffs two lists of sections with the core in `workspace` (sections by identity, then their
/// elements by identity across sections), asks `changes` which matched elements and sections changed
/// content, stages the result and hands the five stages to `body` while the workspace holds
/// them; `sourceSections`, `targetSections`, `sourceCounts` and `targetCounts` are each
/// section's identity and element count. `elementIdentities` writes the elements' identities, all sections' one after another,
/// to room the workspace lends, warm between diffs; it may call its third argument on another
/// thread meanwhile, which brings a cold workspace's memory in for the diff (the diff does so
/// itself otherwise).
///
/// - Returns: false when `changes` returns nil (two different identifiers were matched), and
///   then `body` is not called.
/// - Throws: ``ListDeltaError`` for lists over ``ListDeltaError/maximumCount`` elements, a
///   failed allocation, a negative or exceeded edit budget; `CancellationError` when
///   `cancellation` was cancelled; whatever the closures throw.
@usableFromInline
func withCoreStages(
    in workspace: OpaquePointer,
    sourceSections: UnsafeBufferPointer<UInt64>, targetSections: UnsafeBufferPointer<UInt64>,
    sourceCounts: UnsafeBufferPointer<UInt32>, targetCounts: UnsafeBufferPointer<UInt32>,
    elementCounts: (source: Int, target: Int),
    elementIdentities: (
        _ source: UnsafeMutableBufferPointer<UInt64>, _ target: UnsafeMutableBufferPointer<UInt64>,
        _ prepareWorkspace: () -> Void
    ) throws -> Void,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?,
    changes: (CoreMatch) throws -> ContentChanges?,
    _ body: (CoreStages) throws -> Void
) throws -> Bool {
    if case let .longestCommonSubsequence(editBudget?) = algorithm, editBudget < 0 {
        throw ListDeltaError.negativeEditBudget(editBudget)
    }
    let counts = (max(sourceSections.count, elementCounts.source), max(targetSections.count, elementCounts.target))
    let (sourceStart, targetStart) = try writeElementIdentities(
        in: workspace, elementCounts: elementCounts, cancellation: cancellation, elementIdentities)
    var options = ld_options_t()
    options.cancel = cancellation?.token
    var coreAlgorithm = LD_ALGORITHM_HECKEL
    if case let .longestCommonSubsequence(editBudget) = algorithm {
        coreAlgorithm = LD_ALGORITHM_LCS
        if let editBudget {
            options.max_edits = editBudget
            options.limit_edits = true
        }
    }
    var match = ld_sectioned_result_t()
    let status = ld_sectioned_diff(
        workspace, sourceSections.baseAddress, sourceSections.count, targetSections.baseAddress,
        targetSections.count, sourceCounts.baseAddress, targetCounts.baseAddress, sourceStart, elementCounts.source,
        targetStart, elementCounts.target,
        coreAlgorithm, &options, &match)
    try throwIfFailed(status, counts: counts, algorithm: algorithm)
    let matched = CoreMatch(
        sectionTargetToSource: UnsafeBufferPointer(
            start: match.sections.target_to_source, count: match.sections.target_count),
        elementSourceToTarget: UnsafeBufferPointer(start: match.elements.source_to_target, count: match.elements.source_count)
    )
    guard let changed = try changes(matched) else { return false }
    var stages = ld_stages_t()
    let staged = (changed.elements ?? []).withUnsafeBufferPointer { elements in
        (changed.sections ?? []).withUnsafeBufferPointer { sections in
            ld_stage(
                workspace, &match, changed.elements == nil ? nil : elements.baseAddress,
                changed.sections == nil ? nil : sections.baseAddress, cancellation?.token, &stages)
        }
    }
    try throwIfFailed(staged, counts: counts, algorithm: algorithm)
    try withUnsafeMutablePointer(to: &stages.stages) {
        try $0.withMemoryRebound(to: ld_stage_t.self, capacity: Int(LD_STAGE_COUNT)) { first in
            try body(CoreStages(first: UnsafePointer(first), presentCount: stages.present_count))
        }
    }
    return true
}

/// A longest common subsequence of two lists, viewed in place in its workspace (`ld_result_t`
/// of `ld_myers_diff`): valid only inside the closure that receives it.
@usableFromInline
struct CoreSubsequence {
    /// For each source element, its matched target element or -1.
    @usableFromInline let sourceToTarget: UnsafeBufferPointer<Int32>
    /// The source elements off the subsequence, ascending.
    @usableFromInline let deleted: UnsafeBufferPointer<Int32>
    /// The target elements off the subsequence, ascending.
    @usableFromInline let inserted: UnsafeBufferPointer<Int32>
}

/// Finds a longest common subsequence of two lists of `elementCounts` elements with the core
/// in `workspace` (`ld_myers_diff`: the fewest deletes plus inserts, duplicates included) and
/// hands it to `body` while the workspace holds it. `identities` writes each element's
/// identity to room the workspace lends, warm between diffs, and may call its third argument
/// on another thread meanwhile, as the `elementIdentities` of
/// ``withCoreStages(in:sourceSections:targetSections:sourceCounts:targetCounts:elementCounts:elementIdentities:algorithm:cancellation:changes:_:)``
/// does.
///
/// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``,
///   ``ListDeltaError/outOfMemory``; whatever the closures throw.
@usableFromInline
func withCoreSubsequence<R>(
    in workspace: OpaquePointer, elementCounts: (source: Int, target: Int),
    identities: (
        _ source: UnsafeMutableBufferPointer<UInt64>, _ target: UnsafeMutableBufferPointer<UInt64>,
        _ prepareWorkspace: () -> Void
    ) throws -> Void,
    _ body: (CoreSubsequence) throws -> R
) throws -> R {
    let (sourceStart, targetStart) = try writeElementIdentities(
        in: workspace, elementCounts: elementCounts, cancellation: nil, identities)
    var result = ld_result_t()
    let status = ld_myers_diff(workspace, sourceStart, elementCounts.source, targetStart, elementCounts.target, nil, &result)
    try throwIfFailed(
        status, counts: (elementCounts.source, elementCounts.target), algorithm: .longestCommonSubsequence())
    return try body(
        CoreSubsequence(
            sourceToTarget: UnsafeBufferPointer(start: result.source_to_target, count: result.source_count),
            deleted: UnsafeBufferPointer(start: result.deleted, count: result.deleted_count),
            inserted: UnsafeBufferPointer(start: result.inserted, count: result.inserted_count)))
}

/// Lends room in `workspace` for the identities of two lists of `elementCounts` elements, warm
/// between diffs, and has `write` fill it, giving it `ld_workspace_prepare` to run meanwhile,
/// possibly on another thread; returns where each side's identities start.
///
/// - Throws: ``ListDeltaError/tooManyElements(count:maximumCount:)``,
///   ``ListDeltaError/outOfMemory``; whatever `write` throws.
private func writeElementIdentities(
    in workspace: OpaquePointer, elementCounts: (source: Int, target: Int), cancellation: CoreCancellation?,
    _ write: (
        _ source: UnsafeMutableBufferPointer<UInt64>, _ target: UnsafeMutableBufferPointer<UInt64>,
        _ prepareWorkspace: () -> Void
    ) throws -> Void
) throws -> (source: UnsafeMutablePointer<UInt64>?, target: UnsafeMutablePointer<UInt64>?) {
    var sourceStart: UnsafeMutablePointer<UInt64>?, targetStart: UnsafeMutablePointer<UInt64>?
    let reserved = ld_workspace_identities(
        workspace, elementCounts.source, elementCounts.target, &sourceStart, &targetStart)
    try throwIfFailed(reserved, counts: (elementCounts.source, elementCounts.target), algorithm: .heckel)
    try write(
        UnsafeMutableBufferPointer(start: sourceStart, count: elementCounts.source),
        UnsafeMutableBufferPointer(start: targetStart, count: elementCounts.target)
    ) { _ = ld_workspace_prepare(workspace, elementCounts.source, elementCounts.target, cancellation?.token) }
    return (sourceStart, targetStart)
}

/// Room `workspace` lends for `bytes` of the caller's own, warm between diffs (see
/// `ld_workspace_room`): valid until the workspace lends room again.
///
/// - Throws: ``ListDeltaError/outOfMemory``.
@usableFromInline
func workspaceRoom(_ workspace: OpaquePointer, bytes: Int) throws -> UnsafeMutableRawPointer {
    var room: UnsafeMutableRawPointer?
    guard ld_workspace_room(workspace, bytes, &room) == LD_OK, let room else { throw ListDeltaError.outOfMemory }
    return room
}

private func throwIfFailed(_ status: ld_status, counts: (Int, Int), algorithm: DiffAlgorithm) throws {
    switch status {
    case LD_OK:
        return
    case LD_ERROR_OVERFLOW:
        throw ListDeltaError.tooManyElements(count: max(counts.0, counts.1), maximumCount: ListDeltaError.maximumCount)
    case LD_ERROR_ALLOC:
        throw ListDeltaError.outOfMemory
    case LD_CANCELLED:
        throw CancellationError()
    case LD_EDIT_BUDGET_EXCEEDED:
        var budget = 0
        if case let .longestCommonSubsequence(editBudget) = algorithm { budget = editBudget ?? 0 }
        throw ListDeltaError.editBudgetExceeded(budget: budget)
    case LD_ERROR_INTERNAL:
        preconditionFailure("ListDelta's core failed an internal check; please report this with the lists diffed")
    default:
        preconditionFailure("ListDelta passed invalid arguments to its core: \(String(cString: ld_status_description(status)))")
    }
}

/// The core's 64-bit hash of `bytes`.
@usableFromInline
func hashBytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0
    let status = ld_hash64(bytes.baseAddress, bytes.count, 0, &hash)
    precondition(status == LD_OK, "ld_hash64 refused a valid buffer")
    return hash
}

extension ListDeltaError {
    /// The most elements a list (or a list of sections) may hold: 1,073,741,823.
    public static let maximumCount = Int(LD_MAX_COUNT)
}

/// `ld_immediate_rows` for a batch of one section of `rowCount` rows; nil when the core
/// rejects the batch (a rule of UIKit's broken, or an index no `Int32` holds) or cannot allocate
/// for it: the glue then reloads the view.
func coreImmediateRowOperations(
    rowCount: Int, deleted: [Int], inserted: [Int], moved: [(source: Int, target: Int)], reloaded: [Int]
) -> [ImmediateRowOperation]? {
    func indices(_ values: [Int]) -> [Int32]? {
        var result: [Int32] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let index = Int32(exactly: value) else { return nil }
            result.append(index)
        }
        return result
    }
    guard rowCount >= 0, let deleted = indices(deleted), let inserted = indices(inserted),
        let reloaded = indices(reloaded), let sources = indices(moved.map(\.source)),
        let targets = indices(moved.map(\.target))
    else { return nil }
    let pairs = zip(sources, targets).map { ld_pair_t(source: $0, target: $1) }
    return try? WorkspacePool.shared.withWorkspace { workspace -> [ImmediateRowOperation]? in
        var operations = ld_row_operations_t()
        let status = ld_immediate_rows(
            workspace, rowCount, deleted, deleted.count, inserted, inserted.count, pairs, pairs.count, reloaded,
            reloaded.count, nil, &operations)
        guard status == LD_OK else { return nil }
        return UnsafeBufferPointer(start: operations.operations, count: operations.count).map { operation in
            switch operation.kind {
            case LD_ROWS_RELOAD:
                .reload(UnsafeBufferPointer(start: operation.rows, count: operation.count).map(Int.init))
            case LD_ROWS_REMOVE:
                .remove(UnsafeBufferPointer(start: operation.rows, count: operation.count).map(Int.init))
            case LD_ROWS_INSERT:
                .insert(Int(operation.first)..<Int(operation.first) + operation.count)
            default:
                .move(from: Int(operation.first), to: Int(operation.to))
            }
        }
    } ?? nil
}
