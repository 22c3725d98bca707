import ArgumentParser
import CListDelta
import ColdCaches
import Foundation
import ListDelta
import Workloads

@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listdelta-bench",
        abstract:
            "Times ListDelta against a plain-Swift Heckel, the standard library and the hash-table floor on the workloads described in Benchmarks/README.md."
    )

    enum WorkloadName: String, CaseIterable, ExpressibleByArgument {
        case w100 = "W100"
        case w1k = "W1k"
        case wscreen = "Wscreen"
        case wscreenApp = "Wscreen-app"
        case w5k = "W5k"
        case w100k = "W100k"
        case w1m = "W1M"
        case w10m = "W10M"
        case wrev100k = "Wrev100k"
        case wstr100k = "Wstr100k"
        case wsect = "Wsect"
        case wapp = "Wapp"
        case snapshot = "Wsnapshot"
        case anchor = "Wanchor"
        case background = "Wbackground"
        case difference = "Wdifference"
    }

    @Option(name: .long, help: "Workloads to run (repeatable): \(WorkloadName.allCases.map(\.rawValue).joined(separator: ", ")).")
    var workload: [WorkloadName] = []

    @Option(name: .long, help: "Timed runs per contender (at least), spread over its turns.")
    var runs = 11

    @Option(
        name: .long,
        help:
            "Turns each contender of a table takes, one contender after another, each turn a warm-up and its share of the runs.")
    var turns = 3

    @Option(
        name: .long,
        help:
            "Timed runs of each cold row (W100, W1k, Wscreen, Wscreen-app), spread over its turns, each after the caches' eviction; 0 for none."
    )
    var coldRuns = 63

    @Option(
        name: .long,
        help: "Megabytes the cold rows write to evict the caches (by default at least 64 and 4 × the last-level cache).")
    var evictionMegabytes: Int?

    @Option(name: .long, help: "Also write the tables as JSON to this file.")
    var json: String?

    @Option(name: .long, help: "Write an SVG chart of time against list size (1k … 1M) to this file.")
    var plot: String?

    @Flag(name: .long, help: "Only W5k and W100k (for CI).")
    var quick = false

    @Option(name: .long, help: "Fail unless every time ratio stays within the bounds in this JSON file.")
    var checkRatios: String?

    @Option(name: .long, help: "Only contenders whose name starts with this (repeatable), e.g. \"ListDelta core\".")
    var contender: [String] = []

    @Option(
        name: .long,
        help:
            "Only run this many end-to-end diffs of the one --workload (W100, Wscreen or Wapp) for callgrind to count (scripts/perf-check)."
    )
    var countedDiffs: Int?

    @Option(
        name: .long,
        help:
            "Seconds one standard-library diff of Wdifference may run before it is stopped and reported as exceeding this limit."
    )
    var stdlibTimeLimit = 10.0

    @Option(name: .long, help: ArgumentHelp("Runs the standard library's diffs of this Wdifference input.", visibility: .private))
    var stdlibChild: String?

    func validate() throws {
        guard turns >= 1 else { throw ValidationError("--turns must be at least 1") }
        guard stdlibTimeLimit > 0 else { throw ValidationError("--stdlib-time-limit must be positive") }
        guard coldRuns >= 0 else { throw ValidationError("--cold-runs must not be negative") }
        guard evictionMegabytes.map({ $0 >= 1 && $0 <= 1 << 20 }) ?? true else {
            throw ValidationError("--eviction-megabytes must be between 1 and 1,048,576")
        }
    }

    func run() throws {
        if let stdlibChild { return try DifferenceWorkload.runChild(input: stdlibChild, runs: runs) }
        if let countedDiffs {
            guard workload.count == 1, countedDiffs >= 1 else {
                throw ValidationError("--counted-diffs needs one --workload and at least one diff")
            }
            return try CountedDiffs.run(workload[0], diffs: countedDiffs)
        }
        let chosen = workload.isEmpty ? (quick ? [.w5k, .w100k] : WorkloadName.allCases) : workload
        let runs = self.runs
        print("ListDelta benchmark — \(machineDescription())\n")
        let evictor = makeEvictor(for: chosen)
        if let evictor {
            print(
                "Cold rows: before each timed run, untimed, one byte of every 64-byte line of a buffer is written "
                    + "to evict the caches: \(evictor.description).\n")
        }
        var tables: [Table] = []
        for name in chosen {
            progress("generating \(name.rawValue)")
            if name == .background {
                print(runWithMainActor { await measureBackground(runs: runs) } + "\n")
                continue
            }
            if name == .difference {
                for table in measureDifference(runs: runs, timeLimit: stdlibTimeLimit) {
                    tables.append(table)
                    print(table.markdown + "\n")
                }
                continue
            }
            let table: Table =
                switch name {
                case .w100: measureFlat(FlatWorkload.w100, runs: max(runs, Self.shortListRuns), evictor: evictor)
                case .w1k: measureFlat(FlatWorkload.w1k, runs: max(runs, Self.shortListRuns), evictor: evictor)
                case .wscreen:
                    measureSections(SectionedWorkload.wscreen, runs: max(runs, Self.shortListRuns), evictor: evictor)
                case .wscreenApp: measureApp(AppWorkload.wscreenApp, runs: max(runs, Self.shortListRuns), evictor: evictor)
                case .w5k: measureFlat(FlatWorkload.w5k, runs: runs)
                case .w100k: measureFlat(FlatWorkload.w100k(), runs: runs)
                case .w1m: measureFlat(FlatWorkload.w1m(), runs: runs)
                case .w10m: measureScale(FlatWorkload.w10m(), runs: runs)
                case .wrev100k: measureFlat(FlatWorkload.wrev100k(), runs: runs)
                case .wstr100k: measureStrings(FlatWorkload.w100k(), runs: runs)
                case .wsect: measureSections(SectionedWorkload.wsect(), runs: runs)
                case .wapp: measureApp(AppWorkload.wapp(), runs: runs)
                case .snapshot: SnapshotWorkload.measure(runs: runs, wants: wants) { step("Wsnapshot", $0) }
                case .anchor: AnchoringWorkload.measure(runs: runs, wants: wants) { step("Wanchor", $0) }
                case .background, .difference: preconditionFailure("measured above")
                }
            tables.append(table)
            print(table.markdown + "\n")
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(tables).write(to: URL(fileURLWithPath: json))
        }
        if let plot {
            try sizeSweep(runs: min(runs, 5)).svg().write(toFile: plot, atomically: true, encoding: .utf8)
            progress("wrote \(plot)")
        }
        if let checkRatios {
            let (report, passed) = try RatioGate(contentsOf: checkRatios).check(tables)
            print("Time ratios (fastest runs) against \(checkRatios):")
            report.forEach { print("  " + $0) }
            if !passed { throw ExitCode.failure }
        }
    }

    /// Timed runs of a list of at most a few thousand elements, whose single diffs take
    /// microseconds: enough for a stable median.
    static let shortListRuns = 1_001

    /// The screen-sized workloads, whose tables have cold rows: what apps diff after a frame.
    static let coldWorkloads: Set<WorkloadName> = [.w100, .w1k, .wscreen, .wscreenApp]

    /// The evictor of the cold rows, if `--cold-runs` asks for any and a chosen workload has them.
    func makeEvictor(for chosen: [WorkloadName]) -> CacheEvictor? {
        guard coldRuns > 0, chosen.contains(where: Self.coldWorkloads.contains) else { return nil }
        return CacheEvictor(length: evictionMegabytes.map { $0 << 20 })
    }

    /// The cold rows, end to end and the core (Heckel) on `arrays`, each turn its share of
    /// `--cold-runs`; none without an evictor.
    func coldContenders(
        _ evictor: CacheEvictor?, arrays: IdentityArrays, endToEnd: @escaping (EndToEndContender, _ runs: Int) -> Row
    ) -> [TurnTaker] {
        guard let evictor else { return [] }
        let runs = (coldRuns + turns - 1) / turns
        return [
            TurnTaker("ListDelta end-to-end" + Row.coldSuffix) { _ in [endToEnd(EndToEndContender(evictor: evictor), runs)] },
            TurnTaker("ListDelta core (Heckel)" + Row.coldSuffix) { _ in
                [CoreContender(algorithm: .heckel, evictor: evictor).measure(arrays, runs: runs)]
            },
        ]
    }

    func measureFlat(_ workload: FlatWorkload, runs: Int, evictor: CacheEvictor? = nil) -> Table {
        let arrays = IdentityArrays(workload), name = workload.name
        let source = workload.source, target = workload.target
        let cold = coldContenders(evictor, arrays: arrays) { $0.measure(source: source, target: target, runs: $1) }
        let rows = measureInTurns(
            name, runs: runs,
            [
                TurnTaker("ListDelta core (Heckel)") { [CoreContender(algorithm: .heckel).measure(arrays, runs: $0)] },
                TurnTaker("ListDelta end-to-end") { [EndToEndContender().measure(source: source, target: target, runs: $0)] },
            ] + cold + [
                TurnTaker("ListDelta apply(to:)") { [ApplyContender().measure(source: source, target: target, runs: $0)] },
                TurnTaker("ListDelta core (LCS)") {
                    [CoreContender(algorithm: .longestCommonSubsequence).measure(arrays, runs: $0)]
                },
                TurnTaker("ListDelta LCS end-to-end") {
                    [
                        EndToEndContender(algorithm: .longestCommonSubsequence()).measure(
                            source: source, target: target, runs: $0)
                    ]
                },
                TurnTaker("plain-Swift Heckel") { [PlainHeckelContender().measure(source: source, target: target, runs: $0)] },
                TurnTaker("stdlib", takesTurns: false) {
                    StandardLibraryContender().measure(
                        source: source, target: target, edits: workload.generatedEdits, runs: $0)
                },
                TurnTaker("hash-table floor") { [FloorContender().measure(arrays, runs: $0)] },
            ])
        let detail = "n = \(workload.source.count), m = \(workload.target.count), generated moves ≤ \(workload.generatedMoves)"
        return Table(workload: name, detail: detail, reference: "ListDelta end-to-end", rows: rows)
    }

    /// The scale ceiling: the core, and end to end both as a first diff (every workspace purged
    /// first) and repeated (a warm workspace, as in a stream of large snapshots).
    func measureScale(_ workload: FlatWorkload, runs: Int) -> Table {
        let arrays = IdentityArrays(workload), name = workload.name, runs = min(runs, 5)
        let source = workload.source, target = workload.target
        let rows = measureInTurns(
            name, runs: runs,
            [
                TurnTaker("ListDelta core (Heckel)") { [CoreContender(algorithm: .heckel).measure(arrays, runs: $0)] },
                TurnTaker("ListDelta end-to-end") { [EndToEndContender().measure(source: source, target: target, runs: $0)] },
                TurnTaker("ListDelta end-to-end, first diff") {
                    [EndToEndContender().measureFirstDiff(source: source, target: target, runs: $0)]
                },
                TurnTaker("hash-table floor") { [FloorContender().measure(arrays, runs: $0)] },
            ])
        let detail =
            "n = \(workload.source.count), m = \(workload.target.count), generated moves ≤ \(workload.generatedMoves); "
            + "end-to-end is a repeated diff on a warm workspace, the first diff starts with every workspace purged"
        return Table(workload: name, detail: detail, reference: "ListDelta end-to-end", rows: rows)
    }

    /// Five bursts of 1,000 snapshots submitted as fast as possible (one burst's last result can
    /// wait on a descheduled thread), then a 60 Hz stream for three seconds, each into a
    /// `ListUpdater` applying to a view that only times its batches.
    func measureBackground(runs: Int) async -> String {
        let w100k = FlatWorkload.w100k()
        let oneDiff = Timing.measure(runs: runs) { _ = StagedChangeset(source: w100k.source, target: w100k.target) }.median
        var bursts: [BackgroundWorkload.Report] = []
        for index in 1...5 {
            progress("Wbackground: burst \(index) of 5, 1,000 snapshots")
            bursts.append(await BackgroundWorkload.run(name: "burst of 1,000", count: 1_000, interval: nil))
        }
        progress("Wbackground: 60 snapshots a second for 3 s")
        let stream = await BackgroundWorkload.run(name: "60 Hz for 3 s", count: 180, interval: .milliseconds(16))
        progress("Wbackground: cancellation latency on W1M")
        let cancellation = await CancellationLatency.measure()
        return BackgroundWorkload.markdown(bursts: bursts, stream: stream, oneDiff: oneDiff) + "\n\n"
            + CancellationLatency.markdown(cancellation)
    }

    func measureStrings(_ base: FlatWorkload, runs: Int) -> Table {
        let source = base.source.map { "item-\($0)" }, target = base.target.map { "item-\($0)" }
        let arrays = IdentityArrays(source: source.map(hash), target: target.map(hash)), name = "Wstr100k"
        let rows = measureInTurns(
            name, runs: runs,
            [
                TurnTaker("ListDelta core (Heckel)") { [CoreContender(algorithm: .heckel).measure(arrays, runs: $0)] },
                TurnTaker("ListDelta end-to-end") { [EndToEndContender().measure(source: source, target: target, runs: $0)] },
                TurnTaker("plain-Swift Heckel") { [PlainHeckelContender().measure(source: source, target: target, runs: $0)] },
                TurnTaker("stdlib", takesTurns: false) {
                    StandardLibraryContender().measure(source: source, target: target, edits: base.generatedEdits, runs: $0)
                },
                TurnTaker("hash-table floor") { [FloorContender().measure(arrays, runs: $0)] },
            ])
        return Table(
            workload: name, detail: "W100k with String identifiers \"item-<n>\" (core and floor on their 64-bit hashes)",
            reference: "ListDelta end-to-end", rows: rows)
    }

    func measureSections(_ workload: SectionedWorkload, runs: Int, evictor: CacheEvictor? = nil) -> Table {
        let flatSource = workload.source.flatMap(\.items), flatTarget = workload.target.flatMap(\.items)
        let items = workload.source.reduce(0) { $0 + $1.items.count }
        return measureSectioned(
            name: workload.name,
            detail: "\(workload.source.count) sections, \(items) items, edited by Wsect's procedure (Benchmarks/README.md)",
            source: workload.source.map { ArraySection(model: $0.model, elements: $0.items) },
            target: workload.target.map { ArraySection(model: $0.model, elements: $0.items) },
            flatSource: flatSource, flatTarget: flatTarget,
            arrays: IdentityArrays(source: flatSource.map { UInt64($0) }, target: flatTarget.map { UInt64($0) }),
            coreNote: "the items of all sections flattened into one list",
            plainNote: "flattened items: no section matching, so less work than a sectioned diff",
            standardLibraryEdits: workload.name == "Wsect" ? 45_000 : nil, runs: runs, evictor: evictor)
    }

    func measureApp(_ workload: AppWorkload, runs: Int, evictor: CacheEvictor? = nil) -> Table {
        let flatSource = workload.source.flatMap(\.items).map(\.id), flatTarget = workload.target.flatMap(\.items).map(\.id)
        return measureSectioned(
            name: workload.name,
            detail: workload.name == "Wapp"
                ? "Wsect's shape with UUID identities: 4,401 item updates and 20 section updates besides Wsect's changes"
                : "Wscreen's shape with Wapp's UUID identities and content rules",
            source: AppWorkload.arraySections(workload.source), target: AppWorkload.arraySections(workload.target),
            flatSource: flatSource, flatTarget: flatTarget,
            arrays: IdentityArrays(source: flatSource.map(hash), target: flatTarget.map(hash)),
            coreNote: "the items of all sections flattened into one list of pre-hashed UUIDs",
            plainNote: "flattened UUIDs: no section matching and no content, so less work than a sectioned diff",
            standardLibraryEdits: nil, runs: runs, evictor: evictor)
    }

    /// A sectioned workload: ListDelta end to end on the sections; the core, the plain-Swift
    /// diff, the standard library (given its edit count) and the floor on the flattened items;
    /// with an evictor, end to end and the core cold too.
    func measureSectioned<Model, Element, Identifier: Hashable>(
        name: String, detail: String,
        source: [ArraySection<Model, Element>], target: [ArraySection<Model, Element>],
        flatSource: [Identifier], flatTarget: [Identifier], arrays: IdentityArrays,
        coreNote: String, plainNote: String, standardLibraryEdits: Int?, runs: Int, evictor: CacheEvictor?
    ) -> Table {
        var contenders = [
            TurnTaker("ListDelta end-to-end") {
                [EndToEndContender().measureSections(source: source, target: target, runs: $0)]
            },
            TurnTaker("ListDelta core (Heckel)") {
                var core = CoreContender(algorithm: .heckel).measure(arrays, runs: $0)
                core.note = coreNote
                return [core]
            },
        ]
        contenders += coldContenders(evictor, arrays: arrays) { $0.measureSections(source: source, target: target, runs: $1) }
        contenders += [
            TurnTaker("plain-Swift Heckel") {
                var plain = PlainHeckelContender().measure(source: flatSource, target: flatTarget, runs: $0)
                plain.note = plainNote
                return [plain]
            }
        ]
        if let standardLibraryEdits {
            contenders.append(
                TurnTaker("stdlib", takesTurns: false) {
                    StandardLibraryContender().measure(
                        source: flatSource, target: flatTarget, edits: standardLibraryEdits, runs: $0)
                })
        }
        contenders.append(TurnTaker("hash-table floor") { [FloorContender().measure(arrays, runs: $0)] })
        let rows = measureInTurns(name, runs: runs, contenders)
        return Table(workload: name, detail: detail, reference: "ListDelta end-to-end", rows: rows)
    }

    /// Median times of each algorithm over flat lists of 1k … 1M elements (W100k's proportions).
    func sizeSweep(runs: Int) -> Plot {
        let sizes = [1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000]
        var series: [String: [(Int, Double)]] = [:]
        let order = [
            "ListDelta core (Heckel)", "ListDelta end-to-end", "plain-Swift Heckel",
            "stdlib + inferringMoves()", "ListDelta core (LCS)", "hash-table floor",
        ]
        for size in sizes {
            progress("plot: \(size) elements")
            let workload = FlatWorkload.scaled(count: size)
            let arrays = IdentityArrays(workload)
            var rows = [
                CoreContender(algorithm: .heckel).measure(arrays, runs: runs),
                EndToEndContender().measure(source: workload.source, target: workload.target, runs: runs),
                PlainHeckelContender().measure(source: workload.source, target: workload.target, runs: runs),
                FloorContender().measure(arrays, runs: runs),
            ]
            if size <= 10_000 {
                rows += StandardLibraryContender().measure(
                    source: workload.source, target: workload.target,
                    edits: workload.generatedEdits, runs: runs)
            }
            rows.append(CoreContender(algorithm: .longestCommonSubsequence).measure(arrays, runs: runs))
            for row in rows { if let timing = row.timing { series[row.name, default: []].append((size, timing.median)) } }
        }
        return Plot(
            title: "Diff time against list size",
            subtitle: "each list edited 10% deleted, 10% inserted, 2% moved · \(machineDescription())",
            series: order.map { Plot.Series(name: $0, points: series[$0] ?? []) })
    }

    private func hash(_ uuid: UUID) -> UInt64 {
        var value: UInt64 = 0
        withUnsafeBytes(of: uuid.uuid) { _ = ld_hash64($0.baseAddress, $0.count, 0, &value) }
        return value
    }

    private func hash(_ string: String) -> UInt64 {
        var value: UInt64 = 0
        var copy = string
        copy.withUTF8 { _ = ld_hash64($0.baseAddress, $0.count, 0, &value) }
        return value
    }

    private func step(_ workload: String, _ contender: String) {
        progress("\(workload): \(contender)")
    }

    /// Whether `name` passes the `--contender` filter.
    private func wants(_ name: String) -> Bool {
        contender.isEmpty || contender.contains { name.hasPrefix($0) }
    }

    /// Measures the contenders that pass the filter in `turns` rounds, one contender after
    /// another in each, every turn a warm-up and its share of `runs`: a host whose speed wanders
    /// then slows them alike, and the ratios within a table compare runs from the same stretch of
    /// time. A contender's rows keep its first turn's counts and the runs of every turn.
    func measureInTurns(_ workload: String, runs: Int, _ contenders: [TurnTaker]) -> [Row] {
        let chosen = contenders.filter { wants($0.name) }
        let runsPerTurn = (runs + turns - 1) / turns
        var rows: [[Row]] = Array(repeating: [], count: chosen.count)
        for turn in 1...turns {
            for (index, contender) in chosen.enumerated() {
                guard contender.takesTurns || turn == 1 else { continue }
                let turnsTaken = contender.takesTurns ? turns : 1
                step(workload, turnsTaken > 1 ? "\(contender.name), turn \(turn) of \(turnsTaken)" : contender.name)
                let measured = contender.measure(contender.takesTurns ? runsPerTurn : runs)
                guard !rows[index].isEmpty else {
                    rows[index] = measured
                    continue
                }
                for (row, more) in zip(rows[index].indices, measured) {
                    rows[index][row].timing?.runs += more.timing?.runs ?? []
                }
            }
        }
        return rows.flatMap { $0 }
    }
}

/// A contender of a table, as ``BenchCommand`` measures it: the name the `--contender` filter
/// matches, whether it takes turns with the others (the standard library, whose diffs take up to
/// seconds and enter no ratio the gate checks, runs once), and how it measures a number of
/// timed runs.
struct TurnTaker {
    let name: String
    let takesTurns: Bool
    let measure: (_ runs: Int) -> [Row]

    init(_ name: String, takesTurns: Bool = true, measure: @escaping (_ runs: Int) -> [Row]) {
        self.name = name
        self.takesTurns = takesTurns
        self.measure = measure
    }
}

/// Runs `body` while this (synchronous) process serves the main actor from the main run loop.
/// The command stays synchronous so that valgrind, which cannot follow an async main's
/// `dispatch_main`, can profile the other workloads.
func runWithMainActor<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let result = ResultBox<T>()
    Task { result.set(await body()) }
    while result.value == nil {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
    return result.value!
}

final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    func set(_ value: T) { lock.withLock { stored = value } }
    var value: T? { lock.withLock { stored } }
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("… \(message)\n".utf8))
}

/// The machine, system, date and (from `scripts/bench`) commit and compiler of this run, so
/// that every saved result says where it came from.
func machineDescription() -> String {
    func field(_ file: String, _ key: String, separator: Character) -> String? {
        (try? String(contentsOfFile: file, encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix(key) }?
            .split(separator: separator, maxSplits: 1).last?
            .trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"")))
    }
    let cpu = field("/proc/cpuinfo", "model name", separator: ":") ?? "unknown CPU"
    let system = field("/etc/os-release", "PRETTY_NAME", separator: "=") ?? ProcessInfo.processInfo.operatingSystemVersionString
    let date = ISO8601DateFormatter().string(from: Date())
    var parts = ["\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores", system, "release build", date]
    if let source = ProcessInfo.processInfo.environment["LISTDELTA_BENCH_SOURCE"] { parts.append(source) }
    return parts.joined(separator: "; ")
}
