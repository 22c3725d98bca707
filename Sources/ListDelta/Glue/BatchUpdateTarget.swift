/// A list view that performs batch updates: what `UITableView`, `UICollectionView`,
/// `NSTableView` and `NSCollectionView` do, stated without UIKit or AppKit so that the same
/// code runs (and is tested) on every platform.
///
/// Paths follow UIKit's rules: deletes, reloads and move sources before the batch; inserts
/// and move targets after it.
@MainActor
public protocol BatchUpdateTarget {
    /// Whether animated batch updates can run now; views answer whether they are in a
    /// window. When false, ``reload(using:interrupt:reconfiguringUpdates:completion:setData:)``
    /// sets the final data and reloads instead.
    var canPerformBatchUpdates: Bool { get }
    /// The number of sections the view shows now (not what its data source holds).
    var numberOfSections: Int { get }
    /// The number of elements the view shows now in `section`, one of its sections.
    func numberOfElements(inSection section: Int) -> Int
    /// Reloads everything from the data source.
    func reloadData()
    /// Performs `updates` as one animated batch, then calls `completion`, if given, exactly
    /// once when its animations ended (`true` if they ran to the end).
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
    /// Reloads the elements at `paths`, before the batch: their cells are replaced.
    func reloadElements(at paths: [ElementPath])
    /// Updates the elements at `paths`, before the batch, in their existing cells. Views that
    /// cannot (UIKit before iOS 15) reload them instead, which the default implementation does.
    func reconfigureElements(at paths: [ElementPath])
    /// Moves the element at `source` (before the batch) to `target` (after it).
    func moveElement(from source: ElementPath, to target: ElementPath)
    /// Performs the operations of `batch` inside ``performBatch(_:completion:)``. The default
    /// calls the operation methods above in UIKit's order; a view whose calls act at once on
    /// its rows, as NSTableView's do, translates the batch instead.
    func perform(_ batch: BatchUpdate, reconfiguringUpdates: Bool)
    /// The view as ``ScrollAnchor`` adjusts it; nil, the default, for a view that cannot be
    /// anchored (one that does not scroll, or an AppKit view outside a scroll view).
    var scrollAnchoringView: (any ScrollAnchoringView)? { get }
}

extension BatchUpdateTarget {
    /// Reloads the elements at `paths`: the fallback for views that cannot reconfigure.
    public func reconfigureElements(at paths: [ElementPath]) { reloadElements(at: paths) }

    /// Nil: a view cannot be anchored unless its target says how.
    public var scrollAnchoringView: (any ScrollAnchoringView)? { nil }

    /// Performs the operations of `batch` by calling the operation methods in UIKit's order;
    /// call it inside ``performBatch(_:completion:)``.
    ///
    /// - Parameters:
    ///   - batch: the operations of one batch.
    ///   - reconfiguringUpdates: whether the elements in ``BatchUpdate/elementUpdated`` are
    ///     reconfigured in their cells instead of reloaded.
    public func perform(_ batch: BatchUpdate, reconfiguringUpdates: Bool = false) {
        for kind in BatchOperationKind.viewOrder {
            switch kind {
            case .sectionsDeleted where !batch.sectionDeleted.isEmpty: deleteSections(at: batch.sectionDeleted)
            case .sectionsInserted where !batch.sectionInserted.isEmpty: insertSections(at: batch.sectionInserted)
            case .sectionsReloaded where !batch.sectionUpdated.isEmpty: reloadSections(at: batch.sectionUpdated)
            case .sectionsMoved: for move in batch.sectionMoved { moveSection(from: move.source, to: move.target) }
            case .elementsDeleted where !batch.elementDeleted.isEmpty: deleteElements(at: batch.elementDeleted)
            case .elementsInserted where !batch.elementInserted.isEmpty: insertElements(at: batch.elementInserted)
            case .elementsReloaded where !batch.elementUpdated.isEmpty:
                if reconfiguringUpdates {
                    reconfigureElements(at: batch.elementUpdated)
                } else {
                    reloadElements(at: batch.elementUpdated)
                }
            case .elementsMoved: for move in batch.elementMoved { moveElement(from: move.source, to: move.target) }
            default: break
            }
        }
    }

    /// Animates the stages of `stagedChangeset`, one batch each, setting each stage's data
    /// inside its batch so that the view and its data source never disagree.
    ///
    /// ```swift
    /// target.reload(using: StagedChangeset(source: items, target: newItems)) { data in
    ///     items = data
    /// }
    /// ```
    ///
    /// Before each stage it compares the counts the view shows with those the stage starts
    /// from, in O(sections). If they differ, the data changed behind the diff's back and the
    /// batch would raise UIKit's `NSInternalInconsistencyException`: it sets the final data and
    /// reloads instead, and says so in `completion` (and, in debug builds, in the console).
    ///
    /// - Parameters:
    ///   - stagedChangeset: the stages to perform.
    ///   - interrupt: asked before each stage; returning true sets the final data and calls
    ///     ``reloadData()`` instead of animating the rest (for example, for huge changes).
    ///   - reconfiguringUpdates: whether updated elements are reconfigured in their cells
    ///     (``reconfigureElements(at:)``) instead of reloaded.
    ///   - completion: called once, after the last stage's animations ended or right after a
    ///     reload, with how the view got its final data.
    ///   - setData: installs a stage's data in the data source.
    public func reload<C>(
        using stagedChangeset: StagedChangeset<C>,
        interrupt: ((Changeset<C>) -> Bool)? = nil,
        reconfiguringUpdates: Bool = false,
        completion: ((ReloadOutcome) -> Void)? = nil,
        setData: (C) -> Void
    ) {
        reload(
            using: stagedChangeset, interrupt: interrupt, reconfiguringUpdates: reconfiguringUpdates, anchoring: nil,
            completion: completion, setData: setData)
    }

    /// Animates the stages of `stagedChangeset` as
    /// ``reload(using:interrupt:reconfiguringUpdates:completion:setData:)`` does, keeping in
    /// place what `anchoring` says through each stage's batch (through the view's
    /// ``scrollAnchoringView``): the rows on screen are read before the batch, and the offset
    /// is set once the view has laid it out, before the batch's animations run.
    ///
    /// - Parameters:
    ///   - stagedChangeset: the stages to perform.
    ///   - interrupt: asked before each stage; returning true sets the final data and reloads.
    ///   - reconfiguringUpdates: whether updated elements are reconfigured in their cells.
    ///   - anchoring: what the view keeps in place; nil keeps the content offset, as UIKit does.
    ///   - completion: called once, after the last stage's animations ended or right after a
    ///     reload, with how the view got its final data.
    ///   - setData: installs a stage's data in the data source.
    /// - Complexity: Anchoring adds O((k + r) log k) per batch of k operations with r rows on
    ///   screen, besides the view's own layout.
    public func reload<C>(
        using stagedChangeset: StagedChangeset<C>,
        interrupt: ((Changeset<C>) -> Bool)? = nil,
        reconfiguringUpdates: Bool = false,
        anchoring: ScrollAnchor?,
        completion: ((ReloadOutcome) -> Void)? = nil,
        setData: (C) -> Void
    ) {
        guard let final = stagedChangeset.last?.data else {
            completion?(.animated(finished: true))
            return
        }
        func reloadInstead(_ reason: ReloadOutcome.Reason) {
            setData(final)
            reloadData()
            #if DEBUG
                if case .viewOutOfSync = reason { print("ListDelta: \(reason); the view was reloaded instead of animated") }
            #endif
            completion?(.reloaded(reason))
        }
        guard canPerformBatchUpdates else { return reloadInstead(.notInWindow) }
        for (index, changeset) in stagedChangeset.enumerated() {
            if let interrupt, interrupt(changeset) { return reloadInstead(.interrupted) }
            let batch = BatchUpdate(changeset)
            let section = batch.flatSection(changeset.layout)
            // A diff's batches carry the core's counts (a flat list's later ones, the count of the
            // batch before's data); a hand-built one's come from its data.
            let expected =
                if let counts = changeset.countsBefore {
                    ExpectedCounts(counts: counts, layout: changeset.layout, section: section)
                } else if index > 0 {
                    ExpectedCounts(
                        counts: changeset.shape.elementCounts(stagedChangeset[index - 1].data)[...],
                        layout: changeset.layout, section: section)
                } else {
                    ExpectedCounts(
                        before: batch, after: changeset.shape.elementCounts(changeset.data), layout: changeset.layout)
                }
            if let mismatch = expected.mismatch(with: self) { return reloadInstead(.viewOutOfSync(mismatch)) }
            let isLast = index == stagedChangeset.count - 1
            let anchor = AnchorPlan(anchoring, for: batch, on: scrollAnchoringView)
            performBatch(
                {
                    setData(changeset.data)
                    perform(batch, reconfiguringUpdates: reconfiguringUpdates)
                },
                completion: isLast ? completion.map { completion in { completion(.animated(finished: $0)) } } : nil)
            anchor?.carryOut()
        }
    }
}
