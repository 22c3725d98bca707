// UITableView's layout, as UIKit documents it for the plain style: each section's header, its
// rows and its footer follow each other down the content, full width. A row's height is the
// delegate's `heightForRowAt`, else `rowHeight`; `automaticDimension` makes it self-sizing: the
// cell's real height (`standInFittingHeight`) once the row is shown (laid out in the bounds by
// `layoutIfNeeded()`), its estimate (`estimatedHeightForRowAt`, else `estimatedRowHeight`) until
// then, unless the estimate is 0, when it is measured at once. Measured heights move with their
// rows through batches; a new, reloaded or reconfigured row, or a full reload, forgets them.
import Foundation
import ListViewModel

/// What a scroll view tells its delegate. The stand-in's scroll views tell nothing.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {}

/// What a table view asks its delegate for. The SDK's optional requirements are requirements
/// with default implementations here, each answering what UIKit uses when a delegate does not
/// implement it (the table's own property).
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// The height of the row at `indexPath`; `automaticDimension`: self-sizing.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// The estimated height of the row at `indexPath`.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height of the header of `section`.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// The height of the footer of `section`.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// The estimated height of the header of `section`.
    func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat
    /// The estimated height of the footer of `section`.
    func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat
}

extension UITableViewDelegate {
    /// The table's `rowHeight`.
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// The table's `estimatedRowHeight`.
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    /// The table's `sectionHeaderHeight`.
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    /// The table's `sectionFooterHeight`.
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    /// The table's `estimatedSectionHeaderHeight`.
    public func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.estimatedSectionHeaderHeight
    }
    /// The table's `estimatedSectionFooterHeight`.
    public func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.estimatedSectionFooterHeight
    }
}

extension UITableView {
    /// The table's styles.
    public enum Style: Int, @unchecked Sendable {
        /// Headers and footers in the flow of rows.
        case plain = 0
        /// Sections as groups.
        case grouped
        /// Sections as groups inset from the edges.
        @available(iOS 13.0, tvOS 13.0, *)
        case insetGrouped
    }

    /// A height the table chooses: self-sizing rows, titled headers and footers.
    public static let automaticDimension: CGFloat = -1

    /// The height of a self-sizing row whose cell gives none, and of an automatic estimate.
    private static let standInDefaultRowHeight: CGFloat = 44
    /// The height of a titled header or footer sized automatically.
    private static let standInTitleHeight: CGFloat = 28

    func invalidateRowLayout() {
        rowLayout.invalidate()
        setNeedsLayout()
    }

    /// The rows' layout for the rows shown now, made again when they or the width change.
    var frames: FlowFrames {
        let counts = dataSource == nil ? [] : state.shownCounts(dataSourceCounts)
        return rowLayout.frames(for: [state.generation, bounds.width] as [AnyHashable]) { layOutRows(counts) }
    }

    private func layOutRows(_ counts: [Int]) -> FlowFrames {
        let sections = counts.indices.map { section in
            var flow = FlowSection(
                lines: .stack,
                items: (0..<counts[section]).map { row in
                    FlowSize(main: height(ofRowAt: IndexPath(row: row, section: section)), cross: bounds.width)
                })
            flow.header = supplementaryHeight(delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight)
            {
                $0.tableView(self, titleForHeaderInSection: section)
            }
            flow.footer = supplementaryHeight(delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight)
            {
                $0.tableView(self, titleForFooterInSection: section)
            }
            return flow
        }
        return layOutFlow(sections, crossExtent: bounds.width)
    }

    private func supplementaryHeight(_ height: CGFloat, title: (any UITableViewDataSource) -> String?) -> CGFloat {
        guard height == UITableView.automaticDimension else { return height }
        return dataSource.flatMap(title) == nil ? 0 : UITableView.standInTitleHeight
    }

    /// Whether the row at `path` is self-sizing with an estimate, so sized once shown.
    private func isEstimated(_ path: IndexPath) -> Bool {
        (delegate?.tableView(self, heightForRowAt: path) ?? rowHeight) == UITableView.automaticDimension
            && (delegate?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight) != 0
    }

    private func fittingHeight(ofRowAt path: IndexPath) -> CGFloat {
        cellForRow(at: path)?.standInFittingHeight ?? UITableView.standInDefaultRowHeight
    }

    private func height(ofRowAt path: IndexPath) -> CGFloat {
        let height = delegate?.tableView(self, heightForRowAt: path) ?? rowHeight
        guard height == UITableView.automaticDimension else { return height }
        let estimate = delegate?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
        if estimate == 0 { return fittingHeight(ofRowAt: path) }
        if let measured = state.measuredSize(at: path) { return measured.height }
        return estimate == UITableView.automaticDimension ? UITableView.standInDefaultRowHeight : estimate
    }

    func measureShownRows() {
        state.measureShown(
            in: bounds, axis: .vertical, frames: { frames }, isEstimated: isEstimated,
            fittingSize: { CGSize(width: bounds.width, height: fittingHeight(ofRowAt: $0)) })
    }

    /// After the rows changed: a layout is due, and the offset is clamped to the new content.
    func contentDidChange() {
        setNeedsLayout()
        clampOffset(.vertical)
    }

    /// The area of the row at `indexPath`, in the table's coordinates; `.zero` for a row the table
    /// does not show.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        frames.item(at: indexPath)?.rect(.vertical) ?? .zero
    }

    /// The area of `section`: its header, rows and footer; `.zero` for a section not shown.
    public func rect(forSection section: Int) -> CGRect {
        let frames = self.frames
        return frames.sections.indices.contains(section) ? frames.sections[section].rect(.vertical) : .zero
    }

    /// The area of the header of `section` (of no height if it has none).
    public func rectForHeader(inSection section: Int) -> CGRect {
        let frames = self.frames
        return frames.headers.indices.contains(section) ? frames.headers[section].rect(.vertical) : .zero
    }

    /// The area of the footer of `section` (of no height if it has none).
    public func rectForFooter(inSection section: Int) -> CGRect {
        let frames = self.frames
        return frames.footers.indices.contains(section) ? frames.footers[section].rect(.vertical) : .zero
    }

    /// The rows whose areas overlap `rect`, in order.
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? { frames.items(in: rect, axis: .vertical) }

    /// The rows the bounds show (their areas overlap it), in order; nil if none.
    public var indexPathsForVisibleRows: [IndexPath]? {
        let paths = frames.items(in: bounds, axis: .vertical)
        return paths.isEmpty ? nil : paths
    }

    /// The cells of the rows the bounds show, in order.
    public var visibleCells: [UITableViewCell] { (indexPathsForVisibleRows ?? []).compactMap(cellForRow(at:)) }
}
