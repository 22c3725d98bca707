#include "internal.h"

ld_status ld_cancel_token_create(const ld_allocator_t *allocator, ld_cancel_token_t **out) {
    if (out == NULL) return LD_ERROR_INVALID;
    ld_allocator_t chosen = ld_allocator_or_default(allocator);
    ld_cancel_token_t *token = ld_allocate(&chosen, sizeof *token);
    if (token == NULL) return LD_ERROR_ALLOC;
    token->allocator = chosen;
    atomic_init(&token->cancelled, false);
    *out = token;
    return LD_OK;
}

void ld_cancel_token_cancel(ld_cancel_token_t *token) {
    if (token != NULL) atomic_store_explicit(&token->cancelled, true, memory_order_relaxed);
}

bool ld_cancel_token_is_cancelled(const ld_cancel_token_t *token) { return ld_is_cancelled(token); }

void ld_cancel_token_reset(ld_cancel_token_t *token) {
    if (token != NULL) atomic_store_explicit(&token->cancelled, false, memory_order_relaxed);
}

void ld_cancel_token_free(ld_cancel_token_t *token) {
    if (token == NULL) return;
    ld_allocator_t allocator = token->allocator;
    ld_deallocate(&allocator, token, sizeof *token);
}
