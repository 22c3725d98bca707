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

    /// The end of a cold row's name: its timed runs each follow the caches' eviction.
    static let coldSuffix = " (cold)"

    var isCold: Bool { name.hasSuffix(Self.coldSuffix) }
}

/// One workload's table; `reference` names the row that warm rows' ratios divide by, and the
/// reference's cold row divides cold rows.
struct Table: Codable, Sendable {
    var workload: String
    var detail: String
    var reference: String
    var rows: [Row]

    func ratio(of row: Row) -> Double? {
        let base = row.isCold ? reference + Row.coldSuffix : reference
        return ratio(row.name, to: base)
    }

    /// The median time of the row named `numerator` over that of the row named `denominator`.
    func ratio(_ numerator: String, to denominator: String) -> Double? {
        guard let time = rows.first(where: { $0.name == numerator })?.timing?.median,
            let base = rows.first(where: { $0.name == denominator })?.timing?.median, base > 0
        else { return nil }
        return time / base
    }

    /// End to end over the core (Heckel), warm and cold, when the table has them.
    var endToEndOverCore: String? {
        let endToEnd = "ListDelta end-to-end", core = "ListDelta core (Heckel)"
        let ratios = [("warm", ""), ("cold", Row.coldSuffix)].compactMap { label, suffix in
            ratio(endToEnd + suffix, to: core + suffix).map { "\(label) \(format($0))×" }
        }
        return ratios.isEmpty ? nil : "end-to-end / core (Heckel), medians: " + ratios.joined(separator: ", ")
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
        if rows.contains(where: \.isCold) {
            notes.append(
                "- (cold) rows: the caches evicted before each timed run (Benchmarks/README.md); their × column divides by \(reference)\(Row.coldSuffix)"
            )
        }
        if let endToEndOverCore { notes.append("- " + endToEndOverCore) }
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
