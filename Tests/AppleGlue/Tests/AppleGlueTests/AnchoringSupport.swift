import AppKit
import ListDelta
import Testing
import UIKit

// What the anchoring tests share: views that say when each batch starts, random models and
// layouts, and the check of every stage against AnchoringReference.

/// A view that calls `beforeBatch` as each batch starts, before its updates run: whichever
/// entry point drives it (a reload, an updater, a diffable data source), the test sees every
/// stage there, with the view still showing the stage before.
@MainActor
protocol BatchWatching: AnchoringGeometry {
    var beforeBatch: (() -> Void)? { get set }
}

final class WatchedTableView: UITableView, BatchWatching {
    var beforeBatch: (() -> Void)?
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beforeBatch?()
        super.performBatchUpdates(updates, completion: completion)
    }
}

final class WatchedCollectionView: UICollectionView, BatchWatching {
    var beforeBatch: (() -> Void)?
    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beforeBatch?()
        super.performBatchUpdates(updates, completion: completion)
    }
}

final class WatchedNSTableView: NSTableView, BatchWatching {
    var beforeBatch: (() -> Void)?
    override func beginUpdates() {
        beforeBatch?()
        super.beginUpdates()
    }
}

final class WatchedNSCollectionView: NSCollectionView, BatchWatching {
    var beforeBatch: (() -> Void)?
    override func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: (@Sendable (Bool) -> Void)? = nil) {
        beforeBatch?()
        super.performBatchUpdates(updates, completionHandler: completionHandler)
    }
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

extension AnchoringGeometry {
    /// The offset along the scroll axis.
    var referenceOffset: CGFloat { referenceAxis == .vertical ? referenceVisibleRect.minY : referenceVisibleRect.minX }
}

/// The stages a test checked, and how many of them moved the offset.
@MainActor
final class AnchoringTally {
    var stages = 0, moved = 0

    /// Expects at least `minimum` stages, a tenth of them moving the offset (so that the
    /// anchoring had work to do).
    func expectEnough(_ minimum: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(stages >= minimum && moved > stages / 10, "\(moved) of \(stages) stages moved", sourceLocation: sourceLocation)
    }
}

/// Checks every stage of the batches applied to a view between ``watch()`` and
/// ``end(layout:finishAnimations:)``, through whatever entry point, against the reference from
/// the layout before and after it: with `anchor`, the offset it must leave (the anchor row's
/// distance kept, or the clamped offset, or an edge pinned); without, the offset UIKit leaves.
/// A stage is checked as the next starts and, the last, at the end once the view was laid out
/// again (anchored; as before the next frame, when estimated rows shown at the new offset are
/// measured); ending the animations must not move it. With `everyPoint`, the last stage is also
/// checked before that layout and after the animations end.
@MainActor
final class AnchoringCheck<View: BatchWatching> {
    private let view: View, anchor: ScrollAnchor?, identity: (IndexPath) -> Int, tally: AnchoringTally
    private let context: String, everyPoint: Bool, sourceLocation: SourceLocation
    private var pending: AnchoringSnapshot<Int>?

    /// A check of `view` anchored by `anchor`; `identity` maps an index path to the identifier
    /// the view's data shows there now.
    init(
        _ view: View, by anchor: ScrollAnchor?, identity: @escaping (IndexPath) -> Int, tally: AnchoringTally,
        _ context: String, everyPoint: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        (self.view, self.anchor, self.identity, self.tally) = (view, anchor, identity, tally)
        (self.context, self.everyPoint, self.sourceLocation) = (context, everyPoint, sourceLocation)
    }

    private func check(_ point: String, count: Bool = true) {
        guard let before = pending else { return }
        let expected =
            anchor.map { AnchoringReference.expectedOffset(view, before: before, anchor: $0.reference, identity: identity) }
            ?? AnchoringReference.offsetUIKitWouldLeave(view, before: before)
        #expect(
            abs(view.referenceOffset - expected) < 1e-6,
            "\(context) \(String(describing: anchor)) \(point): \(view.referenceOffset), expected \(expected)",
            sourceLocation: sourceLocation)
        guard count else { return }
        tally.stages += 1
        if view.referenceOffset != before.offset { tally.moved += 1 }
    }

    /// Watches the view's batches from now on.
    func watch() {
        view.beforeBatch = { [self] in
            check("at the next stage")
            pending = AnchoringReference.snapshot(of: view, tolerance: 0.5, identity: identity)
        }
    }

    /// Checks the last stage: the batches have been applied.
    func end(layout: () -> Void, finishAnimations: () -> Void) {
        view.beforeBatch = nil
        if everyPoint { check("as the reload returns", count: false) }
        if anchor != nil { layout() }
        check("after the next layout")
        let shown = view.referenceOffset
        finishAnimations()
        #expect(view.referenceOffset == shown, "\(context): no jump at the completion", sourceLocation: sourceLocation)
        if everyPoint { check("after the animations", count: false) }
        pending = nil
    }
}

/// Runs `update`, which applies batches to `view`, checking them as ``AnchoringCheck`` does.
@MainActor
func expectStagesAnchored<View: BatchWatching>(
    _ view: View, by anchor: ScrollAnchor?, identity: @escaping (IndexPath) -> Int, tally: AnchoringTally,
    _ context: String, everyPoint: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
    layout: () -> Void, finishAnimations: () -> Void, update: () -> Void
) {
    let check = AnchoringCheck(
        view, by: anchor, identity: identity, tally: tally, context, everyPoint: everyPoint, sourceLocation: sourceLocation)
    check.watch()
    update()
    check.end(layout: layout, finishAnimations: finishAnimations)
}

/// A random view of the anchoring tests with its model: what ``expectAnchored(by:tally:_:everyPoint:sourceLocation:update:)`` checks.
@MainActor
protocol RandomAnchoringView {
    associatedtype View: BatchWatching
    var watched: View { get }
    /// The identifier the view's data shows at an index path now.
    func identity(_ path: IndexPath) -> Int
    /// Lays the view out, as before the next frame.
    func layout()
    /// Ends the view's running animations.
    func finishAnimations()
}

extension RandomAnchoringView {
    /// Checks the batches `update` applies, as ``expectStagesAnchored`` says.
    func expectAnchored(
        by anchor: ScrollAnchor?, tally: AnchoringTally, _ context: String, everyPoint: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation, update: () -> Void
    ) {
        expectStagesAnchored(
            watched, by: anchor, identity: identity, tally: tally, context, everyPoint: everyPoint,
            sourceLocation: sourceLocation, layout: layout, finishAnimations: finishAnimations, update: update)
    }
}

/// Runs `body` for every seed of `seeds` and every anchoring (nil, then each mode), yielding the
/// main actor between seeds so that other tests' tasks get their turn.
@MainActor
func forEverySeedAndAnchor(
    _ seeds: Range<UInt64>, anchors: [ScrollAnchor?] = [nil] + ScrollAnchor.allCases, _ body: (UInt64, ScrollAnchor?) -> Void
) async {
    for seed in seeds {
        await Task.yield()
        for anchor in anchors { body(seed, anchor) }
    }
}

extension Random {
    /// One to four sections of up to `rows` rows, identified from 1 up.
    mutating func sections(rows: Int = 30) -> [RowSection] {
        var id = 0
        return (0..<1 + next(4)).map { section in
            RowSection(
                model: section,
                elements: (0..<next(rows + 1)).map { _ in
                    id += 1
                    return Row(id: id)
                })
        }
    }

    /// An offset the view may rest at: its top, its bottom or anywhere between.
    @MainActor mutating func restingOffset(of view: some AnchoringGeometry) -> CGFloat {
        let range = AnchoringReference.offsetRange(of: view)
        let anywhere = range.lowerBound + CGFloat(next(Int(range.upperBound - range.lowerBound) + 1))
        return [range.lowerBound, range.upperBound, anywhere][next(3)]
    }

    /// Insets of up to `step` × 2 on each edge, in steps.
    mutating func insets(_ step: CGFloat) -> UIEdgeInsets {
        UIEdgeInsets(
            top: CGFloat(next(3)) * step, left: CGFloat(next(3)) * step, bottom: CGFloat(next(3)) * step,
            right: CGFloat(next(3)) * step)
    }
}

/// A row's length along the scroll axis, from its identifier: 10 to 119 points, the same for
/// the same `salt` (a case's seed).
func length(ofRow id: Int, salt: UInt64) -> CGFloat {
    var random = Random(state: salt &* 0x2545_F491_4F6C_DD1D ^ UInt64(id))
    return CGFloat(10 + random.next(110))
}

/// Rows of sections whose heights follow their identifiers, as a feed's cells do: the delegate
/// gives them, or (self-sizing) each cell fits its row's height once shown.
@MainActor
final class HeightedRows: UITableViewDataSource, UITableViewDelegate {
    private var stored: [RowSection]
    /// Where the rows are read from instead, as an app reads its updater's data.
    var reading: (() -> [RowSection])?
    /// Who says which row is where instead, as a diffable data source does.
    var identify: ((IndexPath) -> Int)?
    let salt: UInt64
    var delegated: Bool

    init(_ data: [RowSection], salt: UInt64, delegated: Bool) {
        (stored, self.salt, self.delegated) = (data, salt, delegated)
    }

    var data: [RowSection] {
        get { reading?() ?? stored }
        set { stored = newValue }
    }

    func id(at path: IndexPath) -> Int { identify?(path) ?? data[path[0]].elements[path[1]].id }
    func height(at path: IndexPath) -> CGFloat { length(ofRow: id(at: path), salt: salt) }

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
    let table: WatchedTableView
    let rows: HeightedRows
    var random: Random
    var newIDs = 10_000

    init(seed: UInt64) {
        var random = Random(state: seed)
        rows = HeightedRows(random.sections(), salt: seed, delegated: random.next(2) == 0)
        table = onScreen(WatchedTableView(frame: CGRect(x: 0, y: 0, width: 320, height: CGFloat(80 + random.next(500)))))
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
        table.standInUserScroll(to: CGPoint(x: 0, y: random.restingOffset(of: table)))
        table.layoutIfNeeded()
        self.random = random
    }

    mutating func edited() -> [RowSection] { random.editedSections(rows.data, newIDs: &newIDs) }
}

extension RandomTable: RandomAnchoringView {
    var watched: WatchedTableView { table }
    func identity(_ path: IndexPath) -> Int { rows.id(at: path) }
    func layout() { table.layoutIfNeeded() }
    func finishAnimations() { table.standInFinishAnimations() }
}

/// Sections of identified items whose lengths along the scroll axis follow their identifiers,
/// for collection views (as data source and flow delegate; cells fit their item's size once
/// shown) and AppKit tables (the rows of section 0, the delegate giving their heights).
@MainActor
final class SizedItems: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout, NSTableViewDataSource,
    NSTableViewDelegate, NSCollectionViewDataSource, NSCollectionViewDelegateFlowLayout
{
    var data: [RowSection]
    /// Who says which item is where instead, as a diffable data source does.
    var identify: ((IndexPath) -> Int)?
    let salt: UInt64
    /// Whether the view scrolls vertically, and the items' extent across.
    let vertical: Bool, cross: CGFloat

    init(_ data: [RowSection], salt: UInt64, vertical: Bool, cross: CGFloat) {
        (self.data, self.salt, self.vertical, self.cross) = (data, salt, vertical, cross)
    }

    func id(at path: IndexPath) -> Int { identify?(path) ?? data[path[0]].elements[path[1]].id }
    func size(at path: IndexPath) -> CGSize { size(of: id(at: path)) }
    /// The size of the item identified by `id`.
    func size(of id: Int) -> CGSize {
        let length = length(ofRow: id, salt: salt)
        return vertical ? CGSize(width: cross, height: length) : CGSize(width: length, height: cross)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { data.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        data[section].elements.count
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = UICollectionViewCell()
        cell.standInFittingSize = size(at: indexPath)
        return cell
    }
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { size(at: indexPath) }

    func numberOfRows(in tableView: NSTableView) -> Int { data[0].elements.count }
    func tableView(_ tableView: NSTableView, objectValueFor tableColumn: NSTableColumn?, row: Int) -> Any? {
        data[0].elements[row].id
    }
    func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat { size(at: IndexPath(indexes: [0, row])).height }

    func numberOfSections(in collectionView: NSCollectionView) -> Int { data.count }
    func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
        data[section].elements.count
    }
    func collectionView(_ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath)
        -> NSCollectionViewItem
    {
        let item = NSCollectionViewItem()
        item.standInFittingSize = size(at: indexPath)
        return item
    }
    func collectionView(
        _ collectionView: NSCollectionView, layout collectionViewLayout: NSCollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> NSSize { size(at: indexPath) }
}
