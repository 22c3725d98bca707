/// One call to a list view whose every call acts at once on its rows as they are then, as
/// NSTableView's do between `beginUpdates()` and `endUpdates()`.
enum ImmediateRowOperation: Hashable, Sendable {
    /// Reload these rows (indices of the list before the batch, which reloads leave unchanged).
    case reload([Int])
    /// Remove these rows, all at once.
    case remove([Int])
    /// Insert rows so that they occupy these indices.
    case insert(Range<Int>)
    /// Move one row from one index to another: remove it, then insert it at `to`.
    case move(from: Int, to: Int)
}

/// The immediate operations that turn a flat list of `rowCount` rows into the list after
/// `batch`, whose indices follow UIKit's rules (deletes, reloads and move sources before the
/// batch; inserts and move targets after it). Only elements that `batch` moves are moved: the
/// rows that stay never do. Nil when `batch` is not a valid batch for such a list.
///
/// Inserts and moves are placed in ascending target order, each right after the row that
/// precedes it in the target; a Fenwick tree over a fixed layout of every row's possible
/// positions tells each row's current index.
///
/// - Complexity: O((*n* + *k*) log *n*) for *n* rows and *k* operations.
func immediateRowOperations(for batch: BatchUpdate, rowCount: Int) -> [ImmediateRowOperation]? {
    let rowsAfter = rowCount - batch.deletedElements.count + batch.insertedElements.count
    guard rowsAfter >= 0, let flat = try? batch.inSectionZero(layout: .flat(section: nil)),
        (try? BatchUpdateValidator.validate(flat, elementCountsBefore: [rowCount], elementCountsAfter: [rowsAfter])) != nil
    else { return nil }

    var operations: [ImmediateRowOperation] = []
    if !batch.reloadedElements.isEmpty { operations.append(.reload(batch.reloadedElements.map(\.element).sorted())) }
    let deleted = batch.deletedElements.map(\.element).sorted()
    if !deleted.isEmpty { operations.append(.remove(deleted)) }

    // The list after the removals: each surviving row's index in it.
    var survivorIndex = [Int](repeating: -1, count: rowCount)
    var survivors = 0
    var isDeleted = [Bool](repeating: false, count: rowCount)
    for row in deleted { isDeleted[row] = true }
    for row in 0..<rowCount where !isDeleted[row] {
        survivorIndex[row] = survivors
        survivors += 1
    }
    // What lands at each target index: -1 an insert, else the survivor index of the row.
    var arriving = [Int](repeating: -2, count: rowsAfter)
    var isMoved = [Bool](repeating: false, count: survivors)
    for path in batch.insertedElements { arriving[path.element] = -1 }
    for move in batch.movedElements {
        let survivor = survivorIndex[move.source.element]
        arriving[move.target.element] = survivor
        isMoved[survivor] = true
    }
    var staying = (0..<survivors).lazy.filter { !isMoved[$0] }.makeIterator()
    var staysAt = [Bool](repeating: false, count: rowsAfter)
    for target in 0..<rowsAfter where arriving[target] == -2 {
        arriving[target] = staying.next()!
        staysAt[target] = true
    }

    // Slots, in the order rows stand in at every step: for each group (the rows before the
    // first staying row, then each staying row with what follows it), the staying row, then
    // the rows placed after it in target order, then the moved rows not placed yet that stood
    // after it. `group` of a survivor is the number of staying rows before it.
    var groupOfSurvivor = [Int](repeating: 0, count: survivors)
    var stays = 0
    for survivor in 0..<survivors {
        if !isMoved[survivor] { stays += 1 }
        groupOfSurvivor[survivor] = stays  // a staying row leads its own group
    }
    var groupOfTarget = [Int](repeating: 0, count: rowsAfter)
    stays = 0
    for target in 0..<rowsAfter {
        if staysAt[target] { stays += 1 }
        groupOfTarget[target] = stays
    }
    // Slot counts per group: 1 for its staying row (none for group 0), placed rows, unplaced rows.
    var groupStart = [Int](repeating: 0, count: stays + 2)
    var placedInGroup = [Int](repeating: 0, count: stays + 1)
    var unplacedInGroup = [Int](repeating: 0, count: stays + 1)
    for target in 0..<rowsAfter where !staysAt[target] { placedInGroup[groupOfTarget[target]] += 1 }
    for survivor in 0..<survivors where isMoved[survivor] { unplacedInGroup[groupOfSurvivor[survivor]] += 1 }
    for group in 0...stays {
        groupStart[group + 1] = groupStart[group] + (group > 0 ? 1 : 0) + placedInGroup[group] + unplacedInGroup[group]
    }
    var tree = FenwickTree(count: groupStart[stays + 1])
    var placedSlot = [Int](repeating: 0, count: rowsAfter)
    var unplacedSlot = [Int](repeating: 0, count: survivors)
    var nextPlaced = (0...stays).map { groupStart[$0] + ($0 > 0 ? 1 : 0) }
    var nextUnplaced = (0...stays).map { nextPlaced[$0] + placedInGroup[$0] }
    for target in 0..<rowsAfter where !staysAt[target] {
        placedSlot[target] = nextPlaced[groupOfTarget[target]]
        nextPlaced[groupOfTarget[target]] += 1
    }
    for survivor in 0..<survivors {
        let group = groupOfSurvivor[survivor]
        if isMoved[survivor] {
            unplacedSlot[survivor] = nextUnplaced[group]
            nextUnplaced[group] += 1
            tree.add(1, at: unplacedSlot[survivor])
        } else {
            tree.add(1, at: groupStart[group])
        }
    }

    for target in 0..<rowsAfter where !staysAt[target] {
        let survivor = arriving[target]
        if survivor < 0 {
            let index = tree.prefixSum(before: placedSlot[target])
            tree.add(1, at: placedSlot[target])
            if case let .insert(run)? = operations.last, run.upperBound == index {
                operations[operations.count - 1] = .insert(run.lowerBound..<index + 1)
            } else {
                operations.append(.insert(index..<index + 1))
            }
        } else {
            let from = tree.prefixSum(before: unplacedSlot[survivor])
            tree.add(-1, at: unplacedSlot[survivor])
            let to = tree.prefixSum(before: placedSlot[target])
            tree.add(1, at: placedSlot[target])
            operations.append(.move(from: from, to: to))
        }
    }
    return operations
}

/// Counts over slots, with prefix sums in O(log *n*).
private struct FenwickTree {
    private var sums: [Int]

    init(count: Int) { sums = [Int](repeating: 0, count: count + 1) }

    mutating func add(_ value: Int, at slot: Int) {
        var index = slot + 1
        while index < sums.count {
            sums[index] += value
            index += index & -index
        }
    }

    /// The sum over slots before `slot`.
    func prefixSum(before slot: Int) -> Int {
        var index = slot, sum = 0
        while index > 0 {
            sum += sums[index]
            index -= index & -index
        }
        return sum
    }
}
