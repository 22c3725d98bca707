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
        let checkMatches = matchesNeedChecking(C.Element.self)
        return try withIdentityDiff(source, target, scheme: scheme, algorithm: algorithm, cancellation: cancellation) { diff in
            let sourceToTarget = diff.sourceToTarget
            var operations = StagedOperations()
            operations.elementDeleted = try mapPolling(diff.deleted, cancellation) {
                ElementPath(element: Int($0), section: section)
            }
            operations.elementInserted = try mapPolling(diff.inserted, cancellation) {
                ElementPath(element: Int($0), section: section)
            }
            operations.elementMoved = try mapMovesAfterDeletes(
                diff.moved, deleted: diff.deleted, sourceCount: source.count, cancellation: cancellation
            ) { (ElementPath(element: $0, section: section), ElementPath(element: $1, section: section)) }
            // The read that checks the matches collects the survivors when the deletes stage
            // shows them.
            let survivorsShown = operations.showsOwnData(.deletes)
            guard
                let survivors = try readMatches(
                    source.indices, section: section, sourceToTarget: sourceToTarget, source: source, target: target,
                    survivorCount: survivorsShown ? source.count - diff.deleted.count : nil,
                    checkingMatches: checkMatches, updated: &operations.elementUpdated, cancellation: cancellation)
            else { return nil }
            return try assembleStages(operations, layout: .flat(section: section), target: targetCollection) { stage in
                switch stage {
                case .elementUpdates:
                    return C(
                        try firstStageElements(
                            source.indices, sourceToTarget: sourceToTarget, source: source, target: target,
                            survivors: survivorsShown ? survivors : nil, cancellation: cancellation))
                case .deletes:
                    return C(survivors)  // asked for only when shown
                default:
                    return targetCollection  // a flat list has no section stages: inserts and moves come last
                }
            }
        }
    } replacingAll: {
        Array(StagedChangeset(replacing: sourceCollection, with: targetCollection, section: section))
    }
}
