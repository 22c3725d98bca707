extension CollectionDifference where ChangeElement: Hashable {
    /// The difference that turns `source` into `target`: what `target.difference(from: source)`
    /// gives, computed by ListDelta's core.
    ///
    /// ```swift
    /// let difference = CollectionDifference(source: oldItems, target: newItems)
    /// let items = oldItems.applying(difference)  // newItems
    /// let moves = difference.inferringMoves()
    /// ```
    ///
    /// As with the standard library's, as few elements as possible are removed and inserted:
    /// the elements kept are a longest common subsequence of the two lists under `==`,
    /// duplicates included, so the difference holds exactly as many removals and insertions as
    /// `target.difference(from: source)` (where several subsequences are as long, the one kept
    /// may differ). Removals carry their offsets in `source` and insertions theirs in `target`,
    /// and no change is associated with another until `inferringMoves()` pairs them.
    ///
    /// Elements are matched by 64-bit identities of their values (integers are their own,
    /// strings, UUIDs and data are hashed by the core, any other type uses its `hashValue`),
    /// and every match of hashed values is checked with `==`: after a collision the diff runs
    /// again on identities numbered by hash and `==`, as a `Dictionary` would number them, so a
    /// poor or even constant `hashValue` costs time, never exactness (see <doc:Hashing>).
    ///
    /// Never fails, as the standard library's never does: where ListDelta's core cannot run (a
    /// list over ``ListDeltaError/maximumCount`` elements, or no memory for the diff) or the
    /// elements' `==` is seen to break its laws, the result is `target.difference(from: source)`
    /// itself. It cannot be cancelled; diff in a task of its own to keep a thread responsive.
    ///
    /// - Parameters:
    ///   - source: The collection before the change.
    ///   - target: The collection after it.
    /// - Complexity: O(*n* + *m*) expected, plus O(*k* log *k*) for the *k* elements kept,
    ///   when no element found in both collections repeats in either (outside their common
    ///   prefix and suffix), where *n* and *m* are the counts of `source` and `target`;
    ///   otherwise O((*n* + *m*) · *D*) for *D* removals plus insertions (the standard
    ///   library's is O(*n* · *m*) in the worst case). O(*n* + *m*) space. Hashes that collide
    ///   add the comparisons a `Dictionary` of the elements would make. The standard library's
    ///   `CollectionDifference(_:)`, which builds the result, adds O(*c* log *c*) for its *c*
    ///   changes.
    @inlinable
    public init<Source: Collection, Target: Collection>(source: Source, target: Target)
    where Source.Element == ChangeElement, Target.Element == ChangeElement {
        // An array passed in is shared, not copied.
        let source = Array(source), target = Array(target)
        do {
            self = try retryingCollisions { scheme in
                try Self.longestCommonSubsequence(source, target, scheme: scheme)
            } replacingAll: {
                target.difference(from: source)
            }
        } catch {
            self = target.difference(from: source)
        }
    }

    /// The difference that keeps the core's longest common subsequence of `source` and
    /// `target` on identities under `scheme`; nil when it matched two elements that are not
    /// `==` (a collision, or an `==` that changed its answer).
    ///
    /// - Throws: as ``withCoreSubsequence(in:elementCounts:identities:_:)`` and
    ///   ``writeIdentities(_:into:_:into:reading:scheme:alongside:cancellation:)``.
    @inlinable
    static func longestCommonSubsequence(
        _ source: [ChangeElement], _ target: [ChangeElement], scheme: IdentityScheme
    ) throws -> CollectionDifference? {
        try WorkspacePool.shared.withWorkspace { workspace in
            try source.withUnsafeBufferPointer { source in
                try target.withUnsafeBufferPointer { target in
                    try withCoreSubsequence(
                        in: workspace, elementCounts: (source.count, target.count),
                        identities: { sourceRoom, targetRoom, prepareWorkspace in
                            try writeIdentities(
                                source, into: sourceRoom, target, into: targetRoom,
                                reading: ElementsAsIdentifiers.self, scheme: scheme, alongside: prepareWorkspace,
                                cancellation: nil)
                        }
                    ) { subsequence in
                        if matchesNeedChecking(ElementsAsIdentifiers<ChangeElement>.self) {
                            for (i, j) in subsequence.sourceToTarget.enumerated() where j >= 0 {
                                if source[i] != target[Int(j)] { return nil }
                            }
                        }
                        var changes: [Change] = []
                        changes.reserveCapacity(subsequence.deleted.count + subsequence.inserted.count)
                        for i in subsequence.deleted {
                            changes.append(.remove(offset: Int(i), element: source[Int(i)], associatedWith: nil))
                        }
                        for j in subsequence.inserted {
                            changes.append(.insert(offset: Int(j), element: target[Int(j)], associatedWith: nil))
                        }
                        guard let difference = CollectionDifference(changes) else {
                            preconditionFailure("ListDelta built an invalid CollectionDifference; please report the lists")
                        }
                        return difference
                    }
                }
            }
        }
    }
}
