// NSView's geometry and layout, as AppKit declares them.
import Foundation

/// A view: a rectangle (its `frame` in its superview, its `bounds` in its own coordinates,
/// sharing their size) with subviews, laid out by `layoutSubtreeIfNeeded()`.
@MainActor
open class NSView: NSResponder {
    /// A view with a zero frame.
    public override init() { super.init() }
    /// A view with `frameRect`.
    public init(frame frameRect: NSRect) {
        super.init()
        frame = frameRect
    }

    private var hostWindow: NSWindow?
    /// The window the view is in; nil off screen.
    open var window: NSWindow? { hostWindow }
    /// The proxy through which changes animate; the stand-in animates the view itself.
    open func animator() -> Self { self }
    /// Stand-in only: puts the view in a window (or takes it out).
    public func standInMove(toWindow window: NSWindow?) { hostWindow = window }

    private var origin = NSPoint.zero

    /// The view's rectangle in its superview's coordinates; its size is the bounds' size.
    open var frame: NSRect {
        get { NSRect(origin: origin, size: bounds.size) }
        set {
            origin = newValue.origin
            guard newValue.size != bounds.size else { return }
            bounds.size = newValue.size
            needsLayout = true
            frameSizeDidChange()
        }
    }

    /// The view's rectangle in its own coordinates; a clip view's origin is the scroll position.
    open var bounds = NSRect.zero

    /// Whether the view's y axis runs down (table and collection views) rather than up.
    open var isFlipped: Bool { false }

    /// The view containing this one.
    open internal(set) weak var superview: NSView?

    /// The views this one contains, back to front.
    open internal(set) var subviews: [NSView] = []

    /// The nearest scroll view containing this view.
    open var enclosingScrollView: NSScrollView? {
        var view = superview
        while let current = view {
            if let scrollView = current as? NSScrollView { return scrollView }
            view = current.superview
        }
        return nil
    }

    /// The part of the bounds not clipped by the enclosing clip view: for a scroll view's
    /// document view, the bounds within the clip view's; else the bounds.
    open var visibleRect: NSRect {
        guard let clipView = superview as? NSClipView, clipView.documentView === self else { return bounds }
        return bounds.intersection(clipView.bounds)
    }

    /// Whether the view is to be laid out.
    open var needsLayout = true

    /// Lays out the view's content; a table or collection view sizes itself here.
    open func layout() {}

    /// Lays out the view, if it is to be, then its subviews.
    open func layoutSubtreeIfNeeded() {
        if needsLayout {
            needsLayout = false
            layout()
        }
        subviews.forEach { $0.layoutSubtreeIfNeeded() }
    }

    /// Stand-in only: the height a view's content fits (what Auto Layout would compute), which a
    /// table using automatic row heights gives the row whose first view this is; nil: `rowHeight`.
    public var standInFittingHeight: CGFloat?

    /// Called when the frame's size changed.
    func frameSizeDidChange() {}
}
