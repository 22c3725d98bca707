import Foundation
import ListDelta
import TestSupport
import Testing

// As in an app: the plain types these tests diff are declared Differentiable here, since
// ListDelta ships no conformances of its own.
extension Int: Differentiable {}
extension String: Differentiable {}
extension UUID: Differentiable {}
extension Data: Differentiable {}

/// A list element: identified by `id`, with `content` that may change.
struct Item: Differentiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int = 0

    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Item) -> Bool { content == source.content }
    var description: String { content == 0 ? "\(id)" : "\(id)'\(content)" }
}

/// A section model: identified by `id`, with a `title` that may change.
struct Header: Differentiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var title: Int = 0

    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Header) -> Bool { title == source.title }
    var description: String { title == 0 ? "S\(id)" : "S\(id)'\(title)" }
}

typealias Section = ArraySection<Header, Item>

/// Seeded random lists for the Swift layer; the seed alone rebuilds any failing input.
enum RandomModels {
    static func flat(seed: UInt64, maximumCount: Int = 30) -> (source: [Item], target: [Item]) {
        var random = SplitMix64(seed: seed)
        let (source, target) = RandomLists.pair(seed: seed, maximumCount: maximumCount)
        return (
            source.map { Item(id: Int($0)) },
            target.map { Item(id: Int($0), content: random.bounded(5) == 0 ? 1 : 0) }
        )
    }

    static func sectioned(seed: UInt64) -> (source: [Section], target: [Section]) {
        var random = SplitMix64(seed: seed)
        let itemAlphabet = 4 + random.bounded(40), sectionAlphabet = 2 + random.bounded(8)
        func items(_ count: Int) -> [Item] { (0..<count).map { _ in Item(id: random.bounded(itemAlphabet)) } }
        let source = (0..<random.bounded(7)).map { _ in
            Section(model: Header(id: random.bounded(sectionAlphabet)), elements: items(random.bounded(7)))
        }
        var target = source
        for _ in 0..<random.bounded(3) where !target.isEmpty { target.remove(at: random.bounded(target.count)) }
        for _ in 0..<random.bounded(3) {
            let section = Section(model: Header(id: random.bounded(sectionAlphabet + 3)), elements: items(random.bounded(6)))
            target.insert(section, at: random.bounded(target.count + 1))
        }
        if random.bounded(3) == 0 { target = RandomLists.shuffledIndices(target.count, &random).map { target[$0] } }
        let moves = target.isEmpty ? 0 : random.bounded(8)
        for _ in 0..<moves {
            let from = random.bounded(target.count), to = random.bounded(target.count)
            guard !target[from].elements.isEmpty else { continue }
            let item = target[from].elements.remove(at: random.bounded(target[from].elements.count))
            target[to].elements.insert(item, at: random.bounded(target[to].elements.count + 1))
        }
        for s in target.indices {
            for _ in 0..<random.bounded(3) where !target[s].elements.isEmpty {
                target[s].elements.remove(at: random.bounded(target[s].elements.count))
            }
            for _ in 0..<random.bounded(3) {
                target[s].elements.insert(
                    Item(id: random.bounded(itemAlphabet + 10)), at: random.bounded(target[s].elements.count + 1))
            }
            for e in target[s].elements.indices where random.bounded(6) == 0 { target[s].elements[e].content = 1 }
            if random.bounded(5) == 0 { target[s].model.title = 1 }
        }
        return (source, target)
    }
}

/// Checks the central property: each stage is a valid batch for the list before it, replaying
/// it gives that stage's data, the last data is the target, stages come in UIKit's order and
/// none is empty. `replay` is the `apply(to:)` of the collection's kind.
func expectValidStages<C: Collection & Equatable>(
    _ staged: StagedChangeset<C>, from source: C, to target: C, _ context: @autoclosure () -> String,
    replay: (StagedChangeset<C>, C) throws -> C, sourceLocation: SourceLocation = #_sourceLocation
) {
    var current = source, lastKind = 0
    for stage in staged {
        #expect(stage.hasChanges, "empty stage, \(context())", sourceLocation: sourceLocation)
        let kind = stageKind(stage)
        #expect(kind > lastKind, "stage out of order (\(kind) after \(lastKind)), \(context())", sourceLocation: sourceLocation)
        lastKind = kind
        do {
            let next = try replay(StagedChangeset([stage]), current)
            #expect(
                next == stage.data, "replay differs from the stage's data, \(context())\nstage \(stage)",
                sourceLocation: sourceLocation)
            current = stage.data
        } catch {
            Issue.record("invalid batch: \(error), \(context())\nstage \(stage)", sourceLocation: sourceLocation)
            return
        }
    }
    #expect(current == target, "the stages do not end at the target, \(context())", sourceLocation: sourceLocation)
}

/// ``expectValidStages(_:from:to:_:replay:sourceLocation:)`` for a flat list.
func expectValidStages<C: RangeReplaceableCollection & Equatable>(
    _ staged: StagedChangeset<C>, from source: C, to target: C, _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) where C.Element: Differentiable {
    expectValidStages(
        staged, from: source, to: target, context(), replay: { try $0.apply(to: $1) },
        sourceLocation: sourceLocation)
}

/// ``expectValidStages(_:from:to:_:replay:sourceLocation:)`` for a list of sections.
func expectValidSectionStages(
    _ staged: StagedChangeset<[Section]>, from source: [Section], to target: [Section], _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectValidStages(
        staged, from: source, to: target, context(), replay: { try $0.apply(to: $1) },
        sourceLocation: sourceLocation)
}

/// Which of the five stages a changeset is; 0 when it mixes kinds.
func stageKind<C>(_ changeset: Changeset<C>) -> Int {
    let updates = !changeset.elementUpdated.isEmpty
    let deletes = !changeset.sectionDeleted.isEmpty || !changeset.elementDeleted.isEmpty
    let sections = !changeset.sectionInserted.isEmpty || !changeset.sectionMoved.isEmpty
    let elements = !changeset.elementInserted.isEmpty || !changeset.elementMoved.isEmpty
    let sectionUpdates = !changeset.sectionUpdated.isEmpty
    let kinds = [updates, deletes, sections, elements, sectionUpdates]
    guard kinds.filter({ $0 }).count == 1 else { return 0 }
    return kinds.firstIndex(of: true)! + 1
}

/// The length of a longest strictly increasing subsequence, by O(k²) dynamic programming.
func bruteForceLIS(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

/// The fewest element moves a sectioned diff can report, by brute force. Sections pair their
/// k-th occurrences of an identifier, and so do the elements of surviving sections across all
/// sections. An element moving to another section must move; within a matched pair of
/// sections, the elements that stay form a longest run kept in order.
func minimalSectionMoves(_ source: [Section], _ target: [Section]) -> Int {
    func kthPairs(_ sourceIDs: [Int], _ targetIDs: [Int]) -> [Int?] {
        var positions: [Int: [Int]] = [:], used: [Int: Int] = [:]
        for (index, id) in sourceIDs.enumerated() { positions[id, default: []].append(index) }
        return targetIDs.map { id in
            let k = used[id, default: 0]
            guard let list = positions[id], k < list.count else { return nil }
            used[id] = k + 1
            return list[k]
        }
    }
    let sectionOf = kthPairs(source.map(\.model.id), target.map(\.model.id))
    let surviving = Set(sectionOf.compactMap { $0 })
    let flatSource = source.enumerated().filter { surviving.contains($0.offset) }
        .flatMap { s, section in section.elements.enumerated().map { (id: $1.id, section: s, element: $0) } }
    let flatTarget = target.enumerated()
        .flatMap { t, section in section.elements.map { (id: $0.id, section: t) } }
    let matches = kthPairs(flatSource.map(\.id), flatTarget.map(\.id))
    var moves = 0
    for t in target.indices {
        let matched = flatTarget.indices.filter { flatTarget[$0].section == t && matches[$0] != nil }.map {
            flatSource[matches[$0]!]
        }
        let staying = matched.filter { $0.section == sectionOf[t] }.map(\.element)
        moves += matched.count - bruteForceLIS(staying)
    }
    return moves
}

/// Calls `body` with buffers over a one-section list's section identity and counts, as
/// `withCoreStages` takes them.
func withFlatSections<R>(
    _ section: [UInt64], _ sourceCount: [UInt32], _ targetCount: [UInt32],
    _ body: (UnsafeBufferPointer<UInt64>, UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt32>) throws -> R
) rethrows -> R {
    try section.withUnsafeBufferPointer { section in
        try sourceCount.withUnsafeBufferPointer { sourceCount in
            try targetCount.withUnsafeBufferPointer { targetCount in try body(section, sourceCount, targetCount) }
        }
    }
}
