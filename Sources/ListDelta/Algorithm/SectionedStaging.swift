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
    sectionUpdates: SectionUpdates = .reloaded,
    scheme: IdentityScheme = .fast
) throws -> [Changeset<C>] where C.Element: DifferentiableSection {
    typealias Section = C.Element
    typealias Element = Section.Collection.Element
    /// After two different identifiers shared a 64-bit identity: diff again on exact numbers,
    /// or replace the sections when an identifier type cannot be numbered in linear time.
    func again() throws -> [Changeset<C>] {
        do {
            return try sectionedStages(
                source: sourceCollection, target: targetCollection, algorithm: algorithm,
                cancellation: cancellation, sectionUpdates: sectionUpdates, scheme: .numbered)
        } catch is IdentifiersHashAlike {
            return Array(StagedChangeset(replacingSections: sourceCollection, with: targetCollection))
        }
    }

    let sourceSections = Array(sourceCollection), targetSections = Array(targetCollection)
    let checkSectionMatches = matchesNeedChecking(Section.self, scheme: scheme)
    let matchedSections: SectionMatch? = try withIdentityDiff(
        sourceSections, targetSections, scheme: scheme,
        algorithm: algorithm, cancellation: cancellation
    ) { diff in
        for (s, t) in diff.sourceToTarget.enumerated() where t >= 0 && checkSectionMatches {
            if sourceSections[s].differenceIdentifier != targetSections[Int(t)].differenceIdentifier { return nil }
        }
        return SectionMatch(diff)
    }
    guard let sectionDiff = matchedSections else { return try again() }
    let sectionTarget = sectionDiff.sourceToTarget  // -1: the section is deleted
    let sectionSource = sectionDiff.targetToSource  // -1: the section is inserted

    // Elements of surviving source sections, and of every target section, flattened in order.
    // Each element's group is the target section it belongs to, so the core moves every element
    // that changes section and the fewest within each matched pair of sections.
    var sourceElements: [Element] = [], sourceOrigin: [ElementPath] = [], sourceGroups: [UInt32] = []
    var sourceSectionStart = [Int](repeating: 0, count: sourceSections.count + 1)
    for (s, section) in sourceSections.enumerated() {
        try checkCancellation(cancellation)
        sourceSectionStart[s] = sourceElements.count
        guard sectionTarget[s] >= 0 else { continue }
        for (e, element) in section.elements.enumerated() {
            try checkCancellation(cancellation, at: sourceElements.count)
            sourceElements.append(element)
            sourceOrigin.append(ElementPath(element: e, section: s))
            sourceGroups.append(UInt32(sectionTarget[s]))
        }
    }
    sourceSectionStart[sourceSections.count] = sourceElements.count
    var targetElements: [Element] = [], targetOrigin: [ElementPath] = [], targetGroups: [UInt32] = []
    var targetSectionStart = [Int](repeating: 0, count: targetSections.count + 1)
    for (t, section) in targetSections.enumerated() {
        try checkCancellation(cancellation)
        targetSectionStart[t] = targetElements.count
        for (e, element) in section.elements.enumerated() {
            try checkCancellation(cancellation, at: targetElements.count)
            targetElements.append(element)
            targetOrigin.append(ElementPath(element: e, section: t))
            targetGroups.append(UInt32(t))
        }
    }
    targetSectionStart[targetSections.count] = targetElements.count
    let checkElementMatches = matchesNeedChecking(Element.self, scheme: scheme)
    let staged: [Changeset<C>]? = try withIdentityDiff(
        sourceElements, targetElements, scheme: scheme,
        algorithm: algorithm, cancellation: cancellation,
        groups: ElementGroups(source: sourceGroups, target: targetGroups)
    ) { elementDiff in
        let elementTarget = elementDiff.sourceToTarget, elementSource = elementDiff.targetToSource

        // Each surviving source element's index within its section once the deletes are done.
        var indexAfterDeletes = [Int](repeating: -1, count: sourceElements.count)
        var survivorCount = [Int](repeating: 0, count: sourceSections.count)
        var elementDeleted: [ElementPath] = [], elementUpdated: [ElementPath] = []
        for s in sourceSections.indices where sectionTarget[s] >= 0 {
            try checkCancellation(cancellation)
            var kept = 0
            for i in sourceSectionStart[s]..<sourceSectionStart[s + 1] {
                try checkCancellation(cancellation, at: i)
                let j = Int(elementTarget[i])
                if j < 0 {
                    elementDeleted.append(sourceOrigin[i])
                    continue
                }
                if checkElementMatches && sourceElements[i].differenceIdentifier != targetElements[j].differenceIdentifier {
                    return nil
                }
                indexAfterDeletes[i] = kept
                kept += 1
                if !targetElements[j].isContentEqual(to: sourceElements[i]) { elementUpdated.append(sourceOrigin[i]) }
            }
            survivorCount[s] = kept
        }

        // Inserts into matched sections (elements of inserted sections arrive with them) and
        // the core's moves, both by ascending target.
        var elementInserted: [ElementPath] = []
        for j in elementDiff.inserted {
            try checkCancellation(cancellation, at: Int(j))
            let path = targetOrigin[Int(j)]
            if sectionSource[path.section] >= 0 { elementInserted.append(path) }
        }
        let elementMoved = try mapPolling(elementDiff.moved, cancellation) { pair in
            let i = Int(pair.source)
            return (
                source: ElementPath(element: indexAfterDeletes[i], section: sectionTarget[sourceOrigin[i].section]),
                target: targetOrigin[Int(pair.target)]
            )
        }

        let sectionDeleted = sectionDiff.deleted.map(Int.init)
        let sectionInserted = sectionDiff.inserted.map(Int.init)
        let sectionMoved = sectionDiff.moved.map { pair in
            (source: Int(pair.source) - countBelow(pair.source, in: sectionDiff.deleted), target: Int(pair.target))
        }
        let sectionUpdated = targetSections.indices.filter { t in
            sectionUpdates == .reloaded && sectionSource[t] >= 0
                && !targetSections[t].isContentEqual(to: sourceSections[sectionSource[t]])
        }

        // Stage data, built only for the stages that exist.
        /// Source section `s` as the stages see it: with its source model and the target
        /// versions of its matched elements, and its unmatched elements unless they are gone.
        func sectionData(_ s: Int, keepingUnmatched: Bool) throws -> Section {
            try checkCancellation(cancellation)
            guard sectionTarget[s] >= 0 else { return sourceSections[s] }
            let range = sourceSectionStart[s]..<sourceSectionStart[s + 1]
            var elements: [Element] = []
            elements.reserveCapacity(keepingUnmatched ? range.count : survivorCount[s])
            for i in range {
                try checkCancellation(cancellation, at: i)
                let j = Int(elementTarget[i])
                if j >= 0 { elements.append(targetElements[j]) } else if keepingUnmatched { elements.append(sourceElements[i]) }
            }
            return Section(source: sourceSections[s], elements: elements)
        }

        let hasStage3 = !sectionInserted.isEmpty || !sectionMoved.isEmpty
        let hasStage4 = !elementInserted.isEmpty || !elementMoved.isEmpty
        let hasStage5 = !sectionUpdated.isEmpty
        var stages: [Changeset<C>] = []
        if !elementUpdated.isEmpty {
            stages.append(
                Changeset(
                    data: C(try sourceSections.indices.map { try sectionData($0, keepingUnmatched: true) }),
                    elementUpdated: elementUpdated))
        }
        if !sectionDeleted.isEmpty || !elementDeleted.isEmpty {
            var data = targetCollection
            if hasStage3 || hasStage4 || hasStage5 {
                var survivors: [Section] = []
                survivors.reserveCapacity(sourceSections.count - sectionDeleted.count)
                for s in sourceSections.indices where sectionTarget[s] >= 0 {
                    survivors.append(try sectionData(s, keepingUnmatched: false))
                }
                data = C(survivors)
            }
            stages.append(Changeset(data: data, sectionDeleted: sectionDeleted, elementDeleted: elementDeleted))
        }
        if hasStage3 {
            let data =
                hasStage4 || hasStage5
                ? C(
                    try targetSections.indices.map { t -> Section in
                        if sectionSource[t] >= 0 { return try sectionData(sectionSource[t], keepingUnmatched: false) }
                        try checkCancellation(cancellation)
                        return Section(
                            source: targetSections[t],
                            elements: (targetSectionStart[t]..<targetSectionStart[t + 1]).lazy
                                .filter { elementSource[$0] < 0 }.map { targetElements[$0] })
                    })
                : targetCollection
            stages.append(Changeset(data: data, sectionInserted: sectionInserted, sectionMoved: sectionMoved))
        }
        if hasStage4 {
            let data =
                hasStage5
                ? C(
                    try targetSections.indices.map { t -> Section in
                        try checkCancellation(cancellation)
                        guard sectionSource[t] >= 0 else { return targetSections[t] }
                        return Section(source: sourceSections[sectionSource[t]], elements: targetSections[t].elements)
                    })
                : targetCollection
            stages.append(Changeset(data: data, elementInserted: elementInserted, elementMoved: elementMoved))
        }
        if hasStage5 {
            stages.append(Changeset(data: targetCollection, sectionUpdated: sectionUpdated))
        }
        return stages
    }
    return try staged ?? again()
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
