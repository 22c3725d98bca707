@_spi(Benchmarks) import ListDelta

/// `Wsnapshot`'s outline (Benchmarks/README.md): 10 roots, each with 9 children, each with 110
/// grandchildren, 10,000 items numbered `0 ..< 10,000` depth first, so that root `r` is item
/// `1,000·r` and its subtree the items `1,000·r ..< 1,000·r + 1,000`.
struct OutlineWorkload {
    typealias Outline = DiffableDataSourceSectionSnapshot<Int>

    /// The root items.
    let roots: [Int]
    /// The children of each root, by the root's position.
    let children: [[Int]]
    /// The children of each child, by the child's position among all children (root after root).
    let grandchildren: [[Int]]

    init() {
        var roots: [Int] = [], children: [[Int]] = [], grandchildren: [[Int]] = []
        var next = 0
        for _ in 0..<10 {
            roots.append(next)
            next += 1
            var ofRoot: [Int] = []
            for _ in 0..<9 {
                ofRoot.append(next)
                grandchildren.append(Array(next + 1...next + 110))
                next += 111
            }
            children.append(ofRoot)
        }
        (self.roots, self.children, self.grandchildren) = (roots, children, grandchildren)
    }

    /// The outline built as its items come depth first: each root, then each of its children
    /// followed by the child's children, every append at the end of the outline.
    func buildAtTheEnd() -> Outline {
        var outline = Outline()
        for (r, root) in roots.enumerated() {
            outline.append([root])
            for (c, child) in children[r].enumerated() {
                outline.append([child], to: root)
                outline.append(grandchildren[r * 9 + c], to: child)
            }
        }
        return outline
    }

    /// The outline built at the end, all collapsed, and a copy with every item expanded.
    func collapsedAndExpanded() -> (collapsed: Outline, expanded: Outline) {
        let collapsed = buildAtTheEnd()
        var expanded = collapsed
        expanded.expand(collapsed.items)
        return (collapsed, expanded)
    }

    /// The outline built as Apple's outline sample builds one: the roots at once, then each
    /// root's children at once, each followed by its children's children, so that most appends
    /// go into the middle of the outline.
    func buildSiblingsFirst() -> Outline {
        var outline = Outline()
        outline.append(roots)
        for (r, root) in roots.enumerated() {
            outline.append(children[r], to: root)
            for (c, child) in children[r].enumerated() {
                outline.append(grandchildren[r * 9 + c], to: child)
            }
        }
        return outline
    }
}

extension SnapshotWorkload {
    /// The rows on `DiffableDataSourceSectionSnapshot`: building the outline, expanding and
    /// collapsing all of it, reading its visible items, and the whole snapshot a data source
    /// makes of it.
    static func outlineRows(row: (String, () -> Void) -> Void) {
        let workload = OutlineWorkload()
        row("outline of 10,000 items: build, appending at the end") { blackHole(workload.buildAtTheEnd()) }
        row("outline of 10,000 items: build, siblings first") { blackHole(workload.buildSiblingsFirst()) }
        let (built, expanded) = workload.collapsedAndExpanded(), all = built.items
        row("outline of 10,000 items: build, then expand all") {
            var outline = workload.buildAtTheEnd()  // expanding builds its look-up table
            outline.expand(all)
            blackHole(outline)
        }
        row("outline of 10,000 items: expand all") {
            var outline = built  // its look-up table, shared by the copies, already built
            outline.expand(all)
            blackHole(outline)
        }
        row("outline of 10,000 items: collapse all") {
            var outline = expanded
            outline.collapse(all)
            blackHole(outline)
        }
        row("outline of 10,000 items: visibleItems, all expanded") { blackHole(expanded.visibleItems) }
        let (showsCollapsed, _) = MainActor.assumeIsolated { dataSource(showingOutline: built) }
        row("outline of 10,000 items: the data source's whole snapshot, all expanded") {
            blackHole(MainActor.assumeIsolated { showsCollapsed.snapshot(applying: expanded, to: 0) })
        }
    }

    /// The rows on a diffable data source's `apply` on the main thread, diffing and batching
    /// to a view: Wsnapshot's flat snapshots in turn, and the outline expanded and collapsed.
    static func applyRows(runs: Int, row: (String, () -> Void) -> Void, timedRow: (String, () -> Timing) -> Void) {
        let (source, target) = diffPair()
        let (built, expanded) = OutlineWorkload().collapsedAndExpanded()
        // The data sources and their views are the main actor's, and so is this thread (the
        // command's `run`).
        let (flat, flatView) = MainActor.assumeIsolated { dataSource { _ in source } }
        var showsSource = true
        row("apply 10,000 items on the main thread, diff and batch") {
            let next = showsSource ? target : source  // source and target in turn: every apply diffs
            MainActor.assumeIsolated { flat.apply(next) }
            showsSource.toggle()
        }
        MainActor.assumeIsolated { flatView.checkEveryApplyBatched(flat) }

        let (outline, outlineView) = MainActor.assumeIsolated { dataSource(showingOutline: built) }
        func apply(_ sectionSnapshot: OutlineWorkload.Outline) {
            MainActor.assumeIsolated { outline.apply(outline.snapshot(applying: sectionSnapshot, to: 0)) }
        }
        timedRow("apply a section snapshot: expand all (10 → 10,000 rows)") {
            Timing.measure(runs: runs, setup: { apply(built) }) { apply(expanded) }
        }
        timedRow("apply a section snapshot: collapse all (10,000 → 10 rows)") {
            Timing.measure(runs: runs, setup: { apply(expanded) }) { apply(built) }
        }
        MainActor.assumeIsolated { outlineView.checkEveryApplyBatched(outline) }
    }

    /// A data source of one section, 0, showing `outline`, and its view. Its every snapshot
    /// comes from section snapshots, as in an app that only applies section snapshots (Apple's
    /// outline sample): the first is the empty data source's with section 0 holding `outline`'s
    /// visible items.
    @MainActor
    static func dataSource(showingOutline outline: OutlineWorkload.Outline) -> (DiffableDataSource<Int, Int>, CountingView) {
        dataSource { $0.snapshot(applying: outline, to: 0) }
    }

    /// A data source showing the snapshot `initial` makes of it, reloaded into its view, and
    /// the view.
    @MainActor
    static func dataSource(
        showing initial: (DiffableDataSource<Int, Int>) -> Snapshot
    ) -> (DiffableDataSource<Int, Int>, CountingView) {
        let view = CountingView()
        let dataSource = DiffableDataSource<Int, Int>(benchmarkView: view)
        view.dataSourceCounts = { [unowned dataSource] in CountingView.counts(of: dataSource.snapshot()) }
        dataSource.applySnapshotUsingReloadData(initial(dataSource))
        return (dataSource, view)
    }
}

/// A list view in a window that performs each batch at once, keeping the count of every section
/// in step as UIKit's views do, and reads its data source's counts when reloaded. The Wsnapshot
/// applies keep their sections: an operation on sections stops the program. With `scrolls`, it
/// scrolls as a table of rows of one height does, for scroll anchoring (Wanchor).
@MainActor
final class CountingView: BatchUpdateTarget, ScrollAnchoringView {
    /// The count of every section of the data source, read by ``reloadData()``.
    var dataSourceCounts: () -> [Int] = { [] }
    var counts: [Int] = []
    private(set) var reloads = 0
    /// Whether the view scrolls: its rows are `rowHeight` high, one section after another.
    var scrolls = false
    var offset = 0.0
    nonisolated static let rowHeight = 44.0, length = 800.0

    var scrollAnchoringView: (any ScrollAnchoringView)? { scrolls ? self : nil }
    var viewport: ScrollViewport {
        ScrollViewport(
            offset: offset, length: Self.length, contentLength: Double(counts.reduce(0, +)) * Self.rowHeight,
            leadingInset: 0, trailingInset: 0)
    }
    var isUserScrolling: Bool { false }
    var visibleElements: [VisibleElement] {
        var first = 0
        return counts.indices.flatMap { section -> [VisibleElement] in
            defer { first += counts[section] }
            let top = Int(offset / Self.rowHeight) - first, bottom = Int((offset + Self.length) / Self.rowHeight) - first
            let lower = max(0, top), upper = min(counts[section], bottom + 1)
            return lower >= upper
                ? []
                : (lower..<upper).map {
                    VisibleElement(
                        path: ElementPath(element: $0, section: section), leadingEdge: Double(first + $0) * Self.rowHeight)
                }
        }
    }
    func layoutIfNeeded() {}
    func leadingEdge(ofElementAt path: ElementPath) -> Double? {
        Double(counts[..<path.section].reduce(0, +) + path.element) * Self.rowHeight
    }
    func setScrollOffset(_ offset: Double) { self.offset = offset }

    /// The count of every section of `snapshot`, in order.
    static func counts(of snapshot: DiffableDataSourceSnapshot<Int, Int>) -> [Int] {
        snapshot.sectionIdentifiers.map { snapshot.numberOfItems(inSection: $0) }
    }

    /// Stops the program unless every apply since the first reload was a batch, and the view
    /// shows as many items in each section as `dataSource` holds.
    func checkEveryApplyBatched(_ dataSource: DiffableDataSource<Int, Int>) {
        precondition(reloads == 1, "CountingView: \(reloads - 1) applies reloaded the view instead of batching")
        precondition(counts == Self.counts(of: dataSource.snapshot()), "CountingView: counts out of step")
    }

    var canPerformBatchUpdates: Bool { true }
    var numberOfSections: Int { counts.count }
    func numberOfElements(inSection section: Int) -> Int { counts[section] }
    func reloadData() {
        reloads += 1
        counts = dataSourceCounts()
    }
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        updates()
        completion?(true)  // no animation to wait for
    }
    func deleteSections(at sections: [Int]) { sectionsChanged() }
    func insertSections(at sections: [Int]) { sectionsChanged() }
    func reloadSections(at sections: [Int]) { sectionsChanged() }
    func moveSection(from source: Int, to target: Int) { sectionsChanged() }
    func deleteElements(at paths: [ElementPath]) { for path in paths { counts[path.section] -= 1 } }
    func insertElements(at paths: [ElementPath]) { for path in paths { counts[path.section] += 1 } }
    func reloadElements(at paths: [ElementPath]) {}
    func moveElement(from source: ElementPath, to target: ElementPath) {
        counts[source.section] -= 1
        counts[target.section] += 1
    }

    private func sectionsChanged() -> Never {
        preconditionFailure("CountingView: the Wsnapshot applies keep their sections")
    }
}

extension Timing {
    /// As ``measure(runs:budgetSeconds:_:)``, with `setup` run untimed before every run of
    /// `work`, the warm-up's included.
    static func measure(runs: Int, budgetSeconds: Double = 8, setup: () -> Void, _ work: () -> Void) -> Timing {
        setup()
        work()
        var timing = Timing(runs: [])
        var spent = 0.0
        let clock = ContinuousClock()
        while timing.runs.count < runs && (timing.runs.count < 3 || spent < budgetSeconds) {
            setup()
            let elapsed = clock.measure(work)
            let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
            timing.runs.append(milliseconds)
            spent += milliseconds / 1e3
        }
        return timing
    }
}
