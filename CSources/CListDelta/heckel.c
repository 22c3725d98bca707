#include "internal.h"

#include <string.h>

/* An open-addressing table over the smaller side. A slot is 0 when empty; otherwise its high
 * 32 bits are a fingerprint of the identity and its low 32 bits the 1-based index of that
 * identity's next unmatched occurrence. Occurrences are chained in ascending order through
 * `next`, so the k-th occurrence on the probing side meets the k-th on the table side. Once
 * an identity's last occurrence is matched the slot keeps pointing at it: a matched index
 * means "none left". */
typedef struct {
    uint64_t *slots;
    int32_t *next; /* indexed from `start`: the following occurrence, or -1 */
    size_t mask;
    unsigned shift;
} ld_table_t;

static const uint64_t LD_FINGERPRINT_MASK = 0xFFFFFFFF00000000ull;

/* A power of two at least 1.5 times `count`: the load factor stays in (1/3, 2/3]. */
static size_t ld_table_capacity(size_t count) {
    size_t wanted = count + count / 2, capacity = 8;
    while (capacity < wanted) capacity <<= 1;
    return capacity;
}

/* Spreads every bit of the identity into the high bits (position) and low bits (fingerprint). */
static inline uint64_t ld_mix(uint64_t identity) {
#if defined(__SIZEOF_INT128__)
    __uint128_t product = (__uint128_t)identity * 0x9E3779B97F4A7C15ull;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
#else
    uint64_t mixed = (identity ^ (identity >> 32)) * 0x9E3779B97F4A7C15ull;
    return mixed ^ (mixed >> 29);
#endif
}

static ld_status ld_table_build(ld_table_t *table, const uint64_t *ids, size_t start, size_t end,
                                const ld_cancel_token_t *cancel) {
    for (size_t i = end; i-- > start;) {
        if (((end - i) & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(cancel)) {
            return LD_CANCELLED;
        }
        uint64_t identity = ids[i], mixed = ld_mix(identity);
        uint64_t fingerprint = mixed << 32, entry = fingerprint | (uint64_t)(i + 1);
        size_t position = (size_t)(mixed >> table->shift);
        for (;;) {
            uint64_t slot = table->slots[position];
            if (slot == 0) {
                table->slots[position] = entry;
                table->next[i - start] = -1;
                break;
            }
            if ((slot & LD_FINGERPRINT_MASK) == fingerprint) {
                size_t later = (size_t)(uint32_t)slot - 1;
                if (ids[later] == identity) {
                    table->next[i - start] = (int32_t)later;
                    table->slots[position] = entry;
                    break;
                }
            }
            position = (position + 1) & table->mask;
        }
    }
    return LD_OK;
}

static ld_status ld_table_probe(ld_table_t *table, size_t start,
                                const uint64_t *table_ids, int32_t *table_map,
                                const uint64_t *probe_ids, int32_t *probe_map, size_t probe_end,
                                const ld_cancel_token_t *cancel) {
    for (size_t j = start; j < probe_end; j++) {
        if (((j - start) & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(cancel)) {
            return LD_CANCELLED;
        }
        uint64_t identity = probe_ids[j], mixed = ld_mix(identity);
        uint64_t fingerprint = mixed << 32;
        size_t position = (size_t)(mixed >> table->shift);
        for (;;) {
            uint64_t slot = table->slots[position];
            if (slot == 0) break;
            if ((slot & LD_FINGERPRINT_MASK) == fingerprint) {
                size_t candidate = (size_t)(uint32_t)slot - 1;
                if (table_ids[candidate] == identity) {
                    if (table_map[candidate] < 0) {
                        table_map[candidate] = (int32_t)j;
                        probe_map[j] = (int32_t)candidate;
                        int32_t following = table->next[candidate - start];
                        if (following >= 0) {
                            table->slots[position] = fingerprint | (uint64_t)(following + 1);
                        }
                    }
                    break;
                }
            }
            position = (position + 1) & table->mask;
        }
    }
    return LD_OK;
}

static ld_status ld_clear_slots(uint64_t *slots, size_t count, const ld_cancel_token_t *cancel) {
    for (size_t start = 0; start < count; start += LD_POLL_INTERVAL) {
        if (ld_is_cancelled(cancel)) return LD_CANCELLED;
        memset(slots + start, 0, ld_min_size(LD_POLL_INTERVAL, count - start) * sizeof *slots);
    }
    return LD_OK;
}

ld_status ld_heckel_diff(ld_workspace_t *workspace,
                         const uint64_t *source, size_t source_count,
                         const uint64_t *target, size_t target_count,
                         const ld_options_t *options, ld_result_t *out) {
    ld_diff_t diff;
    ld_status status = ld_diff_begin(workspace, source, source_count, target, target_count,
                                     options, out, &diff);
    if (status != LD_OK) return status;

    /* Scratch is sized for the untrimmed counts, so a warm workspace never grows for a diff
     * whose counts are no larger than an earlier one's. */
    size_t smaller = ld_min_size(source_count, target_count), slot_bytes, next_bytes, scratch_bytes;
    if (!ld_mul_size(ld_table_capacity(smaller), sizeof(uint64_t), &slot_bytes) ||
        !ld_mul_size(smaller, sizeof(int32_t), &next_bytes) ||
        !ld_add_size(slot_bytes, next_bytes, &scratch_bytes)) {
        return LD_ERROR_OVERFLOW;
    }
    void *scratch;
    if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, scratch_bytes, 1, &scratch))) {
        return status;
    }

    size_t prefix;
    if ((status = ld_match_common_prefix(&diff, &prefix))) return status;
    bool source_is_table = source_count <= target_count;
    size_t table_end = source_is_table ? source_count : target_count;
    size_t probe_end = source_is_table ? target_count : source_count;
    if (prefix < table_end && prefix < probe_end) {
        size_t capacity = ld_table_capacity(table_end - prefix);
        unsigned bits = 0;
        while (((size_t)1 << bits) < capacity) bits++;
        ld_table_t table = {
            .slots = scratch,
            .next = (int32_t *)((uint64_t *)scratch + capacity),
            .mask = capacity - 1,
            .shift = 64 - bits,
        };
        const uint64_t *table_ids = source_is_table ? source : target;
        const uint64_t *probe_ids = source_is_table ? target : source;
        int32_t *table_map = source_is_table ? diff.source_to_target : diff.target_to_source;
        int32_t *probe_map = source_is_table ? diff.target_to_source : diff.source_to_target;
        if ((status = ld_clear_slots(table.slots, capacity, diff.cancel)) ||
            (status = ld_table_build(&table, table_ids, prefix, table_end, diff.cancel)) ||
            (status = ld_table_probe(&table, prefix, table_ids, table_map, probe_ids, probe_map,
                                     probe_end, diff.cancel))) {
            return status;
        }
    }
    if ((status = ld_find_minimal_moves(&diff, workspace, prefix))) return status;
    return ld_diff_finish(&diff, out);
}
