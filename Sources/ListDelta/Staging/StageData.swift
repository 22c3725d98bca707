import Foundation

/// The data a stage shows, as the core lays it out (`ld_stage_t`): each section's model and
/// elements, named by their place in the source or the target of the lists diffed (which each
/// method takes: held here, they would be retained at every copy), gathered on request.
///
/// A section the core finds whole in a list already (a section of the source or the target, or
/// a section of the stage before: `ld_section_origin_t`) shares that array instead of gathering
/// a new one.
@usableFromInline
struct StageData<Model: Differentiable, Element: Differentiable> {
    @usableFromInline let cancellation: CoreCancellation?
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
        /// The stage whose data this is.
        @usableFromInline let stage: CoreStage

        @inlinable
        init(_ stage: CoreStage) {
            self.stage = stage
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
    }

    @inlinable
    init(_ stage: CoreStage, previous: Gathered?, cancellation: CoreCancellation?) {
        self.cancellation = cancellation
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
        let elements = try shared(ofSection: k, in: lists) ?? gather(gathered.references(ofSection: k), from: lists)
        gathered.keep(elements, ofSection: k)
        return elements
    }

    /// The array that holds exactly the elements of section `k`, if the core names one.
    @inlinable
    func shared(ofSection k: Int, in lists: FlattenedLists<Model, Element>) -> [Element]? {
        switch gathered.stage.dataSectionOrigin(k) {
        case .gathered: nil
        case .sourceSection(let s): lists.sourceElements(ofSection: s)
        case .targetSection(let t): lists.targetElements(ofSection: t)
        case .previousData(let previousSection): previous?.elements(ofSection: previousSection)
        }
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
