/// What `listdelta-bench` needs to time a diffable data source without UIKit or AppKit: a data
/// source driving any ``BatchUpdateTarget``.
extension DiffableDataSource {
    /// A data source driving `view`, a stand-in for a table or collection view that shows
    /// its sections apart, keyed by item identifier as Apple's data sources are; `view` has no
    /// animations to turn off.
    /// - Parameter view: The view the batches go to.
    @_spi(Benchmarks)
    public convenience init(benchmarkView view: any BatchUpdateTarget) {
        self.init(view: view, keying: .item, withoutAnimation: { $0() })
    }
}
