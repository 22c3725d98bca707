import CListDelta

/// One of the core's five stages, viewed in place (valid only inside the closure that
/// receives it); see `ld_stage_t`.
@usableFromInline
struct CoreStage {
    @usableFromInline let pointer: UnsafePointer<ld_stage_t>

    @inlinable init(_ pointer: UnsafePointer<ld_stage_t>) { self.pointer = pointer }

    @inlinable var isPresent: Bool { pointer.pointee.present }
    /// The stage's operations, whose paths name `section` when it is not nil (a flat list's one
    /// section), else their own.
    @inlinable func batch(section: Int?) -> BatchUpdate { BatchUpdate(pointer.pointee.batch, section: section) }
    /// The element count of each section the view shows before the stage.
    @inlinable var elementCountsBefore: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: pointer.pointee.element_counts_before, count: pointer.pointee.section_count_before)
    }
    /// Whether the stage's data is the target.
    @inlinable var dataIsTarget: Bool { pointer.pointee.data_is_target }
    /// Each section's model in the stage's data: a source section, or ~ a target section.
    @inlinable var dataSectionModels: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(
            start: pointer.pointee.data_section_models,
            count: pointer.pointee.data_is_target ? 0 : pointer.pointee.data_section_count)
    }
    /// Where each section's elements start in ``dataElements``, and where the last one ends.
    @inlinable var dataSectionStarts: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(
            start: pointer.pointee.data_section_starts,
            count: pointer.pointee.data_is_target ? 0 : pointer.pointee.data_section_count + 1)
    }
    /// Where section `k` of the stage's data stands whole already, if it does.
    @inlinable
    func dataSectionOrigin(_ k: Int) -> SectionOrigin {
        let origin = pointer.pointee.data_section_origins[k]
        switch UInt32(bitPattern: origin.kind) {
        case LD_ORIGIN_SOURCE_SECTION.rawValue: return .sourceSection(Int(origin.index))
        case LD_ORIGIN_TARGET_SECTION.rawValue: return .targetSection(Int(origin.index))
        case LD_ORIGIN_PREVIOUS_DATA.rawValue: return .previousData(Int(origin.index))
        default: return .gathered
        }
    }
    /// The elements of the stage's data: a source element, or ~ a target element.
    @inlinable var dataElements: UnsafeBufferPointer<Int32> {
        let count = dataSectionStarts.last.map(Int.init) ?? 0
        return UnsafeBufferPointer(start: pointer.pointee.data_elements, count: count)
    }
}

/// A list that holds exactly the elements of a section of a stage's data (`ld_section_origin_t`).
@usableFromInline
enum SectionOrigin {
    /// None: the elements are gathered.
    case gathered
    /// Source section `s`, as in the source.
    case sourceSection(Int)
    /// Target section `t`, as in the target.
    case targetSection(Int)
    /// Section `k` of the data of the present stage before.
    case previousData(Int)
}

/// The core's five stages, indexed by `ld_stage_kind`, viewed in place in the workspace: valid
/// only inside the closure that receives them.
@usableFromInline
struct CoreStages {
    @usableFromInline let first: UnsafePointer<ld_stage_t>
    /// How many of the stages are present.
    @usableFromInline let presentCount: Int

    @inlinable var count: Int { Int(LD_STAGE_COUNT) }

    @inlinable subscript(kind: Int) -> CoreStage { CoreStage(first + kind) }
}
