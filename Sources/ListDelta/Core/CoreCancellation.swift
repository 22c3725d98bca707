import CListDelta

/// A flag a running diff polls; `cancel()` may be called from any thread.
@usableFromInline
final class CoreCancellation: @unchecked Sendable {
    // The token is an atomic flag inside the C core; these methods only touch it atomically.
    @usableFromInline let token: OpaquePointer

    @usableFromInline
    init() {
        var created: OpaquePointer?
        let status = ld_cancel_token_create(nil, &created)
        precondition(status == LD_OK, "ListDelta could not allocate a cancel token")
        token = created!
    }

    deinit { ld_cancel_token_free(token) }

    @usableFromInline
    func cancel() { ld_cancel_token_cancel(token) }

    @usableFromInline
    var isCancelled: Bool { ld_cancel_token_is_cancelled(token) }
}
