import AppKit
import Foundation
import ListDelta

/// The same on macOS: an NSTableView's diffable data source.
final class MessageMacScreen {
    let tableView = NSTableView()
    let dataSource: AppKitTableViewDiffableDataSource<Mailbox, Message>

    init() {
        dataSource = AppKitTableViewDiffableDataSource<Mailbox, Message>(tableView: tableView) { _, _, _, _ in NSView() }
    }

    func show(_ messages: [Message]) {
        var snapshot = DiffableDataSourceSnapshot<Mailbox, Message>()
        snapshot.appendSections([Mailbox(name: "Inbox")])
        snapshot.appendItems(messages)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
