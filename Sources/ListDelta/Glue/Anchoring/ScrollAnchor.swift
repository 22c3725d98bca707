import CListDelta

/// What a list view keeps in place when a batch changes rows above the ones on screen: a chat
/// that loads older messages above the one being read, a feed that inserts posts while the
/// reader is halfway down.
///
/// UIKit and AppKit keep the content offset through a batch update, so everything on screen
/// moves by the height of what changed above it. Passed as `anchoring:` to a view's
/// `reload(using:…)`, or set as `scrollAnchor` on a ``ListUpdater`` or a diffable data source,
/// a scroll anchor sets the offset after each batch instead. Nil, the default everywhere, is
/// UIKit's behaviour.
///
/// ```swift
/// tableView.reload(using: changes, with: .fade, anchoring: .bottom) { messages = $0 }
/// ```
///
/// The offset is never set while the user touches, drags or decelerates the view: the batch
/// is applied and the offset left as UIKit leaves it, so that the user's scrolling is never
/// cancelled. A reload instead of a batch (an interrupted reload, a view out of sync or out of
/// a window) keeps the offset too.
public enum ScrollAnchor: Sendable, Hashable, CaseIterable {
    /// The first row on screen that survives the batch keeps its place: its leading edge stays
    /// the same distance from the visible top (the content offset plus the adjusted inset),
    /// whatever is inserted, deleted, moved, resized or reloaded above it. When it is deleted,
    /// the next row on screen that survives anchors; when none does, nothing is adjusted.
    /// Offsets are clamped to the content.
    case visibleContent
    /// A view scrolled to its top edge stays at its top edge, so that what arrives at the top
    /// shows (a feed that is being watched from its top); scrolled elsewhere, it keeps its
    /// visible content.
    case top
    /// A view scrolled to its bottom edge stays at its bottom edge, so that what arrives at the
    /// bottom shows (a chat's new messages); scrolled elsewhere, it keeps its visible content,
    /// as when older messages load above.
    case bottom

    var core: ld_scroll_anchor {
        switch self {
        case .visibleContent: LD_SCROLL_ANCHOR_VISIBLE_CONTENT
        case .top: LD_SCROLL_ANCHOR_TOP
        case .bottom: LD_SCROLL_ANCHOR_BOTTOM
        }
    }
}
