import CListDelta

/// A batch the core found valid under UIKit's rules (`ld_check_batch`, the rules' one copy),
/// and where each section and element after it comes from.
@usableFromInline
struct BatchCheck {
    /// For each section after the batch, the section before it that it shows; nil: inserted.
    @usableFromInline var sectionOrigins: [Int?]
    /// For each element after the batch (the sections' elements one after another), the
    /// element before it that it shows (counted the same way), or -1 when it arrives: inserted,
    /// in an inserted section, or with `reloadsArrive`, reloaded.
    @usableFromInline var elementOrigins: [Int]

    /// Checks `batch` for a list whose sections hold `countsBefore` elements before it and
    /// `countsAfter` after it.
    ///
    /// - Throws: ``BatchUpdateError`` for the first rule the batch breaks, in the order the
    ///   core checks them; ``ListDeltaError`` for a list the core cannot hold.
    @usableFromInline
    init(_ batch: BatchUpdate, countsBefore: [Int], countsAfter: [Int], reloadsArrive: Bool) throws {
        let options = reloadsArrive ? LD_BATCH_RELOADS_ARRIVE.rawValue : 0
        self = try Self.check(batch, countsBefore: countsBefore, countsAfter: countsAfter, options: options) { check in
            guard check.rule == LD_BATCH_VALID else { throw BatchUpdateError(check, batch) }
            return BatchCheck(
                sectionOrigins: UnsafeBufferPointer(start: check.section_origins, count: countsAfter.count)
                    .map { $0 < 0 ? nil : Int($0) },
                elementOrigins: UnsafeBufferPointer(start: check.element_origins, count: check.element_count)
                    .map(Int.init))
        }
    }

    /// The counts before `batch` that the core derives from `countsAfter`, the only ones the
    /// batch can be valid for, whether or not it then keeps every rule: the number of sections,
    /// and each section's element count (a deleted section's 0) unless the batch's section
    /// operations break a rule first. Nil for a list the core cannot hold.
    static func countsBefore(_ batch: BatchUpdate, after countsAfter: [Int]) -> (sections: Int, elements: [Int]?)? {
        try? check(batch, countsBefore: [], countsAfter: countsAfter, options: LD_BATCH_DERIVE_COUNTS_BEFORE.rawValue) {
            check in
            (
                check.section_count_before,
                check.counts_before.map { UnsafeBufferPointer(start: $0, count: check.section_count_before).map(Int.init) }
            )
        }
    }

    /// The first count `shown` reports (of sections for -1, else of a section's elements) that
    /// differs from those a batch starts from: `ld_count_mismatch`, the guard both bindings run.
    /// A negative `sectionCount` is not checked; with `atLeast`, the view may show more.
    static func firstMismatch(
        sectionCount: Int, atLeast: Bool, elementCounts: [(section: Int, count: Int)], shown: (Int) -> Int
    ) -> (section: Int?, expected: Int, actual: Int)? {
        let sections = elementCounts.map { Int64($0.section) }, counts = elementCounts.map { Int64($0.count) }
        var mismatch = ld_count_mismatch_t()
        let found = withoutActuallyEscaping(shown) { shown in
            var shown = shown
            return withUnsafeMutablePointer(to: &shown) { context in
                ld_count_mismatch(
                    Int64(sectionCount), atLeast, sections, counts, counts.count,
                    { shown, section in Int64(shown!.assumingMemoryBound(to: ((Int) -> Int).self).pointee(Int(section))) },
                    context, &mismatch)
            }
        }
        guard found else { return nil }
        return (mismatch.section < 0 ? nil : Int(mismatch.section), Int(mismatch.expected), Int(mismatch.actual))
    }

    /// Runs `ld_check_batch` and hands `read` its outcome, which is valid only inside `read`.
    private static func check<R>(
        _ batch: BatchUpdate, countsBefore: [Int], countsAfter: [Int], options: UInt32,
        _ read: (ld_batch_check_t) throws -> R
    ) throws -> R {
        for counts in [countsBefore, countsAfter] {
            if let section = counts.firstIndex(where: { $0 < 0 }) {
                throw BatchUpdateError.negativeElementCount(section: section, count: counts[section])
            }
            let (total, overflow) = counts.reduce((0, false)) { sum, count in
                let (next, overflow) = sum.0.addingReportingOverflow(count)
                return (next, sum.1 || overflow)
            }
            if overflow || total > ListDeltaError.maximumCount {
                throw ListDeltaError.tooManyElements(
                    count: overflow ? Int.max : total, maximumCount: ListDeltaError.maximumCount)
            }
        }
        func indices(_ values: [Int]) -> [Int32] { values.map { Int32(clamping: $0) } }
        let before = indices(countsBefore), after = indices(countsAfter)
        return try WorkspacePool.shared.withWorkspace { workspace in
            var check = ld_batch_check_t()
            let status = batch.withCoreBatch {
                ld_check_batch(workspace, $0, before, before.count, after, after.count, options, &check)
            }
            switch status {
            case LD_OK: return try read(check)
            case LD_ERROR_ALLOC: throw ListDeltaError.outOfMemory
            case LD_ERROR_OVERFLOW:
                // Counts before derived from more elements after than the core holds.
                throw ListDeltaError.tooManyElements(
                    count: countsAfter.reduce(0, +), maximumCount: ListDeltaError.maximumCount)
            case let status: preconditionFailure("ld_check_batch refused checked arguments: \(status)")
            }
        }
    }

    private init(sectionOrigins: [Int?], elementOrigins: [Int]) {
        self.sectionOrigins = sectionOrigins
        self.elementOrigins = elementOrigins
    }
}

extension BatchUpdateError {
    /// The rule `check` names, in `batch`'s own indices (which the core saw clamped to `Int32`).
    fileprivate init(_ check: ld_batch_check_t, _ batch: BatchUpdate) {
        let operation = Operation(check.operation), item = check.item
        let path = ElementPath(element: Int(check.path.element), section: Int(check.path.section))
        /// The item the check names, from the batch's list of its operation.
        func listed<T>(_ deleted: [T], _ inserted: [T], _ reloaded: [T], _ moved: [(source: T, target: T)]) -> T {
            switch check.operation {
            case LD_BATCH_DELETE: deleted[item]
            case LD_BATCH_INSERT: inserted[item]
            case LD_BATCH_RELOAD: reloaded[item]
            case LD_BATCH_MOVE_FROM: moved[item].source
            default: moved[item].target
            }
        }
        func listedSection() -> Int {
            listed(batch.sectionDeleted, batch.sectionInserted, batch.sectionUpdated, batch.sectionMoved)
        }
        func listedPath() -> ElementPath {
            listed(batch.elementDeleted, batch.elementInserted, batch.elementUpdated, batch.elementMoved)
        }
        switch check.rule {
        case LD_BATCH_SECTION_OUT_OF_RANGE:
            let section = check.names_element ? listedPath().section : listedSection()
            self = .sectionOutOfRange(operation, section: section, sectionCount: Int(check.actual))
        case LD_BATCH_ELEMENT_OUT_OF_RANGE:
            self = .elementOutOfRange(operation, path: listedPath(), elementCount: Int(check.actual))
        case LD_BATCH_DUPLICATE_SECTION: self = .duplicateSection(operation, section: path.section)
        case LD_BATCH_DUPLICATE_ELEMENT: self = .duplicateElement(operation, path: path)
        case LD_BATCH_CONFLICTING_SECTIONS:
            self = .conflictingSectionOperations(operation, Operation(check.other_operation), section: path.section)
        case LD_BATCH_CONFLICTING_ELEMENTS:
            self = .conflictingElementOperations(operation, Operation(check.other_operation), path: path)
        case LD_BATCH_ELEMENT_IN_DELETED_SECTION: self = .elementInDeletedSection(operation, path: path)
        case LD_BATCH_ELEMENT_IN_RELOADED_SECTION: self = .elementInReloadedSection(operation, path: path)
        case LD_BATCH_ELEMENT_INTO_CHANGING_SECTION: self = .elementIntoChangingSection(operation, path: path)
        case LD_BATCH_SECTION_COUNT_MISMATCH:
            self = .sectionCountMismatch(expected: Int(check.expected), actual: Int(check.actual))
        default:
            self = .elementCountMismatch(section: path.section, expected: Int(check.expected), actual: Int(check.actual))
        }
    }
}

extension BatchUpdateError.Operation {
    fileprivate init(_ operation: ld_batch_operation) {
        switch operation {
        case LD_BATCH_DELETE: self = .delete
        case LD_BATCH_INSERT: self = .insert
        case LD_BATCH_RELOAD: self = .reload
        case LD_BATCH_MOVE_FROM: self = .moveFrom
        default: self = .moveTo
        }
    }
}
