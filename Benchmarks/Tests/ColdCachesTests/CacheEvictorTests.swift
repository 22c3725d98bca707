import Foundation
import Testing

@testable import ColdCaches

@Suite struct CacheEvictorTests {
    @Test func theBufferIsFourLastLevelCachesAndAtLeast64Megabytes() {
        #expect(CacheEvictor.bufferLength(lastLevelCacheLength: nil) == 64 << 20)
        #expect(CacheEvictor.bufferLength(lastLevelCacheLength: 8 << 20) == 64 << 20)
        #expect(CacheEvictor.bufferLength(lastLevelCacheLength: 16 << 20) == 64 << 20)
        #expect(CacheEvictor.bufferLength(lastLevelCacheLength: 32 << 20) == 128 << 20)
    }

    @Test func cacheSizesParseAsTheKernelWritesThem() {
        #expect(CacheEvictor.parseLength("32K") == 32 << 10)
        #expect(CacheEvictor.parseLength("32768K") == 32 << 20)
        #expect(CacheEvictor.parseLength("2M") == 2 << 20)
        #expect(CacheEvictor.parseLength("1G") == 1 << 30)
        #expect(CacheEvictor.parseLength("4096") == 4_096)
        for bad in ["", "K", "-1K", "0K", "12Q", "9999999999G"] { #expect(CacheEvictor.parseLength(bad) == nil) }
    }

    @Test func theLastLevelCacheIsTheHighestLevel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let caches = [(1, "Data", "32K"), (3, "Unified", "32768K"), (2, "Unified", "512K"), (1, "Instruction", "32K")]
        for (index, (level, type, size)) in caches.enumerated() {
            let entry = folder.appendingPathComponent("index\(index)")
            try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: true)
            for (name, value) in [("level", "\(level)"), ("type", type), ("size", size)] {
                try Data("\(value)\n".utf8).write(to: entry.appendingPathComponent(name))
            }
        }
        #if !canImport(Darwin)
            #expect(CacheEvictor.lastLevelCacheLength(folder: folder.path) == 32 << 20)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("index1"))
            #expect(CacheEvictor.lastLevelCacheLength(folder: folder.path) == 512 << 10)
            #expect(CacheEvictor.lastLevelCacheLength(folder: folder.appendingPathComponent("none").path) == nil)
        #endif
    }

    @Test func theReportSaysWhyTheBufferHasItsSize() {
        let megabyte = 1 << 20
        #expect(
            CacheEvictor.describe(length: 128 * megabyte, lastLevelCacheLength: 32 * megabyte, isAskedFor: false)
                == "128 MB (4 × the last-level cache, 32 MB)")
        #expect(
            CacheEvictor.describe(length: 64 * megabyte, lastLevelCacheLength: 8 * megabyte, isAskedFor: false)
                == "64 MB (the minimum; the last-level cache, 8 MB)")
        #expect(
            CacheEvictor.describe(length: 64 * megabyte, lastLevelCacheLength: nil, isAskedFor: false)
                == "64 MB (the minimum; no last-level cache reported)")
        #expect(
            CacheEvictor.describe(length: 16 * megabyte, lastLevelCacheLength: 32 * megabyte, isAskedFor: true)
                == "16 MB (as asked; the last-level cache, 32 MB)")
    }

    @Test func anEvictorReportsItsLengthAndWhy() {
        let evictor = CacheEvictor(length: 1 << 20)
        evictor.evict()
        #expect(evictor.length == 1 << 20)
        #expect(evictor.description.hasPrefix("1 MB (as asked; "))
        #expect(CacheEvictor().length == CacheEvictor.bufferLength(lastLevelCacheLength: CacheEvictor.lastLevelCacheLength()))
    }
}
