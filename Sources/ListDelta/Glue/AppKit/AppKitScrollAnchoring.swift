#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// The scroll views the user is scrolling: between AppKit's `willStartLiveScrollNotification`
    /// and `didEndLiveScrollNotification` (a drag, a trackpad's scroll and its momentum). AppKit
    /// has no property that says so. It listens from the first anchored reload on, so a live
    /// scroll that began before it is not seen.
    @MainActor
    private final class LiveScrolls {
        static let shared = LiveScrolls()
        private var scrolling: Set<ObjectIdentifier> = []

        private init() {
            let center = NotificationCenter.default
            for (name, isScrolling) in [
                (NSScrollView.willStartLiveScrollNotification, true), (NSScrollView.didEndLiveScrollNotification, false),
            ] {
                // AppKit posts them on the main thread.
                _ = center.addObserver(forName: name, object: nil, queue: nil) { notification in
                    guard let view = notification.object as? NSScrollView else { return }
                    let id = ObjectIdentifier(view)
                    MainActor.assumeIsolated {
                        if isScrolling {
                            LiveScrolls.shared.scrolling.insert(id)
                        } else {
                            LiveScrolls.shared.scrolling.remove(id)
                        }
                    }
                }
            }
        }

        func contains(_ view: NSScrollView) -> Bool { scrolling.contains(ObjectIdentifier(view)) }
    }

    /// A document view in its scroll view, along one axis.
    @MainActor
    private struct ScrolledDocument {
        let scrollView: NSScrollView
        let document: NSView
        let vertical: Bool

        init?(_ document: NSView, vertical: Bool) {
            guard let scrollView = document.enclosingScrollView else { return nil }
            (self.scrollView, self.document, self.vertical) = (scrollView, document, vertical)
            _ = LiveScrolls.shared
        }

        /// The clip view's bounds origin and length, the document's length and the scroll
        /// view's content insets as its clip view applies them (AppKit's automatic ones when it
        /// adjusts them).
        var viewport: ScrollViewport {
            let bounds = scrollView.contentView.bounds, insets = scrollView.contentView.contentInsets
            return vertical
                ? ScrollViewport(
                    offset: bounds.minY, length: bounds.height, contentLength: document.frame.height,
                    leadingInset: insets.top, trailingInset: insets.bottom)
                : ScrollViewport(
                    offset: bounds.minX, length: bounds.width, contentLength: document.frame.width,
                    leadingInset: insets.left, trailingInset: insets.right)
        }

        var isUserScrolling: Bool { LiveScrolls.shared.contains(scrollView) }

        func leadingEdge(of frame: NSRect) -> Double { vertical ? frame.minY : frame.minX }

        /// Scrolls the clip view and tells the scroll view, as AppKit's own scrolling does.
        func setScrollOffset(_ offset: Double) {
            let clipView = scrollView.contentView
            var origin = clipView.bounds.origin
            if vertical { origin.y = CGFloat(offset) } else { origin.x = CGFloat(offset) }
            clipView.scroll(to: origin)
            scrollView.reflectScrolledClipView(clipView)
        }
    }

    extension NSTableViewBatchTarget: ScrollAnchoringView {
        /// The table view in its scroll view; nil outside one.
        public var scrollAnchoringView: (any ScrollAnchoringView)? {
            tableView.enclosingScrollView == nil ? nil : self
        }
        private var document: ScrolledDocument? { ScrolledDocument(tableView, vertical: true) }
        /// The clip view's offset and height, the table's height and the scroll view's insets.
        public var viewport: ScrollViewport {
            document?.viewport ?? ScrollViewport(offset: 0, length: 0, contentLength: 0, leadingInset: 0, trailingInset: 0)
        }
        /// Whether the scroll view is in a live scroll.
        public var isUserScrolling: Bool { document?.isUserScrolling ?? false }
        /// `rows(in: visibleRect)`, at `rect(ofRow:)`'s top edges.
        public var visibleElements: [VisibleElement] {
            let rows = tableView.rows(in: tableView.visibleRect)
            return (rows.location..<rows.location + rows.length).map {
                VisibleElement(path: ElementPath(element: $0, section: 0), leadingEdge: tableView.rect(ofRow: $0).minY)
            }
        }
        /// Calls the table view's `layoutSubtreeIfNeeded()`.
        public func layoutIfNeeded() { tableView.layoutSubtreeIfNeeded() }
        /// The top edge of `rect(ofRow:)`; nil outside the table's rows.
        public func leadingEdge(ofElementAt path: ElementPath) -> Double? {
            guard path.section == 0, path.element < tableView.numberOfRows else { return nil }
            return tableView.rect(ofRow: path.element).minY
        }
        /// Scrolls the clip view to `offset`.
        public func setScrollOffset(_ offset: Double) { document?.setScrollOffset(offset) }
    }

    extension NSCollectionViewBatchTarget: ScrollAnchoringView {
        /// The collection view in its scroll view; nil outside one.
        public var scrollAnchoringView: (any ScrollAnchoringView)? {
            collectionView.enclosingScrollView == nil ? nil : self
        }
        private var document: ScrolledDocument? {
            let flow = collectionView.collectionViewLayout as? NSCollectionViewFlowLayout
            return ScrolledDocument(collectionView, vertical: flow?.scrollDirection != .horizontal)
        }
        /// The clip view's offset and length, the collection view's and the scroll view's
        /// insets, along the flow layout's scroll axis (vertical for any other layout).
        public var viewport: ScrollViewport {
            document?.viewport ?? ScrollViewport(offset: 0, length: 0, contentLength: 0, leadingInset: 0, trailingInset: 0)
        }
        /// Whether the scroll view is in a live scroll.
        public var isUserScrolling: Bool { document?.isUserScrolling ?? false }
        /// `indexPathsForVisibleItems()`, at their layout attributes' leading edges.
        public var visibleElements: [VisibleElement] {
            collectionView.indexPathsForVisibleItems().compactMap { indexPath in
                leadingEdge(of: indexPath).map {
                    VisibleElement(path: ElementPath(element: indexPath.item, section: indexPath.section), leadingEdge: $0)
                }
            }
        }
        /// Calls the collection view's `layoutSubtreeIfNeeded()`.
        public func layoutIfNeeded() { collectionView.layoutSubtreeIfNeeded() }
        /// The leading edge of the item's `layoutAttributesForItem(at:)` frame; nil outside the
        /// collection view's items.
        public func leadingEdge(ofElementAt path: ElementPath) -> Double? {
            guard path.section < collectionView.numberOfSections,
                path.element < collectionView.numberOfItems(inSection: path.section)
            else { return nil }
            return leadingEdge(of: IndexPath(item: path.element, section: path.section))
        }
        private func leadingEdge(of indexPath: IndexPath) -> Double? {
            guard let document, let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
            return document.leadingEdge(of: frame)
        }
        /// Scrolls the clip view to `offset`.
        public func setScrollOffset(_ offset: Double) { document?.setScrollOffset(offset) }
    }
#endif
