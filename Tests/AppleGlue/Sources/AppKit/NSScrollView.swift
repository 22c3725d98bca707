// NSScrollView and NSClipView, as AppKit declares them: the clip view's bounds origin is the
// scroll position in the document view's coordinates; the document view (a table or collection
// view) sizes itself to its content, and the clip view then keeps its origin within the
// document, widened by the content insets, as `constrainBoundsRect(_:)` says.
import Foundation
import ListViewModel

/// The view a scroll view scrolls: its bounds show part of the document view.
@MainActor
open class NSClipView: NSView {
    /// The view scrolled.
    open var documentView: NSView? {
        didSet {
            oldValue?.superview = nil
            subviews = documentView.map { [$0] } ?? []
            documentView?.superview = self
            documentView?.needsLayout = true
            documentView?.layoutSubtreeIfNeeded()
        }
    }
    /// Flipped as its document view is.
    open override var isFlipped: Bool { documentView?.isFlipped ?? false }
    /// The insets the content scrolls under; the scroll view sets them.
    open var contentInsets = NSEdgeInsets()
    /// Whether the clip view accounts for the scroll view's other subviews (it has none here).
    open var automaticallyAdjustsContentInsets = true

    /// Stand-in only: the scroll positions set through `scroll(to:)` so far; the clip view's own
    /// constraining and the user's scrolling are not counted.
    public private(set) var standInOffsetWrites = 0

    /// Moves the bounds' origin (the scroll position) to `newOrigin`, unconstrained.
    open func scroll(to newOrigin: NSPoint) {
        standInOffsetWrites += 1
        bounds.origin = newOrigin
    }

    /// The document view's frame.
    open var documentRect: NSRect { documentView?.frame ?? .zero }

    /// The part of the document view the clip view shows, in the document's coordinates.
    open var documentVisibleRect: NSRect { documentView.map { $0.bounds.intersection(bounds) } ?? .zero }

    /// `proposedBounds` with its origin moved into the document widened by the content insets:
    /// each axis from -inset to max(that, document length + far inset - bounds length).
    open func constrainBoundsRect(_ proposedBounds: NSRect) -> NSRect {
        let document = documentRect.size
        var constrained = proposedBounds
        constrained.origin.x = clampedOffset(
            proposedBounds.origin.x, leadingInset: contentInsets.left, trailingInset: contentInsets.right,
            contentLength: document.width, boundsLength: proposedBounds.width)
        constrained.origin.y = clampedOffset(
            proposedBounds.origin.y, leadingInset: contentInsets.top, trailingInset: contentInsets.bottom,
            contentLength: document.height, boundsLength: proposedBounds.height)
        return constrained
    }

    /// After the document view's frame changed: the scroll position is constrained to it.
    func documentFrameDidChange() { bounds = constrainBoundsRect(bounds) }

    /// Stand-in only: moves the scroll position as the user scrolling would.
    func userScroll(to origin: NSPoint) { bounds.origin = origin }

    override func frameSizeDidChange() { documentView?.needsLayout = true }
}

/// A view that scrolls a document view through its clip view.
///
/// The user's live scrolls are played through hooks, which post the SDK's notifications (object:
/// the scroll view) on `NotificationCenter.default`: ``standInBeginLiveScroll()``,
/// ``standInLiveScroll(to:)``, ``standInEndLiveScroll()``.
@MainActor
open class NSScrollView: NSView {
    /// Posted when the user starts a live scroll (a gesture, a scroller drag).
    public static let willStartLiveScrollNotification = NSNotification.Name("NSScrollViewWillStartLiveScrollNotification")
    /// Posted after the user's live scroll moved the clip view's bounds.
    public static let didLiveScrollNotification = NSNotification.Name("NSScrollViewDidLiveScrollNotification")
    /// Posted when the user's live scroll ends.
    public static let didEndLiveScrollNotification = NSNotification.Name("NSScrollViewDidEndLiveScrollNotification")

    /// The clip view that shows the document view.
    open var contentView: NSClipView {
        didSet {
            oldValue.superview = nil
            adopt(contentView)
        }
    }

    /// A scroll view with a zero frame (made on the main actor, as every view is).
    public override init() {
        contentView = NSClipView()
        super.init()
        MainActor.assumeIsolated { adopt(contentView) }
    }
    /// A scroll view with `frameRect`.
    public override init(frame frameRect: NSRect) {
        contentView = NSClipView()
        super.init(frame: frameRect)
        adopt(contentView)
    }

    private func adopt(_ clipView: NSClipView) {
        subviews = [clipView]
        clipView.superview = self
        clipView.contentInsets = contentInsets
        clipView.frame = NSRect(origin: .zero, size: bounds.size)
    }

    override func frameSizeDidChange() { contentView.frame = NSRect(origin: .zero, size: bounds.size) }

    /// The view scrolled (the clip view's document view).
    open var documentView: NSView? {
        get { contentView.documentView }
        set { contentView.documentView = newValue }
    }

    /// The part of the document view shown.
    open var documentVisibleRect: NSRect { contentView.documentVisibleRect }

    /// The size of the clip view.
    open var contentSize: NSSize { contentView.frame.size }

    /// The insets the content scrolls under (a title bar or toolbar, say); the clip view takes
    /// them.
    open var contentInsets = NSEdgeInsets() {
        didSet {
            contentView.contentInsets = contentInsets
            contentView.documentFrameDidChange()
        }
    }

    /// Whether the scroll view sets its content insets for the title bar and toolbar it lies under.
    open var automaticallyAdjustsContentInsets = true

    /// Stand-in only: the window's title bar and toolbar come to cover `insets` of the scroll
    /// view: a scroll view that adjusts its insets automatically takes them as `contentInsets`.
    public func standInSetAutomaticContentInsets(_ insets: NSEdgeInsets) {
        if automaticallyAdjustsContentInsets { contentInsets = insets }
    }

    /// Stand-in only: the times `reflectScrolledClipView(_:)` was called.
    public private(set) var standInReflections = 0

    /// Updates the scrollers for the clip view's scroll position.
    open func reflectScrolledClipView(_ cView: NSClipView) { standInReflections += 1 }

    /// Stand-in only: the scroll positions set through the clip view's `scroll(to:)` so far.
    public var standInOffsetWrites: Int { contentView.standInOffsetWrites }

    /// Stand-in only: whether the user is scrolling live (between the will-start and did-end
    /// notifications).
    public private(set) var standInIsLiveScrolling = false

    /// Stand-in only: the user starts a live scroll; posts `willStartLiveScrollNotification`.
    public func standInBeginLiveScroll() {
        standInIsLiveScrolling = true
        NotificationCenter.default.post(name: Self.willStartLiveScrollNotification, object: self)
    }

    /// Stand-in only: the user's live scroll moves the scroll position to `origin` (not counted
    /// in ``standInOffsetWrites``); posts `didLiveScrollNotification`.
    public func standInLiveScroll(to origin: NSPoint) {
        contentView.userScroll(to: origin)
        NotificationCenter.default.post(name: Self.didLiveScrollNotification, object: self)
    }

    /// Stand-in only: the user's live scroll ends; posts `didEndLiveScrollNotification`.
    public func standInEndLiveScroll() {
        standInIsLiveScrolling = false
        NotificationCenter.default.post(name: Self.didEndLiveScrollNotification, object: self)
    }
}
