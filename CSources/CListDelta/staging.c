#include "internal.h"

#include <string.h>

/* The staging engine: the rules that turn a sectioned match into UIKit's five batches, their
 * data layouts and the shapes before them (see ld_stage_kind in the header). Every output
 * lives in one workspace buffer, LD_BUFFER_STAGES, reserved once for the worst case of the
 * match's counts and handed out front to back; the stages may also point into the match.
 *
 * A layout is the list after a stage: per section a model reference and a run of element
 * references (source indices >= 0, complemented target indices < 0). */

/* A stage's data layout, as built. */
typedef struct {
    size_t section_count;
    const int32_t *models;
    const int32_t *starts;
    const int32_t *counts; /* each section's element count: the shape before the next stage */
    const int32_t *elements;
} ld_layout_t;

typedef struct {
    /* the match */
    size_t source_sections, target_sections, source_count, target_count;
    const int32_t *section_target; /* source section -> target section, -1 deleted */
    const int32_t *section_source; /* target section -> source section, -1 inserted */
    const int32_t *source_starts;
    const int32_t *target_starts;
    const int32_t *element_target; /* flat source element -> flat target element, -1 */
    const int32_t *element_source; /* flat target element -> flat source element, -1 */
    const ld_pair_t *element_moves;
    size_t element_move_count;
    const int32_t *element_deletes; /* unmatched flat source elements, ascending */
    size_t element_delete_count;
    const int32_t *element_inserts; /* unmatched flat target elements, ascending */
    size_t element_insert_count;
    const ld_pair_t *section_moves;
    size_t section_move_count;
    const uint8_t *element_changed;
    const uint8_t *section_changed;
    ld_poller_t poller;
    /* the room in LD_BUFFER_STAGES still free */
    int32_t *room;
    int32_t *room_end;
} ld_stager_t;

/* The next `count` entries of the room, or NULL when they do not fit (a match whose counts
 * disagree with its arrays). */
static int32_t *ld_take(ld_stager_t *stager, size_t count) {
    if (count > (size_t)(stager->room_end - stager->room)) return NULL;
    int32_t *taken = stager->room;
    stager->room += count;
    return taken;
}

static inline unsigned ld_popcount64(uint64_t word) {
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_popcountll(word);
#else
    unsigned count = 0;
    for (; word != 0; word &= word - 1) count++;
    return count;
#endif
}

/* A set of positions below `count` that answers membership and rank in constant time: per 64
 * positions, a word of bits beside the count of members below them. `words` has
 * 2 * ceil(count / 64) entries; the members are positions[0], positions[stride], ... (a list of
 * int32_t, or one field of a list of pairs), each below `count`. */
static ld_status ld_ranks_build(uint64_t *words, size_t count, const int32_t *positions, size_t member_count,
                                size_t stride, const ld_cancel_token_t *cancel) {
    size_t blocks = (count + 63) / 64;
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, 2 * blocks,
                  { memset(words + chunk, 0, (chunk_end - chunk) * sizeof *words); });
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, member_count, {
        for (size_t k = chunk; k < chunk_end; k++) {
            size_t t = (size_t)positions[k * stride];
            words[2 * (t >> 6)] |= (uint64_t)1 << (t & 63);
        }
    });
    uint64_t below = 0;
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, blocks, {
        for (size_t block = chunk; block < chunk_end; block++) {
            words[2 * block + 1] = below;
            below += ld_popcount64(words[2 * block]);
        }
    });
    return LD_OK;
}

/* Whether `t` is a member; its rank among the members goes to `rank`. */
static inline bool ld_rank_of(const uint64_t *words, size_t t, size_t *rank) {
    uint64_t word = words[2 * (t >> 6)], bit = (uint64_t)1 << (t & 63);
    if ((word & bit) == 0) return false;
    *rank = (size_t)words[2 * (t >> 6) + 1] + ld_popcount64(word & (bit - 1));
    return true;
}

/* How many members are below position `i`. */
static inline uint64_t ld_members_below(const uint64_t *words, size_t i) {
    uint64_t word = words[2 * (i >> 6)], below = ((uint64_t)1 << (i & 63)) - 1;
    return words[2 * (i >> 6) + 1] + ld_popcount64(word & below);
}

/* The validators below check a match in stretches of LD_POLL_INTERVAL entries, polling
 * `cancel` before each: LD_OK, LD_ERROR_INVALID or LD_CANCELLED. */

/* Section starts must run from 0 to the element count without decreasing. */
static ld_status ld_starts_valid(const int32_t *starts, size_t section_count, size_t element_count,
                                 const ld_cancel_token_t *cancel) {
    if (starts[0] != 0 || starts[section_count] < 0 || (size_t)starts[section_count] != element_count) {
        return LD_ERROR_INVALID;
    }
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, section_count, {
        bool decreases = false; /* branch-free, so the loop vectorises */
        for (size_t s = chunk; s < chunk_end; s++) {
            decreases |= starts[s + 1] < starts[s];
        }
        if (decreases) return LD_ERROR_INVALID;
    });
    return LD_OK;
}

/* Moves must pair indices in range, by strictly ascending target. */
static ld_status ld_moves_valid(const ld_pair_t *moves, size_t move_count, size_t source_count, size_t target_count,
                                const ld_cancel_token_t *cancel) {
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, move_count, {
        for (size_t k = chunk; k < chunk_end; k++) {
            if (moves[k].source < 0 || (size_t)moves[k].source >= source_count || moves[k].target < 0 ||
                (size_t)moves[k].target >= target_count || (k > 0 && moves[k].target <= moves[k - 1].target)) {
                return LD_ERROR_INVALID;
            }
        }
    });
    return LD_OK;
}

/* A list of indices must ascend strictly within [0, count). */
static ld_status ld_ascending_within(const int32_t *indices, size_t index_count, size_t count,
                                     const ld_cancel_token_t *cancel) {
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, index_count, {
        bool bad = false; /* branch-free, so the loop vectorises */
        for (size_t k = chunk; k < chunk_end; k++) {
            bad |= indices[k] < 0 || (size_t)indices[k] >= count || (k > 0 && indices[k] <= indices[k - 1]);
        }
        if (bad) return LD_ERROR_INVALID;
    });
    return LD_OK;
}

/* The stager over @p match, which has passed ld_match_shape_valid. */
static ld_stager_t ld_stager_of(const ld_sectioned_result_t *match, const uint8_t *element_changed,
                                const uint8_t *section_changed, const ld_cancel_token_t *cancel) {
    const ld_result_t *sections = &match->sections, *elements = &match->elements;
    return (ld_stager_t){
        .source_sections = sections->source_count,
        .target_sections = sections->target_count,
        .source_count = elements->source_count,
        .target_count = elements->target_count,
        .section_target = sections->source_to_target,
        .section_source = sections->target_to_source,
        .source_starts = match->source_section_starts,
        .target_starts = match->target_section_starts,
        .element_target = elements->source_to_target,
        .element_source = elements->target_to_source,
        .element_moves = elements->moved,
        .element_move_count = elements->moved_count,
        .element_deletes = elements->deleted,
        .element_delete_count = elements->deleted_count,
        .element_inserts = elements->inserted,
        .element_insert_count = elements->inserted_count,
        .section_moves = sections->moved,
        .section_move_count = sections->moved_count,
        .element_changed = element_changed,
        .section_changed = section_changed,
        .poller = { .cancel = cancel },
    };
}

/* The arrays a match's counts promise are there, and its counts are in range. */
static ld_status ld_match_shape_valid(const ld_sectioned_result_t *match) {
    const ld_result_t *sections = &match->sections, *elements = &match->elements;
    size_t source_sections = sections->source_count, target_sections = sections->target_count;
    size_t source_count = elements->source_count, target_count = elements->target_count;
    if (!LD_GIVEN(sections->source_to_target, source_sections) ||
        !LD_GIVEN(sections->target_to_source, target_sections) ||
        !LD_GIVEN(sections->deleted, sections->deleted_count) ||
        !LD_GIVEN(sections->inserted, sections->inserted_count) || !LD_GIVEN(sections->moved, sections->moved_count) ||
        !LD_GIVEN(elements->source_to_target, source_count) || !LD_GIVEN(elements->target_to_source, target_count) ||
        !LD_GIVEN(elements->moved, elements->moved_count) || !LD_GIVEN(elements->deleted, elements->deleted_count) ||
        !LD_GIVEN(elements->inserted, elements->inserted_count) || match->source_section_starts == NULL ||
        match->target_section_starts == NULL) {
        return LD_ERROR_INVALID;
    }
    if (source_sections > LD_MAX_COUNT || target_sections > LD_MAX_COUNT || source_count > LD_MAX_COUNT ||
        target_count > LD_MAX_COUNT) {
        return LD_ERROR_OVERFLOW;
    }
    if (sections->deleted_count > source_sections || sections->inserted_count > target_sections ||
        sections->moved_count > ld_min_size(source_sections, target_sections) ||
        elements->moved_count > ld_min_size(source_count, target_count) || elements->deleted_count > source_count ||
        elements->inserted_count > target_count) {
        return LD_ERROR_INVALID;
    }
    return LD_OK;
}

/* The section maps must be mutual inverses within range. O(S + T), with polls: sections can be
 * many. */
static ld_status ld_section_maps_valid(ld_stager_t *stager) {
    size_t source_sections = stager->source_sections, target_sections = stager->target_sections;
    LD_FOR_CHUNKS(stager->poller.cancel, chunk, chunk_end, 0, source_sections, {
        for (size_t s = chunk; s < chunk_end; s++) {
            int32_t t = stager->section_target[s];
            if (t < -1 || (t >= 0 && ((size_t)t >= target_sections || stager->section_source[t] != (int32_t)s))) {
                return LD_ERROR_INVALID;
            }
        }
    });
    LD_FOR_CHUNKS(stager->poller.cancel, chunk, chunk_end, 0, target_sections, {
        for (size_t t = chunk; t < chunk_end; t++) {
            int32_t s = stager->section_source[t];
            if (s < -1 || (s >= 0 && ((size_t)s >= source_sections || stager->section_target[s] != (int32_t)t))) {
                return LD_ERROR_INVALID;
            }
        }
    });
    return LD_OK;
}

/* Checks every part of a caller's match that the stager follows as indices or sizes by. */
static ld_status ld_match_valid(ld_stager_t *stager) {
    const ld_cancel_token_t *cancel = stager->poller.cancel;
    ld_status status;
    if ((status = ld_section_maps_valid(stager)) ||
        (status = ld_starts_valid(stager->source_starts, stager->source_sections, stager->source_count, cancel)) ||
        (status = ld_starts_valid(stager->target_starts, stager->target_sections, stager->target_count, cancel)) ||
        (status = ld_moves_valid(stager->section_moves, stager->section_move_count, stager->source_sections,
                                 stager->target_sections, cancel)) ||
        (status = ld_moves_valid(stager->element_moves, stager->element_move_count, stager->source_count,
                                 stager->target_count, cancel)) ||
        (status = ld_ascending_within(stager->element_deletes, stager->element_delete_count, stager->source_count,
                                      cancel)) ||
        (status = ld_ascending_within(stager->element_inserts, stager->element_insert_count, stager->target_count,
                                      cancel))) {
        return status;
    }
    return LD_OK;
}

/* The stager over @p match: trusted when it is the match ld_sectioned_diff last returned on
 * @p workspace, validated when a caller built it. */
static ld_status ld_stager_begin(const ld_workspace_t *workspace, const ld_sectioned_result_t *match,
                                 const uint8_t *element_changed, const uint8_t *section_changed,
                                 const ld_cancel_token_t *cancel, ld_stager_t *stager) {
    bool own = ld_is_own_match(workspace, match);
    ld_status status;
    if (!own && (status = ld_match_shape_valid(match))) return status;
    *stager = ld_stager_of(match, element_changed, section_changed, cancel);
    if (ld_is_cancelled(cancel)) return LD_CANCELLED;
#ifdef LD_CHECK_OWN_MATCH
    /* Debug builds (SwiftPM's debug configuration, the fuzzers, sanitized Objective-C tests)
     * hold the engine's own match to the same checks: a match it produced that fails them is a
     * bug in the engine. Release builds trust it. */
    if (own) {
        ld_status check = ld_match_shape_valid(match);
        if (check == LD_OK) check = ld_match_valid(stager);
        return check == LD_ERROR_INVALID || check == LD_ERROR_OVERFLOW ? LD_ERROR_INTERNAL : check;
    }
#endif
    return own ? LD_OK : ld_match_valid(stager);
}

/* The int32 entries LD_BUFFER_STAGES needs for a match of these counts, whatever its stages:
 * the operations and layouts of all stages at once, each at its largest. */
static bool ld_stages_room(size_t n, size_t m, size_t S, size_t T, size_t *out) {
    /* clang-format off */
    size_t terms[] = {
        /* the words counting the deleted source elements and the rank words of the section
         * moves, 2 per 64 elements or targets, 8 bytes each, and one entry to align each */
        4 * ((n + 63) / 64) + 1, 4 * ((T + 63) / 64) + 1,
        /* operations: updates and deletes share one run, at most one per source element; the
         * element moves and inserts take at most 4 per matched and 2 per unmatched target */
        2 * n, 2 * m + 2 * ld_min_size(n, m), 2 * ld_min_size(S, T), T,
        /* the source's counts; layouts 1 (elements, models), 2 (elements, models, starts,
         * counts), 3 and 4 (models and counts; its elements and starts are the target's); and
         * each layout's origins, 2 per section */
        S, n + S, ld_min_size(n, m) + 3 * S + 1, m + 3 * T + 1, m + 2 * T, 4 * S + 4 * T,
    };
    /* clang-format on */
    size_t total = 0;
    for (size_t k = 0; k < sizeof terms / sizeof terms[0]; k++) {
        if (!ld_add_size(total, terms[k], &total)) return false;
    }
    *out = total;
    return true;
}

/* Entries of the room as 8-byte words, aligned. */
static uint64_t *ld_take_words(ld_stager_t *stager, size_t words) {
    if (((uintptr_t)stager->room & 7) != 0 && ld_take(stager, 1) == NULL) return NULL;
    return (uint64_t *)(void *)ld_take(stager, 2 * words);
}

/* Stage 3's section moves, from their index after the section deletes, and stage 5's section
 * updates. */
static ld_status ld_section_operations(ld_stager_t *st, ld_pair_t **out_moves, int32_t **out_updated,
                                       size_t *out_updated_count) {
    size_t S = st->source_sections, T = st->target_sections;
    *out_moves = NULL;
    if (st->section_move_count > 0) {
        uint64_t *ranks = ld_take_words(st, 2 * ((T + 63) / 64));
        ld_pair_t *moves = (ld_pair_t *)(void *)ld_take(st, 2 * st->section_move_count);
        if (ranks == NULL || moves == NULL) return LD_ERROR_INVALID;
        ld_status status = ld_ranks_build(ranks, T, &st->section_moves->target, st->section_move_count,
                                          sizeof(ld_pair_t) / sizeof(int32_t), st->poller.cancel);
        if (status != LD_OK) return status;
        int32_t after = 0;
        LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, 0, S, {
            for (size_t s = chunk; s < chunk_end; s++) {
                int32_t t = st->section_target[s];
                if (t < 0) continue;
                size_t rank;
                if (ld_rank_of(ranks, (size_t)t, &rank)) moves[rank] = (ld_pair_t){ after, t };
                after++;
            }
        });
        *out_moves = moves;
    }
    size_t updated_count = 0;
    int32_t *updated = NULL;
    if (st->section_changed != NULL) {
        updated = ld_take(st, T);
        if (updated == NULL) return LD_ERROR_INVALID;
        LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, 0, T, {
            for (size_t t = chunk; t < chunk_end; t++) {
                updated[updated_count] = (int32_t)t; /* branch-free: kept only when it applies */
                updated_count += st->section_source[t] >= 0 && st->section_changed[t] != 0;
            }
        });
        st->room = updated + updated_count; /* hand back the rest */
    }
    *out_updated = updated;
    *out_updated_count = updated_count;
    return LD_OK;
}

/* The element operations of stages 1, 2 and 4, with the sources of the element moves. */
typedef struct {
    ld_path_t *updated;
    size_t updated_count;
    ld_path_t *deleted;
    size_t deleted_count;
    ld_path_t *inserted;
    size_t inserted_count;
    ld_path_move_t *moved;
} ld_element_operations_t;

/* The section of `starts` (section_count + 1 entries) that holds element `index`: the last
 * one starting at or before it. The indices it is asked about come in no order, so each
 * comparison would be a coin toss to predict. */
static size_t ld_section_of(const int32_t *starts, size_t section_count, int32_t index) {
    const int32_t *first = starts; /* the answer lies in [first, first + remaining) */
    for (size_t remaining = section_count; remaining > 1;) {
        size_t half = remaining / 2;
        first += LD_UNPREDICTABLE(first[half] <= index) ? half : 0;
        remaining -= half;
    }
    return (size_t)(first - starts);
}

/* The paths of the elements `list` names (ascending flat indices into sections that `starts`
 * delimits), keeping those whose section `section_map` maps to a kept one (>= 0): a walk of
 * the list beside the sections. Stage 2's element deletes are the unmatched source elements of
 * matched sections; stage 4's inserts, the unmatched target elements of matched sections
 * (those of an inserted section arrive with it). */
static ld_status ld_paths_in_kept_sections(ld_stager_t *st, const int32_t *list, size_t list_count,
                                           const int32_t *starts, const int32_t *section_map, size_t section_count,
                                           ld_path_t **out, size_t *out_count) {
    ld_path_t *paths = (ld_path_t *)(void *)ld_take(st, 2 * list_count);
    if (paths == NULL && list_count > 0) return LD_ERROR_INVALID;
    size_t count = 0, section = 0;
    LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, 0, list_count, {
        for (size_t k = chunk; k < chunk_end; k++) {
            int32_t index = list[k];
            while (starts[section + 1] <= index) section++; /* index is in range: stays within */
            paths[count] = (ld_path_t){ (int32_t)section, index - starts[section] };
            count += section_map[section] >= 0;
        }
    });
    if (!ld_poll(&st->poller, section_count)) return LD_CANCELLED;
    *out = paths;
    *out_count = count;
    if (paths != NULL) st->room = (int32_t *)(void *)(paths + count); /* hand back the rest */
    return LD_OK;
}

/* Stage 1's element updates: the flagged matched elements of matched sections. */
static ld_status ld_element_updates(ld_stager_t *st, ld_element_operations_t *ops) {
    ops->updated = NULL;
    ops->updated_count = 0;
    if (st->element_changed == NULL) return LD_OK;
    ld_path_t *updated = (ld_path_t *)(void *)st->room;
    size_t room = (size_t)(st->room_end - st->room) / 2, count = 0;
    const uint8_t *restrict changed = st->element_changed;
    const int32_t *restrict element_target = st->element_target;
    for (size_t s = 0; s < st->source_sections; s++) {
        if (!ld_poll(&st->poller, 1)) return LD_CANCELLED;
        if (st->section_target[s] < 0) continue;
        size_t begin = (size_t)st->source_starts[s], end = (size_t)st->source_starts[s + 1];
        LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, begin, end, {
            for (size_t i = chunk; i < chunk_end; i++) {
                if (changed[i] == 0 || element_target[i] < 0) continue;
                if (count == room) return LD_ERROR_INVALID;
                updated[count++] = (ld_path_t){ (int32_t)s, (int32_t)(i - begin) };
            }
        });
    }
    ops->updated = updated;
    ops->updated_count = count;
    st->room += 2 * count;
    return LD_OK;
}

/* Stage 4's element moves: each from its section's target index and its index there after
 * the deletes (counted in a bitmap of the unmatched source elements: a word per 64 elements
 * beside the count below it), to its target path. */
static LD_NOINLINE ld_status ld_element_moves(ld_stager_t *st, ld_element_operations_t *ops) {
    size_t k_count = st->element_move_count;
    if (k_count == 0) return LD_OK;
    size_t n = st->source_count, S = st->source_sections, T = st->target_sections;
    uint64_t *words = ld_take_words(st, 2 * ((n + 63) / 64));
    ops->moved = (ld_path_move_t *)(void *)ld_take(st, 4 * k_count);
    if (words == NULL || ops->moved == NULL) return LD_ERROR_INVALID;
    ld_status status = ld_ranks_build(words, n, st->element_deletes, st->element_delete_count, 1, st->poller.cancel);
    if (status != LD_OK) return status;
    size_t t = 0;
    LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, 0, k_count, {
        for (size_t k = chunk; k < chunk_end; k++) {
            int32_t i = st->element_moves[k].source, j = st->element_moves[k].target;
            if (st->element_target[i] != j) return LD_ERROR_INVALID; /* not a pair of the match */
            size_t s = ld_section_of(st->source_starts, S, i);
            int32_t section = st->section_target[s];
            if (section < 0) return LD_ERROR_INVALID; /* a move out of a deleted section */
            size_t start = (size_t)st->source_starts[s];
            uint64_t deleted_before = ld_members_below(words, (size_t)i) - ld_members_below(words, start);
            ops->moved[k].source = (ld_path_t){ section, (int32_t)((size_t)i - start - deleted_before) };
            while (t + 1 < T && st->target_starts[t + 1] <= j) t++; /* targets ascend */
            ops->moved[k].target = (ld_path_t){ (int32_t)t, j - st->target_starts[t] };
        }
    });
    return LD_OK;
}

/* Writes the element references of flat source elements [begin, end): with `all`, every one
 * (a matched one as its target version ~j, the others as themselves), else only the matched
 * ones. Advances *next, which stays within `limit`. */
static ld_status ld_write_source_run(ld_stager_t *st, size_t begin, size_t end, bool all, int32_t **next,
                                     const int32_t *limit) {
    int32_t *restrict out = *next;
    const int32_t *restrict element_target = st->element_target;
    int32_t m = (int32_t)st->target_count;
    bool out_of_range = false; /* a match not made by ld_sectioned_diff: checked, branch-free */
    LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, begin, end, {
        if ((size_t)(limit - out) < chunk_end - chunk) {
            if (all) return LD_ERROR_INVALID;
            for (size_t i = chunk; i < chunk_end; i++) {
                int32_t j = element_target[i];
                if (j < 0) continue;
                if (out == limit) return LD_ERROR_INVALID;
                out_of_range |= j >= m;
                *out++ = ~j;
            }
        } else if (all) {
            for (size_t i = chunk; i < chunk_end; i++) {
                int32_t j = element_target[i];
                out_of_range |= j >= m;
                *out++ = j >= 0 ? ~j : (int32_t)i;
            }
        } else {
            for (size_t i = chunk; i < chunk_end; i++) { /* branch-free: kept only when matched */
                int32_t j = element_target[i];
                out_of_range |= j >= m;
                *out = ~j;
                out += j >= 0;
            }
        }
    });
    if (out_of_range) return LD_ERROR_INVALID;
    *next = out;
    return LD_OK;
}

/* Writes the references ~j of flat target elements [begin, end): with `all`, every one, else
 * only the unmatched ones. */
static ld_status ld_write_target_run(ld_stager_t *st, size_t begin, size_t end, bool all, int32_t **next,
                                     const int32_t *limit) {
    int32_t *restrict out = *next;
    const int32_t *restrict element_source = st->element_source;
    LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, begin, end, {
        if ((size_t)(limit - out) < chunk_end - chunk) {
            if (all) return LD_ERROR_INVALID;
            for (size_t j = chunk; j < chunk_end; j++) {
                if (element_source[j] >= 0) continue;
                if (out == limit) return LD_ERROR_INVALID;
                *out++ = ~(int32_t)j;
            }
        } else if (all) {
            for (size_t j = chunk; j < chunk_end; j++) *out++ = ~(int32_t)j;
        } else {
            for (size_t j = chunk; j < chunk_end; j++) { /* branch-free: kept only when unmatched */
                *out = ~(int32_t)j;
                out += element_source[j] < 0;
            }
        }
    });
    *next = out;
    return LD_OK;
}

/* Writes the survivors of matched source section `s` as the layout after the deletes holds
 * them (what ld_write_source_run() writes for it without `all`), copied from section *copied of
 * `deletes`, whose models ascend. Advances *next, which stays within `limit`. */
static ld_status ld_copy_survivors(ld_stager_t *st, const ld_layout_t *deletes, int32_t s, int32_t **next,
                                   const int32_t *limit, size_t *copied) {
    size_t low = 0, high = deletes->section_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (deletes->models[middle] < s) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    if (low == deletes->section_count || deletes->models[low] != s) return LD_ERROR_INTERNAL;
    *copied = low;
    const int32_t *run = deletes->elements + deletes->starts[low];
    size_t length = (size_t)(deletes->starts[low + 1] - deletes->starts[low]);
    if ((size_t)(limit - *next) < length) return LD_ERROR_INVALID;
    LD_FOR_CHUNKS(st->poller.cancel, chunk, chunk_end, 0, length,
                  { memcpy(*next + chunk, run + chunk, (chunk_end - chunk) * sizeof *run); });
    *next += length;
    return LD_OK;
}

/* Whether `run` (not empty) is the flat indices from `first` on, each complemented when
 * `complement` is -1. */
static bool ld_run_counts_up(const int32_t *run, size_t length, int32_t first, int32_t complement) {
    if (run[0] != (first ^ complement) || run[length - 1] != ((first + (int32_t)length - 1) ^ complement)) {
        return false;
    }
    bool differs = false; /* branch-free, so the loop vectorises */
    for (size_t x = 1; x + 1 < length; x++) differs |= run[x] != ((first + (int32_t)x) ^ complement);
    return !differs;
}

/* The origin of a section of model `model` holding the `length` references from `run`: the
 * whole target section its model maps to, else the whole source section that is its model. */
static ld_section_origin_t ld_whole_section_origin(const ld_stager_t *st, int32_t model, const int32_t *run,
                                                   size_t length) {
    int32_t t = model >= 0 ? st->section_target[model] : ~model;
    if (length > 0 && t >= 0 && (size_t)(st->target_starts[t + 1] - st->target_starts[t]) == length &&
        ld_run_counts_up(run, length, st->target_starts[t], -1)) {
        return (ld_section_origin_t){ LD_ORIGIN_TARGET_SECTION, t };
    }
    if (length > 0 && model >= 0 && (size_t)(st->source_starts[model + 1] - st->source_starts[model]) == length &&
        ld_run_counts_up(run, length, st->source_starts[model], 0)) {
        return (ld_section_origin_t){ LD_ORIGIN_SOURCE_SECTION, model };
    }
    return (ld_section_origin_t){ LD_ORIGIN_GATHERED, 0 };
}

/* The origin of the survivors of matched source section `s`, the `length` references from
 * `run`: when the present stage before is stage 1 (`after_updates`) and every element of `s`
 * survives, that stage's section s, which shows the same; else a whole section of its model. */
static ld_section_origin_t ld_survivors_origin(const ld_stager_t *st, int32_t s, const int32_t *run, size_t length,
                                               bool after_updates) {
    if (after_updates && length > 0 && (int32_t)length == st->source_starts[s + 1] - st->source_starts[s]) {
        return (ld_section_origin_t){ LD_ORIGIN_PREVIOUS_DATA, s };
    }
    return ld_whole_section_origin(st, s, run, length);
}

/* The section counts of a layout from its starts. */
static ld_status ld_counts_from_starts(const ld_cancel_token_t *cancel, const int32_t *starts, size_t section_count,
                                       int32_t *counts) {
    LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, section_count, {
        for (size_t k = chunk; k < chunk_end; k++) counts[k] = starts[k + 1] - starts[k];
    });
    return LD_OK;
}

/* A layout being built: its arrays, writable (starts NULL where the layout shares another's),
 * each section's origin, and its elements, written from `elements` up to `next`, which stays
 * within `limit`. */
typedef struct {
    size_t section_count;
    int32_t *models;
    int32_t *starts;
    ld_section_origin_t *origins;
    int32_t *elements;
    int32_t *next;
    const int32_t *limit;
} ld_layout_build_t;

/* Layout 1: every source section; matched elements in their target version. */
static ld_status ld_layout_after_updates(ld_stager_t *st, ld_layout_build_t *b) {
    ld_status status;
    for (size_t s = 0; s < st->source_sections; s++) {
        if (!ld_poll(&st->poller, 1)) return LD_CANCELLED;
        b->models[s] = (int32_t)s;
        int32_t *run = b->next;
        if ((status = ld_write_source_run(st, (size_t)st->source_starts[s], (size_t)st->source_starts[s + 1], true,
                                          &b->next, b->limit))) {
            return status;
        }
        b->origins[s] = ld_whole_section_origin(st, (int32_t)s, run, (size_t)(b->next - run));
    }
    return LD_OK;
}

/* Layout 2: the matched source sections holding their survivors. */
static ld_status ld_layout_after_deletes(ld_stager_t *st, ld_layout_build_t *b, bool after_updates) {
    ld_status status;
    size_t k = 0;
    for (size_t s = 0; s < st->source_sections; s++) {
        if (!ld_poll(&st->poller, 1)) return LD_CANCELLED;
        if (st->section_target[s] < 0) continue;
        if (k == b->section_count) return LD_ERROR_INVALID;
        b->models[k] = (int32_t)s;
        b->starts[k] = (int32_t)(b->next - b->elements);
        int32_t *run = b->next;
        if ((status = ld_write_source_run(st, (size_t)st->source_starts[s], (size_t)st->source_starts[s + 1], false,
                                          &b->next, b->limit))) {
            return status;
        }
        b->origins[k] = ld_survivors_origin(st, (int32_t)s, run, (size_t)(b->next - run), after_updates);
        k++;
    }
    if (k != b->section_count) return LD_ERROR_INVALID;
    b->starts[k] = (int32_t)(b->next - b->elements);
    return LD_OK;
}

/* Layout 3, in target order: the survivors of matched sections (copied from `deletes`, layout
 * 2, when the stages have it), or the new elements of inserted sections. */
static ld_status ld_layout_after_section_moves(ld_stager_t *st, ld_layout_build_t *b, const ld_layout_t *deletes,
                                               bool after_updates) {
    ld_status status;
    for (size_t t = 0; t < st->target_sections; t++) {
        if (!ld_poll(&st->poller, 1)) return LD_CANCELLED;
        int32_t s = st->section_source[t];
        b->starts[t] = (int32_t)(b->next - b->elements);
        int32_t *run = b->next;
        size_t copied = 0;
        if (s >= 0) {
            b->models[t] = s;
            status = deletes != NULL ? ld_copy_survivors(st, deletes, s, &b->next, b->limit, &copied)
                                     : ld_write_source_run(st, (size_t)st->source_starts[s],
                                                           (size_t)st->source_starts[s + 1], false, &b->next, b->limit);
        } else {
            b->models[t] = ~(int32_t)t;
            status = ld_write_target_run(st, (size_t)st->target_starts[t], (size_t)st->target_starts[t + 1], false,
                                         &b->next, b->limit);
        }
        if (status != LD_OK) return status;
        size_t length = (size_t)(b->next - run);
        if (s >= 0 && deletes != NULL && length > 0) {
            b->origins[t] = (ld_section_origin_t){ LD_ORIGIN_PREVIOUS_DATA, (int32_t)copied };
        } else {
            b->origins[t] = s >= 0 ? ld_survivors_origin(st, s, run, length, after_updates)
                                   : ld_whole_section_origin(st, b->models[t], run, length);
        }
    }
    b->starts[st->target_sections] = (int32_t)(b->next - b->elements);
    return LD_OK;
}

/* Layout 4: the target, matched sections with their source model. */
static ld_status ld_layout_after_element_moves(ld_stager_t *st, ld_layout_build_t *b) {
    for (size_t t = 0; t < st->target_sections; t++) {
        if (!ld_poll(&st->poller, 1)) return LD_CANCELLED;
        b->models[t] = st->section_source[t] >= 0 ? st->section_source[t] : ~(int32_t)t;
        bool empty = st->target_starts[t + 1] == st->target_starts[t];
        b->origins[t] = (ld_section_origin_t){ empty ? LD_ORIGIN_GATHERED : LD_ORIGIN_TARGET_SECTION,
                                               empty ? 0 : (int32_t)t };
    }
    return ld_write_target_run(st, 0, st->target_count, true, &b->next, b->limit);
}

/* The data after `stage` (not the last present one), by the rules at ld_stage_t, with each
 * section's origin (see ld_section_origin_t). `deletes` is the layout after the deletes when
 * that stage has one, else NULL: the stage after it copies the survivors of matched sections
 * from it instead of finding them again. `after_updates` says that the present stage before is
 * stage 1, whose section s holds what a later layout's section of model s holds exactly when
 * every element of s is matched. Layouts 1 and 4 share their starts with the source and the
 * target, layout 1 its counts with the source's `source_counts`. */
static LD_NOINLINE ld_status ld_build_layout(ld_stager_t *st, ld_stage_kind stage, const int32_t *source_counts,
                                             size_t matched_sections, const ld_layout_t *deletes, bool after_updates,
                                             ld_layout_t *out, const ld_section_origin_t **out_origins) {
    size_t S = st->source_sections, T = st->target_sections;
    size_t section_count = stage == LD_STAGE_ELEMENT_UPDATES ? S : stage == LD_STAGE_DELETES ? matched_sections : T;
    bool own_starts = stage == LD_STAGE_DELETES || stage == LD_STAGE_SECTION_INSERTS_AND_MOVES;
    bool own_counts = stage != LD_STAGE_ELEMENT_UPDATES;
    ld_layout_build_t b = { .section_count = section_count };
    b.models = ld_take(st, section_count);
    b.starts = own_starts ? ld_take(st, section_count + 1) : NULL;
    int32_t *counts = own_counts ? ld_take(st, section_count) : NULL;
    b.origins = (ld_section_origin_t *)(void *)ld_take(st, 2 * section_count);
    if (b.models == NULL || (own_starts && b.starts == NULL) || (own_counts && counts == NULL) || b.origins == NULL) {
        return LD_ERROR_INVALID;
    }
    b.elements = b.next = st->room;
    b.limit = st->room_end;
    ld_status status = LD_ERROR_INTERNAL; /* stage 5 is always the last: its data is the target */
    const int32_t *starts = b.starts;
    switch (stage) {
    case LD_STAGE_ELEMENT_UPDATES:
        status = ld_layout_after_updates(st, &b);
        starts = st->source_starts;
        break;
    case LD_STAGE_DELETES:
        status = ld_layout_after_deletes(st, &b, after_updates);
        break;
    case LD_STAGE_SECTION_INSERTS_AND_MOVES:
        status = ld_layout_after_section_moves(st, &b, deletes, after_updates);
        break;
    case LD_STAGE_ELEMENT_INSERTS_AND_MOVES:
        status = ld_layout_after_element_moves(st, &b);
        starts = st->target_starts;
        break;
    case LD_STAGE_SECTION_UPDATES:
        break;
    }
    if (status != LD_OK ||
        (own_counts && (status = ld_counts_from_starts(st->poller.cancel, starts, section_count, counts)))) {
        return status;
    }
    *out = (ld_layout_t){ section_count, b.models, starts, own_counts ? counts : source_counts, b.elements };
    st->room = b.next;
    *out_origins = b.origins;
    return LD_OK;
}

/* Reserves LD_BUFFER_STAGES for the worst case of the match's counts, as the stager's room. */
static ld_status ld_stage_reserve(ld_workspace_t *workspace, ld_stager_t *st) {
    size_t room_count;
    void *room;
    if (!ld_stages_room(st->source_count, st->target_count, st->source_sections, st->target_sections, &room_count)) {
        return LD_ERROR_OVERFLOW;
    }
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_STAGES, room_count, sizeof(int32_t), &room);
    if (status != LD_OK) return status;
    st->room = room;
    st->room_end = st->room + room_count;
    return LD_OK;
}

/* Every stage's operations, and which stages are present. */
static ld_status ld_stage_operations(ld_stager_t *st, const ld_sectioned_result_t *match, ld_stages_t *stages) {
    ld_element_operations_t ops = { 0 };
    ld_pair_t *section_moved;
    int32_t *section_updated;
    size_t section_updated_count;
    ld_status status;
    if ((status = ld_section_operations(st, &section_moved, &section_updated, &section_updated_count)) ||
        (status = ld_paths_in_kept_sections(st, st->element_deletes, st->element_delete_count, st->source_starts,
                                            st->section_target, st->source_sections, &ops.deleted,
                                            &ops.deleted_count)) ||
        (status = ld_element_updates(st, &ops)) || (status = ld_element_moves(st, &ops)) ||
        (status = ld_paths_in_kept_sections(st, st->element_inserts, st->element_insert_count, st->target_starts,
                                            st->section_source, st->target_sections, &ops.inserted,
                                            &ops.inserted_count))) {
        return status;
    }
    ld_stage_t *stage = stages->stages;
    stage[LD_STAGE_ELEMENT_UPDATES].batch = (ld_batch_t){ .element_updated = ops.updated,
                                                          .element_updated_count = ops.updated_count };
    stage[LD_STAGE_DELETES].batch = (ld_batch_t){ .section_deleted = match->sections.deleted,
                                                  .section_deleted_count = match->sections.deleted_count,
                                                  .element_deleted = ops.deleted,
                                                  .element_deleted_count = ops.deleted_count };
    stage[LD_STAGE_SECTION_INSERTS_AND_MOVES].batch = (ld_batch_t){
        .section_inserted = match->sections.inserted,
        .section_inserted_count = match->sections.inserted_count,
        .section_moved = section_moved,
        .section_moved_count = st->section_move_count,
    };
    stage[LD_STAGE_ELEMENT_INSERTS_AND_MOVES].batch = (ld_batch_t){ .element_inserted = ops.inserted,
                                                                    .element_inserted_count = ops.inserted_count,
                                                                    .element_moved = ops.moved,
                                                                    .element_moved_count = st->element_move_count };
    stage[LD_STAGE_SECTION_UPDATES].batch = (ld_batch_t){ .section_updated = section_updated,
                                                          .section_updated_count = section_updated_count };
    for (size_t k = 0; k < LD_STAGE_COUNT; k++) {
        const ld_batch_t *b = &stage[k].batch;
        stage[k].present = b->section_deleted_count + b->section_inserted_count + b->section_updated_count +
                               b->section_moved_count + b->element_deleted_count + b->element_inserted_count +
                               b->element_updated_count + b->element_moved_count >
                           0;
        stages->present_count += stage[k].present;
    }
    return LD_OK;
}

/* Each present stage's shape before it and its data after it: the layouts of all but the last
 * present stage, whose data is the target. */
static ld_status ld_stage_layouts(ld_stager_t *st, const ld_sectioned_result_t *match, ld_stages_t *stages) {
    size_t S = st->source_sections;
    int32_t *source_counts = ld_take(st, S);
    if (source_counts == NULL) return LD_ERROR_INVALID;
    ld_status status = ld_counts_from_starts(st->poller.cancel, st->source_starts, S, source_counts);
    if (status != LD_OK) return status;
    ld_stage_t *stage = stages->stages;
    size_t last = LD_STAGE_COUNT - 1;
    while (!stage[last].present) last--; /* some stage is present */
    size_t shape_sections = S;
    const int32_t *shape_counts = source_counts;
    ld_layout_t deletes_layout = { 0 };
    bool has_deletes_layout = false, after_updates = false;
    for (size_t k = 0; k <= last; k++) {
        if (!stage[k].present) continue;
        stage[k].section_count_before = shape_sections;
        stage[k].element_counts_before = shape_counts;
        if (k == last) {
            stage[k].data_is_target = true;
            stage[k].data_section_count = st->target_sections;
            break;
        }
        ld_layout_t layout;
        if ((status = ld_build_layout(st, (ld_stage_kind)k, source_counts, S - match->sections.deleted_count,
                                      has_deletes_layout ? &deletes_layout : NULL, after_updates, &layout,
                                      &stage[k].data_section_origins))) {
            return status;
        }
        if (k == LD_STAGE_DELETES) {
            deletes_layout = layout;
            has_deletes_layout = true;
        }
        after_updates = k == LD_STAGE_ELEMENT_UPDATES;
        stage[k].data_section_count = layout.section_count;
        stage[k].data_section_models = layout.models;
        stage[k].data_section_starts = layout.starts;
        stage[k].data_elements = layout.elements;
        shape_sections = layout.section_count;
        shape_counts = layout.counts;
    }
    return LD_OK;
}

ld_status ld_stage(ld_workspace_t *workspace, const ld_sectioned_result_t *match, const uint8_t *element_changed,
                   const uint8_t *section_changed, const ld_cancel_token_t *cancel, ld_stages_t *out) {
    if (workspace == NULL || match == NULL || out == NULL) return LD_ERROR_INVALID;
    ld_stager_t st;
    ld_stages_t stages = { 0 };
    ld_status status;
    if ((status = ld_stager_begin(workspace, match, element_changed, section_changed, cancel, &st)) ||
        (status = ld_stage_reserve(workspace, &st)) || (status = ld_stage_operations(&st, match, &stages)) ||
        (stages.present_count > 0 && (status = ld_stage_layouts(&st, match, &stages)))) {
        return status;
    }
    *out = stages;
    return LD_OK;
}
