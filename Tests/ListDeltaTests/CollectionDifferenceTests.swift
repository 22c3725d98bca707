import ListDelta
import TestSupport
import Testing

/// A value whose hash is the same for every value: every identity collides.
struct ConstantHash: Hashable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) {}
    var description: String { "\(value)" }
}

/// A value whose hash is one of three: values a multiple of 3 apart collide.
struct BucketedHash: Hashable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
    var description: String { "\(value)" }
}

/// `CollectionDifference(source:target:)` keeps the guarantees of `target.difference(from: source)`:
/// as many removals and insertions, offsets and elements as `CollectionDifference` requires, no
/// association before `inferringMoves()`, and a difference that applies to the source.
@Suite struct CollectionDifferenceTests {
    /// Checks the difference ListDelta computes from `source` to `target` against the standard
    /// library's, saying `context` (the seed) on failure.
    func expectLikeStandardLibrary<Element: Hashable>(
        _ source: [Element], _ target: [Element], _ context: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let difference = CollectionDifference(source: source, target: target)
        let standard = target.difference(from: source)
        func fail(_ what: String) {
            Issue.record("\(what)\n\(context())\nsource \(source)\ntarget \(target)", sourceLocation: sourceLocation)
        }
        if difference.removals.count != standard.removals.count || difference.insertions.count != standard.insertions.count {
            fail(
                "\(difference.removals.count) removals and \(difference.insertions.count) insertions where the standard "
                    + "library has \(standard.removals.count) and \(standard.insertions.count)")
        }
        var lastRemoval = -1
        for case let .remove(offset, element, associatedWith) in difference.removals {
            if offset <= lastRemoval || offset >= source.count || element != source[offset] || associatedWith != nil {
                fail("removal \(offset) of \(element) (associated with \(String(describing: associatedWith)))")
            }
            lastRemoval = offset
        }
        var lastInsertion = -1
        for case let .insert(offset, element, associatedWith) in difference.insertions {
            if offset <= lastInsertion || offset >= target.count || element != target[offset] || associatedWith != nil {
                fail("insertion \(offset) of \(element) (associated with \(String(describing: associatedWith)))")
            }
            lastInsertion = offset
        }
        if source.applying(difference) != target { fail("applying the difference does not give the target") }
        let moves = difference.inferringMoves()
        if source.applying(moves) != target { fail("applying inferringMoves() does not give the target") }
        if moves.count != difference.count { fail("inferringMoves() changed the number of changes") }
    }

    @Test func matchesTheStandardLibraryOnRandomLists() {
        // Duplicates, small alphabets, empty sides, shuffled and reversed lists (RandomLists).
        for seed in UInt64(1)...4_000 {
            let (source, target) = RandomLists.pair(seed: seed, maximumCount: seed <= 3_000 ? 40 : 300)
            expectLikeStandardLibrary(source, target, "seed \(seed)")
        }
    }

    @Test func matchesTheStandardLibraryOnStrings() {
        for seed in UInt64(1)...500 {
            let (source, target) = RandomLists.pair(seed: seed)
            expectLikeStandardLibrary(source.map { "item-\($0)" }, target.map { "item-\($0)" }, "seed \(seed)")
        }
        // `==` on strings is canonical equivalence: "é" composed or decomposed is one element.
        expectLikeStandardLibrary(["caf\u{E9}", "K", "x"], ["x", "cafe\u{301}", "\u{212A}"], "canonical equivalence")
        #expect(CollectionDifference(source: ["caf\u{E9}"], target: ["cafe\u{301}"]).isEmpty)
    }

    @Test func matchesTheStandardLibraryOnLongerLists() {
        var random = SplitMix64(seed: 7)
        for round in 0..<20 {
            let count = 500 + random.bounded(1_500)
            let source = (0..<count).map { _ in random.bounded(count / (1 + round % 4)) }
            var target = source
            for _ in 0..<random.bounded(count / 50 + 1) { target.remove(at: random.bounded(target.count)) }
            for _ in 0..<random.bounded(count / 50 + 1) {
                target.insert(random.bounded(2 * count), at: random.bounded(target.count + 1))
            }
            if round % 5 == 0 { target.shuffle(using: &random) }
            expectLikeStandardLibrary(source, target, "round \(round) from seed 7")
        }
    }

    @Test func poorHashesStillGetTheExactAnswer() {
        for seed in UInt64(1)...600 {
            let (source, target) = RandomLists.pair(seed: seed, maximumCount: 60)
            expectLikeStandardLibrary(
                source.map { ConstantHash(value: Int($0)) }, target.map { ConstantHash(value: Int($0)) },
                "constant hash, seed \(seed)")
            expectLikeStandardLibrary(
                source.map { BucketedHash(value: Int($0)) }, target.map { BucketedHash(value: Int($0)) },
                "three hashes, seed \(seed)")
        }
        // Long enough that every collision-free attempt would pair different elements.
        let source = (0..<400).map(ConstantHash.init), target = (200..<600).map(ConstantHash.init)
        expectLikeStandardLibrary(source, target, "constant hash, 400 against 400 sharing 200")
    }

    @Test func emptyAndDuplicateLists() {
        let empty: [Int] = []
        #expect(CollectionDifference(source: empty, target: empty).isEmpty)
        expectLikeStandardLibrary(empty, [1, 1, 2], "from empty")
        expectLikeStandardLibrary([1, 1, 2], empty, "to empty")
        expectLikeStandardLibrary([1, 1, 1], [1, 1], "a duplicate removed")
        expectLikeStandardLibrary([3, 3, 1, 3], [1, 3, 3, 3, 1], "duplicates reordered")
        let difference = CollectionDifference(source: [7, 7, 8], target: [8, 7, 7])
        #expect(difference.removals.count == 1 && difference.insertions.count == 1)
    }

    /// An `==` that breaks its laws leaves ListDelta no match to trust: the answer is the
    /// standard library's own.
    @Test func unlawfulEqualityGetsTheStandardLibrarysAnswer() {
        struct Unlawful: Hashable {
            var value: Int
            func hash(into hasher: inout Hasher) {}
            static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value && lhs.value % 7 != 3 }
        }
        // Compared by value: two copies of a change of a value unequal to itself are unequal.
        func values(_ difference: CollectionDifference<Unlawful>) -> [String] {
            difference.map { change in
                switch change {
                case let .remove(offset, element, _): "-\(offset):\(element.value)"
                case let .insert(offset, element, _): "+\(offset):\(element.value)"
                }
            }
        }
        let source = (0..<100).map(Unlawful.init), target = (50..<150).reversed().map(Unlawful.init)
        #expect(values(CollectionDifference(source: source, target: target)) == values(target.difference(from: source)))
    }

    /// The initialiser is new API beside the standard library's: `difference(from:)` and
    /// `CollectionDifference(_:)` keep their meaning, even for elements that are `Differentiable`
    /// (this module declares `Int` so), and `StagedChangeset(source:target:)` its own.
    @Test func existingCallsKeepTheirMeaning() {
        let source = [0, 1, 2], target = [2, 1, 0]
        let standard: CollectionDifference<Int> = target.difference(from: source)
        let byEquivalence = target.difference(from: source, by: ==)
        #expect(standard == byEquivalence)
        let rebuilt: CollectionDifference<Int>? = CollectionDifference(Array(standard))
        #expect(rebuilt == standard)
        let staged: ([Int], [Int]) -> StagedChangeset<[Int]> = StagedChangeset.init(source:target:)
        let differenceOf: ([Int], [Int]) -> CollectionDifference<Int> = CollectionDifference.init(source:target:)
        #expect(staged(source, target).count > 0 && differenceOf(source, target).count == standard.count)
        // Where several subsequences are as long, ListDelta's and the standard library's may
        // keep different ones: a call of `difference(from:)` still returns the standard library's.
        let differing = (UInt64(1)...500).contains { seed in
            let (source, target) = RandomLists.pair(seed: seed)
            return CollectionDifference(source: source, target: target) != target.difference(from: source)
        }
        #expect(differing)
    }
}
