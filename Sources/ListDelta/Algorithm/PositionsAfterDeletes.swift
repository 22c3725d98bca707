/// Where each source position lands once the deletes are done, in constant time per query:
/// for each 64 source positions, a word of bits marking the deleted ones beside how many were
/// deleted before them. A move's source is given at that position, and a list moves many
/// elements, so this beats a binary search of the deletes per move.
@usableFromInline
struct PositionsAfterDeletes {
    /// Word pairs, one allocation: the deleted bits of positions 64w ..< 64w + 64 at 2w, the
    /// count of deleted positions below 64w at 2w + 1.
    @usableFromInline let words: [UInt64]

    /// - Parameter deleted: the deleted source positions, each below `sourceCount`.
    /// - Throws: `CancellationError` once `cancellation` is cancelled.
    @inlinable
    init<Deleted: Collection<Int32>>(deleted: Deleted, sourceCount: Int, cancellation: CoreCancellation?) throws {
        let blockCount = (sourceCount + 63) / 64
        var words = [UInt64](repeating: 0, count: 2 * blockCount)
        for (index, position) in deleted.enumerated() {
            try checkCancellation(cancellation, at: index)
            words[2 * (Int(position) >> 6)] |= 1 << (UInt64(position) & 63)
        }
        var total: UInt64 = 0
        for block in 0..<blockCount {
            try checkCancellation(cancellation, at: block)
            words[2 * block + 1] = total
            total += UInt64(words[2 * block].nonzeroBitCount)
        }
        self.words = words
    }

    /// The position of the surviving source element at `source` after the deletes.
    @inlinable
    func position(of source: Int32) -> Int {
        let block = Int(source) >> 6
        let deletedInBlock = words[2 * block] & ((1 << (UInt64(source) & 63)) - 1)
        return Int(source) - Int(words[2 * block + 1]) - deletedInBlock.nonzeroBitCount
    }
}

/// `transform` of each move of `moved`, given its source's position after the deletes and its
/// target; the positions are worked out only when something moves.
///
/// - Throws: `CancellationError` once `cancellation` is cancelled.
@inlinable
func mapMovesAfterDeletes<Moves: RandomAccessCollection<IndexPair>, Deleted: Collection<Int32>, T>(
    _ moved: Moves, deleted: Deleted, sourceCount: Int, cancellation: CoreCancellation?,
    _ transform: (_ source: Int, _ target: Int) -> T
) throws -> [T] {
    guard !moved.isEmpty else { return [] }
    let afterDeletes = try PositionsAfterDeletes(deleted: deleted, sourceCount: sourceCount, cancellation: cancellation)
    return try mapPolling(moved, cancellation) { pair in transform(afterDeletes.position(of: pair.source), Int(pair.target)) }
}
