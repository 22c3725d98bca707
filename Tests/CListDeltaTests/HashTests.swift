import CListDelta
import TestSupport
import Testing

@Suite struct HashTests {
    private func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        var result: UInt64 = 0
        let status = bytes.withUnsafeBytes { ld_hash64($0.baseAddress, $0.count, seed, &result) }
        #expect(status == LD_OK)
        return result
    }

    @Test func backendMatchesTheBuildConfiguration() {
        let backend = String(cString: ld_hash64_backend())
        #if SystemXXHash && os(Linux)
            #expect(backend == "xxh3")
            // Published XXH3-64 values.
            #expect(hash([]) == 0x2D06_8005_38D3_94C2)
            #expect(hash(Array("abc".utf8)) == 0x78AF_5F94_892F_3950)
        #else
            #expect(backend == "portable")
        #endif
    }

    @Test func distinctInputsGiveDistinctHashes() {
        var seen = Set<UInt64>()
        for n in 0..<100_000 {
            seen.insert(hash(Array("item-\(n)".utf8)))
        }
        for length in 0..<64 {
            seen.insert(hash([UInt8](repeating: 0, count: length)))
        }
        #expect(seen.count == 100_000 + 64)
    }

    @Test func seedChangesTheHash() {
        let bytes = Array("identifier".utf8)
        #expect(hash(bytes, seed: 1) != hash(bytes, seed: 2))
        #expect(hash(bytes, seed: 1) == hash(bytes, seed: 1))
    }

    @Test func flippingOneInputBitFlipsAboutHalfTheOutputBits() {
        var random = SplitMix64(seed: 5)
        var flipped = 0, trials = 0
        for length in [1, 3, 8, 15, 16, 17, 31, 64, 100] {
            for _ in 0..<40 {
                var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let before = hash(bytes)
                bytes[random.bounded(length)] ^= UInt8(1) << UInt8(random.bounded(8))
                flipped += (before ^ hash(bytes)).nonzeroBitCount
                trials += 1
            }
        }
        let mean = Double(flipped) / Double(trials)
        #expect(mean > 28 && mean < 36, "mean flipped bits \(mean)")
    }
}
