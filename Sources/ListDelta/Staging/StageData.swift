import Foundation

/// The data a stage shows, as the core lays it out (`ld_stage_t`): each section's model, named
/// by its place in the source or the target, and each section's elements, gathered when the
/// stage is reached. A section the core finds whole in a list already (a section of the source
/// or the target, or a section of the stage before: `ld_section_origin_t`) shares that array
/// instead of gathering a new one.
@usableFromInline
struct StageData<Element> {
    /// Each section's model: a source section, or ~ a target section.
    @usableFromInline let models: UnsafeBufferPointer<Int32>
    /// The elements of a stage of one section (most of them: every flat list's).
    @usableFromInline var onlySection: [Element] = []
    /// The elements of each section of a stage of several.
    @usableFromInline var sections: [[Element]] = []

    /// The data of `stage` (not the target): sections named by their origin are shared from
    /// `previous` (the data of the present stage before) or `sideSection`, which gives a whole
    /// section of the source (`true`) or the target (`false`); the others are gathered from
    /// `source` and `target`, all sections' elements one after another.
    ///
    /// - Throws: `CancellationError` once `cancellation` is cancelled.
    @inlinable
    init(
        _ stage: CoreStage, previous: StageData?, source: UnsafeBufferPointer<Element>,
        target: UnsafeBufferPointer<Element>, sideSection: (_ inSource: Bool, _ section: Int) -> [Element],
        cancellation: CoreCancellation?
    ) throws {
        models = stage.dataSectionModels
        let starts = stage.dataSectionStarts, references = stage.dataElements
        func elements(ofSection k: Int) throws -> [Element] {
            let laidOut = Int(starts[k])..<Int(starts[k + 1])
            let shared: [Element]? =
                switch stage.dataSectionOrigin(k) {
                case .sourceSection(let s): sideSection(true, s)
                case .targetSection(let t): sideSection(false, t)
                case .previousData(let previousSection): previous?.elements(ofSection: previousSection)
                case .gathered: nil
                }
            if let shared { return shared }
            try checkCancellation(cancellation)
            return try gather(
                UnsafeBufferPointer(rebasing: references[laidOut]), from: source, target,
                cancellation: cancellation)
        }
        if models.count == 1 {
            onlySection = try elements(ofSection: 0)
            return
        }
        guard !models.isEmpty else { return }
        sections.reserveCapacity(models.count)
        _ = try forEachPolling(models.count, cancellation) { k in
            sections.append(try elements(ofSection: k))
            return true
        }
    }

    /// The number of sections the data shows.
    @inlinable var sectionCount: Int { models.count }

    /// The elements of section `k`, in order.
    @inlinable
    func elements(ofSection k: Int) -> [Element] { models.count == 1 ? onlySection : sections[k] }

    /// The model of section `k`, from `sourceModels` or `targetModels`.
    @inlinable
    func model<Model>(ofSection k: Int, sourceModels: [Model], targetModels: [Model]) -> Model {
        let model = Int(models[k])
        return model >= 0 ? sourceModels[model] : targetModels[~model]
    }
}

/// A new array of the elements `references` names (each a flat index into `source`, or ~ one
/// into `target`), allocated once at its size: a short one (see ``shortArrayLimit``) gathered on
/// the stack and appended in one copy, a longer one written straight into the reserved array in
/// stretches, polling before each.
///
/// - Throws: `CancellationError` once `cancellation` is cancelled.
@inlinable
func gather<Element>(
    _ references: UnsafeBufferPointer<Int32>, from source: UnsafeBufferPointer<Element>,
    _ target: UnsafeBufferPointer<Element>, cancellation: CoreCancellation?
) throws -> [Element] {
    guard !references.isEmpty else { return [] }
    var elements: [Element] = []
    elements.reserveCapacity(references.count)
    guard references.count > shortArrayLimit else {
        withUnsafeTemporaryAllocation(of: Element.self, capacity: references.count) { room in
            for (index, reference) in references.enumerated() {
                (room.baseAddress! + index).initialize(
                    to: reference >= 0 ? source[Int(reference)] : target[Int(~reference)])
            }
            defer { room.baseAddress!.deinitialize(count: references.count) }
            elements.append(contentsOf: UnsafeBufferPointer(room))
        }
        return elements
    }
    _ = try forEachStretch(references.indices, cancellation) { stretch in
        elements.append(
            contentsOf: Gathered(references: UnsafeBufferPointer(rebasing: references[stretch]), source: source, target: target))
        return true
    }
    return elements
}

/// The elements `references` names, in order, as a sequence that `append(contentsOf:)` writes
/// straight into an array's reserved storage.
@usableFromInline
struct Gathered<Element>: Sequence {
    @usableFromInline let references: UnsafeBufferPointer<Int32>
    @usableFromInline let source: UnsafeBufferPointer<Element>
    @usableFromInline let target: UnsafeBufferPointer<Element>

    @inlinable
    init(references: UnsafeBufferPointer<Int32>, source: UnsafeBufferPointer<Element>, target: UnsafeBufferPointer<Element>) {
        self.references = references
        self.source = source
        self.target = target
    }

    @inlinable var underestimatedCount: Int { references.count }

    @inlinable
    func makeIterator() -> Iterator { Iterator(gathered: self) }

    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline let gathered: Gathered
        @usableFromInline var position = 0

        @inlinable init(gathered: Gathered) { self.gathered = gathered }

        @inlinable
        mutating func next() -> Element? {
            guard position < gathered.references.count else { return nil }
            let reference = gathered.references[position]
            position += 1
            return reference >= 0 ? gathered.source[Int(reference)] : gathered.target[Int(~reference)]
        }
    }
}
