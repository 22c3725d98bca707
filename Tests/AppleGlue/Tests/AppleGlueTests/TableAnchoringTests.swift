import ListDelta
import Testing
import UIKit

/// Rows of sections whose heights follow their identifiers, as a feed's cells do: the delegate
/// gives them, or (self-sizing) each cell fits its row's height once shown.
@MainActor
final class HeightedRows: UITableViewDataSource, UITableViewDelegate {
    var data: [RowSection]
    let heights: [Int: CGFloat]
    var delegated: Bool

    init(_ data: [RowSection], heights: [Int: CGFloat], delegated: Bool) {
        (self.data, self.heights, self.delegated) = (data, heights, delegated)
    }

    func id(at path: IndexPath) -> Int { data[path[0]].elements[path[1]].id }
    func height(at path: IndexPath) -> CGFloat { heights[id(at: path)] ?? 44 }

    func numberOfSections(in tableView: UITableView) -> Int { data.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { data[section].elements.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell()
        cell.standInFittingHeight = height(at: indexPath)
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        delegated ? height(at: indexPath) : UITableView.automaticDimension
    }
}

/// A random table: sections of rows with unique identifiers and heights, random insets, safe
/// area, bounds and offset, delegated or estimated heights, plain headers and footers.
@MainActor
struct RandomTable {
    let table: UITableView
    let rows: HeightedRows
    var random: Random
    var newIDs = 10_000

    init(seed: UInt64) {
        var random = Random(state: seed)
        var id = 0
        let data = (0..<1 + random.next(4)).map { section in
            RowSection(
                model: section,
                elements: (0..<random.next(30)).map { _ in
                    id += 1
                    return Row(id: id)
                })
        }
        var heights: [Int: CGFloat] = [:]
        for id in 0..<20_000 { heights[id] = CGFloat(10 + random.next(110)) }
        rows = HeightedRows(data, heights: heights, delegated: random.next(2) == 0)
        table = onScreen(UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: CGFloat(80 + random.next(500)))))
        if !rows.delegated { table.estimatedRowHeight = CGFloat(30 + random.next(60)) }
        table.sectionHeaderHeight = CGFloat(random.next(3) * 14)
        table.sectionFooterHeight = CGFloat(random.next(2) * 9)
        table.contentInset = UIEdgeInsets(
            top: CGFloat(random.next(3) * 10), left: 0, bottom: CGFloat(random.next(2) * 20), right: 0)
        table.standInSetSafeAreaInsets(
            UIEdgeInsets(top: CGFloat(random.next(2) * 47), left: 0, bottom: CGFloat(random.next(2) * 34), right: 0))
        table.delegate = rows
        table.dataSource = rows
        table.layoutIfNeeded()
        let range = AnchoringReference.offsetRange(of: table)
        let offset = range.lowerBound + CGFloat(random.next(Int(range.upperBound - range.lowerBound) + 1))
        table.standInUserScroll(to: CGPoint(x: 0, y: [range.lowerBound, range.upperBound, offset][random.next(3)]))
        table.layoutIfNeeded()
        self.random = random
    }

    mutating func edited() -> [RowSection] { random.editedSections(rows.data, newIDs: &newIDs) }
}

extension ScrollAnchor {
    var reference: ReferenceAnchor {
        switch self {
        case .visibleContent: .visibleContent
        case .top: .top
        case .bottom: .bottom
        }
    }
}

@MainActor
@Suite(.serialized) struct TableAnchoringTests {
    /// Thousands of random updates, each stage checked against the reference from the layout
    /// before and after it: the anchor row's distance from the visible top kept (or the clamped
    /// offset), the edges pinned, and with anchoring off the offset UIKit leaves.
    @Test func everyStageKeepsWhatTheAnchorSays() {
        var stages = 0, moved = 0
        for seed in UInt64(0)..<300 {
            for anchor in [nil] + ScrollAnchor.allCases {
                var random = RandomTable(seed: seed)
                let (table, rows) = (random.table, random.rows)
                for _ in 0..<3 {
                    let target = random.edited()
                    let staged = StagedChangeset(source: rows.data, target: target)
                    var pending: AnchoringSnapshot<Int>?
                    func check() {
                        guard let before = pending else { return }
                        let expected =
                            anchor.map {
                                AnchoringReference.expectedOffset(table, before: before, anchor: $0.reference, identity: rows.id)
                            } ?? AnchoringReference.offsetUIKitWouldLeave(table, before: before)
                        #expect(abs(table.contentOffset.y - expected) < 1e-6, "seed \(seed) \(String(describing: anchor))")
                        stages += 1
                        if table.contentOffset.y != before.offset { moved += 1 }
                    }
                    table.reload(using: staged, with: .automatic, anchoring: anchor) { data in
                        check()
                        pending = AnchoringReference.snapshot(of: table, tolerance: 0.5, identity: rows.id)
                        rows.data = data
                    }
                    // The layout before the next frame measures the rows shown at the new offset: the
                    // anchor must not move then. (Off, the table is checked as the batch left it.)
                    if anchor != nil { table.layoutIfNeeded() }
                    check()
                    let shown = table.contentOffset.y
                    table.standInFinishAnimations()
                    #expect(table.contentOffset.y == shown, "no jump at the completion")
                }
            }
        }
        #expect(stages > 2_000 && moved > stages / 10, "\(moved) of \(stages) stages moved")
    }

    /// A touch, a drag or a deceleration: the batches run, the offset is never set.
    @Test func aScrollingUserIsNeverFought() {
        for seed in UInt64(0)..<60 {
            for gesture in 0..<3 {
                var random = RandomTable(seed: seed)
                let (table, rows) = (random.table, random.rows)
                switch gesture {
                case 0: table.standInBeginTouch()
                case 1: table.standInBeginDrag()
                default:
                    table.standInBeginDrag()
                    table.standInEndDrag(decelerating: true)
                }
                let writes = table.standInOffsetWrites, target = random.edited()
                table.reload(using: StagedChangeset(source: rows.data, target: target), with: .none, anchoring: .visibleContent) {
                    rows.data = $0
                }
                #expect(table.standInOffsetWrites == writes && rows.data == target, "seed \(seed) gesture \(gesture)")
                #expect(gesture != 2 || table.isDecelerating, "the deceleration keeps running")
            }
        }
    }
}
