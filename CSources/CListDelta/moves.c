#include "internal.h"

/* The pair ending an increasing run: its source, and its index in the pair list. */
typedef struct {
    int32_t source;
    int32_t pair;
} ld_tail_t;

/* Tails per block of the summary: 16 tails, two cache lines. */
#define LD_SUMMARY_BLOCK 16

/* Patience sorting over the pair list, finding a longest run of increasing sources:
 * tails[l] ends the run of length l + 1 whose last source is the smallest found so far,
 * summary[b] is the source of the last tail in block b (tails 16b to 16b + 15), so a search
 * reads the summary, a sixteenth of the tails' size, and then one block, and
 * predecessor[k] is the pair before pair k on its run (or, inside a stretch of pairs that
 * extended the longest run one after another, a link to the stretch's first pair, so the walk
 * back skips the stretch in one step). */
typedef struct {
    ld_tail_t *tails;
    ld_tail_t *tails_end;
    int32_t *summary;
    int32_t *predecessor;
    int32_t last_source; /* the run's end, -1 while empty */
    int32_t link;        /* the predecessor the next append takes */
} ld_patience_t;

/* The value predecessor takes when a pair extended the longest run straight after the pair
 * before it: the first pair of that stretch. The map is its own inverse. */
static inline int32_t ld_stretch_link(int32_t first) { return -2 - first; }

/* Most pairs extend the longest run, so the append test, against the run's end kept in a
 * register, comes before any search; an append needs nothing but `link`, a stretch link
 * exactly when the run's end is the pair just before it. That branch is predicted and keeps
 * the run's end off a dependency chain. A pair that lands anywhere would make each of the
 * search's comparisons a coin toss to predict, so the search selects by arithmetic instead. */
static LD_ALWAYS_INLINE void ld_patience_add(ld_patience_t *sort, int32_t source, int32_t pair) {
    if (source > sort->last_source) {
        sort->predecessor[pair] = sort->link;
        sort->link = sort->link < -1 ? sort->link : ld_stretch_link(pair);
        sort->summary[(size_t)(sort->tails_end - sort->tails) / LD_SUMMARY_BLOCK] = source;
        *sort->tails_end++ = (ld_tail_t){ source, pair };
        sort->last_source = source;
        return;
    }
    /* The first block whose last source is above `source`, then the first tail in it that is:
     * both exist, for the run's end is above. Every entry before `first_above` is below, and
     * it is within the `remaining` entries from there on. */
    ld_tail_t *tails = sort->tails;
    size_t length = (size_t)(sort->tails_end - tails);
    const int32_t *block_above = sort->summary;
    for (size_t remaining = (length + LD_SUMMARY_BLOCK - 1) / LD_SUMMARY_BLOCK; remaining > 1;) {
        size_t half = remaining / 2;
        block_above += half * (size_t)(block_above[half - 1] < source);
        remaining -= half;
    }
    size_t block_start = (size_t)(block_above - sort->summary) * LD_SUMMARY_BLOCK;
    const ld_tail_t *first_above = tails + block_start;
    for (size_t remaining = ld_min_size(LD_SUMMARY_BLOCK, length - block_start); remaining > 1;) {
        size_t half = remaining / 2;
        first_above += half * (size_t)(first_above[half - 1].source < source);
        remaining -= half;
    }
    size_t low = (size_t)(first_above - tails);
    sort->predecessor[pair] = low > 0 ? tails[low - 1].pair : -1;
    tails[low] = (ld_tail_t){ source, pair };
    if (low % LD_SUMMARY_BLOCK == LD_SUMMARY_BLOCK - 1 || low == length - 1) {
        sort->summary[low / LD_SUMMARY_BLOCK] = source;
    }
    if (low == length - 1) {
        sort->last_source = source;
        sort->link = ld_stretch_link(pair);
    } else {
        sort->link = tails[length - 1].pair;
    }
}

/* Finds the moves among pairs[begin, *end) and writes them by ascending target at
 * moved[0, count). When `grouped`, only the pairs of pairs[begin]'s target group take part:
 * the pairs come by ascending target, so the group ends at the first pair of another, and
 * *end becomes that pair's index. A pair whose source group differs is left off the sort; it
 * breaks the stretch being extended, so the walk sees it in a gap and moves it. The tails live
 * at `moved` too: the walk reads only the run's end from them, before it writes the first move. */
static LD_ALWAYS_INLINE ld_status ld_find_moves_in(const ld_diff_t *diff, const ld_pair_t *pairs, size_t begin,
                                                   size_t *end_io, int32_t *predecessor, int32_t *summary, bool grouped,
                                                   ld_pair_t *moved, size_t *count) {
    ld_tail_t *tails = (ld_tail_t *)(void *)moved;
    ld_patience_t sort = { .tails = tails,
                           .tails_end = tails,
                           .summary = summary,
                           .predecessor = predecessor,
                           .last_source = -1,
                           .link = -1 };
    const uint32_t *source_groups = diff->source_groups, *target_groups = diff->target_groups;
    uint32_t group = grouped ? target_groups[pairs[begin].target] : 0;
    size_t end = *end_io;
    /* A group's end lowers `end`, which stops the pass after this chunk. */
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end; k++) {
            if (grouped) {
                uint32_t target_group = target_groups[pairs[k].target];
                if (target_group != group) {
                    end = k;
                    break;
                }
                if (source_groups[pairs[k].source] != target_group) {
                    if (sort.tails_end > tails) sort.link = sort.tails_end[-1].pair;
                    continue;
                }
            }
            ld_patience_add(&sort, pairs[k].source, (int32_t)k);
        }
    });
    *end_io = end;

    /* Walking back along the run yields the moves: the pairs in the gaps between its
     * stretches, from the last pair to the first. */
    size_t length = (size_t)(sort.tails_end - tails), next_free = end - begin - length, steps = 0;
    int32_t gap_end = (int32_t)end; /* the pairs in (on_run, gap_end) move */
    int32_t on_run = length > 0 ? sort.tails_end[-1].pair : -1;
    for (;;) {
        int32_t gap_start = grouped && on_run < 0 ? (int32_t)begin - 1 : on_run; /* begin is 0 otherwise */
        for (int32_t k = gap_end - 1; k > gap_start; k--) moved[--next_free] = pairs[k];
        if (on_run < 0) break;
        if ((++steps & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        int32_t link = predecessor[on_run], first = on_run;
        if (link < -1) {
            first = ld_stretch_link(link);
            link = predecessor[first];
        }
        gap_end = first;
        on_run = link;
    }
    *count = end - begin - length;
    return LD_OK;
}

/* The moves of the group of pairs from `begin` (as ld_find_moves_in finds them) when the pairs
 * that stay in the group keep their source order, as most sections' do: then only the pairs
 * that come from another group move, and no sort is needed. Sets *in_order; when it is true,
 * the moves are at moved[0, *count) and *end_io is the group's end. */
static LD_ALWAYS_INLINE ld_status ld_find_moves_in_order(const ld_diff_t *diff, const ld_pair_t *pairs, size_t begin,
                                                         size_t *end_io, ld_pair_t *moved, size_t *count,
                                                         bool *in_order) {
    const uint32_t *source_groups = diff->source_groups, *target_groups = diff->target_groups;
    uint32_t group = target_groups[pairs[begin].target];
    size_t end = *end_io, moves = 0;
    int32_t last_source = -1;
    *in_order = false;
    /* A group's end lowers `end`, which stops the pass after this chunk. */
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end; k++) {
            ld_pair_t pair = pairs[k];
            uint32_t target_group = target_groups[pair.target];
            if (target_group != group) {
                end = k;
                break;
            }
            if (source_groups[pair.source] != target_group) {
                moved[moves++] = pair;
            } else if (pair.source > last_source) {
                last_source = pair.source;
            } else {
                return LD_OK;
            }
        }
    });
    *in_order = true;
    *end_io = end;
    *count = moves;
    return LD_OK;
}

/* Kept out of line, so that the ungrouped sort compiles as tightly as on its own. */
static LD_NOINLINE ld_status ld_find_grouped_moves(ld_diff_t *diff, const ld_pair_t *pairs, size_t pair_count,
                                                   int32_t *predecessor, int32_t *summary) {
    /* Pairs come by ascending target, so each group is one stretch of them; moves found in
     * a stretch go right after the earlier stretches' moves, which are no more than its start. */
    size_t moved_count = 0;
    for (size_t begin = 0, end; begin < pair_count; begin = end) {
        end = pair_count;
        size_t count;
        bool in_order;
        ld_status status = ld_find_moves_in_order(diff, pairs, begin, &end, diff->moved + moved_count, &count,
                                                  &in_order);
        if (status == LD_OK && !in_order) {
            end = pair_count;
            status = ld_find_moves_in(diff, pairs, begin, &end, predecessor, summary, true, diff->moved + moved_count,
                                      &count);
        }
        if (status != LD_OK) return status;
        moved_count += count;
    }
    diff->moved_count = moved_count;
    return LD_OK;
}

ld_status ld_find_moves(ld_diff_t *diff, const ld_pair_t *pairs, size_t pair_count, int32_t *predecessor,
                        int32_t *summary) {
    if (diff->target_groups != NULL) return ld_find_grouped_moves(diff, pairs, pair_count, predecessor, summary);
    size_t end = pair_count;
    return ld_find_moves_in(diff, pairs, 0, &end, predecessor, summary, false, diff->moved, &diff->moved_count);
}

ld_status ld_collect_group_changes(ld_diff_t *diff) {
    const uint32_t *source_groups = diff->source_groups, *target_groups = diff->target_groups;
    size_t moved_count = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, 0, diff->target_count, {
        for (size_t j = chunk; j < chunk_end; j++) {
            int32_t i = diff->target_to_source[j];
            if (i >= 0 && source_groups[i] != target_groups[j])
                diff->moved[moved_count++] = (ld_pair_t){ i, (int32_t)j };
        }
    });
    diff->moved_count = moved_count;
    return LD_OK;
}
