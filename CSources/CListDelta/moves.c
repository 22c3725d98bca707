#include "internal.h"

/* Patience sorting over matched pairs in target order, finding a longest run of increasing
 * source indices: tails[l] holds the pair ending the run of length l + 1 whose source is the
 * smallest found so far, and predecessor[source] the target before that source's pair on its
 * run (or, inside a stretch of pairs that extended the longest run one after another, a link
 * to the stretch's first target, so the walk back skips the stretch in one step). The tails
 * live in the moves' buffer: the walk reads only the run's end from them, before it writes
 * the first move. */
typedef struct {
    ld_pair_t *tails;
    ld_pair_t *tails_end;
    int32_t *predecessor;
    int32_t last_source; /* the run's end, -1 while empty */
    int32_t link;        /* the predecessor the next append takes */
} ld_patience_t;

/* The value predecessor takes when a pair extended the longest run straight after the pair
 * before it: the first target of that stretch. The map is its own inverse. */
static inline int32_t ld_stretch_link(int32_t first) { return -2 - first; }

static ld_patience_t ld_patience_start(ld_diff_t *diff, int32_t *predecessor) {
    return (ld_patience_t){
        .tails = diff->moved, .tails_end = diff->moved, .predecessor = predecessor, .last_source = -1, .link = -1,
    };
}

static inline size_t ld_patience_length(const ld_patience_t *sort) {
    return (size_t)(sort->tails_end - sort->tails);
}

/* Most pairs extend the longest run, so the append test, against the run's end kept in a
 * register, comes before any search; an append needs nothing but `link`, a stretch link
 * exactly when the run's end is the pair just before it. That branch is predicted and keeps
 * the run's end off a dependency chain; the search's comparisons, for a pair that lands
 * anywhere, would be coin tosses to predict, so the search selects without branching.
 * Callers keep the state in a local, so its fields live in registers across their loops. */
static inline void ld_patience_add(ld_patience_t *sort, int32_t source, int32_t target) {
    if (source > sort->last_source) {
        sort->predecessor[source] = sort->link;
        sort->link = sort->link < -1 ? sort->link : ld_stretch_link(target);
        *sort->tails_end++ = (ld_pair_t){ source, target };
        sort->last_source = source;
        return;
    }
    /* The first tail whose source is above `source`: one exists, the run's end. Every tail
     * before `first_above` is below, and it is within the `remaining` tails from there on. */
    ld_pair_t *tails = sort->tails;
    size_t length = ld_patience_length(sort);
    const ld_pair_t *first_above = tails;
    for (size_t remaining = length; remaining > 1;) {
        size_t half = remaining / 2;
        first_above = first_above[half - 1].source < source ? first_above + half : first_above;
        remaining -= half;
    }
    size_t low = (size_t)(first_above - tails);
    sort->predecessor[source] = low > 0 ? tails[low - 1].target : -1;
    tails[low] = (ld_pair_t){ source, target };
    if (low == length - 1) {
        sort->last_source = source;
        sort->link = ld_stretch_link(target);
    } else {
        sort->link = tails[length - 1].target;
    }
}

/* Walking back along the longest run yields the moves as the matched targets in the gaps
 * between its stretches, from the last target to the first. */
static ld_status ld_list_moves(ld_diff_t *diff, const ld_patience_t *sort, size_t matched_prefix) {
    const int32_t *restrict target_to_source = diff->target_to_source;
    const int32_t *restrict predecessor = sort->predecessor;
    size_t matched = diff->target_count - matched_prefix - diff->inserted_count;
    size_t next_free = matched - ld_patience_length(sort), steps = 0;
    ld_pair_t *moved = diff->moved;
    int32_t before_first = (int32_t)matched_prefix - 1; /* the walk ends above the prefix */
    int32_t gap_end = (int32_t)diff->target_count; /* matched targets in (on_run, gap_end) move */
    int32_t on_run = sort->tails_end > sort->tails ? sort->tails_end[-1].target : -1;
    for (;;) {
        int32_t gap_start = on_run < 0 ? before_first : on_run;
        for (int32_t j = gap_end - 1; j > gap_start; j--) {
            int32_t source = target_to_source[j];
            if (source >= 0) moved[--next_free] = (ld_pair_t){ source, j };
        }
        if (on_run < 0) break;
        if ((++steps & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        int32_t link = predecessor[target_to_source[on_run]], first = on_run;
        if (link < -1) {
            first = ld_stretch_link(link);
            link = predecessor[target_to_source[first]];
        }
        gap_end = first;
        on_run = link;
    }
    diff->moved_count = matched - ld_patience_length(sort);
    return LD_OK;
}

ld_status ld_moves_from_pairs(ld_diff_t *diff, const ld_pair_t *pairs, size_t pair_count,
                              int32_t *predecessor, size_t matched_prefix) {
    ld_patience_t sort = ld_patience_start(diff, predecessor);
    for (size_t chunk_start = 0; chunk_start < pair_count; chunk_start += LD_POLL_INTERVAL) {
        if (ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        size_t chunk_end = ld_min_size(pair_count, chunk_start + LD_POLL_INTERVAL);
        for (size_t k = chunk_start; k < chunk_end; k++) ld_patience_add(&sort, pairs[k].source, pairs[k].target);
    }
    return ld_list_moves(diff, &sort, matched_prefix);
}

ld_status ld_moves_from_targets(ld_diff_t *diff, int32_t *predecessor, size_t matched_prefix) {
    const int32_t *restrict target_to_source = diff->target_to_source;
    int32_t *restrict inserted = diff->inserted;
    size_t end = diff->target_count, inserted_count = diff->inserted_count;
    ld_patience_t sort = ld_patience_start(diff, predecessor);
    for (size_t chunk_start = matched_prefix; chunk_start < end; chunk_start += LD_POLL_INTERVAL) {
        if (ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        size_t chunk_end = ld_min_size(end, chunk_start + LD_POLL_INTERVAL);
        for (size_t j = chunk_start; j < chunk_end; j++) {
            int32_t source = target_to_source[j];
            if (source < 0) {
                inserted[inserted_count++] = (int32_t)j;
            } else {
                ld_patience_add(&sort, source, (int32_t)j);
            }
        }
    }
    diff->inserted_count = inserted_count;
    return ld_list_moves(diff, &sort, matched_prefix);
}
