import ListDelta
import Testing
import UIKit

/// The layouts a random collection view gets.
enum CollectionLayoutKind: CaseIterable {
    case verticalFlow, horizontalFlow, compositional
}

/// A random collection view in a window: sections of items of their own lengths, a flow layout
/// (vertical or horizontal: one column, or several items to a line; fixed or estimated sizes;
/// section insets, headers and footers, spacings) or a compositional list (absolute or
/// estimated heights, section insets, headers), random content insets, safe area, bounds and
/// offset.
@MainActor
struct RandomCollection {
    let collection: WatchedCollectionView
    let items: SizedItems
    var random: Random
    var newIDs = 10_000

    init(seed: UInt64, layout kind: CollectionLayoutKind) {
        var random = Random(state: seed)
        let vertical = kind != .horizontalFlow
        let length = CGFloat(80 + random.next(500)), across: CGFloat = 320
        let contentInset = random.insets(10), safeArea = random.insets(17)
        let sectionInset = random.insets(6)
        // Across: the bounds less the adjusted insets and the section's.
        let room =
            vertical
            ? across - contentInset.left - contentInset.right - safeArea.left - safeArea.right - sectionInset.left
                - sectionInset.right
            : across - contentInset.top - contentInset.bottom - safeArea.top - safeArea.bottom - sectionInset.top
                - sectionInset.bottom
        items = SizedItems(
            random.sections(), salt: seed, vertical: vertical, cross: random.next(3) == 0 ? CGFloat(80 + random.next(40)) : room)
        let layout: UICollectionViewLayout
        if kind == .compositional {
            let height: NSCollectionLayoutDimension =
                random.next(2) == 0 ? .estimated(CGFloat(30 + random.next(60))) : .absolute(CGFloat(20 + random.next(80)))
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
                subitems: [
                    NSCollectionLayoutItem(
                        layoutSize: NSCollectionLayoutSize(
                            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                ])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = CGFloat(random.next(3) * 4)
            section.contentInsets = NSDirectionalEdgeInsets(
                top: sectionInset.top, leading: sectionInset.left, bottom: sectionInset.bottom, trailing: sectionInset.right)
            if random.next(2) == 0 {
                section.boundarySupplementaryItems = [
                    NSCollectionLayoutBoundarySupplementaryItem(
                        layoutSize: NSCollectionLayoutSize(
                            widthDimension: .fractionalWidth(1), heightDimension: .absolute(CGFloat(10 + random.next(30)))),
                        elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                ]
            }
            let configuration = UICollectionViewCompositionalLayoutConfiguration()
            configuration.interSectionSpacing = CGFloat(random.next(3) * 8)
            layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        } else {
            let flow = UICollectionViewFlowLayout()
            flow.scrollDirection = vertical ? .vertical : .horizontal
            flow.minimumLineSpacing = CGFloat(random.next(3) * 5)
            flow.minimumInteritemSpacing = CGFloat(random.next(2) * 5)
            flow.sectionInset = sectionInset
            let header = CGFloat(random.next(3) * 14), footer = CGFloat(random.next(2) * 9)
            flow.headerReferenceSize = vertical ? CGSize(width: 0, height: header) : CGSize(width: header, height: 0)
            flow.footerReferenceSize = vertical ? CGSize(width: 0, height: footer) : CGSize(width: footer, height: 0)
            if random.next(2) == 0 {
                let estimate = CGFloat(30 + random.next(60))
                flow.estimatedItemSize =
                    vertical ? CGSize(width: items.cross, height: estimate) : CGSize(width: estimate, height: items.cross)
            }
            layout = flow
        }
        let frame =
            vertical ? CGRect(x: 0, y: 0, width: across, height: length) : CGRect(x: 0, y: 0, width: length, height: across)
        collection = onScreen(WatchedCollectionView(frame: frame, collectionViewLayout: layout))
        collection.contentInset = contentInset
        collection.standInSetSafeAreaInsets(safeArea)
        collection.delegate = items
        collection.dataSource = items
        collection.layoutIfNeeded()
        let offset = random.restingOffset(of: collection)
        collection.standInUserScroll(
            to: vertical ? CGPoint(x: -contentInset.left - safeArea.left, y: offset) : CGPoint(x: offset, y: 0))
        collection.layoutIfNeeded()
        self.random = random
    }

    mutating func edited() -> [RowSection] { random.editedSections(items.data, newIDs: &newIDs) }
}

extension RandomCollection: RandomAnchoringView {
    var watched: WatchedCollectionView { collection }
    func identity(_ path: IndexPath) -> Int { items.id(at: path) }
    func layout() { collection.layoutIfNeeded() }
    func finishAnimations() { collection.standInFinishAnimations() }
}

/// `UICollectionView.reload(using:anchoring:…)` on random flow (vertical and horizontal, along
/// x) and compositional layouts: every stage of thousands of random updates against the
/// reference.
@MainActor
@Suite(.serialized) struct CollectionAnchoringTests {
    @Test(arguments: CollectionLayoutKind.allCases)
    func everyStageKeepsWhatTheAnchorSays(_ kind: CollectionLayoutKind) async {
        let tally = AnchoringTally()
        await forEverySeedAndAnchor(UInt64(0)..<30) { seed, anchor in
            var random = RandomCollection(seed: seed, layout: kind)
            let (collection, items) = (random.collection, random.items)
            for _ in 0..<3 {
                let staged = StagedChangeset(source: items.data, target: random.edited())
                random.expectAnchored(by: anchor, tally: tally, "\(kind) seed \(seed)") {
                    collection.reload(using: staged, anchoring: anchor) { items.data = $0 }
                }
            }
            #expect(collection.standInFailures.isEmpty, "\(kind) seed \(seed)")
        }
        tally.expectEnough(300)
    }
}
