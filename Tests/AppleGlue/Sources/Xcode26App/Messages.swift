import Foundation
import ListDelta

// App code as README and the Guide write it, built with Xcode 26's defaults (default
// isolation MainActor, InferIsolatedConformances, NonisolatedNonsendingByDefault): no model
// here is marked `nonisolated`.

/// A chat message, as README's first example declares it.
struct Message: Differentiable, Hashable {
    let id: UUID
    var text: String
    var differenceIdentifier: UUID { id }
    func isContentEqual(to source: Message) -> Bool { text == source.text }
}

/// A mailbox's section model, matched by its name.
struct Mailbox: Differentiable, Hashable {
    var name: String
    var differenceIdentifier: String { name }
    func isContentEqual(to source: Mailbox) -> Bool { name == source.name }
}

/// The messages a screen shows, and the updates it computes for them.
final class MessageStore {
    private(set) var messages: [Message]

    init(messages: [Message]) { self.messages = messages }

    func flatChanges(to newMessages: [Message]) -> StagedChangeset<[Message]> {
        StagedChangeset(source: messages, target: newMessages)
    }

    func sectionedChanges(inbox: [Message], archive: [Message]) -> StagedChangeset<[ArraySection<Mailbox, Message>]> {
        let old = [
            ArraySection(model: Mailbox(name: "Inbox"), elements: messages),
            ArraySection(model: Mailbox(name: "Archive"), elements: []),
        ]
        let new = [
            ArraySection(model: Mailbox(name: "Archive"), elements: archive),
            ArraySection(model: Mailbox(name: "Inbox"), elements: inbox),
        ]
        return StagedChangeset(source: old, target: new)
    }

    func changesInBackground(to newMessages: [Message]) async throws -> StagedChangeset<[Message]> {
        try await StagedChangeset.diffInBackground(source: messages, target: newMessages)
    }

    func changes(
        to newMessages: [Message], on queue: DispatchQueue,
        completion: @escaping @Sendable (Result<StagedChangeset<[Message]>, any Error>) -> Void
    ) -> DiffTask {
        StagedChangeset.diff(source: messages, target: newMessages, on: queue, completion: completion)
    }

    func set(_ newMessages: [Message]) { messages = newMessages }
}
