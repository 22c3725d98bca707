import CListDelta

/// A kind of a batch's operations; ``viewOrder`` is the order a view is sent them, the core's
/// (`ld_operation_kind`), which both bindings walk.
struct BatchOperationKind: Equatable {
    private let kind: ld_operation_kind

    static let sectionsDeleted = Self(kind: LD_SECTIONS_DELETED)
    static let sectionsInserted = Self(kind: LD_SECTIONS_INSERTED)
    static let sectionsReloaded = Self(kind: LD_SECTIONS_RELOADED)
    static let sectionsMoved = Self(kind: LD_SECTIONS_MOVED)
    static let elementsDeleted = Self(kind: LD_ELEMENTS_DELETED)
    static let elementsInserted = Self(kind: LD_ELEMENTS_INSERTED)
    static let elementsReloaded = Self(kind: LD_ELEMENTS_RELOADED)
    static let elementsMoved = Self(kind: LD_ELEMENTS_MOVED)

    static let viewOrder = (0..<LD_OPERATION_KIND_COUNT.rawValue).map { Self(kind: ld_operation_kind($0)) }
}
