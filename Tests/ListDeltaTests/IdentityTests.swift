import Foundation
import ListDelta
import Testing

/// An identifier whose hash is the same for every value: every hashed identity collides.
struct CollidingIdentifier: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) {}
}

struct CollidingItem: Differentiable, Equatable {
    var value: Int
    var differenceIdentifier: CollidingIdentifier { CollidingIdentifier(value: value) }
    func isContentEqual(to source: CollidingItem) -> Bool { true }
}

@Suite struct IdentityTests {
    @Test func collidingIdentitiesNeverPairDifferentElements() throws {
        let source = (0..<40).map(CollidingItem.init), target = (20..<60).reversed().map(CollidingItem.init)
        let staged = StagedChangeset(source: source, target: target)
        expectValidStages(staged, from: source, to: target, "colliding")
        // 20 common values survive: exactly 20 deletes and 20 inserts.
        #expect(staged.reduce(0) { $0 + $1.elementDeleted.count } == 20)
        #expect(staged.reduce(0) { $0 + $1.elementInserted.count } == 20)
    }

    @Test func stringUUIDAndDataIdentifiersMatchByValue() {
        let strings = (0..<200).map { "item-\($0)" }
        let shuffledStrings = Array(strings.dropFirst(10).reversed()) + ["new"]
        expectValidStages(StagedChangeset(source: strings, target: shuffledStrings), from: strings, to: shuffledStrings, "strings")

        let uuids = (0..<50).map { _ in UUID() }
        let uuidTarget = Array(uuids.shuffled().prefix(40)) + [UUID()]
        expectValidStages(StagedChangeset(source: uuids, target: uuidTarget), from: uuids, to: uuidTarget, "uuids")

        let data = (0..<50).map { Data("blob \($0)".utf8) }
        let dataTarget = Array(data.suffix(30)) + [Data()]
        expectValidStages(StagedChangeset(source: data, target: dataTarget), from: data, to: dataTarget, "data")
    }

    @Test func equalHashesOfDistinctStringsStayApart() {
        // Different strings never share an identity in practice; the verification path is
        // exercised by CollidingIdentifier, and this checks no false match slips through here.
        let source = (0..<10_000).map { "k\($0)" }, target = (5_000..<15_000).map { "k\($0)" }
        let staged = StagedChangeset(source: source, target: target)
        #expect(staged.reduce(0) { $0 + $1.elementDeleted.count } == 5_000)
        #expect(staged.last?.data == target)
    }

    @Test(arguments: [
        ("caf\u{E9}", "cafe\u{301}"),   // precomposed against combining accent
        ("\u{C5}ngstr\u{F6}m", "\u{212B}ngstro\u{308}m"),  // ANGSTROM SIGN decomposes to Å
        ("Kelvin", "\u{212A}elvin"),    // KELVIN SIGN is canonically "K": non-ASCII against ASCII
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
