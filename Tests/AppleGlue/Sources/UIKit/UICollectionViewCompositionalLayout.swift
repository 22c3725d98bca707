// A subset of UICollectionViewCompositionalLayout, as UIKit declares it: enough for list-like
// sections. Each section's group holds one item and takes the group's size, so groups stack
// along the configuration's scroll direction, `interGroupSpacing` apart, within the section's
// `contentInsets`; a boundary supplementary item aligned to the top (leading, scrolling
// horizontally) is the section's header, one aligned to the bottom (trailing) its footer, each
// spanning the content across and lying outside the content insets along the axis. Dimensions:
// `.absolute`, `.fractionalWidth`/`.fractionalHeight` (of the content area less the section's
// insets), `.estimated` (the estimate until the item is shown, then its cell's
// `standInFittingSize`; a supplementary item is its estimate). Not modelled: groups of several
// items, nested groups, orthogonal scrolling, pinned supplementaries, decorations, list
// configurations.
import Foundation
import ListViewModel

/// One dimension of a layout size: absolute, fractional of the container, or estimated.
@MainActor
open class NSCollectionLayoutDimension {
    private enum Kind {
        case fractionalWidth, fractionalHeight, absolute, estimated
    }
    private let kind: Kind
    /// The dimension's value: the fraction, the points or the estimate.
    public let dimension: CGFloat
    private init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }
    /// A fraction of the container's width.
    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth, fractionalWidth)
    }
    /// A fraction of the container's height.
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight, fractionalHeight)
    }
    /// A length in points.
    public class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute, absoluteDimension)
    }
    /// A length in points until the element is measured.
    public class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated, estimatedDimension)
    }
    /// Whether it is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether it is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether it is a length in points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether it is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The length in a container of `container` points; an estimate gives `measured` if known.
    func length(in container: CGSize, measured: CGFloat?) -> CGFloat {
        switch kind {
        case .fractionalWidth: return dimension * container.width
        case .fractionalHeight: return dimension * container.height
        case .absolute: return dimension
        case .estimated: return measured ?? dimension
        }
    }
}

/// The size of an element of a compositional layout.
@MainActor
open class NSCollectionLayoutSize {
    /// The width.
    public let widthDimension: NSCollectionLayoutDimension
    /// The height.
    public let heightDimension: NSCollectionLayoutDimension
    /// A size of these dimensions.
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }
}

/// An item of a compositional layout.
@MainActor
open class NSCollectionLayoutItem {
    /// The item's size.
    public let layoutSize: NSCollectionLayoutSize
    /// An item of `layoutSize`.
    public init(layoutSize: NSCollectionLayoutSize) { self.layoutSize = layoutSize }
}

/// A group of items. The stand-in lays out groups of one item, which takes the group's size.
@MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    /// The group's items.
    public let subitems: [NSCollectionLayoutItem]
    private init(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) {
        self.subitems = subitems
        super.init(layoutSize: layoutSize)
    }
    /// A group laying `subitems` out across.
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems)
    }
    /// A group laying `subitems` out down.
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems)
    }
}

/// Where a supplementary item sits on its section.
public enum NSRectAlignment: Int, @unchecked Sendable {
    /// Nowhere in particular.
    case none = 0
    /// On the top edge.
    case top
    /// At the top-leading corner.
    case topLeading
    /// On the leading edge.
    case leading
    /// At the bottom-leading corner.
    case bottomLeading
    /// On the bottom edge.
    case bottom
    /// At the bottom-trailing corner.
    case bottomTrailing
    /// On the trailing edge.
    case trailing
    /// At the top-trailing corner.
    case topTrailing
}

/// A header or footer of a section.
@MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutItem {
    /// The kind of its view.
    public let elementKind: String
    /// The edge it sits on.
    public let alignment: NSRectAlignment
    /// A supplementary item of `elementKind` on the `alignment` edge.
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.elementKind = elementKind
        self.alignment = alignment
        super.init(layoutSize: layoutSize)
    }
}

/// A section of a compositional layout.
@MainActor
open class NSCollectionLayoutSection {
    /// The group repeated for the section's items.
    public let group: NSCollectionLayoutGroup
    /// The insets of the section's groups.
    open var contentInsets = NSDirectionalEdgeInsets.zero
    /// The spacing between groups.
    open var interGroupSpacing: CGFloat = 0
    /// The section's headers and footers.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// A section repeating `group`.
    public init(group: NSCollectionLayoutGroup) { self.group = group }
}

/// The container a section is laid out in.
@MainActor
public protocol NSCollectionLayoutContainer: AnyObject {
    /// The container's size.
    var contentSize: CGSize { get }
    /// Its size less its insets.
    var effectiveContentSize: CGSize { get }
    /// Its insets.
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// Its insets, as applied.
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider knows of where its section goes.
@MainActor
public protocol NSCollectionLayoutEnvironment: AnyObject {
    /// The container of the section.
    var container: any NSCollectionLayoutContainer { get }
}

/// The content area of a collection view, as a section provider sees it.
@MainActor
private final class StandInLayoutContainer: NSCollectionLayoutContainer, NSCollectionLayoutEnvironment {
    let contentSize: CGSize
    var effectiveContentSize: CGSize { contentSize }
    let contentInsets = NSDirectionalEdgeInsets.zero
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var container: any NSCollectionLayoutContainer { self }
    init(contentSize: CGSize) { self.contentSize = contentSize }
}

/// The section of index `section` in `environment`.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    @MainActor (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// What a compositional layout does across its sections.
@MainActor
open class UICollectionViewCompositionalLayoutConfiguration {
    /// The direction the content scrolls in.
    open var scrollDirection = UICollectionView.ScrollDirection.vertical
    /// The spacing between sections.
    open var interSectionSpacing: CGFloat = 0
    /// The default configuration: vertical, no spacing.
    public init() {}
}

/// A layout of sections made of groups (the subset this file's header describes).
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    /// What the layout does across its sections.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }
    /// The sections of the last layout.
    private var sections: [NSCollectionLayoutSection] = []

    /// A layout of `section` for every section.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    /// A layout of `section` for every section, configured.
    public convenience init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }
    /// A layout of the sections `sectionProvider` makes.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    /// A layout of the sections `sectionProvider` makes, configured.
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    override var scrollAxis: ScrollAxis { configuration.scrollDirection == .vertical ? .vertical : .horizontal }

    /// The area groups of `section` are sized in: the content area less the section's insets.
    private func container(_ section: Int) -> CGSize {
        guard let collectionView, sections.indices.contains(section) else { return .zero }
        let inset = collectionView.adjustedContentInset, inner = sections[section].contentInsets
        return CGSize(
            width: collectionView.bounds.width - inset.left - inset.right - inner.leading - inner.trailing,
            height: collectionView.bounds.height - inset.top - inset.bottom - inner.top - inner.bottom)
    }

    private func mainDimension(_ size: NSCollectionLayoutSize) -> NSCollectionLayoutDimension {
        scrollAxis == .vertical ? size.heightDimension : size.widthDimension
    }

    override func isEstimated(_ path: IndexPath) -> Bool {
        sections.indices.contains(path.section) && mainDimension(sections[path.section].group.layoutSize).isEstimated
    }

    override func fittingSize(_ path: IndexPath) -> CGSize {
        if let size = collectionView?.cellForItem(at: path)?.standInFittingSize { return size }
        let layoutSize = sections[path.section].group.layoutSize, container = container(path.section)
        return CGSize(
            width: layoutSize.widthDimension.length(in: container, measured: nil),
            height: layoutSize.heightDimension.length(in: container, measured: nil))
    }

    private func supplementary(_ section: Int, header: Bool) -> NSCollectionLayoutBoundarySupplementaryItem? {
        guard sections.indices.contains(section) else { return nil }
        let edges: [NSRectAlignment] = header ? [.top, .leading] : [.bottom, .trailing]
        let edge = scrollAxis == .vertical ? edges[0] : edges[1]
        return sections[section].boundarySupplementaryItems.first { $0.alignment == edge }
    }

    override func placesHeader(ofKind kind: String, inSection section: Int) -> Bool? {
        supplementary(section, header: true)?.elementKind == kind
            ? true : supplementary(section, header: false)?.elementKind == kind ? false : nil
    }

    override func supplementaryKind(_ standard: String, inSection section: Int) -> String {
        supplementary(section, header: standard == UICollectionView.elementKindSectionHeader)?.elementKind ?? standard
    }

    private func size(of item: NSCollectionLayoutBoundarySupplementaryItem?, in container: CGSize) -> CGSize {
        guard let item else { return .zero }
        return CGSize(
            width: item.layoutSize.widthDimension.length(in: container, measured: nil),
            height: item.layoutSize.heightDimension.length(in: container, measured: nil))
    }

    override var isFlow: Bool { true }

    override func flowSections(_ collectionView: UICollectionView, counts: [Int], crossExtent: CGFloat) -> [FlowSection] {
        let environment = StandInLayoutContainer(
            contentSize: scrollAxis == .vertical
                ? CGSize(width: crossExtent, height: collectionView.bounds.height)
                : CGSize(width: collectionView.bounds.width, height: crossExtent))
        let empty = NSCollectionLayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0))
        sections = counts.indices.map {
            sectionProvider($0, environment) ?? NSCollectionLayoutSection(group: .vertical(layoutSize: empty, subitems: []))
        }
        return counts.indices.map { section in
            let layoutSection = sections[section], container = container(section)
            let groupSize = layoutSection.group.layoutSize
            let items = (0..<counts[section]).map { item -> CGSize in
                let measured = measuredSize(IndexPath(item: item, section: section))
                return CGSize(
                    width: groupSize.widthDimension.length(in: container, measured: measured?.width),
                    height: groupSize.heightDimension.length(in: container, measured: measured?.height))
            }
            let inner = layoutSection.contentInsets
            var flow = ListViewModel.flowSection(
                axis: scrollAxis, lines: .stack, items: items,
                inset: (inner.top, inner.leading, inner.bottom, inner.trailing), lineSpacing: layoutSection.interGroupSpacing,
                interitemSpacing: 0, header: size(of: supplementary(section, header: true), in: container),
                footer: size(of: supplementary(section, header: false), in: container))
            flow.spacingAfter = configuration.interSectionSpacing
            return flow
        }
    }
}
