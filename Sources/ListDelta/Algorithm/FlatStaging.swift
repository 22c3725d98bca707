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
                case .elementUpdates:
                    C(
                        try mapPolling(source.indices, cancellation) { i in
                            sourceToTarget[i] >= 0 ? target[Int(sourceToTarget[i])] : source[i]
                        })
                case .deletes:
                    try survivorsInSourceOrder(
                        sourceToTarget, target, count: source.count - diff.deleted.count, cancellation: cancellation)
                default:
                    targetCollection  // a flat list has no section stages: inserts and moves come last
                }
            }
        }
    } replacingAll: {
        Array(StagedChangeset(replacing: sourceCollection, with: targetCollection, section: section))
    }
}

/// The target versions of the matched elements, in source order: the list after the deletes.
@inlinable
func survivorsInSourceOrder<C: RangeReplaceableCollection>(
    _ sourceToTarget: UnsafeBufferPointer<Int32>, _ target: [C.Element], count: Int, cancellation: CoreCancellation?
) throws -> C {
    // With capacity 0 the initializer writes the count of the shared empty-array storage, a
    // race ThreadSanitizer reports when two diffs with no survivors run at once.
    guard count > 0 else { return C() }
    let survivors = try [C.Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        try target.withUnsafeBufferPointer { target in
            for stretch in stride(from: 0, to: sourceToTarget.count, by: pollInterval) {
                try checkCancellation(cancellation)
                for j in sourceToTarget[stretch..<min(stretch + pollInterval, sourceToTarget.count)] where j >= 0 {
                    precondition(initialized < count, "more survivors than the core reported")
                    (buffer.baseAddress! + initialized).initialize(to: target[Int(j)])
                    initialized += 1
                }
            }
        }
    }
    return C(survivors)
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
