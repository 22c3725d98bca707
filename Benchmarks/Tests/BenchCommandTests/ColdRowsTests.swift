import Testing

@testable import listdelta_bench

@Suite struct ColdRowsTests {
    @Test func coldOptionsParseAndBadOnesAreRejected() throws {
        let defaults = try BenchCommand.parse([])
        #expect(defaults.coldRuns == 63 && defaults.evictionMegabytes == nil)
        let chosen = try BenchCommand.parse(["--cold-runs", "9", "--eviction-megabytes", "16"])
        #expect(chosen.coldRuns == 9 && chosen.evictionMegabytes == 16)
        for bad in [["--cold-runs=-1"], ["--eviction-megabytes", "0"], ["--eviction-megabytes", "2000000"]] {
            #expect(throws: (any Error).self) { try BenchCommand.parse(bad) }
        }
    }

    @Test func onlyScreenSizedWorkloadsGetAnEvictor() throws {
        let command = try BenchCommand.parse(["--eviction-megabytes", "1"])
        #expect(command.makeEvictor(for: [.w5k, .w100k]) == nil)
        #expect(command.makeEvictor(for: [.w5k, .wscreen])?.length == 1 << 20)
        #expect(try BenchCommand.parse(["--cold-runs", "0"]).makeEvictor(for: [.w100]) == nil)
    }

    @Test func coldRowsTakeTheirShareOfTheColdRunsEachTurn() throws {
        let command = try BenchCommand.parse(["--cold-runs", "7", "--turns", "3", "--eviction-megabytes", "1"])
        let arrays = IdentityArrays(source: [1, 2, 3], target: [3, 1, 4])
        #expect(command.coldContenders(nil, arrays: arrays) { _, _ in Row(name: "") }.isEmpty)
        let contenders = command.coldContenders(command.makeEvictor(for: [.w100]), arrays: arrays) { contender, runs in
            contender.measure(source: [1, 2, 3], target: [3, 1, 4], runs: runs)
        }
        #expect(contenders.map(\.name) == ["ListDelta end-to-end (cold)", "ListDelta core (Heckel) (cold)"])
        for contender in contenders {
            let rows = contender.measure(1_000)
            #expect(rows.map(\.name) == [contender.name] && rows.first?.timing?.runs.count == 3)
        }
    }

    @Test func coldRowsDivideByTheColdReference() {
        func row(_ name: String, _ median: Double) -> Row { Row(name: name, timing: Timing(runs: [median])) }
        let table = Table(
            workload: "W", detail: "", reference: "ListDelta end-to-end",
            rows: [
                row("ListDelta end-to-end", 2), row("ListDelta core (Heckel)", 1),
                row("ListDelta end-to-end (cold)", 20), row("ListDelta core (Heckel) (cold)", 5),
            ])
        #expect(table.rows.map { table.ratio(of: $0) } == [1, 0.5, 1, 0.25])
        #expect(table.endToEndOverCore == "end-to-end / core (Heckel), medians: warm 2.0×, cold 4.0×")
        #expect(table.markdown.contains("- end-to-end / core (Heckel), medians: warm 2.0×, cold 4.0×"))
    }
}
