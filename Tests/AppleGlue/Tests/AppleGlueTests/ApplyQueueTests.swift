import Foundation
import Testing

@testable import ListDelta

/// The edges of `apply`'s queue contract: Apple's misuse of mixing the main queue and a
/// background queue is named in debug builds, and a snapshot applied on the main queue wins
/// over an older one still being diffed off it.
@MainActor
@Suite struct ApplyQueueTests {
    private nonisolated static func snapshot(_ items: [Int]) -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        return snapshot
    }

    @Test(arguments: DataSourceKind.allCases)
    func mixingTheMainQueueAndABackgroundQueueIsNamedOnce(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        let collected = LockedValue<[String]>([])
        await DiffableDiagnostics.$warningHandler.withValue({ message in collected.withLock { $0.append(message) } }) {
            harness.apply(Self.snapshot([1, 2]))
            let apply = harness.applyFromAnyThread
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue(label: "background").async {
                    DiffableDiagnostics.$warningHandler.withValue({ message in collected.withLock { $0.append(message) } }) {
                        apply(Self.snapshot([2, 3]), true, nil)
                        apply(Self.snapshot([3, 4]), true, nil)
                    }
                    done.resume()
                }
            }
        }
        _ = await waitUntil({ harness.shownCells.joined().map(\.item) == [3, 4] }, meanwhile: harness.finishAnimations)
        let warnings = collected.withLock { $0 }
        #if DEBUG
            #expect(warnings.count == 1, "\(kind): \(warnings)")
            #expect(warnings.first?.contains("main queue and on a background queue") == true, "\(kind): \(warnings)")
        #else
            #expect(warnings.isEmpty)
        #endif
        #expect(harness.shownCells.joined().map(\.item) == [3, 4], "\(kind): the newest is shown")
        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
    }

    @Test(arguments: DataSourceKind.allCases)
    func aMainQueueApplyWinsOverAnOlderDiffOffTheMainThread(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        harness.apply(Self.snapshot([1, 2, 3]))
        var completions: [String] = []
        harness.applyDiffingOffMainThread(Self.snapshot(Array(0..<2_000)), true) { completions.append("off") }
        harness.apply(Self.snapshot([3, 2])) { completions.append("main") }
        #expect(harness.shownCells.joined().map(\.item) == [3, 2], "\(kind): shown when apply returns")
        let done = await waitUntil({ completions.count == 2 }, meanwhile: harness.finishAnimations)
        for _ in 0..<20 { await Task.yield() }
        #expect(done && completions.sorted() == ["main", "off"], "\(kind): \(completions)")
        #expect(harness.shownCells.joined().map(\.item) == [3, 2], "\(kind): the older snapshot was shown after the newer")
        #expect(harness.snapshot() == Self.snapshot([3, 2]), "\(kind)")
        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
    }

    /// An apply that changes nothing completes at once; a completion that applies again must
    /// find the data source showing what the view shows.
    @Test(arguments: DataSourceKind.allCases)
    func aCompletionThatAppliesAgainFindsTheViewInStep(kind: DataSourceKind) async {
        let harness = Harness<Int>(kind)
        harness.apply(Self.snapshot([1, 2]))
        var completed = false
        harness.apply(Self.snapshot([1, 2])) {
            harness.apply(Self.snapshot([1, 2, 3]))
            completed = true
        }
        #expect(completed, "\(kind): an apply that changes nothing completes at once")
        #expect(harness.shownCells.joined().map(\.item) == [1, 2, 3], "\(kind)")
        #expect(harness.itemIdentifier(at: 0, 2, flatRow: 2) == 3, "\(kind): the data source lags the view")
        #expect(harness.failures.isEmpty, "\(kind): \(harness.failures)")
    }
}
