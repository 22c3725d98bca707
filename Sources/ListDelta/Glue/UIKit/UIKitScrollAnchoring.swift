#if canImport(UIKit) && !os(watchOS)
    import UIKit

    extension UIScrollView {
        /// The scroll view along `vertical`'s axis.
        fileprivate func viewport(vertical: Bool) -> ScrollViewport {
            let insets = adjustedContentInset
            return vertical
                ? ScrollViewport(
                    offset: contentOffset.y, length: bounds.height, contentLength: contentSize.height,
                    leadingInset: insets.top, trailingInset: insets.bottom)
                : ScrollViewport(
                    offset: contentOffset.x, length: bounds.width, contentLength: contentSize.width,
                    leadingInset: insets.left, trailingInset: insets.right)
        }

        fileprivate var isUserScrolling: Bool { isTracking || isDragging || isDecelerating }

        /// Sets the offset along `vertical`'s axis through the `contentOffset` setter, which,
        /// unlike `setContentOffset(_:animated:)`, leaves a deceleration running.
        fileprivate func setScrollOffset(_ offset: Double, vertical: Bool) {
            var point = contentOffset
            if vertical { point.y = CGFloat(offset) } else { point.x = CGFloat(offset) }
            contentOffset = point
        }
    }

    extension TableViewBatchTarget: ScrollAnchoringView {
        /// The table view itself.
        public var scrollAnchoringView: (any ScrollAnchoringView)? { self }
        /// The table view's offset, bounds, content size and adjusted insets, vertically.
        public var viewport: ScrollViewport { tableView.viewport(vertical: true) }
        /// Whether the table view is tracking a touch, dragging or decelerating.
        public var isUserScrolling: Bool { tableView.isUserScrolling }
        /// `indexPathsForVisibleRows`, at `rectForRow(at:)`'s top edges.
        public var visibleElements: [VisibleElement] {
            (tableView.indexPathsForVisibleRows ?? []).map {
                VisibleElement(
                    path: ElementPath(element: $0.row, section: $0.section), leadingEdge: tableView.rectForRow(at: $0).minY)
            }
        }
        /// Calls the table view's `layoutIfNeeded()`.
        public func layoutIfNeeded() { tableView.layoutIfNeeded() }
        /// The top edge of `rectForRow(at:)`; nil outside the table's rows.
        public func leadingEdge(ofElementAt path: ElementPath) -> Double? {
            guard path.section < tableView.numberOfSections, path.element < tableView.numberOfRows(inSection: path.section)
            else { return nil }
            return tableView.rectForRow(at: IndexPath(row: path.element, section: path.section)).minY
        }
        /// Sets the table view's `contentOffset.y`.
        public func setScrollOffset(_ offset: Double) { tableView.setScrollOffset(offset, vertical: true) }
    }

    extension CollectionViewBatchTarget: ScrollAnchoringView {
        /// The collection view itself.
        public var scrollAnchoringView: (any ScrollAnchoringView)? { self }
        /// Whether the layout scrolls vertically: a flow or compositional layout says, any other
        /// layout is taken to.
        private var isVertical: Bool {
            switch collectionView.collectionViewLayout {
            case let flow as UICollectionViewFlowLayout: flow.scrollDirection == .vertical
            case let compositional as UICollectionViewCompositionalLayout:
                compositional.configuration.scrollDirection == .vertical
            default: true
            }
        }
        /// The collection view's offset, bounds, content size and adjusted insets along its
        /// layout's scroll axis.
        public var viewport: ScrollViewport { collectionView.viewport(vertical: isVertical) }
        /// Whether the collection view is tracking a touch, dragging or decelerating.
        public var isUserScrolling: Bool { collectionView.isUserScrolling }
        /// `indexPathsForVisibleItems`, at their layout attributes' leading edges.
        public var visibleElements: [VisibleElement] {
            collectionView.indexPathsForVisibleItems.compactMap { indexPath in
                leadingEdge(of: indexPath).map {
                    VisibleElement(path: ElementPath(element: indexPath.item, section: indexPath.section), leadingEdge: $0)
                }
            }
        }
        /// Calls the collection view's `layoutIfNeeded()`.
        public func layoutIfNeeded() { collectionView.layoutIfNeeded() }
        /// The leading edge of the item's `layoutAttributesForItem(at:)` frame; nil outside the
        /// collection view's items.
        public func leadingEdge(ofElementAt path: ElementPath) -> Double? {
            guard path.section < collectionView.numberOfSections,
                path.element < collectionView.numberOfItems(inSection: path.section)
            else { return nil }
            return leadingEdge(of: IndexPath(item: path.element, section: path.section))
        }
        /// Sets the collection view's content offset along its layout's scroll axis.
        public func setScrollOffset(_ offset: Double) { collectionView.setScrollOffset(offset, vertical: isVertical) }

        private func leadingEdge(of indexPath: IndexPath) -> Double? {
            guard let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
            return isVertical ? frame.minY : frame.minX
        }
    }
#endif
