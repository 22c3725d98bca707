import CListDelta
import Testing

/// The guard both bindings run before a batch (`ld_count_mismatch`): the section count first,
/// exact or at least, then each listed section's element count, stopping at the first that
/// differs.
@Suite struct CountGuardTests {
    /// A view showing `sections` sections of `elements[section]` elements, which records what it
    /// was asked.
    private final class View {
        let sections: Int64, elements: [Int64]
        var asked: [Int64] = []

        init(sections: Int64, elements: [Int64]) { (self.sections, self.elements) = (sections, elements) }

        func mismatch(_ sectionCount: Int64, atLeast: Bool, sections: [Int64]?, counts: [Int64]) -> ld_count_mismatch_t? {
            var found = ld_count_mismatch_t()
            let shown: @convention(c) (UnsafeMutableRawPointer?, Int64) -> Int64 = { context, section in
                let view = Unmanaged<View>.fromOpaque(context!).takeUnretainedValue()
                view.asked.append(section)
                return section < 0 ? view.sections : view.elements[Int(section)]
            }
            let context = Unmanaged.passUnretained(self).toOpaque()
            let mismatched =
                if let sections {
                    ld_count_mismatch(sectionCount, atLeast, sections, counts, counts.count, shown, context, &found)
                } else {
                    ld_count_mismatch(sectionCount, atLeast, nil, counts, counts.count, shown, context, &found)
                }
            return mismatched ? found : nil
        }
    }

    @Test func everySectionInOrderThenTheFirstDifference() {
        let view = View(sections: 3, elements: [2, 5, 7])
        #expect(view.mismatch(3, atLeast: false, sections: nil, counts: [2, 5, 7]) == nil)
        #expect(view.asked == [-1, 0, 1, 2])
        let found = view.mismatch(3, atLeast: false, sections: nil, counts: [2, 4, 9])
        #expect(found.map { [$0.section, $0.expected, $0.actual] } == [1, 4, 5], "the first that differs")
    }

    @Test func aWrongSectionCountStopsBeforeAnyElementCount() {
        let view = View(sections: 2, elements: [1, 1])
        let found = view.mismatch(3, atLeast: false, sections: nil, counts: [1, 1, 1])
        #expect(found.map { [$0.section, $0.expected, $0.actual] } == [-1, 3, 2] && view.asked == [-1])
        #expect(view.mismatch(1, atLeast: false, sections: nil, counts: [1]) != nil, "more sections than expected")
    }

    @Test func aFlatListsSectionMustExistAndOnlyItIsCompared() {
        let view = View(sections: 4, elements: [0, 0, 6, 0])
        #expect(view.mismatch(3, atLeast: true, sections: [2], counts: [6]) == nil)
        #expect(view.asked == [-1, 2])
        let found = View(sections: 2, elements: [0, 0]).mismatch(3, atLeast: true, sections: [2], counts: [6])
        #expect(found.map { [$0.section, $0.expected, $0.actual] } == [-1, 3, 2])
    }

    @Test func aNegativeSectionCountIsNotChecked() {
        let view = View(sections: 9, elements: [3])
        #expect(view.mismatch(-1, atLeast: false, sections: [0], counts: [3]) == nil)
    }
}
