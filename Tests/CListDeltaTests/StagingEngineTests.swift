import CListDelta
import CListDeltaChecks
import Foundation
import TestSupport
import Testing

/// A sectioned list pair in the arrays `ld_sectioned_diff` takes.
struct SectionedInput {
    var sourceSections: [UInt64] = [], sourceCounts: [UInt32] = [], sourceElements: [UInt64] = []
    var targetSections: [UInt64] = [], targetCounts: [UInt32] = [], targetElements: [UInt64] = []

    init(source: [RandomSections.Section], target: [RandomSections.Section]) {
        sourceSections = source.map(\.identity)
        sourceCounts = source.map { UInt32($0.elements.count) }
        sourceElements = source.flatMap(\.elements)
        targetSections = target.map(\.identity)
        targetCounts = target.map { UInt32($0.elements.count) }
        targetElements = target.flatMap(\.elements)
    }

    /// Sections written as (identity, elements).
    init(_ source: [(UInt64, [UInt64])], _ target: [(UInt64, [UInt64])]) {
        self.init(
            source: source.map { RandomSections.Section(identity: $0.0, elements: $0.1) },
            target: target.map { RandomSections.Section(identity: $0.0, elements: $0.1) })
    }

    /// The input as the checks take it, valid inside `body` only.
    func withLists<R>(_ body: (ldc_sectioned_lists_t) -> R) -> R {
        sourceSections.withUnsafeBufferPointer { sourceSections in
            targetSections.withUnsafeBufferPointer { targetSections in
                sourceCounts.withUnsafeBufferPointer { sourceCounts in
                    targetCounts.withUnsafeBufferPointer { targetCounts in
                        sourceElements.withUnsafeBufferPointer { sourceElements in
                            targetElements.withUnsafeBufferPointer { targetElements in
                                body(
                                    ldc_sectioned_lists_t(
                                        source_sections: sourceSections.baseAddress,
                                        source_section_count: sourceSections.count,
                                        target_sections: targetSections.baseAddress,
                                        target_section_count: targetSections.count,
                                        source_section_counts: sourceCounts.baseAddress,
                                        target_section_counts: targetCounts.baseAddress,
                                        source_elements: sourceElements.baseAddress,
                                        source_element_count: sourceElements.count,
                                        target_elements: targetElements.baseAddress,
                                        target_element_count: targetElements.count))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Runs `ld_sectioned_diff` and `ld_stage` on one workspace and checks them with
/// `ldc_check_stages`.
final class StagingHarness {
    let workspace: OpaquePointer

    init(allocator: UnsafePointer<ld_allocator_t>? = nil) {
        var created: OpaquePointer?
        precondition(ld_workspace_create(allocator, &created) == LD_OK, "workspace creation failed")
        workspace = created!
    }

    deinit { ld_workspace_free(workspace) }

    var bytesHeld: Int { ld_workspace_bytes_held(workspace) }

    /// What one run gives; its match and stages are valid inside the body only.
    struct Run {
        var diffStatus: ld_status
        var stageStatus: ld_status?
        var match: ld_sectioned_result_t
        var stages: ld_stages_t
        var lists: ldc_sectioned_lists_t
    }

    /// Diffs `input` and, when that succeeds, stages it.
    @discardableResult
    func run<R>(
        _ input: SectionedInput, algorithm: ldc_algorithm = LDC_HECKEL, elementChanged: [UInt8]? = nil,
        sectionChanged: [UInt8]? = nil, options: ld_options_t = ld_options_t(), stageCancel: OpaquePointer? = nil,
        body: (Run) -> R
    ) -> R {
        input.withLists { lists in
            withFlags(elementChanged) { elementChanged in
                withFlags(sectionChanged) { sectionChanged in
                    var options = options
                    var match = ld_sectioned_result_t()
                    let diffStatus = ld_sectioned_diff(
                        workspace, lists.source_sections, lists.source_section_count, lists.target_sections,
                        lists.target_section_count, lists.source_section_counts, lists.target_section_counts,
                        lists.source_elements, lists.source_element_count, lists.target_elements,
                        lists.target_element_count, algorithm == LDC_HECKEL ? LD_ALGORITHM_HECKEL : LD_ALGORITHM_LCS,
                        &options, &match)
                    var stages = ld_stages_t()
                    var stageStatus: ld_status?
                    if diffStatus == LD_OK {
                        stageStatus = ld_stage(workspace, &match, elementChanged, sectionChanged, stageCancel, &stages)
                    }
                    return body(
                        Run(diffStatus: diffStatus, stageStatus: stageStatus, match: match, stages: stages, lists: lists))
                }
            }
        }
    }

    /// Runs and checks; empty when everything is right, else what went wrong.
    func verify(
        _ input: SectionedInput, algorithm: ldc_algorithm = LDC_HECKEL, elementChanged: [UInt8]? = nil,
        sectionChanged: [UInt8]? = nil
    ) -> String {
        run(input, algorithm: algorithm, elementChanged: elementChanged, sectionChanged: sectionChanged) { run in
            guard run.diffStatus == LD_OK else { return "diff: \(String(cString: ld_status_description(run.diffStatus)))" }
            guard let stageStatus = run.stageStatus, stageStatus == LD_OK else {
                return "stage: \(String(cString: ld_status_description(run.stageStatus ?? LD_OK)))"
            }
            var lists = run.lists, match = run.match, stages = run.stages
            return withFlags(elementChanged) { elementChanged in
                withFlags(sectionChanged) { sectionChanged in
                    ldc_check_stages(algorithm, &lists, elementChanged, sectionChanged, &match, &stages)
                        .map { String(cString: $0) } ?? ""
                }
            }
        }
    }
}

private func withFlags<R>(_ flags: [UInt8]?, _ body: (UnsafePointer<UInt8>?) -> R) -> R {
    guard let flags else { return body(nil) }
    return flags.withUnsafeBufferPointer { body($0.baseAddress) }
}

extension ld_stages_t {
    /// The stage of `kind`.
    func stage(_ kind: ld_stage_kind) -> ld_stage_t {
        withUnsafeBytes(of: stages) { $0.bindMemory(to: ld_stage_t.self)[Int(kind.rawValue)] }
    }

    /// The kinds of the present stages, in order.
    var presentKinds: [ld_stage_kind] { StagingEngineTests.kinds.filter { stage($0).present } }
}

/// Reads `count` entries from `pointer` (NULL when empty).
private func array<T>(_ pointer: UnsafePointer<T>?, _ count: Int) -> [T] {
    count == 0 ? [] : Array(UnsafeBufferPointer(start: pointer, count: count))
}

extension ld_stage_t {
    var updated: [[Int32]] { array(batch.element_updated, batch.element_updated_count).map { [$0.section, $0.element] } }
    var sectionsDeleted: [Int32] { array(batch.section_deleted, batch.section_deleted_count) }
    var elementsDeleted: [[Int32]] { array(batch.element_deleted, batch.element_deleted_count).map { [$0.section, $0.element] } }
    var sectionsInserted: [Int32] { array(batch.section_inserted, batch.section_inserted_count) }
    var sectionsMoved: [[Int32]] { array(batch.section_moved, batch.section_moved_count).map { [$0.source, $0.target] } }
    var elementsInserted: [[Int32]] {
        array(batch.element_inserted, batch.element_inserted_count).map { [$0.section, $0.element] }
    }
    var elementsMoved: [[Int32]] {
        array(batch.element_moved, batch.element_moved_count).map {
            [$0.source.section, $0.source.element, $0.target.section, $0.target.element]
        }
    }
    var sectionsUpdated: [Int32] { array(batch.section_updated, batch.section_updated_count) }
    var countsBefore: [Int32] { array(element_counts_before, section_count_before) }
    var models: [Int32] { array(data_section_models, data_elements == nil ? 0 : data_section_count) }
    var starts: [Int32] { array(data_section_starts, data_section_starts == nil ? 0 : data_section_count + 1) }
    var elements: [Int32] { starts.last.map { array(data_elements, Int($0)) } ?? [] }
}

/// The staging engine of the C core: `ld_sectioned_diff` and `ld_stage`, checked against the
/// brute-force replay of `ldc_check_stages` on thousands of seeded inputs (a failure names its
/// seed: `RandomSections.pair(seed:)` rebuilds the input), by hand for each stage, and for
/// every status.
@Suite struct StagingEngineTests {
    static let kinds = [
        LD_STAGE_ELEMENT_UPDATES, LD_STAGE_DELETES, LD_STAGE_SECTION_INSERTS_AND_MOVES,
        LD_STAGE_ELEMENT_INSERTS_AND_MOVES, LD_STAGE_SECTION_UPDATES,
    ]

    /// Flags for `count` items, about one in `every` set; nil for a third of the seeds.
    static func flags(_ count: Int, every: Int, seed: UInt64) -> [UInt8]? {
        guard seed % 3 != 0 else { return nil }
        var random = SplitMix64(seed: seed &* 31 &+ UInt64(every))
        return (0..<count).map { _ in random.bounded(every) == 0 ? 1 : 0 }
    }

    // MARK: Random inputs

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func randomSectionedInputsReplayUnderUIKitRules(algorithm: ldc_algorithm) {
        let harness = StagingHarness()
        var presentCounts = [Int](repeating: 0, count: 5)
        for seed in UInt64(1)...3_000 {
            let (source, target) = RandomSections.pair(seed: seed)
            let input = SectionedInput(source: source, target: target)
            let elementChanged = Self.flags(input.sourceElements.count, every: 4, seed: seed)
            let sectionChanged = Self.flags(input.targetSections.count, every: 3, seed: ~seed)
            let verdict = harness.verify(
                input, algorithm: algorithm, elementChanged: elementChanged, sectionChanged: sectionChanged)
            #expect(verdict.isEmpty, "seed \(seed): \(verdict)\nsource \(source)\ntarget \(target)")
            if !verdict.isEmpty { break }
            harness.run(input, algorithm: algorithm, elementChanged: elementChanged, sectionChanged: sectionChanged) {
                for kind in $0.stages.presentKinds { presentCounts[Int(kind.rawValue)] += 1 }
            }
        }
        // The inputs reach every stage, often.
        #expect(presentCounts.allSatisfy { $0 > 300 }, "stages present: \(presentCounts)")
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func largerRandomInputsReplayUnderUIKitRules(algorithm: ldc_algorithm) {
        let harness = StagingHarness()
        for seed in UInt64(1)...150 {
            let (source, target) = RandomSections.pair(seed: seed, maximumSections: 14, maximumElements: 16)
            let input = SectionedInput(source: source, target: target)
            let verdict = harness.verify(
                input, algorithm: algorithm,
                elementChanged: Self.flags(input.sourceElements.count, every: 5, seed: seed),
                sectionChanged: Self.flags(input.targetSections.count, every: 2, seed: seed))
            #expect(verdict.isEmpty, "seed \(seed): \(verdict)")
        }
    }

    // MARK: Each stage by hand

    @Test func elementUpdatesAloneReloadSourcePathsAndEndOnTheTarget() {
        let harness = StagingHarness()
        let input = SectionedInput([(1, [10, 11, 12]), (2, [20])], [(1, [10, 11, 12]), (2, [20])])
        let changed: [UInt8] = [0, 1, 0, 1]
        #expect(harness.verify(input, elementChanged: changed).isEmpty)
        harness.run(input, elementChanged: changed) { run in
            #expect(run.stages.presentKinds == [LD_STAGE_ELEMENT_UPDATES] && run.stages.present_count == 1)
            let stage = run.stages.stage(LD_STAGE_ELEMENT_UPDATES)
            #expect(stage.updated == [[0, 1], [1, 0]])
            #expect(stage.data_is_target && stage.data_section_count == 2 && stage.data_section_models == nil)
            #expect(stage.section_count_before == 2 && stage.countsBefore == [3, 1])
        }
    }

    @Test func deletesTakeTheirSectionsElementsAndStageOneShowsTargetVersions() {
        let harness = StagingHarness()
        // Section 2 goes with its element; 11 is deleted from section 1; 12 changed.
        let input = SectionedInput([(1, [10, 11, 12]), (2, [20]), (3, [30])], [(1, [10, 12]), (3, [30])])
        let changed: [UInt8] = [0, 0, 1, 0, 0]
        #expect(harness.verify(input, elementChanged: changed).isEmpty)
        harness.run(input, elementChanged: changed) { run in
            #expect(run.stages.presentKinds == [LD_STAGE_ELEMENT_UPDATES, LD_STAGE_DELETES])
            #expect(array(run.match.elements.source_to_target, 5) == [0, -1, 1, -1, 2])
            let updates = run.stages.stage(LD_STAGE_ELEMENT_UPDATES)
            #expect(updates.updated == [[0, 2]])
            // Every source section, matched elements in their target version (~j).
            #expect(updates.models == [0, 1, 2] && updates.starts == [0, 3, 4, 5])
            #expect(updates.elements == [~0, 1, ~1, 3, ~2])
            let deletes = run.stages.stage(LD_STAGE_DELETES)
            #expect(deletes.sectionsDeleted == [1] && deletes.elementsDeleted == [[0, 1]])
            #expect(deletes.section_count_before == 3 && deletes.countsBefore == [3, 1, 1])
            #expect(deletes.data_is_target)
        }
    }

    @Test func sectionInsertsAndMovesComeFromPositionsAfterTheDeletes() {
        let harness = StagingHarness()
        let input = SectionedInput([(1, [10]), (2, [20]), (3, [30])], [(3, [30]), (4, [40]), (1, [10])])
        #expect(harness.verify(input).isEmpty)
        harness.run(input) { run in
            #expect(run.stages.presentKinds == [LD_STAGE_DELETES, LD_STAGE_SECTION_INSERTS_AND_MOVES])
            let deletes = run.stages.stage(LD_STAGE_DELETES)
            // The survivors: sections 0 and 2 of the source, their elements in target versions.
            #expect(deletes.models == [0, 2] && deletes.starts == [0, 1, 2] && deletes.elements == [~2, ~0])
            let inserts = run.stages.stage(LD_STAGE_SECTION_INSERTS_AND_MOVES)
            #expect(inserts.sectionsInserted == [1])
            let moved = array(run.match.sections.moved, run.match.sections.moved_count)
            #expect(moved.count == 1)
            // Source section 2 sits at 1 once section 1 is deleted.
            let afterDeletes: [Int32: Int32] = [0: 0, 2: 1]
            #expect(inserts.sectionsMoved == moved.map { [afterDeletes[$0.source]!, $0.target] })
            #expect(inserts.countsBefore == [1, 1] && inserts.data_is_target)
        }
    }

    @Test func elementsMoveAcrossSectionsAndIntoInsertedOnesInStageFour() {
        let harness = StagingHarness()
        // 10 moves into the inserted section 5, 11 into section 2; 20 is deleted; 50 arrives
        // with section 5.
        let input = SectionedInput([(1, [10, 11]), (2, [20, 21])], [(2, [21, 11]), (5, [10, 50]), (1, [])])
        #expect(harness.verify(input).isEmpty)
        harness.run(input) { run in
            #expect(
                run.stages.presentKinds == [
                    LD_STAGE_DELETES, LD_STAGE_SECTION_INSERTS_AND_MOVES, LD_STAGE_ELEMENT_INSERTS_AND_MOVES,
                ])
            let sections = run.stages.stage(LD_STAGE_SECTION_INSERTS_AND_MOVES)
            #expect(sections.sectionsInserted == [1])
            // Target order: survivors of source 1, the new section with only 50, source 0's survivors.
            #expect(sections.models == [1, ~1, 0] && sections.starts == [0, 1, 2, 4])
            #expect(sections.elements == [~0, ~3, ~2, ~1])
            let elements = run.stages.stage(LD_STAGE_ELEMENT_INSERTS_AND_MOVES)
            #expect(elements.elementsInserted.isEmpty, "50 arrived with its section")
            #expect(elements.elementsMoved == [[2, 1, 0, 1], [2, 0, 1, 0]])
            #expect(elements.countsBefore == [1, 1, 2] && elements.data_is_target)
        }
    }

    /// After 9's delete, 1 stands at index 1 on both sides: stage 4 moves 2 and 0 around it,
    /// not 1 from [0, 1] to [0, 1], in a flat list and in a section of several alike.
    @Test func noElementMovesToItsOwnPathAfterTheDeletes() {
        let harness = StagingHarness()
        for input in [
            SectionedInput([(1, [9, 0, 1, 2])], [(1, [2, 1, 0])]),
            SectionedInput([(1, [9, 0, 1, 2]), (2, [5])], [(1, [2, 1, 0]), (2, [5])]),
        ] {
            #expect(harness.verify(input).isEmpty)
            harness.run(input) { run in
                let elements = run.stages.stage(LD_STAGE_ELEMENT_INSERTS_AND_MOVES)
                #expect(elements.elementsMoved == [[0, 2, 0, 0], [0, 0, 0, 2]])
            }
        }
    }

    /// Every tenth of the first 1,000 deleted, the rest reversed: 48 moves could be in place
    /// judged by their indices (enough to sort them), and one is: 556, at 500 after the deletes
    /// and at 500 in the target.
    @Test func noElementMovesToItsOwnPathAmongManyCandidates() {
        let harness = StagingHarness()
        let source = (0..<UInt64(1_101)).map { $0 }
        let target = Array(source.filter { $0 >= 1_000 || $0 % 10 != 0 }.reversed())
        for input in [
            SectionedInput([(1, source)], [(1, target)]),
            SectionedInput([(2, [5_000]), (1, source)], [(1, target), (2, [5_000])]),
        ] {
            #expect(harness.verify(input).isEmpty)
            harness.run(input) { run in
                let moved = run.stages.stage(LD_STAGE_ELEMENT_INSERTS_AND_MOVES).elementsMoved
                #expect(moved.count == 1_000)
                #expect(!moved.contains { $0[0] == $0[2] && $0[1] == $0[3] })
            }
        }
    }

    /// Section 2 sits at index 1 before and after the batch once section 0 is deleted: stage 3
    /// moves sections 3 and 1 around it.
    @Test func noSectionMovesToItsOwnIndexAfterTheDeletes() {
        let harness = StagingHarness()
        let input = SectionedInput([(0, [10]), (1, [11]), (2, [12]), (3, [13])], [(3, [13]), (2, [12]), (1, [11])])
        #expect(harness.verify(input).isEmpty)
        harness.run(input) { run in
            #expect(run.stages.stage(LD_STAGE_SECTION_INSERTS_AND_MOVES).sectionsMoved == [[2, 0], [0, 2]])
        }
    }

    @Test func anElementOfADeletedSectionIsInsertedNotMoved() {
        let harness = StagingHarness()
        let input = SectionedInput([(1, [10]), (2, [20])], [(1, [10, 20])])
        #expect(harness.verify(input).isEmpty)
        harness.run(input) { run in
            #expect(array(run.match.elements.source_to_target, 2) == [0, -1])
            #expect(array(run.match.elements.deleted, run.match.elements.deleted_count) == [1])
            let elements = run.stages.stage(LD_STAGE_ELEMENT_INSERTS_AND_MOVES)
            #expect(elements.elementsInserted == [[0, 1]] && elements.elementsMoved.isEmpty)
            #expect(run.stages.stage(LD_STAGE_DELETES).elementsDeleted.isEmpty, "deleted with its section")
        }
    }

    @Test func sectionUpdatesComeLastAndAloneWithSourceModelsBefore() {
        let harness = StagingHarness()
        let same = SectionedInput([(1, [10]), (2, [20])], [(1, [10]), (2, [20])])
        harness.run(same, sectionChanged: [0, 1]) { run in
            #expect(run.stages.presentKinds == [LD_STAGE_SECTION_UPDATES])
            #expect(run.stages.stage(LD_STAGE_SECTION_UPDATES).sectionsUpdated == [1])
        }
        let swapped = SectionedInput([(1, [10]), (2, [20, 21])], [(2, [21, 20]), (1, [10])])
        #expect(harness.verify(swapped, sectionChanged: [1, 0]).isEmpty)
        harness.run(swapped, sectionChanged: [1, 0]) { run in
            #expect(
                run.stages.presentKinds == [
                    LD_STAGE_SECTION_INSERTS_AND_MOVES, LD_STAGE_ELEMENT_INSERTS_AND_MOVES, LD_STAGE_SECTION_UPDATES,
                ])
            let elements = run.stages.stage(LD_STAGE_ELEMENT_INSERTS_AND_MOVES)
            // The target's elements, matched sections still with their source models.
            #expect(elements.models == [1, 0] && elements.elements == [~0, ~1, ~2] && elements.starts == [0, 2, 3])
            let updates = run.stages.stage(LD_STAGE_SECTION_UPDATES)
            #expect(updates.sectionsUpdated == [0] && updates.countsBefore == [2, 1] && updates.data_is_target)
        }
    }

    @Test func allFiveStagesChainTheirShapes() {
        let harness = StagingHarness()
        let input = SectionedInput(
            [(1, [10, 11, 12]), (2, [20]), (3, [30, 31])], [(3, [31, 30, 12]), (4, [40]), (1, [10, 13])])
        let elementChanged: [UInt8] = [1, 0, 0, 0, 0, 0], sectionChanged: [UInt8] = [0, 0, 1]
        #expect(harness.verify(input, elementChanged: elementChanged, sectionChanged: sectionChanged).isEmpty)
        harness.run(input, elementChanged: elementChanged, sectionChanged: sectionChanged) { run in
            #expect(run.stages.present_count == 5 && run.stages.presentKinds == Self.kinds)
            var counts = [Int32]([3, 1, 2])
            for kind in Self.kinds {
                let stage = run.stages.stage(kind)
                #expect(stage.countsBefore == counts, "stage \(kind.rawValue + 1)")
                #expect(stage.data_is_target == (kind == LD_STAGE_SECTION_UPDATES))
                if !stage.data_is_target { counts = zip(stage.starts.dropFirst(), stage.starts).map { $0 - $1 } }
            }
        }
    }

    /// A flat list is one section each side: the element match is the plain diff's, and a diff
    /// with neither updates nor deletes needs no layout.
    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func aFlatListIsOneSectionAndMatchesThePlainDiff(algorithm: ldc_algorithm) {
        let harness = StagingHarness(), plain = CoreHarness()
        for seed in UInt64(1)...300 {
            let (source, target) = RandomLists.pair(seed: seed)
            let input = SectionedInput([(7, source)], [(7, target)])
            var expected: [Int32] = []
            plain.diff(algorithm, source: source, target: target) { _, result in
                expected = array(result.source_to_target, result.source_count)
            }.assertOK()
            harness.run(input, algorithm: algorithm) { run in
                #expect(array(run.match.elements.source_to_target, source.count) == expected, "seed \(seed)")
            }
            #expect(harness.verify(input, algorithm: algorithm).isEmpty, "seed \(seed)")
        }
        var random = SplitMix64(seed: 5)
        let list = (0..<200).map(UInt64.init)
        let shuffled = SectionedInput([(0, list)], [(0, RandomLists.shuffled(list, &random))])
        harness.run(shuffled, algorithm: LDC_HECKEL) { run in
            #expect(run.stages.presentKinds == [LD_STAGE_ELEMENT_INSERTS_AND_MOVES])
            #expect(Self.kinds.allSatisfy { run.stages.stage($0).data_elements == nil }, "no layout")
        }
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func emptyAndOneSidedInputs(algorithm: ldc_algorithm) {
        let harness = StagingHarness()
        let cases: [SectionedInput] = [
            SectionedInput([], []),
            SectionedInput([(1, [])], []),
            SectionedInput([], [(1, [])]),
            SectionedInput([(1, []), (2, [])], [(2, []), (1, [])]),
            SectionedInput([(1, [1, 2]), (2, [3])], []),
            SectionedInput([], [(1, [1, 2]), (1, [1])]),
            SectionedInput([(1, [1, 1]), (1, [1])], [(1, [1]), (1, [1, 1])]),
        ]
        for (index, input) in cases.enumerated() {
            #expect(harness.verify(input, algorithm: algorithm).isEmpty, "case \(index)")
        }
        harness.run(SectionedInput([], [])) { run in
            #expect(run.diffStatus == LD_OK && run.stageStatus == LD_OK && run.stages.present_count == 0)
        }
    }

    // MARK: Statuses

    @Test func nullArraysWithCountsAndDisagreeingCountsAreInvalid() {
        let harness = StagingHarness()
        let ids: [UInt64] = [1, 2, 3], counts: [UInt32] = [1, 2]
        var out = ld_sectioned_result_t()
        out.sections.source_count = 99
        func diff(
            _ workspace: OpaquePointer?, _ ss: UnsafePointer<UInt64>?, _ sn: Int, _ ts: UnsafePointer<UInt64>?,
            _ tn: Int, _ sc: UnsafePointer<UInt32>?, _ tc: UnsafePointer<UInt32>?, _ se: UnsafePointer<UInt64>?,
            _ sen: Int, _ te: UnsafePointer<UInt64>?, _ ten: Int, algorithm: ld_algorithm = LD_ALGORITHM_HECKEL,
            options: UnsafePointer<ld_options_t>? = nil, out: UnsafeMutablePointer<ld_sectioned_result_t>?
        ) -> ld_status {
            ld_sectioned_diff(workspace, ss, sn, ts, tn, sc, tc, se, sen, te, ten, algorithm, options, out)
        }
        ids.withUnsafeBufferPointer { idBuffer in
            counts.withUnsafeBufferPointer { countBuffer in
                let i = idBuffer.baseAddress, c = countBuffer.baseAddress
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, i, 3, i, 3, out: &out) == LD_OK)
                out.sections.source_count = 99
                #expect(diff(nil, i, 2, i, 2, c, c, i, 3, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, i, 3, i, 3, out: nil) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, nil, 2, i, 2, c, c, i, 3, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 2, nil, 2, c, c, i, 3, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 2, i, 2, nil, c, i, 3, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 2, i, 2, c, nil, i, 3, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, nil, 3, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, i, 3, nil, 3, out: &out) == LD_ERROR_INVALID)
                // Counts that disagree with the totals, on either side, are reported, not read past.
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, i, 2, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, i, 3, i, 1, out: &out) == LD_ERROR_INVALID)
                #expect(diff(harness.workspace, i, 1, i, 2, c, c, i, 3, i, 3, out: &out) == LD_ERROR_INVALID)
                #expect(
                    diff(harness.workspace, i, 2, i, 2, c, c, i, 3, i, 3, algorithm: ld_algorithm(rawValue: 9), out: &out)
                        == LD_ERROR_INVALID)
                var options = ld_options_t()
                options.source_content = i
                options.target_content = i
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, i, 3, i, 3, options: &options, out: &out) == LD_ERROR_INVALID)
                options = ld_options_t()
                options.source_groups = c
                options.target_groups = c
                #expect(diff(harness.workspace, i, 2, i, 2, c, c, i, 3, i, 3, options: &options, out: &out) == LD_ERROR_INVALID)
                #expect(out.sections.source_count == 99, "out must be untouched on error")
                // (NULL, 0) is empty everywhere.
                #expect(diff(harness.workspace, nil, 0, nil, 0, nil, nil, nil, 0, nil, 0, out: &out) == LD_OK)
            }
        }
    }

    @Test func countsBeyondTheLimitOverflow() {
        let harness = StagingHarness()
        var one: UInt64 = 1, count: UInt32 = 1
        var out = ld_sectioned_result_t()
        let big = Int(LD_MAX_COUNT) + 1
        #expect(
            ld_sectioned_diff(
                harness.workspace, &one, big, &one, 1, &count, &count, &one, 1, &one, 1, LD_ALGORITHM_HECKEL, nil, &out)
                == LD_ERROR_OVERFLOW)
        #expect(
            ld_sectioned_diff(
                harness.workspace, &one, 1, &one, 1, &count, &count, &one, 1, &one, big, LD_ALGORITHM_LCS, nil, &out)
                == LD_ERROR_OVERFLOW)
        #expect(harness.bytesHeld == 0, "nothing may be allocated for a refused diff")
    }

    @Test func stagingRefusesBadArgumentsAndInconsistentMatches() {
        let harness = StagingHarness()
        let input = SectionedInput([(1, [10, 11]), (2, [20])], [(2, [11, 20]), (3, [30])])
        var stages = ld_stages_t()
        stages.present_count = 77
        harness.run(input) { run in
            var match = run.match
            #expect(ld_stage(nil, &match, nil, nil, nil, &stages) == LD_ERROR_INVALID)
            #expect(ld_stage(harness.workspace, nil, nil, nil, nil, &stages) == LD_ERROR_INVALID)
            #expect(ld_stage(harness.workspace, &match, nil, nil, nil, nil) == LD_ERROR_INVALID)
            var broken = match
            broken.elements.source_to_target = nil
            #expect(ld_stage(harness.workspace, &broken, nil, nil, nil, &stages) == LD_ERROR_INVALID)
            // An index out of range, and section maps that are not inverses.
            let badMoves = [ld_pair_t(source: 0, target: 99)]
            badMoves.withUnsafeBufferPointer { moves in
                broken = match
                broken.elements.moved = moves.baseAddress
                broken.elements.moved_count = 1
                #expect(ld_stage(harness.workspace, &broken, nil, nil, nil, &stages) == LD_ERROR_INVALID)
            }
            let sectionMap: [Int32] = [1, 1]
            sectionMap.withUnsafeBufferPointer { map in
                broken = match
                broken.sections.source_to_target = map.baseAddress
                #expect(ld_stage(harness.workspace, &broken, nil, nil, nil, &stages) == LD_ERROR_INVALID)
            }
            let starts: [Int32] = [0, 2, 2]
            starts.withUnsafeBufferPointer { starts in
                broken = match
                broken.source_section_starts = starts.baseAddress
                #expect(ld_stage(harness.workspace, &broken, nil, nil, nil, &stages) == LD_ERROR_INVALID)
            }
            broken = match
            broken.elements.source_count = Int(LD_MAX_COUNT) + 1
            #expect(ld_stage(harness.workspace, &broken, nil, nil, nil, &stages) == LD_ERROR_OVERFLOW)
            #expect(stages.present_count == 77, "out must be untouched on error")
            // The match is still valid after all that.
            #expect(ld_stage(harness.workspace, &match, nil, nil, nil, &stages) == LD_OK && stages.present_count > 0)
        }
        #expect(harness.verify(input).isEmpty)
    }

    #if DEBUG
        /// Release builds trust the match `ld_sectioned_diff` just returned; debug builds, which run
        /// these tests, check it (LD_CHECK_OWN_MATCH) and call a broken one the engine's bug.
        @Test func debugBuildsCheckTheEnginesOwnMatch() {
            let harness = StagingHarness()
            let input = SectionedInput([(1, [10, 11, 12]), (2, [20])], [(1, [11]), (2, [20])])
            harness.run(input) { run in
                var match = run.match
                #expect(match.elements.deleted_count == 2)
                guard match.elements.deleted_count == 2, let deleted = match.elements.deleted else { return }
                // Out of order, but in range: safe to follow for a build that does not check.
                let deletes = UnsafeMutableBufferPointer(start: UnsafeMutablePointer(mutating: deleted), count: 2)
                deletes.swapAt(0, 1)
                defer { deletes.swapAt(0, 1) }
                var stages = ld_stages_t()
                #expect(ld_stage(harness.workspace, &match, nil, nil, nil, &stages) == LD_ERROR_INTERNAL)
            }
        }
    #endif

    @Test func editBudgetIsReportedForLCS() {
        let harness = StagingHarness()
        let input = SectionedInput([(1, [1, 2, 3, 4])], [(1, [4, 3, 2, 1])])
        var options = ld_options_t()
        options.limit_edits = true
        options.max_edits = 2
        harness.run(input, algorithm: LDC_MYERS, options: options) { #expect($0.diffStatus == LD_EDIT_BUDGET_EXCEEDED) }
        options.max_edits = 6
        harness.run(input, algorithm: LDC_MYERS, options: options) { #expect($0.diffStatus == LD_OK) }
        // The section diff has the same budget.
        let sections = SectionedInput([(1, []), (2, []), (3, [])], [(3, []), (2, []), (1, [])])
        options.max_edits = 1
        harness.run(sections, algorithm: LDC_MYERS, options: options) { #expect($0.diffStatus == LD_EDIT_BUDGET_EXCEEDED) }
    }

    private func makeToken() -> OpaquePointer {
        var token: OpaquePointer?
        precondition(ld_cancel_token_create(nil, &token) == LD_OK)
        return token!
    }

    /// A large sectioned input: `sections` sections of `perSection` elements, edited.
    static func largeInput(sections: Int, perSection: Int, seed: UInt64) -> SectionedInput {
        var random = SplitMix64(seed: seed)
        let source = (0..<sections).map { s in
            RandomSections.Section(
                identity: UInt64(s), elements: (0..<perSection).map { UInt64(s * perSection + $0) })
        }
        var target = source
        for s in stride(from: 0, to: sections, by: 7) { target[s].elements.reverse() }
        for _ in 0..<sections / 10 { target.remove(at: random.bounded(target.count)) }
        for _ in 0..<sections / 10 {
            target.insert(
                RandomSections.Section(identity: UInt64(sections + random.bounded(sections)), elements: [1, 2, 3]),
                at: random.bounded(target.count + 1))
        }
        for _ in 0..<sections {
            let from = random.bounded(target.count), to = random.bounded(target.count)
            if let element = target[from].elements.popLast() { target[to].elements.insert(element, at: 0) }
        }
        return SectionedInput(source: source, target: target)
    }

    @Test func cancellationBeforeStopsBothCallsAndTheWorkspaceStaysUsable() {
        let token = makeToken()
        defer { ld_cancel_token_free(token) }
        let harness = StagingHarness()
        let input = Self.largeInput(sections: 50, perSection: 20, seed: 1)
        ld_cancel_token_cancel(token)
        var options = ld_options_t()
        options.cancel = token
        harness.run(input, options: options) { #expect($0.diffStatus == LD_CANCELLED) }
        harness.run(input, stageCancel: token) { run in
            #expect(run.diffStatus == LD_OK && run.stageStatus == LD_CANCELLED)
            var stages = ld_stages_t(), match = run.match
            stages.present_count = 42
            #expect(ld_stage(harness.workspace, &match, nil, nil, token, &stages) == LD_CANCELLED)
            #expect(stages.present_count == 42, "out must be untouched when cancelled")
        }
        ld_cancel_token_reset(token)
        #expect(harness.verify(Self.largeInput(sections: 8, perSection: 5, seed: 2)).isEmpty)
    }

    /// A cancel that arrives while one large staging runs stops it: the token is polled during
    /// the work, not only on entry.
    @Test func cancellationDuringALargeStagingStopsIt() {
        let token = makeToken()
        defer { ld_cancel_token_free(token) }
        let harness = StagingHarness()
        let input = Self.largeInput(sections: 2_000, perSection: 400, seed: 3)
        harness.run(
            input, elementChanged: [UInt8](repeating: 1, count: input.sourceElements.count),
            sectionChanged: [UInt8](repeating: 1, count: input.targetSections.count)
        ) { run in
            #expect(run.stageStatus == LD_OK)
            var match = run.match, stages = ld_stages_t()
            let changed = [UInt8](repeating: 1, count: input.sourceElements.count)
            let sectionChanged = [UInt8](repeating: 1, count: input.targetSections.count)
            let start = Date()
            #expect(ld_stage(harness.workspace, &match, changed, sectionChanged, token, &stages) == LD_OK)
            let duration = Date().timeIntervalSince(start)
            var stoppedDuring = false
            for _ in 0..<40 where !stoppedDuring {
                ld_cancel_token_reset(token)
                nonisolated(unsafe) let sharedToken = token
                let began = Date()
                let cancel = DelayedAction(after: duration * 0.3) { ld_cancel_token_cancel(sharedToken) }
                let status = ld_stage(harness.workspace, &match, changed, sectionChanged, token, &stages)
                cancel.disarm()
                if status == LD_CANCELLED, let cancelled = cancel.time, cancelled > began {
                    stoppedDuring = true
                    #expect(Date().timeIntervalSince(cancelled) < 5, "the stop came long after the cancel")
                } else {
                    #expect(status == LD_OK || status == LD_CANCELLED)
                }
                while cancel.time == nil && Date().timeIntervalSince(began) < duration * 0.3 + 0.2 {
                    Thread.sleep(forTimeInterval: 0.001)  // let a late action finish before the reset
                }
            }
            #expect(stoppedDuring, "no run of \(duration)s was stopped by a cancel during it")
            ld_cancel_token_reset(token)
            #expect(ld_stage(harness.workspace, &match, nil, nil, token, &stages) == LD_OK, "the match stays valid")
        }
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func everyAllocationFailureIsReportedAndTheWorkspaceStaysUsable(algorithm: ldc_algorithm) {
        let input = SectionedInput(
            [(1, [10, 11, 12]), (2, [20, 21]), (3, [30]), (4, [40, 41])],
            [(3, [30, 12]), (5, [50, 21]), (1, [11, 10]), (4, [41])])
        let changed: [UInt8] = [1, 0, 1, 0, 0, 1, 0, 1], sectionChanged: [UInt8] = [1, 0, 1, 0]
        let counting = CountingAllocator()
        do {
            let harness = StagingHarness(allocator: counting.allocator)
            #expect(harness.verify(input, algorithm: algorithm, elementChanged: changed, sectionChanged: sectionChanged).isEmpty)
        }
        let needed = counting.counts.attempts
        #expect(needed > 5 && counting.counts.live_bytes == 0)
        for failing in 1..<needed {
            counting.reset(failAt: failing)
            do {
                let harness = StagingHarness(allocator: counting.allocator)
                let failed = harness.run(
                    input, algorithm: algorithm, elementChanged: changed, sectionChanged: sectionChanged
                ) { $0.diffStatus == LD_ERROR_ALLOC || $0.stageStatus == LD_ERROR_ALLOC }
                #expect(failed, "allocation \(failing) should fail the diff or the staging")
                let verdict = harness.verify(input, algorithm: algorithm, elementChanged: changed, sectionChanged: sectionChanged)
                #expect(verdict.isEmpty, "allocation \(failing): the workspace must work after it: \(verdict)")
            }
            #expect(counting.counts.live_bytes == 0, "allocation \(failing): \(counting.counts.live_bytes) bytes leaked")
        }
    }

    /// Equal-size inputs of any content, and smaller ones, reuse a warm workspace's memory.
    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func warmWorkspaceAllocatesNothingForInputsNoLarger(algorithm: ldc_algorithm) {
        let counting = CountingAllocator()
        let harness = StagingHarness(allocator: counting.allocator)
        let shape = (0..<30).map { 5 + $0 % 9 }
        func input(seed: UInt64, alphabet: Int, sectionAlphabet: Int) -> SectionedInput {
            var random = SplitMix64(seed: seed)
            func side() -> [RandomSections.Section] {
                shape.map { count in
                    RandomSections.Section(
                        identity: UInt64(random.bounded(sectionAlphabet)),
                        elements: (0..<count).map { _ in UInt64(random.bounded(alphabet)) })
                }
            }
            return SectionedInput(source: side(), target: side())
        }
        let first = input(seed: 1, alphabet: 1_000, sectionAlphabet: 1_000)
        let changed = [UInt8](repeating: 1, count: first.sourceElements.count)
        let sectionChanged = [UInt8](repeating: 1, count: first.targetSections.count)
        harness.run(first, algorithm: algorithm, elementChanged: changed, sectionChanged: sectionChanged) {
            #expect($0.stageStatus == LD_OK)
        }
        let warm = counting.counts.allocations
        for round in UInt64(2)...25 {
            // Every mix: unrelated lists, shuffled sections, repeats, deleted sections.
            let next = input(seed: round, alphabet: [3, 40, 1_000][Int(round % 3)], sectionAlphabet: [2, 30][Int(round % 2)])
            harness.run(next, algorithm: algorithm, elementChanged: changed, sectionChanged: sectionChanged) {
                #expect($0.diffStatus == LD_OK && $0.stageStatus == LD_OK, "round \(round)")
            }
            let smaller = SectionedInput(
                source: RandomSections.pair(seed: round).source, target: RandomSections.pair(seed: round).target)
            harness.run(smaller, algorithm: algorithm) { _ in }
        }
        #expect(counting.counts.allocations == warm, "a warm workspace allocated \(counting.counts.allocations - warm) times")
    }

    /// ld_stage reserves at most 21 bytes per element of n + m and 28 per section of S + T
    /// beyond what the diff holds, as its documentation says.
    @Test func stagingMemoryStaysWithinItsBound() {
        for (sections, perSection) in [(1, 20_000), (20, 25), (1_000, 100)] {
            let harness = StagingHarness()
            let input = Self.largeInput(sections: sections, perSection: perSection, seed: 9)
            var afterDiff = 0
            let options = ld_options_t()
            input.withLists { lists in
                var options = options, match = ld_sectioned_result_t(), stages = ld_stages_t()
                ld_sectioned_diff(
                    harness.workspace, lists.source_sections, lists.source_section_count, lists.target_sections,
                    lists.target_section_count, lists.source_section_counts, lists.target_section_counts,
                    lists.source_elements, lists.source_element_count, lists.target_elements, lists.target_element_count,
                    LD_ALGORITHM_HECKEL, &options, &match
                ).assertOK()
                afterDiff = harness.bytesHeld
                ld_stage(harness.workspace, &match, nil, nil, nil, &stages).assertOK()
            }
            let elements = input.sourceElements.count + input.targetElements.count
            let sectionCount = input.sourceSections.count + input.targetSections.count
            #expect(harness.bytesHeld - afterDiff <= 21 * elements + 28 * sectionCount + 64, "\(sections) × \(perSection)")
        }
    }
}
