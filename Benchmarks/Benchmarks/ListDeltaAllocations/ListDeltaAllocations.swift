import Benchmark
import CListDelta
import ListDelta
import Workloads

// Allocation counts and memory of ListDelta, checked against the thresholds committed for the
// toolchain in use (Benchmarks/Thresholds/swift-X.Y) by `scripts/perf-check` (package-benchmark's
// static threshold check). Time is not checked
// here: wall clocks are too noisy on shared machines; listdelta-bench checks time ratios.

let w100k = FlatWorkload.w100k()
let wstr100k = (source: w100k.source.map { "item-\($0)" }, target: w100k.target.map { "item-\($0)" })
let wsect = SectionedWorkload.wsect()
let wapp = AppWorkload.wapp()
let wappSections = (source: AppWorkload.arraySections(wapp.source), target: AppWorkload.arraySections(wapp.target))
let w100 = FlatWorkload.w100, w1k = FlatWorkload.w1k
let wscreen = SectionedWorkload.wscreen
let wscreenSections = (
    source: wscreen.source.map { ArraySection(model: $0.model, elements: $0.items) },
    target: wscreen.target.map { ArraySection(model: $0.model, elements: $0.items) }
)
let wscreenApp = AppWorkload.wscreenApp
let wscreenAppSections = (
    source: AppWorkload.arraySections(wscreenApp.source), target: AppWorkload.arraySections(wscreenApp.target)
)
let wsectSections = (
    source: wsect.source.map { ArraySection(model: $0.model, elements: $0.items) },
    target: wsect.target.map { ArraySection(model: $0.model, elements: $0.items) }
)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal, .mallocBytesCount, .peakMemoryResidentDelta],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 20,
        // Tolerances of the static thresholds check, which compares p90 values only: a
        // tolerance at any other percentile is never consulted, and the check never fails.
        thresholds: [
            // A sectioned diff's count wanders by a few allocations between runs.
            .mallocCountTotal: .init(relative: [.p90: 2.0], absolute: [.p90: 8]),
            .mallocBytesCount: .init(relative: [.p90: 5.0]),
            .peakMemoryResidentDelta: .init(relative: [.p90: 25.0], absolute: [.p90: 4_000_000]),
        ]
    )

    // Screen-sized lists: each sample runs a hundred diffs, so that a diff's fixed allocations
    // show above the framework's own.
    Benchmark("W100-end-to-end-x100") { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<100 { blackHole(StagedChangeset(source: w100.source, target: w100.target)) }
        }
    }

    Benchmark("W1k-end-to-end-x100") { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<100 { blackHole(StagedChangeset(source: w1k.source, target: w1k.target)) }
        }
    }

    Benchmark("Wscreen-end-to-end-x100") { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<100 { blackHole(StagedChangeset(source: wscreenSections.source, target: wscreenSections.target)) }
        }
    }

    Benchmark("Wscreen-app-end-to-end-x100") { benchmark in
        for _ in benchmark.scaledIterations {
            for _ in 0..<100 {
                blackHole(StagedChangeset(source: wscreenAppSections.source, target: wscreenAppSections.target))
            }
        }
    }

    Benchmark("W100k-end-to-end-Int") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(StagedChangeset(source: w100k.source, target: w100k.target))
        }
    }

    Benchmark("Wstr100k-end-to-end-String") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(StagedChangeset(source: wstr100k.source, target: wstr100k.target))
        }
    }

    Benchmark("Wsect-end-to-end") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(StagedChangeset(source: wsectSections.source, target: wsectSections.target))
        }
    }

    Benchmark("Wapp-end-to-end") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(StagedChangeset(source: wappSections.source, target: wappSections.target))
        }
    }

    // The core on a warm workspace must not allocate at all. The framework itself allocates
    // 16 to 20 times per sample, so the tolerance is absolute and each sample runs ten diffs:
    // one allocation per diff would add ten.
    let warmConfiguration = Benchmark.Configuration(
        metrics: [.mallocCountTotal, .mallocBytesCount],
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 20,
        thresholds: [
            .mallocCountTotal: .init(absolute: [.p90: 5]),
            .mallocBytesCount: .init(absolute: [.p90: 16_384]),
        ]
    )
    Benchmark("W100k-core-warm-workspace", configuration: warmConfiguration) {
        (benchmark: Benchmark, workspace: WarmWorkspace) in
        let source = w100k.source.map { UInt64($0) }, target = w100k.target.map { UInt64($0) }
        var result = ld_result_t()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for _ in 0..<10 {
                source.withUnsafeBufferPointer { source in
                    target.withUnsafeBufferPointer { target in
                        blackHole(
                            ld_heckel_diff(
                                workspace.pointer, source.baseAddress, source.count,
                                target.baseAddress, target.count, nil, &result))
                    }
                }
            }
        }
        benchmark.stopMeasurement()
    } setup: {
        let workspace = WarmWorkspace()
        let source = w100k.source.map { UInt64($0) }, target = w100k.target.map { UInt64($0) }
        var result = ld_result_t()
        _ = ld_heckel_diff(workspace.pointer, source, source.count, target, target.count, nil, &result)
        return workspace
    }
}

/// A workspace that has diffed W100k once, so further W100k diffs reuse its memory.
final class WarmWorkspace: @unchecked Sendable {
    let pointer: OpaquePointer

    init() {
        var created: OpaquePointer?
        precondition(ld_workspace_create(nil, &created) == LD_OK)
        pointer = created!
    }

    deinit { ld_workspace_free(pointer) }
}
