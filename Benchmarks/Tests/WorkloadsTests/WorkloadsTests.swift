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

    @Test func screenSizedWorkloadsMatchThePublishedChecksums() {
        #expect(Array(FlatWorkload.w100.target.prefix(10)) == [0, 1, 2, 3, 4, 5, 6, 108, 9, 106])
        #expect(Checksum.of(FlatWorkload.w100.target) == Checksum.published["W100"])
        #expect(Checksum.of(FlatWorkload.w1k.target) == Checksum.published["W1k"])
        let screen = SectionedWorkload.wscreen
        #expect(Checksum.of(screen.source) == Checksum.published["Wscreen source"])
        #expect(Checksum.of(screen.target) == Checksum.published["Wscreen"])
        #expect(screen.target.count == 20 && screen.target.reduce(0) { $0 + $1.items.count } == 500)
    }

    @Test func differenceInputsMatchThePublishedChecksums() {
        let shuffled = FlatWorkload.wshuffle10k()
        #expect(Array(shuffled.target.prefix(5)) == [7415, 1599, 2787, 3443, 384])
        #expect(Checksum.of(shuffled.target) == Checksum.published["Wshuffle10k"])
        #expect(shuffled.source == Array(0..<10_000) && shuffled.target.sorted() == shuffled.source)
        #expect(Checksum.of(FlatWorkload.wedit100k().target) == Checksum.published["Wedit100k"])
        let disjoint = FlatWorkload.wdisjoint10k()
        #expect(disjoint.source == Array(0..<10_000) && disjoint.target == Array(10_000..<20_000))
        #expect(Checksum.of(disjoint.target) == Checksum.published["Wdisjoint10k"])
    }

    @Test func sectionedTargetMatchesThePublishedChecksum() {
        let workload = SectionedWorkload.wsect()
        #expect(Checksum.of(workload.target) == Checksum.published["Wsect"])
        #expect(workload.target.count == 1_000)
        let itemCount = workload.target.reduce(0) { $0 + $1.items.count }
        // 100k items, less 20 deleted sections and 10k deleted items, plus 10k items and 20 new sections.
        #expect(itemCount == 100_000)
    }

    @Test func appWorkloadMatchesThePublishedChecksums() {
        #expect(AppWorkload.uuid(0).uuidString == "AFCD1D7B-39A8-20E2-F465-B9A16A9E786E")
        #expect(AppWorkload.uuid(1).uuidString == "C15C0289-EC2D-0A91-67EC-8E65A18DEBBE")
        let workload = AppWorkload.wapp()
        #expect(Checksum.of(workload.source) == Checksum.published["Wapp source"])
        #expect(Checksum.of(workload.target) == Checksum.published["Wapp"])
        let sourceContent = Dictionary(
            workload.source.flatMap(\.items).map { ($0.id, $0.content) }, uniquingKeysWith: { first, _ in first })
        let updates = workload.target.flatMap(\.items).filter { item in
            sourceContent[item.id].map { $0 != item.content } ?? false
        }
        #expect(updates.count == 4_401)
    }
}
