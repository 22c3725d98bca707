import CListDelta

/// A sectioned diff's match, viewed in place in its workspace: valid only inside the closure
/// that receives it. Elements are numbered over each side's sections, one after another.
@usableFromInline
struct CoreMatch {
    /// For each target section, its matched source section or -1.
    @usableFromInline let sectionTargetToSource: UnsafeBufferPointer<Int32>
    /// For each source element, its matched target element or -1.
    @usableFromInline let elementSourceToTarget: UnsafeBufferPointer<Int32>
}

/// Diffs two lists of sections with the core in `workspace` (sections by identity, then their
/// elements by identity across sections), asks `changes` which matched elements and sections
/// changed content (one flag per source element and per target section; nil: none), stages the
/// result and hands the five stages to `body` while the workspace holds them; `sourceSections`,
/// `targetSections`, `sourceCounts` and `targetCounts` are each section's identity and element
/// count. `elementIdentities` writes the elements' identities, all sections' one after another,
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
    changes: (CoreMatch) throws -> (elements: [UInt8]?, sections: [UInt8]?)?,
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
