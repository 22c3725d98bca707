/// A flat list's batches: a flat list is one section of a list view, the one its diff was
/// given, or for a batch built by hand, the one its first element path names.
extension BatchUpdate {
    /// The section a flat list's paths name: its first path's, else 0.
    var flatSection: Int {
        (elementDeleted.first ?? elementInserted.first ?? elementUpdated.first ?? elementMoved.first?.source)?.section ?? 0
    }

    /// The section of a view that shows a flat list laid out as `layout`.
    func flatSection(_ layout: ListLayout) -> Int {
        guard case let .flat(section?) = layout else { return flatSection }
        return section
    }

    /// A flat list's batch with its paths moved to section 0. A flat list laid out as `layout`
    /// is one section (``flatSection(_:)``); any other section, and any section operation, is
    /// out of range.
    @usableFromInline
    func inSectionZero(layout: ListLayout) throws -> BatchUpdate {
        let paths = [
            (elementDeleted, BatchUpdateError.Operation.delete), (elementInserted, .insert),
            (elementUpdated, .reload), (elementMoved.map(\.source), .moveFrom),
            (elementMoved.map(\.target), .moveTo),
        ]
        let section = flatSection(layout)
        let sectionCount = section < 0 ? 0 : min(section, Int.max - 1) + 1
        for (paths, operation) in paths {
            if let stray = paths.first(where: { $0.section != section || section < 0 }) {
                throw BatchUpdateError.sectionOutOfRange(operation, section: stray.section, sectionCount: sectionCount)
            }
        }
        for (sections, operation) in [
            (sectionDeleted, BatchUpdateError.Operation.delete), (sectionInserted, .insert),
            (sectionUpdated, .reload), (sectionMoved.map(\.source), .moveFrom),
        ] {
            if let stray = sections.first {
                throw BatchUpdateError.sectionOutOfRange(operation, section: stray, sectionCount: sectionCount)
            }
        }
        func zero(_ path: ElementPath) -> ElementPath { ElementPath(element: path.element, section: 0) }
        return BatchUpdate(
            elementDeleted: elementDeleted.map(zero), elementInserted: elementInserted.map(zero),
            elementUpdated: elementUpdated.map(zero),
            elementMoved: elementMoved.map { (source: zero($0.source), target: zero($0.target)) })
    }
}
