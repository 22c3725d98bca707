#include "internal.h"

/* The value predecessor[o] takes when o extended the longest run straight after o - 1: the
 * first ordinal of that unbroken stretch, so the walk back skips the stretch in one step. */
static inline int32_t ld_stretch_link(int32_t first) { return -2 - first; }

/* Patience sorting over the source indices of matched targets, in target order. Ordinal o is
 * the o-th matched target after the prefix, at target index target_of[o]; tail_value[l] and
 * tail_ordinal[l] describe the smallest last element of an increasing run of length l + 1
 * found so far, and predecessor[o] the element before o on its run (or, inside a stretch of
 * consecutive ordinals that extended the longest run one after another, a link to the
 * stretch's first ordinal). Most survivors extend the longest run, so the append test
 * (against the run's end kept in registers) comes before any search. Branches beat
 * branch-free selects here: predicted, they keep the run's end off a dependency chain.
 * Walking back along the longest run then yields the moves as the gaps between its
 * stretches, from the last target to the first. */
ld_status ld_find_minimal_moves(ld_diff_t *diff, ld_workspace_t *workspace, size_t matched_prefix,
                                bool collect_inserts) {
    size_t entries = ld_min_size(diff->source_count, diff->target_count) - matched_prefix;
    int32_t *scratch;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, entries,
                                            4 * sizeof(int32_t), (void **)&scratch);
    if (status != LD_OK) return status;
    int32_t *restrict tail_value = scratch;
    int32_t *restrict tail_ordinal = scratch + entries;
    int32_t *restrict predecessor = scratch + 2 * entries;
    int32_t *restrict target_of = scratch + 3 * entries;
    const int32_t *restrict target_to_source = diff->target_to_source;
    int32_t *restrict inserted = diff->inserted;

    size_t end = diff->target_count, length = 0, ordinal = 0, inserted_count = diff->inserted_count;
    /* The end of the longest run, and the first ordinal of the stretch it closes. */
    int32_t last_value = -1, last_ordinal = -1, last_first = -1;
    for (size_t chunk_start = matched_prefix; chunk_start < end; chunk_start += LD_POLL_INTERVAL) {
        if (ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        size_t chunk_end = ld_min_size(end, chunk_start + LD_POLL_INTERVAL);
        for (size_t j = chunk_start; j < chunk_end; j++) {
            int32_t value = target_to_source[j], current = (int32_t)ordinal;
            if (value < 0) {
                if (collect_inserts) inserted[inserted_count++] = (int32_t)j;
                continue;
            }
            target_of[ordinal] = (int32_t)j;
            if (value > last_value) {
                bool unbroken = last_ordinal == current - 1 && last_ordinal >= 0;
                predecessor[ordinal] = unbroken ? ld_stretch_link(last_first) : last_ordinal;
                if (!unbroken) last_first = current;
                tail_value[length] = last_value = value;
                tail_ordinal[length++] = last_ordinal = current;
                ordinal++;
                continue;
            }
            size_t low = 0, high = length - 1;
            while (low < high) {
                size_t middle = low + (high - low) / 2;
                if (tail_value[middle] < value) low = middle + 1; else high = middle;
            }
            predecessor[ordinal] = low > 0 ? tail_ordinal[low - 1] : -1;
            tail_value[low] = value;
            tail_ordinal[low] = current;
            if (low == length - 1) {
                last_value = value;
                last_ordinal = last_first = current;
            }
            ordinal++;
        }
    }
    diff->inserted_count = inserted_count;

    size_t next_free = ordinal - length, steps = 0;
    ld_pair_t *restrict moved = diff->moved;
    int32_t gap_end = (int32_t)ordinal; /* ordinals in (on_run, gap_end) are off the run */
    for (int32_t on_run = last_ordinal;;) {
        for (int32_t off = gap_end - 1; off > on_run; off--) {
            int32_t j = target_of[off];
            moved[--next_free] = (ld_pair_t){ target_to_source[j], j };
        }
        if (on_run < 0) break;
        if ((++steps & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        int32_t link = predecessor[on_run], first = on_run;
        if (link < -1) {
            first = ld_stretch_link(link); /* the same map reversed: -2 - link */
            link = predecessor[first];
        }
        gap_end = first;
        on_run = link;
    }
    diff->moved_count = ordinal - length;
    return LD_OK;
}
