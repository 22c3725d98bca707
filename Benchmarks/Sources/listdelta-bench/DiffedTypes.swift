import ListDelta

// The plain identities the benchmark diffs, declared as an app would (ListDelta ships none,
// so the conformances are retroactive on purpose).
// swift-format-ignore: AvoidRetroactiveConformances
extension Int: @retroactive ContentIdentifiable, @retroactive ContentEquatable {}
// swift-format-ignore: AvoidRetroactiveConformances
extension String: @retroactive ContentIdentifiable, @retroactive ContentEquatable {}
