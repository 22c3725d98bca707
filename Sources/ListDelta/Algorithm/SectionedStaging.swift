/// The stages of a sectioned diff.
///
/// Sections are matched by their identity, elements by theirs across all sections. UIKit
/// cannot move an element out of a section it deletes, so elements of deleted sections are
/// deleted with them (a target element of the same identity is inserted). Inserted sections
/// arrive in stage 3 holding their new elements; elements moving into them move in stage 4,
/// a batch of its own. An element stays put only when its section is matched to its target
/// section and it is on a longest increasing subsequence of that section's survivors (the
/// core finds them, given each element's target section as its group); every other matched
/// element moves.
///
/// Matched elements carry their target version from the first stage on; matched sections keep
/// their source model until the last stage, which reports their updates (DifferenceKit's
/// stage data). So each stage's data is exactly what the next one starts from, a section's
/// model changes only where it is reloaded, and the last stage's data is the target.
@inlinable
func sectionedStages<C: RangeReplaceableCollection>(
    source sourceCollection: C,
    target targetCollection: C,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?,
    sectionUpdates: SectionUpdates = .reloaded
) throws -> [Changeset<C>] where C.Element: DifferentiableSection {
    let sourceSections = Array(sourceCollection), targetSections = Array(targetCollection)
    return try retryingCollisions { scheme in
        try sectionedStages(
            sourceSections, targetSections, target: targetCollection, algorithm: algorithm,
            cancellation: cancellation, sectionUpdates: sectionUpdates, scheme: scheme)
    } replacingAll: {
        Array(StagedChangeset(replacingSections: sourceCollection, with: targetCollection))
    }
}

/// ``sectionedStages(source:target:algorithm:cancellation:sectionUpdates:)`` under one identity
/// scheme; nil when two different identifiers shared an identity.
@inlinable
func sectionedStages<C: RangeReplaceableCollection>(
    _ sourceSections: [C.Element],
    _ targetSections: [C.Element],
    target targetCollection: C,
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?,
    sectionUpdates: SectionUpdates,
    scheme: IdentityScheme
) throws -> [Changeset<C>]? where C.Element: DifferentiableSection {
    typealias Section = C.Element
    typealias Element = Section.Collection.Element
    let checkSectionMatches = matchesNeedChecking(Section.self)
    let matchedSections: SectionMatch? = try withIdentityDiff(
        sourceSections, targetSections, scheme: scheme,
        algorithm: algorithm, cancellation: cancellation
    ) { diff in
        for (s, t) in diff.sourceToTarget.enumerated() where t >= 0 && checkSectionMatches {
            if sourceSections[s].differenceIdentifier != targetSections[Int(t)].differenceIdentifier { return nil }
        }
        return SectionMatch(diff)
    }
    guard let sectionDiff = matchedSections else { return nil }
    let sectionTarget = sectionDiff.sourceToTarget  // -1: the section is deleted
    let sectionSource = sectionDiff.targetToSource  // -1: the section is inserted

    // Elements of surviving source sections, and of every target section, flattened in order.
    // Each element's group is the target section it belongs to, so the core moves every element
    // that changes section and the fewest within each matched pair of sections.
    let (sourceElements, sourceGroups, sourceSectionStart) = try flattenSections(
        sourceSections, cancellation: cancellation
    ) { sectionTarget[$0] }
    let (targetElements, targetGroups, targetSectionStart) = try flattenSections(
        targetSections, cancellation: cancellation
    ) { $0 }
    /// The path of flattened target element `j`.
    func targetPath(_ j: Int) -> ElementPath {
        let t = Int(targetGroups[j])
        return ElementPath(element: j - targetSectionStart[t], section: t)
    }
    let checkElementMatches = matchesNeedChecking(Element.self)
    let staged: [Changeset<C>]? = try withIdentityDiff(
        sourceElements, targetElements, scheme: scheme,
        algorithm: algorithm, cancellation: cancellation,
        groups: ElementGroups(source: sourceGroups, target: targetGroups)
    ) { elementDiff in
        let elementTarget = elementDiff.sourceToTarget, elementSource = elementDiff.targetToSource

        // Each surviving source element's index within its section once the deletes are done.
        var indexAfterDeletes = [Int32](repeating: -1, count: sourceElements.count)
        var survivorCount = [Int](repeating: 0, count: sourceSections.count)
        var operations = StagedOperations()
        for s in sourceSections.indices where sectionTarget[s] >= 0 {
            try checkCancellation(cancellation)
            var kept: Int32 = 0
            let start = sourceSectionStart[s]
            for i in start..<sourceSectionStart[s + 1] {
                try checkCancellation(cancellation, at: i)
                if elementTarget[i] < 0 {
                    operations.elementDeleted.append(ElementPath(element: i - start, section: s))
                } else {
                    indexAfterDeletes[i] = kept
                    kept += 1
                }
            }
            survivorCount[s] = Int(kept)
        }

        // Inserts into matched sections (elements of inserted sections arrive with them) and
        // the core's moves, both by ascending target.
        for j in elementDiff.inserted {
            try checkCancellation(cancellation, at: Int(j))
            let path = targetPath(Int(j))
            if sectionSource[path.section] >= 0 { operations.elementInserted.append(path) }
        }
        operations.elementMoved = try mapPolling(elementDiff.moved, cancellation) { pair in
            let i = Int(pair.source)
            return (
                source: ElementPath(element: Int(indexAfterDeletes[i]), section: Int(sourceGroups[i])),
                target: targetPath(Int(pair.target))
            )
        }

        operations.sectionDeleted = sectionDiff.deleted.map(Int.init)
        operations.sectionInserted = sectionDiff.inserted.map(Int.init)
        operations.sectionMoved = try mapMovesAfterDeletes(
            sectionDiff.moved, deleted: sectionDiff.deleted, sourceCount: sourceSections.count, cancellation: cancellation
        ) { (source: $0, target: $1) }
        operations.sectionUpdated = targetSections.indices.filter { t in
            sectionUpdates == .reloaded && sectionSource[t] >= 0
                && !targetSections[t].isContentEqual(to: sourceSections[sectionSource[t]])
        }

        // Each surviving section after the deletes, shown by stages 2 and 3 unless the target
        // is their data: the read that checks a section's matches collects its survivors then.
        let survivorsShown = operations.showsOwnData(.deletes) || operations.showsOwnData(.sectionInsertsAndMoves)
        var survivorElements = [[Element]?](repeating: nil, count: sourceSections.count)
        var survivors = [Section?](repeating: nil, count: sourceSections.count)
        for s in sourceSections.indices where sectionTarget[s] >= 0 {
            guard
                let elements = try readMatches(
                    sourceSectionStart[s]..<sourceSectionStart[s + 1], section: s, sourceToTarget: elementTarget,
                    source: sourceElements, target: targetElements, survivorCount: survivorsShown ? survivorCount[s] : nil,
                    checkingMatches: checkElementMatches, updated: &operations.elementUpdated, cancellation: cancellation)
            else { return nil }
            if survivorsShown {
                survivorElements[s] = elements
                survivors[s] = Section(source: sourceSections[s], elements: elements)
            }
        }

        // Stage data, built only for the stages that exist.
        /// Source section `s` as stage 1 sees it: with its source model, the target versions of
        /// its matched elements and its unmatched elements.
        func firstStageSection(_ s: Int) throws -> Section {
            try checkCancellation(cancellation)
            guard sectionTarget[s] >= 0 else { return sourceSections[s] }
            let range = sourceSectionStart[s]..<sourceSectionStart[s + 1]
            // A section that loses nothing is the same after the deletes: shared.
            if let survivor = survivors[s], survivorCount[s] == range.count { return survivor }
            let elements = try firstStageElements(
                range, sourceToTarget: elementTarget, source: sourceElements, target: targetElements,
                survivors: survivorElements[s], cancellation: cancellation)
            return Section(source: sourceSections[s], elements: elements)
        }
        /// Matched source section `s` after the deletes, asked for only by the stages that show it.
        func survivor(_ s: Int) -> Section {
            guard let survivor = survivors[s] else { preconditionFailure("survivors are collected where they are shown") }
            return survivor
        }
        return try assembleStages(operations, layout: .sectioned, target: targetCollection) { stage in
            switch stage {
            case .elementUpdates:
                return C(try sourceSections.indices.map(firstStageSection))
            case .deletes:
                var matched: [Section] = []
                matched.reserveCapacity(sourceSections.count - sectionDiff.deleted.count)
                for s in sourceSections.indices where sectionTarget[s] >= 0 { matched.append(survivor(s)) }
                return C(matched)
            case .sectionInsertsAndMoves:
                return C(
                    try targetSections.indices.map { t -> Section in
                        if sectionSource[t] >= 0 { return survivor(sectionSource[t]) }
                        try checkCancellation(cancellation)
                        return Section(
                            source: targetSections[t],
                            elements: (targetSectionStart[t]..<targetSectionStart[t + 1]).lazy
                                .filter { elementSource[$0] < 0 }.map { targetElements[$0] })
                    })
            case .elementInsertsAndMoves:  // followed by section updates: models still the source's
                return C(
                    try targetSections.indices.map { t -> Section in
                        try checkCancellation(cancellation)
                        guard sectionSource[t] >= 0 else { return targetSections[t] }
                        return Section(source: sourceSections[sectionSource[t]], elements: targetSections[t].elements)
                    })
            case .sectionUpdates:
                return targetCollection  // always the last stage
            }
        }
    }
    return staged
}

/// The section-level result of a sectioned diff, copied out of its workspace (it is small).
@usableFromInline
struct SectionMatch {
    @usableFromInline let sourceToTarget: [Int]
    @usableFromInline let targetToSource: [Int]
    @usableFromInline let deleted: [Int32]
    @usableFromInline let inserted: [Int32]
    @usableFromInline let moved: [IndexPair]

    @inlinable
    init(_ diff: CoreDiff) {
        sourceToTarget = diff.sourceToTarget.map(Int.init)
        targetToSource = diff.targetToSource.map(Int.init)
        deleted = Array(diff.deleted)
        inserted = Array(diff.inserted)
        moved = Array(diff.moved)
    }
}

/// The elements of the sections `group` gives a group (a non-negative target section),
/// flattened in order, with each one's group and where each section starts (a section left
/// out is empty there), all at their exact size.
@inlinable
func flattenSections<Section: DifferentiableSection>(
    _ sections: [Section], cancellation: CoreCancellation?, group: (Int) -> Int
) throws -> (elements: [Section.Collection.Element], groups: [UInt32], starts: [Int]) {
    var starts = [Int](repeating: 0, count: sections.count + 1)
    for (s, section) in sections.enumerated() {
        starts[s + 1] = starts[s] + (group(s) >= 0 ? section.elements.count : 0)
    }
    let total = starts[sections.count]
    var groups = [UInt32](repeating: 0, count: total)
    let elements: [Section.Collection.Element] = try exactArray(count: total) { buffer, initialized in
        for (s, section) in sections.enumerated() where group(s) >= 0 {
            try checkCancellation(cancellation)
            for element in section.elements {
                try checkCancellation(cancellation, at: initialized)
                (buffer.baseAddress! + initialized).initialize(to: element)
                initialized += 1
            }
            groups.withUnsafeMutableBufferPointer { $0[starts[s]..<starts[s + 1]].update(repeating: UInt32(group(s))) }
        }
    }
    return (elements, groups, starts)
}
