/// What `listdelta-bench` needs to time a diffable data source without UIKit or AppKit: a data
/// source driving any ``BatchUpdateTarget``, and the snapshot a section snapshot makes.
extension DiffableDataSource {
    /// A data source driving `view`, a stand-in for a table or collection view that shows
    /// its sections apart, keyed by item identifier as Apple's data sources are; `view` has no
    /// animations to turn off.
    /// - Parameter view: The view the batches go to.
    @_spi(Benchmarks)
    public convenience init(benchmarkView view: any BatchUpdateTarget) {
        self.init(view: view, keying: .item, withoutAnimation: { $0() })
    }

    /// The snapshot the data source shows once `sectionSnapshot` is applied to `section`, as
    /// `CollectionViewDiffableDataSource.apply(_:to:animatingDifferences:completion:)` builds
    /// it: ``snapshot()`` with the section's items replaced by the outline's visible items (the
    /// section appended when the snapshot has none). Applying the result is the rest of that
    /// method's work.
    /// - Parameters:
    ///   - sectionSnapshot: The section's items, as an outline.
    ///   - section: The section it replaces.
    /// - Returns: The whole snapshot to apply.
    /// - Complexity: O(*n* + *k*) for *n* items in the outline and *k* in the section it
    ///   replaces.
    @_spi(Benchmarks)
    public func snapshot(
        applying sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType
    ) -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        var whole = core.snapshot
        whole.setItems(sectionSnapshot.visibleItems, ofSection: section)
        return whole
    }
}
