import Foundation

/// One contender's figures for one workload.
struct Row: Codable, Sendable {
    var name: String
    var timing: Timing?
    var moves: Int?
    var peakBytesPerElement: Double?
    var allocationsPerDiff: Double?
    var allocatedBytesPerElement: Double?
    var note: String?
}

/// One workload's table; `reference` names the row that ratios divide by.
struct Table: Codable, Sendable {
    var workload: String
    var detail: String
    var reference: String
    var rows: [Row]

    func ratio(of row: Row) -> Double? {
        guard let time = row.timing?.median,
            let base = rows.first(where: { $0.name == reference })?.timing?.median, base > 0
        else { return nil }
        return time / base
    }

    var markdown: String {
        var lines = [
            "### \(workload) — \(detail)",
            "",
            "| algorithm | median ms | min ms | max ms | × \(reference) | moves | peak extra B/elem | allocs/diff | allocated B/elem |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            guard let timing = row.timing else {
                lines.append("| \(row.name) | — | — | — | — | — | — | — | — |")
                continue
            }
            lines.append(
                "| \(row.name) | \(format(timing.median)) | \(format(timing.minimum)) | \(format(timing.maximum)) | "
                    + "\(ratio(of: row).map { format($0) + "×" } ?? "—") | \(row.moves.map(String.init) ?? "—") | "
                    + "\(row.peakBytesPerElement.map { format($0) } ?? "—") | \(row.allocationsPerDiff.map { format($0) } ?? "—") | "
                    + "\(row.allocatedBytesPerElement.map { format($0) } ?? "—") |")
        }
        var notes = rows.compactMap { row in row.note.map { "- \(row.name): \($0)" } }
        if !AllocationCounter.isActive {
            notes.append(
                "- Swift contenders' allocations: not counted (run through scripts/bench, which preloads the malloc interposer)")
        }
        if !notes.isEmpty { lines += [""] + notes }
        return lines.joined(separator: "\n")
    }
}

func format(_ value: Double) -> String {
    // Three significant digits, so a diff of microseconds keeps its precision in milliseconds.
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : value >= 0.1 ? 3 : value >= 0.01 ? 4 : 5
    let scale = pow(10.0, Double(digits))
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
}
