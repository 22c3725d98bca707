import AppKit
import UIKit

// An independent reference for scroll anchoring, written from the views' layout alone (the
// SDK's own calls on the stand-ins), never from ListDelta: a test snapshots the rows a view
// shows before a batch, applies the batch through the glue, and compares the offset the glue
// left with the offset this reference computes from the layout after it.
//
// The rule it encodes (anchoring.md): the rows shown are those whose frames overlap the visible
// rect (the bounds; AppKit: the clip view's bounds) by more than an edge; the visible top is the
// offset plus the leading adjusted inset; `.visibleContent` keeps the first shown row (by
// leading edge, then index path) that survives the batch, by identity, at its distance from
// the visible top; with none surviving the offset is what the view leaves (kept, clamped);
// `.bottom` (`.top`) keeps a view that was at its trailing (leading) end at that end, and
// otherwise keeps its visible content. Offsets are clamped to [-leading inset,
// max(that, content length + trailing inset - visible length)] along the scroll axis.

/// The axis a view scrolls along, read from its layout.
enum ReferenceAxis {
    case vertical, horizontal
}

/// What the reference reads of a view, through the SDK's calls only.
@MainActor
protocol AnchoringGeometry: AnyObject {
    /// The axis the view scrolls along.
    var referenceAxis: ReferenceAxis { get }
    /// Every row's (or item's) index path and frame, in index-path order.
    func referenceFrames() -> [(path: IndexPath, frame: CGRect)]
    /// The rect the view shows, in its content's coordinates: its origin is the offset.
    var referenceVisibleRect: CGRect { get }
    /// The adjusted insets along the scroll axis: before the content and after it.
    var referenceInsets: (leading: CGFloat, trailing: CGFloat) { get }
    /// The content's length along the scroll axis.
    var referenceContentLength: CGFloat { get }
}

/// The anchors the reference knows.
enum ReferenceAnchor {
    case visibleContent, bottom, top
}

/// What a view showed before a batch.
struct AnchoringSnapshot<ID: Hashable> {
    /// The rows shown, first leading edge first: each row's identity and the distance of its
    /// leading edge from the visible top (offset + leading inset).
    var rows: [(id: ID, distance: CGFloat)]
    /// The offset along the scroll axis.
    var offset: CGFloat
    /// Whether the view was at its leading end (the top) and at its trailing end (the bottom).
    var wasAtLeadingEnd: Bool, wasAtTrailingEnd: Bool
}

@MainActor
enum AnchoringReference {
    /// The offset along `axis` of a rect.
    private static func leading(_ rect: CGRect, _ axis: ReferenceAxis) -> CGFloat { axis == .vertical ? rect.minY : rect.minX }

    /// The range of offsets a view may rest at, for its content now.
    static func offsetRange(of view: some AnchoringGeometry) -> ClosedRange<CGFloat> {
        let visible = view.referenceVisibleRect, insets = view.referenceInsets
        let length = view.referenceAxis == .vertical ? visible.height : visible.width
        let lowest = -insets.leading
        return lowest...max(lowest, view.referenceContentLength + insets.trailing - length)
    }

    private static func clamp(_ offset: CGFloat, _ range: ClosedRange<CGFloat>) -> CGFloat {
        min(max(offset, range.lowerBound), range.upperBound)
    }

    /// Whether `frame` shows in `visible`: more than an edge of overlap on each axis.
    private static func shows(_ frame: CGRect, in visible: CGRect) -> Bool {
        frame.minX < visible.maxX && frame.maxX > visible.minX && frame.minY < visible.maxY && frame.maxY > visible.minY
    }

    /// The rows `view` shows, with `identity` of each (the model identifier at its index path);
    /// `tolerance` is how close to an end counts as at it.
    static func snapshot<ID: Hashable>(
        of view: some AnchoringGeometry, tolerance: CGFloat = 0, identity: (IndexPath) -> ID
    ) -> AnchoringSnapshot<ID> {
        let axis = view.referenceAxis, visible = view.referenceVisibleRect
        let offset = leading(visible, axis), top = offset + view.referenceInsets.leading
        let shown = view.referenceFrames().filter { shows($0.frame, in: visible) }
            .sorted { leading($0.frame, axis) < leading($1.frame, axis) }
        let range = offsetRange(of: view)
        return AnchoringSnapshot(
            rows: shown.map { (identity($0.path), leading($0.frame, axis) - top) }, offset: offset,
            wasAtLeadingEnd: offset <= range.lowerBound + tolerance, wasAtTrailingEnd: offset >= range.upperBound - tolerance)
    }

    /// The offset UIKit (or AppKit) leaves after a batch: the one before it, clamped to the
    /// content after it.
    static func offsetUIKitWouldLeave<ID>(_ view: some AnchoringGeometry, before snapshot: AnchoringSnapshot<ID>) -> CGFloat {
        clamp(snapshot.offset, offsetRange(of: view))
    }

    /// The offset anchoring by `anchor` must leave after a batch, from the layout after it;
    /// `identity` maps the index paths after the batch to the model identifiers they show.
    static func expectedOffset<ID: Hashable>(
        _ view: some AnchoringGeometry, before snapshot: AnchoringSnapshot<ID>, anchor: ReferenceAnchor,
        identity: (IndexPath) -> ID
    ) -> CGFloat {
        let range = offsetRange(of: view)
        switch anchor {
        case .bottom where snapshot.wasAtTrailingEnd: return range.upperBound
        case .top where snapshot.wasAtLeadingEnd: return range.lowerBound
        default: break
        }
        var leadingEdges: [ID: CGFloat] = [:]
        for (path, frame) in view.referenceFrames() where leadingEdges[identity(path)] == nil {
            leadingEdges[identity(path)] = leading(frame, view.referenceAxis)
        }
        guard let anchor = snapshot.rows.first(where: { leadingEdges[$0.id] != nil }) else {
            return offsetUIKitWouldLeave(view, before: snapshot)
        }
        return clamp(leadingEdges[anchor.id]! - anchor.distance - view.referenceInsets.leading, range)
    }
}

extension UITableView: AnchoringGeometry {
    var referenceAxis: ReferenceAxis { .vertical }
    func referenceFrames() -> [(path: IndexPath, frame: CGRect)] {
        (0..<numberOfSections).flatMap { section in
            (0..<numberOfRows(inSection: section)).map { row in
                let path = IndexPath(indexes: [section, row])
                return (path, rectForRow(at: path))
            }
        }
    }
    var referenceVisibleRect: CGRect { bounds }
    var referenceInsets: (leading: CGFloat, trailing: CGFloat) { (adjustedContentInset.top, adjustedContentInset.bottom) }
    var referenceContentLength: CGFloat { contentSize.height }
}

extension UICollectionView: AnchoringGeometry {
    var referenceAxis: ReferenceAxis {
        let direction =
            (collectionViewLayout as? UICollectionViewFlowLayout)?.scrollDirection
            ?? (collectionViewLayout as? UICollectionViewCompositionalLayout)?.configuration.scrollDirection ?? .vertical
        return direction == .vertical ? .vertical : .horizontal
    }
    func referenceFrames() -> [(path: IndexPath, frame: CGRect)] {
        (0..<numberOfSections).flatMap { section in
            (0..<numberOfItems(inSection: section)).compactMap { item in
                let path = IndexPath(indexes: [section, item])
                return layoutAttributesForItem(at: path).map { (path, $0.frame) }
            }
        }
    }
    var referenceVisibleRect: CGRect { bounds }
    var referenceInsets: (leading: CGFloat, trailing: CGFloat) {
        let inset = adjustedContentInset
        return referenceAxis == .vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
    }
    var referenceContentLength: CGFloat { referenceAxis == .vertical ? contentSize.height : contentSize.width }
}

extension NSTableView: AnchoringGeometry {
    var referenceAxis: ReferenceAxis { .vertical }
    func referenceFrames() -> [(path: IndexPath, frame: CGRect)] {
        (0..<numberOfRows).map { (IndexPath(indexes: [0, $0]), rect(ofRow: $0)) }
    }
    var referenceVisibleRect: CGRect { enclosingScrollView?.contentView.bounds ?? visibleRect }
    var referenceInsets: (leading: CGFloat, trailing: CGFloat) {
        let inset = enclosingScrollView?.contentView.contentInsets ?? NSEdgeInsets()
        return (inset.top, inset.bottom)
    }
    var referenceContentLength: CGFloat { frame.height }
}

extension NSCollectionView: AnchoringGeometry {
    var referenceAxis: ReferenceAxis {
        (collectionViewLayout as? NSCollectionViewFlowLayout)?.scrollDirection == .horizontal ? .horizontal : .vertical
    }
    func referenceFrames() -> [(path: IndexPath, frame: CGRect)] {
        (0..<numberOfSections).flatMap { section in
            (0..<numberOfItems(inSection: section)).compactMap { item in
                let path = IndexPath(indexes: [section, item])
                return layoutAttributesForItem(at: path).map { (path, $0.frame) }
            }
        }
    }
    var referenceVisibleRect: CGRect { enclosingScrollView?.contentView.bounds ?? visibleRect }
    var referenceInsets: (leading: CGFloat, trailing: CGFloat) {
        let inset = enclosingScrollView?.contentView.contentInsets ?? NSEdgeInsets()
        return referenceAxis == .vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
    }
    var referenceContentLength: CGFloat { referenceAxis == .vertical ? frame.height : frame.width }
}
