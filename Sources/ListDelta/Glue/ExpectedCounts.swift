/// The counts a view must show before a batch for the batch to be valid: the guard that turns
/// UIKit's most common crash (data changed behind the diff's back) into a reload.
struct ExpectedCounts {
    /// The number of sections, when the data is a list of sections.
    var sectionCount: Int?
    /// The fewest sections the view must have: a flat list's section must exist.
    var minimumSectionCount = 0
    /// Element counts of the sections whose count is known.
    var elementCounts: [(section: Int, count: Int)] = []

    /// Each section's element count, `counts`, of a list laid out as `layout`: a flat list's
    /// one count is at `section`.
    init(counts: ArraySlice<Int>, layout: ListLayout, section: Int) {
        if layout == .sectioned {
            sectionCount = counts.count
            elementCounts = counts.enumerated().map { (section: $0.offset, count: $0.element) }
        } else {
            minimumSectionCount = section + 1
            elementCounts = [(section, counts.first ?? 0)]
        }
    }

    /// The counts before `batch`, derived from `countsAfter`, each section's element count in
    /// the list after it, for a batch built by hand (a diff's says its counts): the only ones
    /// the batch can be valid for (`ld_check_batch` derives them), exact for a flat list and for
    /// every section that survives the batch. A deleted section's count is not in the list after
    /// it, so it goes unchecked, as
    /// do the element counts when the batch's section operations break a rule (the view itself
    /// then rejects it); a view out of step with them is reloaded, even when the batch would be
    /// invalid anyway.
    init(before batch: BatchUpdate, after countsAfter: [Int], layout: ListLayout) {
        guard layout == .sectioned else {
            let section = batch.flatSection(layout)
            minimumSectionCount = section + 1
            elementCounts = [(section, countsAfter[0] - batch.elementInserted.count + batch.elementDeleted.count)]
            return
        }
        guard let before = BatchCheck.countsBefore(batch, after: countsAfter) else { return }
        sectionCount = before.sections
        let deleted = Set(batch.sectionDeleted)
        elementCounts = (before.elements ?? []).enumerated().filter { !deleted.contains($0.offset) }.map {
            (section: $0.offset, count: $0.element)
        }
    }

    /// The first difference between these counts and those `target` shows, if any.
    @MainActor
    func mismatch(with target: some BatchUpdateTarget) -> ReloadOutcome.CountMismatch? {
        BatchCheck.firstMismatch(
            sectionCount: sectionCount ?? minimumSectionCount, atLeast: sectionCount == nil, elementCounts: elementCounts
        ) { $0 < 0 ? target.numberOfSections : target.numberOfElements(inSection: $0) }
        .map { ReloadOutcome.CountMismatch(section: $0.section, expected: $0.expected, actual: $0.actual) }
    }
}
