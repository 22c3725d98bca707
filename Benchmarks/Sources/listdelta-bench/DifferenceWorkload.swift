import ArgumentParser
import Foundation
import ListDelta
import Workloads

/// `Wdifference`: `CollectionDifference(source:target:)` beside the standard library's
/// `difference(from:)` in the same run, on the four inputs of Benchmarks/README.md. The standard
/// library's diffs run in a child process (`--stdlib-child`) that is stopped once one of them
/// exceeds the time limit, so that a diff of seconds or minutes is reported, not waited for.
enum DifferenceWorkload {
    /// The inputs, by name: W1k, Wshuffle10k, Wedit100k, Wdisjoint10k.
    static let inputs: [(name: String, make: @Sendable () -> FlatWorkload)] = [
        ("W1k", { FlatWorkload.w1k }), ("Wshuffle10k", FlatWorkload.wshuffle10k),
        ("Wedit100k", FlatWorkload.wedit100k), ("Wdisjoint10k", FlatWorkload.wdisjoint10k),
    ]

    static let listDeltaRow = "ListDelta CollectionDifference(source:target:)"
    static let standardLibraryRow = "stdlib difference(from:)"
    static let constructionRow = "stdlib CollectionDifference(_:)"

    /// The child's work: one untimed diff, then timed ones (at least three, until `runs` or
    /// eight seconds), each printed as a line `<milliseconds> <changes>` as soon as it ends.
    static func runChild(input name: String, runs: Int) throws {
        guard let input = inputs.first(where: { $0.name == name }) else {
            throw ValidationError("no Wdifference input named \(name)")
        }
        let workload = input.make(), source = workload.source, target = workload.target
        let clock = ContinuousClock()
        var timed = 0, spent = 0.0
        while timed <= runs && (timed <= 3 || spent < 8) {
            var changes = 0
            let elapsed = clock.measure { changes = target.difference(from: source).count }
            let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
            if timed > 0 { spent += milliseconds / 1e3 }
            FileHandle.standardOutput.write(Data("\(milliseconds) \(changes)\n".utf8))
            timed += 1
        }
    }

    /// The standard library's row, measured by a child process of this executable that is
    /// stopped once a diff has run `timeLimit` seconds without finishing; `changes` is
    /// ListDelta's count of removals and insertions, which the standard library's must equal.
    static func measureStandardLibrary(input name: String, runs: Int, timeLimit: Double, changes: Int) -> Row {
        let child = Process()
        child.executableURL = Bundle.main.executableURL
        child.arguments = ["--stdlib-child", name, "--runs", String(runs)]
        let output = Pipe()
        child.standardOutput = output
        let lines = LineCollector()
        output.fileHandleForReading.readabilityHandler = { lines.append($0.availableData) }
        do {
            try child.run()
        } catch {
            return Row(name: standardLibraryRow, note: "not measured: the child process did not start (\(error))")
        }
        var deadline = Date(timeIntervalSinceNow: timeLimit), seen = 0, exceeded = false
        while child.isRunning {
            let count = lines.lines.count
            if count > seen {
                seen = count
                deadline = Date(timeIntervalSinceNow: timeLimit)
            } else if Date() > deadline {
                exceeded = true
                child.terminate()
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        child.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        let diffs = lines.lines.map { $0.split(separator: " ") }.compactMap { fields -> (Double, Int)? in
            guard fields.count == 2, let milliseconds = Double(fields[0]), let count = Int(fields[1]) else { return nil }
            return (milliseconds, count)
        }
        let limit = "\(format(timeLimit)) s"
        guard let first = diffs.first else {
            let note =
                exceeded
                ? "exceeded the \(limit) limit (--stdlib-time-limit): stopped after \(limit) without a result"
                : "not measured: the child process exited \(child.terminationStatus)"
            return Row(name: standardLibraryRow, note: note)
        }
        var notes: [String] = []
        if diffs.contains(where: { $0.1 != changes }) {
            notes.append("\(first.1) changes where ListDelta has \(changes)")
        }
        let timedRuns = diffs.count > 1 ? diffs.dropFirst().map(\.0) : [first.0]
        if diffs.count == 1 { notes.append("one diff only, no warm-up") }
        if exceeded { notes.append("a later diff exceeded the \(limit) limit and was stopped") }
        return Row(
            name: standardLibraryRow, timing: Timing(runs: timedRuns), moves: 0,
            note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}

/// The complete lines a child process has written so far, from its output handle's thread.
final class LineCollector: @unchecked Sendable {
    // Both fields are touched only under the lock.
    private let lock = NSLock()
    private var pending = Data()
    private var complete: [String] = []

    func append(_ data: Data) {
        lock.withLock {
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                complete.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
    }

    var lines: [String] { lock.withLock { complete } }
}

extension BenchCommand {
    /// The tables of `Wdifference`, one per input: ListDelta's `CollectionDifference` end to
    /// end, its core's LCS and the standard library's `CollectionDifference(_:)` of the same
    /// changes in turns, then the standard library's diff in a child process.
    func measureDifference(runs: Int, timeLimit: Double) -> [Table] {
        DifferenceWorkload.inputs.map { input in
            let workload = input.make(), name = "Wdifference \(input.name)"
            let source = workload.source, target = workload.target, arrays = IdentityArrays(workload)
            var changes = 0
            let rows = measureInTurns(
                name, runs: workload.source.count <= 1_000 ? max(runs, Self.shortListRuns) : runs,
                [
                    TurnTaker(DifferenceWorkload.listDeltaRow) { runs in
                        let timing = Timing.measure(runs: runs) {
                            changes = CollectionDifference(source: source, target: target).count
                        }
                        return [
                            AllocationCounter.annotate(
                                Row(name: DifferenceWorkload.listDeltaRow, timing: timing, moves: 0),
                                elementCount: source.count + target.count
                            ) {
                                _ = CollectionDifference(source: source, target: target)
                            }
                        ]
                    },
                    TurnTaker("ListDelta core (LCS)") {
                        [CoreContender(algorithm: .longestCommonSubsequence).measure(arrays, runs: $0)]
                    },
                    TurnTaker(DifferenceWorkload.constructionRow) { runs in
                        let changes = Array(CollectionDifference(source: source, target: target))
                        var row = Row(
                            name: DifferenceWorkload.constructionRow,
                            timing: Timing.measure(runs: runs) { _ = CollectionDifference(changes) })
                        row.note = "the standard library's initialiser alone, given the changes: it validates and sorts them"
                        return [row]
                    },
                    TurnTaker(DifferenceWorkload.standardLibraryRow, takesTurns: false) { runs in
                        [
                            DifferenceWorkload.measureStandardLibrary(
                                input: input.name, runs: runs, timeLimit: timeLimit, changes: changes)
                        ]
                    },
                ])
            let detail =
                "n = \(source.count), m = \(target.count), \(changes) removals and insertions; "
                + "the standard library's in a child process, stopped after \(format(timeLimit)) s per diff"
            return Table(workload: name, detail: detail, reference: DifferenceWorkload.listDeltaRow, rows: rows)
        }
    }
}
