import ListDelta
import TestSupport
import Testing

/// A vertical list laid out from its data: each section a header, then its rows, of heights
/// drawn from their identifiers; it keeps its offset through a batch, clamped to the content,
/// as UIKit's views do, and reports to scroll anchoring what a table view would.
@MainActor
private final class ModelScrollView: BatchUpdateTarget, ScrollAnchoringView {
    var data: [Section]
    var offset: Double
    let length: Double, leadingInset: Double, trailingInset: Double
    let heightSeed: UInt64
    var isUserScrolling = false
    private(set) var offsetWrites = 0

    init(data: [Section], random: inout SplitMix64) {
        self.data = data
        heightSeed = random.next()
        length = Double(40 + random.bounded(300))
        leadingInset = Double(random.bounded(3) * 20)
        trailingInset = Double(random.bounded(2) * 34)
        offset = 0
        offset = lowest + Double(random.bounded(Int(highest - lowest) + 1))
    }

    /// A copy of `view` as it is now, for the reference to read once `view` has changed.
    init(copying view: ModelScrollView) {
        (data, offset, length, leadingInset) = (view.data, view.offset, view.length, view.leadingInset)
        (trailingInset, heightSeed) = (view.trailingInset, view.heightSeed)
    }

    /// A height from 0 (rows can be empty) to 90 points, halves included.
    private func height(_ id: Int, salt: UInt64) -> Double {
        var random = SplitMix64(seed: heightSeed ^ UInt64(id) &* 0x9E37_79B9 ^ salt)
        return Double(random.bounded(181)) / 2
    }

    /// Each row's top edge, by path, and the content's height.
    var layout: (tops: [[Double]], height: Double) {
        var top = 0.0
        let tops = data.map { section -> [Double] in
            top += height(section.model.id, salt: 1)
            return section.elements.map { item in
                defer { top += height(item.id, salt: 2) }
                return top
            }
        }
        return (tops, top)
    }

    var lowest: Double { -leadingInset }
    var highest: Double { max(lowest, layout.height + trailingInset - length) }

    var viewport: ScrollViewport {
        ScrollViewport(
            offset: offset, length: length, contentLength: layout.height, leadingInset: leadingInset,
            trailingInset: trailingInset)
    }

    /// The rows whose frames meet the bounds, in layout order.
    var visibleElements: [VisibleElement] {
        let (tops, _) = layout
        return data.indices.flatMap { s in
            data[s].elements.indices.compactMap { e -> VisibleElement? in
                let top = tops[s][e], bottom = top + height(data[s].elements[e].id, salt: 2)
                guard bottom >= offset, top <= offset + length else { return nil }
                return VisibleElement(path: ElementPath(element: e, section: s), leadingEdge: top)
            }
        }
    }

    func layoutIfNeeded() {}
    func leadingEdge(ofElementAt path: ElementPath) -> Double? { layout.tops[path.section][path.element] }
    func setScrollOffset(_ offset: Double) {
        self.offset = offset
        offsetWrites += 1
    }

    var scrollAnchoringView: (any ScrollAnchoringView)? { self }
    var canPerformBatchUpdates: Bool { true }
    var numberOfSections: Int { data.count }
    func numberOfElements(inSection section: Int) -> Int { data[section].elements.count }
    func reloadData() {}
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        updates()
        offset = min(max(offset, lowest), highest)
        completion?(true)
    }
    func deleteSections(at sections: [Int]) {}
    func insertSections(at sections: [Int]) {}
    func reloadSections(at sections: [Int]) {}
    func moveSection(from source: Int, to target: Int) {}
    func deleteElements(at paths: [ElementPath]) {}
    func insertElements(at paths: [ElementPath]) {}
    func reloadElements(at paths: [ElementPath]) {}
    func moveElement(from source: ElementPath, to target: ElementPath) {}
}

/// The offset anchoring must leave after one stage, computed from the layout before and after
/// and from where the stage takes each row (``ListPositions``, which replays the batch through
/// the core's batch checker): the rule written out again, independently of the core's.
@MainActor
private func expectedOffset(
    _ anchor: ScrollAnchor?, before: ModelScrollView, beforeData: [Section], changeset: Changeset<[Section]>,
    after view: ModelScrollView, keptOffset: Double
) throws -> Double {
    guard let anchor else { return keptOffset }
    let clamp = { (offset: Double) in min(max(offset, view.lowest), view.highest) }
    let (offset, lowest, highest) = (before.offset, before.lowest, before.highest)
    if anchor == .top, offset <= lowest + 0.5 { return view.lowest }
    if anchor == .bottom, offset >= highest - 0.5 { return view.highest }
    let positions = try StagedChangeset([changeset]).positions(from: beforeData)
    let survivors = before.visibleElements.compactMap { row in
        positions.targetPath(forSource: row.path).map { (row.leadingEdge, $0) }
    }
    guard let first = survivors.min(by: { $0.0 < $1.0 }) else { return keptOffset }
    let distance = first.0 - (offset + before.leadingInset)
    return clamp(view.layout.tops[first.1.section][first.1.element] - distance - view.leadingInset)
}

@Suite @MainActor struct ScrollAnchorTests {
    /// Every stage of thousands of random sectioned diffs, on random heights, insets and
    /// viewports, in every mode: the offset after each batch is the reference's.
    @Test func eachStageLeavesTheOffsetTheRuleGives() throws {
        var checked = 0, adjusted = 0
        for seed in UInt64(0)..<1500 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            let staged = StagedChangeset(source: source, target: target)
            for anchor in [nil] + ScrollAnchor.allCases {
                var random = SplitMix64(seed: seed)
                let view = ModelScrollView(data: source, random: &random)
                for changeset in staged {
                    let snapshot = ModelScrollView(copying: view)
                    let writes = view.offsetWrites
                    view.reload(using: StagedChangeset([changeset]), anchoring: anchor) { view.data = $0 }
                    let kept = min(max(snapshot.offset, view.lowest), view.highest)
                    let expected = try expectedOffset(
                        anchor, before: snapshot, beforeData: snapshot.data, changeset: changeset, after: view,
                        keptOffset: kept)
                    #expect(abs(view.offset - expected) < 1e-9, "seed \(seed), \(String(describing: anchor))")
                    if anchor == nil { #expect(view.offsetWrites == writes, "off must never set the offset") }
                    checked += 1
                    if view.offset != kept { adjusted += 1 }
                }
            }
        }
        #expect(checked > 10_000 && adjusted > checked / 10, "\(adjusted) of \(checked) stages adjusted")
    }

    /// A user touching, dragging or decelerating the view: the batch is applied, the offset
    /// never set.
    @Test func aScrollingUserIsNeverFought() throws {
        for seed in UInt64(0)..<300 {
            let (source, target) = RandomModels.sectioned(seed: seed)
            var random = SplitMix64(seed: seed)
            let view = ModelScrollView(data: source, random: &random)
            view.isUserScrolling = true
            view.reload(using: StagedChangeset(source: source, target: target), anchoring: .visibleContent) {
                view.data = $0
            }
            #expect(view.offsetWrites == 0 && view.data == target, "seed \(seed)")
        }
    }

    /// Rows inserted above the one at the top of the screen: it stays where it was on screen.
    @Test func aRowInsertedAboveKeepsTheTopRowInPlace() throws {
        let source = [Section(model: Header(id: 0), elements: (0..<50).map { Item(id: $0) })]
        var target = source
        target[0].elements.insert(contentsOf: (100..<110).map { Item(id: $0) }, at: 0)
        var random = SplitMix64(seed: 7)
        let view = ModelScrollView(data: source, random: &random)
        view.offset = min(view.highest, 300)
        let top = try #require(view.visibleElements.min { $0.leadingEdge < $1.leadingEdge })
        let distance = top.leadingEdge - view.offset
        view.reload(using: StagedChangeset(source: source, target: target), anchoring: .visibleContent) {
            view.data = $0
        }
        let moved = ElementPath(element: top.path.element + 10, section: 0)
        #expect(try #require(view.leadingEdge(ofElementAt: moved)) - view.offset == distance)
    }
}
