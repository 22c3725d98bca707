/// A type-erased ``Differentiable`` value: a list whose rows are of several model types.
///
/// Its identifier is the wrapped value's identifier as an `AnyHashable`, so values of
/// different types never match unless their identifiers are equal as `AnyHashable`s (an `Int`
/// and an `Int64` of the same value are). Content is equal only between values of the same
/// type whose own ``ContentEquatable/isContentEqual(to:)`` says so.
///
/// ```swift
/// let rows = [AnyDifferentiable(header), AnyDifferentiable(message)]
/// ```
public struct AnyDifferentiable: Differentiable {
    /// The wrapped value.
    public var base: Any { content.base }
    /// The wrapped value's identifier.
    public let differenceIdentifier: AnyHashable
    private let content: any ErasedContent

    /// Wraps `base`; an `AnyDifferentiable` is not wrapped a second time.
    public init<Base: Differentiable>(_ base: Base) {
        if let erased = base as? AnyDifferentiable {
            self = erased
        } else {
            differenceIdentifier = AnyHashable(base.differenceIdentifier)
            content = TypedContent(base: base)
        }
    }

    /// Whether both wrap values of the same type with equal content.
    public func isContentEqual(to source: AnyDifferentiable) -> Bool {
        content.isContentEqual(to: source.content)
    }
}

extension AnyDifferentiable: CustomDebugStringConvertible {
    /// The wrapped value, as `debugPrint` shows it.
    public var debugDescription: String { "AnyDifferentiable(\(String(reflecting: base)))" }
}

/// A value that can compare its content with another erased value.
private protocol ErasedContent {
    var base: Any { get }
    func isContentEqual(to source: any ErasedContent) -> Bool
}

private struct TypedContent<Base: ContentEquatable>: ErasedContent {
    let typed: Base

    init(base: Base) { typed = base }

    var base: Any { typed }

    /// Casts the other box, not its value: no `Any` is built per comparison.
    func isContentEqual(to source: any ErasedContent) -> Bool {
        guard let source = source as? TypedContent<Base> else { return false }
        return typed.isContentEqual(to: source.typed)
    }
}
