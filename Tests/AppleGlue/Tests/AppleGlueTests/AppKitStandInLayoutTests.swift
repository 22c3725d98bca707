import AppKit
import Testing

/// Rows of given heights for the AppKit stand-in's table, as its delegate; each row shows its
/// identifier.
@MainActor
final class SizedTableRows: NSTableViewDataSource, NSTableViewDelegate, NSCollectionViewDataSource {
    var heights: [CGFloat]
    var ids: [Int]
    init(_ heights: [CGFloat]) {
        self.heights = heights
        ids = Array(heights.indices)
    }
    func numberOfRows(in tableView: NSTableView) -> Int { heights.count }
    func tableView(_ tableView: NSTableView, objectValueFor tableColumn: NSTableColumn?, row: Int) -> Any? { ids[row] }
    func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat { heights[row] }
    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int { heights.count }
    func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath)
        -> NSCollectionViewItem
    { NSCollectionViewItem() }
}

/// The notifications a test saw, in order.
@MainActor
final class NotificationRecorder {
    var names: [NSNotification.Name] = []
}

/// The AppKit stand-in's layout against figures computed by hand from AppKit's documented rules:
/// table rows and collection items in their scroll views, constraining, live-scroll notifications.
@MainActor
@Suite(.serialized) struct AppKitStandInLayoutTests {
    /// A table of `rows`, 20 points tall each, as the document view of a 200 × 100 scroll view.
    private func tableInScrollView(_ rows: SizedTableRows) -> (NSTableView, NSScrollView) {
        let table = NSTableView()
        table.rowHeight = 20
        table.dataSource = rows
        let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 200, height: 100))
        scrollView.documentView = table
        return (table, scrollView)
    }

    @Test func tableInItsScrollViewStacksRowsWithIntercellSpacingAndClamps() {
        let rows = SizedTableRows(Array(repeating: 20, count: 10))
        let (table, scrollView) = tableInScrollView(rows)
        scrollView.layoutSubtreeIfNeeded()
        // Rows of 20 + 2: row 3 at 66; the table 220 tall, as wide as the clip view.
        #expect(table.isFlipped && table.enclosingScrollView === scrollView)
        #expect(
            table.rect(ofRow: 3) == NSRect(x: 0, y: 66, width: 200, height: 22)
                && table.frame.size == NSSize(width: 200, height: 220))
        #expect(table.rows(in: table.visibleRect) == NSRange(location: 0, length: 5))
        scrollView.contentView.scroll(to: NSPoint(x: 0, y: 50))
        scrollView.reflectScrolledClipView(scrollView.contentView)
        #expect(table.visibleRect == NSRect(x: 0, y: 50, width: 200, height: 100))
        #expect(table.rows(in: table.visibleRect) == NSRange(location: 2, length: 5) && scrollView.standInOffsetWrites == 1)
        rows.heights = [10, 30, 20]
        rows.ids = [0, 1, 2]
        table.delegate = rows
        table.reloadData()
        // Rows 12, 32 and 22 tall: 66, so the clip view goes back to the top.
        #expect(table.rect(ofRow: 1) == NSRect(x: 0, y: 12, width: 200, height: 32))
        #expect(scrollView.documentVisibleRect.origin.y == 0 && table.rect(ofRow: 3) == NSZeroRect)
        scrollView.contentInsets = NSEdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
        #expect(scrollView.contentView.constrainBoundsRect(NSRect(x: 0, y: -50, width: 200, height: 100)).origin.y == -30)
        #expect(table.standInFailures.isEmpty)
    }

    @Test func liveScrollHooksPostTheScrollViewsNotifications() {
        let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 200, height: 100))
        let posted = NotificationRecorder()
        let names = [
            NSScrollView.willStartLiveScrollNotification, NSScrollView.didLiveScrollNotification,
            NSScrollView.didEndLiveScrollNotification,
        ]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: scrollView, queue: nil) { note in
                let name = note.name
                MainActor.assumeIsolated { posted.names.append(name) }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        scrollView.standInBeginLiveScroll()
        #expect(scrollView.standInIsLiveScrolling)
        scrollView.standInLiveScroll(to: NSPoint(x: 0, y: 5))
        scrollView.standInEndLiveScroll()
        #expect(posted.names == names && !scrollView.standInIsLiveScrolling)
        #expect(scrollView.contentView.bounds.origin.y == 5 && scrollView.standInOffsetWrites == 0)
    }

    @Test func collectionViewFlowInItsScrollView() {
        let rows = SizedTableRows(Array(repeating: 30, count: 8))
        let layout = NSCollectionViewFlowLayout()
        layout.itemSize = NSSize(width: 200, height: 30)
        layout.headerReferenceSize = NSSize(width: 0, height: 20)
        let collection = NSCollectionView()
        collection.collectionViewLayout = layout
        collection.dataSource = rows
        let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 200, height: 100))
        scrollView.documentView = collection
        // Header 0-20; items every 40 from 20: item 2 at 100, the content 20 + 8 * 30 + 7 * 10.
        #expect(collection.layoutAttributesForItem(at: path(0, 2))?.frame == NSRect(x: 0, y: 100, width: 200, height: 30))
        #expect(collection.frameForItem(at: 1) == NSRect(x: 0, y: 60, width: 200, height: 30))
        #expect(collection.frame.size == NSSize(width: 200, height: 330))
        #expect(collection.indexPathsForVisibleItems() == [path(0, 0), path(0, 1)])
        scrollView.contentView.scroll(to: NSPoint(x: 0, y: 230))
        rows.heights.removeLast(4)
        rows.ids.removeLast(4)
        collection.performBatchUpdates { collection.deleteItems(at: Set((4..<8).map { path(0, $0) })) }
        // 20 + 4 * 30 + 3 * 10 = 170: the clip view can go down to 70.
        #expect(collection.frame.height == 170 && scrollView.contentView.bounds.origin.y == 70)
        #expect(collection.standInFailures.isEmpty)
    }

    @Test func referenceReadsATableThroughItsClipView() {
        let rows = SizedTableRows(Array(repeating: 20, count: 10))
        let (table, scrollView) = tableInScrollView(rows)
        scrollView.contentView.scroll(to: NSPoint(x: 0, y: 50))
        let shown = AnchoringReference.snapshot(of: table) { rows.ids[$0[1]] }
        // Rows of 22: row 2 (44-66) is first, 6 above the top.
        #expect(shown.rows.first?.id == 2 && shown.rows.first?.distance == -6 && shown.rows.count == 5)
        rows.ids.insert(10, at: 0)
        rows.heights.append(20)
        table.insertRows(at: [0])
        #expect(AnchoringReference.expectedOffset(table, before: shown, anchor: .visibleContent) { rows.ids[$0[1]] } == 72)
        #expect(AnchoringReference.offsetUIKitWouldLeave(table, before: shown) == 50 && table.standInFailures.isEmpty)
    }
}
