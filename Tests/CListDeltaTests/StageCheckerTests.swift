import CListDelta
import CListDeltaChecks
import Testing

/// `ldc_check_stages` replays each stage's batch under UIKit's rules by asking `ld_check_batch`:
/// stages edited to break a rule fail, naming it. (The staging engine never breaks one, so the
/// random replays alone would not show a checker that lets a broken batch through.)
@Suite struct StageCheckerTests {
    /// Section 2 goes with its element; 11 and 12 leave section 1, 31 moves into it from section
    /// 3, 40 and 41 arrive. Stage 2 deletes (0, 1) and (0, 2); stage 4 moves (1, 1) to (0, 2)
    /// and inserts (0, 3) and (1, 1).
    static let input = SectionedInput(
        [(1, [10, 11, 12, 13]), (2, [20]), (3, [30, 31])], [(1, [10, 13, 31, 40]), (3, [30, 41])])

    /// The checker's verdict on the stages of `input` once `edit` has changed the element deletes
    /// (stage 2) or inserts (stage 4), and moves, of the stage of `kind`; empty when it passes.
    private func verdict(
        _ kind: ld_stage_kind, edit: (inout [ld_path_t], inout [ld_path_move_t]) -> Void = { _, _ in }
    ) -> String {
        let harness = StagingHarness()
        return harness.run(Self.input) { run in
            var stages = run.stages, lists = run.lists, match = run.match
            var stage = stages.stage(kind)
            let deletes = kind == LD_STAGE_DELETES
            var paths = Array(
                UnsafeBufferPointer(
                    start: deletes ? stage.batch.element_deleted : stage.batch.element_inserted,
                    count: deletes ? stage.batch.element_deleted_count : stage.batch.element_inserted_count))
            var moves = Array(UnsafeBufferPointer(start: stage.batch.element_moved, count: stage.batch.element_moved_count))
            edit(&paths, &moves)
            return paths.withUnsafeBufferPointer { paths in
                moves.withUnsafeBufferPointer { moves in
                    if deletes {
                        (stage.batch.element_deleted, stage.batch.element_deleted_count) = (paths.baseAddress, paths.count)
                    } else {
                        (stage.batch.element_inserted, stage.batch.element_inserted_count) = (paths.baseAddress, paths.count)
                    }
                    (stage.batch.element_moved, stage.batch.element_moved_count) = (moves.baseAddress, moves.count)
                    withUnsafeMutableBytes(of: &stages.stages) {
                        $0.bindMemory(to: ld_stage_t.self)[Int(kind.rawValue)] = stage
                    }
                    return ldc_check_stages(LDC_HECKEL, &lists, nil, nil, &match, &stages).map { String(cString: $0) }
                        ?? ""
                }
            }
        }
    }

    @Test func theStagesAsStagedPass() {
        #expect(verdict(LD_STAGE_DELETES).isEmpty)
        var shapes: [[Int]] = []
        _ = verdict(LD_STAGE_DELETES) { paths, moves in shapes.append([paths.count, moves.count]) }
        _ = verdict(LD_STAGE_ELEMENT_INSERTS_AND_MOVES) { paths, moves in shapes.append([paths.count, moves.count]) }
        #expect(shapes == [[2, 0], [2, 1]], "the edits below need these operations")
    }

    @Test func aPathListedTwiceIsADuplicate() {
        let verdict = verdict(LD_STAGE_DELETES) { paths, _ in paths[1] = paths[0] }
        #expect(verdict == "stage 2 breaks LD_BATCH_DUPLICATE_ELEMENT: delete (0, 1)")
    }

    @Test func aSectionOutOfRangeIsNamed() {
        let verdict = verdict(LD_STAGE_DELETES) { paths, _ in paths[1] = ld_path_t(section: 9, element: 0) }
        #expect(verdict == "stage 2 breaks LD_BATCH_SECTION_OUT_OF_RANGE: delete (9, 0), of 3 sections")
    }

    @Test func aDeleteInADeletedSectionIsRefused() {
        let verdict = verdict(LD_STAGE_DELETES) { paths, _ in paths[1] = ld_path_t(section: 1, element: 0) }
        #expect(verdict == "stage 2 breaks LD_BATCH_ELEMENT_IN_DELETED_SECTION: delete (1, 0)")
    }

    @Test func aDeleteLeftOutBreaksTheCount() {
        let verdict = verdict(LD_STAGE_DELETES) { paths, _ in paths.removeLast() }
        #expect(
            verdict
                == "stage 2 breaks LD_BATCH_ELEMENT_COUNT_MISMATCH: section 0 of its data holds 2 elements, the batch leaves 3"
        )
    }

    @Test func anInsertWhereAMoveArrivesConflicts() {
        let verdict = verdict(LD_STAGE_ELEMENT_INSERTS_AND_MOVES) { paths, moves in paths[0] = moves[0].target }
        #expect(verdict == "stage 4 breaks LD_BATCH_CONFLICTING_ELEMENTS: insert and move to (0, 2)")
    }
}
