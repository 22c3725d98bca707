#include "table.h"

#include <string.h>

/* Numbers grouped by hash: the diff's table (table.h, with a seed of its own) over the hashes,
 * each slot holding the newest number of its hash (plus one; 0 when empty), the numbers of one
 * hash chained from the newest through the table's `next` (the next older number of its hash,
 * plus one; 0 when none). */
struct ld_numbering {
    ld_allocator_t allocator;
    ld_table_t table;
    uint64_t *hashes; /* per number */
    size_t count, capacity, bytes;
    size_t comparisons; /* made so far, for polling */
};

ld_status ld_numbering_create(const ld_allocator_t *allocator, size_t capacity, ld_numbering_t **out) {
    if (out == NULL) return LD_ERROR_INVALID;
    if (capacity > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    size_t slot_count, slot_bytes, number_bytes, bytes;
    if (!ld_table_capacity(capacity, &slot_count) || !ld_mul_size(slot_count, sizeof(uint32_t), &slot_bytes) ||
        !ld_mul_size(capacity, sizeof(uint64_t) + sizeof(uint32_t), &number_bytes) ||
        !ld_add_size(slot_bytes, number_bytes, &bytes) || !ld_add_size(bytes, sizeof(struct ld_numbering), &bytes)) {
        return LD_ERROR_OVERFLOW;
    }
    ld_allocator_t chosen = ld_allocator_or_default(allocator);
    struct ld_numbering *numbering = ld_allocate(&chosen, bytes);
    if (numbering == NULL) return LD_ERROR_ALLOC;
    uint64_t *hashes = (uint64_t *)(void *)(numbering + 1);
    *numbering = (struct ld_numbering){ .allocator = chosen,
                                        .table = ld_table_over((uint32_t *)(void *)(hashes + capacity), capacity,
                                                               ld_random_seed()),
                                        .hashes = hashes,
                                        .capacity = capacity,
                                        .bytes = bytes };
    memset(numbering->table.slots, 0, slot_bytes);
    *out = numbering;
    return LD_OK;
}

void ld_numbering_free(ld_numbering_t *numbering) {
    if (numbering == NULL) return;
    ld_allocator_t allocator = numbering->allocator;
    ld_deallocate(&allocator, numbering, numbering->bytes);
}

ld_status ld_number(ld_numbering_t *numbering, uint64_t hash, int (*equal)(void *context, uint64_t number),
                    void *context, const ld_cancel_token_t *cancel, uint64_t *out_number, bool *out_new) {
    if (numbering == NULL || equal == NULL || out_number == NULL || out_new == NULL) return LD_ERROR_INVALID;
    ld_table_t table = numbering->table;
    size_t slot = ld_home_slot(hash, table);
    uint32_t newest;
    while ((newest = table.slots[slot]) != 0 && numbering->hashes[newest - 1] != hash) slot = (slot + 1) & table.mask;
    for (uint32_t next = newest; next != 0; next = table.next[next - 1]) {
        if (++numbering->comparisons % LD_POLL_INTERVAL == 0 && ld_is_cancelled(cancel)) return LD_CANCELLED;
        int equals = equal(context, next - 1);
        if (equals < 0) return LD_ERROR_INVALID;
        if (equals > 0) {
            *out_number = next - 1;
            *out_new = false;
            return LD_OK;
        }
    }
    if (numbering->count == numbering->capacity || equal(context, numbering->count) < 0) return LD_ERROR_INVALID;
    size_t number = numbering->count++;
    numbering->hashes[number] = hash;
    table.next[number] = newest;
    table.slots[slot] = (uint32_t)(number + 1);
    *out_number = number;
    *out_new = true;
    return LD_OK;
}
