// UICollectionView's layouts: the abstract UICollectionViewLayout, UICollectionViewFlowLayout
// and their attributes, as UIKit declares them. The stand-in's built-in layouts place items by
// the shared flow (ListViewModel's `layOutFlow`) along their scroll axis: sections one after the
// other, each its header, its items in lines, its footer. Across the axis the content spans the
// bounds less the adjusted content insets. Estimated items are their estimate until shown
// (laid out in the bounds by `layoutIfNeeded()`), then their cell's `standInFittingSize`.
import Foundation
import ListViewModel

/// What a collection view tells its delegate. The stand-in's delegates are asked for sizes only
/// (through `UICollectionViewDelegateFlowLayout`).
@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {}

/// What a flow layout asks the collection view's delegate. The SDK's optional requirements are
/// requirements with default implementations here, each answering the layout's own property.
@MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// The size of the item at `indexPath`.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    /// The insets of the items of `section`.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets
    /// The spacing between the lines of `section`.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    /// The minimum spacing between the items on a line of `section`.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
    /// The size of the header of `section`.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    /// The size of the footer of `section`.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    private func flow(_ layout: UICollectionViewLayout) -> UICollectionViewFlowLayout? { layout as? UICollectionViewFlowLayout }
    /// The layout's `itemSize`.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { flow(collectionViewLayout)?.itemSize ?? .zero }
    /// The layout's `sectionInset`.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    ) -> UIEdgeInsets { flow(collectionViewLayout)?.sectionInset ?? .zero }
    /// The layout's `minimumLineSpacing`.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat { flow(collectionViewLayout)?.minimumLineSpacing ?? 0 }
    /// The layout's `minimumInteritemSpacing`.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat { flow(collectionViewLayout)?.minimumInteritemSpacing ?? 0 }
    /// The layout's `headerReferenceSize`.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize { flow(collectionViewLayout)?.headerReferenceSize ?? .zero }
    /// The layout's `footerReferenceSize`.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize { flow(collectionViewLayout)?.footerReferenceSize ?? .zero }
}

extension UICollectionView {
    /// The kinds of element a layout places.
    public enum ElementCategory: UInt, @unchecked Sendable {
        /// An item's cell.
        case cell = 0
        /// A supplementary view: a header, a footer.
        case supplementaryView
        /// A decoration.
        case decorationView
    }

    /// The directions a collection view scrolls in.
    public enum ScrollDirection: Int, @unchecked Sendable {
        /// Top to bottom.
        case vertical = 0
        /// Leading to trailing.
        case horizontal
    }

    /// The kind of a section's header.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section's footer.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// After the items changed: a layout is due, and the offset is clamped to the new content
    /// along the layout's axis.
    func contentDidChange() {
        collectionViewLayout.invalidateLayout()
        clampOffset(collectionViewLayout.scrollAxis)
    }

    /// Where the layout places the item at `indexPath`; nil for an item the view does not show.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Where the layout places the supplementary view of `kind` at `indexPath`, or nil.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The items the bounds show (their frames overlap it), in index-path order.
    public var indexPathsForVisibleItems: [IndexPath] {
        (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? [])
            .filter { $0.representedElementCategory == .cell }.map(\.indexPath)
    }

    /// The cells of the items the bounds show.
    public var visibleCells: [UICollectionViewCell] { indexPathsForVisibleItems.compactMap(cellForItem(at:)) }
}

/// Where a layout places one element: an item's cell or a supplementary view.
@MainActor
open class UICollectionViewLayoutAttributes {
    /// The element's area in the collection view's coordinates.
    open var frame = CGRect.zero
    /// The element's size.
    open var size: CGSize {
        get { frame.size }
        set { frame.size = newValue }
    }
    /// The element's centre.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The path of the element: its item's, or its section's for a header or footer.
    open var indexPath = IndexPath()
    /// The kind of element.
    open private(set) var representedElementCategory = UICollectionView.ElementCategory.cell
    /// The supplementary view's kind; nil for a cell.
    open private(set) var representedElementKind: String?
    /// Empty attributes.
    public init() {}
    /// The attributes of the cell of the item at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }
    /// The attributes of the supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }
}

/// A layout: where a collection view's elements go. Subclasses of the app's own answer the
/// `layoutAttributes…` methods; the stand-in's flow and compositional layouts answer them from the
/// shared flow.
@MainActor
open class UICollectionViewLayout {
    /// The view the layout places elements for.
    open internal(set) weak var collectionView: UICollectionView?
    private let cache = FlowCache()

    /// A layout for no view yet.
    public init() {}

    /// Prepares the layout; called before each new layout.
    open func prepare() {}

    /// Discards the layout: the next query makes it again.
    open func invalidateLayout() {
        cache.invalidate()
        collectionView?.setNeedsLayout()
    }

    /// The size of the content: along the scroll axis the flow's length, across it the bounds
    /// less the adjusted content insets.
    open var collectionViewContentSize: CGSize {
        frames()?.contentSize(scrollAxis) ?? .zero
    }

    /// Where the item at `indexPath` goes; nil outside the content.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let rect = frames()?.item(at: indexPath) else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = rect.rect(scrollAxis)
        return attributes
    }

    /// Where the supplementary view of `elementKind` at `indexPath` goes; nil if the section has
    /// none of that kind (a header or footer of no length).
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let section = indexPath.first, let isHeader = placesHeader(ofKind: elementKind, inSection: section),
            let rect = frames()?.supplementary(header: isHeader, inSection: section)
        else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
        attributes.frame = rect.rect(scrollAxis)
        return attributes
    }

    /// The elements whose frames overlap `rect`: items, then headers and footers.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let frames = frames() else { return nil }
        var elements = frames.items(in: rect, axis: scrollAxis).compactMap(layoutAttributesForItem(at:))
        for section in frames.sections.indices {
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                let path = IndexPath(item: 0, section: section)
                if let attributes = layoutAttributesForSupplementaryView(
                    ofKind: supplementaryKind(kind, inSection: section), at: path),
                    overlaps(attributes.frame, rect)
                {
                    elements.append(attributes)
                }
            }
        }
        return elements
    }

    // The hooks of the stand-in's built-in layouts; an app's own layout answers none.

    /// The axis the layout scrolls along.
    var scrollAxis: ScrollAxis { .vertical }
    /// Whether the layout places elements by the flow (the stand-in's layouts) or answers the
    /// `layoutAttributes…` methods itself (an app's).
    var isFlow: Bool { false }
    /// The flow's sections for `counts` items per section within `crossExtent`.
    func flowSections(_ collectionView: UICollectionView, counts: [Int], crossExtent: CGFloat) -> [FlowSection] { [] }
    /// Whether the item at `path` is estimated until shown.
    func isEstimated(_ path: IndexPath) -> Bool { false }
    /// The size the item at `path` measures once shown.
    func fittingSize(_ path: IndexPath) -> CGSize { .zero }
    /// true: `kind` is the section's header kind; false: its footer kind; nil: neither.
    func placesHeader(ofKind kind: String, inSection section: Int) -> Bool? {
        kind == UICollectionView.elementKindSectionHeader ? true : kind == UICollectionView.elementKindSectionFooter ? false : nil
    }
    /// The kind the layout gives a section's header or footer (`standard` names which).
    func supplementaryKind(_ standard: String, inSection section: Int) -> String { standard }

    /// The flow for the items shown now, made again when they, the bounds' size or the insets change.
    func frames() -> FlowFrames? {
        guard let collectionView else { return nil }
        let counts = collectionView.dataSource == nil ? [] : collectionView.state.shownCounts(collectionView.dataSourceCounts)
        let size = collectionView.bounds.size, inset = collectionView.adjustedContentInset
        let crossExtent =
            scrollAxis == .vertical ? size.width - inset.left - inset.right : size.height - inset.top - inset.bottom
        let key: [AnyHashable] = [collectionView.state.generation, size.width, size.height, crossExtent]
        guard isFlow else { return nil }
        return cache.frames(for: key) {
            prepare()
            return layOutFlow(flowSections(collectionView, counts: counts, crossExtent: crossExtent), crossExtent: crossExtent)
        }
    }

    /// Sizes the estimated items the bounds show, until every shown one has its real size.
    func measureShownItems() {
        guard let collectionView else { return }
        collectionView.state.measureShown(
            in: collectionView.bounds, axis: scrollAxis, frames: { frames() ?? FlowFrames() }, isEstimated: isEstimated,
            fittingSize: fittingSize)
    }

    /// The size the item at `path` measured, if it did.
    func measuredSize(_ path: IndexPath) -> CGSize? { collectionView?.state.measuredSize(at: path) }
}

/// A layout of items in lines: along its scroll direction, each section's header, its items
/// (as many on a line as fit across), its footer. A one-column list is placed exactly as UIKit
/// does; the cross-axis placement within lines of several items is approximate (see
/// `FlowSection.Lines.flow`).
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The placeholder `estimatedItemSize` for self-sizing items: their estimate is `itemSize`.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    /// The items' size, unless the delegate gives it.
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet { invalidateLayout() }
    }
    /// The items' size until shown; `.zero` (the default): no estimates.
    open var estimatedItemSize = CGSize.zero {
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
    open var sectionInset = UIEdgeInsets.zero {
        didSet { invalidateLayout() }
    }
    /// Each header's size (its length along the scroll axis counts); `.zero`: none.
    open var headerReferenceSize = CGSize.zero {
        didSet { invalidateLayout() }
    }
    /// Each footer's size; `.zero`: none.
    open var footerReferenceSize = CGSize.zero {
        didSet { invalidateLayout() }
    }
    /// The direction the content scrolls in.
    open var scrollDirection = UICollectionView.ScrollDirection.vertical {
        didSet { invalidateLayout() }
    }

    override var scrollAxis: ScrollAxis { scrollDirection == .vertical ? .vertical : .horizontal }

    private var flowDelegate: (any UICollectionViewDelegateFlowLayout)? {
        collectionView?.delegate as? any UICollectionViewDelegateFlowLayout
    }

    private func declaredSize(_ path: IndexPath) -> CGSize {
        guard let collectionView else { return itemSize }
        return flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: path) ?? itemSize
    }

    override func isEstimated(_ path: IndexPath) -> Bool { estimatedItemSize != .zero }

    override func fittingSize(_ path: IndexPath) -> CGSize {
        collectionView?.cellForItem(at: path)?.standInFittingSize ?? declaredSize(path)
    }

    override var isFlow: Bool { true }

    override func flowSections(_ collectionView: UICollectionView, counts: [Int], crossExtent: CGFloat) -> [FlowSection] {
        counts.indices.map { section in
            let estimate = estimatedItemSize
            let sizes = collectionView.state.flowItemSizes(
                count: counts[section], section: section,
                estimate: estimate == .zero ? nil : { estimate == Self.automaticSize ? self.declaredSize($0) : estimate },
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
