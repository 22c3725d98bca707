/// The "typical Swift library" baseline: Heckel's algorithm as popular Swift diff libraries
/// write it, with a dictionary symbol table and moves found by tracking index offsets. Written
/// for this benchmark from the 1978 paper; no library's code is copied. Unique elements, the
/// common case, cost no allocation; repeated ones share a bucket of their positions.
public struct PlainHeckelDiff {
    public var deleted: [Int]
    public var inserted: [Int]
    public var moved: [(source: Int, target: Int)]

    @usableFromInline
    enum Entry {
        case unique(Int)
        case repeated(bucket: Int)
    }

    /// Diffs `source` against `target`, matching equal elements in occurrence order.
    /// Inlinable, as popular libraries' algorithms are, so it is specialised for the caller's
    /// element type.
    @inlinable
    public init<Element: Hashable>(source: [Element], target: [Element]) {
        deleted = []
        inserted = []
        moved = []
        // Pass 1: where each distinct source element occurs.
        var table: [Element: Entry] = [:]
        table.reserveCapacity(source.count)
        var buckets: [[Int]] = [], cursors: [Int] = []
        for (index, element) in source.enumerated() {
            switch table[element] {
            case nil:
                table[element] = .unique(index)
            case let .unique(first)?:
                table[element] = .repeated(bucket: buckets.count)
                buckets.append([first, index])
                cursors.append(0)
            case let .repeated(bucket)?:
                buckets[bucket].append(index)
            }
        }
        // Pass 2: pair each target element with the next unmatched occurrence.
        var sourceToTarget = [Int](repeating: -1, count: source.count)
        var targetToSource = [Int](repeating: -1, count: target.count)
        for (index, element) in target.enumerated() {
            switch table[element] {
            case nil:
                continue
            case let .unique(match)?:
                guard sourceToTarget[match] < 0 else { continue }
                sourceToTarget[match] = index
                targetToSource[index] = match
            case let .repeated(bucket)?:
                guard cursors[bucket] < buckets[bucket].count else { continue }
                let match = buckets[bucket][cursors[bucket]]
                cursors[bucket] += 1
                sourceToTarget[match] = index
                targetToSource[index] = match
            }
        }
        // Pass 3: deletes, and how many deletes precede each source index.
        var deletesBefore = [Int](repeating: 0, count: source.count)
        var running = 0
        for index in source.indices {
            deletesBefore[index] = running
            if sourceToTarget[index] < 0 {
                deleted.append(index)
                running += 1
            }
        }
        // Pass 4: inserts, and a move wherever a survivor's offset-adjusted index changed.
        var insertsBefore = 0
        for (index, match) in targetToSource.enumerated() {
            if match < 0 {
                inserted.append(index)
                insertsBefore += 1
            } else if match - deletesBefore[match] + insertsBefore != index {
                moved.append((match, index))
            }
        }
    }
}
