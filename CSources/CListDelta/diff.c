#include "internal.h"

#include <string.h>

/* Sets `count` indices to -1 (all bytes 0xFF), polling between chunks. */
static ld_status ld_mark_unmatched(int32_t *indices, size_t count, const ld_cancel_token_t *cancel) {
    for (size_t start = 0; start < count; start += LD_POLL_INTERVAL) {
        if (ld_is_cancelled(cancel)) return LD_CANCELLED;
        size_t chunk = ld_min_size(LD_POLL_INTERVAL, count - start);
        memset(indices + start, 0xFF, chunk * sizeof *indices);
    }
    return LD_OK;
}

ld_status ld_diff_begin(ld_workspace_t *workspace,
                        const uint64_t *source, size_t source_count,
                        const uint64_t *target, size_t target_count,
                        const ld_options_t *options, const ld_result_t *out,
                        ld_diff_t *diff) {
    ld_options_t chosen = options != NULL ? *options : (ld_options_t){ 0 };
    bool has_content = chosen.source_content != NULL || chosen.target_content != NULL;
    if (workspace == NULL || out == NULL) return LD_ERROR_INVALID;
    if ((source == NULL && source_count != 0) || (target == NULL && target_count != 0)) {
        return LD_ERROR_INVALID;
    }
    if (has_content && ((chosen.source_content == NULL && source_count != 0) ||
                        (chosen.target_content == NULL && target_count != 0))) {
        return LD_ERROR_INVALID;
    }
    if (source_count > LD_MAX_COUNT || target_count > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;

    *diff = (ld_diff_t){
        .source = source,
        .target = target,
        .source_count = source_count,
        .target_count = target_count,
        .source_content = has_content ? chosen.source_content : NULL,
        .target_content = has_content ? chosen.target_content : NULL,
        .cancel = chosen.cancel,
        .max_edits = chosen.max_edits,
    };
    size_t matched_max = ld_min_size(source_count, target_count);
    ld_status status;
    if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SOURCE_TO_TARGET, source_count,
                                       sizeof(int32_t), (void **)&diff->source_to_target)) ||
        (status = ld_workspace_reserve(workspace, LD_BUFFER_TARGET_TO_SOURCE, target_count,
                                       sizeof(int32_t), (void **)&diff->target_to_source)) ||
        (status = ld_workspace_reserve(workspace, LD_BUFFER_DELETED, source_count,
                                       sizeof(int32_t), (void **)&diff->deleted)) ||
        (status = ld_workspace_reserve(workspace, LD_BUFFER_INSERTED, target_count,
                                       sizeof(int32_t), (void **)&diff->inserted)) ||
        (status = ld_workspace_reserve(workspace, LD_BUFFER_MOVED, matched_max,
                                       sizeof(ld_pair_t), (void **)&diff->moved)) ||
        (status = ld_workspace_reserve(workspace, LD_BUFFER_UPDATED, matched_max,
                                       sizeof(ld_pair_t), (void **)&diff->updated))) {
        return status;
    }
    if ((status = ld_mark_unmatched(diff->source_to_target, source_count, diff->cancel)) ||
        (status = ld_mark_unmatched(diff->target_to_source, target_count, diff->cancel))) {
        return status;
    }
    return LD_OK;
}

ld_status ld_match_common_prefix(ld_diff_t *diff, size_t *out_length) {
    size_t limit = ld_min_size(diff->source_count, diff->target_count);
    size_t prefix = 0;
    while (prefix < limit && diff->source[prefix] == diff->target[prefix]) {
        if ((prefix & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) {
            return LD_CANCELLED;
        }
        diff->source_to_target[prefix] = (int32_t)prefix;
        diff->target_to_source[prefix] = (int32_t)prefix;
        prefix++;
    }
    *out_length = prefix;
    return LD_OK;
}

ld_status ld_diff_finish(ld_diff_t *diff, ld_result_t *out) {
    for (size_t i = 0; i < diff->source_count; i++) {
        int32_t j = diff->source_to_target[i];
        if (j < 0) {
            diff->deleted[diff->deleted_count++] = (int32_t)i;
        } else if (diff->source_content != NULL &&
                   diff->source_content[i] != diff->target_content[j]) {
            diff->updated[diff->updated_count++] = (ld_pair_t){ (int32_t)i, j };
        }
        if ((i & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
    }
    for (size_t j = 0; j < diff->target_count; j++) {
        if (diff->target_to_source[j] < 0) diff->inserted[diff->inserted_count++] = (int32_t)j;
        if ((j & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(diff->cancel)) return LD_CANCELLED;
    }
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
    return LD_OK;
}
