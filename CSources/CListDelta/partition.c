#include "table.h"

#include <string.h>

/* A radix-partitioned match for large lists. A single table over a million identities misses
 * the cache on almost every lookup. Instead, a few bits of a second hash split both sides
 * into partitions whose tables fit in the cache, and each partition is matched alone with the
 * table of ld_heckel_diff. Partitioning keeps each side's order, and equal identities share a
 * partition, so the k-th occurrence of an identity still meets the k-th. */

/* Below this many elements on the smaller side, the single table is faster: the partitions'
 * extra passes cost more than the cache misses they save. */
#define LD_PARTITIONED_MINIMUM ((size_t)1 << 19)
/* Table-side elements per partition aimed at: a table of 2^15 slots (128 KiB) and its
 * identities fit in a core's L2 cache. Beyond 2^21 elements the cap on partitions below
 * makes them larger (39,000 elements at 10 million), and their tables fall to the L3 cache,
 * which still beats a table of the whole side in main memory. */
#define LD_PARTITION_ELEMENTS ((size_t)1 << 13)
/* Copying each side into more partitions than this writes to more places at once than the
 * caches and TLB follow: at 2^10 partitions, copying 10 million elements took three times as
 * long as at 2^8. */
#define LD_MOST_PARTITION_BITS 8

/* One side of the match, and where its partitions go. */
typedef struct {
    const uint64_t *ids;
    int32_t *map;
    size_t end;       /* elements from the match's start to here are partitioned */
    uint64_t *keys;   /* the identities, partition by partition */
    int32_t *indices; /* the index of each */
    uint32_t *bounds; /* partition p holds keys[bounds[p]] up to keys[bounds[p + 1]] */
} ld_partitioned_side_t;

bool ld_partitions_pay(size_t source_count, size_t target_count) {
    return ld_min_size(source_count, target_count) >= LD_PARTITIONED_MINIMUM;
}

ld_status ld_partitions_reserve(ld_workspace_t *workspace, size_t source_count, size_t target_count, bool touch,
                                const ld_cancel_token_t *cancel, void **out_scratch) {
    size_t count, bytes;
    if (!ld_add_size(source_count, target_count, &count) || !ld_mul_size(count, sizeof(uint64_t), &bytes)) {
        return LD_ERROR_OVERFLOW;
    }
    bool fresh;
    ld_status status = ld_workspace_reserve_fresh(workspace, LD_BUFFER_SCRATCH, bytes, 1, out_scratch, &fresh);
    if (status != LD_OK || !touch || !fresh) return status;
    return ld_fill(*out_scratch, 0, bytes, cancel);
}

/* The partition of an identity: the top bits of a product by another odd constant than the
 * table's, so that the bits that place an identity in its partition's table stay random
 * within the partition. */
static inline size_t ld_partition_of(uint64_t identity, uint64_t seed, unsigned shift) {
    return (size_t)((((identity ^ (identity >> 32)) ^ seed) * 0xC2B2AE3D27D4EB4Full) >> shift);
}

/* Counts the side's elements from `start` on in each partition and turns the counts into
 * bounds. */
static ld_status ld_partition_count(const ld_partitioned_side_t *side, size_t start, size_t partitions, unsigned shift,
                                    uint64_t seed, const ld_cancel_token_t *cancel) {
    const uint64_t *restrict ids = side->ids;
    uint32_t *restrict bounds = side->bounds;
    memset(bounds, 0, (partitions + 1) * sizeof *bounds);
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, start, side->end, {
        for (size_t i = chunk; i < chunk_end; i++) bounds[ld_partition_of(ids[i], seed, shift) + 1]++;
    });
    for (size_t p = 0; p < partitions; p++) bounds[p + 1] += bounds[p];
    return LD_OK;
}

/* Copies the side's identities and indices into their partitions, in order. */
static ld_status ld_partition_scatter(const ld_partitioned_side_t *side, size_t start, size_t partitions,
                                      unsigned shift, uint64_t seed, uint32_t *restrict cursor,
                                      const ld_cancel_token_t *cancel) {
    const uint64_t *restrict ids = side->ids;
    uint64_t *restrict keys = side->keys;
    int32_t *restrict indices = side->indices;
    memcpy(cursor, side->bounds, partitions * sizeof *cursor);
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, start, side->end, {
        for (size_t i = chunk; i < chunk_end; i++) {
            uint64_t identity = ids[i];
            size_t at = cursor[ld_partition_of(identity, seed, shift)]++;
            keys[at] = identity;
            indices[at] = (int32_t)i;
        }
    });
    return LD_OK;
}

/* Fills the side's map from the join's results, read back from the partitions in the order
 * they were copied in (see ld_partition_join). */
static ld_status ld_partition_gather(const ld_partitioned_side_t *side, size_t start, size_t partitions, unsigned shift,
                                     uint64_t seed, uint32_t *restrict cursor, const ld_cancel_token_t *cancel) {
    const uint64_t *restrict ids = side->ids;
    const int32_t *restrict results = side->indices;
    int32_t *restrict map = side->map;
    memcpy(cursor, side->bounds, partitions * sizeof *cursor);
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, start, side->end, {
        for (size_t i = chunk; i < chunk_end; i++) {
            int32_t result = results[cursor[ld_partition_of(ids[i], seed, shift)]++];
            map[i] = result < 0 ? ~result : -1;
        }
    });
    return LD_OK;
}

/* Matches partition p: its table-side elements go in a table at `room`, and its probe-side
 * elements take their occurrences in order. Both index maps are written later, in order, by
 * ld_partition_gather; written here, each match would write two random places in them. So
 * the result stays in the partition: a matched element's index is overwritten with the
 * complement of its partner's (negative), an unmatched one keeps its own. With `repeated`,
 * notes an identity on both sides that repeats on either (see ld_table_take). */
static LD_ALWAYS_INLINE ld_status ld_partition_join(const ld_partitioned_side_t *table_side,
                                                    const ld_partitioned_side_t *probe_side, size_t p, uint32_t *room,
                                                    uint64_t seed, const ld_cancel_token_t *cancel, bool *repeated) {
    size_t table_start = table_side->bounds[p], table_count = table_side->bounds[p + 1] - table_start;
    size_t probe_start = probe_side->bounds[p], probe_count = probe_side->bounds[p + 1] - probe_start;
    if (table_count == 0 || probe_count == 0) return LD_OK;
    ld_table_t table = ld_table_over(room, table_count, seed); /* fits: the room was checked for it */
    memset(table.slots, 0, (table.mask + 1) * sizeof *table.slots);

    const uint64_t *restrict table_keys = table_side->keys + table_start;
    int32_t *restrict table_indices = table_side->indices + table_start;
    /* From the back, so each identity's chain runs in ascending order: indices [table_count -
     * done_end, table_count - done). */
    LD_FOR_CHUNKS(cancel, done, done_end, 0, table_count, {
        for (size_t x = table_count - done; x > table_count - done_end;) {
            x--;
            ld_table_insert(table, table_keys, 0, x, ld_home_slot(table_keys[x], table));
        }
    });
    const uint64_t *restrict probe_keys = probe_side->keys + probe_start;
    int32_t *restrict probe_indices = probe_side->indices + probe_start;
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, probe_count, {
        for (size_t y = chunk; y < chunk_end; y++) {
            uint64_t identity = probe_keys[y];
            size_t candidate;
            if (ld_table_take(table, table_keys, 0, identity, ld_home_slot(identity, table), &candidate,
                              repeated != NULL, repeated)) {
                /* Each table element is matched once, so its index is not read again. */
                int32_t table_index = table_indices[candidate];
                table_indices[candidate] = ~probe_indices[y];
                probe_indices[y] = ~table_index;
            }
        }
    });
    return LD_OK;
}

ld_status ld_partitioned_match(ld_workspace_t *workspace, ld_diff_t *diff, size_t start, size_t source_end,
                               size_t target_end, bool *out_spread, bool *out_repeated, void **out_scratch) {
    *out_spread = false;
    ld_status status = ld_partitions_reserve(workspace, diff->source_count, diff->target_count, false, diff->cancel,
                                             out_scratch);
    if (status != LD_OK) return status;

    bool source_is_table = diff->source_count <= diff->target_count;
    size_t table_count = (source_is_table ? source_end : target_end) - start;
    unsigned partition_bits = 1;
    while (partition_bits < LD_MOST_PARTITION_BITS && table_count >> partition_bits > LD_PARTITION_ELEMENTS) {
        partition_bits++;
    }
    size_t partitions = (size_t)1 << partition_bits;
    unsigned shift = 64 - partition_bits;
    uint64_t seed = workspace->slot_seed;
    /* The updates' buffer has room for 8 bytes per element of the smaller side, far more than
     * the bounds of both sides and one side's cursors. */
    uint32_t *bounds = (uint32_t *)(void *)diff->updated;
    ld_partitioned_side_t source = {
        .ids = diff->source,
        .map = diff->source_to_target,
        .end = source_end,
        .indices = diff->deleted,
        .bounds = bounds,
    };
    ld_partitioned_side_t target = {
        .ids = diff->target,
        .map = diff->target_to_source,
        .end = target_end,
        .indices = diff->inserted,
        .bounds = bounds + partitions + 1,
    };
    ld_partitioned_side_t *table_side = source_is_table ? &source : &target;
    ld_partitioned_side_t *probe_side = source_is_table ? &target : &source;
    table_side->keys = *out_scratch;
    probe_side->keys = table_side->keys + table_count;
    uint32_t *cursor = bounds + 2 * (partitions + 1);

    if ((status = ld_partition_count(table_side, start, partitions, shift, seed, diff->cancel))) return status;
    /* Each partition's table goes in the moves' buffer, 8 bytes per element of the smaller
     * side. A partition too large for it means that a few identities repeat very often: the
     * caller then uses the single table. */
    size_t largest = 0, capacity, table_bytes;
    for (size_t p = 0; p < partitions; p++) {
        largest = ld_max_size(largest, table_side->bounds[p + 1] - table_side->bounds[p]);
    }
    (void)ld_table_capacity(largest, &capacity); /* fits: largest is a count of elements */
    table_bytes = (capacity + largest) * sizeof(uint32_t);
    if (table_bytes > ld_min_size(diff->source_count, diff->target_count) * sizeof(ld_pair_t)) return LD_OK;

    if ((status = ld_partition_count(probe_side, start, partitions, shift, seed, diff->cancel)) ||
        (status = ld_partition_scatter(table_side, start, partitions, shift, seed, cursor, diff->cancel)) ||
        (status = ld_partition_scatter(probe_side, start, partitions, shift, seed, cursor, diff->cancel))) {
        return status;
    }
    uint32_t *room = (uint32_t *)(void *)diff->moved;
    bool repeated = false;
    for (size_t p = 0; p < partitions && !repeated; p++) {
        if (ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        status = out_repeated != NULL
                     ? ld_partition_join(table_side, probe_side, p, room, seed, diff->cancel, &repeated)
                     : ld_partition_join(table_side, probe_side, p, room, seed, diff->cancel, NULL);
        if (status != LD_OK) return status;
    }
    *out_spread = true;
    if (out_repeated != NULL) *out_repeated = repeated;
    if (repeated) return LD_OK; /* the caller reads no map */
    if ((status = ld_partition_gather(table_side, start, partitions, shift, seed, cursor, diff->cancel)) ||
        (status = ld_partition_gather(probe_side, start, partitions, shift, seed, cursor, diff->cancel))) {
        return status;
    }
    return LD_OK;
}
