import Foundation
import ListDelta

/// A main-actor class model, as README shows it: its two members are `nonisolated`, reading
/// only immutable `Sendable` state, so a diff never touches what the main actor owns.
@MainActor final class Contact: Differentiable {
    let id: UUID
    let name: String
    var isSelected = false

    init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }

    nonisolated var differenceIdentifier: UUID { id }
    nonisolated func isContentEqual(to source: Contact) -> Bool { name == source.name }
}

/// A note whose conformance is added in an extension, as README shows it.
struct Note {
    let id: Int
    var body: String
}

nonisolated extension Note: Differentiable {
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Note) -> Bool { body == source.body }
}

/// The changes between two lists of contacts, diffed on the main actor.
func contactChanges(from old: [Contact], to new: [Contact]) -> StagedChangeset<[Contact]> {
    StagedChangeset(source: old, target: new)
}

/// The changes between two lists of notes, diffed in the background.
func noteChanges(from old: [Note], to new: [Note]) async throws -> StagedChangeset<[Note]> {
    try await StagedChangeset.diffInBackground(source: old, target: new)
}
