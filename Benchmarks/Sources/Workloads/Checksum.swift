/// FNV-1a 64 over integers as 8 little-endian bytes: proves two programs built the same input.
public struct Checksum: Sendable {
    /// The checksum of everything added so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The checksum of nothing: FNV-1a's offset basis.
    public init() {}

    /// Adds `integer` as 8 little-endian bytes.
    public mutating func add(_ integer: Int) {
        var bits = UInt64(bitPattern: Int64(integer))
        for _ in 0..<8 {
            value = (value ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
            bits >>= 8
        }
    }

    /// The checksum of a flat list.
    public static func of(_ list: [Int]) -> UInt64 {
        var checksum = Checksum()
        list.forEach { checksum.add($0) }
        return checksum.value
    }

    /// The checksum of sections: each section's model and item count, then its items.
    public static func of(_ sections: [SectionedWorkload.Section]) -> UInt64 {
        var checksum = Checksum()
        for section in sections {
            checksum.add(section.model)
            checksum.add(section.items.count)
            section.items.forEach { checksum.add($0) }
        }
        return checksum.value
    }

    /// The checksum of `Wapp`'s sections: per section its model, content and item count, then
    /// per item the two words of its UUID and its content.
    public static func of(_ sections: [AppWorkload.Section]) -> UInt64 {
        var checksum = Checksum()
        for section in sections {
            checksum.add(section.model)
            checksum.add(section.content)
            checksum.add(section.items.count)
            for item in section.items {
                let (first, second) = AppWorkload.words(of: item.id)
                checksum.add(Int(bitPattern: UInt(first)))
                checksum.add(Int(bitPattern: UInt(second)))
                checksum.add(item.content)
            }
        }
        return checksum.value
    }

    /// The target checksums of the reference generator (see Benchmarks/README.md).
    public static let published: [String: UInt64] = [
        "W5k": 0x44A4_D820_B4C5_D1FD,
        "W100k": 0xDFB1_5591_7633_DB1F,
        "W1M": 0x69AA_B34E_067E_5139,
        "W10M": 0x1375_13C3_2A25_6AED,
        "Wsect": 0x8135_6797_ADC9_A348,
        "W100": 0x4CBE_80BB_BB9E_095A,
        "W1k": 0xA92F_5323_FAA7_B3F0,
        "Wscreen": 0x1B42_AD1E_7A3E_78B5,
        "Wscreen source": 0xEC1E_B2A5_13B7_A01D,
        "Wapp": 0x7028_8957_374D_206D,
        "Wapp source": 0x5712_4574_A06B_206C,
        "Wshuffle10k": 0x26CD_3D8E_151D_E349,
        "Wedit100k": 0xDE81_F910_06BB_5F19,
        "Wdisjoint10k": 0xBC8B_7871_42F1_5405,
    ]
}
