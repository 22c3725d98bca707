#include "internal.h"

#include <string.h>

ld_status ld_diff_begin(ld_workspace_t *workspace, const uint64_t *source, size_t source_count, const uint64_t *target,
                        size_t target_count, const ld_options_t *options, ld_reader reader, const ld_result_t *out,
                        ld_diff_t *diff) {
    ld_options_t chosen = options != NULL ? *options : (ld_options_t){ 0 };
    bool has_content = chosen.source_content != NULL || chosen.target_content != NULL;
    if (workspace == NULL || out == NULL) return LD_ERROR_INVALID;
    if (!LD_GIVEN(source, source_count) || !LD_GIVEN(target, target_count)) return LD_ERROR_INVALID;
    if (has_content &&
        (!LD_GIVEN(chosen.source_content, source_count) || !LD_GIVEN(chosen.target_content, target_count))) {
        return LD_ERROR_INVALID;
    }
    bool has_groups = chosen.source_groups != NULL || chosen.target_groups != NULL,
         own_groups = reader == LD_READ_AS_ELEMENTS;
    if (has_groups &&
        (!LD_GIVEN(chosen.source_groups, source_count) || !LD_GIVEN(chosen.target_groups, target_count))) {
        return LD_ERROR_INVALID;
    }
    if (source_count > LD_MAX_COUNT || target_count > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
#ifdef LD_CHECK_OWN_MATCH
    bool check_groups = has_groups;
#else
    bool check_groups = has_groups && !own_groups;
#endif
    if (check_groups) {
        const uint32_t *groups = chosen.target_groups;
        LD_FOR_CHUNKS(chosen.cancel, chunk, chunk_end, 1, target_count, {
            bool decreases = false; /* branch-free, so the loop vectorises */
            for (size_t j = chunk; j < chunk_end; j++) decreases |= groups[j] < groups[j - 1];
            if (decreases) return own_groups ? LD_ERROR_INTERNAL : LD_ERROR_INVALID;
        });
    }

    *diff = (ld_diff_t){
        .source = source,
        .target = target,
        .source_count = source_count,
        .target_count = target_count,
        .source_content = has_content ? chosen.source_content : NULL,
        .target_content = has_content ? chosen.target_content : NULL,
        .cancel = chosen.cancel,
        .max_edits = chosen.limit_edits ? chosen.max_edits : SIZE_MAX,
        .source_groups = has_groups ? chosen.source_groups : NULL,
        .target_groups = has_groups ? chosen.target_groups : NULL,
        .places = reader == LD_READ_BY_CALLER ? LD_PLACES_AS_INDEXED : LD_PLACES_AFTER_DELETES,
    };
    return ld_reserve_results(workspace, source_count, target_count, diff, false, false);
}

/* Reserves one result buffer and, with `touch` when it is new, writes zeros over it. */
static ld_status ld_reserve_result(ld_workspace_t *workspace, ld_buffer_id id, size_t count, size_t size, void **out,
                                   bool touch, const ld_cancel_token_t *cancel) {
    bool fresh;
    ld_status status = ld_workspace_reserve_fresh(workspace, id, count, size, out, &fresh);
    if (status != LD_OK || !touch || !fresh) return status;
    return ld_fill(*out, 0, count * size, cancel);
}

ld_status ld_reserve_results(ld_workspace_t *workspace, size_t source_count, size_t target_count, ld_diff_t *diff,
                             bool touch, bool partitioned) {
    size_t matched_max = ld_min_size(source_count, target_count);
    const ld_cancel_token_t *cancel = diff->cancel;
    ld_status status;
    if ((status = ld_reserve_result(workspace, LD_BUFFER_SOURCE_TO_TARGET, source_count, sizeof(int32_t),
                                    (void **)&diff->source_to_target, touch, cancel)) ||
        (status = ld_reserve_result(workspace, LD_BUFFER_TARGET_TO_SOURCE, target_count, sizeof(int32_t),
                                    (void **)&diff->target_to_source, touch, cancel)) ||
        (status = ld_reserve_result(workspace, LD_BUFFER_DELETED, source_count, sizeof(int32_t),
                                    (void **)&diff->deleted, touch && partitioned, cancel)) ||
        (status = ld_reserve_result(workspace, LD_BUFFER_INSERTED, target_count, sizeof(int32_t),
                                    (void **)&diff->inserted, touch && partitioned, cancel)) ||
        (status = ld_reserve_result(workspace, LD_BUFFER_MOVED, matched_max, sizeof(ld_pair_t), (void **)&diff->moved,
                                    false, cancel)) ||
        (status = ld_reserve_result(workspace, LD_BUFFER_UPDATED, matched_max, sizeof(ld_pair_t),
                                    (void **)&diff->updated, false, cancel))) {
        return status;
    }
    return LD_OK;
}

/* ld_copy and ld_fill count 8-byte words as elements of work: chunks of LD_POLL_INTERVAL
 * words (32 KiB), well under a millisecond each. */
static size_t ld_words_in(size_t length) { return length / sizeof(uint64_t) + (length % sizeof(uint64_t) != 0); }

ld_status ld_copy(void *destination, const void *source, size_t length, const ld_cancel_token_t *cancel) {
    LD_FOR_CHUNKS(cancel, word, word_end, 0, ld_words_in(length), {
        size_t from = word * sizeof(uint64_t), to = ld_min_size(word_end * sizeof(uint64_t), length);
        memcpy((unsigned char *)destination + from, (const unsigned char *)source + from, to - from);
    });
    return LD_OK;
}

ld_status ld_fill(void *bytes, int value, size_t length, const ld_cancel_token_t *cancel) {
    LD_FOR_CHUNKS(cancel, word, word_end, 0, ld_words_in(length), {
        size_t from = word * sizeof(uint64_t), to = ld_min_size(word_end * sizeof(uint64_t), length);
        memset((unsigned char *)bytes + from, value, to - from);
    });
    return LD_OK;
}

ld_status ld_match_common_prefix(ld_diff_t *diff, size_t *out_length) {
    size_t limit = ld_min_size(diff->source_count, diff->target_count);
    size_t prefix = 0;
    const uint32_t *source_groups = diff->source_groups, *target_groups = diff->target_groups;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, 0, limit, {
        while (prefix < chunk_end && diff->source[prefix] == diff->target[prefix] &&
               (source_groups == NULL || source_groups[prefix] == target_groups[prefix])) {
            diff->source_to_target[prefix] = (int32_t)prefix;
            diff->target_to_source[prefix] = (int32_t)prefix;
            prefix++;
        }
        if (prefix < chunk_end) break;
    });
    *out_length = prefix;
    return LD_OK;
}

ld_status ld_match_common_suffix(ld_diff_t *diff, size_t prefix, size_t *out_length) {
    size_t limit = ld_min_size(diff->source_count, diff->target_count) - prefix;
    size_t suffix = 0;
    const uint64_t *source_end = diff->source + diff->source_count, *target_end = diff->target + diff->target_count;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, 0, limit, {
        while (suffix < chunk_end && source_end[-1 - (ptrdiff_t)suffix] == target_end[-1 - (ptrdiff_t)suffix]) {
            suffix++;
            diff->source_to_target[diff->source_count - suffix] = (int32_t)(diff->target_count - suffix);
            diff->target_to_source[diff->target_count - suffix] = (int32_t)(diff->source_count - suffix);
        }
        if (suffix < chunk_end) break;
    });
    *out_length = suffix;
    return LD_OK;
}

static ld_status ld_collect(ld_diff_t *diff, size_t from, size_t to, bool deletes) {
    const int32_t *restrict source_to_target = diff->source_to_target;
    int32_t *restrict deleted = diff->deleted;
    bool updates = diff->source_content != NULL;
    size_t deleted_count = diff->deleted_count;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, from, to, {
        if (deletes) {
            for (size_t i = chunk; i < chunk_end; i++) {
                deleted[deleted_count] = (int32_t)i; /* branch-free: kept only when unmatched */
                deleted_count += source_to_target[i] < 0;
            }
        }
        if (updates) {
            for (size_t i = chunk; i < chunk_end; i++) {
                int32_t j = source_to_target[i];
                if (j >= 0 && diff->source_content[i] != diff->target_content[j]) {
                    diff->updated[diff->updated_count++] = (ld_pair_t){ (int32_t)i, j };
                }
            }
        }
    });
    diff->deleted_count = deleted_count;
    return LD_OK;
}

ld_status ld_collect_updates(ld_diff_t *diff, size_t from, size_t to) { return ld_collect(diff, from, to, false); }

ld_status ld_collect_deletes_and_updates(ld_diff_t *diff) { return ld_collect(diff, 0, diff->source_count, true); }

/* Inlined with `with_pairs` constant, so listing only the inserts pays nothing for pairs. */
static inline ld_status ld_collect_targets(ld_diff_t *diff, size_t from, ld_pair_t *pairs, size_t *pair_count,
                                           bool with_pairs) {
    const int32_t *restrict target_to_source = diff->target_to_source;
    int32_t *restrict inserted = diff->inserted;
    size_t inserted_count = diff->inserted_count, count = 0;
    LD_FOR_CHUNKS(diff->cancel, chunk, chunk_end, from, diff->target_count, {
        for (size_t j = chunk; j < chunk_end; j++) {
            int32_t source = target_to_source[j];
            /* Branch-free: each list keeps its entry only when it applies. */
            inserted[inserted_count] = (int32_t)j;
            inserted_count += source < 0;
            if (with_pairs) {
                pairs[count] = (ld_pair_t){ source, (int32_t)j };
                count += source >= 0;
            }
        }
    });
    diff->inserted_count = inserted_count;
    if (with_pairs) *pair_count = count;
    return LD_OK;
}

ld_status ld_collect_inserts(ld_diff_t *diff, size_t from, ld_pair_t *pairs, size_t *pair_count) {
    return pairs != NULL ? ld_collect_targets(diff, from, pairs, pair_count, true)
                         : ld_collect_targets(diff, from, NULL, NULL, false);
}

void ld_diff_publish(const ld_diff_t *diff, ld_result_t *out) {
    *out = (ld_result_t){
        .source_to_target = diff->source_to_target,
        .source_count = diff->source_count,
        .target_to_source = diff->target_to_source,
        .target_count = diff->target_count,
        .deleted = diff->deleted,
        .deleted_count = diff->deleted_count,
        .inserted = diff->inserted,
        .inserted_count = diff->inserted_count,
        .moved = diff->moved,
        .moved_count = diff->moved_count,
        .updated = diff->updated,
        .updated_count = diff->updated_count,
    };
}

ld_status ld_diff_for(ld_algorithm algorithm, ld_workspace_t *workspace, const uint64_t *source, size_t source_count,
                      const uint64_t *target, size_t target_count, const ld_options_t *options, ld_reader reader,
                      ld_result_t *out) {
    ld_diff_t diff;
    ld_status status = ld_diff_begin(workspace, source, source_count, target, target_count, options, reader, out,
                                     &diff);
    if (status == LD_OK) {
        status = algorithm == LD_ALGORITHM_LCS ? ld_lcs_match(workspace, &diff) : ld_heckel_match(workspace, &diff);
    }
    if (status == LD_OK) ld_diff_publish(&diff, out);
    return status;
}

ld_status ld_heckel_diff(ld_workspace_t *workspace, const uint64_t *source, size_t source_count, const uint64_t *target,
                         size_t target_count, const ld_options_t *options, ld_result_t *out) {
    return ld_diff_for(LD_ALGORITHM_HECKEL, workspace, source, source_count, target, target_count, options,
                       LD_READ_BY_CALLER, out);
}

ld_status ld_myers_diff(ld_workspace_t *workspace, const uint64_t *source, size_t source_count, const uint64_t *target,
                        size_t target_count, const ld_options_t *options, ld_result_t *out) {
    return ld_diff_for(LD_ALGORITHM_LCS, workspace, source, source_count, target, target_count, options,
                       LD_READ_BY_CALLER, out);
}
