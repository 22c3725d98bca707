/// The stages of a flat diff, in UIKit's order: element updates (source positions), element
/// deletes (source positions), then element inserts and moves (moves from the positions after
/// the deletes). Every matched element takes its target version from the first stage on, so
/// the last stage's data is the target.
@inlinable
func flatStages<C: RangeReplaceableCollection>(
    source sourceCollection: C,
    target targetCollection: C,
    section: Int,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?
) throws -> [Changeset<C>] where C.Element: Differentiable {
    let source = Array(sourceCollection), target = Array(targetCollection)
    return try retryingCollisions { scheme -> [Changeset<C>]? in
        let checkMatches = matchesNeedChecking(C.Element.self, scheme: scheme)
        return try withIdentityDiff(source, target, scheme: scheme, algorithm: algorithm, cancellation: cancellation) { diff in
            let sourceToTarget = diff.sourceToTarget
            var operations = StagedOperations()
            guard
                let updated = try updatedElements(
                    source: source, target: target, sourceToTarget: sourceToTarget, section: section,
                    checkingMatches: checkMatches, cancellation: cancellation)
            else { return nil }
            operations.elementUpdated = updated
            operations.elementDeleted = try mapPolling(diff.deleted, cancellation) {
                ElementPath(element: Int($0), section: section)
            }
            operations.elementInserted = try mapPolling(diff.inserted, cancellation) {
                ElementPath(element: Int($0), section: section)
            }
            let deleted = diff.deleted
            operations.elementMoved = try mapPolling(diff.moved, cancellation) { pair in
                let afterDeletes = Int(pair.source) - countBelow(pair.source, in: deleted)
                return (
                    ElementPath(element: afterDeletes, section: section), ElementPath(element: Int(pair.target), section: section)
                )
            }
            return try assembleStages(operations, target: targetCollection) { stage in
                switch stage {
                case .elementUpdates, .deletes:
                    let keepingUnmatched = stage == .elementUpdates
                    return C(
                        try stageElements(
                            source.indices, count: keepingUnmatched ? source.count : source.count - diff.deleted.count,
                            keepingUnmatched: keepingUnmatched, sourceToTarget: sourceToTarget, source: source,
                            target: target, cancellation: cancellation))
                default:
                    return targetCollection  // a flat list has no section stages: inserts and moves come last
                }
            }
        }
    } replacingAll: {
        Array(StagedChangeset(replacing: sourceCollection, with: targetCollection, section: section))
    }
}

/// The paths of the matched source elements whose content changed, or nil when
/// `checkingMatches` finds a match between two different identifiers (a hash collision).
@inlinable
func updatedElements<Element: Differentiable>(
    source: [Element], target: [Element], sourceToTarget: UnsafeBufferPointer<Int32>, section: Int,
    checkingMatches: Bool, cancellation: CoreCancellation?
) throws -> [ElementPath]? {
    try source.withUnsafeBufferPointer { source in
        try target.withUnsafeBufferPointer { target in
            var updated: [ElementPath] = []
            for start in stride(from: 0, to: source.count, by: pollInterval) {
                try checkCancellation(cancellation)
                for i in start..<min(start + pollInterval, source.count) {
                    let j = Int(sourceToTarget[i])
                    guard j >= 0 else { continue }
                    if checkingMatches && source[i].differenceIdentifier != target[j].differenceIdentifier { return nil }
                    if !target[j].isContentEqual(to: source[i]) { updated.append(ElementPath(element: i, section: section)) }
                }
            }
            return updated
        }
    }
}

/// How many values of the ascending `sorted` are below `value`.
@inlinable
func countBelow<S: RandomAccessCollection<Int32>>(_ value: Int32, in sorted: S) -> Int where S.Index == Int {
    var low = sorted.startIndex, high = sorted.endIndex
    while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low - sorted.startIndex
}
