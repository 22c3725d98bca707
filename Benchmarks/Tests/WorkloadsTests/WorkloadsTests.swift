import Testing
import Workloads

@Suite struct WorkloadsTests {
    @Test func flatTargetsMatchThePublishedChecksums() {
        let w5k = FlatWorkload.w5k
        #expect(Array(w5k.target.prefix(10)) == [0, 1, 2, 5747, 3, 4, 5376, 5, 8, 10])
        #expect(Checksum.of(w5k.target) == Checksum.published["W5k"])
        #expect(Checksum.of(FlatWorkload.w100k().target) == Checksum.published["W100k"])
        #expect(Checksum.of(FlatWorkload.w1m().target) == Checksum.published["W1M"])
        #expect(Checksum.of(FlatWorkload.w10m().target) == Checksum.published["W10M"])
    }

    @Test func sectionedTargetMatchesThePublishedChecksum() {
        let workload = SectionedWorkload.wsect()
        #expect(Checksum.of(workload.target) == Checksum.published["Wsect"])
        #expect(workload.target.count == 1_000)
        let itemCount = workload.target.reduce(0) { $0 + $1.items.count }
        // 100k items, less 20 deleted sections and 10k deleted items, plus 10k items and 20 new sections.
        #expect(itemCount == 100_000)
    }
}
