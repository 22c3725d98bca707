/// Reads each matched pair of source positions `range` once (their target elements lie
/// scattered through `target`, so every read is likely a cache miss): appends the path of each
/// whose content changed to `updated` (relative to the range's start, in `section`), checks the
/// identifiers while `checkingMatches`, and, given `survivorCount` (how many of the range are
/// matched), returns the survivors: the matched elements' target versions in source order,
/// which is the range as it stands after the deletes. Without `survivorCount` it returns an
/// empty array; nil when two different identifiers were matched (a hash collision).
@inlinable
func readMatches<Element: Differentiable>(
    _ range: Range<Int>, section: Int, sourceToTarget: UnsafeBufferPointer<Int32>, source: [Element],
    target: [Element], survivorCount: Int?, checkingMatches: Bool, updated: inout [ElementPath],
    cancellation: CoreCancellation?
) throws -> [Element]? {
    /// Reads the pairs, writing each target element to `survivors` if given (counting them in
    /// `kept`); false at the first pair whose identifiers differ.
    func read(into survivors: UnsafeMutableBufferPointer<Element>?, kept: inout Int) throws -> Bool {
        try source.withUnsafeBufferPointer { source in
            try target.withUnsafeBufferPointer { target in
                for start in stride(from: range.lowerBound, to: range.upperBound, by: pollInterval) {
                    try checkCancellation(cancellation)
                    for i in start..<min(start + pollInterval, range.upperBound) {
                        let j = Int(sourceToTarget[i])
                        guard j >= 0 else { continue }
                        if checkingMatches && source[i].differenceIdentifier != target[j].differenceIdentifier { return false }
                        if !target[j].isContentEqual(to: source[i]) {
                            updated.append(ElementPath(element: i - range.lowerBound, section: section))
                        }
                        if let survivors {
                            precondition(kept < survivors.count, "more survivors than the core reported")
                            (survivors.baseAddress! + kept).initialize(to: target[j])
                            kept += 1
                        }
                    }
                }
                return true
            }
        }
    }
    guard let survivorCount else {
        var kept = 0
        return try read(into: nil, kept: &kept) ? [] : nil
    }
    var alike = true
    let survivors: [Element] = try exactArray(count: survivorCount) { buffer, initialized in
        alike = try read(into: buffer, kept: &initialized)
    }
    return alike ? survivors : nil
}
