#include "internal.h"

/* Marks an ordinal on the longest increasing run; real predecessors are >= -1. */
#define LD_ON_RUN (-2)

/* Patience sorting over the source indices of matched targets, in target order. Ordinal o is
 * the o-th matched target after the prefix; tail_value[l] / tail_ordinal[l] describe the
 * smallest last element of an increasing run of length l + 1 found so far. */
ld_status ld_find_minimal_moves(ld_diff_t *diff, ld_workspace_t *workspace, size_t matched_prefix) {
    size_t matched_max = ld_min_size(diff->source_count, diff->target_count) - matched_prefix;
    int32_t *scratch;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, matched_max,
                                            3 * sizeof(int32_t), (void **)&scratch);
    if (status != LD_OK) return status;
    int32_t *tail_value = scratch, *tail_ordinal = scratch + matched_max;
    int32_t *predecessor = scratch + 2 * matched_max;

    const int32_t *target_to_source = diff->target_to_source;
    size_t length = 0, ordinal = 0;
    for (size_t j = matched_prefix; j < diff->target_count; j++) {
        if (((j - matched_prefix) & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) {
            return LD_CANCELLED;
        }
        int32_t value = target_to_source[j];
        if (value < 0) continue;
        size_t position;
        if (length == 0 || value > tail_value[length - 1]) {
            position = length;
        } else {
            size_t low = 0, high = length - 1;
            while (low < high) {
                size_t middle = low + (high - low) / 2;
                if (tail_value[middle] < value) low = middle + 1; else high = middle;
            }
            position = low;
        }
        predecessor[ordinal] = position > 0 ? tail_ordinal[position - 1] : -1;
        tail_value[position] = value;
        tail_ordinal[position] = (int32_t)ordinal;
        if (position == length) length++;
        ordinal++;
    }
    for (int32_t o = length > 0 ? tail_ordinal[length - 1] : -1; o >= 0;) {
        int32_t previous = predecessor[o];
        predecessor[o] = LD_ON_RUN;
        o = previous;
    }
    ordinal = 0;
    for (size_t j = matched_prefix; j < diff->target_count; j++) {
        if (((j - matched_prefix) & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) {
            return LD_CANCELLED;
        }
        int32_t value = target_to_source[j];
        if (value < 0) continue;
        if (predecessor[ordinal++] != LD_ON_RUN) {
            diff->moved[diff->moved_count++] = (ld_pair_t){ value, (int32_t)j };
        }
    }
    return LD_OK;
}
