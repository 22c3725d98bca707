import CHashFloor
import CListDelta
import ColdCaches
import Foundation
import Workloads

/// Identity arrays as the C core takes them, built once per workload outside any timing.
struct IdentityArrays {
    let source: [UInt64]
    let target: [UInt64]

    init(_ workload: FlatWorkload) {
        source = workload.source.map { UInt64(bitPattern: Int64($0)) }
        target = workload.target.map { UInt64(bitPattern: Int64($0)) }
    }

    init(source: [UInt64], target: [UInt64]) {
        self.source = source
        self.target = target
    }

    var elementCount: Int { source.count + target.count }
}

/// Counts the C core's allocations through its injectable allocator.
final class CountingAllocator {
    private let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private(set) var allocator: ld_allocator_t

    init() {
        counter.initialize(to: 0)
        allocator = ld_allocator_t(
            allocate: { context, length in
                context!.assumingMemoryBound(to: Int.self).pointee += 1
                return malloc(length)
            },
            deallocate: { _, pointer, _ in free(pointer) },
            context: UnsafeMutableRawPointer(counter)
        )
    }

    deinit { counter.deallocate() }

    var allocations: Int { counter.pointee }
}

/// The C core on a warm workspace: time, moves, peak bytes per element, allocations per diff;
/// with an evictor, each timed run after the caches' eviction (a cold row).
struct CoreContender {
    enum Algorithm: String {
        case heckel = "Heckel"
        case longestCommonSubsequence = "LCS"
    }

    let algorithm: Algorithm
    var evictor: CacheEvictor?

    func measure(_ arrays: IdentityArrays, runs: Int) -> Row {
        let counting = CountingAllocator()
        var allocator = counting.allocator
        var created: OpaquePointer?
        precondition(ld_workspace_create(&allocator, &created) == LD_OK)
        let workspace = created!
        defer { ld_workspace_free(workspace) }
        var moves = 0, failure: ld_status = LD_OK
        let diff = algorithm == .heckel ? ld_heckel_diff : ld_myers_diff
        let timed: () -> Void = {
            arrays.source.withUnsafeBufferPointer { source in
                arrays.target.withUnsafeBufferPointer { target in
                    var result = ld_result_t()
                    failure = diff(
                        workspace, source.baseAddress, source.count,
                        target.baseAddress, target.count, nil, &result)
                    moves = result.moved_count
                }
            }
        }
        timed()
        let warm = counting.allocations
        let timing = Timing.measure(runs: runs, prepare: { evictor?.evict() }, timed)
        precondition(failure == LD_OK, "core diff failed: \(String(cString: ld_status_description(failure)))")
        return Row(
            name: "ListDelta core (\(algorithm.rawValue))" + (evictor == nil ? "" : Row.coldSuffix),
            timing: timing,
            moves: moves,
            peakBytesPerElement: Double(ld_workspace_bytes_held(workspace)) / Double(max(1, arrays.elementCount)),
            allocationsPerDiff: Double(counting.allocations - warm) / Double(timing.runs.count + 1)
        )
    }
}

/// The hash-table floor: a bare open-addressing build over the source and probe of the target.
struct FloorContender {
    func measure(_ arrays: IdentityArrays, runs: Int) -> Row {
        let capacity = hf_capacity(arrays.source.count)
        let slots = UnsafeMutablePointer<hf_slot_t>.allocate(capacity: capacity)
        defer { slots.deallocate() }
        var sink: UInt64 = 0
        let timing = Timing.measure(runs: runs) {
            arrays.source.withUnsafeBufferPointer { source in
                arrays.target.withUnsafeBufferPointer { target in
                    sink &+= hf_build_and_probe(
                        slots, capacity, source.baseAddress, source.count,
                        target.baseAddress, target.count)
                }
            }
        }
        precondition(sink != 0 || arrays.target.isEmpty)
        return Row(
            name: "hash-table floor", timing: timing,
            peakBytesPerElement: Double(capacity * MemoryLayout<hf_slot_t>.stride) / Double(max(1, arrays.elementCount)),
            allocationsPerDiff: 0)
    }
}
