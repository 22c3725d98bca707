import Foundation
import ListDelta
import TestSupport
import Testing

/// The Swift half of the parity check with ListDeltaObjC: the same random sectioned inputs
/// (drawn as LDParityTests.m draws them) must give the same stages, line for line, as the file
/// the Objective-C tests wrote. scripts/test runs the Objective-C tests first and passes the
/// file in LISTDELTA_OBJC_STAGES.
@Suite struct ObjCParityTests {
    static let stagesFile = ProcessInfo.processInfo.environment["LISTDELTA_OBJC_STAGES"]

    private func randomSide(_ random: inout SplitMix64) -> [Section] {
        (0..<random.bounded(6)).map { _ in
            let header = Header(id: random.bounded(7), title: random.bounded(2))
            let items = (0..<random.bounded(6)).map { _ in Item(id: random.bounded(12), content: random.bounded(2)) }
            return Section(model: header, elements: items)
        }
    }

    private func text(_ changeset: Changeset<[Section]>) -> String {
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func path(_ path: ElementPath) -> String { "\(path.section).\(path.element)" }
        let data = changeset.data.map { section in
            "S\(section.model.id):\(section.model.title){"
                + section.elements.map { "\($0.id):\($0.content)" }.joined(separator: ",") + "}"
        }
        return [
            "sD=" + list(changeset.sectionDeleted.map(String.init)),
            "sI=" + list(changeset.sectionInserted.map(String.init)),
            "sU=" + list(changeset.sectionUpdated.map(String.init)),
            "sM=" + list(changeset.sectionMoved.map { "\($0.source)>\($0.target)" }),
            "eD=" + list(changeset.elementDeleted.map(path)), "eI=" + list(changeset.elementInserted.map(path)),
            "eU=" + list(changeset.elementUpdated.map(path)),
            "eM=" + list(changeset.elementMoved.map { path($0.source) + ">" + path($0.target) }),
            "data=" + data.joined(separator: "|"),
        ].joined(separator: " ")
    }

    @Test(.enabled(if: stagesFile != nil, "LISTDELTA_OBJC_STAGES names the Objective-C tests' output"))
    func stagesMatchTheObjectiveCLayer() throws {
        let written = try String(contentsOfFile: Self.stagesFile ?? "", encoding: .utf8)
        var lines: [String] = []
        for seed in UInt64(1)...500 {
            var random = SplitMix64(seed: seed)
            let source = randomSide(&random)
            let target = randomSide(&random)
            lines.append("seed \(seed)")
            lines += StagedChangeset(source: source, target: target).map(text)
        }
        let objc = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        #expect(objc.count == lines.count, "line counts differ")
        for (swiftLine, objcLine) in zip(lines, objc) where swiftLine != objcLine {
            Issue.record("Swift:\n\(swiftLine)\nObjective-C:\n\(objcLine)")
            break
        }
    }
}
