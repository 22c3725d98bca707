import Foundation

/// The sectioned benchmark input `Wapp`: what a chat or feed screen diffs. Wsect's sections and
/// items, drawn identically, with every item identified by a `UUID` and carrying content, some
/// of which changes, and sections carrying content too.
public struct AppWorkload: Sendable {
    /// A row: a UUID identity and a content number.
    public struct Item: Sendable, Hashable {
        /// The item's identity.
        public var id: UUID
        /// What the row shows; an item whose content changes is an update.
        public var content: Int
    }

    /// A section: its model number (its identity), its content and its items.
    public struct Section: Sendable, Hashable {
        /// The section's identity.
        public var model: Int
        /// What its header shows; a section whose content changes is a section update.
        public var content: Int
        /// The section's items, in order.
        public var items: [Item]
    }

    /// The workload's name in reports.
    public let name: String
    /// The sections before the update.
    public let source: [Section]
    /// The sections after it.
    public let target: [Section]

    /// `Wapp`: Wsect with item `k` identified by ``uuid(_:)``; in the target, items with
    /// `k % 20 == 0` and sections with `m % 50 == 0` have content 1, everything else 0.
    public static func wapp() -> AppWorkload { app(SectionedWorkload.wsect(), name: "Wapp") }

    /// `Wscreen` with Wapp's identities and content rules.
    public static let wscreenApp = app(SectionedWorkload.wscreen, name: "Wscreen-app")

    /// `sections` with Wapp's identities and content rules.
    public static func app(_ sections: SectionedWorkload, name: String) -> AppWorkload {
        func build(_ section: SectionedWorkload.Section, changed: Bool) -> Section {
            Section(
                model: section.model, content: changed && section.model % 50 == 0 ? 1 : 0,
                items: section.items.map { Item(id: uuid($0), content: changed && $0 % 20 == 0 ? 1 : 0) })
        }
        return AppWorkload(
            name: name, source: sections.source.map { build($0, changed: false) },
            target: sections.target.map { build($0, changed: true) })
    }

    /// Item `k`'s identity: the first two outputs of a SplitMix64 seeded with `k`, as bytes 0–7
    /// and 8–15, each little-endian.
    public static func uuid(_ k: Int) -> UUID {
        let words = uuidWords(k)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: words.0 >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: words.1 >> (8 * index))
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The two 64-bit words of item `k`'s identity.
    public static func uuidWords(_ k: Int) -> (UInt64, UInt64) {
        var random = SpecRandom(seed: UInt64(k))
        return (random.next(), random.next())
    }

    /// The two 64-bit words of `uuid`, each read little-endian: the inverse of ``uuid(_:)``.
    public static func words(of uuid: UUID) -> (UInt64, UInt64) {
        let bytes = uuid.uuid
        let all = [
            bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7,
            bytes.8, bytes.9, bytes.10, bytes.11, bytes.12, bytes.13, bytes.14, bytes.15,
        ]
        func word(_ offset: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(all[offset + $1]) << (8 * $1) }
        }
        return (word(0), word(8))
    }
}
