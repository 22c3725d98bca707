/// Seeded random sectioned list pairs for property tests of the sectioned diff and its stages:
/// small alphabets (so identities repeat), empty sections, deleted, inserted and moved sections,
/// elements moving across sections and into inserted ones, all-deleted and all-inserted sides,
/// and no sections at all.
public enum RandomSections {
    /// One section: its identity and its elements' identities.
    public struct Section: Equatable, Sendable {
        /// The section's identity.
        public var identity: UInt64
        /// Its elements' identities, in order.
        public var elements: [UInt64]

        /// A section of `identity` holding `elements`.
        public init(identity: UInt64, elements: [UInt64]) {
            self.identity = identity
            self.elements = elements
        }
    }

    /// One source/target pair; `seed` alone determines it.
    public static func pair(seed: UInt64, maximumSections: Int = 6, maximumElements: Int = 7)
        -> (source: [Section], target: [Section])
    {
        var random = SplitMix64(seed: seed)
        let sectionAlphabet = 1 + random.bounded(maximumSections + 1)
        let elementAlphabet = 1 + random.bounded(3 * maximumElements)
        func randomSections(_ random: inout SplitMix64) -> [Section] {
            (0..<random.bounded(maximumSections + 1)).map { _ in
                Section(
                    identity: UInt64(random.bounded(sectionAlphabet)),
                    elements: (0..<random.bounded(maximumElements + 1)).map { _ in UInt64(random.bounded(elementAlphabet)) })
            }
        }
        var source = randomSections(&random)
        let target: [Section]
        switch random.bounded(8) {
        case 0:
            target = randomSections(&random)
        case 1:
            target = []  // every section deleted
        case 2:
            target = source
            source = []  // every section inserted
        case 3:
            // The same sections, their elements dealt out anew: elements move across sections.
            var pool = RandomLists.shuffled(source.flatMap(\.elements), &random)
            target = source.map { section in
                let count = min(pool.count, random.bounded(maximumElements + 1))
                defer { pool.removeFirst(count) }
                return Section(identity: section.identity, elements: Array(pool.prefix(count)))
            }
        case 4:
            target = source.reversed().map { Section(identity: $0.identity, elements: $0.elements.reversed()) }
        default:
            target = edited(source, sectionAlphabet: sectionAlphabet, elementAlphabet: elementAlphabet, &random)
        }
        return (source, target)
    }

    /// Deletes, moves and inserts sections, then deletes, inserts and moves elements, some of
    /// them across sections and into inserted ones, like a real update of a sectioned list.
    public static func edited(
        _ sections: [Section], sectionAlphabet: Int, elementAlphabet: Int, _ random: inout SplitMix64
    ) -> [Section] {
        var result = sections
        for _ in 0..<random.bounded(result.count / 2 + 1) where !result.isEmpty {
            result.remove(at: random.bounded(result.count))
        }
        for _ in 0..<random.bounded(result.count / 2 + 1) where !result.isEmpty {
            let section = result.remove(at: random.bounded(result.count))
            result.insert(section, at: random.bounded(result.count + 1))
        }
        for _ in 0..<random.bounded(3) {
            let elements = (0..<random.bounded(4)).map { _ in UInt64(random.bounded(elementAlphabet + 2)) }
            result.insert(
                Section(identity: UInt64(random.bounded(sectionAlphabet + 2)), elements: elements),
                at: random.bounded(result.count + 1))
        }
        guard !result.isEmpty else { return result }
        let total = result.reduce(0) { $0 + $1.elements.count }
        for _ in 0..<random.bounded(total / 3 + 1) {
            let s = random.bounded(result.count)
            if !result[s].elements.isEmpty { result[s].elements.remove(at: random.bounded(result[s].elements.count)) }
        }
        for _ in 0..<random.bounded(total / 3 + 2) {
            let s = random.bounded(result.count)
            result[s].elements.insert(
                UInt64(random.bounded(elementAlphabet + 3)), at: random.bounded(result[s].elements.count + 1))
        }
        for _ in 0..<random.bounded(total / 2 + 1) {
            let from = random.bounded(result.count), to = random.bounded(result.count)
            guard !result[from].elements.isEmpty else { continue }
            let element = result[from].elements.remove(at: random.bounded(result[from].elements.count))
            result[to].elements.insert(element, at: random.bounded(result[to].elements.count + 1))
        }
        return result
    }
}
