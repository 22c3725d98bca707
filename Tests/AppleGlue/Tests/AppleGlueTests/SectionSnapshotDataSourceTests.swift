import Testing
import UIKit

@testable import ListDelta

/// iOS 14's outlines and reordering through the collection data source: the view shows each
/// section's visible items after every apply, expand and collapse, and a user's move ends in
/// a transaction that matches it.
@MainActor
@Suite struct SectionSnapshotDataSourceTests {
    private typealias Outline = DiffableDataSourceSectionSnapshot<Int>

    private func collection() -> (UICollectionView, CollectionViewDiffableDataSource<String, Int>) {
        let collection = UICollectionView()
        collection.standInMove(toWindow: UIWindow())
        collection.register(ItemCollectionCell.self, forCellWithReuseIdentifier: "item")
        let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: collection) { view, path, item in
            (view.dequeueReusableCell(withReuseIdentifier: "item", for: path) as! ItemCollectionCell).configure(item)
        }
        return (collection, dataSource)
    }

    private func shown(_ collection: UICollectionView) -> [[AnyHashable?]] {
        (0..<collection.numberOfSections).map { section in
            (0..<collection.numberOfItems(inSection: section)).map { item in
                (collection.cellForItem(at: IndexPath(item: item, section: section)) as? ItemCollectionCell)?.item
            }
        }
    }

    /// 1 (2 (3, 4), 5), 6 (7): three levels.
    private func outline() -> Outline {
        var outline = Outline()
        outline.append([1, 6])
        outline.append([2, 5], to: 1)
        outline.append([3, 4], to: 2)
        outline.append([7], to: 6)
        return outline
    }

    @Test func theViewShowsTheVisibleItemsAfterEveryApplyExpandAndCollapse() {
        let (collection, dataSource) = collection()
        var header = DiffableDataSourceSnapshot<String, Int>()
        header.appendSections(["header"])
        header.appendItems([100])
        dataSource.apply(header)
        dataSource.apply(outline(), to: "tree")
        #expect(dataSource.snapshot().sectionIdentifiers == ["header", "tree"], "the section is appended")
        #expect(shown(collection) == [[100], [1, 6]])

        var events: [String] = []
        dataSource.sectionSnapshotHandlers.willExpandItem = { events.append("expand \($0)") }
        dataSource.sectionSnapshotHandlers.willCollapseItem = { events.append("collapse \($0)") }
        dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != 6 }
        let batches = collection.standInBatchCount
        #expect(dataSource.toggleExpansion(at: IndexPath(item: 0, section: 1)))
        #expect(shown(collection) == [[100], [1, 2, 5, 6]] && collection.standInBatchCount == batches + 1)
        #expect(dataSource.toggleExpansion(at: IndexPath(item: 1, section: 1)))
        #expect(shown(collection) == [[100], [1, 2, 3, 4, 5, 6]])
        #expect(dataSource.snapshot(for: "tree").expandedItems == [1, 2])
        #expect(dataSource.toggleExpansion(at: IndexPath(item: 5, section: 1)))
        #expect(!dataSource.toggleExpansion(at: IndexPath(item: 5, section: 1)), "6 may not collapse")
        #expect(shown(collection) == [[100], [1, 2, 3, 4, 5, 6, 7]])
        #expect(dataSource.toggleExpansion(at: IndexPath(item: 0, section: 1)))
        #expect(shown(collection) == [[100], [1, 6, 7]], "collapsing 1 hides its expanded descendants")
        #expect(events == ["expand 1", "expand 2", "expand 6", "collapse 1"])
        #expect(dataSource.snapshot(for: "tree").isExpanded(2), "a hidden item keeps its state")
        #expect(dataSource.snapshot(for: "header").items == [100])
        #expect(collection.standInFailures.isEmpty, "\(collection.standInFailures)")
    }

    @Test func anExpandingParentGetsTheChildrenItsHandlerLoads() {
        let (collection, dataSource) = collection()
        var root = Outline()
        root.append([1, 2])
        dataSource.apply(root, to: "lazy")
        dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
            var loaded = current
            loaded.append([parent * 10, parent * 10 + 1], to: parent)
            return loaded
        }
        #expect(dataSource.toggleExpansion(at: IndexPath(item: 1, section: 0)))
        #expect(shown(collection) == [[1, 2, 20, 21]])
        #expect(dataSource.snapshot(for: "lazy").parent(of: 21) == 2)
    }

    @Test func aWholeSnapshotThatChangesASectionFlattensItsOutline() {
        let (collection, dataSource) = collection()
        var expanded = outline()
        expanded.expand([1])
        dataSource.apply(expanded, to: "tree")
        #expect(dataSource.snapshot(for: "tree") == expanded)
        var whole = dataSource.snapshot()
        whole.appendItems([8], toSection: "tree")
        dataSource.apply(whole)
        #expect(dataSource.snapshot(for: "tree").items == [1, 2, 5, 6, 8])
        #expect(dataSource.snapshot(for: "tree").rootItems == [1, 2, 5, 6, 8])
        #expect(shown(collection) == [[1, 2, 5, 6, 8]])
    }

    /// Random outlines, expansions and collapses, applied and toggled: after each, the view
    /// shows every section's visible items and the batches are valid.
    @Test(arguments: 0..<8)
    func randomOutlinesStayShown(seed: UInt64) {
        let (collection, dataSource) = collection()
        var random = Random(state: 0x0071_13E5 &+ seed)
        var next = 1
        var outlines: [String: Outline] = ["a": Outline(), "b": Outline()]
        for step in 0..<60 {
            let section = random.next(2) == 0 ? "a" : "b"
            var outline = dataSource.snapshot().indexOfSection(section) == nil ? Outline() : dataSource.snapshot(for: section)
            switch random.next(4) {
            case 0, 1:
                let parent = outline.items.isEmpty || random.next(3) == 0 ? nil : outline.items[random.next(outline.items.count)]
                let count = random.next(3) + 1
                outline.append(Array(next..<next + count), to: parent)
                next += count
            case 2:
                if !outline.items.isEmpty { outline.delete([outline.items[random.next(outline.items.count)]]) }
            default:
                if !outline.items.isEmpty {
                    let item = outline.items[random.next(outline.items.count)]
                    if outline.isExpanded(item) { outline.collapse([item]) } else { outline.expand([item]) }
                }
            }
            dataSource.apply(outline, to: section, animatingDifferences: random.next(2) == 0)
            outlines[section] = outline
            if random.next(3) == 0, let shownSection = dataSource.snapshot().indexOfSection(section),
                collection.numberOfItems(inSection: shownSection) > 0
            {
                let item = random.next(collection.numberOfItems(inSection: shownSection))
                dataSource.toggleExpansion(at: IndexPath(item: item, section: shownSection))
                outlines[section] = dataSource.snapshot(for: section)
            }
            let expected = dataSource.snapshot().sectionIdentifiers.map { outlines[$0]!.visibleItems.map(AnyHashable.init) }
            #expect(shown(collection) == expected, "seed \(seed) step \(step)")
            #expect(collection.standInFailures.isEmpty, "seed \(seed) step \(step): \(collection.standInFailures)")
            if shown(collection) != expected || !collection.standInFailures.isEmpty { return }
        }
    }

    @Test func aUserMoveEndsInATransactionThatMatchesIt() {
        let (collection, dataSource) = collection()
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([4, 5], toSection: "b")
        dataSource.apply(snapshot)
        #expect(!collection.standInUserMoveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)))
        var transactions: [(will: Bool, DiffableDataSourceTransaction<String, Int>)] = []
        dataSource.reorderingHandlers.canReorderItem = { $0 != 5 }
        dataSource.reorderingHandlers.willReorder = { transactions.append((true, $0)) }
        dataSource.reorderingHandlers.didReorder = { transaction in
            #expect(dataSource.snapshot() == transaction.finalSnapshot, "didReorder sees the new snapshot")
            transactions.append((false, transaction))
        }
        #expect(!collection.standInUserMoveItem(at: IndexPath(item: 1, section: 1), to: IndexPath(item: 0, section: 1)))
        let batches = collection.standInBatchCount
        #expect(collection.standInUserMoveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1)))
        #expect(collection.standInBatchCount == batches, "the view moved the item itself: no batch")
        #expect(shown(collection) == [[2, 3], [4, 1, 5]])
        #expect(transactions.map(\.will) == [true, false])
        guard let transaction = transactions.last?.1 else { return }
        #expect(transaction.initialSnapshot == snapshot)
        #expect(transaction.finalSnapshot.itemIdentifiers(inSection: "a") == [2, 3])
        #expect(transaction.finalSnapshot.itemIdentifiers(inSection: "b") == [4, 1, 5])
        #expect(snapshot.itemIdentifiers.applying(transaction.difference) == transaction.finalSnapshot.itemIdentifiers)
        #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["a", "b"])
        for section in transaction.sectionTransactions {
            #expect(
                section.initialSnapshot.items.applying(section.difference) == section.finalSnapshot.items,
                "\(section.sectionIdentifier)")
            #expect(
                section.finalSnapshot.items == transaction.finalSnapshot.itemIdentifiers(inSection: section.sectionIdentifier))
        }
        #expect(collection.standInFailures.isEmpty, "\(collection.standInFailures)")
    }
}
