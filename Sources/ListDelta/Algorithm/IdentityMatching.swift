import Foundation

/// The 64-bit identity of an identifier: exact for fixed-width integers, the core's hash for
/// strings, UUIDs and data, `Hasher` for anything else.
///
/// The type tests fold away once the caller is specialised for a concrete identifier type.
@inlinable
func identity<ID: Hashable>(of identifier: ID) -> UInt64 {
    if ID.self == Int.self { return UInt64(bitPattern: Int64(identifier as! Int)) }
    if ID.self == String.self { return hashString(identifier as! String) }
    if ID.self == UUID.self { return hashUUID(identifier as! UUID) }
    if ID.self == Int64.self { return UInt64(bitPattern: identifier as! Int64) }
    if ID.self == UInt64.self { return identifier as! UInt64 }
    if ID.self == UInt.self { return UInt64(identifier as! UInt) }
    if ID.self == Int32.self { return UInt64(bitPattern: Int64(identifier as! Int32)) }
    if ID.self == UInt32.self { return UInt64(identifier as! UInt32) }
    if ID.self == Int16.self { return UInt64(bitPattern: Int64(identifier as! Int16)) }
    if ID.self == UInt16.self { return UInt64(identifier as! UInt16) }
    if ID.self == Int8.self { return UInt64(bitPattern: Int64(identifier as! Int8)) }
    if ID.self == UInt8.self { return UInt64(identifier as! UInt8) }
    if ID.self == Data.self { return hashData(identifier as! Data) }
    return UInt64(bitPattern: Int64(identifier.hashValue))
}

/// Whether `identity(of:)` is one-to-one for `ID`, so that equal identities prove equal
/// identifiers and matches need no verification.
@inlinable
func identityIsExact<ID: Hashable>(_: ID.Type) -> Bool {
    ID.self == Int.self || ID.self == Int64.self || ID.self == UInt64.self || ID.self == UInt.self
        || ID.self == Int32.self || ID.self == UInt32.self || ID.self == Int16.self
        || ID.self == UInt16.self || ID.self == Int8.self || ID.self == UInt8.self
}

@usableFromInline
func hashString(_ string: String) -> UInt64 {
    if let hash = string.utf8.withContiguousStorageIfAvailable({ hashBytes(UnsafeRawBufferPointer($0)) }) {
        return hash
    }
    var contiguous = string
    return contiguous.withUTF8 { hashBytes(UnsafeRawBufferPointer($0)) }
}

@usableFromInline
func hashUUID(_ uuid: UUID) -> UInt64 {
    withUnsafeBytes(of: uuid.uuid) { hashBytes($0) }
}

@usableFromInline
func hashData(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { hashBytes($0) }
}

/// Matches `source` against `target` by identifier with the core.
///
/// Every match the core reports for hashed identifiers is checked with `==`; should two
/// different identifiers share a 64-bit identity, the diff runs again on identities numbered
/// exactly through a dictionary, so a collision can never pair two different elements.
///
/// - Complexity: O(*n* + *m*) expected for Heckel, plus the core's moves step.
@inlinable
func matchByIdentity<Element: ContentIdentifiable>(
    _ source: [Element],
    _ target: [Element],
    algorithm: DiffAlgorithm,
    cancellation: CoreCancellation?
) throws -> CoreDiff {
    let sourceIdentities = source.map { identity(of: $0.differenceIdentifier) }
    let targetIdentities = target.map { identity(of: $0.differenceIdentifier) }
    let diff = try coreDiff(source: sourceIdentities, target: targetIdentities, algorithm: algorithm,
                            cancellation: cancellation)
    if identityIsExact(Element.DifferenceIdentifier.self) { return diff }
    let verified = diff.sourceToTarget.withUnsafeBufferPointer { sourceToTarget in
        source.indices.allSatisfy { i in
            let j = Int(sourceToTarget[i])
            return j < 0 || source[i].differenceIdentifier == target[j].differenceIdentifier
        }
    }
    if verified { return diff }
    var numbers: [Element.DifferenceIdentifier: UInt64] = [:]
    func number(_ element: Element) -> UInt64 {
        if let known = numbers[element.differenceIdentifier] { return known }
        let next = UInt64(numbers.count)
        numbers[element.differenceIdentifier] = next
        return next
    }
    let exactSource = source.map(number), exactTarget = target.map(number)
    return try coreDiff(source: exactSource, target: exactTarget, algorithm: algorithm, cancellation: cancellation)
}
