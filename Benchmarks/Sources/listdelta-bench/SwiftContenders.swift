import Baselines
import ColdCaches
import ListDelta
import Workloads

/// ListDelta end to end: models in, a `StagedChangeset` out; with an evictor, each timed run
/// after the caches' eviction (a cold row).
struct EndToEndContender {
    var algorithm = DiffAlgorithm.heckel
    var evictor: CacheEvictor?

    private var suffix: String { evictor == nil ? "" : Row.coldSuffix }

    func measure<Element: Differentiable>(source: [Element], target: [Element], runs: Int) -> Row {
        var moves = 0
        let timing = Timing.measure(runs: runs, prepare: { evictor?.evict() }) {
            moves = diff(source, target).reduce(0) { $0 + $1.elementMoved.count }
        }
        let name = (algorithm == .heckel ? "ListDelta end-to-end" : "ListDelta LCS end-to-end") + suffix
        return AllocationCounter.annotate(
            Row(name: name, timing: timing, moves: moves),
            elementCount: source.count + target.count
        ) {
            _ = diff(source, target)
        }
    }

    private func diff<Element: Differentiable>(_ source: [Element], _ target: [Element]) -> StagedChangeset<[Element]> {
        guard algorithm != .heckel else { return StagedChangeset(source: source, target: target) }
        do {
            return try StagedChangeset(source: source, target: target, section: 0, algorithm: algorithm)
        } catch {
            preconditionFailure("the LCS diff failed: \(error)")
        }
    }

    /// A first diff: the pool's workspaces purged before every run, so the core allocates and
    /// touches fresh memory.
    func measureFirstDiff<Element: Differentiable>(source: [Element], target: [Element], runs: Int) -> Row {
        let clock = ContinuousClock()
        var timing = Timing(runs: [])
        for _ in 0..<runs {
            ListDeltaMemory.purge()
            let elapsed = clock.measure { _ = StagedChangeset(source: source, target: target) }
            timing.runs.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        return AllocationCounter.annotate(
            Row(name: "ListDelta end-to-end, first diff", timing: timing, moves: nil),
            elementCount: source.count + target.count
        ) {
            ListDeltaMemory.purge()
            _ = StagedChangeset(source: source, target: target)
        }
    }

    func measureSections<Model, Element>(
        source: [ArraySection<Model, Element>], target: [ArraySection<Model, Element>], runs: Int
    ) -> Row {
        var moves = 0
        let timing = Timing.measure(runs: runs, prepare: { evictor?.evict() }) {
            let staged = StagedChangeset(source: source, target: target)
            moves = staged.reduce(0) { $0 + $1.elementMoved.count + $1.sectionMoved.count }
        }
        let elements = source.reduce(0) { $0 + $1.elements.count } + target.reduce(0) { $0 + $1.elements.count }
        return AllocationCounter.annotate(
            Row(name: "ListDelta end-to-end" + suffix, timing: timing, moves: moves),
            elementCount: elements
        ) {
            _ = StagedChangeset(source: source, target: target)
        }
    }
}

/// `apply(to:)`: the end-to-end changeset replayed on its source as a list view would, which
/// tests use to check every diff; linear in the list per stage, so a bounded ratio to the diff.
struct ApplyContender {
    func measure<Element: Differentiable & Equatable>(source: [Element], target: [Element], runs: Int) -> Row {
        let staged = StagedChangeset(source: source, target: target)
        var result: [Element] = []
        let timing = Timing.measure(runs: runs) {
            do {
                result = try staged.apply(to: source)
            } catch {
                preconditionFailure("a diff's own changeset failed to apply: \(error)")
            }
        }
        precondition(result == target, "apply(to:) did not reproduce the target")
        return AllocationCounter.annotate(
            Row(name: "ListDelta apply(to:)", timing: timing, moves: nil), elementCount: source.count + target.count
        ) {
            _ = try? staged.apply(to: source)
        }
    }
}

/// A dictionary-based Heckel in plain Swift, as popular libraries write it, returning what
/// their flat staged changesets hold.
struct PlainHeckelContender {
    func measure<Element: Hashable>(source: [Element], target: [Element], runs: Int) -> Row {
        var moves = 0
        let timing = Timing.measure(runs: runs) {
            moves = PlainHeckelDiff(source: source, target: target).moved.count
        }
        return AllocationCounter.annotate(
            Row(name: "plain-Swift Heckel", timing: timing, moves: moves),
            elementCount: source.count + target.count
        ) {
            _ = PlainHeckelDiff(source: source, target: target)
        }
    }
}

/// The standard library's `difference(from:)`, with and without `inferringMoves()`.
struct StandardLibraryContender {
    /// Above this many edits the stdlib's O((n+m)·D) search runs for minutes; skip it.
    static let editLimit = 30_000

    func measure<Element: Hashable>(source: [Element], target: [Element], edits: Int, runs: Int) -> [Row] {
        guard edits <= Self.editLimit else {
            let note = "skipped: about \(edits) edits make its O((n+m)·D) search run for minutes"
            return [
                Row(name: "stdlib difference(from:)", note: note),
                Row(name: "stdlib + inferringMoves()", note: note),
            ]
        }
        let stdlibRuns = min(runs, 3)
        let plain = Timing.measure(runs: stdlibRuns) { _ = target.difference(from: source) }
        var moves = 0
        let inferring = Timing.measure(runs: stdlibRuns) {
            moves = target.difference(from: source).inferringMoves().reduce(0) { count, change in
                if case let .insert(_, _, associatedWith) = change, associatedWith != nil { return count + 1 }
                return count
            }
        }
        let elements = source.count + target.count
        return [
            AllocationCounter.annotate(Row(name: "stdlib difference(from:)", timing: plain, moves: 0), elementCount: elements) {
                _ = target.difference(from: source)
            },
            AllocationCounter.annotate(
                Row(name: "stdlib + inferringMoves()", timing: inferring, moves: moves), elementCount: elements
            ) {
                _ = target.difference(from: source).inferringMoves()
            },
        ]
    }
}
