import Testing

@testable import ListDelta

/// The diff a diffable data source made with `identifiedBy:` runs on `apply`, with keys whose
/// `Hashable` conformance breaks its laws: a valid batch, never a trap.
@Suite struct DiffableDifferTests {
    /// A key equal to every other key, however it hashes.
    struct EqualToAll: Hashable, Sendable {
        let id: Int
        static func == (_: Self, _: Self) -> Bool { true }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// A key equal to no key, not even itself.
    struct EqualToNone: Hashable, Sendable {
        let id: Int
        static func == (_: Self, _: Self) -> Bool { false }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    typealias Differ = DiffableDiffer<Int, Int>

    func snapshot(_ items: [Int]) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(Array(items.prefix(items.count / 2)), toSection: 0)
        snapshot.appendItems(Array(items.dropFirst(items.count / 2)), toSection: 1)
        return snapshot
    }

    @Test(arguments: [false, true])
    func unlawfulKeysGiveAValidBatch(equalToAll: Bool) throws {
        let keying = DiffableKeying<Int>.key {
            equalToAll ? SendableHashable(EqualToAll(id: $0)) : SendableHashable(EqualToNone(id: $0))
        }
        let differ = Differ.specialized
        let sourceSnapshot = snapshot(Array(0..<2_000))
        let targetSnapshot = snapshot(Array((0..<2_000).reversed()) + Array(2_000..<2_100))
        let source = differ.sections(sourceSnapshot), target = differ.sections(targetSnapshot)
        let staged = differ.stageSections(source, target, keying)
        let replayed = try staged.apply(to: source)
        #expect(replayed.map { $0.elements.map(\.item) } == target.map { $0.elements.map(\.item) })

        let sourceRows = differ.rows(sourceSnapshot), targetRows = differ.rows(targetSnapshot)
        let rows = differ.stageRows(sourceRows, targetRows, keying)
        #expect(try rows.apply(to: sourceRows).map(\.item) == targetRows.map(\.item))
    }

    @Test func rowsAreTheSectionsItemsWithASectionReloadOnEachOfItsRows() {
        var marked = snapshot(Array(0..<10))
        marked.reloadItems([1, 7])
        marked.reconfigureItems([2, 8])
        marked.reloadSections([1])
        let rows = Differ.specialized.rows(marked)
        #expect(rows.map(\.item) == Array(0..<10) && rows.allSatisfy { $0.key == -1 })
        let refreshes: [DiffableRefresh] = [.none, .reload, .reconfigure, .none, .none] + Array(repeating: .reload, count: 5)
        #expect(rows.map(\.refresh) == refreshes)
        let sections = Differ.specialized.sections(marked)
        #expect(sections.map(\.model.reloads) == [false, true])
        #expect(
            sections.flatMap(\.elements).map(\.refresh) == [
                .none, .reload, .reconfigure, .none, .none, .none, .none, .reload, .reconfigure, .none,
            ])
    }
}
