#include "internal.h"

/* The LCS diff of lists whose identities found on both sides occur once on each: a longest
 * common subsequence from the match of heckel.c (the hash table, or the partitions) and the
 * patience sort of moves.c, in place of the Myers search of myers.c. */

ld_status ld_unique_lcs(ld_workspace_t *workspace, ld_diff_t *diff, bool *out_found) {
    /* Groups play no part in which elements match; the caller finds the moves they make. Any
     * longest run is a longest common subsequence: none is preferred. */
    ld_diff_t plain = *diff;
    plain.source_groups = plain.target_groups = NULL;
    plain.places = LD_PLACES_NONE;
    *out_found = false;

    size_t prefix, suffix;
    ld_status status;
    if ((status = ld_match_common_prefix(&plain, &prefix)) ||
        (status = ld_match_common_suffix(&plain, prefix, &suffix))) {
        return status;
    }
    bool spread = false, repeated;
    size_t pair_count;
    ld_pair_t *pairs;
    int32_t *predecessor, *summary;
    if (ld_partitions_pay(plain.source_count, plain.target_count)) {
        void *scratch;
        status = ld_partitioned_match(workspace, &plain, prefix, plain.source_count - suffix,
                                      plain.target_count - suffix, &spread, &repeated, &scratch);
        if (status == LD_OK && spread && !repeated) {
            pairs = scratch;
            predecessor = (int32_t *)(pairs + (plain.target_count - prefix));
            status = ld_collect_inserts(&plain, prefix, pairs, &pair_count);
            summary = predecessor + pair_count;
        }
    }
    if (status == LD_OK && !spread) {
        status = ld_unique_pairs_from_table(workspace, &plain, prefix, suffix, &repeated, &pairs, &pair_count,
                                            &predecessor, &summary);
    }
    if (status != LD_OK || repeated) return status;

    /* Every identity on both sides occurs once on each, so the common subsequences are exactly
     * the increasing runs of the pairs: the pairs off a longest run leave the matching. */
    if ((status = ld_find_moves(&plain, pairs, pair_count, predecessor, summary))) return status;
    LD_FOR_CHUNKS(plain.cancel, chunk, chunk_end, 0, plain.moved_count, {
        for (size_t k = chunk; k < chunk_end; k++) {
            plain.source_to_target[plain.moved[k].source] = -1;
            plain.target_to_source[plain.moved[k].target] = -1;
        }
    });
    plain.deleted_count = plain.inserted_count = plain.updated_count = plain.moved_count = 0;
    if ((status = ld_collect_deletes_and_updates(&plain)) || (status = ld_collect_inserts(&plain, 0, NULL, NULL))) {
        return status;
    }
    if (plain.deleted_count + plain.inserted_count > plain.max_edits) return LD_EDIT_BUDGET_EXCEEDED;
    plain.source_groups = diff->source_groups;
    plain.target_groups = diff->target_groups;
    *diff = plain;
    *out_found = true;
    return LD_OK;
}
