import CListDelta
import CListDeltaChecks
import Foundation
import TestSupport
import Testing

/// Identities crafted against the slot function a fixed multiplier would give must cost about
/// what ordinary identities cost: the workspace's seed scatters them.
@Suite struct HashFloodingTests {
    /// The inverse of `a` modulo 2^64 (`a` odd), by Newton's iteration.
    private func inverse(_ a: UInt64) -> UInt64 {
        var x = a
        for _ in 0..<6 { x = x &* (2 &- a &* x) }
        return x
    }

    /// Identities whose folded value times the golden-ratio multiplier is 0, 1, 2, …: without a
    /// seed, every one of them lands in the table's first slots.
    private func crafted(_ count: Int) -> [UInt64] {
        let inverseGolden = inverse(0x9E37_79B9_7F4A_7C15)
        return (0..<UInt64(count)).map { k in
            let y = k &* inverseGolden
            return y ^ (y >> 32)
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // ContinuousClock
    private func fastestDiff(_ harness: CoreHarness, _ source: [UInt64], _ target: [UInt64]) -> Duration {
        let clock = ContinuousClock()
        return (0..<3).map { _ in
            clock.measure { #expect(harness.diff(LDC_HECKEL, source: source, target: target) == LD_OK) }
        }.min()!
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func craftedIdentitiesCostAboutWhatOrdinaryOnesCost() {
        var random = SplitMix64(seed: 12)
        let count = 64_000
        let ordinary = (0..<count).map { _ in random.next() }
        let attack = crafted(count)
        let harness = CoreHarness()
        #expect(
            harness.verify(
                LDC_HECKEL, source: Array(attack.prefix(2_000)),
                target: RandomLists.shuffled(Array(attack.prefix(2_000)), &random)
            ).isEmpty)
        let ordinaryTime = fastestDiff(harness, ordinary, RandomLists.shuffled(ordinary, &random))
        let attackTime = fastestDiff(harness, attack, RandomLists.shuffled(attack, &random))
        // Unseeded, the crafted list took 600 times as long; seeded, about as long.
        #expect(attackTime < ordinaryTime * 10, "crafted: \(attackTime), ordinary: \(ordinaryTime)")
    }

    @Test func workspacesHaveDifferentSeedsAndTheSameResults() {
        var random = SplitMix64(seed: 13)
        let source = (0..<5_000).map { _ in UInt64(random.bounded(3_000)) }
        let target = RandomLists.edited(source, alphabet: 3_000, &random)
        for _ in 0..<8 {
            #expect(CoreHarness().verify(LDC_HECKEL, source: source, target: target).isEmpty)
        }
    }
}
