import Foundation

/// Whether large diffs use a second thread.
///
/// A diff of lists holding together at least ``minimumElementCount`` elements, on a device with
/// more than one core, reads its elements' identifiers on two threads at once, each taking
/// half of both lists; when the diff's memory is new (its first diff, or the first after
/// ``ListDeltaMemory/purge()``), one thread first writes to it, so that the diff does not stop
/// on every new page. Smaller diffs, the numbered fallback after a hash collision, and every
/// step after the identifiers are read run on the calling thread alone.
///
/// Turn it off when reading `differenceIdentifier` from two threads at once is not safe for
/// your elements (an identifier computed into a `lazy var` of a class, say), or to keep a diff
/// to one core. Reading a property of a value type, or a `let` of a class, is safe.
public enum ListDeltaParallelism {
    /// Whether large diffs may use a second thread; `true` by default. Safe to set from any
    /// thread; diffs running meanwhile keep the value they started with.
    public static var isEnabled: Bool {
        get { setting.withLock { $0 } }
        set { setting.withLock { $0 = newValue } }
    }

    /// The fewest elements, source and target together, for which a diff uses a second thread.
    public static let minimumElementCount = 1 << 20

    /// How many threads read the identifiers of a diff of `elementCount` elements.
    @usableFromInline
    static func threads(forElementCount elementCount: Int) -> Int {
        // The count first: a small diff takes no lock.
        guard elementCount >= minimumElementCount else { return 1 }
        return threads(
            forElementCount: elementCount, isEnabled: isEnabled, processorCount: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The rule behind ``threads(forElementCount:)``, given the setting and the core count.
    static func threads(forElementCount elementCount: Int, isEnabled: Bool, processorCount: Int) -> Int {
        elementCount >= minimumElementCount && isEnabled && processorCount > 1 ? 2 : 1
    }

    private static let setting = LockedValue(true)
}
