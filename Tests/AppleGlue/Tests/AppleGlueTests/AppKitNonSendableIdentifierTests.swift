import AppKit
import ListDelta
import Testing

// A macOS app as it is written for AppKit's diffable data sources, renamed to ListDelta's
// types: its identifiers are classes that are `Hashable` and not `Sendable`, which AppKit's
// declarations allow (`Hashable` only). This file compiles only if ListDelta's AppKit data
// sources and snapshot ask for no more.

/// A note: a model class, identified by its number, whose title changes in place.
private final class Note: Hashable {
    let number: Int
    var title: String

    init(_ number: Int, _ title: String) {
        self.number = number
        self.title = title
    }

    static func == (lhs: Note, rhs: Note) -> Bool { lhs.number == rhs.number }
    func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

/// A folder of notes.
private final class Folder: Hashable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Folder, rhs: Folder) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The snapshot an app's model code builds, outside any actor.
private func notesSnapshot(_ folders: [(Folder, [Note])]) -> DiffableDataSourceSnapshot<Folder, Note> {
    var snapshot = DiffableDataSourceSnapshot<Folder, Note>()
    for (folder, notes) in folders {
        snapshot.appendSections([folder])
        snapshot.appendItems(notes, toSection: folder)
    }
    return snapshot
}

/// Applies `snapshot` as an app's nonisolated helper does: AppKit's `apply` is not isolated.
private func show(
    _ snapshot: DiffableDataSourceSnapshot<Folder, Note>, in dataSource: AppKitTableViewDiffableDataSource<Folder, Note>
) {
    dataSource.apply(snapshot, animatingDifferences: false)
}

/// A cell that shows a note's title.
private final class NoteCell: NSView {
    var title = ""
}

/// A collection item that shows a note's title.
private final class NoteItem: NSCollectionViewItem {
    var title = ""
}

@MainActor
@Suite struct AppKitNonSendableIdentifierTests {
    private let inbox = Folder("Inbox"), archive = Folder("Archive")
    private let notes = [Note(1, "Groceries"), Note(2, "Trip"), Note(3, "Taxes")]

    @Test func aTableShowsNonSendableIdentifiersAndLooksThemUp() {
        let table = NSTableView()
        table.standInMove(toWindow: NSWindow())
        table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("title")))
        let dataSource = AppKitTableViewDiffableDataSource<Folder, Note>(tableView: table) { _, _, _, note in
            let cell = NoteCell()
            cell.title = note.title
            return cell
        }
        let (inbox, archive, notes) = (inbox, archive, notes)
        show(notesSnapshot([(inbox, [notes[0], notes[1]]), (archive, [notes[2]])]), in: dataSource)

        #expect(table.numberOfRows == 3 && table.standInFailures.isEmpty, "\(table.standInFailures)")
        #expect(dataSource.snapshot().itemIdentifiers == notes)
        #expect(dataSource.itemIdentifier(forRow: 1) === notes[1])
        #expect(dataSource.row(forItemIdentifier: notes[2]) == 2)
        #expect(dataSource.sectionIdentifier(forRow: 2) === archive)
        #expect(dataSource.row(forSectionIdentifier: archive) == 2)
        let titles = (0..<table.numberOfRows).map {
            (table.view(atColumn: 0, row: $0, makeIfNecessary: false) as? NoteCell)?.title
        }
        #expect(titles == ["Groceries", "Trip", "Taxes"])

        // The app deletes a note and moves another: the table follows, rows in place.
        var next = dataSource.snapshot()
        next.deleteItems([notes[0]])
        next.moveItem(notes[2], beforeItem: notes[1])
        dataSource.apply(next)
        #expect(table.numberOfRows == 2 && table.standInFailures.isEmpty, "\(table.standInFailures)")
        #expect(dataSource.itemIdentifier(forRow: 0) === notes[2] && dataSource.row(forItemIdentifier: notes[0]) == nil)
        #expect(dataSource.sectionIdentifier(forRow: 1) === inbox)
    }

    @Test func aCollectionViewShowsNonSendableIdentifiersAndLooksThemUp() {
        let collection = NSCollectionView()
        collection.standInMove(toWindow: NSWindow())
        let dataSource = AppKitCollectionViewDiffableDataSource<Folder, Note>(collectionView: collection) { _, _, note in
            let item = NoteItem()
            item.title = note.title
            return item
        }
        let (inbox, archive, notes) = (inbox, archive, notes)
        dataSource.apply(notesSnapshot([(inbox, [notes[0]]), (archive, [notes[1], notes[2]])]), animatingDifferences: true)

        #expect(collection.numberOfSections == 2 && collection.numberOfItems(inSection: 1) == 2)
        #expect(dataSource.snapshot().sectionIdentifiers == [inbox, archive])
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) === notes[1])
        #expect(dataSource.indexPath(for: notes[2]) == IndexPath(item: 1, section: 1))
        #expect(dataSource.sectionIdentifier(for: 0) === inbox && dataSource.index(for: archive) == 1)
        let titles = (0..<2).map { (collection.item(at: IndexPath(item: $0, section: 1)) as? NoteItem)?.title }
        #expect(titles == ["Trip", "Taxes"])

        var next = dataSource.snapshot()
        next.moveItem(notes[0], afterItem: notes[2])
        next.deleteSections([inbox])
        dataSource.apply(next)
        #expect(collection.numberOfSections == 1 && collection.numberOfItems(inSection: 0) == 3)
        #expect(dataSource.indexPath(for: notes[0]) == IndexPath(item: 2, section: 0))
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 0)) === notes[1])
        #expect(collection.standInFailures.isEmpty, "\(collection.standInFailures)")
    }
}
