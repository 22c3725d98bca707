import Dispatch
import ListDelta
import Testing

/// Every sectioned entry point, called on a list of sections with and without
/// `sectionUpdates`, reaches the sectioned overload (from no section to one, it inserts section
/// 0), not the flat one that a list of sections also fits: why these entry points forward
/// instead of defaulting `sectionUpdates` (see SectionUpdates.swift).
@MainActor
@Suite struct SectionUpdatesTests {
    let sections = [Section(model: Header(id: 0), elements: [Item(id: 1)])]

    private func insertsSection<C>(_ staged: StagedChangeset<C>) -> Bool { staged.first?.sectionInserted == [0] }

    @Test func synchronousAndBackgroundDiffsOfSectionsAreSectioned() async throws {
        #expect(insertsSection(StagedChangeset(source: [], target: sections)))
        #expect(insertsSection(try StagedChangeset(source: [], target: sections, algorithm: .heckel)))
        #expect(insertsSection(try StagedChangeset(source: [], target: sections, sectionUpdates: .omitted)))
        #expect(insertsSection(try await StagedChangeset.diffInBackground(source: [], target: sections)))
        #expect(insertsSection(try await StagedChangeset.diffInBackground(source: [], target: sections, algorithm: .heckel)))
        #expect(
            insertsSection(try await StagedChangeset.diffInBackground(source: [], target: sections, sectionUpdates: .omitted)))
    }

    @Test func queueDiffsOfSectionsAreSectioned() async throws {
        let queue = DispatchQueue(label: "SectionUpdatesTests")
        typealias Completion = @Sendable (Result<StagedChangeset<[Section]>, any Error>) -> Void
        func staged(_ start: (@escaping Completion) -> DiffTask) async throws -> StagedChangeset<[Section]> {
            try await withCheckedThrowingContinuation { continuation in _ = start { continuation.resume(with: $0) } }
        }
        #expect(
            insertsSection(
                try await staged {
                    StagedChangeset.diff(source: [], target: sections, on: queue, completionQueue: queue, completion: $0)
                }
            ))
        #expect(
            insertsSection(
                try await staged {
                    StagedChangeset.diff(
                        source: [], target: sections, algorithm: .heckel, on: queue, completionQueue: queue, completion: $0)
                }))
        #expect(
            insertsSection(
                try await staged {
                    StagedChangeset.diff(
                        source: [], target: sections, sectionUpdates: .omitted, on: queue, completionQueue: queue,
                        completion: $0)
                }))
    }

    @Test func updatersOfSectionsAreSectioned() async {
        func firstBatch(_ makeUpdater: (FakeListView) -> ListUpdater<[Section]>) async -> BatchUpdate? {
            let view = FakeListView(counts: []) { [] }
            let updater = makeUpdater(view)
            view.dataCounts = { [weak updater] in updater?.data.map(\.elements.count) ?? [] }
            updater.submit(sections)
            await updater.settled()
            return view.batches.first
        }
        let insert = BatchUpdate(sectionInserted: [0])
        #expect(await firstBatch { ListUpdater(initial: [], target: $0) } == insert)
        #expect(await firstBatch { ListUpdater(initial: [], target: $0, algorithm: .heckel) } == insert)
        #expect(await firstBatch { ListUpdater(initial: [], target: $0, sectionUpdates: .omitted) } == insert)
    }
}
