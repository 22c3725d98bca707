/// Times repeated runs of one piece of work and summarises them.
struct Timing: Codable, Sendable {
    var runs: [Double]  // milliseconds

    var median: Double {
        let sorted = runs.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Double { runs.min() ?? 0 }
    var maximum: Double { runs.max() ?? 0 }

    /// One untimed warm-up run, then up to `runs` timed ones, each after an untimed run of
    /// `prepare`, stopping early (after at least three) once `budgetSeconds` have been spent
    /// on timed runs.
    static func measure(runs: Int, budgetSeconds: Double = 8, prepare: () -> Void = {}, _ work: () -> Void) -> Timing {
        work()
        var timing = Timing(runs: [])
        var spent = 0.0
        let clock = ContinuousClock()
        while timing.runs.count < runs && (timing.runs.count < 3 || spent < budgetSeconds) {
            prepare()
            let elapsed = clock.measure(work)
            let milliseconds =
                Double(elapsed.components.seconds) * 1e3
                + Double(elapsed.components.attoseconds) * 1e-15
            timing.runs.append(milliseconds)
            spent += milliseconds / 1e3
        }
        return timing
    }
}
