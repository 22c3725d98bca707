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

        for headers in [false, true] {
            let sourceRows = differ.rows(sourceSnapshot, headers), targetRows = differ.rows(targetSnapshot, headers)
            let rows = differ.stageRows(sourceRows, targetRows, keying)
            #expect(try rows.apply(to: sourceRows).map { $0.element?.item } == targetRows.map { $0.element?.item })
        }
    }

    @Test func rowsAreTheSectionsItemsWithASectionReloadOnEachOfItsRows() {
        var marked = snapshot(Array(0..<10))
        marked.reloadItems([1, 7])
        marked.reconfigureItems([2, 8])
        marked.reloadSections([1])
        let rows = Differ.specialized.rows(marked, false)
        #expect(rows.map { $0.element?.item } == Array(0..<10) && rows.allSatisfy { $0.element?.key == -1 })
        let refreshes: [DiffableRefresh] = [.none, .reload, .reconfigure, .none, .none] + Array(repeating: .reload, count: 5)
        #expect(rows.map(\.refresh) == refreshes)
        // With header rows: each section's header first, reloaded with its section.
        let withHeaders = Differ.specialized.rows(marked, true)
        #expect(
            withHeaders.map { $0.header?.identifier } == [0] + Array(repeating: nil, count: 5) + [1]
                + Array(repeating: nil, count: 5))
        #expect(withHeaders.map(\.refresh) == [.none] + refreshes[0..<5] + [.reload] + refreshes[5...])
        let sections = Differ.specialized.sections(marked)
        #expect(sections.map(\.model.reloads) == [false, true])
        #expect(
            sections.flatMap(\.elements).map(\.refresh) == [
                .none, .reload, .reconfigure, .none, .none, .none, .none, .reload, .reconfigure, .none,
            ])
    }
}
