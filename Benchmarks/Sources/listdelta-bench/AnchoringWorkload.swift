@_spi(Benchmarks) import ListDelta

/// `Wanchor` (Benchmarks/README.md): what scroll anchoring adds to a batch, with anchoring off
/// and on in one run: a diffable data source's `apply` of Wsnapshot's 10,000-item snapshots in
/// turn, and a `reload` of 100,000 rows with 1,000 inserted above the rows on screen.
enum AnchoringWorkload {
    /// A list row identified by its number.
    struct ListRow: Hashable, Differentiable {
        let id: Int
    }

    static func measure(runs: Int, wants: (String) -> Bool, step: (String) -> Void) -> Table {
        var rows: [Row] = []
        func timedRow(_ name: String, _ measure: () -> Timing) {
            guard wants(name) else { return }
            step(name)
            rows.append(Row(name: name, timing: measure()))
        }
        let (source, target) = SnapshotWorkload.diffPair()
        for anchor in [nil, ScrollAnchor.visibleContent] {
            let (dataSource, view) = MainActor.assumeIsolated { SnapshotWorkload.dataSource { _ in source } }
            MainActor.assumeIsolated {
                (view.scrolls, view.offset) = (true, 5_000 * CountingView.rowHeight)
                dataSource.scrollAnchor = anchor
            }
            var showsSource = true
            timedRow("apply 10,000 items, diff and batch, anchoring \(anchor.map { "\($0)" } ?? "off")") {
                Timing.measure(runs: runs) {
                    let next = showsSource ? target : source
                    MainActor.assumeIsolated { dataSource.apply(next) }
                    showsSource.toggle()
                }
            }
            MainActor.assumeIsolated { view.checkEveryApplyBatched(dataSource) }
        }
        let shown = (0..<100_000).map(ListRow.init), above = (-1_000..<0).map(ListRow.init)
        let staged = StagedChangeset(source: shown, target: above + shown)
        for anchor in [nil, ScrollAnchor.visibleContent] {
            let view = MainActor.assumeIsolated { CountingView() }
            timedRow("reload 100,000 rows, 1,000 inserted above the screen, anchoring \(anchor.map { "\($0)" } ?? "off")") {
                Timing.measure(
                    runs: runs,
                    setup: {
                        MainActor.assumeIsolated {
                            (view.counts, view.scrolls, view.offset) = ([100_000], true, 50_000 * CountingView.rowHeight)
                        }
                    }
                ) {
                    MainActor.assumeIsolated { view.reload(using: staged, anchoring: anchor) { _ in } }
                }
            }
            let kept = MainActor.assumeIsolated { view.offset }
            precondition(
                kept == (anchor == nil ? 50_000 : 51_000) * CountingView.rowHeight,
                "Wanchor: the reload left the offset at \(kept)")
        }
        return Table(
            workload: "Wanchor",
            detail:
                "scroll anchoring off and on: a data source's apply of two 10,000-item snapshots in turn, and a reload "
                + "of 100,000 rows with 1,000 inserted above the 19 rows on screen",
            reference: rows.first?.name ?? "", rows: rows)
    }
}
