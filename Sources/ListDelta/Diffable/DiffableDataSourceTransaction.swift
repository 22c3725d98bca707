/// The changes a user's reordering made to a data source's items: a drop-in for Apple's
/// `NSDiffableDataSourceTransaction`, which the collection data source's `reorderingHandlers`
/// receive.
public struct DiffableDataSourceTransaction<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshot before the reordering.
    public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after it: the data source's new state.
    public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The removals and insertions that take the initial snapshot's items (all sections',
    /// in order) to the final snapshot's.
    public let difference: CollectionDifference<ItemIdentifierType>
    /// One transaction for each section whose items changed.
    public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}

/// The changes a user's reordering made to one section: a drop-in for Apple's
/// `NSDiffableDataSourceSectionTransaction`.
public struct DiffableDataSourceSectionTransaction<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The section.
    public let sectionIdentifier: SectionIdentifierType
    /// The section's snapshot before the reordering.
    public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The section's snapshot after it.
    public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The removals and insertions that take the initial section snapshot's items to the
    /// final one's.
    public let difference: CollectionDifference<ItemIdentifierType>
}
