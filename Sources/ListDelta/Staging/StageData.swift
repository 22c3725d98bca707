import Foundation

/// The data a stage shows, as the core lays it out (`ld_stage_t`): each section's model and
/// elements, named by their place in the source or the target of the lists diffed (which each
/// method takes: held here, they would be retained at every copy), gathered on request.
///
/// A section whose elements are exactly those of one section of the source or the target, or
/// of the same model's section in the stage before, shares that array instead of gathering a
/// new one.
@usableFromInline
struct StageData<Model: Differentiable, Element: Differentiable> {
    @usableFromInline let cancellation: CoreCancellation?
    /// Where each section of the source and of the target starts among its side's elements.
    @usableFromInline let sourceSectionStarts: UnsafeBufferPointer<Int32>
    @usableFromInline let targetSectionStarts: UnsafeBufferPointer<Int32>
    /// The stage before, whose gathered sections this one may share.
    @usableFromInline var previous: Gathered?
    /// This stage's layout and the sections gathered so far.
    @usableFromInline var gathered: Gathered

    /// A stage's layout, and the element arrays gathered for its sections.
    @usableFromInline
    struct Gathered {
        @usableFromInline let models: UnsafeBufferPointer<Int32>
        @usableFromInline let starts: UnsafeBufferPointer<Int32>
        @usableFromInline let references: UnsafeBufferPointer<Int32>
        /// The elements gathered for a stage of one section (most of them: every flat list's).
        @usableFromInline var onlySection: [Element]?
        /// The elements gathered for each section of a stage of several, once one is.
        @usableFromInline var sections: [[Element]?] = []
        /// For each source section, the section of this stage that shows its model, or -1;
        /// built for a stage of several sections when a later stage first asks.
        @usableFromInline var sectionOfSourceModel: [Int32] = []

        @inlinable
        init(_ stage: CoreStage) {
            models = stage.dataSectionModels
            starts = stage.dataSectionStarts
            references = stage.dataElements
        }

        /// The elements gathered for section `k`, if they were.
        @inlinable
        func elements(ofSection k: Int) -> [Element]? {
            if models.count == 1 { return onlySection }
            return sections.isEmpty ? nil : sections[k]
        }

        /// Keeps `elements` as those of section `k`.
        @inlinable
        mutating func keep(_ elements: [Element], ofSection k: Int) {
            if models.count == 1 {
                onlySection = elements
                return
            }
            if sections.isEmpty { sections = repeatedArray(nil, count: models.count) }
            sections[k] = elements
        }

        /// The references of section `k`.
        @inlinable
        func references(ofSection k: Int) -> UnsafeBufferPointer<Int32> {
            UnsafeBufferPointer(rebasing: references[Int(starts[k])..<Int(starts[k + 1])])
        }

        /// The elements gathered for the section showing source model `model`, if they were
        /// gathered and are exactly those `references` names.
        @inlinable
        mutating func elements(
            ofSourceModel model: Int, sourceModelCount: Int, equalTo references: UnsafeBufferPointer<Int32>
        ) -> [Element]? {
            let k: Int
            if models.count == 1 {
                guard models[0] == model else { return nil }
                k = 0
            } else {
                if sectionOfSourceModel.isEmpty {
                    sectionOfSourceModel = repeatedArray(-1, count: sourceModelCount)
                    for (k, model) in models.enumerated() where model >= 0 { sectionOfSourceModel[Int(model)] = Int32(k) }
                }
                k = Int(sectionOfSourceModel[model])
            }
            guard k >= 0, let elements = elements(ofSection: k) else { return nil }
            let mine = self.references(ofSection: k)
            guard mine.count == references.count,
                mine.isEmpty || memcmp(mine.baseAddress!, references.baseAddress!, mine.count * 4) == 0
            else { return nil }
            return elements
        }
    }

    @inlinable
    init(
        _ stage: CoreStage, stages: CoreStages, previous: Gathered?, cancellation: CoreCancellation?
    ) {
        self.cancellation = cancellation
        sourceSectionStarts = stages.sourceSectionStarts
        targetSectionStarts = stages.targetSectionStarts
        self.previous = previous
        gathered = Gathered(stage)
    }

    /// The number of sections the data shows.
    @inlinable var sectionCount: Int { gathered.models.count }

    /// The model of section `k`.
    @inlinable
    func model(ofSection k: Int, in lists: FlattenedLists<Model, Element>) -> Model {
        let model = Int(gathered.models[k])
        return model >= 0 ? lists.sourceModels[model] : lists.targetModels[~model]
    }

    /// The elements of section `k`, in order.
    ///
    /// - Throws: `CancellationError` once `cancellation` is cancelled.
    @inlinable
    mutating func elements(ofSection k: Int, in lists: FlattenedLists<Model, Element>) throws -> [Element] {
        if let elements = gathered.elements(ofSection: k) { return elements }
        try checkCancellation(cancellation)
        let references = gathered.references(ofSection: k)
        let elements: [Element]
        if let existing = shared(references, model: Int(gathered.models[k]), in: lists) {
            elements = existing
        } else {
            elements = try gather(references, from: lists)
        }
        gathered.keep(elements, ofSection: k)
        return elements
    }

    /// An existing array holding exactly the elements `references` names, if there is one: the
    /// previous stage's section of the same source model, or a whole section of either side.
    @inlinable
    mutating func shared(
        _ references: UnsafeBufferPointer<Int32>, model: Int, in lists: FlattenedLists<Model, Element>
    ) -> [Element]? {
        if model >= 0,
            let elements = previous?.elements(
                ofSourceModel: model, sourceModelCount: lists.sourceModels.count, equalTo: references)
        {
            return elements
        }
        guard let first = references.first, let last = references.last else { return [] }
        // A whole section: the run of `references.count` elements from `start` on one side
        // (~ each for the target: the complement is an XOR with all ones).
        let inSource = first >= 0, start = inSource ? first : ~first, complement: Int32 = inSource ? 0 : -1
        let starts = inSource ? sourceSectionStarts : targetSectionStarts
        guard let section = Self.section(startingAt: start, in: starts),
            Int(starts[section + 1] - starts[section]) == references.count,
            last == (start + Int32(references.count - 1)) ^ complement
        else { return nil }
        for offset in 0..<references.count where references[offset] != (start + Int32(offset)) ^ complement {
            return nil
        }
        return inSource ? lists.sourceElements(ofSection: section) : lists.targetElements(ofSection: section)
    }

    /// The non-empty section whose elements start at `start` among those `starts` delimits.
    @inlinable
    static func section(startingAt start: Int32, in starts: UnsafeBufferPointer<Int32>) -> Int? {
        // The last section starting at `start`: those before it starting there are empty.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        let section = low - 1
        guard section >= 0, section < starts.count - 1, starts[section] == start else { return nil }
        return section
    }

    /// A new array of the elements `references` names: a short one (see ``shortArrayLimit``)
    /// gathered on the stack and appended to a reserved array in one copy, a long one written
    /// in place.
    @inlinable
    func gather(_ references: UnsafeBufferPointer<Int32>, from lists: FlattenedLists<Model, Element>) throws -> [Element] {
        guard !references.isEmpty else { return [] }
        return try lists.sourceElements.withUnsafeBufferPointer { source in
            try lists.targetElements.withUnsafeBufferPointer { target in
                guard references.count > shortArrayLimit else {
                    return withUnsafeTemporaryAllocation(of: Element.self, capacity: references.count) { room in
                        for (index, reference) in references.enumerated() {
                            (room.baseAddress! + index).initialize(
                                to: reference >= 0 ? source[Int(reference)] : target[Int(~reference)])
                        }
                        defer { room.baseAddress!.deinitialize(count: references.count) }
                        var elements: [Element] = []
                        elements.reserveCapacity(references.count)
                        elements.append(contentsOf: UnsafeBufferPointer(room))
                        return elements
                    }
                }
                return try [Element](unsafeUninitializedCapacity: references.count) { buffer, initialized in
                    let output = buffer.baseAddress!
                    for start in stride(from: 0, to: references.count, by: pollInterval) {
                        try checkCancellation(cancellation)
                        let end = min(start + pollInterval, references.count)
                        for index in start..<end {
                            let reference = references[index]
                            (output + index).initialize(to: reference >= 0 ? source[Int(reference)] : target[Int(~reference)])
                        }
                        initialized = end
                    }
                }
            }
        }
    }
}
