/// A type whose instances can be told apart across two versions of a list.
///
/// Two elements with equal identifiers are the same item: a diff matches them and reports a
/// move or an update instead of a delete and an insert.
public protocol ContentIdentifiable: _SendableMetatypeWhereAvailable {
    /// The type of `differenceIdentifier`.
    associatedtype DifferenceIdentifier: Hashable

    /// The identity of the element: stable across updates of its content.
    var differenceIdentifier: DifferenceIdentifier { get }
}

/// A type whose instances can say whether their content changed.
public protocol ContentEquatable: _SendableMetatypeWhereAvailable {
    /// Whether `self` shows the same content as `source`; a matched element whose content
    /// differs is reported as updated.
    func isContentEqual(to source: Self) -> Bool
}

/// An element a diff can match by identity and compare by content.
///
/// A composition, not a protocol of its own: a type adopts ``ContentIdentifiable`` and
/// ``ContentEquatable``, together or in separate extensions. No standard-library or Foundation
/// type adopts them here; declare what your app diffs, for example
/// `extension String: Differentiable {}`, so that the identity you choose is the one used.
public typealias Differentiable = ContentIdentifiable & ContentEquatable

extension ContentIdentifiable where Self: Hashable {
    /// A hashable element is its own identifier.
    @inlinable
    public var differenceIdentifier: Self { self }
}

extension ContentEquatable where Self: Equatable {
    /// An equatable element compares its content with `==`.
    @inlinable
    public func isContentEqual(to source: Self) -> Bool { self == source }
}

extension Optional: ContentEquatable where Wrapped: ContentEquatable {
    /// Whether both are `nil`, or both hold values of equal content.
    @inlinable
    public func isContentEqual(to source: Wrapped?) -> Bool {
        switch (self, source) {
        case let (value?, source?): value.isContentEqual(to: source)
        case (nil, nil): true
        default: false
        }
    }
}

extension Array: ContentEquatable where Element: ContentEquatable {
    /// Whether both arrays have the same count and pairwise equal content.
    @inlinable
    public func isContentEqual(to source: [Element]) -> Bool {
        count == source.count && zip(self, source).allSatisfy { $0.isContentEqual(to: $1) }
    }
}
