import Foundation
import ListDelta
import Testing
import UIKit

@testable import Xcode26App

/// README's and the Guide's examples, in an app target built with Xcode 26's defaults, run
/// through the stand-in views: each must compile with no `nonisolated` on the models and give
/// what the same code gives elsewhere.
@Suite(.serialized) struct Xcode26AppTests {
    /// A message for each number; those in `edited` have new text.
    static func messages(_ numbers: some Sequence<Int>, edited: Set<Int> = []) -> [Message] {
        numbers.map { Message(id: uuid($0), text: edited.contains($0) ? "edited \($0)" : "message \($0)") }
    }

    static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: "00000000-0000-0000-0000-" + String(format: "%012x", number))!
    }

    let old = messages(0..<20)
    let new = messages([19, 0, 1, 2, 5, 6, 7, 30, 31, 8, 9, 10, 12, 11], edited: [1, 9])

    @Test func flatAndSectionedDiffsRunOnTheMainActor() throws {
        let store = MessageStore(messages: old)
        let changes = store.flatChanges(to: new)
        #expect(try changes.apply(to: old) == new)
        #expect(changes.flatMap(\.elementUpdated).count == 2)
        let sectioned = store.sectionedChanges(inbox: Array(new.prefix(6)), archive: Array(new.dropFirst(6)))
        let shown = try sectioned.apply(to: [
            ArraySection(model: Mailbox(name: "Inbox"), elements: old),
            ArraySection(model: Mailbox(name: "Archive"), elements: []),
        ])
        #expect(shown.map(\.model.name) == ["Archive", "Inbox"])
        #expect(shown.map(\.elements) == [Array(new.dropFirst(6)), Array(new.prefix(6))])
    }

    @Test func backgroundDiffsWithAsyncAndWithDispatch() async throws {
        let store = MessageStore(messages: old)
        #expect(try await store.changesInBackground(to: new).apply(to: old) == new)
        let result = await withCheckedContinuation { continuation in
            _ = store.changes(to: new, on: DispatchQueue(label: "diff")) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().apply(to: old) == new)
    }

    /// A diff of 2^20 elements or more reads identifiers on a second thread: the models'
    /// conformances are nonisolated, so that is no race (the compiler now refuses a conformance
    /// isolated to the main actor).
    @Test func aDiffLargeEnoughForTwoThreads() async throws {
        let source = Self.messages(0..<(1 << 19) + 10)
        let target = Self.messages(5..<(1 << 19) + 20)
        let store = MessageStore(messages: source)
        let changes = try await store.changesInBackground(to: target)
        #expect(changes.flatMap(\.elementDeleted).count == 5 && changes.flatMap(\.elementInserted).count == 10)
    }

    @Test func aTableReloadsThroughItsChangesets() {
        let screen = MessageTableScreen()
        screen.tableView.standInMove(toWindow: UIWindow())
        screen.show(old)
        screen.tableView.standInFinishAnimations()
        screen.show(new)
        screen.tableView.standInFinishAnimations()
        #expect(screen.messages == new && screen.tableView.numberOfRows(inSection: 0) == new.count)
        // This view's own failures: other suites running meanwhile write the global list.
        #expect(screen.tableView.standInFailures.isEmpty)
    }

    @Test func aListUpdaterTakesSnapshotsFromAnyThread() async {
        let screen = MessageFeedScreen()
        screen.collectionView.standInMove(toWindow: UIWindow())
        let updater = screen.updater
        let (first, second) = (old, new)
        await Task.detached {
            updater.submit(first)
            updater.submit(second)
        }.value
        await updater.settled()
        #expect(updater.data == new && screen.collectionView.numberOfItems(inSection: 0) == new.count)
        #expect(screen.collectionView.standInFailures.isEmpty)
    }

    @Test func aCollectionViewDiffableDataSourceTakesModelsAsItems() {
        let screen = MessageDiffableScreen()
        screen.show(old)
        screen.show(new)
        #expect(screen.collectionView.numberOfItems(inSection: 0) == new.count)
        #expect(screen.dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == new[1])
        #expect(screen.dataSource.indexPath(for: new[3]) == IndexPath(item: 3, section: 0))

    }
}

/// README's other two cases: a main-actor class and a conformance in an extension.
@Suite struct Xcode26ModelCaseTests {
    @Test func aMainActorClassModel() {
        let ids = (0..<4).map { Xcode26AppTests.uuid($0) }
        let old = ids.map { Contact(id: $0, name: "a") }
        let new = [Contact(id: ids[2], name: "b"), old[0], old[1]]
        let changes = contactChanges(from: old, to: new)
        #expect(changes.flatMap(\.elementDeleted).count == 1 && changes.flatMap(\.elementUpdated).count == 1)
    }

    @Test func aConformanceInAnExtension() async throws {
        let old = [Note(id: 1, body: "a"), Note(id: 2, body: "b")]
        let new = [Note(id: 2, body: "c"), Note(id: 3, body: "d")]
        let changes = try await noteChanges(from: old, to: new)
        #expect(try changes.apply(to: old).map(\.id) == [2, 3])
    }
}
