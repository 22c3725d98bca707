/// A flat benchmark input: source and target lists of integer identities.
public struct FlatWorkload: Sendable {
    /// The workload's name in reports, such as `W100k`.
    public let name: String
    /// The list before the update.
    public let source: [Int]
    /// The list after it.
    public let target: [Int]
    /// The generator's moved count: an upper bound on the minimal number of moves.
    public let generatedMoves: Int
    /// Deletes plus inserts of the generated edit script (a move is one of each): an upper
    /// bound on the edit distance that LCS searches grow with.
    public let generatedEdits: Int

    /// `flat(n, del, ins, mov)`, as Benchmarks/README.md describes it.
    public static func flat(
        name: String, count: Int, deletes: Int, inserts: Int, moves: Int,
        seed: UInt64 = 42
    ) -> FlatWorkload {
        var random = SpecRandom(seed: seed)
        let source = Array(0..<count)
        var deleted = [Bool](repeating: false, count: count)
        for index in random.chooseDistinct(deletes, from: count) {
            deleted[index] = true
        }
        let survivors = source.filter { !deleted[$0] }
        let afterInsert = random.insertAtRandomGaps(survivors, Array(count..<(count + inserts)))
        let moved = random.chooseDistinct(moves, from: survivors.count).map { survivors[$0] }
        var isMoved = [Bool](repeating: false, count: count)
        for element in moved {
            isMoved[element] = true
        }
        let rest = afterInsert.filter { $0 >= count || !isMoved[$0] }
        let target = random.insertAtRandomGaps(rest, moved)
        return FlatWorkload(
            name: name, source: source, target: target, generatedMoves: moves,
            generatedEdits: deletes + inserts + 2 * moves)
    }

    /// `0..<count` against its reverse: every element but one must move.
    public static func reversed(name: String, count: Int) -> FlatWorkload {
        FlatWorkload(
            name: name, source: Array(0..<count), target: (0..<count).reversed(),
            generatedMoves: count - 1, generatedEdits: 2 * (count - 1))
    }

    /// `flat(5,000, 1,000, 1,000, 200)`: a screen-sized update.
    public static let w5k = flat(name: "W5k", count: 5_000, deletes: 1_000, inserts: 1_000, moves: 200)
    /// `flat(100,000, 10,000, 10,000, 2,000)`: a large feed.
    public static func w100k() -> FlatWorkload {
        flat(name: "W100k", count: 100_000, deletes: 10_000, inserts: 10_000, moves: 2_000)
    }
    /// `flat(1,000,000, 100,000, 100,000, 20,000)`: scale.
    public static func w1m() -> FlatWorkload {
        flat(name: "W1M", count: 1_000_000, deletes: 100_000, inserts: 100_000, moves: 20_000)
    }
    /// `flat(10,000,000, 1,000,000, 1,000,000, 200,000)`: the ceiling.
    public static func w10m() -> FlatWorkload {
        flat(name: "W10M", count: 10_000_000, deletes: 1_000_000, inserts: 1_000_000, moves: 200_000)
    }
    /// `flat(100, 10, 10, 2)`: a short list, where a diff's fixed costs show.
    public static let w100 = flat(name: "W100", count: 100, deletes: 10, inserts: 10, moves: 2)
    /// `flat(1,000, 100, 100, 20)`: a long screen.
    public static let w1k = flat(name: "W1k", count: 1_000, deletes: 100, inserts: 100, moves: 20)
    /// `Wrev100k`: 100,000 elements against their reverse.
    public static func wrev100k() -> FlatWorkload { reversed(name: "Wrev100k", count: 100_000) }

    /// `Wshuffle10k`: `0..<10,000` against a shuffle of it (the Fisher–Yates steps that
    /// choose 10,000 distinct indices of 10,000), where an LCS keeps about 2·√n elements.
    public static func wshuffle10k() -> FlatWorkload {
        var random = SpecRandom()
        return FlatWorkload(
            name: "Wshuffle10k", source: Array(0..<10_000), target: random.chooseDistinct(10_000, from: 10_000),
            generatedMoves: 9_999, generatedEdits: 2 * 9_999)
    }
    /// `flat(100,000, 500, 500, 0)`: a large list with 1% edits.
    public static func wedit100k() -> FlatWorkload {
        flat(name: "Wedit100k", count: 100_000, deletes: 500, inserts: 500, moves: 0)
    }
    /// `Wdisjoint10k`: `0..<10,000` against `10,000..<20,000`: nothing in common.
    public static func wdisjoint10k() -> FlatWorkload {
        FlatWorkload(
            name: "Wdisjoint10k", source: Array(0..<10_000), target: Array(10_000..<20_000), generatedMoves: 0,
            generatedEdits: 20_000)
    }

    /// A list of `count` elements edited in the proportions of W100k (10% deleted, 10%
    /// inserted, 2% moved): the size sweep of the chart.
    public static func scaled(count: Int, seed: UInt64 = 42) -> FlatWorkload {
        flat(
            name: "flat(\(count))", count: count, deletes: count / 10, inserts: count / 10,
            moves: count / 50, seed: seed)
    }
}

/// The sectioned benchmark input `Wsect`: sections of integer items, each with a model.
public struct SectionedWorkload: Sendable {
    /// One section: a model and its items.
    public struct Section: Sendable, Equatable {
        /// The section's model, its identity.
        public var model: Int
        /// The section's items, in order.
        public var items: [Int]
    }

    /// The workload's name in reports.
    public let name: String
    /// The sections before the update.
    public let source: [Section]
    /// The sections after it.
    public let target: [Section]

    /// `Wsect`: 1,000 sections of 100 items, edited as Benchmarks/README.md describes.
    public static func wsect(seed: UInt64 = 42) -> SectionedWorkload {
        sectioned(
            name: "Wsect", sections: 1_000, itemsPerSection: 100, deletedSections: 20, deletedItems: 10_000,
            movedItems: 5_000, insertedItems: 10_000, insertedSections: 20, seed: seed)
    }

    /// `Wscreen`: a sectioned screen, 20 sections of 25 items edited by Wsect's procedure.
    public static let wscreen = sectioned(
        name: "Wscreen", sections: 20, itemsPerSection: 25, deletedSections: 1, deletedItems: 25, movedItems: 10,
        insertedItems: 25, insertedSections: 1)

    /// Wsect's procedure with these counts: `sections` sections of `itemsPerSection` items
    /// (section `s` has model `s` and items `s · itemsPerSection ..<`), then deletes, moves
    /// across sections, inserted items (numbered on from the last item) and inserted sections
    /// (models numbered on from `sections`, each with `itemsPerSection` new items).
    public static func sectioned(
        name: String, sections sectionCount: Int, itemsPerSection: Int, deletedSections: Int, deletedItems: Int,
        movedItems: Int, insertedItems: Int, insertedSections: Int, seed: UInt64 = 42
    ) -> SectionedWorkload {
        var random = SpecRandom(seed: seed)
        let source = (0..<sectionCount).map { s in
            Section(model: s, items: Array((s * itemsPerSection)..<(s * itemsPerSection + itemsPerSection)))
        }
        var sections = source

        var deletedSection = [Bool](repeating: false, count: sections.count)
        for index in random.chooseDistinct(deletedSections, from: sections.count) {
            deletedSection[index] = true
        }
        sections = sections.indices.filter { !deletedSection[$0] }.map { sections[$0] }

        let flat = flatten(sections)
        var deletedItem = [Bool](repeating: false, count: flat.count)
        for index in random.chooseDistinct(deletedItems, from: flat.count) {
            deletedItem[index] = true
        }
        sections = rebuild(sections, from: flat) { !deletedItem[$0] }

        let survivors = flatten(sections)
        let picked = random.chooseDistinct(movedItems, from: survivors.count)
        var isPicked = [Bool](repeating: false, count: survivors.count)
        for index in picked {
            isPicked[index] = true
        }
        sections = rebuild(sections, from: survivors) { !isPicked[$0] }
        for index in picked {
            let (home, item) = survivors[index]
            var destination = random.bounded(sections.count - 1)
            if destination >= home { destination += 1 }
            sections[destination].items.insert(item, at: random.bounded(sections[destination].items.count + 1))
        }

        var nextItem = sectionCount * itemsPerSection
        for item in nextItem..<(nextItem + insertedItems) {
            let destination = random.bounded(sections.count)
            sections[destination].items.insert(item, at: random.bounded(sections[destination].items.count + 1))
        }
        nextItem += insertedItems
        for j in 0..<insertedSections {
            let section = Section(model: sectionCount + j, items: Array(nextItem..<(nextItem + itemsPerSection)))
            nextItem += itemsPerSection
            sections.insert(section, at: random.bounded(sections.count + 1))
        }
        return SectionedWorkload(name: name, source: source, target: sections)
    }

    /// Every item with the position of its section, in order.
    private static func flatten(_ sections: [Section]) -> [(section: Int, item: Int)] {
        sections.enumerated().flatMap { position, section in section.items.map { (position, $0) } }
    }

    /// `sections` with only the items of `flat` whose flat index passes `keep`.
    private static func rebuild(
        _ sections: [Section], from flat: [(section: Int, item: Int)],
        keeping keep: (Int) -> Bool
    ) -> [Section] {
        var result = sections.map { Section(model: $0.model, items: []) }
        for (index, entry) in flat.enumerated() where keep(index) {
            result[entry.section].items.append(entry.item)
        }
        return result
    }
}
