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
