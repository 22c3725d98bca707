import Foundation

/// The 64-bit identity of an identifier: exact for fixed-width integers, the core's hash for
/// strings, UUIDs and data, `Hasher` for anything else.
///
/// The type tests fold away once the caller is specialised for a concrete identifier type.
/// `readingStringWords` is ``smallStringLayoutIsKnown``, read once by a caller in a loop.
@inlinable
func identity<ID: Hashable>(of identifier: ID, readingStringWords: Bool = smallStringLayoutIsKnown) -> UInt64 {
    if ID.self == Int.self { return UInt64(bitPattern: Int64(identifier as! Int)) }
    if ID.self == String.self { return hashString(identifier as! String, readingWords: readingStringWords) }
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

/// The identity of a string, equal for strings that are `==`, which compares them under
/// Unicode canonical equivalence ("café" spelt with "é" or with "e" and a combining accent).
///
/// ASCII is its own normal form, so an ASCII string's identity comes from its UTF-8 bytes: up
/// to 15 bytes (most identifiers) packed into two words with their count and mixed like a UUID,
/// longer ones through the core's hash. Swift stores such short strings inline, so on 64-bit
/// ARM and x86 the words are read straight out of the string, given `readingWords`: this
/// runtime's layout was seen to be the one assumed (``smallStringLayoutIsKnown``). Other
/// strings take `hashValue`,
/// which hashes their normal form, except where the normal form is ASCII; see
/// ``asciiEquivalent(of:)``.
@inlinable
func hashString(_ string: String, readingWords: Bool) -> UInt64 {
    #if arch(x86_64) || arch(arm64)
        // A small ASCII string: the top four bits of its second word are 0b1110 (small, ASCII,
        // immortal), the next four its count, and the other 15 bytes its UTF-8, zero-padded. A
        // string in any other form has different top bits and is read below.
        let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        if readingWords && high >> 60 == 0xE { return mixWords(low, high & 0x0FFF_FFFF_FFFF_FFFF) }
    #endif
    return hashStringBytes(string)
}

/// Whether this process's runtime lays small ASCII strings out as
/// ``hashString(_:readingWords:)`` reads them. The layout is the standard library's private
/// business: a future runtime may change it, and then every string identity read from the
/// words would be wrong. So it is checked
/// once per process, on strings of every small length, against the identities read from the
/// bytes; where they disagree, every string takes the byte path.
@usableFromInline
let smallStringLayoutIsKnown = stringWordsAgreeWithBytes { unsafeBitCast($0, to: (UInt64, UInt64).self) }

/// Whether identities from the words `read` gives agree with those from the bytes on strings
/// of 1 to 15 ASCII bytes, each of which `read` must show as small.
func stringWordsAgreeWithBytes(read: (String) -> (UInt64, UInt64)) -> Bool {
    let alphabet = Array("0123456789-_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    for length in 1...15 {
        let string = String(decoding: (0..<length).map { alphabet[($0 * 7 + length * 3) % alphabet.count] }, as: UTF8.self)
        let (low, high) = read(string)
        guard high >> 60 == 0xE, mixWords(low, high & 0x0FFF_FFFF_FFFF_FFFF) == hashStringBytes(string) else {
            return false
        }
    }
    return true
}

/// ``hashString(_:readingWords:)`` for a string in any form: its UTF-8 read in place or made
/// contiguous.
@usableFromInline
func hashStringBytes(_ string: String) -> UInt64 {
    let asciiHash = string.utf8.withContiguousStorageIfAvailable { utf8 in
        isASCII(utf8) ? hashASCII(utf8) : nil
    }
    switch asciiHash {
    case let hash??: return hash
    case .some(nil): return hashNonASCII(string)
    case nil:
        var contiguous = string
        contiguous.makeContiguousUTF8()
        return hashStringBytes(contiguous)
    }
}

/// The identity of ASCII bytes: up to 15 packed as a small string holds them (bytes 0–7 in the
/// first word, 8–14 in the second, the count in the second's bits 56–59), longer ones hashed.
func hashASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard bytes.count <= 15 else { return hashBytes(UnsafeRawBufferPointer(bytes)) }
    var low: UInt64 = 0, high = UInt64(bytes.count) << 56
    for (offset, byte) in bytes.enumerated() {
        if offset < 8 {
            low |= UInt64(byte) << (8 * offset)
        } else {
            high |= UInt64(byte) << (8 * (offset - 8))
        }
    }
    return mixWords(low, high)
}

func hashNonASCII(_ string: String) -> UInt64 {
    if let ascii = asciiEquivalent(of: string) { return hashStringBytes(ascii) }
    return UInt64(bitPattern: Int64(string.hashValue))
}

/// The ASCII string canonically equivalent to `string`, if there is one.
///
/// Only three characters decompose to ASCII: U+037E GREEK QUESTION MARK (";"), U+1FEF GREEK
/// VARIA ("`") and U+212A KELVIN SIGN ("K") (every code point checked against Unicode 14).
/// So "K" and "\u{212A}" are `==`, and must share an identity. A character added later with
/// such a decomposition would still give a valid diff, only a delete and insert for a match.
func asciiEquivalent(of string: String) -> String? {
    var scalars = String.UnicodeScalarView()
    for scalar in string.unicodeScalars {
        switch scalar.value {
        case 0..<0x80: scalars.append(scalar)
        case 0x037E: scalars.append(";")
        case 0x1FEF: scalars.append("`")
        case 0x212A: scalars.append("K")
        default: return nil
        }
    }
    return String(scalars)
}

/// Whether every byte is below 0x80: two overlapping loads for an identifier-sized string.
@inline(__always)
func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base), count = bytes.count
    if count >= 8 {
        var highBits: UInt64 = 0, offset = 0
        while offset + 8 < count {
            highBits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        highBits |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        return highBits & 0x8080_8080_8080_8080 == 0
    }
    if count >= 4 {
        let highBits = raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        return highBits & 0x8080_8080 == 0
    }
    var highBits: UInt8 = 0
    for offset in 0..<count { highBits |= base[offset] }
    return highBits & 0x80 == 0
}

/// A UUID's identity: its two 64-bit halves mixed inline, a few instructions instead of a call
/// to the byte hash. Equal UUIDs agree; two different UUIDs that collide (random ones do with
/// probability 2⁻⁶⁴) are caught by the `==` check every hashed match gets.
@inlinable
func hashUUID(_ uuid: UUID) -> UInt64 {
    let (first, second) = withUnsafeBytes(of: uuid.uuid) {
        ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
    return mixWords(first, second)
}

/// Two words mixed into one identity by multiplies and xor-shifts: inputs that differ in a few
/// bits, as neighbouring identifiers do, land far apart.
@inlinable
func mixWords(_ first: UInt64, _ second: UInt64) -> UInt64 {
    var mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ second
    mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return mixed ^ (mixed >> 32)
}

@usableFromInline
func hashData(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { hashBytes($0) }
}

/// How identifiers become the core's identities.
@usableFromInline
enum IdentityScheme: Sendable {
    /// `identity(of:)`: fast, but a hashed identifier's match must be checked with `==`.
    case fast
    /// Numbers from ``IdentifierNumbering``: exact for every identifier type whose `==` keeps
    /// its laws; the fallback after a 64-bit collision. Throws ``IdentifiersUnlawful`` when `==`
    /// is seen to break them.
    case numbered
}

/// Writes the identities of `source`'s and `target`'s identifiers, as `reader` reads them,
/// under `scheme` to `sourceRoom` and `targetRoom`, which hold as many. `alongside` may run
/// meanwhile on another thread (see
/// ``mapIdentities(source:into:target:into:reading:threads:alongside:cancellation:)``).
///
/// - Throws: ``IdentifiersUnlawful`` (``IdentityScheme/numbered`` only); `CancellationError`.
/// - Complexity: O(*n* + *m*) for ``IdentityScheme/fast``; for ``IdentityScheme/numbered``,
///   the comparisons a `Dictionary` of the identifiers would make.
@inlinable
func writeIdentities<Reader: IdentifierReader>(
    _ source: UnsafeBufferPointer<Reader.Element>, into sourceRoom: UnsafeMutableBufferPointer<UInt64>,
    _ target: UnsafeBufferPointer<Reader.Element>, into targetRoom: UnsafeMutableBufferPointer<UInt64>,
    reading reader: Reader.Type, scheme: IdentityScheme, alongside: () -> Void = {}, cancellation: CoreCancellation?
) throws {
    switch scheme {
    case .fast:
        try mapIdentities(
            source: source, into: sourceRoom, target: target, into: targetRoom, reading: reader,
            threads: ListDeltaParallelism.threads(forElementCount: source.count + target.count), alongside: alongside,
            cancellation: cancellation)
    case .numbered:
        let numbering = try IdentifierNumbering<Reader.Identifier>(
            elementCount: source.count + target.count, cancellation: cancellation)
        try mapPolling(source, into: sourceRoom, cancellation) { try numbering.number(Reader.identifier(of: $0)) }
        try mapPolling(target, into: targetRoom, cancellation) { try numbering.number(Reader.identifier(of: $0)) }
    }
}

/// The identities of `source`'s and `target`'s identifiers under `scheme`, in arrays of their
/// own (for short lists, such as a list's sections).
///
/// - Throws: as ``writeIdentities(_:into:_:into:reading:scheme:alongside:cancellation:)``.
@inlinable
func identities<Element: ContentIdentifiable>(
    _ source: [Element], _ target: [Element], scheme: IdentityScheme, cancellation: CoreCancellation?
) throws -> ([UInt64], [UInt64]) {
    var sourceIdentities = repeatedArray(UInt64(0), count: source.count)
    var targetIdentities = repeatedArray(UInt64(0), count: target.count)
    try sourceIdentities.withUnsafeMutableBufferPointer { sourceRoom in
        try targetIdentities.withUnsafeMutableBufferPointer { targetRoom in
            try source.withUnsafeBufferPointer { source in
                try target.withUnsafeBufferPointer { target in
                    try writeIdentities(
                        source, into: sourceRoom, target, into: targetRoom, reading: DifferenceIdentifiers.self,
                        scheme: scheme, cancellation: cancellation)
                }
            }
        }
    }
    return (sourceIdentities, targetIdentities)
}

/// Whether matches must be checked with `==`: all but those of exact identities.
/// Callers check every match in the pass that also compares content. A failed check under
/// ``IdentityScheme/fast`` is a hash collision, and the diff runs again numbered
/// (``retryingCollisions(_:replacingAll:)``), so a collision can never pair two different
/// elements; under ``IdentityScheme/numbered`` it shows an `==` that changed its answer, and the
/// diff replaces the list.
@inlinable
func matchesNeedChecking<Reader: IdentifierReader>(_: Reader.Type) -> Bool {
    !identityIsExact(Reader.Identifier.self)
}

/// Runs a diff attempt on hashed identities and, after two different identifiers shared a
/// 64-bit identity (the attempt returns nil), again on exact numbers. Returns `replacingAll()`
/// only for an identifier type whose `==` is seen to break its laws: numbering throws
/// ``IdentifiersUnlawful``, or a numbered match fails its check. What the attempt builds never
/// sees a collision.
@inlinable
func retryingCollisions<R>(_ attempt: (IdentityScheme) throws -> R?, replacingAll: () -> R) throws -> R {
    if let result = try attempt(.fast) { return result }
    do {
        return try attempt(.numbered) ?? replacingAll()
    } catch is IdentifiersUnlawful {
        return replacingAll()
    }
}
