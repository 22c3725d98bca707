// The one layout every stand-in list view shares: sections of items flowing along the scroll
// axis, with headers, footers, insets and spacings, in axis-neutral terms ("main": along the
// scroll axis, "cross": across it). Not SDK-shaped: UITableView, UICollectionViewFlowLayout, the
// compositional-layout subset, NSTableView and NSCollectionViewFlowLayout map their properties
// onto it, and clamp offsets with `clampedOffset`.

import Foundation

/// The axis a view scrolls along.
public enum ScrollAxis: Sendable {
    /// Top to bottom: main is y, cross is x.
    case vertical
    /// Leading to trailing: main is x, cross is y.
    case horizontal
}

/// An item's extent along and across the scroll axis.
public struct FlowSize: Equatable, Sendable {
    /// The length along the scroll axis.
    public var main: CGFloat
    /// The length across it.
    public var cross: CGFloat
    /// An extent from its two lengths.
    public init(main: CGFloat, cross: CGFloat) {
        self.main = main
        self.cross = cross
    }
    /// The extent of `size` on `axis`.
    public init(_ size: CGSize, axis: ScrollAxis) {
        self = axis == .vertical ? FlowSize(main: size.height, cross: size.width) : FlowSize(main: size.width, cross: size.height)
    }
}

/// A rectangle in scroll-axis terms.
public struct FlowRect: Equatable, Sendable {
    /// Where it starts along the scroll axis.
    public var main: CGFloat
    /// Where it starts across it.
    public var cross: CGFloat
    /// Its extent.
    public var size: FlowSize
    /// Where it ends along the scroll axis.
    public var mainEnd: CGFloat { main + size.main }
    /// The rectangle in the view's coordinates.
    public func rect(_ axis: ScrollAxis) -> CGRect {
        axis == .vertical
            ? CGRect(x: cross, y: main, width: size.cross, height: size.main)
            : CGRect(x: main, y: cross, width: size.main, height: size.cross)
    }
}

/// One section of a flow.
public struct FlowSection: Sendable {
    /// How items share lines.
    public enum Lines: Sendable {
        /// Each item on a line of its own, at the cross start (table rows, list groups).
        case stack
        /// As many items on a line as fit across (UICollectionViewFlowLayout): a lone item is
        /// centred across the line, several are spread to fill it (the last line keeps the
        /// minimum spacing); each is centred along the line's main length.
        case flow
    }

    /// How items share lines.
    public var lines: Lines
    /// The header's length along the scroll axis (0: none); it spans the whole cross extent.
    public var header: CGFloat = 0
    /// The footer's length along the scroll axis (0: none).
    public var footer: CGFloat = 0
    /// The insets of the items, after the header and before the footer: along the axis
    /// (before, after) and across it (start, end).
    public var insetBefore: CGFloat = 0, insetAfter: CGFloat = 0, insetCrossStart: CGFloat = 0, insetCrossEnd: CGFloat = 0
    /// The spacing between lines, and the minimum spacing between items on a line.
    public var lineSpacing: CGFloat = 0, interitemSpacing: CGFloat = 0
    /// The space after the section, before the next one.
    public var spacingAfter: CGFloat = 0
    /// Each item's extent.
    public var items: [FlowSize]
    /// A section of `items` sharing lines as `lines` says.
    public init(lines: Lines, items: [FlowSize]) {
        self.lines = lines
        self.items = items
    }
}

/// Where a flow put everything.
public struct FlowFrames: Sendable {
    /// Each section's whole extent: header, items, footer.
    public var sections: [FlowRect] = []
    /// Each section's header and footer (zero length where there is none).
    public var headers: [FlowRect] = [], footers: [FlowRect] = []
    /// Each item, by section.
    public var items: [[FlowRect]] = []
    /// The content's length along the scroll axis.
    public var length: CGFloat = 0
    /// The content's extent across it.
    public var crossExtent: CGFloat = 0
    /// No content.
    public init() {}

    /// The content's size in the view's coordinates.
    public func contentSize(_ axis: ScrollAxis) -> CGSize {
        axis == .vertical ? CGSize(width: crossExtent, height: length) : CGSize(width: length, height: crossExtent)
    }

    /// The header (or footer) of `section`; nil if it has none (of no length).
    public func supplementary(header: Bool, inSection section: Int) -> FlowRect? {
        guard sections.indices.contains(section) else { return nil }
        let rect = header ? headers[section] : footers[section]
        return rect.size.main > 0 ? rect : nil
    }

    /// The item at `path`, or nil outside the flow.
    public func item(at path: IndexPath) -> FlowRect? {
        guard path.count == 2, items.indices.contains(path[0]), items[path[0]].indices.contains(path[1]) else { return nil }
        return items[path[0]][path[1]]
    }

    /// The items that overlap `rect` (an area of positive size in both axes, edges excluded),
    /// in index-path order.
    public func items(in rect: CGRect, axis: ScrollAxis) -> [IndexPath] {
        var paths: [IndexPath] = []
        for section in items.indices {
            for index in items[section].indices where overlaps(items[section][index].rect(axis), rect) {
                paths.append(IndexPath(indexes: [section, index]))
            }
        }
        return paths
    }
}

/// Whether `a` shows in `b`: on each axis it starts before `b` ends and ends after `b` starts, so
/// a rectangle touching `b` only at an edge does not, and one of no height strictly inside does.
public func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
    a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY
}

/// Lays `sections` out one after the other along the scroll axis, within `crossExtent`.
/// - Complexity: O(*n*), where *n* is the number of items.
public func layOutFlow(_ sections: [FlowSection], crossExtent: CGFloat) -> FlowFrames {
    var frames = FlowFrames()
    frames.crossExtent = crossExtent
    var position: CGFloat = 0
    for (index, section) in sections.enumerated() {
        let start = position
        frames.headers.append(FlowRect(main: position, cross: 0, size: FlowSize(main: section.header, cross: crossExtent)))
        position += section.header + section.insetBefore
        var rects = [FlowRect](
            repeating: FlowRect(main: 0, cross: 0, size: FlowSize(main: 0, cross: 0)), count: section.items.count)
        let available = crossExtent - section.insetCrossStart - section.insetCrossEnd
        var first = 0
        while first < section.items.count {
            var end = first + 1
            if section.lines == .flow {
                var used = section.items[first].cross
                while end < section.items.count, used + section.interitemSpacing + section.items[end].cross <= available {
                    used += section.interitemSpacing + section.items[end].cross
                    end += 1
                }
            }
            if first > 0 { position += section.lineSpacing }
            let line = first..<end
            let lineLength = line.map { section.items[$0].main }.max() ?? 0
            let widths = line.map { section.items[$0].cross }.reduce(0, +)
            var cross = section.insetCrossStart
            var gap = section.interitemSpacing
            if section.lines == .flow {
                if line.count == 1 {
                    cross += (available - widths) / 2
                } else if end < section.items.count {
                    gap = (available - widths) / CGFloat(line.count - 1)
                }
            }
            for item in line {
                let size = section.items[item]
                let main = section.lines == .flow ? position + (lineLength - size.main) / 2 : position
                rects[item] = FlowRect(main: main, cross: cross, size: size)
                cross += size.cross + gap
            }
            position += lineLength
            first = end
        }
        frames.items.append(rects)
        position += section.insetAfter
        frames.footers.append(FlowRect(main: position, cross: 0, size: FlowSize(main: section.footer, cross: crossExtent)))
        position += section.footer
        frames.sections.append(FlowRect(main: start, cross: 0, size: FlowSize(main: position - start, cross: crossExtent)))
        if index < sections.count - 1 { position += section.spacingAfter }
    }
    frames.length = position
    return frames
}

extension ListState {
    /// Sizes the estimated items `visible` shows as UIKit and AppKit show rows, from the top
    /// down: the first estimated item shown in `frames()` takes `fittingSize`, the flow is made
    /// again (the item moves those after it, which may show or hide them), until every shown item
    /// has its real size.
    /// - Complexity: O(*n* · *r*), where *r* is the number of items measured.
    public func measureShown(
        in visible: CGRect, axis: ScrollAxis, frames: () -> FlowFrames, isEstimated: (IndexPath) -> Bool,
        fittingSize: (IndexPath) -> CGSize
    ) {
        while let first = frames().items(in: visible, axis: axis).first(where: {
            measured[$0[0]][$0[1]] == nil && isEstimated($0)
        }) {
            setMeasured(fittingSize(first), at: first)
        }
    }

    /// The size the item at `path` measured, if it did.
    public func measuredSize(at path: IndexPath) -> CGSize? { measured[path[0]][path[1]] }

    /// The sizes of a flow layout's `count` items in `section`: each one's `declared` size, or,
    /// when the layout estimates (`estimate` is not nil), its measured size, else its estimate.
    public func flowItemSizes(
        count: Int, section: Int, estimate: ((IndexPath) -> CGSize)?, declared: (IndexPath) -> CGSize
    ) -> [CGSize] {
        (0..<count).map { item in
            let path = IndexPath(indexes: [section, item])
            guard let estimate else { return declared(path) }
            return measuredSize(at: path) ?? estimate(path)
        }
    }
}

/// An offset along the scroll axis clamped to the content's bounds, as UIKit's views and AppKit's
/// clip view keep it: from -leadingInset to max(that, contentLength + trailingInset - boundsLength).
public func clampedOffset(
    _ offset: CGFloat, leadingInset: CGFloat, trailingInset: CGFloat, contentLength: CGFloat, boundsLength: CGFloat
) -> CGFloat {
    let lowest = -leadingInset
    return min(max(offset, lowest), max(lowest, contentLength + trailingInset - boundsLength))
}

/// A section of a flow from a flow layout's properties (UIKit's and AppKit's alike): `inset` is
/// the section inset by edge, `header` and `footer` the reference sizes, `items` the item sizes,
/// all in view coordinates; the axis decides which of their lengths run along it.
public func flowSection(
    axis: ScrollAxis, lines: FlowSection.Lines, items: [CGSize],
    inset: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat), lineSpacing: CGFloat,
    interitemSpacing: CGFloat, header: CGSize, footer: CGSize
) -> FlowSection {
    var section = FlowSection(lines: lines, items: items.map { FlowSize($0, axis: axis) })
    section.header = FlowSize(header, axis: axis).main
    section.footer = FlowSize(footer, axis: axis).main
    (section.insetBefore, section.insetAfter, section.insetCrossStart, section.insetCrossEnd) =
        axis == .vertical
        ? (inset.top, inset.bottom, inset.left, inset.right) : (inset.left, inset.right, inset.top, inset.bottom)
    section.lineSpacing = lineSpacing
    section.interitemSpacing = interitemSpacing
    return section
}

/// The last flow a view made, and what it was made for: made again only when that changes
/// (the rows shown, the bounds' size, the insets…) or when it is invalidated.
@MainActor
public final class FlowCache {
    private var made: (key: AnyHashable, frames: FlowFrames)?
    /// An empty cache.
    public init() {}
    /// The flow for `key`: the last one if made for it, else `make()`'s.
    public func frames(for key: AnyHashable, make: () -> FlowFrames) -> FlowFrames {
        if let made, made.key == key { return made.frames }
        let frames = make()
        made = (key, frames)
        return frames
    }
    /// Forgets the last flow.
    public func invalidate() { made = nil }
}
