import Foundation
import TestSupport
import Testing

@testable import ListDelta

/// An identifier whose hash is the same for every value: every hashed identity collides.
struct CollidingIdentifier: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) {}
}

/// An identifier whose hash is shared by pairs of values: 2k and 2k + 1.
struct PairedIdentifier: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value / 2) }
}

struct PairedItem: Differentiable, Equatable {
    var value: Int
    var differenceIdentifier: PairedIdentifier { PairedIdentifier(value: value) }
    func isContentEqual(to source: PairedItem) -> Bool { true }
}

func randomUUIDBytes(_ random: inout SplitMix64) -> uuid_t {
    let (first, second) = (random.next(), random.next())
    return withUnsafeBytes(of: (first, second)) { bytes in bytes.load(as: uuid_t.self) }
}

struct CollidingItem: Differentiable, Equatable {
    var value: Int
    var differenceIdentifier: CollidingIdentifier { CollidingIdentifier(value: value) }
    func isContentEqual(to source: CollidingItem) -> Bool { true }
}

/// A lawful identifier with a weak hash: `buckets` hash values shared by all its values.
struct FewHashesIdentifier: Hashable {
    var value: Int
    var buckets: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value % buckets) }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

/// An item whose identifier hashes weakly but lawfully, with content that may change.
struct WeakHashItem: Differentiable, Equatable {
    var value: Int
    var content = 0
    var buckets: Int
    var differenceIdentifier: FewHashesIdentifier { FewHashesIdentifier(value: value, buckets: buckets) }
    func isContentEqual(to source: WeakHashItem) -> Bool { content == source.content }
}

/// An identifier whose `==` breaks one law: `unequalToItself` values are not equal to
/// themselves (as `Double.nan`), and `lopsided` ones equal their successor one way only.
struct UnlawfulIdentifier: Hashable {
    enum Law { case reflexivity, symmetry }
    var value: Int
    var broken: Law
    func hash(into hasher: inout Hasher) {}
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs.broken {
        case .reflexivity: lhs.value == rhs.value && lhs.value % 7 != 3
        case .symmetry: lhs.value == rhs.value || lhs.value + 1 == rhs.value
        }
    }
}

struct UnlawfulItem: Differentiable, Equatable {
    var value: Int
    var broken: UnlawfulIdentifier.Law
    var differenceIdentifier: UnlawfulIdentifier { UnlawfulIdentifier(value: value, broken: broken) }
    func isContentEqual(to source: UnlawfulItem) -> Bool { true }
}

/// An identifier that breaks `Hashable`'s contract: one hash for all, and an `==` that answers
/// at random (from a seeded generator, so a failure replays).
struct LawlessIdentifier: Hashable {
    nonisolated(unsafe) static var random = SplitMix64(seed: 5)
    static let lock = NSLock()
    var value: Int
    func hash(into hasher: inout Hasher) {}
    static func == (lhs: LawlessIdentifier, rhs: LawlessIdentifier) -> Bool {
        lock.withLock { random.bounded(2) == 0 }
    }
}

struct LawlessItem: Differentiable, Equatable {
    var value: Int
    var differenceIdentifier: LawlessIdentifier { LawlessIdentifier(value: value) }
    func isContentEqual(to source: LawlessItem) -> Bool { value == source.value }
}

@Suite struct IdentityTests {
    @Test func identifiersBreakingHashableGiveValidStagesInsteadOfATrap() {
        for count in [10, 200, 3_000] {
            let source = (0..<count).map(LawlessItem.init), target = (count / 2..<count * 2).reversed().map(LawlessItem.init)
            let staged = StagedChangeset(source: source, target: target)
            expectValidStages(staged, from: source, to: target, "lawless identifiers, \(count)")
            let sections = [
                ArraySection(model: LawlessItem(value: 0), elements: source),
                ArraySection(model: LawlessItem(value: 1), elements: target),
            ]
            let sectionTarget = Array(sections.reversed())
            let sectioned = StagedChangeset(source: sections, target: sectionTarget)
            #expect((try? sectioned.apply(to: sections)) == sectionTarget)
        }
    }

    @Test func collidingIdentitiesNeverPairDifferentElements() throws {
        let source = (0..<40).map(CollidingItem.init), target = (20..<60).reversed().map(CollidingItem.init)
        let staged = StagedChangeset(source: source, target: target)
        expectValidStages(staged, from: source, to: target, "colliding")
        // 20 common values survive: exactly 20 deletes and 20 inserts.
        #expect(staged.reduce(0) { $0 + $1.elementDeleted.count } == 20)
        #expect(staged.reduce(0) { $0 + $1.elementInserted.count } == 20)
    }

    /// A `Hashable` with a constant hash, or one spreading 20,000 values over five hash values,
    /// is lawful: it gets the same minimal changesets as integer identifiers, updates included,
    /// for either algorithm.
    @Test(arguments: [(2_000, 1), (20_000, 5)])
    func lawfulIdentifiersWithWeakHashesGetTheExactDiff(count: Int, buckets: Int) throws {
        var random = SplitMix64(seed: UInt64(count + buckets))
        let source = (0..<count).map { Item(id: $0) }
        // 10% deleted, 10% inserted, 1% moved, 10% of the rest edited.
        var target = source.filter { _ in random.bounded(10) != 0 }
        for id in count..<count + count / 10 { target.insert(Item(id: id), at: random.bounded(target.count + 1)) }
        for _ in 0..<count / 100 {
            target.insert(target.remove(at: random.bounded(target.count)), at: random.bounded(target.count))
        }
        for index in target.indices where random.bounded(10) == 0 { target[index].content = 1 }
        func weak(_ items: [Item]) -> [WeakHashItem] {
            items.map { WeakHashItem(value: $0.id, content: $0.content, buckets: buckets) }
        }
        for algorithm in [DiffAlgorithm.heckel, .longestCommonSubsequence()] {
            let exact = try StagedChangeset(source: source, target: target, algorithm: algorithm)
            let weakSource = weak(source), weakTarget = weak(target)
            let staged = try StagedChangeset(source: weakSource, target: weakTarget, algorithm: algorithm)
            expectValidStages(staged, from: weakSource, to: weakTarget, "\(buckets) hash values, \(algorithm)")
            #expect(staged.map(\.elementDeleted) == exact.map(\.elementDeleted), "\(algorithm)")
            #expect(staged.map(\.elementInserted) == exact.map(\.elementInserted), "\(algorithm)")
            #expect(staged.map(\.elementUpdated) == exact.map(\.elementUpdated), "\(algorithm)")
            #expect(staged.map(\.elementMoved.count) == exact.map(\.elementMoved.count), "\(algorithm)")
            #expect(exact.reduce(0) { $0 + $1.elementUpdated.count } > 0)
        }
    }

    /// The exact diff of a weak hash keeps the LCS's edit budget.
    @Test func weakHashesKeepTheEditBudget() {
        let source = (0..<2_000).map { WeakHashItem(value: $0, buckets: 1) }
        let target = Array(source.dropFirst(100)) + (5_000..<5_100).map { WeakHashItem(value: $0, buckets: 1) }
        #expect(throws: ListDeltaError.editBudgetExceeded(budget: 150)) {
            try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence(editBudget: 150))
        }
        #expect(throws: Never.self) {
            try StagedChangeset(source: source, target: target, algorithm: .longestCommonSubsequence(editBudget: 200))
        }
    }

    /// Only an `==` seen to break its laws replaces the list, still as valid batches.
    @Test(arguments: [UnlawfulIdentifier.Law.reflexivity, .symmetry])
    func identifiersBreakingEqualityReplaceTheList(law: UnlawfulIdentifier.Law) {
        let source = (0..<300).map { UnlawfulItem(value: $0, broken: law) }
        let target = (50..<350).reversed().map { UnlawfulItem(value: $0, broken: law) }
        let staged = StagedChangeset(source: source, target: target)
        expectValidStages(staged, from: source, to: target, "unlawful ==, \(law)")
        #expect(staged.reduce(0) { $0 + $1.elementDeleted.count } == source.count)
        #expect(staged.reduce(0) { $0 + $1.elementInserted.count } == target.count)
    }

    @Test func stringUUIDAndDataIdentifiersMatchByValue() {
        var random = SplitMix64(seed: 17)
        let strings = (0..<200).map { "item-\($0)" }
        let shuffledStrings = Array(strings.dropFirst(10).reversed()) + ["new"]
        expectValidStages(
            StagedChangeset(source: strings, target: shuffledStrings), from: strings, to: shuffledStrings, "strings")

        let uuids = (0..<51).map { _ in UUID(uuid: randomUUIDBytes(&random)) }
        let uuidTarget = Array(uuids.prefix(50).shuffled(using: &random).prefix(40)) + [uuids[50]]
        let uuidSource = Array(uuids.prefix(50))
        let uuidStages = StagedChangeset(source: uuidSource, target: uuidTarget)
        expectValidStages(uuidStages, from: uuidSource, to: uuidTarget, "uuids")
        #expect(uuidStages.reduce(0) { $0 + $1.elementInserted.count } == 1)

        let data = (0..<50).map { Data("blob \($0)".utf8) }
        let dataTarget = Array(data.suffix(30)) + [Data()]
        expectValidStages(StagedChangeset(source: data, target: dataTarget), from: data, to: dataTarget, "data")
    }

    /// Swift keeps a string of up to 15 UTF-8 bytes inline, or in a heap buffer when it was
    /// built with room to grow; identities read from the inline words must equal those read
    /// from the bytes, at every length around that limit.
    @Test func inlineAndHeapStringsMatchAsOneIdentifier() {
        var random = SplitMix64(seed: 23)
        let inline = (0..<600).map { index in
            String(decoding: (0..<index % 21).map { _ in UInt8(32 + random.bounded(95)) }, as: UTF8.self)
        }
        let onHeap = inline.map { string in
            var copy = String()
            copy.reserveCapacity(64)
            copy.append(string)
            return copy
        }
        #expect(inline.filter { isInline($0) }.count > 400 && onHeap.allSatisfy { !isInline($0) })
        let source = Array(Set(inline)).sorted(), target = Array(Set(onHeap)).sorted().reversed() + ["new"]
        let staged = StagedChangeset(source: source, target: target)
        expectValidStages(staged, from: source, to: target, "inline against heap")
        #expect(staged.reduce(0) { $0 + $1.elementDeleted.count } == 0)
        #expect(staged.reduce(0) { $0 + $1.elementInserted.count } == 1)
    }

    /// String identities read from a small string's words rely on the standard library's
    /// private layout: checked once per process, and a layout that disagrees sends every
    /// string through its bytes.
    @Test func smallStringWordsAreTrustedOnlyWhereTheyAgreeWithTheBytes() {
        #if arch(x86_64) || arch(arm64)
            #expect(smallStringLayoutIsKnown, "this runtime's layout is the one assumed")
        #endif
        func actual(_ string: String) -> (low: UInt64, high: UInt64) { unsafeBitCast(string, to: (UInt64, UInt64).self) }
        #expect(!stringWordsAgreeWithBytes { (actual($0).low ^ 1, actual($0).high) })
        #expect(!stringWordsAgreeWithBytes { (actual($0).high, actual($0).low) })
        #expect(!stringWordsAgreeWithBytes { _ in (0, 0xE << 60) })
    }

    /// A numbering that saw `==` break its laws keeps its identifiers in step with the core's
    /// numbers, so a caller that went on would still get exact numbers.
    @Test func aNumberingStaysInStepAfterAnUnlawfulIdentifier() throws {
        let numbering = try IdentifierNumbering<UnlawfulIdentifier>(elementCount: 4, cancellation: nil)
        let lawful = { UnlawfulIdentifier(value: $0, broken: .reflexivity) }
        #expect(try numbering.number(lawful(1)) == 0)
        #expect(throws: IdentifiersUnlawful.self) { try numbering.number(lawful(3)) }  // 3 != 3
        #expect(try numbering.number(lawful(2)) == 1)
        #expect(try numbering.number(lawful(1)) == 0 && numbering.number(lawful(2)) == 1)
    }

    @Test func distinctIdentifiersWithEqualHashesNeverMatch() {
        // 2k and 2k + 1 hash alike, so half the matches the core proposes are false: every one
        // must be caught, leaving exactly the common identifiers matched. Several stretches of
        // 4,096 elements, so that numbering them must go through every stretch.
        let source = (0..<10_000).map(PairedItem.init), target = (5_000..<15_000).reversed().map(PairedItem.init)
        let staged = StagedChangeset(source: source, target: target)
        expectValidStages(staged, from: source, to: target, "paired hashes")
        #expect(staged.reduce(0) { $0 + $1.elementDeleted.count } == 5_000)
        #expect(staged.reduce(0) { $0 + $1.elementInserted.count } == 5_000)
    }

    @Test(arguments: [
        ("caf\u{E9}", "cafe\u{301}"),  // precomposed against combining accent
        ("\u{C5}ngstr\u{F6}m", "\u{212B}ngstro\u{308}m"),  // ANGSTROM SIGN decomposes to Å
        ("Kelvin", "\u{212A}elvin"),  // KELVIN SIGN is canonically "K": non-ASCII against ASCII
        ("a;b`c", "a\u{37E}b\u{1FEF}c"),  // GREEK QUESTION MARK and GREEK VARIA
    ])
    func canonicallyEquivalentStringsAreOneIdentifier(_ composed: String, _ decomposed: String) {
        #expect(composed == decomposed)
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let source = [composed, "b", "c"], target = ["b", "c", decomposed]
        let staged = StagedChangeset(source: source, target: target)
        expectValidStages(staged, from: source, to: target, "normalization")
        #expect(staged.reduce(0) { $0 + $1.elementDeleted.count + $1.elementInserted.count } == 0)
        #expect(staged.reduce(0) { $0 + $1.elementMoved.count } == 1)
    }
}

/// Whether Swift stores `string` inline (a small string) on this 64-bit platform.
private func isInline(_ string: String) -> Bool {
    unsafeBitCast(string, to: (UInt64, UInt64).self).1 >> 61 & 1 == 1
}
