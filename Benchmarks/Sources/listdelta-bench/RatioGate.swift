import Foundation

/// Committed upper bounds on time ratios between contenders, measured in one run: the part of
/// the regression gate that survives a noisy machine (both sides of a ratio share the noise).
///
/// The file maps workload → "numerator / denominator" → the largest allowed ratio, e.g.
/// `{"W100k": {"ListDelta core (Heckel) / hash-table floor": 3.6}}`. Ratios use each
/// contender's fastest run, the least noisy estimate of its work.
struct RatioGate {
    let bounds: [String: [String: Double]]

    init(contentsOf path: String) throws {
        bounds = try JSONDecoder().decode([String: [String: Double]].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// One line per checked ratio, and whether every ratio is within its bound.
    func check(_ tables: [Table]) -> (report: [String], passed: Bool) {
        var report: [String] = [], passed = true
        for (workload, ratios) in bounds.sorted(by: { $0.key < $1.key }) {
            guard let table = tables.first(where: { $0.workload == workload }) else { continue }
            for (ratio, bound) in ratios.sorted(by: { $0.key < $1.key }) {
                let names = ratio.components(separatedBy: " / ")
                guard names.count == 2,
                    let numerator = table.rows.first(where: { $0.name == names[0] })?.timing?.minimum,
                    let denominator = table.rows.first(where: { $0.name == names[1] })?.timing?.minimum,
                    denominator > 0
                else {
                    report.append("FAIL \(workload): \(ratio): not measured")
                    passed = false
                    continue
                }
                let measured = numerator / denominator
                let within = measured <= bound
                passed = passed && within
                report.append(
                    "\(within ? "ok  " : "FAIL") \(workload): \(ratio) = \(format(measured))× (bound \(format(bound))×)"
                        + (within ? "" : ", \(format((measured / bound - 1) * 100))% over"))
            }
        }
        return (report, passed)
    }
}
