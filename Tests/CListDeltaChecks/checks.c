#include "CListDeltaChecks.h"

#include <stdlib.h>
#include <string.h>

size_t ldc_lcs_length(const uint64_t *source, size_t source_count, const uint64_t *target, size_t target_count) {
    size_t *row = calloc(target_count + 1, sizeof *row);
    if (row == NULL) return 0;
    for (size_t i = 0; i < source_count; i++) {
        size_t diagonal = 0;
        for (size_t j = 0; j < target_count; j++) {
            size_t above = row[j + 1];
            if (source[i] == target[j]) {
                row[j + 1] = diagonal + 1;
            } else if (row[j] > row[j + 1]) {
                row[j + 1] = row[j];
            }
            diagonal = above;
        }
    }
    size_t length = row[target_count];
    free(row);
    return length;
}

/* The length of a longest strictly increasing subsequence, O(k²). */
static size_t ldc_lis_length(const int32_t *values, size_t count) {
    if (count == 0) return 0;
    size_t *best = malloc(count * sizeof *best), longest = 0;
    if (best == NULL) return 0;
    for (size_t i = 0; i < count; i++) {
        best[i] = 1;
        for (size_t j = 0; j < i; j++) {
            if (values[j] < values[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
        }
        if (best[i] > longest) longest = best[i];
    }
    free(best);
    return longest;
}

/* How many times `identity` occurs in ids[0, index). */
static size_t ldc_rank(const uint64_t *ids, size_t index, uint64_t identity) {
    size_t rank = 0;
    for (size_t i = 0; i < index; i++) rank += ids[i] == identity;
    return rank;
}

static const char *ldc_check_maps(const uint64_t *source, size_t n, const uint64_t *target, size_t m,
                                  const ld_result_t *r, size_t *matched) {
    if (r->source_count != n || r->target_count != m) return "result counts differ from input";
    if ((n > 0 && r->source_to_target == NULL) || (m > 0 && r->target_to_source == NULL)) {
        return "index map missing";
    }
    *matched = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t j = r->source_to_target[i];
        if (j < -1 || j >= (int32_t)m) return "source_to_target out of range";
        if (j < 0) continue;
        if (r->target_to_source[j] != (int32_t)i) return "index maps are not inverse";
        if (source[i] != target[j]) return "matched pair has different identities";
        (*matched)++;
    }
    size_t matched_targets = 0;
    for (size_t j = 0; j < m; j++) {
        int32_t i = r->target_to_source[j];
        if (i < -1 || i >= (int32_t)n) return "target_to_source out of range";
        matched_targets += i >= 0;
    }
    if (matched_targets != *matched) return "index maps disagree on the matched count";
    return NULL;
}

static const char *ldc_check_unmatched(const int32_t *map, size_t count, const int32_t *list, size_t list_count) {
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
        if (map[i] >= 0) continue;
        if (k >= list_count || list[k] != (int32_t)i) return "deletes or inserts are not exactly the unmatched indices";
        k++;
    }
    return k == list_count ? NULL : "deletes or inserts list extra indices";
}

static const char *ldc_check_updates(size_t n, const uint64_t *source_content, const uint64_t *target_content,
                                     const ld_result_t *r) {
    if (source_content == NULL && target_content == NULL) {
        return r->updated_count == 0 ? NULL : "updates reported without content hashes";
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t j = r->source_to_target[i];
        if (j < 0 || source_content[i] == target_content[j]) continue;
        if (k >= r->updated_count || r->updated[k].source != (int32_t)i || r->updated[k].target != j) {
            return "updates are not exactly the matched pairs with different content";
        }
        k++;
    }
    return k == r->updated_count ? NULL : "updates list extra pairs";
}

/* Replays the result as UIKit would: remove deletes and move sources from the highest index
 * down, then insert inserts and move targets from the lowest index up. */
static const char *ldc_check_replay(const uint64_t *source, size_t n, const uint64_t *target, size_t m,
                                    const ld_result_t *r) {
    uint64_t *list = malloc((n + m + 1) * sizeof *list);
    unsigned char *removed = calloc(n + 1, 1), *placed = calloc(m + 1, 1);
    uint64_t *placed_value = malloc((m + 1) * sizeof *placed_value);
    const char *failure = NULL;
    if (list == NULL || removed == NULL || placed == NULL || placed_value == NULL) {
        failure = "checker out of memory";
        goto done;
    }
    for (size_t k = 0; k < r->deleted_count; k++) removed[r->deleted[k]] = 1;
    for (size_t k = 0; k < r->moved_count; k++) {
        ld_pair_t pair = r->moved[k];
        if (pair.source < 0 || (size_t)pair.source >= n || pair.target < 0 || (size_t)pair.target >= m) {
            failure = "move out of range";
            goto done;
        }
        if (r->source_to_target[pair.source] != pair.target) {
            failure = "move is not a matched pair";
            goto done;
        }
        if (k > 0 && r->moved[k - 1].target >= pair.target) {
            failure = "moves are not in ascending target order";
            goto done;
        }
        if (removed[pair.source] || placed[pair.target]) {
            failure = "an index is moved twice";
            goto done;
        }
        removed[pair.source] = 1;
        placed[pair.target] = 1;
        placed_value[pair.target] = source[pair.source];
    }
    for (size_t k = 0; k < r->inserted_count; k++) {
        placed[r->inserted[k]] = 1;
        placed_value[r->inserted[k]] = target[r->inserted[k]];
    }
    size_t length = 0;
    for (size_t i = 0; i < n; i++) {
        if (!removed[i]) list[length++] = source[i];
    }
    for (size_t j = 0; j < m; j++) {
        if (!placed[j]) continue;
        if (j > length) {
            failure = "insert beyond the end of the list";
            goto done;
        }
        memmove(list + j + 1, list + j, (length - j) * sizeof *list);
        list[j] = placed_value[j];
        length++;
    }
    if (length != m || (m > 0 && memcmp(list, target, m * sizeof *list) != 0)) {
        failure = "replaying the result does not give the target";
    }
done:
    free(list);
    free(removed);
    free(placed);
    free(placed_value);
    return failure;
}

static const char *ldc_check_heckel(const uint64_t *source, size_t n, const uint64_t *target, size_t m,
                                    const ld_result_t *r) {
    for (size_t i = 0; i < n; i++) {
        int32_t j = r->source_to_target[i];
        if (j >= 0 && ldc_rank(source, i, source[i]) != ldc_rank(target, (size_t)j, source[i])) {
            return "the k-th occurrences of an identity are not paired";
        }
        if (j < 0 && ldc_rank(source, i, source[i]) < ldc_rank(target, m, source[i])) {
            return "an occurrence was left unmatched while the target has one to spare";
        }
    }
    return NULL;
}

/* Groups of at most this many staying candidates have their longest runs enumerated. */
#define LDC_ENUMERATED_PAIRS 18

/* A group's own pairs in target order, and what the enumeration of their longest runs finds. */
typedef struct {
    const int32_t *sources;
    const bool *in_place;
    size_t count;
    size_t *longest_from; /* the longest run starting at each pair */
    size_t length;        /* the longest run's */
    size_t most_in_place; /* on a longest run, found so far */
} ldc_runs_t;

/* Every increasing run that a longest run can extend, from pair `next` on, after a run of
 * `length` pairs ending at `last` with `in_place` of them in place. */
static void ldc_enumerate_runs(ldc_runs_t *runs, size_t next, int32_t last, size_t length, size_t in_place) {
    if (length == runs->length) {
        if (in_place > runs->most_in_place) runs->most_in_place = in_place;
        return;
    }
    for (size_t k = next; k < runs->count; k++) {
        if (runs->sources[k] <= last || length + runs->longest_from[k] < runs->length) continue;
        ldc_enumerate_runs(runs, k + 1, runs->sources[k], length + 1, in_place + runs->in_place[k]);
    }
}

/* Groups of at most this many have the most pairs in place on a longest run found by O(k²)
 * dynamic programming over (length, pairs in place), lexicographically. */
#define LDC_PROGRAMMED_PAIRS 4096

/* The fewest pairs in place that a longest run of the group leaves moving: by enumerating the
 * longest runs of a small group, by dynamic programming for a larger one; SIZE_MAX when the
 * group is too large for either. */
static size_t ldc_fewest_moves_in_place(const int32_t *sources, const bool *in_place, size_t count) {
    if (count > LDC_PROGRAMMED_PAIRS) return SIZE_MAX;
    size_t total_in_place = 0;
    for (size_t i = 0; i < count; i++) total_in_place += in_place[i];
    if (count > LDC_ENUMERATED_PAIRS) {
        size_t *length = malloc((count + 1) * sizeof *length), *kept = malloc((count + 1) * sizeof *kept);
        size_t best_length = 0, best_kept = 0;
        if (length == NULL || kept == NULL) {
            free(length);
            free(kept);
            return SIZE_MAX;
        }
        for (size_t i = 0; i < count; i++) {
            length[i] = 1;
            kept[i] = in_place[i];
            for (size_t j = 0; j < i; j++) {
                if (sources[j] >= sources[i]) continue;
                if (length[j] + 1 > length[i] || (length[j] + 1 == length[i] && kept[j] + in_place[i] > kept[i])) {
                    length[i] = length[j] + 1;
                    kept[i] = kept[j] + in_place[i];
                }
            }
            if (length[i] > best_length || (length[i] == best_length && kept[i] > best_kept)) {
                best_length = length[i];
                best_kept = kept[i];
            }
        }
        free(length);
        free(kept);
        return total_in_place - best_kept;
    }
    size_t longest_from[LDC_ENUMERATED_PAIRS + 1], length = 0;
    for (size_t i = count; i-- > 0;) {
        longest_from[i] = 1;
        for (size_t j = i + 1; j < count; j++) {
            if (sources[j] > sources[i] && longest_from[j] + 1 > longest_from[i]) longest_from[i] = longest_from[j] + 1;
        }
        if (longest_from[i] > length) length = longest_from[i];
    }
    ldc_runs_t runs = { sources, in_place, count, longest_from, length, 0 };
    ldc_enumerate_runs(&runs, 0, INT32_MIN, 0, 0);
    return total_in_place - runs.most_in_place;
}

/* The moves against the groups (NULL: one group): a pair changing group moves; within a group
 * the staying pairs are in order, the moves are the fewest (all in order for Myers), and of the
 * fewest, they leave as few pairs in place (source place equal to target place: the indices
 * when `source_places` and `target_places` are NULL) as any longest run does. */
static const char *ldc_check_moves(bool myers, size_t m, const uint32_t *source_groups, const uint32_t *target_groups,
                                   const int32_t *source_places, const int32_t *target_places, const ld_result_t *r) {
    bool *moves = calloc(m + 1, sizeof *moves), *in_place = calloc(m + 1, sizeof *in_place);
    int32_t *order = malloc((m + 1) * sizeof *order);
    const char *failure = NULL;
    if (moves == NULL || order == NULL || in_place == NULL) failure = "checker out of memory";
    for (size_t k = 0; failure == NULL && k < r->moved_count; k++) {
        ld_pair_t move = r->moved[k];
        if (move.target < 0 || (size_t)move.target >= m || r->target_to_source[move.target] != move.source) {
            failure = "a move is not a matched pair";
        } else if (k > 0 && move.target <= r->moved[k - 1].target) {
            failure = "moves are not in ascending target order";
        } else {
            moves[move.target] = true;
        }
    }
    size_t expected = 0;
    for (size_t begin = 0, end; failure == NULL && begin < m; begin = end) {
        uint32_t group = target_groups != NULL ? target_groups[begin] : 0;
        size_t staying = 0, moved_in_place = 0;
        int32_t last_stayer = -1;
        for (end = begin; end < m && (target_groups != NULL ? target_groups[end] : 0) == group; end++) {
            int32_t i = r->target_to_source[end];
            if (i < 0) continue;
            if (source_groups != NULL && source_groups[i] != group) {
                expected++;
                if (!moves[end]) failure = "a pair that changes group stays";
                continue;
            }
            in_place[staying] = (source_places != NULL ? source_places[i] : i) ==
                                (target_places != NULL ? target_places[end] : (int32_t)end);
            moved_in_place += moves[end] && in_place[staying];
            order[staying++] = i;
            if (!moves[end]) {
                if (i <= last_stayer) failure = "staying pairs are out of order";
                last_stayer = i;
            }
        }
        expected += staying - (myers ? staying : ldc_lis_length(order, staying));
        size_t fewest = myers ? 0 : ldc_fewest_moves_in_place(order, in_place, staying);
        if (failure == NULL && fewest != SIZE_MAX && moved_in_place != fewest) {
            failure = "a pair moves to its own place where a longest run keeps it";
        }
    }
    if (failure == NULL && r->moved_count != expected) failure = "the moves are not the fewest for the groups";
    free(moves);
    free(in_place);
    free(order);
    return failure;
}

/* ldc_check_result, with the places of ldc_check_moves. */
static const char *ldc_check_placed_result(ldc_algorithm algorithm, const uint64_t *source, size_t source_count,
                                           const uint64_t *target, size_t target_count, const uint64_t *source_content,
                                           const uint64_t *target_content, const uint32_t *source_groups,
                                           const uint32_t *target_groups, const int32_t *source_places,
                                           const int32_t *target_places, const ld_result_t *result) {
    size_t matched = 0;
    const char *failure;
    if ((failure = ldc_check_maps(source, source_count, target, target_count, result, &matched)) ||
        (failure = ldc_check_unmatched(result->source_to_target, source_count, result->deleted,
                                       result->deleted_count)) ||
        (failure = ldc_check_unmatched(result->target_to_source, target_count, result->inserted,
                                       result->inserted_count)) ||
        (failure = ldc_check_updates(source_count, source_content, target_content, result)) ||
        /* With groups, staying elements keep their order only within their group. */
        (target_groups == NULL && (failure = ldc_check_replay(source, source_count, target, target_count, result)))) {
        return failure;
    }
    if (algorithm == LDC_HECKEL) {
        if ((failure = ldc_check_heckel(source, source_count, target, target_count, result))) return failure;
    } else if (matched != ldc_lcs_length(source, source_count, target, target_count)) {
        return "Myers matched count is not the LCS length";
    }
    return ldc_check_moves(algorithm == LDC_MYERS, target_count, source_groups, target_groups, source_places,
                           target_places, result);
}

const char *ldc_check_result(ldc_algorithm algorithm, const uint64_t *source, size_t source_count,
                             const uint64_t *target, size_t target_count, const uint64_t *source_content,
                             const uint64_t *target_content, const uint32_t *source_groups,
                             const uint32_t *target_groups, const ld_result_t *result) {
    return ldc_check_placed_result(algorithm, source, source_count, target, target_count, source_content,
                                   target_content, source_groups, target_groups, NULL, NULL, result);
}

static void *ldc_allocate(void *context, size_t length) {
    ldc_counting_allocator *counter = context;
    long attempt = (long)counter->attempts++;
    if (attempt == counter->fail_at) return NULL;
    void *pointer = malloc(length);
    if (pointer == NULL) return NULL;
    counter->allocations++;
    counter->live_bytes += length;
    if (counter->live_bytes > counter->peak_live_bytes) counter->peak_live_bytes = counter->live_bytes;
    return pointer;
}

static void ldc_deallocate(void *context, void *pointer, size_t length) {
    ldc_counting_allocator *counter = context;
    counter->deallocations++;
    counter->live_bytes -= length;
    free(pointer);
}

ld_allocator_t ldc_make_allocator(ldc_counting_allocator *counter) {
    return (ld_allocator_t){ .allocate = ldc_allocate, .deallocate = ldc_deallocate, .context = counter };
}

/* MARK: Sectioned diffs and staging */

#include <stdarg.h>
#include <stdio.h>

/* A list as a view shows it: sections, each a model reference and element references
 * (>= 0 a flat source index, < 0 the complement of a flat target index), in flat storage. */
typedef struct {
    size_t count;
    size_t capacity;         /* sections */
    size_t element_capacity; /* per section */
    int32_t *models;
    size_t *lengths;
    int32_t *elements;
} ldc_list_t;

/* Everything the stage checks read. */
typedef struct {
    const ldc_sectioned_lists_t *lists;
    const ld_sectioned_result_t *match;
    const uint8_t *element_changed;
    const uint8_t *section_changed;
    size_t S, T, n, m;
    int32_t *source_starts; /* count + 1, from the counts */
    int32_t *target_starts;
} ldc_staging_t;

static _Thread_local char ldc_message[512];

static const char *ldc_fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(ldc_message, sizeof ldc_message, format, arguments);
    va_end(arguments);
    return ldc_message;
}

static bool ldc_list_init(ldc_list_t *list, size_t capacity, size_t element_capacity) {
    *list = (ldc_list_t){ .capacity = capacity, .element_capacity = element_capacity };
    list->models = calloc(capacity + 1, sizeof *list->models);
    list->lengths = calloc(capacity + 1, sizeof *list->lengths);
    list->elements = calloc((capacity + 1) * (element_capacity + 1), sizeof *list->elements);
    return list->models != NULL && list->lengths != NULL && list->elements != NULL;
}

static void ldc_list_free(ldc_list_t *list) {
    free(list->models);
    free(list->lengths);
    free(list->elements);
    *list = (ldc_list_t){ 0 };
}

static int32_t *ldc_at(const ldc_list_t *list, size_t section) {
    return list->elements + section * (list->element_capacity + 1);
}

static bool ldc_push_section(ldc_list_t *list, int32_t model) {
    if (list->count >= list->capacity) return false;
    list->models[list->count] = model;
    list->lengths[list->count] = 0;
    list->count++;
    return true;
}

static bool ldc_push_element(ldc_list_t *list, int32_t element) {
    size_t s = list->count - 1;
    if (list->lengths[s] >= list->element_capacity) return false;
    ldc_at(list, s)[list->lengths[s]++] = element;
    return true;
}

/* Element and section references by item: a matched pair is its target index, an unmatched
 * source element or section the complement of its source index. */
static int64_t ldc_element_item(const ldc_staging_t *c, int32_t ref) {
    if (ref < 0) return ~ref;
    int32_t j = c->match->elements.source_to_target[ref];
    return j >= 0 ? j : -(int64_t)ref - 1;
}

static int64_t ldc_section_item(const ldc_staging_t *c, int32_t ref) {
    if (ref < 0) return ~ref;
    int32_t t = c->match->sections.source_to_target[ref];
    return t >= 0 ? t : -(int64_t)ref - 1;
}

/* Whether showing `shown` where the data shows `data` (the same item) shows stale or early
 * content: their versions differ and the item's content changed. */
static bool ldc_element_version_differs(const ldc_staging_t *c, int32_t shown, int32_t data) {
    if ((shown < 0) == (data < 0) || c->element_changed == NULL) return false;
    int32_t source = shown >= 0 ? shown : data;
    return c->match->elements.source_to_target[source] >= 0 && c->element_changed[source] != 0;
}

static bool ldc_section_version_differs(const ldc_staging_t *c, int32_t shown, int32_t data) {
    if ((shown < 0) == (data < 0) || c->section_changed == NULL) return false;
    int32_t target = shown < 0 ? ~shown : ~data;
    return c->match->sections.target_to_source[target] >= 0 && c->section_changed[target] != 0;
}

/* The target as a list. */
static bool ldc_target_list(const ldc_staging_t *c, ldc_list_t *list) {
    for (size_t t = 0; t < c->T; t++) {
        if (!ldc_push_section(list, ~(int32_t)t)) return false;
        for (int32_t j = c->target_starts[t]; j < c->target_starts[t + 1]; j++) {
            if (!ldc_push_element(list, ~j)) return false;
        }
    }
    return true;
}

/* The data after `stage` by the rules, built here from the match alone. */
static bool ldc_expected_layout(const ldc_staging_t *c, int stage, ldc_list_t *list) {
    const int32_t *s2t = c->match->elements.source_to_target, *t2s = c->match->elements.target_to_source;
    const int32_t *section_target = c->match->sections.source_to_target;
    const int32_t *section_source = c->match->sections.target_to_source;
    switch (stage) {
    case LD_STAGE_ELEMENT_UPDATES:
        for (size_t s = 0; s < c->S; s++) {
            if (!ldc_push_section(list, (int32_t)s)) return false;
            for (int32_t i = c->source_starts[s]; i < c->source_starts[s + 1]; i++) {
                if (!ldc_push_element(list, s2t[i] >= 0 ? ~s2t[i] : i)) return false;
            }
        }
        return true;
    case LD_STAGE_DELETES:
        for (size_t s = 0; s < c->S; s++) {
            if (section_target[s] < 0) continue;
            if (!ldc_push_section(list, (int32_t)s)) return false;
            for (int32_t i = c->source_starts[s]; i < c->source_starts[s + 1]; i++) {
                if (s2t[i] >= 0 && !ldc_push_element(list, ~s2t[i])) return false;
            }
        }
        return true;
    case LD_STAGE_SECTION_INSERTS_AND_MOVES:
        for (size_t t = 0; t < c->T; t++) {
            int32_t s = section_source[t];
            if (!ldc_push_section(list, s >= 0 ? s : ~(int32_t)t)) return false;
            if (s >= 0) {
                for (int32_t i = c->source_starts[s]; i < c->source_starts[s + 1]; i++) {
                    if (s2t[i] >= 0 && !ldc_push_element(list, ~s2t[i])) return false;
                }
            } else {
                for (int32_t j = c->target_starts[t]; j < c->target_starts[t + 1]; j++) {
                    if (t2s[j] < 0 && !ldc_push_element(list, ~j)) return false;
                }
            }
        }
        return true;
    case LD_STAGE_ELEMENT_INSERTS_AND_MOVES:
        for (size_t t = 0; t < c->T; t++) {
            int32_t s = section_source[t];
            if (!ldc_push_section(list, s >= 0 ? s : ~(int32_t)t)) return false;
            for (int32_t j = c->target_starts[t]; j < c->target_starts[t + 1]; j++) {
                if (!ldc_push_element(list, ~j)) return false;
            }
        }
        return true;
    default:
        return ldc_target_list(c, list);
    }
}

/* The reported layout of `stage` as a list, after checking that its references are in range. */
static const char *ldc_reported_layout(const ldc_staging_t *c, int stage, const ld_stage_t *st, ldc_list_t *list) {
    if (st->data_section_count > 0 && (st->data_section_models == NULL || st->data_section_starts == NULL)) {
        return ldc_fail("stage %d: layout arrays missing", stage + 1);
    }
    if (st->data_section_starts == NULL) return NULL;
    if (st->data_section_starts[0] != 0) return ldc_fail("stage %d: layout starts do not start at 0", stage + 1);
    for (size_t k = 0; k < st->data_section_count; k++) {
        int32_t model = st->data_section_models[k];
        if ((model >= 0 && (size_t)model >= c->S) || (model < 0 && (size_t)~model >= c->T)) {
            return ldc_fail("stage %d: layout section %zu has model %d out of range", stage + 1, k, model);
        }
        int32_t begin = st->data_section_starts[k], end = st->data_section_starts[k + 1];
        if (end < begin) return ldc_fail("stage %d: layout starts decrease at %zu", stage + 1, k);
        if (!ldc_push_section(list, model)) return ldc_fail("stage %d: layout has too many sections", stage + 1);
        for (int32_t e = begin; e < end; e++) {
            int32_t ref = st->data_elements[e];
            if ((ref >= 0 && (size_t)ref >= c->n) || (ref < 0 && (size_t)~ref >= c->m)) {
                return ldc_fail("stage %d: layout element %d out of range", stage + 1, ref);
            }
            if (!ldc_push_element(list, ref)) return ldc_fail("stage %d: layout section %zu too long", stage + 1, k);
        }
    }
    return NULL;
}

/* Whether `run` holds the flat indices of section `section` of sides starting at `starts`, each
 * complemented when `complement` is -1. */
static bool ldc_run_is_section(const int32_t *run, size_t length, const int32_t *starts, size_t section_count,
                               int32_t section, int32_t complement) {
    if (section < 0 || (size_t)section >= section_count) return false;
    if (length != (size_t)(starts[section + 1] - starts[section])) return false;
    for (size_t x = 0; x < length; x++) {
        if (run[x] != ((starts[section] + (int32_t)x) ^ complement)) return false;
    }
    return true;
}

/* Whether `run` holds exactly the references of section `k` of `list`. */
static bool ldc_run_is_listed(const int32_t *run, size_t length, const ldc_list_t *list, int32_t k) {
    return list != NULL && k >= 0 && (size_t)k < list->count && list->lengths[k] == length &&
           (length == 0 || memcmp(ldc_at(list, (size_t)k), run, length * sizeof *run) == 0);
}

/* Each section's reported origin must hold exactly its references; and a section whose
 * references are those of the previous data's section of the same model, or all of its model's
 * source or target section, must be reported so (else every binding gathers it again). */
static const char *ldc_check_origins(const ldc_staging_t *c, int stage, const ld_stage_t *st, const ldc_list_t *data,
                                     const ldc_list_t *previous) {
    if (data->count > 0 && st->data_section_origins == NULL) return ldc_fail("stage %d: origins missing", stage + 1);
    for (size_t k = 0; k < data->count; k++) {
        ld_section_origin_t origin = st->data_section_origins[k];
        const int32_t *run = ldc_at(data, k);
        size_t length = data->lengths[k];
        int32_t model = data->models[k];
        bool holds;
        switch (origin.kind) {
        case LD_ORIGIN_GATHERED: {
            int32_t t = model >= 0 ? c->match->sections.source_to_target[model] : ~model;
            int32_t same = -1;
            for (size_t q = 0; previous != NULL && q < previous->count; q++) {
                if (previous->models[q] == model) same = (int32_t)q;
            }
            if (length > 0 && (ldc_run_is_listed(run, length, previous, same) ||
                               ldc_run_is_section(run, length, c->target_starts, c->T, t, -1) ||
                               (model >= 0 && ldc_run_is_section(run, length, c->source_starts, c->S, model, 0)))) {
                return ldc_fail("stage %d: section %zu is to be gathered, but a list holds it already", stage + 1, k);
            }
            holds = true;
            break;
        }
        case LD_ORIGIN_SOURCE_SECTION:
            holds = ldc_run_is_section(run, length, c->source_starts, c->S, origin.index, 0);
            break;
        case LD_ORIGIN_TARGET_SECTION:
            holds = ldc_run_is_section(run, length, c->target_starts, c->T, origin.index, -1);
            break;
        case LD_ORIGIN_PREVIOUS_DATA:
            holds = ldc_run_is_listed(run, length, previous, origin.index);
            break;
        default:
            return ldc_fail("stage %d: section %zu has origin kind %d", stage + 1, k, origin.kind);
        }
        if (!holds) {
            return ldc_fail("stage %d: section %zu's origin (%d, %d) does not hold its elements", stage + 1, k,
                            origin.kind, origin.index);
        }
    }
    return NULL;
}

static bool ldc_lists_equal(const ldc_list_t *a, const ldc_list_t *b) {
    if (a->count != b->count) return false;
    for (size_t s = 0; s < a->count; s++) {
        if (a->models[s] != b->models[s] || a->lengths[s] != b->lengths[s]) return false;
        if (a->lengths[s] > 0 && memcmp(ldc_at(a, s), ldc_at(b, s), a->lengths[s] * sizeof(int32_t)) != 0) {
            return false;
        }
    }
    return true;
}

/* The rule of UIKit's that `check` found broken, as the failure of `stage`. */
static const char *ldc_broken_rule(int stage, const ld_batch_check_t *check) {
    /* clang-format off */
    static const char *const rules[] = {
        "LD_BATCH_VALID", "LD_BATCH_SECTION_OUT_OF_RANGE", "LD_BATCH_ELEMENT_OUT_OF_RANGE",
        "LD_BATCH_DUPLICATE_SECTION", "LD_BATCH_DUPLICATE_ELEMENT", "LD_BATCH_CONFLICTING_SECTIONS",
        "LD_BATCH_CONFLICTING_ELEMENTS", "LD_BATCH_ELEMENT_IN_DELETED_SECTION",
        "LD_BATCH_ELEMENT_IN_RELOADED_SECTION", "LD_BATCH_ELEMENT_INTO_CHANGING_SECTION",
        "LD_BATCH_SECTION_COUNT_MISMATCH", "LD_BATCH_ELEMENT_COUNT_MISMATCH",
    };
    static const char *const operations[] = { "delete", "insert", "reload", "move from", "move to" };
    /* clang-format on */
    const char *rule = rules[check->rule], *operation = operations[check->operation];
    ld_path_t p = check->path;
    long long expected = check->expected, actual = check->actual;
    switch (check->rule) {
    case LD_BATCH_SECTION_OUT_OF_RANGE:
        if (!check->names_element) {
            return ldc_fail("stage %d breaks %s: %s section %d, of %lld sections", stage + 1, rule, operation,
                            p.section, actual);
        }
        return ldc_fail("stage %d breaks %s: %s (%d, %d), of %lld sections", stage + 1, rule, operation, p.section,
                        p.element, actual);
    case LD_BATCH_ELEMENT_OUT_OF_RANGE:
        return ldc_fail("stage %d breaks %s: %s (%d, %d), of %lld elements in its section", stage + 1, rule, operation,
                        p.section, p.element, actual);
    case LD_BATCH_DUPLICATE_SECTION:
        return ldc_fail("stage %d breaks %s: %s section %d", stage + 1, rule, operation, p.section);
    case LD_BATCH_CONFLICTING_SECTIONS:
        return ldc_fail("stage %d breaks %s: %s and %s section %d", stage + 1, rule, operation,
                        operations[check->other_operation], p.section);
    case LD_BATCH_CONFLICTING_ELEMENTS:
        return ldc_fail("stage %d breaks %s: %s and %s (%d, %d)", stage + 1, rule, operation,
                        operations[check->other_operation], p.section, p.element);
    case LD_BATCH_SECTION_COUNT_MISMATCH:
        return ldc_fail("stage %d breaks %s: its data has %lld sections, the batch leaves %lld", stage + 1, rule,
                        actual, expected);
    case LD_BATCH_ELEMENT_COUNT_MISMATCH:
        return ldc_fail("stage %d breaks %s: section %d of its data holds %lld elements, the batch leaves %lld",
                        stage + 1, rule, p.section, actual, expected);
    default:
        return ldc_fail("stage %d breaks %s: %s (%d, %d)", stage + 1, rule, operation, p.section, p.element);
    }
}

static bool ldc_listed(const int32_t *list, size_t count, int32_t value) {
    for (size_t k = 0; k < count; k++) {
        if (list[k] == value) return true;
    }
    return false;
}

/* Applies one stage's batch to `before`, giving `after`; `data` is the list the batch installs.
 * The batch must keep UIKit's rules: ld_check_batch, the core's one copy of them, against the
 * shape of `before` (which the stage's counts before were found equal to) and of `data`. Each
 * section and element after it is the one before it the check's origins name, or where it
 * arrives (inserted, reloaded, or in an inserted or reloaded section), the data's. */
static const char *ldc_apply_batch(ld_workspace_t *workspace, int stage, const ld_stage_t *st, const ldc_list_t *before,
                                   const ldc_list_t *data, ldc_list_t *after) {
    const char *failure = NULL;
    size_t shown = 0;
    for (size_t s = 0; s < before->count; s++) shown += before->lengths[s];
    int32_t *counts = malloc((before->count + data->count + 1) * sizeof *counts);
    int32_t *flat = malloc((shown + 1) * sizeof *flat);
    if (counts == NULL || flat == NULL) {
        failure = "checker out of memory";
        goto done;
    }
    shown = 0;
    for (size_t s = 0; s < before->count; s++) {
        counts[s] = (int32_t)before->lengths[s];
        for (size_t e = 0; e < before->lengths[s]; e++) flat[shown++] = ldc_at(before, s)[e];
    }
    for (size_t t = 0; t < data->count; t++) counts[before->count + t] = (int32_t)data->lengths[t];
    ld_batch_check_t check;
    ld_status status = ld_check_batch(workspace, &st->batch, counts, before->count, counts + before->count, data->count,
                                      LD_BATCH_RELOADS_ARRIVE, &check);
    if (status != LD_OK) {
        failure = ldc_fail("stage %d: ld_check_batch: %s", stage + 1, ld_status_description(status));
        goto done;
    }
    if (check.rule != LD_BATCH_VALID) {
        failure = ldc_broken_rule(stage, &check);
        goto done;
    }
    const int32_t *origin = check.element_origins;
    for (size_t t = 0; t < data->count; t++) {
        int32_t s = check.section_origins[t];
        bool whole = s < 0 || ldc_listed(st->batch.section_updated, st->batch.section_updated_count, s);
        if (!ldc_push_section(after, whole ? data->models[t] : before->models[s])) {
            failure = "checker: list full";
            goto done;
        }
        for (size_t e = 0; e < data->lengths[t]; e++, origin++) {
            if (!ldc_push_element(after, whole || *origin < 0 ? ldc_at(data, t)[e] : flat[*origin])) {
                failure = "checker: section full";
                goto done;
            }
        }
    }
done:
    free(counts);
    free(flat);
    return failure;
}

/* The shown list against the data: the same items in the same places, and no content of a
 * changed item in another version than the data's. */
static const char *ldc_compare_shown(const ldc_staging_t *c, int stage, const ldc_list_t *shown,
                                     const ldc_list_t *data) {
    if (shown->count != data->count) {
        return ldc_fail("stage %d: %zu sections shown after it, its data has %zu", stage + 1, shown->count,
                        data->count);
    }
    for (size_t s = 0; s < shown->count; s++) {
        if (ldc_section_item(c, shown->models[s]) != ldc_section_item(c, data->models[s])) {
            return ldc_fail("stage %d: section %zu shows model %d, its data %d", stage + 1, s, shown->models[s],
                            data->models[s]);
        }
        if (ldc_section_version_differs(c, shown->models[s], data->models[s])) {
            return ldc_fail("stage %d: section %zu shows model %d, but the data's version %d changed", stage + 1, s,
                            shown->models[s], data->models[s]);
        }
        if (shown->lengths[s] != data->lengths[s]) {
            return ldc_fail("stage %d: section %zu shows %zu elements, its data %zu", stage + 1, s, shown->lengths[s],
                            data->lengths[s]);
        }
        for (size_t e = 0; e < shown->lengths[s]; e++) {
            int32_t a = ldc_at(shown, s)[e], b = ldc_at(data, s)[e];
            if (ldc_element_item(c, a) != ldc_element_item(c, b)) {
                return ldc_fail("stage %d: (%zu, %zu) shows element %d, its data %d", stage + 1, s, e, a, b);
            }
            if (ldc_element_version_differs(c, a, b)) {
                return ldc_fail("stage %d: (%zu, %zu) shows element %d, a stale version of %d", stage + 1, s, e, a, b);
            }
        }
    }
    return NULL;
}

/* The element match restricted to the matched sections' elements, checked by ldc_check_result
 * with each element's target section as its group, and the places ld_stage reports moves
 * between: a source element's index among its section's matched elements (after the deletes),
 * a target element's index in its section. */
static const char *ldc_check_element_match(ldc_algorithm algorithm, const ldc_staging_t *c) {
    const ldc_sectioned_lists_t *l = c->lists;
    const ld_result_t *e = &c->match->elements, *sec = &c->match->sections;
    size_t n = c->n, m = c->m, matched;
    const char *failure = NULL;
    uint64_t *kept = malloc((n + 1) * sizeof *kept);
    uint32_t *source_groups = malloc((n + 1) * sizeof *source_groups);
    uint32_t *target_groups = malloc((m + 1) * sizeof *target_groups);
    int32_t *full_to_kept = malloc((n + 1) * sizeof *full_to_kept);
    int32_t *s2t = malloc((n + 1) * sizeof *s2t), *t2s = malloc((m + 1) * sizeof *t2s);
    int32_t *deleted = malloc((n + 1) * sizeof *deleted);
    int32_t *source_places = malloc((n + 1) * sizeof *source_places);
    int32_t *target_places = malloc((m + 1) * sizeof *target_places);
    ld_pair_t *moved = malloc((e->moved_count + 1) * sizeof *moved);
    if (!kept || !source_groups || !target_groups || !full_to_kept || !s2t || !t2s || !deleted || !source_places ||
        !target_places || !moved) {
        failure = "checker out of memory";
        goto done;
    }
    if (e->source_count != n || e->target_count != m) {
        failure = "elements: result counts differ from the input";
        goto done;
    }
    if ((failure = ldc_check_maps(l->source_elements, n, l->target_elements, m, e, &matched)) ||
        (failure = ldc_check_unmatched(e->source_to_target, n, e->deleted, e->deleted_count)) ||
        (failure = ldc_check_unmatched(e->target_to_source, m, e->inserted, e->inserted_count))) {
        goto done;
    }
    if (e->updated_count != 0) {
        failure = "elements: updates reported without content";
        goto done;
    }
    size_t kept_count = 0;
    for (size_t s = 0; s < c->S; s++) {
        int32_t place = 0;
        for (int32_t i = c->source_starts[s]; i < c->source_starts[s + 1]; i++) {
            full_to_kept[i] = -1;
            if (sec->source_to_target[s] < 0) {
                if (e->source_to_target[i] >= 0) {
                    failure = ldc_fail("elements: element %d of deleted section %zu is matched", i, s);
                    goto done;
                }
                continue;
            }
            full_to_kept[i] = (int32_t)kept_count;
            kept[kept_count] = l->source_elements[i];
            source_groups[kept_count] = (uint32_t)sec->source_to_target[s];
            s2t[kept_count] = e->source_to_target[i];
            source_places[kept_count] = place;
            place += e->source_to_target[i] >= 0;
            kept_count++;
        }
    }
    size_t deleted_count = 0;
    for (size_t k = 0; k < kept_count; k++) {
        if (s2t[k] < 0) deleted[deleted_count++] = (int32_t)k;
    }
    for (size_t t = 0; t < c->T; t++) {
        for (int32_t j = c->target_starts[t]; j < c->target_starts[t + 1]; j++) {
            target_groups[j] = (uint32_t)t;
            target_places[j] = j - c->target_starts[t];
        }
    }
    for (size_t j = 0; j < m; j++) t2s[j] = e->target_to_source[j] >= 0 ? full_to_kept[e->target_to_source[j]] : -1;
    for (size_t k = 0; k < e->moved_count; k++) {
        if (e->moved[k].source < 0 || (size_t)e->moved[k].source >= n) {
            failure = "elements: move source out of range";
            goto done;
        }
        moved[k] = (ld_pair_t){ full_to_kept[e->moved[k].source], e->moved[k].target };
    }
    ld_result_t compact = {
        .source_to_target = s2t,
        .source_count = kept_count,
        .target_to_source = t2s,
        .target_count = m,
        .deleted = deleted,
        .deleted_count = deleted_count,
        .inserted = e->inserted,
        .inserted_count = e->inserted_count,
        .moved = moved,
        .moved_count = e->moved_count,
    };
    failure = ldc_check_placed_result(algorithm, kept, kept_count, l->target_elements, m, NULL, NULL, source_groups,
                                      target_groups, source_places, target_places, &compact);
    if (failure != NULL) failure = ldc_fail("elements of matched sections: %s", failure);
done:
    free(kept);
    free(source_groups);
    free(target_groups);
    free(full_to_kept);
    free(s2t);
    free(t2s);
    free(deleted);
    free(source_places);
    free(target_places);
    free(moved);
    return failure;
}

/* Stage 1's updates and stage 5's, against the flags; stage 2's section deletes and stage 3's
 * inserts against the section match; the moves against the match's moves. */
static const char *ldc_check_operations(const ldc_staging_t *c, const ld_stages_t *stages) {
    const ld_stage_t *st = stages->stages;
    const ld_result_t *sec = &c->match->sections, *e = &c->match->elements;
    size_t k = 0;
    const ld_stage_t *updates = &st[LD_STAGE_ELEMENT_UPDATES];
    for (size_t s = 0; s < c->S; s++) {
        if (sec->source_to_target[s] < 0) continue;
        for (int32_t i = c->source_starts[s]; i < c->source_starts[s + 1]; i++) {
            if (e->source_to_target[i] < 0 || c->element_changed == NULL || !c->element_changed[i]) continue;
            if (k >= updates->batch.element_updated_count || updates->batch.element_updated[k].section != (int32_t)s ||
                updates->batch.element_updated[k].element != i - c->source_starts[s]) {
                return ldc_fail("stage 1: element updates are not the changed matched elements (at %zu)", k);
            }
            k++;
        }
    }
    if (k != updates->batch.element_updated_count) return "stage 1: element updates list extra paths";
    k = 0;
    const ld_stage_t *reloads = &st[LD_STAGE_SECTION_UPDATES];
    for (size_t t = 0; t < c->T; t++) {
        if (sec->target_to_source[t] < 0 || c->section_changed == NULL || !c->section_changed[t]) continue;
        if (k >= reloads->batch.section_updated_count || reloads->batch.section_updated[k] != (int32_t)t) {
            return "stage 5: section updates are not the changed matched sections";
        }
        k++;
    }
    if (k != reloads->batch.section_updated_count) return "stage 5: section updates list extra sections";
    const ld_stage_t *deletes = &st[LD_STAGE_DELETES], *inserts = &st[LD_STAGE_SECTION_INSERTS_AND_MOVES];
    if (deletes->batch.section_deleted_count != sec->deleted_count ||
        (sec->deleted_count > 0 &&
         memcmp(deletes->batch.section_deleted, sec->deleted, sec->deleted_count * sizeof(int32_t)) != 0)) {
        return "stage 2: section deletes are not the section match's";
    }
    if (inserts->batch.section_inserted_count != sec->inserted_count ||
        (sec->inserted_count > 0 &&
         memcmp(inserts->batch.section_inserted, sec->inserted, sec->inserted_count * sizeof(int32_t)) != 0)) {
        return "stage 3: section inserts are not the section match's";
    }
    if (inserts->batch.section_moved_count != sec->moved_count) return "stage 3: section moves are not the match's";
    if (st[LD_STAGE_ELEMENT_INSERTS_AND_MOVES].batch.element_moved_count != e->moved_count) {
        return "stage 4: element moves are not the match's";
    }
    return NULL;
}

/* A move's item in the list before it must be the match's move to its target. */
static const char *ldc_check_move_items(const ldc_staging_t *c, int stage, const ld_stage_t *st,
                                        const ldc_list_t *before) {
    const ld_result_t *sec = &c->match->sections, *e = &c->match->elements;
    for (size_t k = 0; k < st->batch.section_moved_count; k++) {
        ld_pair_t move = st->batch.section_moved[k];
        int32_t model = before->models[move.source];
        int32_t source = model >= 0 ? model : sec->target_to_source[~model];
        bool found = false;
        for (size_t q = 0; q < sec->moved_count; q++) {
            found |= sec->moved[q].source == source && sec->moved[q].target == move.target;
        }
        if (!found)
            return ldc_fail("stage %d: section move %d -> %d is not one of the match's", stage + 1, move.source,
                            move.target);
    }
    for (size_t k = 0; k < st->batch.element_moved_count; k++) {
        ld_path_move_t move = st->batch.element_moved[k];
        int32_t ref = ldc_at(before, (size_t)move.source.section)[move.source.element];
        int32_t source = ref >= 0 ? ref : e->target_to_source[~ref];
        int32_t target = c->target_starts[move.target.section] + move.target.element;
        bool found = false;
        for (size_t q = 0; q < e->moved_count; q++)
            found |= e->moved[q].source == source && e->moved[q].target == target;
        if (!found) {
            return ldc_fail("stage %d: element move (%d, %d) -> (%d, %d) is not one of the match's", stage + 1,
                            move.source.section, move.source.element, move.target.section, move.target.element);
        }
    }
    return NULL;
}

static bool ldc_starts_from_counts(const uint32_t *counts, size_t count, size_t total, int32_t *starts) {
    uint64_t sum = 0;
    starts[0] = 0;
    for (size_t s = 0; s < count; s++) {
        sum += counts[s];
        starts[s + 1] = (int32_t)sum;
    }
    return sum == total;
}

/* Each stage present iff it has operations, holding only its own kinds; `last` receives the
 * last present stage, -1 when none is. */
static const char *ldc_check_structure(const ld_stages_t *stages, int *last) {
    size_t present = 0;
    *last = -1;
    for (int k = 0; k < LD_STAGE_COUNT; k++) {
        const ld_stage_t *s = &stages->stages[k];
        size_t own[LD_STAGE_COUNT] = {
            s->batch.element_updated_count,
            s->batch.section_deleted_count + s->batch.element_deleted_count,
            s->batch.section_inserted_count + s->batch.section_moved_count,
            s->batch.element_inserted_count + s->batch.element_moved_count,
            s->batch.section_updated_count,
        };
        for (int q = 0; q < LD_STAGE_COUNT; q++) {
            if (q != k && own[q] != 0) return ldc_fail("stage %d holds operations of stage %d", k + 1, q + 1);
        }
        if (s->present != (own[k] > 0)) {
            return ldc_fail("stage %d: present is %d with %zu operations", k + 1, s->present, own[k]);
        }
        if (s->present) {
            present++;
            *last = k;
        }
    }
    return present == stages->present_count ? NULL : "present_count is not the number of present stages";
}

/* Stage `stage`'s counts before it against the shape `model` shows, and its data into `data`:
 * the target for the last stage, else its reported layout, which must be the rules' (built
 * into `expected`) with origins that hold its elements. */
static const char *ldc_stage_data(const ldc_staging_t *c, int stage, bool last, const ld_stage_t *s,
                                  const ldc_list_t *model, ldc_list_t *data, ldc_list_t *expected,
                                  const ldc_list_t *previous) {
    if (s->section_count_before != model->count) {
        return ldc_fail("stage %d: %zu sections reported before it, %zu shown", stage + 1, s->section_count_before,
                        model->count);
    }
    for (size_t q = 0; q < model->count; q++) {
        if (s->element_counts_before == NULL || s->element_counts_before[q] != (int32_t)model->lengths[q]) {
            return ldc_fail("stage %d: section %zu reported with %d elements before it, %zu shown", stage + 1, q,
                            s->element_counts_before != NULL ? s->element_counts_before[q] : -1, model->lengths[q]);
        }
    }
    if (s->data_is_target != last) return ldc_fail("stage %d: data_is_target is %d", stage + 1, s->data_is_target);
    data->count = 0;
    expected->count = 0;
    if (last) {
        if (s->data_section_count != c->T) {
            return ldc_fail("stage %d: the target's section count is reported as %zu", stage + 1,
                            s->data_section_count);
        }
        ldc_target_list(c, data);
        return NULL;
    }
    const char *failure = ldc_reported_layout(c, stage, s, data);
    if (failure != NULL) return failure;
    ldc_expected_layout(c, stage, expected);
    if (!ldc_lists_equal(data, expected)) return ldc_fail("stage %d: the layout differs from the rules'", stage + 1);
    return ldc_check_origins(c, stage, s, data, previous);
}

/* Replays every present stage, from the source, on a plain model of the list: each stage's
 * data, its batch on the model, and what the model then shows; after the last, the target. */
static const char *ldc_replay_stages(const ldc_staging_t *c, const ld_stages_t *stages, int last) {
    const char *failure = NULL;
    ldc_list_t model = { 0 }, data = { 0 }, after = { 0 }, expected = { 0 }, previous = { 0 };
    bool has_previous = false;
    ld_workspace_t *workspace = NULL; /* the batch checks', apart from the one holding `stages` */
    size_t sections = c->S + c->T + 1, elements = c->n + c->m + 1;
    if (ld_workspace_create(NULL, &workspace) != LD_OK || !ldc_list_init(&model, sections, elements) ||
        !ldc_list_init(&data, sections, elements) || !ldc_list_init(&after, sections, elements) ||
        !ldc_list_init(&expected, sections, elements) || !ldc_list_init(&previous, sections, elements)) {
        failure = "checker out of memory";
        goto done;
    }
    for (size_t s = 0; s < c->S; s++) {
        ldc_push_section(&model, (int32_t)s);
        for (int32_t i = c->source_starts[s]; i < c->source_starts[s + 1]; i++) ldc_push_element(&model, i);
    }
    for (int k = 0; k <= last; k++) {
        const ld_stage_t *s = &stages->stages[k];
        if (!s->present) continue;
        after.count = 0;
        if ((failure = ldc_stage_data(c, k, k == last, s, &model, &data, &expected, has_previous ? &previous : NULL)) ||
            (failure = ldc_apply_batch(workspace, k, s, &model, &data, &after)) ||
            (failure = ldc_check_move_items(c, k, s, &model)) || (failure = ldc_compare_shown(c, k, &after, &data))) {
            goto done;
        }
        ldc_list_t swap = model;
        model = after;
        after = swap;
        swap = previous;
        previous = data;
        data = swap;
        has_previous = true;
    }
    /* Whatever was shown last must be the target. */
    data.count = 0;
    ldc_target_list(c, &data);
    failure = ldc_compare_shown(c, last, &model, &data);
done:
    ld_workspace_free(workspace);
    ldc_list_free(&model);
    ldc_list_free(&data);
    ldc_list_free(&after);
    ldc_list_free(&expected);
    ldc_list_free(&previous);
    return failure;
}

const char *ldc_check_stages(ldc_algorithm algorithm, const ldc_sectioned_lists_t *lists,
                             const uint8_t *element_changed, const uint8_t *section_changed,
                             const ld_sectioned_result_t *match, const ld_stages_t *stages) {
    ldc_staging_t c = {
        .lists = lists,
        .match = match,
        .element_changed = element_changed,
        .section_changed = section_changed,
        .S = lists->source_section_count,
        .T = lists->target_section_count,
        .n = lists->source_element_count,
        .m = lists->target_element_count,
    };
    const char *failure = NULL;
    int last = -1;
    int32_t *section_places = NULL;
    c.source_starts = malloc((c.S + 1) * sizeof(int32_t));
    c.target_starts = malloc((c.T + 1) * sizeof(int32_t));
    if (!c.source_starts || !c.target_starts) {
        failure = "checker out of memory";
        goto done;
    }
    if (!ldc_starts_from_counts(lists->source_section_counts, c.S, c.n, c.source_starts) ||
        !ldc_starts_from_counts(lists->target_section_counts, c.T, c.m, c.target_starts)) {
        failure = "checker: section counts disagree with the element counts";
        goto done;
    }
    /* The match. */
    if (match->sections.updated_count != 0) {
        failure = "sections: updates reported";
        goto done;
    }
    /* Sections move between their index after the deletes and their target index. */
    section_places = malloc((c.S + 1) * sizeof *section_places);
    if (section_places == NULL) {
        failure = "checker out of memory";
        goto done;
    }
    for (size_t s = 0, place = 0; s < c.S; s++) {
        section_places[s] = (int32_t)place;
        place += match->sections.source_to_target[s] >= 0;
    }
    if ((failure = ldc_check_placed_result(algorithm, lists->source_sections, c.S, lists->target_sections, c.T, NULL,
                                           NULL, NULL, NULL, section_places, NULL, &match->sections))) {
        failure = ldc_fail("sections: %s", failure);
        goto done;
    }
    if (memcmp(match->source_section_starts, c.source_starts, (c.S + 1) * sizeof(int32_t)) != 0 ||
        memcmp(match->target_section_starts, c.target_starts, (c.T + 1) * sizeof(int32_t)) != 0) {
        failure = "section starts are not the prefix sums of the counts";
        goto done;
    }
    if ((failure = ldc_check_element_match(algorithm, &c)) || (failure = ldc_check_structure(stages, &last)) ||
        (failure = ldc_check_operations(&c, stages))) {
        goto done;
    }
    failure = ldc_replay_stages(&c, stages, last);
done:
    free(c.source_starts);
    free(c.target_starts);
    free(section_places);
    return failure;
}
