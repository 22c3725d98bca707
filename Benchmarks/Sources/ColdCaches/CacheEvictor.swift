import Foundation

/// Evicts the processor's caches before a cold timed run, as the work of a frame does before an
/// app's diff: it writes one byte of every cache line of a buffer several times the size of the
/// last-level cache, so that the diff's code, inputs and workspace must come from memory again.
public final class CacheEvictor {
    /// The smallest buffer evicted, whatever the machine says of its caches.
    public static let minimumLength = 64 << 20

    /// The stride of the writes: the cache line of every processor the benchmark runs on.
    static let lineLength = 64

    /// The buffer's length in bytes.
    public let length: Int

    /// The last-level cache's length the buffer was sized from, if the machine reported it.
    public let lastLevelCacheLength: Int?

    /// Whether the length was asked for rather than chosen from the last-level cache.
    private let isAskedFor: Bool

    private let buffer: UnsafeMutablePointer<UInt8>

    /// A buffer of `length` bytes, or by default of ``bufferLength(lastLevelCacheLength:)`` for
    /// this machine's last-level cache.
    public init(length: Int? = nil) {
        lastLevelCacheLength = Self.lastLevelCacheLength()
        self.length = length ?? Self.bufferLength(lastLevelCacheLength: lastLevelCacheLength)
        isAskedFor = length != nil
        precondition(self.length > 0, "an eviction buffer needs at least one byte")
        buffer = .allocate(capacity: self.length)
        buffer.initialize(repeating: 0, count: self.length)
    }

    deinit { buffer.deallocate() }

    /// Writes one byte of each cache line of the buffer.
    public func evict() {
        for offset in stride(from: 0, to: length, by: Self.lineLength) { buffer[offset] &+= 1 }
    }

    /// The buffer's size and why, for the benchmark's report.
    public var description: String {
        Self.describe(length: length, lastLevelCacheLength: lastLevelCacheLength, isAskedFor: isAskedFor)
    }

    static func describe(length: Int, lastLevelCacheLength: Int?, isAskedFor: Bool) -> String {
        let cache = lastLevelCacheLength.map { "the last-level cache, \(megabytes($0)) MB" } ?? "no last-level cache reported"
        let reason = isAskedFor ? "as asked; " : length == minimumLength ? "the minimum; " : "4 × "
        return "\(megabytes(length)) MB (\(reason)\(cache))"
    }

    /// At least ``minimumLength`` and four times the last-level cache: enough for any
    /// replacement policy to have pushed out every earlier line.
    public static func bufferLength(lastLevelCacheLength: Int?) -> Int {
        max(minimumLength, 4 * (lastLevelCacheLength ?? 0))
    }

    /// The highest-level cache that the first processor's core sees: on Linux from `folder`
    /// (each `index*` there has a `level` and a `size`), which gives the
    /// cache a core shares (an AMD core complex's, where `sysconf` sums a whole package's);
    /// on Darwin from `sysctl`.
    public static func lastLevelCacheLength(folder: String = "/sys/devices/system/cpu/cpu0/cache") -> Int? {
        #if canImport(Darwin)
            for name in ["hw.l3cachesize", "hw.l2cachesize"] {
                var value: Int64 = 0
                var size = MemoryLayout<Int64>.size
                if sysctlbyname(name, &value, &size, nil, 0) == 0, value > 0 { return Int(value) }
            }
            return nil
        #else
            var best: (level: Int, length: Int)?
            for index in 0..<16 {
                let entry = "\(folder)/index\(index)/"
                guard let level = read(entry + "level").flatMap({ Int($0) }),
                    let length = read(entry + "size").flatMap(parseLength)
                else { continue }
                if level > best?.level ?? 0 { best = (level, length) }
            }
            return best?.length
        #endif
    }

    /// A length as the kernel writes a cache's size: bytes, or a number and `K`, `M` or `G`.
    static func parseLength(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        guard let last = text.last else { return nil }
        let unit = units[last]
        guard let number = Int(unit == nil ? text : String(text.dropLast())), number > 0 else { return nil }
        let (length, overflow) = number.multipliedReportingOverflow(by: unit ?? 1)
        return overflow ? nil : length
    }

    private static func megabytes(_ length: Int) -> Int { length >> 20 }

    /// A small text file's contents without surrounding white space, or nil if it cannot be read.
    private static func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
