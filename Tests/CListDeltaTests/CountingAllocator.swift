import CListDelta
import CListDeltaChecks

/// An allocator for the core that counts what it hands out and can fail on purpose. Its
/// counter lives at a fixed address for the allocator's whole life, as the C side keeps a
/// pointer to it.
final class CountingAllocator {
    private let storage = UnsafeMutablePointer<ldc_counting_allocator>.allocate(capacity: 1)
    private let allocatorStorage = UnsafeMutablePointer<ld_allocator_t>.allocate(capacity: 1)

    /// An allocator that fails at its `failAt`-th attempt (0-based), or never when negative.
    init(failAt: Int = -1) {
        storage.initialize(to: Self.fresh(failAt: failAt))
        allocatorStorage.initialize(to: ldc_make_allocator(storage))
    }

    deinit {
        storage.deallocate()
        allocatorStorage.deallocate()
    }

    /// What the core receives: valid while this object lives.
    var allocator: UnsafePointer<ld_allocator_t> { UnsafePointer(allocatorStorage) }
    /// The counts so far.
    var counts: ldc_counting_allocator { storage.pointee }

    /// Zeroes the counts and sets when the next failure comes.
    func reset(failAt: Int) { storage.pointee = Self.fresh(failAt: failAt) }

    private static func fresh(failAt: Int) -> ldc_counting_allocator {
        ldc_counting_allocator(
            allocations: 0, deallocations: 0, live_bytes: 0, peak_live_bytes: 0, fail_at: failAt, attempts: 0)
    }
}
