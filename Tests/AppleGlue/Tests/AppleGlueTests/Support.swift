import ListDelta
import UIKit

// Section models are plain integers, declared Differentiable as an app would.
extension Int: Differentiable {}

/// A row: identified by `id`, with `content` that may change.
struct Row: Differentiable, Hashable, Sendable {
    var id: Int
    var content = 0
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Row) -> Bool { content == source.content }
}

typealias RowSection = ArraySection<Int, Row>

/// SplitMix64: the same seed gives the same lists everywhere.
struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)).multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A list edited as an app's would be: deletes, inserts, moves and content changes.
    mutating func edited(_ rows: [Row], newIDs: inout Int) -> [Row] {
        var result = rows
        for _ in 0..<next(rows.count / 3 + 1) where !result.isEmpty { result.remove(at: next(result.count)) }
        for _ in 0..<next(4) {
            result.insert(Row(id: newIDs), at: next(result.count + 1))
            newIDs += 1
        }
        for _ in 0..<next(rows.count / 4 + 1) where !result.isEmpty {
            let row = result.remove(at: next(result.count))
            result.insert(row, at: next(result.count + 1))
        }
        for index in result.indices where next(6) == 0 { result[index].content += 1 }
        return result
    }

    mutating func editedSections(_ sections: [RowSection], newIDs: inout Int) -> [RowSection] {
        var result = sections.map { RowSection(model: $0.model, elements: edited($0.elements, newIDs: &newIDs)) }
        if !result.isEmpty && next(3) == 0 { result.remove(at: next(result.count)) }
        if next(3) == 0 {
            result.insert(RowSection(model: 1_000 + newIDs, elements: [Row(id: newIDs)]), at: next(result.count + 1))
            newIDs += 1
        }
        if result.count > 1 && next(2) == 0 { result.swapAt(0, result.count - 1) }
        for _ in 0..<next(3) where result.count > 1 {
            let from = next(result.count), to = next(result.count)
            guard !result[from].elements.isEmpty else { continue }
            let row = result[from].elements.remove(at: next(result[from].elements.count))
            result[to].elements.insert(row, at: next(result[to].elements.count + 1))
        }
        return result
    }
}

/// A data source for both views, over sections of rows.
@MainActor
final class ListDataSource: UITableViewDataSource, UICollectionViewDataSource {
    private var stored: [[Row]]
    private let read: (() -> [[Row]])?

    /// A data source holding `sections`.
    init(_ sections: [[Row]]) {
        stored = sections
        read = nil
    }

    /// A data source that reads its sections from `read`, as an app's reads its model.
    init(reading read: @escaping () -> [[Row]]) {
        stored = []
        self.read = read
    }

    var sections: [[Row]] {
        get { read?() ?? stored }
        set { stored = newValue }
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell()
    }
}

/// A view in a window, as UIKit animates only there.
@MainActor
func onScreen<View: UIView>(_ view: View) -> View {
    view.standInMove(toWindow: UIWindow())
    return view
}
