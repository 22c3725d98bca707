/// Where each source position lands once the deletes are done, in constant time per query:
/// a bit per source position marking the deleted ones, and how many were deleted before each
/// 64-bit word of them. A move's source is given at that position, and a list moves many
/// elements, so this beats a binary search of the deletes per move.
@usableFromInline
struct PositionsAfterDeletes {
    @usableFromInline let deletedBits: [UInt64]
    @usableFromInline let deletedBeforeWord: [Int32]

    /// - Parameter deleted: the deleted source positions, each below `sourceCount`.
    /// - Throws: `CancellationError` once `cancellation` is cancelled.
    @inlinable
    init<Deleted: Collection<Int32>>(deleted: Deleted, sourceCount: Int, cancellation: CoreCancellation?) throws {
        let wordCount = (sourceCount + 63) / 64
        var bits = [UInt64](repeating: 0, count: wordCount)
        for (index, position) in deleted.enumerated() {
            try checkCancellation(cancellation, at: index)
            bits[Int(position) >> 6] |= 1 << (UInt64(position) & 63)
        }
        var before = [Int32](repeating: 0, count: wordCount)
        var total: Int32 = 0
        for word in 0..<wordCount {
            try checkCancellation(cancellation, at: word)
            before[word] = total
            total += Int32(bits[word].nonzeroBitCount)
        }
        deletedBits = bits
        deletedBeforeWord = before
    }

    /// The position of the surviving source element at `source` after the deletes.
    @inlinable
    func position(of source: Int32) -> Int {
        let word = Int(source) >> 6
        let deletedInWord = deletedBits[word] & ((1 << (UInt64(source) & 63)) - 1)
        return Int(source) - Int(deletedBeforeWord[word]) - deletedInWord.nonzeroBitCount
    }
}
