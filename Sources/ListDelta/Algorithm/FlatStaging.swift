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
            for i in source.indices {
                try checkCancellation(cancellation, at: i)
                let j = Int(sourceToTarget[i])
                guard j >= 0 else { continue }
                if checkMatches && source[i].differenceIdentifier != target[j].differenceIdentifier { return nil }
                if !target[j].isContentEqual(to: source[i]) {
                    operations.elementUpdated.append(ElementPath(element: i, section: section))
                }
            }
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
