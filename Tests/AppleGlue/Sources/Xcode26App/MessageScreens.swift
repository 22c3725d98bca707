import Foundation
import ListDelta
import UIKit

/// A table of messages reloaded by staged changesets, as README's table view example.
final class MessageTableScreen: UITableViewDataSource {
    let tableView = UITableView()
    private(set) var messages: [Message] = []

    init() { tableView.dataSource = self }

    func show(_ newMessages: [Message]) {
        tableView.reload(using: StagedChangeset(source: messages, target: newMessages), with: .fade) { data in
            messages = data
        }
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
}

/// A collection of messages kept in step with a stream of snapshots, as the Guide's `ListUpdater`.
final class MessageFeedScreen: UICollectionViewDataSource {
    let collectionView = UICollectionView()
    let updater: ListUpdater<[Message]>

    init() {
        updater = ListUpdater(initial: [], target: CollectionViewBatchTarget(collectionView))
        collectionView.dataSource = self
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        updater.data.count
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell()
    }
}

/// Apple's diffable data sources, renamed, with whole models in the snapshot (README).
final class MessageDiffableScreen {
    let collectionView = UICollectionView()
    let dataSource: CollectionViewDiffableDataSource<Mailbox, Message>

    init() {
        dataSource = CollectionViewDiffableDataSource<Mailbox, Message>(
            collectionView: collectionView, identifiedBy: \.id
        ) { collectionView, indexPath, message in
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    }

    func show(_ messages: [Message]) {
        var snapshot = DiffableDataSourceSnapshot<Mailbox, Message>()
        snapshot.appendSections([Mailbox(name: "Inbox")])
        snapshot.appendItems(messages, toSection: Mailbox(name: "Inbox"))
        dataSource.apply(snapshot)
    }
}
