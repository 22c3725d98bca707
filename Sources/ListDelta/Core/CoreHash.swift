import CListDelta

/// The core's 64-bit hash of `bytes`.
@usableFromInline
func hashBytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0
    let status = ld_hash64(bytes.baseAddress, bytes.count, 0, &hash)
    precondition(status == LD_OK, "ld_hash64 refused a valid buffer")
    return hash
}
