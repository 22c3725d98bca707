#include "internal.h"

/* The value predecessor[j] takes when target j extended the longest run straight after the
 * matched target before it: the first target of that unbroken stretch, so the walk back skips
 * the stretch in one step. */
static inline int32_t ld_stretch_link(int32_t first) { return -2 - first; }

/* The arrays of one patience sort, and how far it got. */
typedef struct {
    int32_t *tail_value;
    int32_t *tail_target;
    int32_t *predecessor; /* one per target; those of the prefix go unused */
    size_t length;
} ld_patience_t;

bool ld_moves_scratch_bytes(size_t matched_max, size_t targets, size_t *out) {
    size_t entries;
    return ld_add_size(2 * matched_max, targets, &entries) && ld_mul_size(entries, sizeof(int32_t), out);
}

/* Patience sorting over the source indices of matched targets, in target order: tail_value[l]
 * and tail_target[l] describe the smallest last element of an increasing run of length l + 1
 * found so far, and predecessor[j] the target before j on its run (or, inside a stretch of
 * matched targets that extended the longest run one after another, a link to the stretch's
 * first target). Most survivors extend the longest run, so the append test (against the run's
 * end kept in registers) comes before any search, and an append needs nothing but `link`:
 * the predecessor it takes, a stretch link exactly when the run's end is the matched target
 * just before it. Branches beat branch-free selects here: predicted, they keep the run's end
 * off a dependency chain. Inlined with `collect_inserts` constant, so the common loop carries
 * no insert bookkeeping and few enough values to keep them all in registers. */
static inline ld_status ld_patience_sort(ld_diff_t *diff, ld_patience_t *sort, size_t matched_prefix,
                                         bool collect_inserts) {
    int32_t *restrict tail_value = sort->tail_value;
    int32_t *restrict tail_target = sort->tail_target;
    int32_t *restrict predecessor = sort->predecessor;
    const int32_t *restrict target_to_source = diff->target_to_source;
    int32_t *restrict inserted = diff->inserted;
    size_t end = diff->target_count, length = 0, inserted_count = diff->inserted_count;
    int32_t last_value = -1, link = -1;
    for (size_t chunk_start = matched_prefix; chunk_start < end; chunk_start += LD_POLL_INTERVAL) {
        if (ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        size_t chunk_end = ld_min_size(end, chunk_start + LD_POLL_INTERVAL);
        for (size_t j = chunk_start; j < chunk_end; j++) {
            int32_t value = target_to_source[j];
            if (value < 0) {
                if (collect_inserts) inserted[inserted_count++] = (int32_t)j;
                continue;
            }
            if (value > last_value) {
                predecessor[j] = link;
                link = link < -1 ? link : ld_stretch_link((int32_t)j);
                tail_value[length] = last_value = value;
                tail_target[length++] = (int32_t)j;
                continue;
            }
            size_t low = 0, high = length - 1;
            while (low < high) {
                size_t middle = low + (high - low) / 2;
                if (tail_value[middle] < value) low = middle + 1; else high = middle;
            }
            predecessor[j] = low > 0 ? tail_target[low - 1] : -1;
            tail_value[low] = value;
            tail_target[low] = (int32_t)j;
            if (low == length - 1) {
                last_value = value;
                link = ld_stretch_link((int32_t)j);
            } else {
                link = tail_target[length - 1];
            }
        }
    }
    diff->inserted_count = inserted_count;
    sort->length = length;
    return LD_OK;
}

/* Walking back along the longest run yields the moves as the matched targets in the gaps
 * between its stretches, from the last target to the first. */
ld_status ld_find_minimal_moves(ld_diff_t *diff, ld_workspace_t *workspace, size_t matched_prefix,
                                bool collect_inserts) {
    size_t matched_max = ld_min_size(diff->source_count, diff->target_count) - matched_prefix;
    size_t targets = diff->target_count - matched_prefix, scratch_bytes;
    int32_t *scratch;
    if (!ld_moves_scratch_bytes(matched_max, diff->target_count, &scratch_bytes)) return LD_ERROR_OVERFLOW;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, scratch_bytes, 1, (void **)&scratch);
    if (status != LD_OK) return status;
    ld_patience_t sort = {
        .tail_value = scratch,
        .tail_target = scratch + matched_max,
        .predecessor = scratch + 2 * matched_max,
    };
    status = collect_inserts ? ld_patience_sort(diff, &sort, matched_prefix, true)
                             : ld_patience_sort(diff, &sort, matched_prefix, false);
    if (status != LD_OK) return status;

    const int32_t *restrict target_to_source = diff->target_to_source;
    const int32_t *restrict predecessor = sort.predecessor;
    size_t matched = targets - diff->inserted_count, next_free = matched - sort.length, steps = 0;
    ld_pair_t *restrict moved = diff->moved;
    int32_t before_first = (int32_t)matched_prefix - 1; /* the walk ends above the prefix */
    int32_t gap_end = (int32_t)diff->target_count; /* matched targets in (on_run, gap_end) move */
    int32_t on_run = sort.length > 0 ? sort.tail_target[sort.length - 1] : -1;
    for (;;) {
        int32_t gap_start = on_run < 0 ? before_first : on_run;
        for (int32_t j = gap_end - 1; j > gap_start; j--) {
            int32_t source = target_to_source[j];
            if (source >= 0) moved[--next_free] = (ld_pair_t){ source, j };
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
    diff->moved_count = matched - sort.length;
    return LD_OK;
}
