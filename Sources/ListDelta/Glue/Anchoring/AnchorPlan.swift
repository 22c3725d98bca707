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
        // The rows first: asking a view for them lays it out, which may change its content size.
        let rows = view.visibleElements.map { ld_visible_row_t(path: ld_path_t($0.path), leading: $0.leadingEdge) }
        var viewport = ld_viewport_t(view.viewport)
        var plan = ld_anchor_plan_t()
        let status = try? batch.withCoreBatch { batch in
            try WorkspacePool.shared.withWorkspace { workspace in
                ld_anchor_plan(workspace, anchor.core, batch, &viewport, rows, rows.count, &plan)
            }
        }
        guard status == LD_OK, plan.keep != LD_SCROLL_ANCHOR_NONE else { return nil }
        (self.view, self.plan) = (view, plan)
    }

    /// Sets the offset that keeps the plan, through the core's `ld_anchor_keep`: laid out and
    /// set again until a layout moves nothing, unless the user scrolls meanwhile.
    func carryOut() {
        let box = Unmanaged.passRetained(ViewBox(view))
        defer { box.release() }
        var callbacks = ld_anchor_view_t(
            context: box.toOpaque(),
            user_is_scrolling: { ViewBox.view($0) { $0.isUserScrolling } },
            layout: { ViewBox.view($0) { $0.layoutIfNeeded() } },
            viewport: { ViewBox.view($0) { ld_viewport_t($0.viewport) } },
            leading_edge: { context, path, out in
                ViewBox.view(context) { view in
                    guard let out, let edge = view.leadingEdge(ofElementAt: ElementPath(path)) else { return false }
                    out.pointee = edge
                    return true
                }
            },
            set_offset: { context, offset in ViewBox.view(context) { $0.setScrollOffset(offset) } })
        var plan = plan
        _ = ld_anchor_keep(&plan, &callbacks)
    }
}

/// The view the core's callbacks reach through their context.
@MainActor
private final class ViewBox {
    let view: any ScrollAnchoringView
    init(_ view: any ScrollAnchoringView) { self.view = view }

    /// `body` on the view of the box at `context`, on the main actor, where the core calls back
    /// within `ld_anchor_keep`.
    nonisolated static func view<R: Sendable>(
        _ context: UnsafeMutableRawPointer?, _ body: @MainActor (any ScrollAnchoringView) -> R
    ) -> R {
        let box = Unmanaged<ViewBox>.fromOpaque(context!).takeUnretainedValue()
        return MainActor.assumeIsolated { body(box.view) }
    }
}

extension ElementPath {
    fileprivate init(_ path: ld_path_t) { self.init(element: Int(path.element), section: Int(path.section)) }
}

extension ld_viewport_t {
    fileprivate init(_ viewport: ScrollViewport) {
        self.init(
            offset: viewport.offset, length: viewport.length, content_length: viewport.contentLength,
            inset_leading: viewport.leadingInset, inset_trailing: viewport.trailingInset)
    }
}
