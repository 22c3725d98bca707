import Foundation
import ListDelta
import Workloads

// The plain identities the benchmark diffs, declared as an app would (ListDelta ships none,
// so the conformances are retroactive on purpose).
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
struct AppHeader: Differentiable, Hashable {
    var model: Int
    var content: Int
    var differenceIdentifier: Int { model }
    func isContentEqual(to source: Self) -> Bool { content == source.content }
}
