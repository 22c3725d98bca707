/// A scrolling list view as scroll anchoring sees it: it reports its geometry along its scroll
/// axis and the frames of its rows, and takes an offset. ``ScrollAnchor``'s rule itself (which
/// row anchors, where it goes, the offset, the clamping) is the core's, for both bindings.
///
/// The table and collection view targets of UIKit and AppKit conform; a custom view conforms
/// by answering in its own terms, and is returned by its target's
/// ``BatchUpdateTarget/scrollAnchoringView``.
@MainActor
public protocol ScrollAnchoringView {
    /// The view along its scroll axis now.
    var viewport: ScrollViewport { get }
    /// Whether the user is touching, dragging or decelerating the view: the offset is then
    /// left alone.
    var isUserScrolling: Bool { get }
    /// The elements on screen now, in any order.
    var visibleElements: [VisibleElement] { get }
    /// Lays the view out now, so that it reports its new data's frames and content size.
    func layoutIfNeeded()
    /// The leading edge of the frame of the element at `path` in the laid-out view, along the
    /// scroll axis; nil when the view has no such element.
    func leadingEdge(ofElementAt path: ElementPath) -> Double?
    /// Scrolls to `offset` along the scroll axis, without stopping a deceleration.
    func setScrollOffset(_ offset: Double)
}

/// A scroll view along its scroll axis (y, or x for one that scrolls horizontally), in points.
public struct ScrollViewport: Sendable, Hashable {
    /// The content offset.
    public var offset: Double
    /// The length of the view's bounds.
    public var length: Double
    /// The length of its content.
    public var contentLength: Double
    /// The adjusted content inset at the top (or left).
    public var leadingInset: Double
    /// The adjusted content inset at the bottom (or right).
    public var trailingInset: Double

    /// A viewport of the given geometry.
    public init(offset: Double, length: Double, contentLength: Double, leadingInset: Double, trailingInset: Double) {
        self.offset = offset
        self.length = length
        self.contentLength = contentLength
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
    }
}

/// An element a view shows, and its frame's leading edge along the scroll axis.
public struct VisibleElement: Sendable, Hashable {
    /// Where it is.
    public var path: ElementPath
    /// Its frame's top (or left) edge, in the content's coordinates.
    public var leadingEdge: Double

    /// An element at `path` whose frame starts at `leadingEdge`.
    public init(path: ElementPath, leadingEdge: Double) {
        self.path = path
        self.leadingEdge = leadingEdge
    }
}
