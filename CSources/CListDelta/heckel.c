#include "table.h"

/* Which side is hashed and which is probed, with everything the passes write. */
typedef struct {
    ld_diff_t *diff;
    size_t start; /* the matched prefix: both sides begin here */
    const uint64_t *table_ids;
    int32_t *table_map;
    size_t table_end;
    const uint64_t *probe_ids;
    int32_t *probe_map;
    size_t probe_end;
    int32_t *probe_unmatched; /* deleted when the source is probed, else inserted */
    size_t *probe_unmatched_count;
    bool source_is_probed;
} ld_sides_t;

/* Inserts the table side from the back, so each identity's chain runs in ascending order,
 * and marks every table-side index unmatched. */
static ld_status ld_table_build(ld_table_t table, const ld_sides_t *sides) {
    const uint64_t *restrict ids = sides->table_ids;
    int32_t *restrict map = sides->table_map;
    size_t start = sides->start;
    size_t end = sides->table_end, ring[LD_PREFETCH_DISTANCE];
    if (!ld_table_prefetches(table)) {
        LD_FOR_CHUNKS(sides->diff->cancel, done, done_end, 0, end - start, {
            for (size_t i = end - done; i > end - done_end;) {
                i--;
                map[i] = -1;
                ld_table_insert(table, ids, start, i, ld_home_slot(ids[i], table));
            }
        });
        return LD_OK;
    }
    for (size_t i = end; i > start && end - i < LD_PREFETCH_DISTANCE;) {
        i--;
        ring[i % LD_PREFETCH_DISTANCE] = ld_home_slot(ids[i], table);
        ld_prefetch(&table.slots[ring[i % LD_PREFETCH_DISTANCE]]);
    }
    size_t prefetching_above = start + LD_PREFETCH_DISTANCE; /* indices that prefetch one below */
    /* Chunks counted from the back: this one inserts indices [end - done_end, end - done). */
    LD_FOR_CHUNKS(sides->diff->cancel, done, done_end, 0, end - start, {
        size_t chunk_start = end - done_end, i = end - done;
        for (size_t low = chunk_start > prefetching_above ? chunk_start : prefetching_above; i > low;) {
            i--;
            size_t home = ring[i % LD_PREFETCH_DISTANCE];
            size_t ahead = ld_home_slot(ids[i - LD_PREFETCH_DISTANCE], table);
            ring[i % LD_PREFETCH_DISTANCE] = ahead;
            ld_prefetch(&table.slots[ahead]);
            map[i] = -1;
            ld_table_insert(table, ids, start, i, home);
        }
        while (i > chunk_start) {
            i--;
            map[i] = -1;
            ld_table_insert(table, ids, start, i, ring[i % LD_PREFETCH_DISTANCE]);
        }
    });
    return LD_OK;
}

/* Everything the probe loop carries from one element to the next, kept in a local so that
 * its fields live in registers. */
typedef struct {
    ld_table_t table;
    size_t start;
    const uint64_t *table_ids;
    int32_t *table_map;
    const uint64_t *probe_ids;
    int32_t *probe_map;
    int32_t *unmatched_end;
    ld_pair_t *pairs_end;
    ld_diff_t *diff;
    bool repeated; /* an identity on both sides occurs more than once on one of them */
} ld_probe_t;

/* Looks up probe element j, from its home slot `position`, and pairs it with the table
 * side's next unmatched occurrence. With `pairs_here` (the target is probed) it appends the
 * pair to the list the moves are found from, with `updates_here` (the source is probed and has
 * content hashes) it lists an updated pair, with `detect_repeats` it notes an identity that
 * occurs on both sides and more than once on either: one whose slot says more occurrences
 * follow, or one met again in a slot it exhausted. */
static LD_ALWAYS_INLINE void ld_probe_one(ld_probe_t *probe, size_t j, size_t position, bool pairs_here,
                                          bool updates_here, bool detect_repeats) {
    size_t candidate;
    if (!ld_table_take(probe->table, probe->table_ids, probe->start, probe->probe_ids[j], position, &candidate,
                       detect_repeats, &probe->repeated)) {
        probe->probe_map[j] = -1;
        *probe->unmatched_end++ = (int32_t)j;
        return;
    }
    probe->table_map[candidate] = (int32_t)j;
    probe->probe_map[j] = (int32_t)candidate;
    if (pairs_here) *probe->pairs_end++ = (ld_pair_t){ (int32_t)candidate, (int32_t)j };
    if (updates_here && probe->diff->source_content[j] != probe->diff->target_content[candidate]) {
        probe->diff->updated[probe->diff->updated_count++] = (ld_pair_t){ (int32_t)j, (int32_t)candidate };
    }
}

/* Reports what a pass of ld_probe_side found (see there). */
static LD_ALWAYS_INLINE ld_status ld_probe_finish(const ld_probe_t *probe, const ld_sides_t *sides, ld_pair_t *pairs,
                                                  size_t *pair_count, bool *repeated) {
    *sides->probe_unmatched_count = (size_t)(probe->unmatched_end - sides->probe_unmatched);
    if (pairs != NULL) *pair_count = (size_t)(probe->pairs_end - pairs);
    if (repeated != NULL) *repeated = probe->repeated;
    return LD_OK;
}

/* Looks up the probe side in order, listing its unmatched indices and, when `pairs` is
 * given, the matched pairs (see ld_probe_one); their count goes to `pair_count`. With
 * `repeated`, it stops early once an identity on both sides repeats, and says whether one did. */
static LD_ALWAYS_INLINE ld_status ld_probe_side(ld_table_t table, const ld_sides_t *sides, ld_pair_t *pairs,
                                                size_t *pair_count, bool updates_here, bool *repeated,
                                                bool prefetching) {
    ld_probe_t probe = {
        .table = table,
        .start = sides->start,
        .table_ids = sides->table_ids,
        .table_map = sides->table_map,
        .probe_ids = sides->probe_ids,
        .probe_map = sides->probe_map,
        .unmatched_end = sides->probe_unmatched + *sides->probe_unmatched_count,
        .pairs_end = pairs,
        .diff = sides->diff,
    };
    bool pairs_here = pairs != NULL, detect_repeats = repeated != NULL;
    size_t end = sides->probe_end;
    if (!prefetching) {
        LD_FOR_CHUNKS(sides->diff->cancel, chunk, chunk_end, sides->start, end, {
            for (size_t j = chunk; j < chunk_end; j++) {
                ld_probe_one(&probe, j, ld_home_slot(probe.probe_ids[j], table), pairs_here, updates_here,
                             detect_repeats);
            }
            if (detect_repeats && probe.repeated) break;
        });
        return ld_probe_finish(&probe, sides, pairs, pair_count, repeated);
    }
    size_t ring[LD_PREFETCH_DISTANCE];
    for (size_t j = sides->start; j < ld_min_size(end, sides->start + LD_PREFETCH_DISTANCE); j++) {
        ring[j % LD_PREFETCH_DISTANCE] = ld_home_slot(probe.probe_ids[j], table);
        ld_prefetch(&table.slots[ring[j % LD_PREFETCH_DISTANCE]]);
    }
    size_t prefetching_below = end > LD_PREFETCH_DISTANCE ? end - LD_PREFETCH_DISTANCE : 0;
    LD_FOR_CHUNKS(sides->diff->cancel, chunk, chunk_end, sides->start, end, {
        size_t j = chunk;
        for (size_t high = ld_min_size(chunk_end, prefetching_below); j < high; j++) {
            size_t position = ring[j % LD_PREFETCH_DISTANCE];
            size_t ahead = ld_home_slot(probe.probe_ids[j + LD_PREFETCH_DISTANCE], table);
            ring[j % LD_PREFETCH_DISTANCE] = ahead;
            ld_prefetch(&table.slots[ahead]);
            ld_probe_one(&probe, j, position, pairs_here, updates_here, detect_repeats);
        }
        for (; j < chunk_end; j++)
            ld_probe_one(&probe, j, ring[j % LD_PREFETCH_DISTANCE], pairs_here, updates_here, detect_repeats);
        if (detect_repeats && probe.repeated) break;
    });
    return ld_probe_finish(&probe, sides, pairs, pair_count, repeated);
}

static LD_ALWAYS_INLINE ld_status ld_table_probe_as(ld_table_t table, const ld_sides_t *sides, ld_pair_t *pairs,
                                                    size_t *pair_count, bool prefetching) {
    if (!sides->source_is_probed) return ld_probe_side(table, sides, pairs, pair_count, false, NULL, prefetching);
    return sides->diff->source_content != NULL ? ld_probe_side(table, sides, NULL, NULL, true, NULL, prefetching)
                                               : ld_probe_side(table, sides, NULL, NULL, false, NULL, prefetching);
}

/* A table that stays in cache and one that does not each get their own copy of the probe
 * loops, so that neither compiles around the other's. */
static LD_NOINLINE ld_status ld_table_probe_in_cache(ld_table_t table, const ld_sides_t *sides, ld_pair_t *pairs,
                                                     size_t *pair_count) {
    return ld_table_probe_as(table, sides, pairs, pair_count, false);
}

static LD_NOINLINE ld_status ld_table_probe_prefetching(ld_table_t table, const ld_sides_t *sides, ld_pair_t *pairs,
                                                        size_t *pair_count) {
    return ld_table_probe_as(table, sides, pairs, pair_count, true);
}

static ld_status ld_table_probe(ld_table_t table, const ld_sides_t *sides, ld_pair_t *pairs, size_t *pair_count) {
    return ld_table_prefetches(table) ? ld_table_probe_prefetching(table, sides, pairs, pair_count)
                                      : ld_table_probe_in_cache(table, sides, pairs, pair_count);
}

ld_status ld_table_reserve(ld_workspace_t *workspace, size_t source_count, size_t target_count, size_t *out_most_slots,
                           void **out_scratch, bool touch, const ld_cancel_token_t *cancel) {
    size_t smaller = ld_min_size(source_count, target_count), slot_bytes, next_bytes, table_bytes;
    if (!ld_table_capacity(smaller, out_most_slots) || !ld_mul_size(*out_most_slots, sizeof(uint32_t), &slot_bytes) ||
        !ld_mul_size(smaller, sizeof(uint32_t), &next_bytes) || !ld_add_size(slot_bytes, next_bytes, &table_bytes)) {
        return LD_ERROR_OVERFLOW;
    }
    bool fresh;
    ld_status status = ld_workspace_reserve_fresh(workspace, LD_BUFFER_SCRATCH, table_bytes, 1, out_scratch, &fresh);
    if (status != LD_OK || !touch || !fresh) return status;
    return ld_fill(*out_scratch, 0, slot_bytes, cancel);
}

/* Reserves the table for the elements of `diff` from `start` to `source_end` and
 * `target_end`, over the smaller side, and fills `sides` and `table`. Scratch holds the table,
 * and after it, when the source is probed, the matched pairs and the patience sort's
 * predecessors and summary, which take no more room (12.25 bytes per pair and 4 more, against
 * at least 16 per table element and 32 in all). It is sized for the untrimmed counts, so a
 * warm workspace never grows for a diff whose counts are no larger than an earlier one's. */
static ld_status ld_table_prepare(ld_workspace_t *workspace, ld_diff_t *diff, size_t start, size_t source_end,
                                  size_t target_end, ld_sides_t *sides, ld_table_t *table) {
    size_t most_slots;
    void *scratch;
    ld_status status = ld_table_reserve(workspace, diff->source_count, diff->target_count, &most_slots, &scratch, false,
                                        diff->cancel);
    if (status != LD_OK) return status;

    bool source_is_table = diff->source_count <= diff->target_count;
    *sides = (ld_sides_t){
        .diff = diff,
        .start = start,
        .table_ids = source_is_table ? diff->source : diff->target,
        .table_map = source_is_table ? diff->source_to_target : diff->target_to_source,
        .table_end = source_is_table ? source_end : target_end,
        .probe_ids = source_is_table ? diff->target : diff->source,
        .probe_map = source_is_table ? diff->target_to_source : diff->source_to_target,
        .probe_end = source_is_table ? target_end : source_end,
        .probe_unmatched = source_is_table ? diff->inserted : diff->deleted,
        .probe_unmatched_count = source_is_table ? &diff->inserted_count : &diff->deleted_count,
        .source_is_probed = !source_is_table,
    };
    /* Fits: no more slots than most_slots, for no more elements. */
    *table = ld_table_over(scratch, sides->table_end - start, workspace->slot_seed);
    return ld_fill(table->slots, 0, (table->mask + 1) * sizeof *table->slots, diff->cancel);
}

/* Where the matched pairs go when the source is probed: in scratch, after the table's slots
 * are no longer needed, with room for one per target from `start` on and then the predecessors. */
static ld_pair_t *ld_scratch_pairs(ld_table_t table) { return (ld_pair_t *)(void *)table.slots; }

/* The rest of a Heckel diff whose elements after the prefix were matched through partitions:
 * the lists come from the index maps, the matched pairs in target order go to scratch. */
static ld_status ld_heckel_finish_partitioned(ld_diff_t *diff, size_t prefix, void *scratch) {
    ld_pair_t *pairs = scratch;
    size_t pair_count;
    ld_status status;
    if ((status = ld_collect_deletes_and_updates(diff)) ||
        (status = ld_collect_inserts(diff, prefix, pairs, &pair_count))) {
        return status;
    }
    int32_t *predecessor = (int32_t *)(pairs + (diff->target_count - prefix));
    return ld_find_moves(diff, pairs, pair_count, predecessor, predecessor + pair_count);
}

/* The rest of a Heckel diff whose common prefix covers one side: the rest of the other side is
 * deleted or inserted, nothing moves, and no table is needed. */
static ld_status ld_heckel_finish_prefix(ld_diff_t *diff, size_t prefix) {
    ld_status status;
    if ((diff->source_count > prefix &&
         (status = ld_fill(diff->source_to_target + prefix, 0xFF, (diff->source_count - prefix) * sizeof(int32_t),
                           diff->cancel))) ||
        (diff->target_count > prefix &&
         (status = ld_fill(diff->target_to_source + prefix, 0xFF, (diff->target_count - prefix) * sizeof(int32_t),
                           diff->cancel)))) {
        return status;
    }
    if ((status = ld_collect_deletes_and_updates(diff))) return status;
    return ld_collect_inserts(diff, prefix, NULL, NULL);
}

ld_status ld_heckel_match(ld_workspace_t *workspace, ld_diff_t *diff) {
    size_t source_count = diff->source_count, target_count = diff->target_count;
    ld_status status;
    size_t prefix;
    if ((status = ld_match_common_prefix(diff, &prefix))) return status;
    if (prefix == ld_min_size(source_count, target_count)) {
        if ((status = ld_heckel_finish_prefix(diff, prefix))) return status;
        return LD_OK;
    }
    if (ld_partitions_pay(source_count, target_count)) {
        bool spread;
        void *scratch;
        if ((status = ld_partitioned_match(workspace, diff, prefix, source_count, target_count, &spread, NULL,
                                           &scratch))) {
            return status;
        }
        if (spread) {
            if ((status = ld_heckel_finish_partitioned(diff, prefix, scratch))) return status;
            return LD_OK;
        }
    }

    ld_sides_t sides;
    ld_table_t table;
    if ((status = ld_table_prepare(workspace, diff, prefix, source_count, target_count, &sides, &table))) {
        return status;
    }
    if (sides.source_is_probed && diff->source_content != NULL) {
        /* Updates must come out in source order: the prefix's first, then the probe's. */
        if ((status = ld_collect_updates(diff, 0, prefix))) return status;
    }
    if ((status = ld_table_build(table, &sides))) return status;
    /* The moves are found from the matched pairs after the prefix, in target order. */
    size_t pair_count = 0;
    if (!sides.source_is_probed) {
        if ((status = ld_table_probe(table, &sides, diff->updated, &pair_count)) ||
            (status = ld_find_moves(diff, diff->updated, pair_count, diff->deleted, (int32_t *)table.slots)) ||
            (status = ld_collect_deletes_and_updates(diff))) {
            return status;
        }
    } else {
        ld_pair_t *pairs = ld_scratch_pairs(table);
        int32_t *predecessor = (int32_t *)(pairs + (target_count - prefix));
        if ((status = ld_table_probe(table, &sides, NULL, NULL)) ||
            (status = ld_collect_inserts(diff, prefix, pairs, &pair_count)) ||
            (status = ld_find_moves(diff, pairs, pair_count, predecessor, predecessor + pair_count))) {
            return status;
        }
    }
    return LD_OK;
}

ld_status ld_unique_pairs_from_table(ld_workspace_t *workspace, ld_diff_t *plain, size_t prefix, size_t suffix,
                                     bool *out_repeated, ld_pair_t **out_pairs, size_t *out_pair_count,
                                     int32_t **out_predecessor, int32_t **out_summary) {
    ld_sides_t sides;
    ld_table_t table;
    ld_status status;
    if ((status = ld_table_prepare(workspace, plain, prefix, plain->source_count - suffix, plain->target_count - suffix,
                                   &sides, &table)) ||
        (status = ld_table_build(table, &sides))) {
        return status;
    }
    *out_pair_count = 0;
    if (!sides.source_is_probed) {
        *out_pairs = plain->updated;
        *out_predecessor = plain->deleted;
        *out_summary = (int32_t *)table.slots;
        return ld_probe_side(table, &sides, *out_pairs, out_pair_count, false, out_repeated,
                             ld_table_prefetches(table));
    }
    *out_pairs = ld_scratch_pairs(table);
    *out_predecessor = (int32_t *)(*out_pairs + (plain->target_count - prefix));
    status = ld_probe_side(table, &sides, NULL, NULL, false, out_repeated, ld_table_prefetches(table));
    if (status != LD_OK || *out_repeated) return status;
    status = ld_collect_inserts(plain, prefix, *out_pairs, out_pair_count);
    *out_summary = *out_predecessor + *out_pair_count;
    return status;
}

ld_status ld_heckel_reserve(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                            const ld_cancel_token_t *cancel) {
    size_t most_slots;
    void *scratch;
    ld_status status = ld_table_reserve(workspace, source_count, target_count, &most_slots, &scratch, false, cancel);
    if (status != LD_OK || !ld_partitions_pay(source_count, target_count)) return status;
    return ld_partitions_reserve(workspace, source_count, target_count, false, cancel, &scratch);
}
