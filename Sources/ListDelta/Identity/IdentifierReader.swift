/// How the identity layer reads the identifier of a list's element: a model's
/// `differenceIdentifier` (``DifferenceIdentifiers``), or a hashable element itself
/// (``ElementsAsIdentifiers``, for `CollectionDifference(source:target:)`).
///
/// A type, not a closure, so that a specialised diff reads identifiers inline, as it would
/// the property itself, on either of the threads that read a large list's.
@usableFromInline
protocol IdentifierReader {
    associatedtype Element
    associatedtype Identifier: Hashable

    static func identifier(of element: Element) -> Identifier
}

/// Reads a model's ``ContentIdentifiable/differenceIdentifier``.
@usableFromInline
enum DifferenceIdentifiers<Element: ContentIdentifiable>: IdentifierReader {
    @inlinable
    static func identifier(of element: Element) -> Element.DifferenceIdentifier { element.differenceIdentifier }
}

/// Reads a hashable element as its own identifier: equal elements are the same item.
@usableFromInline
enum ElementsAsIdentifiers<Element: Hashable>: IdentifierReader {
    @inlinable
    static func identifier(of element: Element) -> Element { element }
}
