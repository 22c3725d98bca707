#include "internal.h"

/* Patience sorting over the source indices of matched targets, in target order. Ordinal o is
 * the o-th matched target after the prefix, at target index target_of[o]; tail_value[l] and
 * tail_ordinal[l] describe the smallest last element of an increasing run of length l + 1
 * found so far, and predecessor[o] the element before o on its run. Most survivors extend the
 * longest run, so the append test (against the run's end kept in registers) comes before any
 * search. Walking back along the longest run then yields the moves as the gaps between its
 * ordinals, from the last target to the first. */
ld_status ld_find_minimal_moves(ld_diff_t *diff, ld_workspace_t *workspace, size_t matched_prefix,
                                bool collect_inserts) {
    size_t matched_max = ld_min_size(diff->source_count, diff->target_count) - matched_prefix;
    int32_t *scratch;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, matched_max,
                                            4 * sizeof(int32_t), (void **)&scratch);
    if (status != LD_OK) return status;
    int32_t *restrict tail_value = scratch;
    int32_t *restrict tail_ordinal = scratch + matched_max;
    int32_t *restrict predecessor = scratch + 2 * matched_max;
    int32_t *restrict target_of = scratch + 3 * matched_max;
    const int32_t *restrict target_to_source = diff->target_to_source;
    int32_t *restrict inserted = diff->inserted;

    size_t end = diff->target_count, length = 0, ordinal = 0, inserted_count = diff->inserted_count;
    int32_t last_value = -1, last_ordinal = -1; /* the end of the longest run */
    for (size_t chunk_start = matched_prefix; chunk_start < end; chunk_start += LD_POLL_INTERVAL) {
        if (ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        size_t chunk_end = ld_min_size(end, chunk_start + LD_POLL_INTERVAL);
        for (size_t j = chunk_start; j < chunk_end; j++) {
            int32_t value = target_to_source[j];
            if (value < 0) {
                if (collect_inserts) inserted[inserted_count++] = (int32_t)j;
                continue;
            }
            target_of[ordinal] = (int32_t)j;
            if (value > last_value) {
                predecessor[ordinal] = last_ordinal;
                tail_value[length] = last_value = value;
                tail_ordinal[length++] = last_ordinal = (int32_t)ordinal++;
                continue;
            }
            size_t low = 0, high = length - 1;
            while (low < high) {
                size_t middle = low + (high - low) / 2;
                if (tail_value[middle] < value) low = middle + 1; else high = middle;
            }
            predecessor[ordinal] = low > 0 ? tail_ordinal[low - 1] : -1;
            tail_value[low] = value;
            tail_ordinal[low] = (int32_t)ordinal;
            if (low == length - 1) {
                last_value = value;
                last_ordinal = (int32_t)ordinal;
            }
            ordinal++;
        }
    }
    diff->inserted_count = inserted_count;

    size_t next_free = ordinal - length, steps = 0;
    ld_pair_t *restrict moved = diff->moved;
    int32_t gap_end = (int32_t)ordinal; /* ordinals in (on_run, gap_end) are off the run */
    for (int32_t on_run = last_ordinal;; on_run = predecessor[on_run]) {
        for (int32_t off = gap_end - 1; off > on_run; off--) {
            int32_t j = target_of[off];
            moved[--next_free] = (ld_pair_t){ target_to_source[j], j };
        }
        if (on_run < 0) break;
        if ((++steps & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        gap_end = on_run;
    }
    diff->moved_count = ordinal - length;
    return LD_OK;
}
