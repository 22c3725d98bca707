import ListDelta
import Testing
import UIKit

/// Rows of given heights for the UIKit stand-in's views: each cell fits its row's height (and
/// an item its row's size), and as the delegate it gives each row's height when `delegated`.
@MainActor
final class SizedRows: UITableViewDataSource, UITableViewDelegate, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout
{
    var heights: [[CGFloat]]
    var delegated = false
    var width: CGFloat = 320

    init(_ heights: [[CGFloat]]) { self.heights = heights }

    func numberOfSections(in tableView: UITableView) -> Int { heights.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { heights[section].count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        cell.standInFittingHeight = heights[indexPath.section][indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        delegated ? heights[indexPath.section][indexPath.row] : tableView.rowHeight
    }
    func numberOfSections(in collectionView: UICollectionView) -> Int { heights.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        heights[section].count
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = UICollectionViewCell()
        cell.standInFittingSize = CGSize(width: width, height: heights[indexPath.section][indexPath.item])
        return cell
    }
}

/// Rows whose heights follow their identifiers, as the table's delegate gives them.
@MainActor
final class RowsOfOwnHeights: UITableViewDataSource, UITableViewDelegate {
    var rows: [Row]
    init(_ rows: [Row]) { self.rows = rows }
    static func height(_ row: Row) -> CGFloat { CGFloat(10 + row.id * 37 % 50) }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { Self.height(rows[indexPath.row]) }
}

func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(indexes: [section, row]) }

/// The UIKit stand-in's layout against figures computed by hand from UIKit's documented rules:
/// frames, content sizes, visible rows, estimates, insets, clamping and gestures.
@MainActor
@Suite(.serialized) struct StandInLayoutTests {
    @Test func fixedRowHeightsStackRowsAndShowThoseInTheBounds() {
        let rows = SizedRows([Array(repeating: 44, count: 10)])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), style: .plain)
        table.rowHeight = 30
        table.dataSource = rows
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: path(0, 3)) == CGRect(x: 0, y: 90, width: 320, height: 30))
        #expect(table.contentSize == CGSize(width: 320, height: 300))
        #expect(table.indexPathsForVisibleRows == (0...3).map { path(0, $0) })
        table.contentOffset = CGPoint(x: 0, y: 45)
        #expect(table.bounds.origin.y == 45)
        #expect(table.indexPathsForVisibleRows == (1...4).map { path(0, $0) })
        #expect(table.visibleCells.count == 4 && table.standInOffsetWrites == 1)
        #expect(table.rectForRow(at: path(0, 10)) == .zero && table.rectForRow(at: path(1, 0)) == .zero)
    }

    @Test func delegatedHeightsAndPlainHeadersAndFootersFlowInOrder() {
        let rows = SizedRows([[10, 20], [30]])
        rows.delegated = true
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        table.sectionHeaderHeight = 20
        table.sectionFooterHeight = 5
        table.delegate = rows
        table.dataSource = rows
        // Section 0: header 0-20, rows 20-30 and 30-50, footer 50-55; section 1: header 55-75,
        // row 75-105, footer 105-110.
        #expect(table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 200, height: 20))
        #expect(table.rectForRow(at: path(0, 1)) == CGRect(x: 0, y: 30, width: 200, height: 20))
        #expect(table.rectForFooter(inSection: 0) == CGRect(x: 0, y: 50, width: 200, height: 5))
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 55, width: 200, height: 20))
        #expect(table.rectForRow(at: path(1, 0)) == CGRect(x: 0, y: 75, width: 200, height: 30))
        #expect(table.rect(forSection: 1) == CGRect(x: 0, y: 55, width: 200, height: 55))
        #expect(table.contentSize.height == 110)
        #expect(table.indexPathsForVisibleRows == [path(0, 0), path(0, 1)])
        rows.heights = [[10, 20], []]
        table.reloadData()
        #expect(table.contentSize.height == 80 && table.rectForFooter(inSection: 1).minY == 75)
    }

    @Test func estimatedRowsTakeTheirRealHeightOnceShownAndKeepItThroughBatches() {
        let rows = SizedRows([Array(repeating: 80, count: 20)])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.estimatedRowHeight = 50
        table.dataSource = rows
        #expect(table.rectForRow(at: path(0, 1)) == CGRect(x: 0, y: 50, width: 320, height: 50))
        #expect(table.contentSize.height == 1_000)
        // Shown from the top down: row 0 (80), then row 1 (80 from 80); row 2 starts at 160, past
        // the bounds.
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: path(0, 1)) == CGRect(x: 0, y: 80, width: 320, height: 80))
        #expect(table.rectForRow(at: path(0, 2)) == CGRect(x: 0, y: 160, width: 320, height: 50))
        #expect(table.contentSize.height == 1_060)  // 160 + 18 × 50
        // Scrolled to 500: row 8 (460-540) and then row 9 (540-620) are shown and measured.
        table.standInUserScroll(to: CGPoint(x: 0, y: 500))
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: path(0, 9)) == CGRect(x: 0, y: 540, width: 320, height: 80))
        #expect(table.rectForRow(at: path(0, 10)).minY == 620 && table.contentSize.height == 1_120)
        #expect(table.indexPathsForVisibleRows == [path(0, 8), path(0, 9)] && table.standInOffsetWrites == 0)
        // A row inserted above keeps the measured rows' heights with their rows.
        rows.heights[0].insert(80, at: 0)
        table.performBatchUpdates { table.insertRows(at: [path(0, 0)], with: .none) }
        #expect(table.rectForRow(at: path(0, 0)).height == 50 && table.rectForRow(at: path(0, 9)).height == 80)
        #expect(table.rectForRow(at: path(0, 9)).minY == 510 && table.contentOffset.y == 500)
        // The row at the top is measured at the next layout; rows below it move down.
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: path(0, 9)).minY == 540 && table.standInFailures.isEmpty)
    }

    @Test func adjustedInsetsAddTheSafeAreaAndClampAfterABatchThatShrinks() {
        let rows = SizedRows([Array(repeating: 30, count: 10)])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.rowHeight = 30
        table.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        table.standInSetSafeAreaInsets(UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(table.adjustedContentInset == UIEdgeInsets(top: 54, left: 0, bottom: 54, right: 0))
        table.dataSource = rows
        table.layoutIfNeeded()
        // The end: 300 + 54 - 100.
        table.contentOffset = CGPoint(x: 0, y: 254)
        rows.heights[0].removeLast(5)
        table.performBatchUpdates { table.deleteRows(at: (5..<10).map { path(0, $0) }, with: .fade) }
        #expect(table.contentOffset.y == 104)  // 150 + 54 - 100
        rows.heights[0] = [30]
        table.reloadData()
        #expect(table.contentOffset.y == -16)
        table.contentInsetAdjustmentBehavior = .never
        #expect(table.adjustedContentInset == UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        #expect(table.standInOffsetWrites == 1 && table.standInFailures.isEmpty)
    }

    @Test func verticalFlowPlacesAOneColumnListWithinTheInsets() {
        let rows = SizedRows([[40, 40, 40], [40]])
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 40)
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: layout)
        collection.contentInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        collection.standInSetSafeAreaInsets(UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0))
        collection.dataSource = rows
        // Across: 320 - 15 - 5 = 300. Down, section 0: header 0-20, inset 5, items at 25, 75,
        // 125, inset to 170; section 1: header 170-190, item at 195, inset to 240.
        #expect(collection.contentSize == CGSize(width: 300, height: 240))
        #expect(collection.layoutAttributesForItem(at: path(0, 2))?.frame == CGRect(x: 0, y: 125, width: 300, height: 40))
        #expect(collection.layoutAttributesForItem(at: path(1, 0))?.frame.minY == 195)
        #expect(
            collection.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader, at: path(1, 0))?
                .frame == CGRect(x: 0, y: 170, width: 300, height: 20))
        #expect(collection.indexPathsForVisibleItems == [path(0, 0), path(0, 1)])
        #expect(collection.layoutAttributesForItem(at: path(2, 0)) == nil)
    }

    @Test func flowEstimatesAreReplacedOnceShown() {
        let rows = SizedRows([Array(repeating: 70, count: 6)])
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 320, height: 40)
        layout.minimumLineSpacing = 0
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: layout)
        collection.dataSource = rows
        #expect(collection.contentSize.height == 240)
        collection.layoutIfNeeded()
        // Item 0 (0-70) shows item 1 (70-140): both measured; the other four keep 40.
        #expect(collection.contentSize.height == 300)  // 140 + 4 × 40
        #expect(collection.layoutAttributesForItem(at: path(0, 2))?.frame.minY == 140)
    }

    @Test func horizontalFlowRunsAlongXAndClampsThere() {
        let rows = SizedRows([[0, 0, 0]])
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 60, height: 200)
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        layout.headerReferenceSize = CGSize(width: 20, height: 0)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: layout)
        collection.dataSource = rows
        // Header 0-20, inset 5, items at 25, 95, 165, inset to 230.
        #expect(collection.contentSize == CGSize(width: 230, height: 200))
        #expect(collection.layoutAttributesForItem(at: path(0, 1))?.frame == CGRect(x: 95, y: 0, width: 60, height: 200))
        #expect(collection.indexPathsForVisibleItems == [path(0, 0), path(0, 1)])
        collection.contentOffset = CGPoint(x: 130, y: 0)
        rows.heights = [[0, 0]]
        collection.performBatchUpdates { collection.deleteItems(at: [path(0, 2)]) }
        #expect(collection.contentSize.width == 160 && collection.contentOffset == CGPoint(x: 60, y: 0))
        #expect(collection.standInFailures.isEmpty)
    }

    @Test func compositionalListSectionsStackGroupsWithHeaders() {
        let rows = SizedRows([[60, 60], [60]])
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(40)),
            subitems: [
                NSCollectionLayoutItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            ])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 5
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 0, bottom: 0, trailing: 0)
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                elementKind: "header", alignment: .top)
        ]
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 8
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: layout)
        collection.dataSource = rows
        // Section 0: header 0-30, inset 10, items 40-80 and 85-125; spacing 8; section 1:
        // header 133-163, inset 10, item 173-213.
        #expect(collection.layoutAttributesForItem(at: path(0, 1))?.frame == CGRect(x: 0, y: 85, width: 320, height: 40))
        #expect(collection.layoutAttributesForSupplementaryElement(ofKind: "header", at: path(1, 0))?.frame.minY == 133)
        #expect(collection.contentSize.height == 213)
        // Item 0 (40-80) is shown, becomes 40-100; item 1 then starts at 105, past the bounds.
        collection.layoutIfNeeded()
        #expect(collection.layoutAttributesForItem(at: path(0, 1))?.frame.minY == 105 && collection.contentSize.height == 233)
    }

    @Test func gesturesAreStateAndOnlySetContentOffsetAnimatedStopsADeceleration() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.standInBeginTouch()
        #expect(table.isTracking && !table.isDragging)
        table.standInBeginDrag()
        #expect(table.isTracking && table.isDragging)
        table.standInEndDrag(decelerating: true)
        #expect(!table.isTracking && !table.isDragging && table.isDecelerating)
        table.contentOffset = CGPoint(x: 0, y: 10)
        #expect(table.isDecelerating)
        table.setContentOffset(CGPoint(x: 0, y: 20), animated: false)
        #expect(!table.isDecelerating && table.contentOffset.y == 20 && table.standInOffsetWrites == 2)
    }

    @Test func referenceAnchorsTheFirstSurvivingShownRowAndPinsTheEnds() {
        var ids = Array(0..<10)
        let rows = SizedRows([Array(repeating: 30, count: 10)])
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        table.rowHeight = 30
        table.dataSource = rows
        table.contentOffset = CGPoint(x: 0, y: 45)
        let shown = AnchoringReference.snapshot(of: table) { ids[$0[1]] }
        #expect(shown.rows.map(\.id) == [1, 2, 3, 4] && shown.rows.map(\.distance) == [-15, 15, 45, 75])
        // Two rows inserted above, the first shown one deleted: row 2 (15 below the top) anchors,
        // now at 90.
        ids = [100, 101, 0] + ids[2...]
        rows.heights = [Array(repeating: 30, count: 11)]
        table.performBatchUpdates {
            table.deleteRows(at: [path(0, 1)], with: .none)
            table.insertRows(at: [path(0, 0), path(0, 1)], with: .none)
        }
        #expect(AnchoringReference.expectedOffset(table, before: shown, anchor: .visibleContent) { ids[$0[1]] } == 75)
        #expect(AnchoringReference.offsetUIKitWouldLeave(table, before: shown) == 45)
        // At the bottom (330 - 100), a row arriving at the end: bottom follows it, visible
        // content stays.
        table.contentOffset = CGPoint(x: 0, y: 230)
        let atBottom = AnchoringReference.snapshot(of: table) { ids[$0[1]] }
        #expect(atBottom.wasAtTrailingEnd && !atBottom.wasAtLeadingEnd)
        ids.append(200)
        rows.heights[0].append(30)
        table.performBatchUpdates { table.insertRows(at: [path(0, 11)], with: .none) }
        #expect(AnchoringReference.expectedOffset(table, before: atBottom, anchor: .bottom) { ids[$0[1]] } == 260)
        #expect(AnchoringReference.expectedOffset(table, before: atBottom, anchor: .visibleContent) { ids[$0[1]] } == 230)
        // Everything after the anchor (row 7, 20 above the top) deleted: the offset it would need
        // is past the new end, 240 - 100.
        let shownLow = AnchoringReference.snapshot(of: table) { ids[$0[1]] }
        ids.removeLast(4)
        rows.heights[0].removeLast(4)
        table.performBatchUpdates { table.deleteRows(at: (8..<12).map { path(0, $0) }, with: .none) }
        #expect(AnchoringReference.expectedOffset(table, before: shownLow, anchor: .visibleContent) { ids[$0[1]] } == 140)
        // At the top of an inset view, a row inserted above: top stays at -10, visible content
        // moves with row 100 to 30.
        table.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        table.contentOffset = CGPoint(x: 0, y: -10)
        let atTop = AnchoringReference.snapshot(of: table) { ids[$0[1]] }
        ids.insert(300, at: 0)
        rows.heights[0].append(30)
        table.performBatchUpdates { table.insertRows(at: [path(0, 0)], with: .none) }
        #expect(AnchoringReference.expectedOffset(table, before: atTop, anchor: .top) { ids[$0[1]] } == -10)
        #expect(AnchoringReference.expectedOffset(table, before: atTop, anchor: .visibleContent) { ids[$0[1]] } == 20)
        // Nothing shown survives: the offset is what the view leaves.
        let lastShown = AnchoringReference.snapshot(of: table) { ids[$0[1]] }
        ids = [400]
        rows.heights = [[30]]
        table.reloadData()
        #expect(AnchoringReference.expectedOffset(table, before: lastShown, anchor: .visibleContent) { ids[$0[1]] } == -10)
        #expect(table.standInFailures.isEmpty)
    }

    @Test func randomBatchesKeepRowsContiguousAndTheOffsetUIKitsClamped() {
        var random = Random(state: 44)
        var newIDs = 1_000
        var rows = (0..<60).map { Row(id: $0) }
        let source = RowsOfOwnHeights(rows)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: CGFloat(200 + random.next(400))))
        table.delegate = source
        table.dataSource = source
        for round in 0..<400 {
            table.contentInset = UIEdgeInsets(top: CGFloat(random.next(40)), left: 0, bottom: CGFloat(random.next(40)), right: 0)
            table.standInSetSafeAreaInsets(
                UIEdgeInsets(top: CGFloat(random.next(50)), left: 0, bottom: CGFloat(random.next(35)), right: 0))
            table.layoutIfNeeded()
            let range = AnchoringReference.offsetRange(of: table)
            table.contentOffset.y = range.lowerBound + CGFloat(random.next(Int(range.upperBound - range.lowerBound) + 60))
            let before = AnchoringReference.snapshot(of: table) { rows[$0[1]].id }
            let next = random.edited(rows, newIDs: &newIDs)
            table.reload(using: StagedChangeset(source: rows, target: next), with: .fade) { source.rows = $0 }
            rows = next
            #expect(table.contentOffset.y == AnchoringReference.offsetUIKitWouldLeave(table, before: before), "round \(round)")
            var end: CGFloat = 0
            for (index, row) in rows.enumerated() {
                let frame = table.rectForRow(at: path(0, index))
                #expect(frame.minY == end && frame.height == RowsOfOwnHeights.height(row), "round \(round), row \(index)")
                end = frame.maxY
            }
            #expect(table.contentSize.height == end && table.standInFailures.isEmpty, "round \(round)")
        }
    }

    @Test func referenceReadsAHorizontalFlowAlongX() {
        var ids = [0, 1, 2]
        let rows = SizedRows([[0, 0, 0]])
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 60, height: 200)
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        layout.headerReferenceSize = CGSize(width: 20, height: 0)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: layout)
        collection.dataSource = rows
        collection.contentOffset = CGPoint(x: 130, y: 0)
        // Shown from 130: item 1 (95-155), 35 before the left edge, and item 2 (165-225).
        let shown = AnchoringReference.snapshot(of: collection) { ids[$0[1]] }
        #expect(shown.rows.map(\.id) == [1, 2] && shown.rows.map(\.distance) == [-35, 35] && shown.wasAtTrailingEnd)
        ids.insert(3, at: 0)
        rows.heights = [[0, 0, 0, 0]]
        collection.performBatchUpdates { collection.insertItems(at: [path(0, 0)]) }
        // Item 1 now at 165: 200, the new end (300 - 100); bottom anchoring gives the same.
        #expect(AnchoringReference.expectedOffset(collection, before: shown, anchor: .visibleContent) { ids[$0[1]] } == 200)
        #expect(AnchoringReference.expectedOffset(collection, before: shown, anchor: .bottom) { ids[$0[1]] } == 200)
        #expect(AnchoringReference.offsetUIKitWouldLeave(collection, before: shown) == 130 && collection.contentOffset.x == 130)
    }
}
