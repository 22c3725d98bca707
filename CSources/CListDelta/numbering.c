#include "internal.h"

#include <string.h>

/* Numbers grouped by hash: an open-addressing table over the hashes, each slot holding the
 * newest number of its hash (plus one; 0 when empty), the numbers of one hash chained from the
 * newest through `next`. At most half the slots are used. */
struct ld_numbering {
    ld_allocator_t allocator;
    uint32_t *slots;
    uint64_t *hashes; /* per number */
    uint32_t *next;   /* per number: the next older number of its hash, plus one; 0 when none */
    size_t mask, count, capacity, bytes;
    ld_poller_t poller;
};

ld_status ld_numbering_create(const ld_allocator_t *allocator, size_t capacity, ld_numbering_t **out) {
    if (out == NULL) return LD_ERROR_INVALID;
    if (capacity > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    size_t slot_count = 8;
    while (slot_count < 2 * capacity) slot_count <<= 1;
    size_t slot_bytes, number_bytes, bytes;
    if (!ld_mul_size(slot_count, sizeof(uint32_t), &slot_bytes) ||
        !ld_mul_size(capacity, sizeof(uint64_t) + sizeof(uint32_t), &number_bytes) ||
        !ld_add_size(slot_bytes, number_bytes, &bytes) || !ld_add_size(bytes, sizeof(struct ld_numbering), &bytes)) {
        return LD_ERROR_OVERFLOW;
    }
    ld_allocator_t chosen = ld_allocator_or_default(allocator);
    struct ld_numbering *numbering = ld_allocate(&chosen, bytes);
    if (numbering == NULL) return LD_ERROR_ALLOC;
    char *room = (char *)(numbering + 1);
    *numbering =
        (struct ld_numbering){ .allocator = chosen, .mask = slot_count - 1, .capacity = capacity, .bytes = bytes };
    numbering->hashes = (uint64_t *)(void *)room;
    numbering->slots = (uint32_t *)(void *)(room + capacity * sizeof(uint64_t));
    numbering->next = numbering->slots + slot_count;
    memset(numbering->slots, 0, slot_count * sizeof(uint32_t));
    *out = numbering;
    return LD_OK;
}

void ld_numbering_free(ld_numbering_t *numbering) {
    if (numbering == NULL) return;
    ld_allocator_t allocator = numbering->allocator;
    ld_deallocate(&allocator, numbering, numbering->bytes);
}

/* Spreads a hash over the slots: many types hash to small or patterned integers. */
static size_t ld_numbering_slot(uint64_t hash, size_t mask) {
    uint64_t mixed = hash * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(mixed ^ (mixed >> 32)) & mask;
}

ld_status ld_number(ld_numbering_t *numbering, uint64_t hash, ld_identifier_equal equal, void *context,
                    const ld_cancel_token_t *cancel, uint64_t *out_number, bool *out_is_new) {
    if (numbering == NULL || equal == NULL || out_number == NULL || out_is_new == NULL) return LD_ERROR_INVALID;
    numbering->poller.cancel = cancel;
    size_t slot = ld_numbering_slot(hash, numbering->mask);
    uint32_t newest = 0;
    for (;; slot = (slot + 1) & numbering->mask) {
        if (!ld_poll(&numbering->poller, 1)) return LD_CANCELLED;
        newest = numbering->slots[slot];
        if (newest == 0 || numbering->hashes[newest - 1] == hash) break;
    }
    /* Every identifier of this hash, newest first: a type whose values all hash alike walks
     * them all, as a dictionary of them would. */
    for (uint32_t entry = newest; entry != 0; entry = numbering->next[entry - 1]) {
        if (!ld_poll(&numbering->poller, 1)) return LD_CANCELLED;
        int verdict = equal(context, entry - 1);
        if (verdict < 0) return LD_ERROR_INVALID;
        if (verdict > 0) {
            *out_number = entry - 1;
            *out_is_new = false;
            return LD_OK;
        }
    }
    if (numbering->count == numbering->capacity) return LD_ERROR_INVALID;
    size_t number = numbering->count++;
    numbering->hashes[number] = hash;
    numbering->next[number] = newest;
    numbering->slots[slot] = (uint32_t)(number + 1);
    *out_number = number;
    *out_is_new = true;
    return LD_OK;
}
