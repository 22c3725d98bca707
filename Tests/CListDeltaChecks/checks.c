#include "CListDeltaChecks.h"

#include <stdlib.h>
#include <string.h>

size_t ldc_lcs_length(const uint64_t *source, size_t source_count,
                      const uint64_t *target, size_t target_count) {
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

static const char *ldc_check_maps(const uint64_t *source, size_t n, const uint64_t *target,
                                  size_t m, const ld_result_t *r, size_t *matched) {
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

static const char *ldc_check_unmatched(const int32_t *map, size_t count, const int32_t *list,
                                       size_t list_count) {
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
        if (map[i] >= 0) continue;
        if (k >= list_count || list[k] != (int32_t)i) return "deletes or inserts are not exactly the unmatched indices";
        k++;
    }
    return k == list_count ? NULL : "deletes or inserts list extra indices";
}

static const char *ldc_check_updates(size_t n, const uint64_t *source_content,
                                     const uint64_t *target_content, const ld_result_t *r) {
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
static const char *ldc_check_replay(const uint64_t *source, size_t n, const uint64_t *target,
                                    size_t m, const ld_result_t *r) {
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

static const char *ldc_check_heckel(const uint64_t *source, size_t n, const uint64_t *target,
                                    size_t m, const ld_result_t *r) {
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

/* The moves against the groups (NULL: one group): a pair changing group moves; within a group
 * the staying pairs are in order, and the moves are the fewest (all in order for Myers). */
static const char *ldc_check_moves(bool myers, size_t m, const uint32_t *source_groups,
                                   const uint32_t *target_groups, const ld_result_t *r) {
    bool *moves = calloc(m + 1, sizeof *moves);
    int32_t *order = malloc((m + 1) * sizeof *order);
    const char *failure = NULL;
    if (moves == NULL || order == NULL) failure = "checker out of memory";
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
        size_t staying = 0;
        int32_t last_stayer = -1;
        for (end = begin; end < m && (target_groups != NULL ? target_groups[end] : 0) == group; end++) {
            int32_t i = r->target_to_source[end];
            if (i < 0) continue;
            if (source_groups != NULL && source_groups[i] != group) {
                expected++;
                if (!moves[end]) failure = "a pair that changes group stays";
                continue;
            }
            order[staying++] = i;
            if (!moves[end]) {
                if (i <= last_stayer) failure = "staying pairs are out of order";
                last_stayer = i;
            }
        }
        expected += staying - (myers ? staying : ldc_lis_length(order, staying));
    }
    if (failure == NULL && r->moved_count != expected) failure = "the moves are not the fewest for the groups";
    free(moves);
    free(order);
    return failure;
}

const char *ldc_check_result(ldc_algorithm algorithm,
                             const uint64_t *source, size_t source_count,
                             const uint64_t *target, size_t target_count,
                             const uint64_t *source_content, const uint64_t *target_content,
                             const uint32_t *source_groups, const uint32_t *target_groups,
                             const ld_result_t *result) {
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
    return ldc_check_moves(algorithm == LDC_MYERS, target_count, source_groups, target_groups, result);
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
