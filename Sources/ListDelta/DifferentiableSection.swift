/// A section of a list: differentiable itself (its identity and content are the section's
/// model), holding differentiable elements.
public protocol DifferentiableSection: Differentiable {
    /// The type of the section's elements.
    associatedtype Collection: Swift.Collection where Collection.Element: Differentiable

    /// The section's elements, in display order.
    var elements: Collection { get }

    /// A section like `source` (same model) holding `elements`.
    init<C: Swift.Collection>(source: Self, elements: C) where C.Element == Collection.Element
}

/// A section made of a differentiable model and an array of differentiable elements.
///
/// ```swift
/// let sections = [ArraySection(model: "Fruit", elements: ["apple", "pear"])]
/// ```
public struct ArraySection<Model: Differentiable, Element: Differentiable>: DifferentiableSection {
    /// The section's model: its identity and its content.
    public var model: Model
    /// The section's elements.
    public var elements: [Element]

    /// A section of `model` holding `elements` in order.
    @inlinable
    public init<C: Swift.Collection>(model: Model, elements: C) where C.Element == Element {
        self.model = model
        self.elements = Array(elements)
    }

    /// A section with the model of `source`, holding `elements`.
    @inlinable
    public init<C: Swift.Collection>(source: ArraySection, elements: C) where C.Element == Element {
        self.init(model: source.model, elements: elements)
    }

    /// The model's identifier: sections match by model.
    @inlinable
    public var differenceIdentifier: Model.DifferenceIdentifier { model.differenceIdentifier }

    /// Sections compare by model only: element changes are reported element by element.
    @inlinable
    public func isContentEqual(to source: ArraySection) -> Bool { model.isContentEqual(to: source.model) }
}

extension ArraySection: Equatable where Model: Equatable, Element: Equatable {}
extension ArraySection: Hashable where Model: Hashable, Element: Hashable {}
extension ArraySection: Sendable where Model: Sendable, Element: Sendable {}

extension ArraySection: CustomDebugStringConvertible {
    /// The section as `ArraySection(model: …, elements: …)`.
    public var debugDescription: String {
        "ArraySection(model: \(model), elements: \(elements))"
    }
}
