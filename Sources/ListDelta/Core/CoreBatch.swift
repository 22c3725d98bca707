import CListDelta

// A batch crosses between Swift and the core in one shape: `BatchUpdate` here, `ld_batch_t`
// there, a stage's operations as much as a batch built by hand.

extension BatchUpdate {
    /// The core's batch `batch`, whose paths name `section` when it is not nil (a flat list's
    /// one section), else their own.
    @inlinable
    init(_ batch: ld_batch_t, section: Int?) {
        @inline(__always) func indices(_ start: UnsafePointer<Int32>?, _ count: Int) -> [Int] {
            exactMap(UnsafeBufferPointer(start: start, count: count), Int.init)
        }
        @inline(__always) func path(_ path: ld_path_t) -> ElementPath {
            ElementPath(element: Int(path.element), section: section ?? Int(path.section))
        }
        @inline(__always) func paths(_ start: UnsafePointer<ld_path_t>?, _ count: Int) -> [ElementPath] {
            exactMap(UnsafeBufferPointer(start: start, count: count), path)
        }
        self.init(
            sectionDeleted: indices(batch.section_deleted, batch.section_deleted_count),
            sectionInserted: indices(batch.section_inserted, batch.section_inserted_count),
            sectionUpdated: indices(batch.section_updated, batch.section_updated_count),
            sectionMoved: exactMap(UnsafeBufferPointer(start: batch.section_moved, count: batch.section_moved_count)) {
                (source: Int($0.source), target: Int($0.target))
            },
            elementDeleted: paths(batch.element_deleted, batch.element_deleted_count),
            elementInserted: paths(batch.element_inserted, batch.element_inserted_count),
            elementUpdated: paths(batch.element_updated, batch.element_updated_count),
            elementMoved: exactMap(UnsafeBufferPointer(start: batch.element_moved, count: batch.element_moved_count)) {
                (source: path($0.source), target: path($0.target))
            })
    }

    /// Calls `body` with this batch as the core reads it, its indices clamped to `Int32`; the
    /// pointer is valid only inside `body`.
    func withCoreBatch<R>(_ body: (UnsafePointer<ld_batch_t>) throws -> R) rethrows -> R {
        var held: [UnsafeMutableRawPointer] = []
        defer { held.forEach { $0.deallocate() } }
        func hold<T>(_ values: [T]) -> UnsafePointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
            _ = buffer.initialize(from: values)
            held.append(UnsafeMutableRawPointer(buffer.baseAddress!))
            return UnsafePointer(buffer.baseAddress!)
        }
        func indices(_ values: [Int]) -> UnsafePointer<Int32> { hold(values.map { Int32(clamping: $0) }) }
        func paths(_ values: [ElementPath]) -> UnsafePointer<ld_path_t> { hold(values.map(ld_path_t.init)) }
        var batch = ld_batch_t(
            section_deleted: indices(sectionDeleted), section_deleted_count: sectionDeleted.count,
            section_inserted: indices(sectionInserted), section_inserted_count: sectionInserted.count,
            section_updated: indices(sectionUpdated), section_updated_count: sectionUpdated.count,
            section_moved: hold(sectionMoved.map { ld_pair_t(source: Int32(clamping: $0), target: Int32(clamping: $1)) }),
            section_moved_count: sectionMoved.count,
            element_deleted: paths(elementDeleted), element_deleted_count: elementDeleted.count,
            element_inserted: paths(elementInserted), element_inserted_count: elementInserted.count,
            element_updated: paths(elementUpdated), element_updated_count: elementUpdated.count,
            element_moved: hold(elementMoved.map { ld_path_move_t(source: ld_path_t($0), target: ld_path_t($1)) }),
            element_moved_count: elementMoved.count)
        return try body(&batch)
    }
}

extension ld_path_t {
    init(_ path: ElementPath) {
        self.init(section: Int32(clamping: path.section), element: Int32(clamping: path.element))
    }
}
