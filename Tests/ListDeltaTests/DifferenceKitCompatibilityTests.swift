import ListDelta
import Testing

// DifferenceKit 1.3's public API, used as its documentation and README use it: code written
// against DifferenceKit must compile and behave the same with only the import changed.

/// Adopts the two protocols in separate extensions, with an identifier of its own choosing.
struct Tag: Equatable, CustomStringConvertible {
    var name: String
    var count = 0
    var description: String { "\(name)#\(count)" }
}

extension Tag: ContentIdentifiable {
    var differenceIdentifier: String { name.lowercased() }
}

extension Tag: ContentEquatable {}

/// Generic code written against the two protocols rather than the `Differentiable` name.
func stagesOf<T: ContentIdentifiable & ContentEquatable>(_ source: [T], _ target: [T]) -> StagedChangeset<[T]> {
    StagedChangeset(source: source, target: target)
}

/// A section type of the user's own, as DifferenceKit's README declares one.
struct Group: DifferentiableSection, Equatable {
    var title: String
    var elements: [Item]

    var differenceIdentifier: String { title }
    func isContentEqual(to source: Group) -> Bool { title == source.title }

    init(title: String, elements: [Item]) {
        self.title = title
        self.elements = elements
    }

    init<C: Swift.Collection>(source: Group, elements: C) where C.Element == Item {
        self.init(title: source.title, elements: Array(elements))
    }
}

@Suite struct DifferenceKitCompatibilityTests {
    @Test func protocolsAdoptedSeparatelyAndGenericCodeReachTheDiff() {
        let source = [Tag(name: "a"), Tag(name: "B")]
        let target = [Tag(name: "b", count: 1), Tag(name: "a")]
        let staged = stagesOf(source, target)
        // The user's identifier (lower-cased names) matches "B" with "b": a move and an update,
        // no delete or insert.
        #expect(staged.allSatisfy { $0.elementDeleted.isEmpty && $0.elementInserted.isEmpty })
        #expect(staged.flatMap(\.elementUpdated) == [ElementPath(element: 1, section: 0)])
        #expect(staged.map(\.elementMoved.count).reduce(0, +) == 1)
        #expect(staged.last?.data == target)
    }

    @Test func hashableAndEquatableDefaults() {
        #expect(5.differenceIdentifier == 5)
        #expect("x".isContentEqual(to: "x") && !"x".isContentEqual(to: "y"))
        let some: Int? = 1
        #expect(some.isContentEqual(to: 1) && !some.isContentEqual(to: nil) && Int?.none.isContentEqual(to: nil))
        #expect([1, 2].isContentEqual(to: [1, 2]) && ![1, 2].isContentEqual(to: [1]) && ![1, 2].isContentEqual(to: [2, 1]))
    }

    @Test func anyDifferentiableErasesAndComparesByType() {
        let item = AnyDifferentiable(Item(id: 1))
        #expect(item.differenceIdentifier == AnyHashable(1))
        #expect((item.base as? Item) == Item(id: 1))
        #expect(item.isContentEqual(to: AnyDifferentiable(Item(id: 1))))
        #expect(!item.isContentEqual(to: AnyDifferentiable(Item(id: 1, content: 2))))
        // Same identifier, another type: matched by identity, never equal in content.
        let header = AnyDifferentiable(Header(id: 1))
        #expect(header.differenceIdentifier == item.differenceIdentifier)
        #expect(!item.isContentEqual(to: header) && !header.isContentEqual(to: item))
        // Wrapping an erased value does not wrap it again.
        let twice = AnyDifferentiable(item)
        #expect(twice.base is Item && twice.differenceIdentifier == AnyHashable(1))
        #expect(String(reflecting: item) == "AnyDifferentiable(\(String(reflecting: Item(id: 1))))")
    }

    @Test func anyDifferentiableRowsOfSeveralTypesDiff() throws {
        let source = [AnyDifferentiable(Header(id: 0)), AnyDifferentiable(Item(id: 1)), AnyDifferentiable("note")]
        let target = [AnyDifferentiable("note"), AnyDifferentiable(Item(id: 1, content: 3)), AnyDifferentiable(Header(id: 9))]
        let staged = StagedChangeset(source: source, target: target)
        #expect(staged.flatMap(\.elementUpdated) == [ElementPath(element: 1, section: 0)])
        #expect(staged.flatMap(\.elementDeleted) == [ElementPath(element: 0, section: 0)])
        #expect(staged.flatMap(\.elementInserted) == [ElementPath(element: 2, section: 0)])
        let replayed = try staged.apply(to: source)
        #expect(replayed.map(\.differenceIdentifier) == target.map(\.differenceIdentifier))
        #expect(zip(replayed, target).allSatisfy { $0.isContentEqual(to: $1) })
    }

    @Test func changesetCountsAndKinds() {
        let path = ElementPath(element: 0, section: 0)
        let sections = Changeset(data: [0], sectionDeleted: [1], sectionMoved: [(source: 0, target: 2)])
        let elements = Changeset(data: [0], elementInserted: [path], elementUpdated: [path])
        #expect(sections.hasSectionChanges && !sections.hasElementChanges && sections.changeCount == 2)
        #expect(!elements.hasSectionChanges && elements.hasElementChanges && elements.elementChangeCount == 2)
        #expect(!Changeset(data: [0]).hasChanges)
    }

    @Test func changesetEqualityIgnoresOrderButNotContent() {
        let a = ElementPath(element: 0, section: 0), b = ElementPath(element: 1, section: 1)
        let one = Changeset(
            data: [1], sectionDeleted: [2, 0, 1], sectionMoved: [(source: 3, target: 0), (source: 1, target: 2)],
            elementDeleted: [b, a], elementMoved: [(source: a, target: b), (source: b, target: a)])
        let other = Changeset(
            data: [1], sectionDeleted: [0, 1, 2], sectionMoved: [(source: 1, target: 2), (source: 3, target: 0)],
            elementDeleted: [a, b], elementMoved: [(source: b, target: a), (source: a, target: b)])
        #expect(one == other)
        #expect(one != Changeset(data: [2], sectionDeleted: [0, 1, 2]))
        #expect(Changeset(data: [1], sectionDeleted: [0, 1]) != Changeset(data: [1], sectionDeleted: [0, 2]))
        #expect(Changeset(data: [1], sectionMoved: [(0, 1)]) != Changeset(data: [1], sectionMoved: [(1, 0)]))
        // DifferenceKit compares each list as a set: an operation named twice is named once.
        #expect(Changeset(data: [1], sectionUpdated: [0, 0]) == Changeset(data: [1], sectionUpdated: [0]))
        // Stages keep their order.
        let deletes = Changeset(data: [1], sectionDeleted: [0]), inserts = Changeset(data: [1], sectionInserted: [0])
        #expect(StagedChangeset([deletes, inserts]) != StagedChangeset([inserts, deletes]))
        #expect(StagedChangeset([one]) == StagedChangeset([other]))
    }

    @Test func flatInitialiserIsAFunctionValue() {
        let diff: ([Int], [Int]) -> StagedChangeset<[Int]> = StagedChangeset.init(source:target:)
        let withSection: ([Int], [Int], Int) -> StagedChangeset<[Int]> = StagedChangeset.init(source:target:section:)
        #expect(diff([1, 2], [2]) == StagedChangeset(source: [1, 2], target: [2], section: 0))
        #expect(withSection([1], [], 3).first?.elementDeleted == [ElementPath(element: 0, section: 3)])
        let sectioned: ([Section], [Section]) -> StagedChangeset<[Section]> = StagedChangeset.init(source:target:)
        #expect(sectioned([], [Section(model: Header(id: 0), elements: [])]).first?.sectionInserted == [0])
    }

    @Test func sectionsKeepTheirSourceModelUntilTheirUpdate() throws {
        let source = [
            Section(model: Header(id: 0), elements: [Item(id: 1), Item(id: 2)]), Section(model: Header(id: 5), elements: []),
        ]
        let target = [
            Section(model: Header(id: 7), elements: []),
            Section(model: Header(id: 0, title: 1), elements: [Item(id: 2), Item(id: 1, content: 1), Item(id: 3)]),
        ]
        let staged = StagedChangeset(source: source, target: target)
        #expect(staged.map(stageKind) == [1, 2, 3, 4, 5])
        for stage in staged.dropLast() {
            let matched = stage.data.first { $0.model.id == 0 }
            #expect(matched?.model == Header(id: 0), "stage \(stage)")
        }
        #expect(staged.last?.sectionUpdated == [1] && staged.last?.data == target)
        // Matched elements show their target version from the first stage on.
        #expect(staged[0].data[0].elements == [Item(id: 1, content: 1), Item(id: 2)])
        #expect(try staged.apply(to: source) == target)
    }

    @Test func userSectionTypesAndArraySection() throws {
        let source = [Group(title: "a", elements: [Item(id: 1)]), Group(title: "b", elements: [Item(id: 2)])]
        let target = [Group(title: "b", elements: [Item(id: 2), Item(id: 1)])]
        let staged = StagedChangeset(source: source, target: target)
        #expect(try staged.apply(to: source) == target)

        var section = ArraySection(model: Header(id: 1), elements: [Item(id: 4)])
        let copy = ArraySection(source: section, elements: [Item(id: 5)])
        #expect(copy.model == section.model && copy.elements == [Item(id: 5)])
        #expect(section.differenceIdentifier == 1 && section.isContentEqual(to: copy))
        section.model.title = 2
        #expect(!section.isContentEqual(to: copy) && section != copy)
        #expect(String(reflecting: ElementPath(element: 3, section: 4)) == "[element: 3, section: 4]")
    }

    @Test func stagedChangesetIsAMutableRangeReplaceableCollection() {
        var staged: StagedChangeset<[Int]> = [Changeset(data: [1], sectionDeleted: [0])]
        staged.append(Changeset(data: [2]))
        staged[1].sectionInserted = [0]
        staged.insert(Changeset(data: [0], elementUpdated: [ElementPath(element: 0, section: 0)]), at: 0)
        #expect(staged.count == 3 && staged.map(\.data) == [[0], [1], [2]])
        staged.removeFirst()
        #expect(
            staged == StagedChangeset([Changeset(data: [1], sectionDeleted: [0]), Changeset(data: [2], sectionInserted: [0])]))
        #expect(StagedChangeset<[Int]>() == [] && StagedChangeset<[Int]>().isEmpty)
    }
}
