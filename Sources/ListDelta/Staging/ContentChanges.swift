/// Which matched elements and sections of `lists` changed content, the one thing about a match
/// that only the caller can tell the core: one flag per source element and per target section,
/// nil when none changed. Each match is read once: where identities can
/// collide, its identifiers are checked with `==` in the same pass. Section changes are
/// reported only with `reloadsChangedSections`.
///
/// - Returns: nil when two different identifiers were matched (a collision, or an `==` that
///   changed its answer).
/// - Throws: `CancellationError` once `cancellation` is cancelled.
@inlinable
func contentChanges<Model: Differentiable, Element: Differentiable>(
    of match: CoreMatch, _ lists: FlattenedLists<Model, Element>, _ source: UnsafeBufferPointer<Element>,
    _ target: UnsafeBufferPointer<Element>, reloadsChangedSections: Bool, cancellation: CoreCancellation?
) throws -> (elements: [UInt8]?, sections: [UInt8]?)? {
    let checkSections = matchesNeedChecking(DifferenceIdentifiers<Model>.self)
    let checkElements = matchesNeedChecking(DifferenceIdentifiers<Element>.self)
    var sections: [UInt8]?
    let targetToSource = match.sectionTargetToSource
    let sectionsMatch = try forEachPolling(targetToSource.count, cancellation) { t in
        let s = Int(targetToSource[t])
        guard s >= 0 else { return true }
        let sourceModel = lists.sourceModels[s], targetModel = lists.targetModels[t]
        if checkSections && sourceModel.differenceIdentifier != targetModel.differenceIdentifier { return false }
        if reloadsChangedSections && !targetModel.isContentEqual(to: sourceModel) {
            if sections == nil { sections = [UInt8](repeating: 0, count: lists.targetModels.count) }
            sections![t] = 1
        }
        return true
    }
    guard sectionsMatch else { return nil }
    var elements: [UInt8]?
    let sourceToTarget = match.elementSourceToTarget
    let elementsMatch = try forEachPolling(source.count, cancellation) { i in
        let j = Int(sourceToTarget[i])
        guard j >= 0 else { return true }
        if checkElements && source[i].differenceIdentifier != target[j].differenceIdentifier { return false }
        if !target[j].isContentEqual(to: source[i]) {
            if elements == nil { elements = [UInt8](repeating: 0, count: source.count) }
            elements![i] = 1
        }
        return true
    }
    return elementsMatch ? (elements, sections) : nil
}
