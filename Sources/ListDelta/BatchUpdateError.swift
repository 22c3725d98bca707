/// A batch that UIKit would reject with an `NSInternalInconsistencyException` (or that would
/// corrupt the list), as found by ``BatchUpdateValidator``.
public enum BatchUpdateError: Error, Hashable, Sendable {
    /// One kind of operation in a batch.
    public enum Operation: String, Hashable, Sendable {
        case delete, insert, reload
        case moveFrom = "move from"
        case moveTo = "move to"
    }

    /// A section index outside the list it refers to (before the batch for deletes, reloads
    /// and move sources; after it for inserts and move targets).
    case sectionOutOfRange(Operation, section: Int, sectionCount: Int)
    /// An element path outside the list it refers to.
    case elementOutOfRange(Operation, path: ElementPath, elementCount: Int)
    /// The same section named twice by one kind of operation.
    case duplicateSection(Operation, section: Int)
    /// The same element path named twice by one kind of operation.
    case duplicateElement(Operation, path: ElementPath)
    /// Two operations on one section that UIKit forbids together (delete and reload, delete
    /// and move, reload and move, insert and move into the same index).
    case conflictingSectionOperations(Operation, Operation, section: Int)
    /// Two operations on one element that UIKit forbids together.
    case conflictingElementOperations(Operation, Operation, path: ElementPath)
    /// An element deleted, reloaded or moved out of a section deleted in the same batch.
    case elementInDeletedSection(Operation, path: ElementPath)
    /// An element operation in a section reloaded in the same batch.
    case elementInReloadedSection(Operation, path: ElementPath)
    /// An element inserted or moved into a section inserted in the same batch, or moved into
    /// a section moved in the same batch.
    case elementIntoChangingSection(Operation, path: ElementPath)
    /// The number of sections after the batch is not the number before, less deletes, plus
    /// inserts.
    case sectionCountMismatch(expected: Int, actual: Int)
    /// A section's element count after the batch is not its count before, less deletes and
    /// moves out, plus inserts and moves in.
    case elementCountMismatch(section: Int, expected: Int, actual: Int)
    /// A section given a negative element count.
    case negativeElementCount(section: Int, count: Int)
}

extension BatchUpdateError: CustomStringConvertible {
    /// The rule the batch breaks, in the words UIKit's exception would use.
    public var description: String {
        switch self {
        case let .sectionOutOfRange(operation, section, count):
            "attempt to \(operation.rawValue) section \(section), but there are only \(count) sections"
        case let .elementOutOfRange(operation, path, count):
            "attempt to \(operation.rawValue) element \(path.element) of section \(path.section), which has only \(count) elements"
        case let .duplicateSection(operation, section):
            "section \(section) appears twice in one \(operation.rawValue) operation"
        case let .duplicateElement(operation, path):
            "element \(path) appears twice in one \(operation.rawValue) operation"
        case let .conflictingSectionOperations(first, second, section):
            "section \(section) is both a \(first.rawValue) and a \(second.rawValue) in one batch"
        case let .conflictingElementOperations(first, second, path):
            "element \(path) is both a \(first.rawValue) and a \(second.rawValue) in one batch"
        case let .elementInDeletedSection(operation, path):
            "attempt to \(operation.rawValue) element \(path) in a section deleted in the same batch"
        case let .elementInReloadedSection(operation, path):
            "attempt to \(operation.rawValue) element \(path) in a section reloaded in the same batch"
        case let .elementIntoChangingSection(operation, path):
            "attempt to \(operation.rawValue) element \(path) in a section inserted or moved in the same batch"
        case let .sectionCountMismatch(expected, actual):
            "the list should have \(expected) sections after the batch, but the data has \(actual)"
        case let .elementCountMismatch(section, expected, actual):
            "section \(section) should have \(expected) elements after the batch, but the data has \(actual)"
        case let .negativeElementCount(section, count):
            "section \(section) is said to have \(count) elements"
        }
    }
}
