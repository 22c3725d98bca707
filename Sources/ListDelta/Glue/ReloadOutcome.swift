/// How a staged reload brought a view to its final data.
public enum ReloadOutcome: Hashable, Sendable {
    /// Why a reload replaced the animated batches.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The view was not in a window, where UIKit does not animate.
        case notInWindow
        /// The `interrupt` closure asked for a reload.
        case interrupted
        /// The counts the view showed differed from those a stage starts from: its data
        /// changed behind the diff's back.
        case viewOutOfSync(CountMismatch)

        /// The reason in a sentence.
        public var description: String {
            switch self {
            case .notInWindow: "the view is not in a window"
            case .interrupted: "interrupt asked for a reload"
            case let .viewOutOfSync(mismatch): "the view is out of step with the diff: \(mismatch)"
            }
        }
    }

    /// A difference between the counts a view shows and those a stage starts from.
    public struct CountMismatch: Hashable, Sendable, CustomStringConvertible {
        /// The section whose element count differs, or nil when the section count does.
        public var section: Int?
        /// The count the stage starts from.
        public var expected: Int
        /// The count the view showed.
        public var actual: Int

        /// A mismatch of `section`'s element count (or, for nil, of the section count).
        public init(section: Int?, expected: Int, actual: Int) {
            self.section = section
            self.expected = expected
            self.actual = actual
        }

        /// The mismatch in a sentence.
        public var description: String {
            if let section {
                return "section \(section) shows \(actual) elements, the diff starts from \(expected)"
            }
            return "the view shows \(actual) sections, the diff starts from \(expected)"
        }
    }

    /// The stages were animated; `finished` is false when the view cut the last animation short.
    case animated(finished: Bool)
    /// The view was given its final data with `reloadData()`, for `Reason`.
    case reloaded(Reason)
}
