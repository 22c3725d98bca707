import ListDelta

/// The "typical Swift library" baseline: Heckel's algorithm as popular Swift diff libraries
/// write it, with a dictionary symbol table and moves found by tracking index offsets, and the
/// same product as a flat staged changeset of theirs: every matched pair's content compared,
/// changes as element paths, and two stages (deletes and updates, then inserts and moves) with
/// the data after each. Written for this benchmark from the 1978 paper; no library's code is
/// copied. Unique elements, the common case, cost no allocation in the symbol table; repeated
/// ones share a bucket of their positions.
public struct PlainHeckelDiff<Element: Hashable> {
    /// Deleted elements, at source positions.
    public var deleted: [ElementPath] = []
    /// Inserted elements, at target positions.
    public var inserted: [ElementPath] = []
    /// Matched elements whose content changed, at source positions.
    public var updated: [ElementPath] = []
    /// From the position after the deletes to the target position.
    public var moved: [(source: ElementPath, target: ElementPath)] = []
    /// The list after the first stage (survivors in source order, in their target version),
    /// then after the second (the target).
    public var stages: [[Element]] = []

    @usableFromInline
    enum Entry {
        case unique(Int)
        case repeated(bucket: Int)
    }

    /// Diffs `source` against `target`, matching equal elements in occurrence order; an
    /// element is its own identifier, and `==` compares content as well.
    /// Inlinable, as popular libraries' algorithms are, so it is specialised for the caller's
    /// element type.
    @inlinable
    public init(source: [Element], target: [Element], section: Int = 0) {
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
        // Pass 3: deletes, updates, the first stage's data, and how many deletes precede
        // each source index.
        var deletesBefore = [Int](repeating: 0, count: source.count)
        var afterDeletes: [Element] = []
        var running = 0
        for index in source.indices {
            deletesBefore[index] = running
            let match = sourceToTarget[index]
            if match < 0 {
                deleted.append(ElementPath(element: index, section: section))
                running += 1
            } else {
                if target[match] != source[index] { updated.append(ElementPath(element: index, section: section)) }
                afterDeletes.append(target[match])
            }
        }
        // Pass 4: inserts, and a move wherever a survivor's offset-adjusted index changed.
        var insertsBefore = 0
        for (index, match) in targetToSource.enumerated() {
            if match < 0 {
                inserted.append(ElementPath(element: index, section: section))
                insertsBefore += 1
            } else if match - deletesBefore[match] + insertsBefore != index {
                moved.append(
                    (
                        ElementPath(element: match - deletesBefore[match], section: section),
                        ElementPath(element: index, section: section)
                    ))
            }
        }
        if !deleted.isEmpty || !updated.isEmpty { stages.append(afterDeletes) }
        if !inserted.isEmpty || !moved.isEmpty { stages.append(target) }
    }
}
