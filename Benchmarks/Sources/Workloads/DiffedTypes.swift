import Foundation
import ListDelta

// The identities the benchmarks diff, declared as an app would (ListDelta ships none, so the
// conformances of the standard library's types are retroactive on purpose).
// swift-format-ignore: AvoidRetroactiveConformances
extension Int: @retroactive ContentIdentifiable, @retroactive ContentEquatable {}
// swift-format-ignore: AvoidRetroactiveConformances
extension String: @retroactive ContentIdentifiable, @retroactive ContentEquatable {}

/// A `Wapp` row: identified by its UUID, updated when its content changes.
extension AppWorkload.Item: Differentiable {
    /// The row's UUID.
    public var differenceIdentifier: UUID { id }
    /// Whether the row shows the same content as `source`.
    public func isContentEqual(to source: Self) -> Bool { content == source.content }
}

/// A `Wapp` section's model: identified by its number, with content of its own.
public struct AppHeader: Differentiable, Hashable, Sendable {
    /// The section's number, its identity.
    public var model: Int
    /// What its header shows.
    public var content: Int
    /// The section's number.
    public var differenceIdentifier: Int { model }

    /// A header for section `model` showing `content`.
    public init(model: Int, content: Int) {
        self.model = model
        self.content = content
    }

    /// Whether the header shows the same content as `source`.
    public func isContentEqual(to source: Self) -> Bool { content == source.content }
}

extension AppWorkload {
    /// The sections as a ListDelta user holds them.
    public static func arraySections(_ sections: [Section]) -> [ArraySection<AppHeader, Item>] {
        sections.map { ArraySection(model: AppHeader(model: $0.model, content: $0.content), elements: $0.items) }
    }
}
