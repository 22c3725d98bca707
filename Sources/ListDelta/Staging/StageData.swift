import Foundation

/// The data a stage shows, as the core lays it out (`ld_stage_t`): each section's model and
/// elements, named by their place in the source or the target, gathered on request.
///
/// A section whose elements are exactly those of one section of the source or the target, or
/// of the same model's section in the stage before, shares that array instead of gathering a
/// new one.
@usableFromInline
struct StageData<Model: Differentiable, Element: Differentiable> {
    @usableFromInline let lists: FlattenedLists<Model, Element>
    @usableFromInline let cancellation: CoreCancellation?
    /// The stage before, whose gathered sections this one may share.
    @usableFromInline let previous: Gathered?
    /// This stage's layout and the sections gathered so far.
    @usableFromInline let gathered: Gathered

    /// A stage's layout, and the element arrays gathered for its sections.
    @usableFromInline
    final class Gathered {
        @usableFromInline let models: UnsafeBufferPointer<Int32>
        @usableFromInline let starts: UnsafeBufferPointer<Int32>
        @usableFromInline let references: UnsafeBufferPointer<Int32>
        @usableFromInline var elements: [[Element]?]
        /// For each source section, the section of this stage that shows its model, or -1;
        /// built when a later stage first asks.
        @usableFromInline var sectionOfSourceModel: [Int32] = []

        @inlinable
        init(_ stage: CoreStage) {
            models = stage.dataSectionModels
            starts = stage.dataSectionStarts
            references = stage.dataElements
            elements = Array(repeating: nil, count: models.count)
        }

        /// The references of section `k`.
        @inlinable
        func references(ofSection k: Int) -> UnsafeBufferPointer<Int32> {
            UnsafeBufferPointer(rebasing: references[Int(starts[k])..<Int(starts[k + 1])])
        }

        /// The elements gathered for the section showing source model `model`, if they were
        /// gathered and are exactly those `references` names.
        @inlinable
        func elements(ofSourceModel model: Int, sourceModelCount: Int, equalTo references: UnsafeBufferPointer<Int32>)
            -> [Element]?
        {
            if sectionOfSourceModel.isEmpty {
                sectionOfSourceModel = [Int32](repeating: -1, count: sourceModelCount)
                for (k, model) in models.enumerated() where model >= 0 { sectionOfSourceModel[Int(model)] = Int32(k) }
            }
            let k = Int(sectionOfSourceModel[model])
            guard k >= 0, let elements = elements[k] else { return nil }
            let mine = self.references(ofSection: k)
            guard mine.count == references.count,
                mine.isEmpty || memcmp(mine.baseAddress!, references.baseAddress!, mine.count * 4) == 0
            else { return nil }
            return elements
        }
    }

    @inlinable
    init(_ stage: CoreStage, lists: FlattenedLists<Model, Element>, previous: StageData?, cancellation: CoreCancellation?) {
        self.lists = lists
        self.cancellation = cancellation
        self.previous = previous?.gathered
        gathered = Gathered(stage)
    }

    /// The number of sections the data shows.
    @inlinable var sectionCount: Int { gathered.models.count }

    /// The model of section `k`.
    @inlinable
    func model(ofSection k: Int) -> Model {
        let model = Int(gathered.models[k])
        return model >= 0 ? lists.sourceModels[model] : lists.targetModels[~model]
    }

    /// The elements of section `k`, in order.
    ///
    /// - Throws: `CancellationError` once `cancellation` is cancelled.
    @inlinable
    func elements(ofSection k: Int) throws -> [Element] {
        if let elements = gathered.elements[k] { return elements }
        try checkCancellation(cancellation)
        let references = gathered.references(ofSection: k)
        let elements: [Element]
        if let existing = shared(references, model: Int(gathered.models[k])) {
            elements = existing
        } else {
            elements = try gather(references)
        }
        gathered.elements[k] = elements
        return elements
    }

    /// An existing array holding exactly the elements `references` names, if there is one: the
    /// previous stage's section of the same source model, or a whole section of either side.
    @inlinable
    func shared(_ references: UnsafeBufferPointer<Int32>, model: Int) -> [Element]? {
        if model >= 0, let previous,
            let elements = previous.elements(
                ofSourceModel: model, sourceModelCount: lists.sourceModels.count, equalTo: references)
        {
            return elements
        }
        guard let first = references.first else { return [] }
        let inSource = first >= 0, start = inSource ? Int(first) : Int(~first)
        let section = inSource ? lists.sourceSection(startingAt: start) : lists.targetSection(startingAt: start)
        guard let section else { return nil }
        let elements = inSource ? lists.sourceSectionElements[section] : lists.targetSectionElements[section]
        guard elements.count == references.count else { return nil }
        for (offset, reference) in references.enumerated()
        where reference != (inSource ? Int32(start + offset) : ~Int32(start + offset)) {
            return nil
        }
        return elements
    }

    /// A new array of the elements `references` names.
    @inlinable
    func gather(_ references: UnsafeBufferPointer<Int32>) throws -> [Element] {
        try lists.sourceElements.withUnsafeBufferPointer { source in
            try lists.targetElements.withUnsafeBufferPointer { target in
                try exactArray(count: references.count) { buffer, initialized in
                    for reference in references {
                        try checkCancellation(cancellation, at: initialized)
                        let element = reference >= 0 ? source[Int(reference)] : target[Int(~reference)]
                        (buffer.baseAddress! + initialized).initialize(to: element)
                        initialized += 1
                    }
                }
            }
        }
    }
}
