import CListDelta

extension BatchUpdate {
    /// Calls `body` with the batch as the core reads it (indices clamped to `Int32`), in memory
    /// valid for the call.
    func withCoreBatch<R>(_ body: (UnsafePointer<ld_batch_t>) throws -> R) rethrows -> R {
        var held: [UnsafeMutableRawPointer] = []
        defer { held.forEach { $0.deallocate() } }
        func hold<T>(_ values: [T]) -> UnsafePointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
            _ = buffer.initialize(from: values)
            held.append(UnsafeMutableRawPointer(buffer.baseAddress!))
            return UnsafePointer(buffer.baseAddress!)
        }
        func indices(_ values: [Int]) -> [Int32] { values.map { Int32(clamping: $0) } }
        var batch = ld_batch_t(
            section_deleted: hold(indices(sectionDeleted)), section_deleted_count: sectionDeleted.count,
            section_inserted: hold(indices(sectionInserted)), section_inserted_count: sectionInserted.count,
            section_reloaded: hold(indices(sectionUpdated)), section_reloaded_count: sectionUpdated.count,
            section_moved: hold(sectionMoved.map { ld_pair_t(source: Int32(clamping: $0), target: Int32(clamping: $1)) }),
            section_moved_count: sectionMoved.count,
            element_deleted: hold(elementDeleted.map(ld_path_t.init)), element_deleted_count: elementDeleted.count,
            element_inserted: hold(elementInserted.map(ld_path_t.init)), element_inserted_count: elementInserted.count,
            element_reloaded: hold(elementUpdated.map(ld_path_t.init)), element_reloaded_count: elementUpdated.count,
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
