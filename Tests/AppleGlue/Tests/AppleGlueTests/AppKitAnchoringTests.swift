import AppKit
import ListDelta
import Testing

/// A random AppKit view in a window, as the document view of a scroll view with random content
/// insets (along the scroll axis), bounds and scroll position.
@MainActor
struct RandomScrolledView<View: NSView & BatchWatching> {
    let view: View
    let scrollView: NSScrollView
    let items: SizedItems
    var random: Random
    var newIDs = 10_000

    fileprivate init(_ view: View, items: SizedItems, vertical: Bool, random: Random) {
        var random = random
        (self.view, self.items) = (view, items)
        let length = CGFloat(80 + random.next(500))
        scrollView = NSScrollView(
            frame: vertical ? NSRect(x: 0, y: 0, width: 320, height: length) : NSRect(x: 0, y: 0, width: length, height: 320))
        scrollView.automaticallyAdjustsContentInsets = false
        let leading = CGFloat(random.next(3) * 14), trailing = CGFloat(random.next(2) * 20)
        scrollView.contentInsets =
            vertical
            ? NSEdgeInsets(top: leading, left: 0, bottom: trailing, right: 0)
            : NSEdgeInsets(top: 0, left: leading, bottom: 0, right: trailing)
        scrollView.documentView = view
        view.standInMove(toWindow: NSWindow())
        scrollView.layoutSubtreeIfNeeded()
        let offset = random.restingOffset(of: view)
        self.random = random
        scroll(to: vertical ? NSPoint(x: 0, y: offset) : NSPoint(x: offset, y: 0))
    }

    /// Scrolls as an app does: the clip view, then the scroll view told.
    func scroll(to point: NSPoint) {
        scrollView.contentView.scroll(to: point)
        scrollView.reflectScrolledClipView(scrollView.contentView)
        scrollView.layoutSubtreeIfNeeded()
    }

    mutating func edited() -> [RowSection] { random.editedSections(items.data, newIDs: &newIDs) }
}

extension RandomScrolledView: RandomAnchoringView {
    var watched: View { view }
    func identity(_ path: IndexPath) -> Int { items.id(at: path) }
    func layout() { view.layoutSubtreeIfNeeded() }
    func finishAnimations() {
        // An NSTableView's batch animates in NSAnimationContext's group; a collection view's in its own.
        if let collection = view as? NSCollectionView {
            collection.standInFinishAnimations()
        } else {
            NSAnimationContext.standInFinishAnimations()
        }
    }
}

extension RandomScrolledView where View == WatchedNSTableView {
    /// A table of up to 60 rows of their own heights (delegated) or of one random height, with
    /// random intercell spacing.
    init(tableSeed seed: UInt64) {
        var random = Random(state: seed)
        let rows = (0..<random.next(61)).map { Row(id: $0 + 1) }
        let items = SizedItems([RowSection(model: 0, elements: rows)], salt: seed, vertical: true, cross: 320)
        let table = WatchedNSTableView()
        table.rowHeight = CGFloat(16 + random.next(40))
        table.intercellSpacing = NSSize(width: 3, height: CGFloat(random.next(4)))
        table.dataSource = items
        if random.next(3) > 0 { table.delegate = items }
        self.init(table, items: items, vertical: true, random: random)
    }

    mutating func editedRows() -> [Row] { random.edited(items.data[0].elements, newIDs: &newIDs) }
}

extension RandomScrolledView where View == WatchedNSCollectionView {
    /// A collection view with a random flow layout: vertical or horizontal, items of their own
    /// lengths one or several to a line, fixed or estimated, section insets, headers, spacings.
    init(collectionSeed seed: UInt64) {
        var random = Random(state: seed)
        let vertical = random.next(2) == 0
        let layout = NSCollectionViewFlowLayout()
        layout.scrollDirection = vertical ? .vertical : .horizontal
        layout.minimumLineSpacing = CGFloat(random.next(3) * 5)
        layout.minimumInteritemSpacing = CGFloat(random.next(2) * 5)
        let inset = CGFloat(random.next(3) * 6)
        layout.sectionInset = NSEdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
        let header = CGFloat(random.next(3) * 14)
        layout.headerReferenceSize = vertical ? NSSize(width: 0, height: header) : NSSize(width: header, height: 0)
        let cross = random.next(3) == 0 ? CGFloat(80 + random.next(40)) : 320 - 2 * inset
        if random.next(2) == 0 {
            let estimate = CGFloat(30 + random.next(60))
            layout.estimatedItemSize = vertical ? NSSize(width: cross, height: estimate) : NSSize(width: estimate, height: cross)
        }
        let items = SizedItems(random.sections(), salt: seed, vertical: vertical, cross: cross)
        let collection = WatchedNSCollectionView()
        collection.collectionViewLayout = layout
        collection.delegate = items
        collection.dataSource = items
        self.init(collection, items: items, vertical: vertical, random: random)
    }
}

/// NSTableView's and NSCollectionView's `reload(using:…anchoring:…)` in their scroll views:
/// every stage of random updates against the reference, no scrolling during a live scroll, and
/// a table outside a scroll view left alone.
@MainActor
@Suite(.serialized) struct AppKitAnchoringTests {
    @Test func tableStagesKeepWhatTheAnchorSays() async {
        let tally = AnchoringTally()
        await forEverySeedAndAnchor(UInt64(0)..<40) { seed, anchor in
            var random = RandomScrolledView(tableSeed: seed)
            let (table, items) = (random.view, random.items)
            for _ in 0..<3 {
                let staged = StagedChangeset(source: items.data[0].elements, target: random.editedRows())
                random.expectAnchored(by: anchor, tally: tally, "seed \(seed)") {
                    table.reload(using: staged, with: .effectFade, anchoring: anchor) {
                        items.data = [RowSection(model: 0, elements: $0)]
                    }
                }
            }
            #expect(table.standInFailures.isEmpty, "seed \(seed)")
        }
        tally.expectEnough(400)
    }

    @Test func collectionStagesKeepWhatTheAnchorSays() async {
        let tally = AnchoringTally()
        await forEverySeedAndAnchor(UInt64(0)..<40) { seed, anchor in
            var random = RandomScrolledView(collectionSeed: seed)
            let (collection, items) = (random.view, random.items)
            for _ in 0..<3 {
                let staged = StagedChangeset(source: items.data, target: random.edited())
                random.expectAnchored(by: anchor, tally: tally, "seed \(seed)") {
                    collection.reload(using: staged, anchoring: anchor) { items.data = $0 }
                }
            }
            #expect(collection.standInFailures.isEmpty, "seed \(seed)")
        }
        tally.expectEnough(400)
    }

    /// During a live scroll (between the scroll view's will-start and did-end notifications)
    /// the batches run and the clip view is never scrolled; after it, anchoring resumes.
    @Test func aLiveScrollIsNeverFought() async {
        // The glue listens to the notifications from its first anchored reload on.
        let first = RandomScrolledView(tableSeed: 1)
        first.view.reload(
            using: StagedChangeset(source: first.items.data[0].elements, target: [Row(id: 0)]), with: [],
            anchoring: .visibleContent
        ) { first.items.data = [RowSection(model: 0, elements: $0)] }
        for seed in UInt64(0)..<40 {
            await Task.yield()  // others on the main actor get their turn
            var table = RandomScrolledView(tableSeed: seed)
            var collection = RandomScrolledView(collectionSeed: seed)
            let rows = table.editedRows(), sections = collection.edited()
            for scrollView in [table.scrollView, collection.scrollView] {
                scrollView.standInBeginLiveScroll()
                scrollView.standInLiveScroll(to: scrollView.contentView.bounds.origin)
            }
            let writes = (table.scrollView.standInOffsetWrites, collection.scrollView.standInOffsetWrites)
            table.view.reload(
                using: StagedChangeset(source: table.items.data[0].elements, target: rows), with: .effectFade,
                anchoring: .visibleContent
            ) { table.items.data = [RowSection(model: 0, elements: $0)] }
            collection.view.reload(using: StagedChangeset(source: collection.items.data, target: sections), anchoring: .bottom) {
                collection.items.data = $0
            }
            #expect(table.scrollView.standInOffsetWrites == writes.0 && table.items.data[0].elements == rows, "seed \(seed)")
            #expect(
                collection.scrollView.standInOffsetWrites == writes.1 && collection.items.data == sections, "seed \(seed)")
            for scrollView in [table.scrollView, collection.scrollView] { scrollView.standInEndLiveScroll() }
            NSAnimationContext.standInFinishAnimations()
            collection.view.standInFinishAnimations()
        }
    }

    /// A table that is no scroll view's document view has nothing to anchor: the batch runs,
    /// nothing is scrolled.
    @Test func aTableOutsideAScrollViewIsLeftAlone() {
        let rows = (0..<30).map { Row(id: $0) }
        let items = SizedItems([RowSection(model: 0, elements: rows)], salt: 7, vertical: true, cross: 320)
        let table = NSTableView()
        table.dataSource = items
        table.delegate = items
        table.standInMove(toWindow: NSWindow())
        table.layoutSubtreeIfNeeded()
        let frame = table.frame, target = [Row(id: 100), Row(id: 101)] + rows
        #expect(NSTableViewBatchTarget(table).scrollAnchoringView == nil)
        table.reload(using: StagedChangeset(source: rows, target: target), with: [], anchoring: .visibleContent) {
            items.data = [RowSection(model: 0, elements: $0)]
        }
        NSAnimationContext.standInFinishAnimations()
        #expect(items.data[0].elements == target && table.numberOfRows == 32 && table.standInFullReloadCount == 0)
        #expect(table.frame.origin == frame.origin && table.bounds.origin == .zero && table.standInFailures.isEmpty)
    }
}
