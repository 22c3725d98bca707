import CListDelta
import CListDeltaChecks
import TestSupport
import Testing

@Suite struct WorkspaceTests {
    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func warmWorkspaceAllocatesNothingForSameOrSmallerDiffs(algorithm: ldc_algorithm) {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        var random = SplitMix64(seed: 3)
        let source = (0..<5_000).map(UInt64.init)
        #expect(harness.diff(algorithm, source: source, target: RandomLists.edited(source, alphabet: 6_000, &random)) == LD_OK)
        let warm = counting.counts.allocations
        for round in 0..<20 {
            let count = 5_000 - round * 200
            let smaller = Array(source.prefix(count))
            var target = RandomLists.edited(smaller, alphabet: 6_000, &random)
            if target.count > 5_000 { target.removeLast(target.count - 5_000) }
            #expect(harness.diff(algorithm, source: smaller, target: target) == LD_OK)
        }
        #expect(counting.counts.allocations == warm, "a warm workspace allocated \(counting.counts.allocations - warm) times")
    }

    @Test func heckelPeakMemoryStaysWithin30BytesPerElement() {
        let harness = CoreHarness()
        // Sizes just past powers of two give the emptiest hash tables.
        for count in [1, 7, 100, 1_025, 2_049, 43_691, 65_537, 100_000] {
            let source = (0..<UInt64(count)).map { $0 }
            harness.diff(LDC_HECKEL, source: source, target: source.reversed(), cancel: nil)
                .assertOK()
            #expect(harness.bytesHeld <= 30 * 2 * count + 64, "\(count): \(harness.bytesHeld) bytes")
            ld_workspace_reset(harness.workspace)
            #expect(harness.bytesHeld == 0)
        }
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS])
    func identityArraysSurviveTheDiffsThatReadThem(algorithm: ldc_algorithm) {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator), reference = CoreHarness()
        var random = SplitMix64(seed: 11)
        var warm = 0
        for round in 0..<6 {
            let source = (0..<UInt64(3_000 - round * 100)).map { $0 * 7 }
            let target = RandomLists.edited(source, alphabet: 30_000, &random)
            var sourceStart: UnsafeMutablePointer<UInt64>?, targetStart: UnsafeMutablePointer<UInt64>?
            ld_workspace_identities(harness.workspace, source.count, target.count, &sourceStart, &targetStart).assertOK()
            let sourceRoom = UnsafeMutableBufferPointer(start: sourceStart, count: source.count)
            let targetRoom = UnsafeMutableBufferPointer(start: targetStart, count: target.count)
            _ = sourceRoom.initialize(from: source)
            _ = targetRoom.initialize(from: target)
            // Another diff in between must leave them alone too.
            #expect(harness.verify(algorithm, source: [1, 2, 3], target: [3, 2]).isEmpty)
            var result = ld_result_t()
            let diff = algorithm == LDC_HECKEL ? ld_heckel_diff : ld_myers_diff
            diff(harness.workspace, sourceStart, source.count, targetStart, target.count, nil, &result).assertOK()
            #expect(Array(sourceRoom) == source && Array(targetRoom) == target, "round \(round): a diff wrote over them")
            let inPlace = Array(UnsafeBufferPointer(start: result.target_to_source, count: result.target_count))
            var expected: [Int32] = []
            reference.diff(algorithm, source: source, target: target) { status, result in
                status.assertOK()
                expected = Array(UnsafeBufferPointer(start: result.target_to_source, count: result.target_count))
            }.assertOK()
            #expect(inPlace == expected, "round \(round)")
            if round == 0 { warm = counting.counts.allocations }
        }
        #expect(counting.counts.allocations == warm, "smaller lists reuse the arrays")
    }

    @Test func lentRoomOutlivesDiffsAndGrowsOnlyWhenAskedForMore() {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        var room: UnsafeMutableRawPointer?
        ld_workspace_room(harness.workspace, 4_096, &room).assertOK()
        #expect(harness.bytesHeld == 4_096 && Int(bitPattern: room) % 16 == 0)
        let bytes = room!.bindMemory(to: UInt8.self, capacity: 4_096)
        for index in 0..<4_096 { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        // Diffs of every kind, and the workspace readied for a larger one, leave it alone.
        for algorithm in [LDC_HECKEL, LDC_MYERS] {
            #expect(harness.verify(algorithm, source: Array(0..<500), target: Array((0..<600).reversed())).isEmpty)
        }
        ld_workspace_prepare(harness.workspace, 50_000, 50_000, nil).assertOK()
        #expect((0..<4_096).allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 &* 31) }, "a diff wrote over the room")
        let allocations = counting.counts.allocations
        var again: UnsafeMutableRawPointer?
        ld_workspace_room(harness.workspace, 1_000, &again).assertOK()
        #expect(again == room && counting.counts.allocations == allocations, "less room reuses the room")
        ld_workspace_reset(harness.workspace)
        #expect(harness.bytesHeld == 0)
        #expect(ld_workspace_room(nil, 1, &room) == LD_ERROR_INVALID)
        #expect(ld_workspace_room(harness.workspace, 1, nil) == LD_ERROR_INVALID)
        counting.reset(failAt: 0)
        var untouched: UnsafeMutableRawPointer?
        #expect(ld_workspace_room(harness.workspace, 64, &untouched) == LD_ERROR_ALLOC && untouched == nil)
    }

    @Test func identityArraysRefuseBadArguments() {
        var source: UnsafeMutablePointer<UInt64>? = nil, target: UnsafeMutablePointer<UInt64>? = nil
        #expect(ld_workspace_identities(nil, 1, 1, &source, &target) == LD_ERROR_INVALID)
        let harness = CoreHarness()
        #expect(ld_workspace_identities(harness.workspace, 1, 1, nil, &target) == LD_ERROR_INVALID)
        #expect(ld_workspace_identities(harness.workspace, 1, 1, &source, nil) == LD_ERROR_INVALID)
        #expect(ld_workspace_identities(harness.workspace, Int(LD_MAX_COUNT) + 1, 1, &source, &target) == LD_ERROR_OVERFLOW)
        #expect(ld_workspace_identities(harness.workspace, 1, Int.max, &source, &target) == LD_ERROR_OVERFLOW)
        #expect(source == nil && target == nil && harness.bytesHeld == 0)
        for failAt in 0..<2 {
            let counting = CountingAllocator()
            let failing = CoreHarness(allocator: counting.allocator)
            counting.reset(failAt: failAt)
            #expect(ld_workspace_identities(failing.workspace, 10, 10, &source, &target) == LD_ERROR_ALLOC)
            #expect(source == nil && target == nil)
            #expect(ld_workspace_identities(failing.workspace, 10, 10, &source, &target) == LD_OK, "usable after a failure")
            #expect(failing.bytesHeld == 160)
            source = nil
            target = nil
        }
    }

    @Test(arguments: [LDC_HECKEL, LDC_MYERS], [(3_000, 4_000), (4_000, 3_000), (0, 2_000)])
    func aPreparedWorkspaceDiffsWithoutAllocating(algorithm: ldc_algorithm, counts: (Int, Int)) {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        ld_workspace_prepare(harness.workspace, counts.0, counts.1, nil).assertOK()
        let prepared = counting.counts.allocations
        ld_workspace_prepare(harness.workspace, counts.0, counts.1, nil).assertOK()
        #expect(counting.counts.allocations == prepared, "preparing a prepared workspace allocates nothing")
        var random = SplitMix64(seed: 13)
        // Unique identities, so that an LCS diff takes the table too.
        let identities = (0..<UInt64(counts.0 + counts.1)).shuffled(using: &random)
        let source = Array(identities.prefix(counts.0))
        let target = Array((source.shuffled(using: &random) + identities.dropFirst(counts.0)).prefix(counts.1))
        let failure = harness.verify(algorithm, source: source, target: target)
        #expect(failure.isEmpty, "\(failure)")
        #expect(counting.counts.allocations == prepared, "the diff found everything reserved")
    }

    @Test func prepareRefusesBadArgumentsAndStaysUsable() {
        #expect(ld_workspace_prepare(nil, 1, 1, nil) == LD_ERROR_INVALID)
        let harness = CoreHarness()
        #expect(ld_workspace_prepare(harness.workspace, Int(LD_MAX_COUNT) + 1, 1, nil) == LD_ERROR_OVERFLOW)
        #expect(ld_workspace_prepare(harness.workspace, 1, Int.max, nil) == LD_ERROR_OVERFLOW)
        #expect(harness.bytesHeld == 0)
        var token: OpaquePointer?
        ld_cancel_token_create(nil, &token).assertOK()
        defer { ld_cancel_token_free(token) }
        ld_cancel_token_cancel(token)
        #expect(ld_workspace_prepare(harness.workspace, 100, 100, token) == LD_CANCELLED)
        #expect(harness.verify(LDC_HECKEL, source: [1, 2, 3], target: [3, 1]).isEmpty, "usable after a cancellation")
        var failures = 0
        for failAt in 0..<20 {
            let counting = CountingAllocator()
            let failing = CoreHarness(allocator: counting.allocator)
            counting.reset(failAt: failAt)
            let status = ld_workspace_prepare(failing.workspace, 100, 200, nil)
            #expect(status == LD_OK || status == LD_ERROR_ALLOC)
            if status == LD_ERROR_ALLOC { failures += 1 }
            #expect(failing.verify(LDC_HECKEL, source: [1, 2, 3], target: [3, 1]).isEmpty, "usable after failing at \(failAt)")
        }
        #expect(failures == 7, "one failure for each of the seven buffers")
    }

    @Test func resetReturnsMemoryAndTheWorkspaceStaysUsable() {
        let counting = CountingAllocator()
        let harness = CoreHarness(allocator: counting.allocator)
        let empty = counting.counts.live_bytes
        #expect(harness.verify(LDC_HECKEL, source: [1, 2, 3], target: [3, 1]).isEmpty)
        #expect(counting.counts.live_bytes > empty && harness.bytesHeld == counting.counts.live_bytes - empty)
        ld_workspace_reset(harness.workspace)
        #expect(counting.counts.live_bytes == empty)
        #expect(harness.bytesHeld == 0)
        #expect(harness.verify(LDC_MYERS, source: [1, 2, 3], target: [3, 1]).isEmpty)
    }
}

extension ld_status {
    func assertOK(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self == LD_OK, "status \(String(cString: ld_status_description(self)))", sourceLocation: sourceLocation)
    }
}

#if os(Linux)
    import Foundation

    /// On Linux the default allocator asks for transparent huge pages on buffers of 32 MB and
    /// more: it aligns them to 2 MB and marks them with `madvise(MADV_HUGEPAGE)`. Whether the
    /// kernel then backs them with huge pages depends on how fragmented its memory is (a machine
    /// that has built for hours may have few free 2 MB blocks), so the test checks what the
    /// library does, the mark and the alignment, and reports the backing it got. Runs where the
    /// kernel honours the mark (`madvise` or `always` in
    /// /sys/kernel/mm/transparent_hugepage/enabled).
    @Suite struct HugePageTests {
        static var kernelGrantsHugePages: Bool {
            let setting = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
            return setting.map { $0.contains("[madvise]") || $0.contains("[always]") } ?? false
        }

        @Test(.enabled(if: kernelGrantsHugePages))
        func largeWorkspaceBuffersAskForHugePages() throws {
            let harness = CoreHarness()
            let count = 5 << 20  // 40 MB a side
            var source: UnsafeMutablePointer<UInt64>?, target: UnsafeMutablePointer<UInt64>?
            ld_workspace_identities(harness.workspace, count, count, &source, &target).assertOK()
            let room = try #require(source)
            room.initialize(repeating: 1, count: count)
            #expect(UInt(bitPattern: room) % (2 << 20) == 0, "a 40 MB buffer is not aligned to 2 MB")
            let mapping = try #require(try self.mapping(holding: UnsafeRawPointer(room)))
            #expect(mapping.flags.contains("hg"), "the 40 MB buffer is not marked MADV_HUGEPAGE: \(mapping.flags)")
            print("HugePageTests: \(mapping.hugePageBytes >> 20) MB of a 40 MB buffer on huge pages")
        }

        /// The `VmFlags` and `AnonHugePages` of the mapping in /proc/self/smaps that holds
        /// `address`. The file is read to its end: it reports a size of 0, so
        /// `String(contentsOfFile:)` reads one chunk.
        func mapping(holding address: UnsafeRawPointer) throws -> (flags: [Substring], hugePageBytes: Int)? {
            let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
            let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
            let target = UInt(bitPattern: address)
            var inside = false, found = false, hugePageBytes = 0
            for line in smaps.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                    let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                    inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
                    found = found || inside
                } else if inside, fields.first == "AnonHugePages:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                    hugePageBytes = kilobytes * 1_024
                } else if inside, fields.first == "VmFlags:" {
                    return (Array(fields.dropFirst()), hugePageBytes)
                }
            }
            return found ? ([], hugePageBytes) : nil
        }
    }
#endif
