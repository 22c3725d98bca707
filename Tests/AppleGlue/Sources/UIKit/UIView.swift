// UIView's geometry and layout cycle, and the inset types, as UIKit declares them.
import Foundation

/// Insets from a rectangle's edges, in points.
public struct UIEdgeInsets: Equatable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the left edge.
    public var left: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the right edge.
    public var right: CGFloat
    /// No insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    /// Insets from each edge.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// No insets.
    public static let zero = UIEdgeInsets()
}

/// Insets from a rectangle's edges that follow the layout direction (leading and trailing).
public struct NSDirectionalEdgeInsets: Equatable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the leading edge.
    public var leading: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the trailing edge.
    public var trailing: CGFloat
    /// No insets.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    /// Insets from each edge.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No insets.
    public static let zero = NSDirectionalEdgeInsets()
}

/// A view: a rectangle (its `frame` in its superview, its `bounds` in its own coordinates,
/// sharing their size) laid out in UIKit's cycle: `setNeedsLayout()` marks it, `layoutIfNeeded()`
/// runs `layoutSubviews()` once if marked. A size change or a scroll marks it.
@MainActor
open class UIView: UIResponder {
    /// A view with a zero frame; cells registered by class are made with it.
    public required override init() { super.init() }
    /// A view with `frame`.
    public init(frame: CGRect) {
        super.init()
        self.frame = frame
    }
    /// Whether animations are on; false inside ``performWithoutAnimation(_:)``.
    public private(set) static var areAnimationsEnabled = true
    /// Runs `actionsWithoutAnimation` with animations off: batch updates made inside it are
    /// applied without animation.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let enabled = areAnimationsEnabled
        areAnimationsEnabled = false
        defer { areAnimationsEnabled = enabled }
        actionsWithoutAnimation()
    }
    private var hostWindow: UIWindow?
    /// The window the view is in; nil off screen.
    open var window: UIWindow? { hostWindow }
    /// Stand-in only: puts the view in a window (or takes it out).
    public func standInMove(toWindow window: UIWindow?) { hostWindow = window }

    private var origin = CGPoint.zero
    private var needsLayout = true
    private var safeArea = UIEdgeInsets.zero

    /// The view's rectangle in its superview's coordinates; its size is the bounds' size.
    open var frame: CGRect {
        get { CGRect(origin: origin, size: bounds.size) }
        set {
            origin = newValue.origin
            bounds.size = newValue.size
        }
    }

    /// The view's rectangle in its own coordinates; a scroll view's origin is its content offset.
    open var bounds = CGRect.zero {
        didSet { if bounds != oldValue { setNeedsLayout() } }
    }

    /// The insets of the area not covered by bars, the notch or the home indicator.
    open var safeAreaInsets: UIEdgeInsets { safeArea }

    /// Called when the safe area changes.
    open func safeAreaInsetsDidChange() {}

    /// Stand-in only: the view's safe area becomes `insets` (as bars or a notch would make it).
    public func standInSetSafeAreaInsets(_ insets: UIEdgeInsets) {
        guard insets != safeArea else { return }
        safeArea = insets
        safeAreaInsetsDidChange()
        setNeedsLayout()
    }

    /// Marks the view for layout in the next cycle.
    open func setNeedsLayout() { needsLayout = true }

    /// Lays the view out now if it is marked.
    open func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
    }

    /// Lays out the view's content; a table or collection view sizes the rows it shows here.
    open func layoutSubviews() {}
}
