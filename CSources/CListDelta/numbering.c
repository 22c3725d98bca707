#include "table.h"

#include <string.h>

/* Numbers grouped by hash: an open-addressing table over the hashes, sized and spread as the
 * diff's (table.h, with a seed of its own), each slot holding the newest number of its hash
 * (plus one; 0 when empty), the numbers of one hash chained from the newest through `next`. */
struct ld_numbering {
    ld_allocator_t allocator;
    uint32_t *slots;
    uint64_t *hashes; /* per number */
    uint32_t *next;   /* per number: the next older number of its hash, plus one; 0 when none */
    size_t mask, count, capacity, bytes;
    uint64_t seed;
    unsigned shift;
};

ld_status ld_numbering_create(const ld_allocator_t *allocator, size_t capacity, ld_numbering_t **out) {
    if (out == NULL) return LD_ERROR_INVALID;
    if (capacity > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    size_t slot_count;
    if (!ld_table_capacity(capacity, &slot_count)) return LD_ERROR_OVERFLOW;
    unsigned bits = 0;
    while (((size_t)1 << bits) < slot_count) bits++;
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
    *numbering = (struct ld_numbering){ .allocator = chosen,
                                        .mask = slot_count - 1,
                                        .capacity = capacity,
                                        .bytes = bytes,
                                        .seed = ld_random_seed(),
                                        .shift = 64 - bits };
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

void ld_number_search(const ld_numbering_t *numbering, uint64_t hash, ld_number_search_t *search) {
    size_t slot = ld_spread(hash, numbering->seed, numbering->shift);
    uint32_t newest;
    while ((newest = numbering->slots[slot]) != 0 && numbering->hashes[newest - 1] != hash) {
        slot = (slot + 1) & numbering->mask;
    }
    *search = (ld_number_search_t){ .hash = hash, .slot = slot, .newest = newest, .next = newest };
}

bool ld_number_candidate(const ld_numbering_t *numbering, ld_number_search_t *search, uint64_t *out_number) {
    if (search->next == 0) return false;
    *out_number = search->next - 1;
    search->next = numbering->next[search->next - 1];
    return true;
}

ld_status ld_number_new(ld_numbering_t *numbering, const ld_number_search_t *search, uint64_t *out_number) {
    if (numbering == NULL || search == NULL || out_number == NULL || search->slot > numbering->mask ||
        numbering->slots[search->slot] != search->newest || numbering->count == numbering->capacity) {
        return LD_ERROR_INVALID;
    }
    size_t number = numbering->count++;
    numbering->hashes[number] = search->hash;
    numbering->next[number] = search->newest;
    numbering->slots[search->slot] = (uint32_t)(number + 1);
    *out_number = number;
    return LD_OK;
}
