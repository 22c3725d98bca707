/// A flat list's batches: a flat list is one section of a list view, the one its batch's first
/// element path names.
extension BatchUpdate {
    /// The section a flat list's paths name: its first path's, else 0.
    var flatSection: Int {
        (deletedElements.first ?? insertedElements.first ?? reloadedElements.first ?? movedElements.first?.source)?.section ?? 0
    }

    /// A flat list's batch with its paths moved to section 0. A flat list is the one section
    /// its first path names; any other section, and any section operation, is out of range.
    func inSectionZero() throws -> BatchUpdate {
        let paths = [
            (deletedElements, BatchUpdateError.Operation.delete), (insertedElements, .insert),
            (reloadedElements, .reload), (movedElements.map(\.source), .moveFrom),
            (movedElements.map(\.target), .moveTo),
        ]
        let section = flatSection
        let sectionCount = section < 0 ? 0 : min(section, Int.max - 1) + 1
        for (paths, operation) in paths {
            if let stray = paths.first(where: { $0.section != section || section < 0 }) {
                throw BatchUpdateError.sectionOutOfRange(operation, section: stray.section, sectionCount: sectionCount)
            }
        }
        for (sections, operation) in [
            (deletedSections, BatchUpdateError.Operation.delete), (insertedSections, .insert),
            (reloadedSections, .reload), (movedSections.map(\.source), .moveFrom),
        ] {
            if let stray = sections.first {
                throw BatchUpdateError.sectionOutOfRange(operation, section: stray, sectionCount: sectionCount)
            }
        }
        func zero(_ path: ElementPath) -> ElementPath { ElementPath(element: path.element, section: 0) }
        return BatchUpdate(
            deletedElements: deletedElements.map(zero), insertedElements: insertedElements.map(zero),
            reloadedElements: reloadedElements.map(zero),
            movedElements: movedElements.map { ElementMove(source: zero($0.source), target: zero($0.target)) })
    }
}
