/// What a sectioned diff does with a matched section whose own content (its model: what its
/// header or footer shows) changed.
public enum SectionUpdates: Hashable, Sendable {
    /// Reports it in `sectionUpdated`, so the view reloads the section and every row in it;
    /// DifferenceKit's behaviour, and the default.
    case reloaded
    /// Reports nothing, so its rows are diffed and animated one by one like any other
    /// section's. Learn which sections changed from
    /// ``ListPositions/sectionsWithChangedContent`` and refresh their headers and footers
    /// yourself.
    case omitted
}

// Why each sectioned entry point (`StagedChangeset.init(source:target:algorithm:)`,
// `diffInBackground`, `diff(…on:…)`, `ListUpdater.init(initial:target:algorithm:)`) has an
// overload without `sectionUpdates` that forwards `.reloaded`, instead of one declaration
// with `sectionUpdates: SectionUpdates = .reloaded`: a list of sections is `Differentiable`
// too, so the flat overload, with its `section: Int = 0`, also accepts it, and Swift prefers
// the sectioned overload only while every parameter the sectioned one has, the flat one has
// too. A defaulted `sectionUpdates` gives each a parameter the other lacks, and
// `ListUpdater(initial: sections, target: view)` or
// `StagedChangeset(source: sections, target: new, algorithm: .heckel)` no longer compiles:
// "error: ambiguous use of 'init'", with the flat and the sectioned overload as candidates.
