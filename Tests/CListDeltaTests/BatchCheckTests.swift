import CListDelta
import CListDeltaChecks
import Testing

/// `ld_check_batch` called directly: its argument rules, the counts it derives, its origins and
/// its memory. The rules themselves are tested through the Swift validator
/// (BatchUpdateValidatorTests) and every test oracle, which call it.
@Suite struct BatchCheckTests {
    private let allocator = CountingAllocator()

    /// Checks a batch with `elementDeleted` and `sectionDeleted` (and an element insert at
    /// `inserted`) for a list of `after` counts after it, `before` (nil: derived) before it.
    private func check(
        _ harness: CoreHarness, sectionDeleted: [Int32] = [], elementDeleted: [ld_path_t] = [],
        elementInserted: [ld_path_t] = [], before: [Int32]?, after: [Int32],
        body: (ld_status, ld_batch_check_t) -> Void
    ) {
        sectionDeleted.withUnsafeBufferPointer { sections in
            elementDeleted.withUnsafeBufferPointer { deleted in
                elementInserted.withUnsafeBufferPointer { inserted in
                    var batch = ld_batch_t()
                    batch.section_deleted = sections.baseAddress
                    batch.section_deleted_count = sections.count
                    batch.element_deleted = deleted.baseAddress
                    batch.element_deleted_count = deleted.count
                    batch.element_inserted = inserted.baseAddress
                    batch.element_inserted_count = inserted.count
                    var out = ld_batch_check_t()
                    out.element_count = 99
                    let options = before == nil ? LD_BATCH_DERIVE_COUNTS_BEFORE.rawValue : 0
                    let status = ld_check_batch(
                        harness.workspace, &batch, before ?? [], before?.count ?? 0, after, after.count, options, &out)
                    body(status, out)
                }
            }
        }
    }

    @Test func badArgumentsAreRefusedAndLeaveTheOutcomeAlone() {
        let harness = CoreHarness()
        var batch = ld_batch_t()
        var out = ld_batch_check_t()
        out.element_count = 99
        let counts: [Int32] = [1]
        #expect(ld_check_batch(nil, &batch, counts, 1, counts, 1, 0, &out) == LD_ERROR_INVALID)
        #expect(ld_check_batch(harness.workspace, nil, counts, 1, counts, 1, 0, &out) == LD_ERROR_INVALID)
        #expect(ld_check_batch(harness.workspace, &batch, counts, 1, counts, 1, 0, nil) == LD_ERROR_INVALID)
        #expect(ld_check_batch(harness.workspace, &batch, counts, 1, nil, 1, 0, &out) == LD_ERROR_INVALID)
        batch.element_deleted_count = 1
        #expect(ld_check_batch(harness.workspace, &batch, counts, 1, counts, 1, 0, &out) == LD_ERROR_INVALID)
        batch.element_deleted_count = 0
        #expect(ld_check_batch(harness.workspace, &batch, [-1], 1, counts, 1, 0, &out) == LD_ERROR_INVALID)
        #expect(ld_check_batch(harness.workspace, &batch, nil, 1, counts, 1, 0, &out) == LD_ERROR_INVALID)
        let half = Int32(LD_MAX_COUNT / 2 + 1)
        #expect(ld_check_batch(harness.workspace, &batch, [half, half], 2, [0, 0], 2, 0, &out) == LD_ERROR_OVERFLOW)
        #expect(out.element_count == 99, "out must be untouched on error")
    }

    @Test func countsBeforeAreDerivedAsTheOnlyOnesTheBatchIsValidFor() {
        let harness = CoreHarness()
        // Before: [?, 3, 2]; section 0 deleted (its paths reach element 4), one element deleted
        // from section 1 and one inserted into what was section 2.
        check(
            harness, sectionDeleted: [0], elementDeleted: [ld_path_t(section: 0, element: 4), .init(section: 1, element: 0)],
            elementInserted: [ld_path_t(section: 1, element: 0)], before: nil, after: [2, 3]
        ) { status, out in
            #expect(status == LD_OK)
            #expect(out.rule == LD_BATCH_ELEMENT_IN_DELETED_SECTION, "paths in a deleted section still break a rule")
        }
        check(
            harness, sectionDeleted: [0], elementDeleted: [.init(section: 1, element: 0)],
            elementInserted: [.init(section: 1, element: 0)], before: nil, after: [2, 3]
        ) { status, out in
            #expect(status == LD_OK && out.rule == LD_BATCH_VALID)
            #expect(Array(UnsafeBufferPointer(start: out.counts_before, count: out.section_count_before)) == [0, 3, 2])
            #expect(Array(UnsafeBufferPointer(start: out.section_origins, count: 2)) == [1, 2])
            #expect(Array(UnsafeBufferPointer(start: out.element_origins, count: out.element_count)) == [1, 2, -1, 3, 4])
        }
        // A section left with fewer elements than the batch puts into it: no counts fit, and the
        // fewest it could hold is said.
        check(harness, elementInserted: [.init(section: 0, element: 0)], before: nil, after: [0]) { status, out in
            #expect(status == LD_OK && out.rule == LD_BATCH_ELEMENT_COUNT_MISMATCH)
            #expect(out.expected == 1 && out.actual == 0 && out.counts_before == nil)
        }
        // Sections that break a rule leave the element counts underived, the section count not.
        check(harness, sectionDeleted: [5], before: nil, after: [2, 3]) { status, out in
            #expect(status == LD_OK && out.rule == LD_BATCH_SECTION_OUT_OF_RANGE)
            #expect(out.section_count_before == 3 && out.counts_before == nil)
        }
    }

    @Test func aPathInADeletedSectionIsRefusedBeforeAnyCountIsDerivedFromIt() {
        let harness = CoreHarness()
        check(
            harness, sectionDeleted: [0], elementDeleted: [ld_path_t(section: 0, element: Int32.max)], before: nil,
            after: []
        ) { status, out in
            #expect(status == LD_OK && out.rule == LD_BATCH_ELEMENT_IN_DELETED_SECTION)
        }
        #expect(harness.bytesHeld < 1 << 20, "no room for the 2^31 elements its path would imply")
    }

    @Test func anEmptyListIsNotARequestToDerive() {
        let harness = CoreHarness()
        var batch = ld_batch_t()
        var out = ld_batch_check_t()
        #expect(ld_check_batch(harness.workspace, &batch, nil, 0, [1], 1, 0, &out) == LD_OK)
        #expect(out.rule == LD_BATCH_SECTION_COUNT_MISMATCH, "no sections before, one after, none inserted")
        #expect(
            ld_check_batch(harness.workspace, &batch, nil, 0, [1], 1, LD_BATCH_DERIVE_COUNTS_BEFORE.rawValue, &out) == LD_OK)
        #expect(out.rule == LD_BATCH_VALID && out.section_count_before == 1 && out.counts_before[0] == 1)
    }

    @Test func reloadsArriveOnlyWhenAsked() {
        let harness = CoreHarness()
        let reloaded = [ld_path_t(section: 0, element: 1)]
        for arrive in [false, true] {
            reloaded.withUnsafeBufferPointer { reloaded in
                var batch = ld_batch_t()
                batch.element_updated = reloaded.baseAddress
                batch.element_updated_count = 1
                var out = ld_batch_check_t()
                #expect(
                    ld_check_batch(harness.workspace, &batch, [3], 1, [3], 1, arrive ? LD_BATCH_RELOADS_ARRIVE.rawValue : 0, &out)
                        == LD_OK)
                let origins = Array(UnsafeBufferPointer(start: out.element_origins, count: out.element_count))
                #expect(origins == (arrive ? [0, -1, 2] : [0, 1, 2]))
            }
        }
    }

    @Test func aWarmWorkspaceChecksWithoutAllocating() {
        let harness = CoreHarness(allocator: allocator.allocator)
        let deleted = [ld_path_t(section: 1, element: 2)]
        check(harness, elementDeleted: deleted, before: [4, 5], after: [4, 4]) { status, out in
            #expect(status == LD_OK && out.rule == LD_BATCH_VALID)
        }
        let warm = allocator.counts.allocations
        check(harness, elementDeleted: deleted, before: [4, 5], after: [4, 4]) { status, out in
            #expect(status == LD_OK && out.rule == LD_BATCH_VALID)
        }
        #expect(allocator.counts.allocations == warm)
        allocator.reset(failAt: 1)  // after the workspace's own
        let cold = CoreHarness(allocator: allocator.allocator)
        check(cold, elementDeleted: deleted, before: [4, 5], after: [4, 4]) { status, _ in
            #expect(status == LD_ERROR_ALLOC)
        }
    }
}
