import ListDelta

// The plain identities the benchmark diffs, declared as an app would (ListDelta ships none).
extension Int: @retroactive ContentIdentifiable, @retroactive ContentEquatable {}
extension String: @retroactive ContentIdentifiable, @retroactive ContentEquatable {}
