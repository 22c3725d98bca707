import ArgumentParser
import ListDelta
import Workloads

/// End-to-end diffs for callgrind to count, each through a function of its own that
/// `valgrind --toggle-collect='*countedDiff*'` names: models in, a `StagedChangeset` out, on a
/// warm workspace (one diff runs first, outside them). `scripts/perf-check` divides the count by
/// the diffs.
enum CountedDiffs {
    static func run(_ workload: BenchCommand.WorkloadName, diffs: Int) throws {
        switch workload {
        case .w100:
            let w100 = FlatWorkload.w100
            _ = StagedChangeset(source: w100.source, target: w100.target)
            repeatDiffs(diffs) { countedDiffW100(w100.source, w100.target) }
        case .wscreen:
            let source = SectionedWorkload.wscreen.source.map { ArraySection(model: $0.model, elements: $0.items) }
            let target = SectionedWorkload.wscreen.target.map { ArraySection(model: $0.model, elements: $0.items) }
            _ = StagedChangeset(source: source, target: target)
            repeatDiffs(diffs) { countedDiffWscreen(source, target) }
        case .wapp:
            let wapp = AppWorkload.wapp()
            let source = AppWorkload.arraySections(wapp.source), target = AppWorkload.arraySections(wapp.target)
            _ = StagedChangeset(source: source, target: target)
            repeatDiffs(diffs) { countedDiffWapp(source, target) }
        default:
            throw ValidationError("--counted-diffs runs W100, Wscreen or Wapp")
        }
    }

    private static func repeatDiffs(_ diffs: Int, _ diff: () -> Int) {
        var stages = 0
        for _ in 0..<diffs { stages &+= diff() }
        print("\(diffs) counted diffs (\(stages) stages)")
    }
}

@inline(never)
func countedDiffW100(_ source: [Int], _ target: [Int]) -> Int {
    StagedChangeset(source: source, target: target).count
}

@inline(never)
func countedDiffWscreen(_ source: [ArraySection<Int, Int>], _ target: [ArraySection<Int, Int>]) -> Int {
    StagedChangeset(source: source, target: target).count
}

@inline(never)
func countedDiffWapp<Model, Element>(_ source: [ArraySection<Model, Element>], _ target: [ArraySection<Model, Element>]) -> Int {
    StagedChangeset(source: source, target: target).count
}
