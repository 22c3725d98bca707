#ifndef CLISTDELTA_TABLE_H
#define CLISTDELTA_TABLE_H

#include "internal.h"

/* An open-addressing table over the smaller side, probed linearly. A slot is 0 when empty;
 * otherwise bit 31 says that no occurrence is left to match, bit 30 that more occurrences
 * follow, and bits 0-29 hold the 1-based index of the identity's next unmatched occurrence.
 * Occurrences of a repeated identity are chained in ascending order through `next`, whose
 * entries hold what their slot becomes once that occurrence is matched, so the k-th
 * occurrence on the probing side meets the k-th on the table side. Unique identities, the
 * common case, never touch `next`.
 *
 * Slots hold no fingerprint of the identity: in the same bytes, 4-byte slots give half the
 * load factor that 8-byte slots carrying one would, so a lookup meets another identity half
 * as often, and the identities it compares are mostly read in order. */
typedef struct {
    uint32_t *slots;
    uint32_t *next; /* indexed from `start` */
    size_t mask;
    unsigned shift; /* 64 - log2(capacity) */
    uint64_t seed;  /* the workspace's slot seed */
} ld_table_t;

static const uint32_t LD_EXHAUSTED = (uint32_t)1 << 31;
static const uint32_t LD_MORE_FOLLOW = (uint32_t)1 << 30;
static const uint32_t LD_INDEX_MASK = ((uint32_t)1 << 30) - 1;

/* A power of two at least 3 times `count`, so the load factor stays in (1/6, 1/3]; false
 * if it does not fit in size_t. */
static inline bool ld_table_capacity(size_t count, size_t *out) {
    size_t capacity = 8;
    while (capacity / 3 < count) {
        if (capacity > SIZE_MAX / 2) return false;
        capacity <<= 1;
    }
    *out = capacity;
    return true;
}

/* The table for `count` elements laid out at `room`: its slots (left uncleared), then `next`.
 * The caller has checked that the capacity fits in size_t and that the room holds both. */
static inline ld_table_t ld_table_over(uint32_t *room, size_t count, uint64_t seed) {
    size_t capacity;
    (void)ld_table_capacity(count, &capacity);
    unsigned bits = 0;
    while (((size_t)1 << bits) < capacity) bits++;
    return (ld_table_t){
        .slots = room, .next = room + capacity, .mask = capacity - 1, .shift = 64 - bits, .seed = seed
    };
}

/* Where an identity's search starts (see ld_spread), with the workspace's seed. */
static inline size_t ld_home_slot(uint64_t identity, ld_table_t table) {
    return ld_spread(identity, table.seed, table.shift);
}

/* How many elements ahead the build and probe loops prefetch their slot: enough to hide a
 * cache miss on a table larger than the cache. Each element is hashed once, that far ahead,
 * and its home slot waits in a ring of that many entries until its turn. */
#define LD_PREFETCH_DISTANCE 16

/* The fewest slots a table has for its build and probe loops to prefetch: a smaller one (16 KB
 * or less) stays in the first-level cache, so its loops hash each element when they reach it. */
#define LD_PREFETCH_MIN_SLOTS ((size_t)8192)

static inline bool ld_table_prefetches(ld_table_t table) { return table.mask + 1 >= LD_PREFETCH_MIN_SLOTS; }

static inline void ld_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

/* Inserts element i of `ids` (those from `start` on go in the table), from its home slot,
 * chaining it before a later occurrence of its identity. Inserted from the back, each
 * identity's chain runs in ascending order. */
static LD_ALWAYS_INLINE void ld_table_insert(ld_table_t table, const uint64_t *restrict ids, size_t start, size_t i,
                                             size_t home) {
    uint64_t identity = ids[i];
    uint32_t entry = (uint32_t)(i + 1);
    for (size_t position = home;; position = (position + 1) & table.mask) {
        uint32_t slot = table.slots[position];
        if (slot == 0) {
            table.slots[position] = entry;
            return;
        }
        if (ids[(slot & LD_INDEX_MASK) - 1] == identity) {
            table.next[i - start] = slot;
            table.slots[position] = entry | LD_MORE_FOLLOW;
            return;
        }
    }
}

/* Looks up `identity` from its home slot `position` and takes the next unmatched occurrence
 * of it, whose index goes to `out`; false when none is left. With `detect_repeats`, sets
 * `repeated` when the identity occurs more than once on the table side, or was met again in
 * a slot it exhausted. */
static LD_ALWAYS_INLINE bool ld_table_take(ld_table_t table, const uint64_t *restrict ids, size_t start,
                                           uint64_t identity, size_t position, size_t *out, bool detect_repeats,
                                           bool *repeated) {
    size_t candidate;
    uint32_t slot;
    for (;; position = (position + 1) & table.mask) {
        slot = table.slots[position];
        if (slot == 0) return false;
        /* An exhausted slot is passed over, and the lookup goes on to an empty one. */
        if (!(slot & LD_EXHAUSTED)) {
            candidate = (size_t)(slot & LD_INDEX_MASK) - 1;
            if (ids[candidate] == identity) break;
        } else if (detect_repeats && ids[(slot & LD_INDEX_MASK) - 1] == identity) {
            *repeated = true;
        }
    }
    if (detect_repeats && (slot & LD_MORE_FOLLOW)) *repeated = true;
    table.slots[position] = slot & LD_MORE_FOLLOW ? table.next[candidate - start] : slot | LD_EXHAUSTED;
    *out = candidate;
    return true;
}

#endif /* CLISTDELTA_TABLE_H */
