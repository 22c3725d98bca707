// NSCollectionView's layouts, as AppKit declares them: the abstract NSCollectionViewLayout and
// NSCollectionViewFlowLayout, placed by the shared flow (ListViewModel's `layOutFlow`) as the
// UIKit stand-in's flow layout is. Across its scroll axis the content spans the clip view less
// its content insets (the view's own bounds outside a scroll view); the collection view, a
// scroll view's document view, is as large as its content, and after its items change the clip
// view constrains the scroll position to it. Estimated items are their estimate until shown
// (laid out in the visible rect by `layoutSubtreeIfNeeded()`), then their item's
// `standInFittingSize`.
import Foundation
import ListViewModel

/// What a collection view tells its delegate. The stand-in's delegates are asked for sizes only
/// (through `NSCollectionViewDelegateFlowLayout`).
@MainActor
public protocol NSCollectionViewDelegate: AnyObject {}

/// What a flow layout asks the collection view's delegate. The SDK's optional requirements are
/// requirements with default implementations here, each answering the layout's own property.
@MainActor
public protocol NSCollectionViewDelegateFlowLayout: NSCollectionViewDelegate {
    /// The size of the item at `indexPath`.
    func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> NSSize
    /// The insets of the items of `section`.
    func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout, insetForSectionAt section: Int
    ) -> NSEdgeInsets
    /// The spacing between the lines of `section`.
    func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    /// The minimum spacing between the items on a line of `section`.
    func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
    /// The size of the header of `section`.
    func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> NSSize
    /// The size of the footer of `section`.
    func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> NSSize
}

extension NSCollectionViewDelegateFlowLayout {
    private func flow(_ layout: NSCollectionViewLayout) -> NSCollectionViewFlowLayout? { layout as? NSCollectionViewFlowLayout }
    /// The layout's `itemSize`.
    public func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> NSSize { flow(collectionViewLayout)?.itemSize ?? .zero }
    /// The layout's `sectionInset`.
    public func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout, insetForSectionAt section: Int
    ) -> NSEdgeInsets { flow(collectionViewLayout)?.sectionInset ?? NSEdgeInsets() }
    /// The layout's `minimumLineSpacing`.
    public func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat { flow(collectionViewLayout)?.minimumLineSpacing ?? 0 }
    /// The layout's `minimumInteritemSpacing`.
    public func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat { flow(collectionViewLayout)?.minimumInteritemSpacing ?? 0 }
    /// The layout's `headerReferenceSize`.
    public func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> NSSize { flow(collectionViewLayout)?.headerReferenceSize ?? .zero }
    /// The layout's `footerReferenceSize`.
    public func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> NSSize { flow(collectionViewLayout)?.footerReferenceSize ?? .zero }
}

/// The kinds of element a layout places.
public enum NSCollectionElementCategory: Int, @unchecked Sendable {
    /// An item.
    case item = 0
    /// A supplementary view: a header, a footer.
    case supplementaryView
    /// A decoration.
    case decorationView
    /// The gap where a dragged item would drop.
    case interItemGap
}

extension NSCollectionView {
    /// The directions a collection view scrolls in.
    public enum ScrollDirection: Int, @unchecked Sendable {
        /// Top to bottom.
        case vertical = 0
        /// Leading to trailing.
        case horizontal
    }

    /// The kind of a section's header.
    public static let elementKindSectionHeader: SupplementaryElementKind = "UICollectionElementKindSectionHeader"
    /// The kind of a section's footer.
    public static let elementKindSectionFooter: SupplementaryElementKind = "UICollectionElementKindSectionFooter"

    /// After the items or the layout changed: the view takes its new layout's size.
    func contentDidChange() {
        collectionViewLayout?.invalidateLayout()
        tile()
    }

    /// Sizes the view to its layout's content, then has the clip view constrain its scroll
    /// position to the new size.
    func tile() {
        guard let layout = collectionViewLayout else { return }
        frame = NSRect(origin: frame.origin, size: layout.collectionViewContentSize)
        (superview as? NSClipView)?.documentFrameDidChange()
    }

    /// The frame of the item at `index` of section 0 (the SDK's method for a view of one section
    /// of items; index paths go through `layoutAttributesForItem(at:)`); `NSZeroRect` outside.
    public func frameForItem(at index: Int) -> NSRect {
        layoutAttributesForItem(at: IndexPath(item: index, section: 0))?.frame ?? NSZeroRect
    }

    /// Where the layout places the item at `indexPath`; nil for an item the view does not show.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes? {
        collectionViewLayout?.layoutAttributesForItem(at: indexPath)
    }

    /// Where the layout places the supplementary view of `kind` at `indexPath`, or nil.
    public func layoutAttributesForSupplementaryElement(ofKind kind: SupplementaryElementKind, at indexPath: IndexPath)
        -> NSCollectionViewLayoutAttributes?
    {
        collectionViewLayout?.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The items the visible rect shows (their frames overlap it).
    public func indexPathsForVisibleItems() -> Set<IndexPath> {
        Set(collectionViewLayout?.frames()?.items(in: visibleRect, axis: collectionViewLayout?.scrollAxis ?? .vertical) ?? [])
    }

    /// The items the visible rect shows.
    public func visibleItems() -> [NSCollectionViewItem] {
        indexPathsForVisibleItems().sorted { $0.lexicographicallyPrecedes($1) }.compactMap(item(at:))
    }
}

/// Where a layout places one element: an item or a supplementary view.
@MainActor
open class NSCollectionViewLayoutAttributes: NSObject, Sendable {
    /// The element's area in the collection view's coordinates.
    open var frame = NSRect.zero
    /// The element's size.
    open var size: NSSize {
        get { frame.size }
        set { frame.size = newValue }
    }
    /// The path of the element: its item's, or its section's for a header or footer.
    open var indexPath: IndexPath?
    /// The kind of element.
    open private(set) var representedElementCategory = NSCollectionElementCategory.item
    /// The supplementary view's kind; nil for an item.
    open private(set) var representedElementKind: String?
    /// The attributes of the item at `indexPath`.
    public convenience init(forItemWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }
    /// The attributes of the supplementary view of `elementKind` at `indexPath`.
    public convenience init(
        forSupplementaryViewOfKind elementKind: NSCollectionView.SupplementaryElementKind, with indexPath: IndexPath
    ) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }
}

/// A layout: where a collection view's elements go. An app's own subclass answers the
/// `layoutAttributes…` methods; the stand-in's flow layout answers them from the shared flow.
@MainActor
open class NSCollectionViewLayout: NSObject, Sendable {
    /// The view the layout places elements for.
    open internal(set) weak var collectionView: NSCollectionView?
    private let cache = FlowCache()

    /// Discards the layout: the next query makes it again.
    open func invalidateLayout() {
        cache.invalidate()
        collectionView?.needsLayout = true
    }

    /// Prepares the layout; called before each new layout.
    open func prepare() {}

    /// The size of the content: along the scroll axis the flow's length, across it the clip view
    /// less its content insets.
    open var collectionViewContentSize: NSSize {
        frames()?.contentSize(scrollAxis) ?? .zero
    }

    /// Where the item at `indexPath` goes; nil outside the content.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes? {
        guard let rect = frames()?.item(at: indexPath) else { return nil }
        let attributes = NSCollectionViewLayoutAttributes(forItemWith: indexPath)
        attributes.frame = rect.rect(scrollAxis)
        return attributes
    }

    /// Where the header or footer of `elementKind` at `indexPath` goes; nil if the section has
    /// none (of no length).
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: NSCollectionView.SupplementaryElementKind, at indexPath: IndexPath
    )
        -> NSCollectionViewLayoutAttributes?
    {
        let kinds = [NSCollectionView.elementKindSectionHeader, NSCollectionView.elementKindSectionFooter]
        guard let section = indexPath.first, kinds.contains(elementKind),
            let rect = frames()?.supplementary(header: elementKind == kinds[0], inSection: section)
        else { return nil }
        let attributes = NSCollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
        attributes.frame = rect.rect(scrollAxis)
        return attributes
    }

    // The hooks of the stand-in's flow layout; an app's own layout answers none.

    /// The axis the layout scrolls along.
    var scrollAxis: ScrollAxis { .vertical }
    /// Whether the layout places elements by the flow.
    var isFlow: Bool { false }
    /// The flow's sections for `counts` items per section within `crossExtent`.
    func flowSections(_ collectionView: NSCollectionView, counts: [Int], crossExtent: CGFloat) -> [FlowSection] { [] }
    /// Whether the item at `path` is estimated until shown.
    func isEstimated(_ path: IndexPath) -> Bool { false }
    /// The size the item at `path` measures once shown.
    func fittingSize(_ path: IndexPath) -> NSSize { .zero }

    /// The flow for the items shown now, made again when they or the extent across change.
    func frames() -> FlowFrames? {
        guard let collectionView, isFlow else { return nil }
        let counts = collectionView.dataSource == nil ? [] : collectionView.state.shownCounts(collectionView.dataSourceCounts)
        let clipView = collectionView.superview as? NSClipView
        let area = clipView?.bounds.size ?? collectionView.bounds.size, inset = clipView?.contentInsets ?? NSEdgeInsets()
        let crossExtent = scrollAxis == .vertical ? area.width - inset.left - inset.right : area.height - inset.top - inset.bottom
        return cache.frames(for: [collectionView.state.generation, crossExtent] as [AnyHashable]) {
            prepare()
            return layOutFlow(flowSections(collectionView, counts: counts, crossExtent: crossExtent), crossExtent: crossExtent)
        }
    }

    /// Sizes the estimated items the visible rect shows, until every shown one has its real size.
    func measureShownItems() {
        guard let collectionView else { return }
        collectionView.state.measureShown(
            in: collectionView.visibleRect, axis: scrollAxis, frames: { frames() ?? FlowFrames() }, isEstimated: isEstimated,
            fittingSize: fittingSize)
    }
}

/// A layout of items in lines: along its scroll direction, each section's header, its items
/// (as many on a line as fit across), its footer; a one-column list exactly as AppKit places it.
@MainActor
open class NSCollectionViewFlowLayout: NSCollectionViewLayout {
    /// The items' size, unless the delegate gives it.
    open var itemSize = NSSize(width: 50, height: 50) {
        didSet { invalidateLayout() }
    }
    /// The items' size until shown; `.zero` (the default): no estimates.
    open var estimatedItemSize = NSSize.zero {
        didSet { invalidateLayout() }
    }
    /// The spacing between lines.
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { invalidateLayout() }
    }
    /// The minimum spacing between items on a line.
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { invalidateLayout() }
    }
    /// The insets of each section's items.
    open var sectionInset = NSEdgeInsets() {
        didSet { invalidateLayout() }
    }
    /// Each header's size (its length along the scroll axis counts); `.zero`: none.
    open var headerReferenceSize = NSSize.zero {
        didSet { invalidateLayout() }
    }
    /// Each footer's size; `.zero`: none.
    open var footerReferenceSize = NSSize.zero {
        didSet { invalidateLayout() }
    }
    /// The direction the content scrolls in.
    open var scrollDirection = NSCollectionView.ScrollDirection.vertical {
        didSet { invalidateLayout() }
    }

    override var scrollAxis: ScrollAxis { scrollDirection == .vertical ? .vertical : .horizontal }
    override var isFlow: Bool { true }

    private var flowDelegate: (any NSCollectionViewDelegateFlowLayout)? {
        collectionView?.delegate as? any NSCollectionViewDelegateFlowLayout
    }

    private func declaredSize(_ path: IndexPath) -> NSSize {
        guard let collectionView else { return itemSize }
        return flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: path) ?? itemSize
    }

    override func isEstimated(_ path: IndexPath) -> Bool { estimatedItemSize != .zero }

    override func fittingSize(_ path: IndexPath) -> NSSize {
        collectionView?.item(at: path)?.standInFittingSize ?? declaredSize(path)
    }

    override func flowSections(_ collectionView: NSCollectionView, counts: [Int], crossExtent: CGFloat) -> [FlowSection] {
        counts.indices.map { section in
            let estimate = estimatedItemSize
            let sizes = collectionView.state.flowItemSizes(
                count: counts[section], section: section, estimate: estimate == .zero ? nil : { _ in estimate },
                declared: declaredSize)
            let delegate = flowDelegate
            let inset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            return ListViewModel.flowSection(
                axis: scrollAxis, lines: .flow, items: sizes, inset: (inset.top, inset.left, inset.bottom, inset.right),
                lineSpacing: delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section)
                    ?? minimumLineSpacing,
                interitemSpacing: delegate?.collectionView(
                    collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing,
                header: delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                    ?? headerReferenceSize,
                footer: delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
                    ?? footerReferenceSize)
        }
    }
}
