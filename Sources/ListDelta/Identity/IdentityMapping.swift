import Dispatch

/// Writes the identity of each source and target element's identifier, as `Reader` reads it, to
/// `sourceOutput` and `targetOutput`, which hold as many. With `threads` 2, two threads do it at once, each
/// taking half of both lists, so that their shares are equal whatever the lists' sizes, and
/// run `alongside` too: it starts first, and the thread that finishes its work first takes the
/// other half.
///
/// - Throws: `CancellationError` once `cancellation` is cancelled.
@inlinable
func mapIdentities<Reader: IdentifierReader>(
    source: UnsafeBufferPointer<Reader.Element>, into sourceOutput: UnsafeMutableBufferPointer<UInt64>,
    target: UnsafeBufferPointer<Reader.Element>, into targetOutput: UnsafeMutableBufferPointer<UInt64>,
    reading _: Reader.Type, threads: Int, alongside: () -> Void = {}, cancellation: CoreCancellation?
) throws {
    let shares = IdentitySharesToMap<Reader>(
        source: source, sourceOutput: sourceOutput, target: target, targetOutput: targetOutput,
        shareCount: threads, cancellation: cancellation)
    if threads > 1 {
        // The shares only read the lists and write disjoint stretches, and `alongside` touches
        // neither, so running them at once is safe; the cast says so for a closure that
        // captures the lists' generic type.
        withoutActuallyEscaping(alongside) { alongside in
            let work: (Int) -> Void = { iteration in
                if iteration == 0 { alongside() } else { shares.map(share: iteration - 1) }
            }
            DispatchQueue.concurrentPerform(
                iterations: 1 + threads, execute: unsafeBitCast(work, to: (@Sendable (Int) -> Void).self))
        }
    } else {
        shares.map(share: 0)
    }
    // A share stops early only once the token is cancelled, which it then stays.
    try checkCancellation(cancellation)
}

/// What the threads of ``mapIdentities(source:into:target:into:reading:threads:alongside:cancellation:)``
/// share. They only read the lists and write disjoint stretches of the outputs.
@usableFromInline
struct IdentitySharesToMap<Reader: IdentifierReader> {
    @usableFromInline typealias Element = Reader.Element

    @usableFromInline let source: UnsafeBufferPointer<Element>
    @usableFromInline let sourceOutput: UnsafeMutableBufferPointer<UInt64>
    @usableFromInline let target: UnsafeBufferPointer<Element>
    @usableFromInline let targetOutput: UnsafeMutableBufferPointer<UInt64>
    @usableFromInline let shareCount: Int
    @usableFromInline let cancellation: CoreCancellation?

    @inlinable
    init(
        source: UnsafeBufferPointer<Element>, sourceOutput: UnsafeMutableBufferPointer<UInt64>,
        target: UnsafeBufferPointer<Element>,
        targetOutput: UnsafeMutableBufferPointer<UInt64>, shareCount: Int, cancellation: CoreCancellation?
    ) {
        self.source = source
        self.sourceOutput = sourceOutput
        self.target = target
        self.targetOutput = targetOutput
        self.shareCount = shareCount
        self.cancellation = cancellation
    }

    /// Maps share `share` of both lists, stopping early, unreported, once cancelled.
    @inlinable
    func map(share: Int) {
        guard map(share: share, of: source, into: sourceOutput) else { return }
        _ = map(share: share, of: target, into: targetOutput)
    }

    /// Maps share `share` of `elements`; false if it stopped for a cancellation.
    @inlinable
    func map(share: Int, of elements: UnsafeBufferPointer<Element>, into output: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        let shareEnd = elements.count * (share + 1) / shareCount
        let readingStringWords = smallStringLayoutIsKnown
        let stretches = try? forEachStretch(elements.count * share / shareCount..<shareEnd, cancellation) { stretch in
            for index in stretch {
                output[index] = identity(of: Reader.identifier(of: elements[index]), readingStringWords: readingStringWords)
            }
            return true
        }
        return stretches != nil
    }
}
