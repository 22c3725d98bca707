import AppKit
import ListDelta
import Testing

@testable import Xcode26App

/// README's diffable example on macOS, in an app target built with Xcode 26's defaults.
@Suite struct Xcode26MacAppTests {
    @Test func aTableViewDiffableDataSourceTakesModelsAsItems() {
        let old = Xcode26AppTests.messages(0..<20), new = Xcode26AppTests.messages([3, 1, 2, 40], edited: [2])
        let mac = MessageMacScreen()
        mac.show(old)
        mac.show(new)
        #expect(mac.tableView.numberOfRows == new.count)
        #expect(mac.dataSource.itemIdentifier(forRow: 0) == new[0])
    }
}
