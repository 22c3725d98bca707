import ListDelta
import Testing
import UIKit

/// A table data source as apps subclass Apple's: titles, swipe to delete, reordering, a
/// section index, and `apply` overridden, written for `UITableViewDiffableDataSource` and
/// compiled with the rename alone. It adds no initialiser, so it inherits the designated ones.
private final class EditableTableDataSource: TableViewDiffableDataSource<String, Int> {
    var calls: [String] = []

    override func apply(
        _ snapshot: DiffableDataSourceSnapshot<String, Int>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        calls.append("apply")
        super.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section)?.uppercased()
    }

    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        guard let identifier = sectionIdentifier(for: section) else { return nil }
        return "\(snapshot().numberOfItems(inSection: identifier)) items"
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        itemIdentifier(for: indexPath).map { $0 % 2 == 0 } ?? false
    }

    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
        var snapshot = snapshot()
        snapshot.deleteItems([item])
        apply(snapshot)
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        calls.append(
            "move \(sourceIndexPath.section).\(sourceIndexPath.row) → \(destinationIndexPath.section).\(destinationIndexPath.row)"
        )
        super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    }

    override func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        snapshot().sectionIdentifiers.map { String($0.prefix(1)) }
    }

    override func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        snapshot().sectionIdentifiers.firstIndex { $0.hasPrefix(title) } ?? 0
    }
}

/// A collection data source with a designated initialiser of its own that calls
/// `super.init(collectionView:cellProvider:)`, overriding moving and the index.
private final class IndexedCollectionDataSource: CollectionViewDiffableDataSource<String, Int> {
    let titles: [String]
    var moves: [(IndexPath, IndexPath)] = []

    init(collectionView: UICollectionView, titles: [String]) {
        self.titles = titles
        super.init(collectionView: collectionView) { collectionView, indexPath, item in
            (collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! ItemCollectionCell)
                .configure(item)
        }
    }

    override func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        itemIdentifier(for: indexPath) != 0
    }

    override func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        moves.append((sourceIndexPath, destinationIndexPath))
        super.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
    }

    override func indexTitles(for collectionView: UICollectionView) -> [String]? { titles }

    override func collectionView(
        _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
        IndexPath(item: 1, section: index)
    }
}

@MainActor
@Suite struct DiffableDataSourceSubclassTests {
    private func table() -> (UITableView, EditableTableDataSource) {
        let table = UITableView()
        table.standInMove(toWindow: UIWindow())
        table.register(ItemTableCell.self, forCellReuseIdentifier: "item")
        let dataSource = EditableTableDataSource(tableView: table) { table, path, item in
            (table.dequeueReusableCell(withIdentifier: "item", for: path) as! ItemTableCell).configure(item)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["inbox", "archive"])
        snapshot.appendItems([1, 2, 3, 4], toSection: "inbox")
        snapshot.appendItems([5, 6], toSection: "archive")
        dataSource.apply(snapshot, animatingDifferences: false)
        return (table, dataSource)
    }

    private func shownItems(_ table: UITableView) -> [[AnyHashable?]] {
        (0..<table.numberOfSections).map { section in
            (0..<table.numberOfRows(inSection: section)).map { row in
                (table.cellForRow(at: IndexPath(row: row, section: section)) as? ItemTableCell)?.item
            }
        }
    }

    @Test func theTableAsksTheSubclassForTitlesAndTheIndex() {
        let (table, dataSource) = table()
        #expect(table.standInHeaderTitles == ["INBOX", "ARCHIVE"])
        #expect(table.standInFooterTitles == ["4 items", "2 items"])
        #expect(table.standInSectionIndexTitles == ["i", "a"])
        #expect(table.standInTapIndexTitle(at: 1) == 1)
        #expect(dataSource.calls == ["apply"])
    }

    @Test func swipeToDeleteGoesThroughTheSubclassAndShowsAtOnce() {
        let (table, dataSource) = table()
        #expect(!table.standInSwipeToDelete(at: IndexPath(row: 0, section: 0)), "row of 1: not editable")
        #expect(table.standInSwipeToDelete(at: IndexPath(row: 1, section: 0)), "row of 2: editable")
        #expect(shownItems(table) == [[1, 3, 4], [5, 6]], "the row is gone when commit returns")
        #expect(dataSource.snapshot().itemIdentifiers == [1, 3, 4, 5, 6])
        #expect(table.standInFooterTitles == ["3 items", "2 items"])
        #expect(table.standInFailures.isEmpty, "\(table.standInFailures)")
    }

    @Test func aUserMoveReachesTheSubclassAndTheDataSourceFollows() {
        let (table, dataSource) = table()
        #expect(table.standInUserMoveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1)))
        #expect(dataSource.calls.last == "move 0.0 → 1.1")
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "inbox") == [2, 3, 4])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "archive") == [5, 1, 6])
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 1, section: 1)) == 1)
        #expect(dataSource.indexPath(for: 1) == IndexPath(row: 1, section: 1))
        #expect(shownItems(table) == [[2, 3, 4], [5, 1, 6]])
        // The next apply starts from what the table shows.
        var next = dataSource.snapshot()
        next.deleteItems([5])
        dataSource.apply(next)
        #expect(shownItems(table) == [[2, 3, 4], [1, 6]])
        #expect(table.standInFailures.isEmpty, "\(table.standInFailures)")
    }

    @Test func withoutOverridesTheTableGetsApplesDefaults() {
        let table = UITableView()
        table.standInMove(toWindow: UIWindow())
        let dataSource = TableViewDiffableDataSource<String, Int>(tableView: table) { _, _, _ in UITableViewCell() }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a"])
        snapshot.appendItems([1, 2])
        dataSource.apply(snapshot)
        #expect(table.standInHeaderTitles == [nil] && table.standInFooterTitles == [nil])
        #expect(table.standInSectionIndexTitles == nil)
        #expect(!table.standInSwipeToDelete(at: IndexPath(row: 0, section: 0)), "Apple's canEditRowAt is false")
        #expect(!table.standInUserMoveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0)))
        #expect(dataSource.snapshot().itemIdentifiers == [1, 2])
    }

    @Test func aCollectionSubclassWithItsOwnInitialiserIsCalledByTheView() {
        let collection = UICollectionView()
        collection.standInMove(toWindow: UIWindow())
        collection.register(ItemCollectionCell.self, forCellWithReuseIdentifier: "item")
        let dataSource = IndexedCollectionDataSource(collectionView: collection, titles: ["A", "B"])
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([0, 1, 2], toSection: "a")
        snapshot.appendItems([3, 4], toSection: "b")
        dataSource.apply(snapshot)
        #expect(collection.standInIndexTitles == ["A", "B"])
        #expect(collection.standInTapIndexTitle(at: 1) == IndexPath(item: 1, section: 1))
        #expect(!collection.standInUserMoveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0)))
        #expect(collection.standInUserMoveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1)))
        #expect(dataSource.moves.count == 1)
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "a") == [0, 1])
        #expect(dataSource.snapshot().itemIdentifiers(inSection: "b") == [2, 3, 4])
        #expect(collection.standInFailures.isEmpty, "\(collection.standInFailures)")
    }

    /// A user's move while an update from a background queue is on its way: the update is
    /// diffed again from the rows as the user left them, so every cell shows its item.
    @Test func aMoveWhileABackgroundUpdateIsOnItsWayKeepsCellsAndDataInStep() async {
        let (table, dataSource) = table()
        var next = dataSource.snapshot()
        next.appendItems([7], toSection: "inbox")
        let queued = UncheckedSendable(value: (dataSource, next))
        DispatchQueue(label: "background apply").sync {
            let (dataSource, next) = queued.value
            dataSource.apply(next)  // diffed here; the batch follows on the main queue
        }
        #expect(shownItems(table) == [[1, 2, 3, 4], [5, 6]], "the update has not reached the table yet")
        #expect(table.standInUserMoveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0)))
        let arrived = await waitUntil { shownItems(table).first?.count == 5 }
        #expect(arrived)
        #expect(shownItems(table) == [[1, 2, 3, 4, 7], [5, 6]])
        #expect((0..<5).map { dataSource.itemIdentifier(for: IndexPath(row: $0, section: 0)) } == [1, 2, 3, 4, 7])
        #expect(table.standInFailures.isEmpty, "\(table.standInFailures)")
    }
}
