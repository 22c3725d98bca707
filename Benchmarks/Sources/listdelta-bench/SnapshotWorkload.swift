@_spi(Benchmarks) import ListDelta
import Workloads

/// `Wsnapshot` (Benchmarks/README.md): what an app does with ``DiffableDataSourceSnapshot`` and
/// ``DiffableDataSourceSectionSnapshot``, one row per operation, the diff a diffable data source
/// runs between two snapshots, and its `apply` on the main thread, diff and batch.
enum SnapshotWorkload {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    /// `count` items `0 ..< count` in `sections` sections of equal size, appended section by
    /// section as an app builds a snapshot.
    static func build(items count: Int, sections: Int) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(Array(0..<sections))
        let perSection = count / sections
        for section in 0..<sections {
            snapshot.appendItems(Array(section * perSection..<(section + 1) * perSection), toSection: section)
        }
        return snapshot
    }

    /// The snapshots of the diff row: 10,000 items in 10 sections of 1,000, against
    /// `flat(10,000, 2,000, 2,000, 2,000)` of the same items cut into 10 sections of 1,000.
    static func diffPair() -> (source: Snapshot, target: Snapshot) {
        let flat = FlatWorkload.flat(name: "Wsnapshot", count: 10_000, deletes: 2_000, inserts: 2_000, moves: 2_000)
        var target = Snapshot()
        target.appendSections(Array(0..<10))
        for section in 0..<10 {
            target.appendItems(Array(flat.target[section * 1_000..<(section + 1) * 1_000]), toSection: section)
        }
        return (build(items: 10_000, sections: 10), target)
    }

    static func measure(runs: Int, wants: (String) -> Bool, step: (String) -> Void) -> Table {
        var rows: [Row] = []
        func timedRow(_ name: String, _ measure: () -> Timing) {
            guard wants(name) else { return }
            step(name)
            rows.append(Row(name: name, timing: measure()))
        }
        func row(_ name: String, _ work: () -> Void) {
            timedRow(name) { Timing.measure(runs: runs, work) }
        }
        row("build 10,000 items in 10 sections") { blackHole(build(items: 10_000, sections: 10)) }
        row("build 50,000 items in 10 sections") { blackHole(build(items: 50_000, sections: 10)) }
        row("build 100 sections of 100 items") { blackHole(build(items: 10_000, sections: 100)) }
        let built = build(items: 10_000, sections: 10)
        let everyOther = stride(from: 0, to: 10_000, by: 2).map { $0 }
        row("delete 5,000 of 10,000 items") {
            var snapshot = built
            snapshot.deleteItems(everyOther)
            blackHole(snapshot)
        }
        row("reload 5,000 of 10,000 items") {
            var snapshot = built  // its look-up table, shared by the copies, built by the warm-up
            snapshot.reloadItems(everyOther)
            blackHole(snapshot)
        }
        row("build 10,000 items, then reload 5,000") {
            var snapshot = build(items: 10_000, sections: 10)  // the table built by the reload
            snapshot.reloadItems(everyOther)
            blackHole(snapshot)
        }
        row("itemIdentifiers of 10,000 items, 100 times") {
            var snapshot = built
            snapshot.appendItems([-1])  // a changed snapshot: its tables are built anew
            for _ in 0..<100 { blackHole(snapshot.itemIdentifiers.count) }
        }
        let (source, target) = diffPair()
        row("diff of two 10,000-item snapshots") {
            blackHole(target.stageCount(from: source))  // what a data source's apply computes
        }
        outlineRows(row: row)
        applyRows(runs: runs, row: row, timedRow: timedRow)
        return Table(
            workload: "Wsnapshot",
            detail:
                "DiffableDataSourceSnapshot and DiffableDataSourceSectionSnapshot operations, the diff two snapshots of "
                + "10,000 items take, and a data source's apply on the main thread",
            reference: rows.first?.name ?? "", rows: rows)
    }
}

/// Keeps `value` alive so that the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
