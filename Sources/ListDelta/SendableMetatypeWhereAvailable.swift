#if compiler(>=6.2)
    /// `SendableMetatype` where the compiler has it (Swift 6.2 and later), `Any` before.
    ///
    /// ListDelta's protocols refine it, so a conformance to them is never isolated to an actor:
    /// a diff may read `differenceIdentifier` and call `isContentEqual(to:)` on any thread.
    /// Under Xcode 26's default isolation (`MainActor`), a type whose declaration adopts them
    /// is then inferred `nonisolated` (Swift 6.3 and later).
    public typealias _SendableMetatypeWhereAvailable = SendableMetatype
#else
    /// `Any`: compilers before Swift 6.2 have no `SendableMetatype`.
    public typealias _SendableMetatypeWhereAvailable = Any
#endif
