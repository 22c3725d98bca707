/// Where the first occurrence of each item of a snapshot is, in an open-addressed table keyed
/// by the 64-bit identities the diff uses (``identity(of:readingStringWords:)``): the integer
/// itself for integers, a fast hash of the bytes for strings, UUIDs and data, `hashValue`
/// otherwise. A slot whose identity matches is checked with `==` against the item it points at
/// unless the identity is one-to-one, so any lawful `Hashable` gets the exact answer.
@usableFromInline
struct ItemPositionTable<Item: Hashable> {
    @usableFromInline
    struct Slot {
        @usableFromInline var identity: UInt64
        /// The section of the item's first occurrence; -1 for an empty slot.
        @usableFromInline var section: Int
        @usableFromInline var offset: Int

        @inlinable
        init(identity: UInt64, section: Int, offset: Int) {
            self.identity = identity
            self.section = section
            self.offset = offset
        }
    }

    @usableFromInline var slots: [Slot]
    /// The slot count minus one; the count is a power of two at least twice the item count.
    @usableFromInline let mask: Int
    /// 64 minus the slot count's power of two: the shift that keeps a product's top bits.
    @usableFromInline let shift: UInt64
    @usableFromInline let exact: Bool

    /// A table of every item of `lists`, each at its first occurrence.
    /// - Complexity: O(*n*) expected, *n* the item count.
    @inlinable
    init(_ lists: [[Item]], count: Int) {
        var capacity = 16, bits: UInt64 = 4
        while capacity < 2 * count {
            capacity *= 2
            bits += 1
        }
        slots = Array(repeating: Slot(identity: 0, section: -1, offset: 0), count: capacity)
        mask = capacity - 1
        shift = 64 - bits
        exact = identityIsExact(Item.self)
        let readingStringWords = smallStringLayoutIsKnown
        for (section, list) in lists.enumerated() {
            for (offset, item) in list.enumerated() {
                let identity = ListDelta.identity(of: item, readingStringWords: readingStringWords)
                var slot = start(identity)
                while slots[slot].section >= 0 {
                    if found(item, identity, at: slot, in: lists) { break }
                    slot = (slot + 1) & mask
                }
                if slots[slot].section < 0 { slots[slot] = Slot(identity: identity, section: section, offset: offset) }
            }
        }
    }

    /// The first occurrence of `item` in `lists` (the arrays the table was built from), or nil.
    /// - Complexity: O(1) expected.
    @inlinable
    func position(of item: Item, in lists: [[Item]]) -> (section: Int, offset: Int)? {
        let identity = ListDelta.identity(of: item)
        var slot = start(identity)
        while slots[slot].section >= 0 {
            if found(item, identity, at: slot, in: lists) { return (slots[slot].section, slots[slot].offset) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The slot a probe for `identity` starts at: the top bits of the identity, mixed with a
    /// seed chosen per process, times an odd constant. Each of them depends on every bit of the
    /// identity, so integers that differ only in their high bits spread over the table too.
    @inlinable
    func start(_ identity: UInt64) -> Int {
        Int(truncatingIfNeeded: ((identity ^ itemTableSeed) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The length of the longest run of occupied slots: what the slowest look-up walks.
    var longestRun: Int {
        var longest = 0, run = 0
        for slot in slots + slots {  // twice round, for the run that wraps
            run = slot.section >= 0 ? min(run + 1, slots.count) : 0
            longest = max(longest, run)
        }
        return longest
    }

    @inlinable
    func found(_ item: Item, _ identity: UInt64, at slot: Int, in lists: [[Item]]) -> Bool {
        slots[slot].identity == identity && (exact || lists[slots[slot].section][slots[slot].offset] == item)
    }
}

/// The seed ``ItemPositionTable`` mixes into identities, random per process.
@usableFromInline
let itemTableSeed = UInt64.random(in: .min ... .max)
