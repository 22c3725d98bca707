// NSTableView's layout, as AppKit documents it: rows one below the other from the top (the
// table is flipped), each `rowHeight` (or the delegate's `heightOfRow`) plus
// `intercellSpacing.height` tall, as wide as the table; the table, a scroll view's document
// view, is as tall as its rows and as wide as the clip view, and after its rows change the
// clip view constrains the scroll position to it.
import Foundation
import ListViewModel

extension NSTableView {
    func invalidateRowLayout() {
        rowLayout.invalidate()
        needsLayout = true
    }

    /// The width rows span: the clip view's when the table is its document view.
    private var rowWidth: CGFloat { (superview as? NSClipView)?.bounds.width ?? bounds.width }

    private var frames: FlowFrames {
        let count = numberOfRows, width = rowWidth
        return rowLayout.frames(for: [rowsGeneration, width] as [AnyHashable]) {
            let rows = (0..<count).map { FlowSize(main: height(ofRow: $0) + intercellSpacing.height, cross: width) }
            return layOutFlow([FlowSection(lines: .stack, items: rows)], crossExtent: width)
        }
    }

    /// Sizes the table to its rows (and to the clip view's width), then has the clip view
    /// constrain its scroll position to the new size.
    public func tile() {
        let frames = self.frames
        frame = NSRect(origin: frame.origin, size: NSSize(width: frames.crossExtent, height: frames.length))
        (superview as? NSClipView)?.documentFrameDidChange()
    }

    /// The rectangle of `row`, spacing below it included; `NSZeroRect` for a row the table does
    /// not have.
    public func rect(ofRow row: Int) -> NSRect {
        frames.item(at: IndexPath(indexes: [0, row]))?.rect(.vertical) ?? NSZeroRect
    }

    /// The rows lying wholly or partly within the vertical extent of `rect`; none if `rect` has
    /// no width or height.
    public func rows(in rect: NSRect) -> NSRange {
        guard rect.width > 0, rect.height > 0 else { return NSRange(location: 0, length: 0) }
        let rows = frames.items.first ?? []
        let inside = rows.indices.filter { rows[$0].main < rect.maxY && rows[$0].mainEnd > rect.minY }
        guard let first = inside.first else { return NSRange(location: 0, length: 0) }
        return NSRange(location: first, length: inside.count)
    }
}
