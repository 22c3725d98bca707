import AppKit
import Foundation
import ListDelta

/// A Mac screen's sections, declared as tutorials declare them: under Xcode 26's default
/// isolation its `Hashable` conformance is isolated to the main actor, which AppKit's data
/// sources (Apple's and ListDelta's) accept.
enum MacSection: Hashable {
    case inbox
}

/// The same on macOS: an NSTableView's diffable data source.
final class MessageMacScreen {
    let tableView = NSTableView()
    let dataSource: AppKitTableViewDiffableDataSource<MacSection, Message>

    init() {
        dataSource = AppKitTableViewDiffableDataSource<MacSection, Message>(tableView: tableView) { _, _, _, _ in
            NSView()
        }
    }

    func show(_ messages: [Message]) {
        var snapshot = DiffableDataSourceSnapshot<MacSection, Message>()
        snapshot.appendSections([.inbox])
        snapshot.appendItems(messages)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
