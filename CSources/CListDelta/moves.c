#include "internal.h"

#include <string.h>

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

/* MARK: Among the longest runs, one that leaves no pair in place

A move from a place to the same place moves nothing a reader can see, yet a longest run may
leave one when another, as long, would not. A pair "stays in place" when its source's place
equals its target's, as diff->places reads them (see ld_places): for a caller's diff, source
index equals target index; for ld_sectioned_diff, as ld_stage reports its moves, the source's
index among the matched elements of its section equals the target's index in its group (its
target section), the pair's two groups being the same. Both places rise with the indices, so
the pairs that stay in place rise together: any of them fits on one run, and a run that keeps
the most of them among the longest runs leaves none moving whenever some longest run does.

The patience sort above finds one longest run fast. Most runs it finds leave no pair in place
(then they keep them all and are the best); only when one does, ld_keep_in_place sorts the
group again for a longest run that keeps the most: each pair's layer (the length of the longest
run ending at it, less one) by patience sort, the pairs bucketed by layer, then per layer, in
target order, each pair's best predecessor: the one of the layer below, before it in target
order and below it in source, that ends a longest run keeping the most pairs in place. Those
candidates form a window of the layer below that only moves on (sources fall along a layer), so
a deque of the window's best answers each pair in constant time, amortised. */

/* What the places of a group's pairs need: the group, and after the deletes where its target
 * group starts and where its source section starts (found from its first own pair). A move can
 * stay in place only when its source index less its target index, less `shift`, is at most
 * `bound` as an unsigned number: exactly, for the diff's own indices (0 and 0); after the
 * deletes, when its index in its section is no less than its target's in the group (a source's
 * place is its index less the deletes before it in its section), and (one section, whose
 * deletes are counted from the inserts, which every Heckel path has listed) no more than that
 * plus the deletes. */
typedef struct {
    const ld_diff_t *diff;
    bool grouped;
    uint32_t group;
    int32_t target_start;
    int32_t source_start;
    uint32_t shift;
    uint32_t bound;
} ld_group_places_t;

static ld_group_places_t ld_group_places(const ld_diff_t *diff, const ld_pair_t *pairs, size_t begin, size_t end,
                                         bool grouped) {
    ld_group_places_t places = { .diff = diff, .grouped = grouped };
    if (diff->places == LD_PLACES_AFTER_DELETES && !grouped) {
        places.bound = (uint32_t)(diff->source_count - (diff->target_count - diff->inserted_count));
    }
    if (!grouped) return places;
    const uint32_t *source_groups = diff->source_groups, *target_groups = diff->target_groups;
    places.group = target_groups[pairs[begin].target];
    if (diff->places != LD_PLACES_AFTER_DELETES) return places;
    int32_t target_start = pairs[begin].target;
    while (target_start > 0 && target_groups[target_start - 1] == places.group) target_start--;
    size_t first = begin;
    while (first < end && source_groups[pairs[first].source] != places.group) first++;
    int32_t source_start = first < end ? pairs[first].source : 0;
    while (source_start > 0 && source_groups[source_start - 1] == places.group) source_start--;
    places.target_start = target_start;
    places.source_start = source_start;
    places.shift = (uint32_t)(source_start - target_start);
    places.bound = (uint32_t)INT32_MAX;
    return places;
}

/* Whether `pair` takes part in its group's run: its two groups agree. */
static inline bool ld_own_pair(const ld_group_places_t *places, ld_pair_t pair) {
    return !places->grouped || places->diff->source_groups[pair.source] == places->group;
}

/* Whether `move` can stay in place, as ld_group_places_t says. */
static inline bool ld_may_stay(const ld_group_places_t *places, ld_pair_t move) {
    return (uint32_t)move.source - (uint32_t)move.target - places->shift <= places->bound;
}

/* How many of the `count` moves at `moved` could stay in place, judged from their indices alone:
 * one comparison each, over all of them, so that the loop vectorises. */
static ld_status ld_count_candidates(const ld_group_places_t *places, const ld_pair_t *moved, size_t count,
                                     size_t *out_candidates) {
    const ld_diff_t *diff = places->diff;
    size_t candidates = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, 0, count, {
        uint32_t here = 0; /* 32-bit lanes: no more than a chunk's */
        for (size_t k = chunk; k < chunk_end; k++) here += ld_may_stay(places, moved[k]);
        candidates += here;
    });
    *out_candidates = candidates;
    return LD_OK;
}

/* Sorts `count` values below 2^30 ascending: by insertion when they are few, else by three
 * passes of a 10-bit radix through `spare`, which holds as many. */
static ld_status ld_sort_sources(int32_t *values, int32_t *spare, size_t count, const ld_cancel_token_t *cancel) {
    if (count <= 32) {
        for (size_t k = 1; k < count; k++) {
            int32_t value = values[k];
            size_t at = k;
            for (; at > 0 && values[at - 1] > value; at--) values[at] = values[at - 1];
            values[at] = value;
        }
        return LD_OK;
    }
    for (unsigned shift = 0; shift < 30; shift += 10) {
        size_t starts[1025] = { 0 };
        LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, count, {
            for (size_t k = chunk; k < chunk_end; k++) starts[((uint32_t)values[k] >> shift & 1023) + 1]++;
        });
        for (size_t digit = 0; digit < 1024; digit++) starts[digit + 1] += starts[digit];
        LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, count, {
            for (size_t k = chunk; k < chunk_end; k++) spare[starts[(uint32_t)values[k] >> shift & 1023]++] = values[k];
        });
        int32_t *sorted = spare;
        spare = values;
        values = sorted;
    }
    /* After three passes, the sorted values are in the spare room: copy them back. */
    return ld_copy(spare, values, count * sizeof *values, cancel);
}

/* After the deletes, whether one of the candidate moves stays in place: the own candidates'
 * sources, sorted in `room` (room for twice the candidates), then one walk along the section
 * counts the matched elements before each. */
static ld_status ld_candidates_in_place(const ld_group_places_t *places, const ld_pair_t *moved, size_t count,
                                        int32_t *room, bool *out_in_place) {
    const ld_diff_t *diff = places->diff;
    const int32_t *source_to_target = diff->source_to_target;
    size_t candidates = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, 0, count, {
        for (size_t m = chunk; m < chunk_end; m++) {
            if (ld_may_stay(places, moved[m]) && ld_own_pair(places, moved[m])) room[candidates++] = moved[m].source;
        }
    });
    ld_status status = ld_sort_sources(room, room + candidates, candidates, diff->cancel);
    if (status != LD_OK) return status;
    size_t before = 0, counted = (size_t)places->source_start;
    *out_in_place = false;
    for (size_t c = 0; c < candidates && !*out_in_place; c++) {
        size_t source = (size_t)room[c];
        LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, counted, source, {
            for (size_t i = chunk; i < chunk_end; i++) before += source_to_target[i] >= 0; /* vectorises */
        });
        counted = source;
        *out_in_place = (int32_t)before == source_to_target[source] - places->target_start;
    }
    return LD_OK;
}

/* The index of the pair whose target is `target` among pairs[begin, end), or -1. */
static int32_t ld_pair_with_target(const ld_pair_t *pairs, size_t begin, size_t end, int32_t target) {
    size_t low = begin, high = end;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (pairs[middle].target < target) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return low < end && pairs[low].target == target ? (int32_t)low : -1;
}

/* Sets flags[k] from 0 to 1 for the own pairs among pairs[begin, end) that stay in place: after
 * the deletes, a walk along the source section counts each matched element's place. */
static ld_status ld_mark_in_place(const ld_group_places_t *places, const ld_pair_t *pairs, size_t begin, size_t end,
                                  int32_t *flags) {
    const ld_diff_t *diff = places->diff;
    if (diff->places == LD_PLACES_AS_INDEXED) {
        LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
            for (size_t k = chunk; k < chunk_end; k++) {
                if (flags[k] == 0 && pairs[k].source == pairs[k].target) flags[k] = 1;
            }
        });
        return LD_OK;
    }
    const int32_t *source_to_target = diff->source_to_target;
    const uint32_t *source_groups = diff->source_groups, *target_groups = diff->target_groups;
    size_t section_start = (size_t)places->source_start, section_end = diff->source_count;
    int32_t place = 0, first_target = pairs[begin].target;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, section_start, section_end, {
        for (size_t i = chunk; i < chunk_end; i++) {
            if (places->grouped && source_groups[i] != places->group) {
                section_end = i; /* the section's end stops the walk after this chunk */
                break;
            }
            int32_t j = source_to_target[i];
            if (j < 0) continue;
            if (j >= first_target && j - places->target_start == place &&
                (!places->grouped || target_groups[j] == places->group)) {
                int32_t k = ld_pair_with_target(pairs, begin, end, j);
                if (k >= 0 && flags[k] == 0) flags[k] = 1;
            }
            place++;
        }
    });
    return LD_OK;
}

/* A pair's value while ld_keep_in_place runs, in place of its target: its layer and whether it
 * stays in place, then the most pairs in place on a longest run ending at it. */
static inline int32_t ld_layered(size_t layer, int32_t in_place) { return (int32_t)(layer << 1) | in_place; }
static inline size_t ld_layer_of(int32_t layered) { return (size_t)layered >> 1; }

/* The mark the walk back leaves in the predecessor of a pair on the run. */
#define LD_ON_RUN INT32_MIN

/* The moves of the group of pairs[begin, end), `count` of them at `moved`, found by
 * ld_find_moves_in: when one of them stays in place, finds them anew (see above), as many, off
 * a longest run that keeps the most pairs in place. `predecessor` is free; the pairs' targets
 * serve as room, and come back from diff->source_to_target. */
static LD_NOINLINE ld_status ld_keep_in_place(const ld_diff_t *diff, ld_pair_t *pairs, size_t begin, size_t end,
                                              bool grouped, int32_t *predecessor, ld_pair_t *moved, size_t count) {
    ld_group_places_t places = ld_group_places(diff, pairs, begin, end, grouped);
    size_t candidates;
    ld_status status = ld_count_candidates(&places, moved, count, &candidates);
    if (status != LD_OK || candidates == 0) return status;
    /* After the deletes, each candidate's place is counted when there is room to sort them;
     * otherwise every pair of the group is marked below, as a second sort will need. */
    if (diff->places == LD_PLACES_AFTER_DELETES && 2 * candidates <= end - begin) {
        bool in_place;
        if ((status = ld_candidates_in_place(&places, moved, count, predecessor + begin, &in_place)) || !in_place) {
            return status;
        }
    }
    /* Each pair's flag: -1 off the run for good (another group's), 0, or 1 when in place. */
    int32_t *flags = predecessor;
    size_t own = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end; k++) {
            bool taking_part = ld_own_pair(&places, pairs[k]);
            flags[k] = taking_part ? 0 : -1;
            own += taking_part;
        }
    });
    if ((status = ld_mark_in_place(&places, pairs, begin, end, flags))) return status;
    bool left_in_place = false;
    size_t m = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end && m < count; k++) {
            if (pairs[k].target != moved[m].target) continue;
            left_in_place |= flags[k] == 1;
            m++;
        }
    });
    if (!left_in_place) return LD_OK;

    /* Layers: the patience sort's tails, sources only, at `moved`; each pair's layer and flag
     * in place of its target. */
    int32_t *room = (int32_t *)(void *)moved, *tails = room;
    size_t layers = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end; k++) {
            if (flags[k] < 0) {
                pairs[k].target = -1;
                continue;
            }
            int32_t source = pairs[k].source;
            size_t low = 0;
            for (size_t remaining = layers; remaining > 0;) {
                size_t half = remaining / 2;
                if (tails[low + half] < source) {
                    low += half + 1;
                    remaining -= half + 1;
                } else {
                    remaining = half;
                }
            }
            tails[low] = source;
            layers += low == layers;
            pairs[k].target = ld_layered(low, flags[k]);
        }
    });
    /* The own pairs by layer, each layer in target order: `order`, then the layers' starts,
     * then (once those are read) the deque. An own pair moves, so layers < own, and all fit in
     * the room of `end - begin` pairs. */
    int32_t *order = room, *starts = room + own, *deque = room + own;
    memset(starts, 0, (layers + 1) * sizeof *starts);
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end; k++) {
            if (pairs[k].target >= 0) starts[ld_layer_of(pairs[k].target) + 1]++;
        }
    });
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, 0, layers, {
        for (size_t l = chunk; l < chunk_end; l++) starts[l + 1] += starts[l];
    });
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end; k++) {
            if (pairs[k].target >= 0) order[starts[ld_layer_of(pairs[k].target)]++] = (int32_t)k;
        }
    });

    /* Layer by layer: each pair's predecessor (in flags), and in place of its target the most
     * pairs in place on a longest run ending at it. The layer below is order[below, here); its
     * pairs before the present pair in target order have entered the window (`entering` is the
     * next to), those whose source is above the present pair's have left it: the deque holds
     * the window's pairs that no later one of it matches, best first. */
    size_t below = 0, here = 0, entering = 0, head = 0, tail = 0, layer = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, 0, own, {
        for (size_t p = chunk; p < chunk_end; p++) {
            int32_t k = order[p], layered = pairs[k].target, source = pairs[k].source;
            if (ld_layer_of(layered) != layer) {
                below = here;
                here = p;
                entering = below;
                head = tail = 0;
                layer++;
            }
            int32_t in_place = layered & 1;
            if (layer == 0) {
                flags[k] = -1;
                pairs[k].target = in_place;
                continue;
            }
            for (; entering < here && order[entering] < k; entering++) {
                int32_t kept = pairs[order[entering]].target;
                while (tail > head && pairs[order[deque[tail - 1]]].target <= kept) tail--;
                deque[tail++] = (int32_t)entering;
            }
            while (pairs[order[deque[head]]].source > source) head++;
            int32_t best = order[deque[head]];
            flags[k] = best;
            pairs[k].target = pairs[best].target + in_place;
        }
    });

    /* The best end in the top layer, order[here, own); the walk back marks its run. */
    int32_t end_of_run = order[here];
    for (size_t p = here + 1; p < own; p++) {
        if (pairs[order[p]].target > pairs[end_of_run].target) end_of_run = order[p];
    }
    for (int32_t k = end_of_run, steps = 0; k >= 0; steps++) {
        if ((steps & (int32_t)(LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
        int32_t next = flags[k];
        flags[k] = LD_ON_RUN;
        k = next;
    }
    const int32_t *source_to_target = diff->source_to_target;
    size_t written = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, begin, end, {
        for (size_t k = chunk; k < chunk_end; k++) {
            pairs[k].target = source_to_target[pairs[k].source];
            if (flags[k] != LD_ON_RUN) moved[written++] = pairs[k];
        }
    });
    return written == count ? LD_OK : LD_ERROR_INTERNAL;
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
static LD_NOINLINE ld_status ld_find_grouped_moves(ld_diff_t *diff, ld_pair_t *pairs, size_t pair_count,
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
            if (status == LD_OK && diff->places != LD_PLACES_NONE && count > 0) {
                status = ld_keep_in_place(diff, pairs, begin, end, true, predecessor, diff->moved + moved_count, count);
            }
        }
        if (status != LD_OK) return status;
        moved_count += count;
    }
    diff->moved_count = moved_count;
    return LD_OK;
}

/* Kept out of line, so that the sort compiles as tightly as on its own, with nothing live after it. */
static LD_NOINLINE ld_status ld_find_ungrouped_moves(ld_diff_t *diff, const ld_pair_t *pairs, size_t pair_count,
                                                     int32_t *predecessor, int32_t *summary) {
    size_t end = pair_count;
    return ld_find_moves_in(diff, pairs, 0, &end, predecessor, summary, false, diff->moved, &diff->moved_count);
}

ld_status ld_find_moves(ld_diff_t *diff, ld_pair_t *pairs, size_t pair_count, int32_t *predecessor, int32_t *summary) {
    if (diff->target_groups != NULL) return ld_find_grouped_moves(diff, pairs, pair_count, predecessor, summary);
    ld_status status = ld_find_ungrouped_moves(diff, pairs, pair_count, predecessor, summary);
    if (status != LD_OK || diff->places == LD_PLACES_NONE || diff->moved_count == 0) return status;
    return ld_keep_in_place(diff, pairs, 0, pair_count, false, predecessor, diff->moved, diff->moved_count);
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
