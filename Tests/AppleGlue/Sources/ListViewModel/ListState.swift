// What UIKit-style list views share in the stand-ins: the counts they show and the checks
// UIKit makes on a batch. Not SDK-shaped: the stand-in modules build on it.

import CListDelta
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
    /// Each shown row's measured (self-sized) size, nil until measured; moved with its row,
    /// forgotten when the row is new, reloaded or reconfigured, and at a full reload.
    public private(set) var measured: [[CGSize?]] = []
    /// Counts every change to what the view shows (counts, cells, measured sizes): a layout made
    /// at one generation is stale at another.
    public private(set) var generation = 0
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
        generation += 1
        measured = after.map { [CGSize?](repeating: nil, count: $0) }
        cells = after.map { [AnyObject?](repeating: nil, count: $0) }
        for section in after.indices {
            for row in 0..<after[section] { cells[section][row] = cell(at: IndexPath(indexes: [section, row]), keeping: nil) }
        }
    }

    /// Records the size row `path` measured itself at.
    public func setMeasured(_ size: CGSize, at path: IndexPath) {
        measured[path[0]][path[1]] = size
        generation += 1
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
        let (failure, origins) = check(after: after)
        if let origins {
            moveCells(after: after, origins: origins)
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
        let size = measured[source[0]].remove(at: source[1])
        measured[destination[0]].insert(size, at: destination[1])
        generation += 1
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

    /// Moves each staying row's cell to the row's place after a valid batch, asks for cells
    /// for new and reloaded rows and for reconfigured ones (keeping their cell), and retires
    /// the cells of rows that left.
    private func moveCells(after: [Int], origins: BatchOrigins) {
        let before = counts ?? []
        let reloadedSectionSet = Set(reloadedSections), reloadedSet = Set(reloaded), reconfiguredSet = Set(reconfigured)
        let oldCells = Array(cells.joined()), oldMeasured = Array(measured.joined()),
            oldPaths = before.indices.flatMap { s in (0..<before[s]).map { IndexPath(indexes: [s, $0]) } }
        var newCells = after.map { [AnyObject?](repeating: nil, count: $0) }
        var newMeasured = after.map { [CGSize?](repeating: nil, count: $0) }
        var rows = origins.rows.makeIterator()
        for t in after.indices {
            let keepsCells = origins.sections[t].map { !reloadedSectionSet.contains($0) } ?? false
            for row in 0..<after[t] {
                let path = IndexPath(indexes: [t, row]), origin = rows.next()!
                guard keepsCells, origin >= 0,
                    !reloadedSet.contains(oldPaths[origin]) || reconfiguredSet.contains(oldPaths[origin])
                else {
                    newCells[t][row] = cell(at: path, keeping: nil)
                    continue
                }
                let kept = oldCells[origin], reconfigures = reconfiguredSet.contains(oldPaths[origin])
                newCells[t][row] = reconfigures ? cell(at: path, keeping: kept) : kept
                if !reconfigures { newMeasured[t][row] = oldMeasured[origin] }
            }
        }
        // The cells of rows that left: deleted, reloaded, in deleted or reloaded sections.
        let shown = Set(newCells.joined().compactMap { $0.map(ObjectIdentifier.init) })
        retiring += cells.joined().compactMap { $0 }.filter { !shown.contains(ObjectIdentifier($0)) }
        cells = newCells
        measured = newMeasured
        generation += 1
    }

    /// Where each section and row after a valid batch comes from: its index before, or nil
    /// (section) and -1 (row) for one that arrives.
    public struct BatchOrigins {
        /// Each section's index before the batch; nil: inserted.
        public var sections: [Int?]
        /// Each row's index before the batch, counting every section's rows in turn; -1: it arrives.
        public var rows: [Int]
    }

    private static let ruleNames = [
        "valid", "section out of range", "item out of range", "section listed twice", "item listed twice",
        "conflicting section operations", "conflicting item operations", "item operation in a deleted section",
        "item operation in a reloaded section", "item into an inserted or moved section", "invalid number of sections",
        "invalid number of items in section",
    ]
    private static let operationNames = ["delete", "insert", "reload", "move from", "move to"]

    /// Checks the batch under way against the counts before it and `after`, as UIKit does, by
    /// the library's one copy of its rules (`ld_check_batch`): the first failure, or the
    /// origins of what the view shows after it.
    public func check(after: [Int]) -> (failure: String?, origins: BatchOrigins?) {
        let before = counts ?? []
        func paths(_ list: [IndexPath]) -> [ld_path_t] {
            list.map { ld_path_t(section: Int32(clamping: $0[0]), element: Int32(clamping: $0[1])) }
        }
        let sections = [deletedSections, insertedSections, reloadedSections].map { $0.map { Int32(clamping: $0) } }
        let sectionMoves = movedSections.map { ld_pair_t(source: Int32(clamping: $0.0), target: Int32(clamping: $0.1)) }
        let rows = [deleted, inserted, reloaded].map(paths)
        let rowMoves = moved.map { ld_path_move_t(source: paths([$0.0])[0], target: paths([$0.1])[0]) }
        var workspace: OpaquePointer?
        guard ld_workspace_create(nil, &workspace) == LD_OK else { return ("no memory to check the batch", nil) }
        defer { ld_workspace_free(workspace) }
        var out = ld_batch_check_t()
        let status = sections[0].withUnsafeBufferPointer { d in
            sections[1].withUnsafeBufferPointer { i in
                sections[2].withUnsafeBufferPointer { r in
                    sectionMoves.withUnsafeBufferPointer { m in
                        rows[0].withUnsafeBufferPointer { rd in
                            rows[1].withUnsafeBufferPointer { ri in
                                rows[2].withUnsafeBufferPointer { rr in
                                    rowMoves.withUnsafeBufferPointer { rm in
                                        var batch = ld_batch_t(
                                            section_deleted: d.baseAddress, section_deleted_count: d.count,
                                            section_inserted: i.baseAddress, section_inserted_count: i.count,
                                            section_updated: r.baseAddress, section_updated_count: r.count,
                                            section_moved: m.baseAddress, section_moved_count: m.count,
                                            element_deleted: rd.baseAddress, element_deleted_count: rd.count,
                                            element_inserted: ri.baseAddress, element_inserted_count: ri.count,
                                            element_updated: rr.baseAddress, element_updated_count: rr.count,
                                            element_moved: rm.baseAddress, element_moved_count: rm.count)
                                        return ld_check_batch(
                                            workspace, &batch, before.map { Int32(clamping: $0) }, before.count,
                                            after.map { Int32(clamping: $0) }, after.count, 0, &out)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        guard status == LD_OK else { return ("the batch could not be checked: status \(status.rawValue)", nil) }
        guard out.rule == LD_BATCH_VALID else {
            return (
                "Invalid update: \(Self.ruleNames[Int(out.rule.rawValue)]): \(Self.operationNames[Int(out.operation.rawValue)])"
                    + " at section \(out.path.section), item \(out.path.element)"
                    + " (with \(Self.operationNames[Int(out.other_operation.rawValue)]) when two conflict;"
                    + " expected count \(out.expected), actual \(out.actual))", nil
            )
        }
        return (
            nil,
            BatchOrigins(
                sections: UnsafeBufferPointer(start: out.section_origins, count: after.count).map { $0 < 0 ? nil : Int($0) },
                rows: UnsafeBufferPointer(start: out.element_origins, count: out.element_count).map(Int.init))
        )
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
