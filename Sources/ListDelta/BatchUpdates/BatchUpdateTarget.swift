/// A list view that performs batch updates: what `UITableView` and `UICollectionView` do,
/// stated without UIKit so that the same code runs (and is tested) on every platform.
///
/// Paths follow UIKit's rules: deletes, reloads and move sources before the batch; inserts
/// and move targets after it.
@MainActor
public protocol BatchUpdateTarget {
    /// Whether animated batch updates can run now; UIKit views answer whether they are in a
    /// window. When false, ``reload(using:interrupt:setData:)`` sets the final data and
    /// reloads instead.
    var canPerformBatchUpdates: Bool { get }
    /// Reloads everything from the data source.
    func reloadData()
    /// Performs `updates` as one animated batch.
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?)
    /// Deletes `sections`, by their index before the batch.
    func deleteSections(at sections: [Int])
    /// Inserts `sections`, by their index after the batch.
    func insertSections(at sections: [Int])
    /// Reloads `sections`, by their index before the batch.
    func reloadSections(at sections: [Int])
    /// Moves section `source` (before the batch) to index `target` (after it).
    func moveSection(from source: Int, to target: Int)
    /// Deletes the elements at `paths`, before the batch.
    func deleteElements(at paths: [ElementPath])
    /// Inserts elements at `paths`, after the batch.
    func insertElements(at paths: [ElementPath])
    /// Reloads the elements at `paths`, before the batch.
    func reloadElements(at paths: [ElementPath])
    /// Moves the element at `source` (before the batch) to `target` (after it).
    func moveElement(from source: ElementPath, to target: ElementPath)
}

extension BatchUpdateTarget {
    /// Performs the operations of `batch`; call it inside ``performBatch(_:completion:)``.
    public func perform(_ batch: BatchUpdate) {
        if !batch.deletedSections.isEmpty { deleteSections(at: batch.deletedSections) }
        if !batch.insertedSections.isEmpty { insertSections(at: batch.insertedSections) }
        if !batch.reloadedSections.isEmpty { reloadSections(at: batch.reloadedSections) }
        for move in batch.movedSections { moveSection(from: move.source, to: move.target) }
        if !batch.deletedElements.isEmpty { deleteElements(at: batch.deletedElements) }
        if !batch.insertedElements.isEmpty { insertElements(at: batch.insertedElements) }
        if !batch.reloadedElements.isEmpty { reloadElements(at: batch.reloadedElements) }
        for move in batch.movedElements { moveElement(from: move.source, to: move.target) }
    }

    /// Animates the stages of `stagedChangeset`, one batch each, setting each stage's data
    /// inside its batch so that the view and its data source never disagree.
    ///
    /// ```swift
    /// collectionView.reload(using: StagedChangeset(source: items, target: newItems)) { data in
    ///     items = data
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - stagedChangeset: the stages to perform.
    ///   - interrupt: asked before each stage; returning true sets the final data and calls
    ///     ``reloadData()`` instead of animating the rest (for example, for huge changes).
    ///   - setData: installs a stage's data in the data source.
    public func reload<C>(
        using stagedChangeset: StagedChangeset<C>,
        interrupt: ((Changeset<C>) -> Bool)? = nil,
        setData: (C) -> Void
    ) {
        guard let final = stagedChangeset.last?.data else { return }
        guard canPerformBatchUpdates else {
            setData(final)
            reloadData()
            return
        }
        for changeset in stagedChangeset {
            if let interrupt, interrupt(changeset) {
                setData(final)
                reloadData()
                return
            }
            performBatch(
                {
                    setData(changeset.data)
                    perform(BatchUpdate(changeset))
                }, completion: nil)
        }
    }
}
