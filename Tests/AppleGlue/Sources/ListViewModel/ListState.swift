// What UIKit-style list views share in the stand-ins: the counts they show and the checks
// UIKit makes on a batch. Not SDK-shaped: the stand-in modules build on it.

import Foundation

/// The counts a list view shows, the cells it shows for them, and the batch bookkeeping shared
/// by both views.
///
/// Like UIKit's views, a view keeps one cell per shown row and moves it with its row: after
/// loading its counts and after each batch it asks its data source (through ``requestCell``)
/// for a cell for every row that is new (inserted, reloaded, in an inserted or reloaded
/// section) and, keeping the cell, for every row reconfigured. The cells of rows that left
/// animate out: they go to ``reusePool`` when the animations end (or at the next full reload),
/// so a later batch of the same update cannot dequeue them.
@MainActor
public final class ListState {
    /// A view that has not loaded its counts yet.
    public init() {}
    /// Each section's item count as the view shows it; nil until loaded.
    public var counts: [Int]? {
        didSet { if oldValue == nil, let counts { loadCells(counts) } }
    }
    /// Asks the data source for the cell of a row; set by the view. Nil leaves rows without cells.
    public var requestCell: ((IndexPath) -> AnyObject?)?
    /// One cell per shown row (nil where none was made), moved with its row.
    public private(set) var cells: [[AnyObject?]] = []
    /// The cell of the row being reconfigured while its cell is requested: dequeuing returns it.
    public private(set) var reconfiguringCell: AnyObject?
    /// Cells of rows that left the view, for dequeuing.
    public var reusePool: [AnyObject] = []
    /// Cells of rows that left the view, still animating out.
    public var retiring: [AnyObject] = []
    /// Every row whose cell was requested, in order.
    public private(set) var cellRequests: [IndexPath] = []
    /// Item reconfigures of the batch under way (also counted in ``reloaded``).
    public var reconfigured: [IndexPath] = []
    /// Section deletes, inserts and reloads of the batch under way.
    public var deletedSections: [Int] = [], insertedSections: [Int] = [], reloadedSections: [Int] = []
    /// Section moves of the batch under way.
    public var movedSections: [(Int, Int)] = []
    /// Item deletes, inserts and reloads of the batch under way.
    public var deleted: [IndexPath] = [], inserted: [IndexPath] = [], reloaded: [IndexPath] = []
    /// Item moves of the batch under way.
    public var moved: [(IndexPath, IndexPath)] = []
    /// Completions whose animations have not ended.
    public var pendingCompletions: [(Bool) -> Void] = []
    /// Batches performed so far.
    public var batchesPerformed = 0
    /// The operations of every batch performed so far, in order.
    public private(set) var batches: [BatchRecord] = []
    /// Full reloads so far.
    public var fullReloads = 0

    /// The counts shown, loaded with `load` (the data source's counts) the first time.
    public func shownCounts(_ load: () -> [Int]) -> [Int] {
        if counts == nil { counts = load() }
        return counts!
    }

    /// Shows the data source's counts again.
    public func reload(_ load: () -> [Int]) {
        let after = load()
        if counts == nil {
            counts = after
        } else {
            counts = after
            loadCells(after)
        }
        fullReloads += 1
    }

    /// Retires every cell and asks for a new one for each row of `after`.
    private func loadCells(_ after: [Int]) {
        reusePool += retiring + cells.joined().compactMap { $0 }
        retiring = []
        cells = after.map { [AnyObject?](repeating: nil, count: $0) }
        for section in after.indices {
            for row in 0..<after[section] { cells[section][row] = cell(at: IndexPath(indexes: [section, row]), keeping: nil) }
        }
    }

    private func cell(at path: IndexPath, keeping existing: AnyObject?) -> AnyObject? {
        cellRequests.append(path)
        reconfiguringCell = existing
        defer { reconfiguringCell = nil }
        return requestCell?(path)
    }

    /// Performs `updates` as one batch: records its operations, checks them against the
    /// counts before and `load()` after, shows the new counts, and calls `completion` once the
    /// animations end (on a later turn of the main actor). Returns the first failure.
    public func performBatch(
        _ updates: (() -> Void)?, animated: Bool = true, load: () -> [Int], completion: ((Bool) -> Void)?
    ) -> String? {
        _ = shownCounts(load)
        clearBatch()
        updates?()
        batches.append(
            BatchRecord(
                deletedSections: deletedSections, insertedSections: insertedSections, reloadedSections: reloadedSections,
                movedSections: movedSections, deleted: deleted, inserted: inserted, reloaded: reloaded,
                reconfigured: reconfigured, moved: moved, animated: animated))
        let after = load()
        let failure = check(after: after)
        if failure == nil {
            moveCells(after: after)
            counts = after
        } else {
            counts = after
            loadCells(after)
        }
        batchesPerformed += 1
        if let completion { pendingCompletions.append(completion) }
        Task { @MainActor [self] in finishAnimations(self) }
        return failure
    }

    /// Moves the row at `source` to `destination` (paths before and after the move) as a
    /// user's drag does: the view moves the row and its cell itself, then tells its data
    /// source. Returns the first failure: a path the view does not show.
    public func userMove(from source: IndexPath, to destination: IndexPath) -> String? {
        guard var counts, counts.indices.contains(source[0]), (0..<counts[source[0]]).contains(source[1]),
            counts.indices.contains(destination[0])
        else { return "attempt to move row \(source), which the view does not show" }
        counts[source[0]] -= 1
        guard (0...counts[destination[0]]).contains(destination[1]) else {
            return "attempt to move a row to \(destination), which the view does not show"
        }
        counts[destination[0]] += 1
        self.counts = counts
        let cell = cells[source[0]].remove(at: source[1])
        cells[destination[0]].insert(cell, at: destination[1])
        return nil
    }

    /// Forgets the operations of the last batch.
    public func clearBatch() {
        deletedSections = []
        insertedSections = []
        reloadedSections = []
        movedSections = []
        deleted = []
        inserted = []
        reloaded = []
        moved = []
        reconfigured = []
    }

    /// Where each section after the batch came from (nil: inserted), by the batch's section
    /// operations.
    private func sectionOrigins(before: [Int], after: [Int]) -> [Int?] {
        let removed = Set(deletedSections + movedSections.map(\.0)), placed = Set(insertedSections + movedSections.map(\.1))
        var origin = [Int?](repeating: nil, count: after.count)
        for (s, t) in movedSections { origin[t] = s }
        var staying = before.indices.filter { !removed.contains($0) }.makeIterator()
        for t in after.indices where !placed.contains(t) { origin[t] = staying.next() }
        return origin
    }

    /// Moves each staying row's cell to the row's place after a valid batch, asks for cells
    /// for new and reloaded rows and for reconfigured ones (keeping their cell), and retires
    /// the cells of rows that left.
    private func moveCells(after: [Int]) {
        let before = counts ?? []
        let origin = sectionOrigins(before: before, after: after)
        let reloadedSectionSet = Set(reloadedSections)
        // Where each row before the batch is after it, in sections that are neither inserted
        // nor reloaded.
        var destination: [IndexPath: IndexPath] = [:]
        for (source, target) in moved { destination[source] = target }
        for t in after.indices {
            guard let s = origin[t] else { continue }
            let leaving = Set((deleted + moved.map(\.0)).filter { $0[0] == s }.map { $0[1] })
            let placed = Set((inserted + moved.map(\.1)).filter { $0[0] == t }.map { $0[1] })
            let staying = (0..<before[s]).filter { !leaving.contains($0) }
            let targets = (0..<after[t]).filter { !placed.contains($0) }
            for (row, target) in zip(staying, targets) {
                destination[IndexPath(indexes: [s, row])] = IndexPath(indexes: [t, target])
            }
        }
        destination = destination.filter { _, target in
            origin[target[0]].map { !reloadedSectionSet.contains($0) } ?? false
        }
        for path in reloaded where !reconfigured.contains(path) { destination[path] = nil }
        var newCells = after.map { [AnyObject?](repeating: nil, count: $0) }
        var kept = Set<IndexPath>()
        for (source, target) in destination {
            newCells[target[0]][target[1]] = cells[source[0]][source[1]]
            kept.insert(target)
        }
        for path in reconfigured {
            guard let target = destination[path] else { continue }
            newCells[target[0]][target[1]] = cell(at: target, keeping: newCells[target[0]][target[1]])
        }
        for t in after.indices {
            for row in 0..<after[t] where !kept.contains(IndexPath(indexes: [t, row])) {
                newCells[t][row] = cell(at: IndexPath(indexes: [t, row]), keeping: nil)
            }
        }
        // The cells of rows that left: deleted, reloaded, in deleted or reloaded sections.
        let shown = Set(newCells.joined().compactMap { $0.map(ObjectIdentifier.init) })
        retiring += cells.joined().compactMap { $0 }.filter { !shown.contains(ObjectIdentifier($0)) }
        cells = newCells
    }

    /// Checks the batch against the counts before it and `after`, as UIKit does; returns the
    /// first failure.
    public func check(after: [Int]) -> String? {
        let before = counts ?? []
        let expectedSections = before.count - deletedSections.count + insertedSections.count
        if expectedSections != after.count {
            return
                "Invalid update: invalid number of sections. The number of sections contained after the update (\(after.count)) must be equal to the number of sections contained before the update (\(before.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
        }
        for s in deletedSections + reloadedSections + movedSections.map(\.0) where !before.indices.contains(s) {
            return "attempt to delete, reload or move section \(s), but there are only \(before.count) sections before the update"
        }
        for s in insertedSections + movedSections.map(\.1) where !after.indices.contains(s) {
            return "attempt to insert or move to section \(s), but there are only \(after.count) sections after the update"
        }
        for path in deleted + reloaded + moved.map(\.0) {
            guard before.indices.contains(path[0]), (0..<before[path[0]]).contains(path[1]) else {
                return
                    "attempt to delete, reload or move item \(path[1]) from section \(path[0]), which does not exist before the update"
            }
        }
        for path in inserted + moved.map(\.1) {
            guard after.indices.contains(path[0]), (0..<after[path[0]]).contains(path[1]) else {
                return
                    "attempt to insert or move item \(path[1]) into section \(path[0]), which does not exist after the update"
            }
        }
        // Where each section after the update came from.
        let origin = sectionOrigins(before: before, after: after)
        for t in after.indices {
            guard let s = origin[t] else { continue }
            let outOf = deleted.filter { $0[0] == s }.count + moved.filter { $0.0[0] == s }.count
            let into = inserted.filter { $0[0] == t }.count + moved.filter { $0.1[0] == t }.count
            if before[s] - outOf + into != after[t] {
                return
                    "Invalid update: invalid number of items in section \(t). The number of items contained in an existing section after the update (\(after[t])) must be equal to the number of items contained in that section before the update (\(before[s])), plus or minus the number of items inserted or deleted from that section (\(into) inserted, \(outOf) deleted)."
            }
        }
        return nil
    }
}

/// The operations of one batch, as the view received them.
public struct BatchRecord {
    /// Section deletes, inserts and reloads.
    public var deletedSections: [Int], insertedSections: [Int], reloadedSections: [Int]
    /// Section moves.
    public var movedSections: [(Int, Int)]
    /// Item deletes, inserts, reloads (reconfigures included) and reconfigures.
    public var deleted: [IndexPath], inserted: [IndexPath], reloaded: [IndexPath], reconfigured: [IndexPath]
    /// Item moves.
    public var moved: [(IndexPath, IndexPath)]
    /// Whether the batch was animated (false inside `UIView.performWithoutAnimation`).
    public var animated = true
}

/// Stand-in only: the animations of finished batches end; their completions run now.
@MainActor
public func finishAnimations(_ state: ListState) {
    state.reusePool += state.retiring
    state.retiring = []
    let completions = state.pendingCompletions
    state.pendingCompletions = []
    completions.forEach { $0(true) }
}
