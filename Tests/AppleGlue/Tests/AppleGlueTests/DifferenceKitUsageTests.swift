import ListDelta
import Testing
import UIKit

// DifferenceKit's README has its users declare this.
extension String: Differentiable {}

/// Code shaped like DifferenceKit's README for UIKit, with only the import changed: the calls
/// must compile and animate valid batches.
@MainActor
@Suite(.serialized) struct DifferenceKitUsageTests {
    /// A screen that owns its data, as the README's view controllers do.
    final class Screen: UITableViewDataSource, UICollectionViewDataSource {
        let tableView = onScreen(UITableView())
        let collectionView = onScreen(UICollectionView())
        var data: [String] = ["a", "b", "c"]

        init() {
            tableView.dataSource = self
            collectionView.dataSource = self
        }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { data.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { data.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            UICollectionViewCell()
        }
    }

    @Test func readmeCallsCompileAndAnimate() {
        UIKitStandIn.failures = []
        let screen = Screen()
        _ = (screen.tableView.numberOfSections, screen.collectionView.numberOfSections)

        var target = ["c", "d", "a"]
        var changeset = StagedChangeset(source: screen.data, target: target)
        screen.tableView.reload(using: changeset, with: .fade) { data in
            screen.data = data
        }
        #expect(screen.data == target)

        screen.collectionView.reloadData()
        target = ["d", "e"]
        changeset = StagedChangeset(source: screen.data, target: target)
        screen.collectionView.reload(using: changeset) { data in
            screen.data = data
        }
        #expect(screen.data == target)

        screen.tableView.reloadData()
        target = Array("abcdefghij").map(String.init)
        changeset = StagedChangeset(source: screen.data, target: target)
        screen.tableView.reload(using: changeset, with: .automatic, interrupt: { $0.changeCount > 5 }) { data in
            screen.data = data
        }
        #expect(screen.data == target && screen.tableView.standInFullReloadCount == 2)
        #expect(UIKitStandIn.failures.isEmpty, "\(UIKitStandIn.failures)")
    }
}
