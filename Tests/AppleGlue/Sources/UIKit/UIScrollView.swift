// UIScrollView's offset, insets and gesture state, as UIKit declares them.
import Foundation
import ListViewModel

/// A view that scrolls its content: its bounds' origin is the content offset.
///
/// The stand-in counts every offset written through the SDK (``standInOffsetWrites``), and
/// plays the user's gestures through hooks: a touch (`isTracking`), a drag (`isDragging`) and the
/// deceleration after it (`isDecelerating`). As in UIKit, the `contentOffset` setter leaves a
/// deceleration running and `setContentOffset(_:animated:)` stops it (radar 16724593); an
/// animated offset change ends at once here.
@MainActor
open class UIScrollView: UIView {
    /// How the safe area adds to the content insets.
    public enum ContentInsetAdjustmentBehavior: Int, @unchecked Sendable {
        /// As `scrollableAxes` here (the stand-in has no navigation controllers).
        case automatic = 0
        /// The safe area on every edge (the stand-in scrolls all its axes).
        case scrollableAxes
        /// No safe area.
        case never
        /// The safe area on every edge.
        case always
    }

    private var tracking = false, dragging = false, decelerating = false

    /// Stand-in only: the offsets written through `contentOffset` and
    /// `setContentOffset(_:animated:)` so far; the view's own clamping and the user's scrolling
    /// are not counted.
    public private(set) var standInOffsetWrites = 0

    /// The point of the content at the view's top-left corner: the bounds' origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            standInOffsetWrites += 1
            bounds.origin = newValue
        }
    }

    /// Moves the content offset; stops a deceleration (animated or not).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        decelerating = false
        self.contentOffset = contentOffset
    }

    /// The size of the content; table and collection views report their layout's.
    open var contentSize = CGSize.zero

    /// The insets the app adds around the content.
    open var contentInset = UIEdgeInsets.zero {
        didSet { if contentInset != oldValue { setNeedsLayout() } }
    }

    /// How the safe area adds to the content insets.
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { setNeedsLayout() } }
    }

    /// The content insets plus the safe area (unless the behaviour is `.never`).
    open var adjustedContentInset: UIEdgeInsets {
        let safe = contentInsetAdjustmentBehavior == .never ? .zero : safeAreaInsets
        return UIEdgeInsets(
            top: contentInset.top + safe.top, left: contentInset.left + safe.left,
            bottom: contentInset.bottom + safe.bottom, right: contentInset.right + safe.right)
    }

    /// Whether the user touches the content (perhaps without dragging yet).
    open var isTracking: Bool { tracking }
    /// Whether the user drags the content.
    open var isDragging: Bool { dragging }
    /// Whether the content moves on after the user lifted a finger.
    open var isDecelerating: Bool { decelerating }

    /// Stand-in only: a finger touches the content.
    public func standInBeginTouch() { tracking = true }
    /// Stand-in only: the finger lifts without dragging.
    public func standInEndTouch() { tracking = false }
    /// Stand-in only: the finger starts dragging the content.
    public func standInBeginDrag() {
        tracking = true
        dragging = true
    }
    /// Stand-in only: the user scrolls the content to `offset` (a drag's or a deceleration's
    /// move); not counted in ``standInOffsetWrites``.
    public func standInUserScroll(to offset: CGPoint) { bounds.origin = offset }
    /// Stand-in only: the finger lifts; the content decelerates on if `decelerating`.
    public func standInEndDrag(decelerating: Bool) {
        tracking = false
        dragging = false
        self.decelerating = decelerating
    }
    /// Stand-in only: the deceleration ends.
    public func standInEndDeceleration() { decelerating = false }

    /// Clamps the offset along `axis` to the content's bounds, as UIKit's list
    /// views do after their content changes; not counted in ``standInOffsetWrites``.
    func clampOffset(_ axis: ScrollAxis) {
        let inset = adjustedContentInset
        switch axis {
        case .vertical:
            bounds.origin.y = clampedOffset(
                bounds.origin.y, leadingInset: inset.top, trailingInset: inset.bottom, contentLength: contentSize.height,
                boundsLength: bounds.height)
        case .horizontal:
            bounds.origin.x = clampedOffset(
                bounds.origin.x, leadingInset: inset.left, trailingInset: inset.right, contentLength: contentSize.width,
                boundsLength: bounds.width)
        }
    }
}
