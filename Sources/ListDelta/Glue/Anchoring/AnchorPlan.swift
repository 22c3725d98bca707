import CListDelta

/// What one batch keeps in place: the core's plan, made before the batch from what the view
/// shows, and carried out once the view has laid the batch out.
@MainActor
struct AnchorPlan {
    private let view: any ScrollAnchoringView
    private var plan: ld_anchor_plan_t

    /// The plan of `anchor` for `batch` on `view`; nil when there is nothing to keep: no anchor
    /// or view, a user scrolling, no row on screen that survives, or a view whose geometry the
    /// core refuses (a frame that is not finite).
    init?(_ anchor: ScrollAnchor?, for batch: BatchUpdate, on view: (any ScrollAnchoringView)?) {
        guard let anchor, let view, !view.isUserScrolling else { return nil }
        var viewport = ld_viewport_t(view.viewport)
        let rows = view.visibleElements.map { ld_visible_row_t(path: ld_path_t($0.path), leading: $0.leadingEdge) }
        var plan = ld_anchor_plan_t()
        let status = try? batch.withCoreBatch { batch in
            try WorkspacePool.shared.withWorkspace { workspace in
                ld_anchor_plan(workspace, anchor.core, batch, &viewport, rows, rows.count, &plan)
            }
        }
        guard status == LD_OK, plan.keep != LD_SCROLL_ANCHOR_NONE else { return nil }
        (self.view, self.plan) = (view, plan)
    }

    /// Sets the offset that keeps the plan, unless the user has started scrolling meanwhile:
    /// lays the view out and sets it again until the view keeps it (rows that take their real
    /// heights once shown move the anchor), at most `LD_ANCHOR_LAYOUT_PASSES` times.
    func carryOut() {
        let path = ElementPath(element: Int(plan.path.element), section: Int(plan.path.section))
        var laidOut: (ScrollViewport, Double)?
        for _ in 0..<LD_ANCHOR_LAYOUT_PASSES {
            guard !view.isUserScrolling else { return }
            view.layoutIfNeeded()
            var leading = 0.0
            if plan.keep == LD_SCROLL_ANCHOR_VISIBLE_CONTENT {
                guard let edge = view.leadingEdge(ofElementAt: path) else { return }
                leading = edge
            }
            var plan = plan, viewport = ld_viewport_t(view.viewport), offset = 0.0
            guard ld_anchor_offset(&plan, &viewport, leading, &offset) == LD_OK else { return }
            if offset != viewport.offset {
                view.setScrollOffset(offset)
            } else if let (before, edge) = laidOut, before == view.viewport, edge == leading {
                // A layout that moved nothing: the view keeps the offset.
                return
            }
            laidOut = (view.viewport, leading)
        }
    }
}

extension ld_viewport_t {
    fileprivate init(_ viewport: ScrollViewport) {
        self.init(
            offset: viewport.offset, length: viewport.length, content_length: viewport.contentLength,
            inset_leading: viewport.leadingInset, inset_trailing: viewport.trailingInset)
    }
}
