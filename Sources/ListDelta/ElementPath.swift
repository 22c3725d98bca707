/// The position of an element: its index within its section and the section's index.
public struct ElementPath: Hashable, Sendable {
    /// The element's index within its section.
    public var element: Int
    /// The section's index.
    public var section: Int

    /// The path of the element at `element` within section `section`.
    @inlinable
    public init(element: Int, section: Int) {
        self.element = element
        self.section = section
    }
}

extension ElementPath: Comparable {
    /// Section first, then element: the order UIKit applies operations in.
    @inlinable
    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        (lhs.section, lhs.element) < (rhs.section, rhs.element)
    }
}

extension ElementPath: CustomDebugStringConvertible {
    /// The path as `[element: e, section: s]`.
    public var debugDescription: String { "[element: \(element), section: \(section)]" }
}
