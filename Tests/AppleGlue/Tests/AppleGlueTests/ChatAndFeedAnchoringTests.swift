import ListDelta
import Testing
import UIKit

/// A chat's or a feed's table as an app builds it: a diffable data source over one section of
/// messages (or posts) of their own heights, under a navigation bar and above a home indicator.
@MainActor
struct MessagesTable {
    let table = onScreen(UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600)))
    let heights = HeightedRows([], salt: 44, delegated: true)
    let source: TableViewDiffableDataSource<Int, Int>
    private(set) var ids: [Int]

    init(_ ids: [Int], anchor: ScrollAnchor) {
        self.ids = ids
        table.standInSetSafeAreaInsets(UIEdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
        table.delegate = heights
        source = TableViewDiffableDataSource(tableView: table) { _, _, _ in UITableViewCell() }
        source.scrollAnchor = anchor
        heights.identify = { [source] in source.itemIdentifier(for: $0)! }
        source.applySnapshotUsingReloadData(snapshot(of: [RowSection(model: 0, elements: ids.map { Row(id: $0) })]))
        table.layoutIfNeeded()
    }

    /// Applies `ids`, animated, as the app's model changed; returns once the animations ended.
    mutating func show(_ ids: [Int]) {
        self.ids = ids
        source.apply(snapshot(of: [RowSection(model: 0, elements: ids.map { Row(id: $0) })]))
        table.layoutIfNeeded()
        table.standInFinishAnimations()
    }

    /// The visible top: the offset plus the navigation bar.
    var visibleTop: CGFloat { table.contentOffset.y + table.adjustedContentInset.top }
    /// The first row on screen (its top at or below the visible top) and its distance from it.
    var firstShown: (id: Int, distance: CGFloat) {
        let path = table.indexPathsForVisibleRows!.first { table.rectForRow(at: $0).minY >= visibleTop }!
        return (source.itemIdentifier(for: path)!, table.rectForRow(at: path).minY - visibleTop)
    }
    /// Where the row `id` is from the visible top.
    func distance(of id: Int) -> CGFloat { table.rectForRow(at: source.indexPath(for: id)!).minY - visibleTop }
    var bottomOffset: CGFloat { AnchoringReference.offsetRange(of: table).upperBound }
}

/// What a chat and a feed need of `scrollAnchor`, through `TableViewDiffableDataSource`.
@MainActor
@Suite(.serialized) struct ChatAndFeedAnchoringTests {
    /// At the bottom with `.bottom`, new messages keep the chat pinned there; scrolled up, older
    /// messages loaded above leave the message being read where it is.
    @Test func aChatStaysPinnedAndKeepsTheMessageBeingRead() {
        var chat = MessagesTable(Array(100..<140), anchor: .bottom)
        chat.table.contentOffset.y = chat.bottomOffset
        for arriving in [140..<141, 141..<144] {
            chat.show(chat.ids + Array(arriving))
            #expect(chat.table.contentOffset.y == chat.bottomOffset && chat.bottomOffset > 0)
            #expect(chat.table.indexPathsForVisibleRows?.last?.row == chat.ids.count - 1, "the newest message shows")
        }
        chat.table.contentOffset.y = 300
        let read = chat.firstShown
        chat.show(Array(60..<100) + chat.ids)
        #expect(chat.distance(of: read.id) == read.distance && chat.table.contentOffset.y > 300)
    }

    /// Halfway down with `.visibleContent`, posts inserted at the top leave the post being read
    /// where it is; at the top with `.top`, the new posts show.
    @Test func aFeedKeepsThePostBeingReadOrShowsNewPostsAtItsTop() {
        var reading = MessagesTable(Array(100..<160), anchor: .visibleContent)
        reading.table.contentOffset.y = reading.bottomOffset / 2
        let read = reading.firstShown
        reading.show(Array(90..<100) + reading.ids)
        #expect(reading.distance(of: read.id) == read.distance)

        var watching = MessagesTable(Array(100..<160), anchor: .top)
        watching.table.contentOffset.y = -watching.table.adjustedContentInset.top
        watching.show(Array(95..<100) + watching.ids)
        #expect(watching.table.contentOffset.y == -watching.table.adjustedContentInset.top && watching.firstShown.id == 95)
    }
}
