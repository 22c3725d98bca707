import AppKit
import ListDelta
import Testing
import UIKit

/// The snapshot of `sections`: their models as section identifiers, their rows' identifiers as
/// items.
func snapshot(of sections: [RowSection]) -> DiffableDataSourceSnapshot<Int, Int> {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections(sections.map(\.model))
    for section in sections { snapshot.appendItems(section.elements.map(\.id), toSection: section.model) }
    return snapshot
}

/// One of the four diffable data sources over a random view of the anchoring tests (its
/// layout, insets and offset as the reload tests' views), showing the view's rows; the view's
/// delegate reads each row's identifier from the data source, as an app's does.
@MainActor
struct AnchoredDiffable {
    let kind: DataSourceKind
    /// Sets the data source's `scrollAnchor`.
    let setScrollAnchor: (ScrollAnchor?) -> Void
    /// The data source's `apply(_:animatingDifferences:completion:)`, animated.
    let apply: (DiffableDataSourceSnapshot<Int, Int>) -> Void
    /// The data source's model, edited at random, and the check of what applying it does.
    let edited: () -> [RowSection]
    let expectAnchored: (ScrollAnchor?, AnchoringTally, String, () -> Void) -> Void
    /// Records the sections applied as the model.
    let applied: ([RowSection]) -> Void

    init(_ kind: DataSourceKind, seed: UInt64) {
        self.kind = kind
        switch kind {
        case .uiTable:
            var random = RandomTable(seed: seed)
            let rows = random.rows
            let source = TableViewDiffableDataSource<Int, Int>(tableView: random.table) { _, _, id in
                let cell = UITableViewCell()
                cell.standInFittingHeight = length(ofRow: id, salt: seed)
                return cell
            }
            source.applySnapshotUsingReloadData(snapshot(of: rows.data))
            rows.identify = { source.itemIdentifier(for: $0)! }
            (setScrollAnchor, apply) = ({ source.scrollAnchor = $0 }, { source.apply($0) })
            edited = { random.edited() }
            expectAnchored = { random.expectAnchored(by: $0, tally: $1, $2, update: $3) }
            applied = { rows.data = $0 }
        case .uiCollection:
            var random = RandomCollection(seed: seed, layout: [.verticalFlow, .horizontalFlow, .compositional][Int(seed % 3)])
            let items = random.items
            let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: random.collection) { _, _, id in
                let cell = UICollectionViewCell()
                cell.standInFittingSize = items.size(of: id)
                return cell
            }
            source.applySnapshotUsingReloadData(snapshot(of: items.data))
            items.identify = { source.itemIdentifier(for: $0)! }
            (setScrollAnchor, apply) = ({ source.scrollAnchor = $0 }, { source.apply($0) })
            edited = { random.edited() }
            expectAnchored = { random.expectAnchored(by: $0, tally: $1, $2, update: $3) }
            applied = { items.data = $0 }
        case .appKitTable:
            var random = RandomScrolledView(tableSeed: seed)
            let items = random.items
            random.view.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("title")))
            let source = AppKitTableViewDiffableDataSource<Int, Int>(tableView: random.view) { _, _, _, _ in NSView() }
            source.applySnapshotUsingReloadData(snapshot(of: items.data))
            items.identify = { source.itemIdentifier(forRow: $0[1])! }
            (setScrollAnchor, apply) = ({ source.scrollAnchor = $0 }, { source.apply($0) })
            edited = { random.edited() }
            expectAnchored = { random.expectAnchored(by: $0, tally: $1, $2, update: $3) }
            applied = { items.data = $0 }
        case .appKitCollection:
            var random = RandomScrolledView(collectionSeed: seed)
            let items = random.items
            let source = AppKitCollectionViewDiffableDataSource<Int, Int>(collectionView: random.view) { _, _, id in
                let item = NSCollectionViewItem()
                item.standInFittingSize = items.size(of: id)
                return item
            }
            source.applySnapshotUsingReloadData(snapshot(of: items.data))
            items.identify = { source.itemIdentifier(for: $0)! }
            (setScrollAnchor, apply) = ({ source.scrollAnchor = $0 }, { source.apply($0) })
            edited = { random.edited() }
            expectAnchored = { random.expectAnchored(by: $0, tally: $1, $2, update: $3) }
            applied = { items.data = $0 }
        }
    }
}

/// The four diffable data sources with `scrollAnchor` set: `apply` of random snapshots keeps
/// the anchor (identified by item identifier) through every stage; nil leaves the offset UIKit
/// leaves.
@MainActor
@Suite(.serialized) struct DiffableAnchoringTests {
    @Test(arguments: DataSourceKind.allCases)
    func applyKeepsWhatTheAnchorSays(_ kind: DataSourceKind) async {
        let tally = AnchoringTally()
        await forEverySeedAndAnchor(UInt64(4_000)..<4_015) { seed, anchor in
            let diffable = AnchoredDiffable(kind, seed: seed)
            diffable.setScrollAnchor(anchor)
            for _ in 0..<3 {
                let target = diffable.edited()
                diffable.expectAnchored(anchor, tally, "\(kind) seed \(seed)") { diffable.apply(snapshot(of: target)) }
                diffable.applied(target)
            }
        }
        tally.expectEnough(150)
    }
}
