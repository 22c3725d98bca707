import ArgumentParser
import Foundation
import Workloads

@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listdelta-bench",
        abstract: "Times ListDelta against the hash-table floor on the workloads of WORKLOADS.md."
    )

    enum WorkloadName: String, CaseIterable, ExpressibleByArgument {
        case w5k = "W5k", w100k = "W100k", w1m = "W1M", wrev100k = "Wrev100k"
    }

    @Option(name: .long, help: "Workloads to run (repeatable): \(WorkloadName.allCases.map(\.rawValue).joined(separator: ", ")).")
    var workload: [WorkloadName] = []

    @Option(name: .long, help: "Timed runs per contender after one warm-up.")
    var runs = 11

    @Option(name: .long, help: "Also write the tables as JSON to this file.")
    var json: String?

    @Flag(name: .long, help: "Small sizes and few runs (for CI).")
    var quick = false

    @Flag(name: .long, help: "Run only the C core's Heckel diff (for instruction counting under callgrind).")
    var coreOnly = false

    func run() throws {
        let chosen = workload.isEmpty ? (quick ? [.w5k, .w100k] : WorkloadName.allCases) : workload
        let runs = quick ? min(self.runs, 5) : self.runs
        var tables: [Table] = []
        for name in chosen {
            progress("generating \(name.rawValue)")
            let flat = Self.make(name)
            tables.append(measureFlat(flat, runs: runs))
            print(tables.last!.markdown + "\n")
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(tables).write(to: URL(fileURLWithPath: json))
        }
    }

    static func make(_ name: WorkloadName) -> FlatWorkload {
        switch name {
        case .w5k: FlatWorkload.w5k
        case .w100k: FlatWorkload.w100k()
        case .w1m: FlatWorkload.w1m()
        case .wrev100k: FlatWorkload.wrev100k()
        }
    }

    func measureFlat(_ workload: FlatWorkload, runs: Int) -> Table {
        let arrays = IdentityArrays(workload)
        var rows: [Row] = []
        progress("\(workload.name): ListDelta core (Heckel)")
        rows.append(CoreContender(algorithm: .heckel).measure(arrays, runs: runs))
        if coreOnly {
            return Table(workload: workload.name, detail: "core only", reference: rows[0].name, rows: rows)
        }
        if workload.source.count <= 100_000 && !workload.name.hasPrefix("Wrev") {
            progress("\(workload.name): ListDelta core (Myers)")
            rows.append(CoreContender(algorithm: .myers).measure(arrays, runs: runs))
        } else {
            rows.append(Row(name: "ListDelta core (Myers)", note: "skipped: O((n+m)·D) with D ≈ n + m runs for minutes"))
        }
        progress("\(workload.name): hash-table floor")
        rows.append(FloorContender().measure(arrays, runs: runs))
        let detail = "n = \(workload.source.count), m = \(workload.target.count), generated moves ≤ \(workload.generatedMoves)"
        return Table(workload: workload.name, detail: detail, reference: "hash-table floor", rows: rows)
    }
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data("… \(message)\n".utf8))
}
