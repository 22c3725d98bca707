// What UIKit-style list views share in the stand-ins: the counts they show and the checks
// UIKit makes on a batch. Not SDK-shaped: the stand-in modules build on it.

import Foundation

/// The counts a list view shows, and the batch bookkeeping shared by both views.
@MainActor
public final class ListState {
    /// A view that has not loaded its counts yet.
    public init() {}
    /// Each section's item count as the view shows it; nil until loaded.
    public var counts: [Int]?
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
    /// Full reloads so far.
    public var fullReloads = 0

    /// The counts shown, loaded with `load` (the data source's counts) the first time.
    public func shownCounts(_ load: () -> [Int]) -> [Int] {
        if counts == nil { counts = load() }
        return counts!
    }

    /// Shows the data source's counts again.
    public func reload(_ load: () -> [Int]) {
        counts = load()
        fullReloads += 1
    }

    /// Performs `updates` as one batch: records its operations, checks them against the
    /// counts before and `load()` after, shows the new counts, and calls `completion` once the
    /// animations end (on a later turn of the main actor). Returns the first failure.
    public func performBatch(_ updates: (() -> Void)?, load: () -> [Int], completion: ((Bool) -> Void)?) -> String? {
        _ = shownCounts(load)
        clearBatch()
        updates?()
        let after = load()
        let failure = check(after: after)
        counts = after
        batchesPerformed += 1
        if let completion {
            pendingCompletions.append(completion)
            Task { @MainActor [self] in finishAnimations(self) }
        }
        return failure
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
        let removed = Set(deletedSections + movedSections.map(\.0)), placed = Set(insertedSections + movedSections.map(\.1))
        var origin = [Int?](repeating: nil, count: after.count)
        for (s, t) in movedSections { origin[t] = s }
        var staying = before.indices.filter { !removed.contains($0) }.makeIterator()
        for t in after.indices where !placed.contains(t) { origin[t] = staying.next() }
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

/// Stand-in only: the animations of finished batches end; their completions run now.
@MainActor
public func finishAnimations(_ state: ListState) {
    let completions = state.pendingCompletions
    state.pendingCompletions = []
    completions.forEach { $0(true) }
}
