#include "internal.h"

#include <string.h>

/* A sectioned diff runs two diffs in one workspace: the sections' identities first, then the
 * elements of the matched source sections against all target elements, each grouped by its
 * target section. The element result is then translated from the matched sections' elements
 * (compacted) to the full source flattening. Which buffer holds what, and until when: the
 * table above ld_buffer_id in internal.h. */

/* What the sub-diffs get for an empty side the caller gave as NULL: ld_match_common_suffix
 * computes `source + source_count`, which is undefined for NULL even when the count is 0. */
static const uint64_t ld_no_identities[1] = { 0 };

/* The section match's arrays, laid out in LD_BUFFER_SECTION_MATCH. */
typedef struct {
    int32_t *source_to_target;
    int32_t *target_to_source;
    int32_t *deleted;
    int32_t *inserted;
    ld_pair_t *moved;
    int32_t *source_starts;
    int32_t *target_starts;
} ld_section_match_t;

/* Checks the counts of one side: NULL with a non-zero count is invalid. */
static bool ld_side_given(const void *sections, size_t section_count, const uint32_t *counts, const void *elements,
                          size_t element_count) {
    return !((sections == NULL && section_count != 0) || (counts == NULL && section_count != 0) ||
             (elements == NULL && element_count != 0));
}

/* Whether the section counts add up to the element count. */
static ld_status ld_counts_add_up(const uint32_t *counts, size_t section_count, size_t element_count,
                                  ld_poller_t *poller) {
    uint64_t sum = 0; /* below 2^30 sections of below 2^32 each: no overflow */
    for (size_t start = 0; start < section_count; start += LD_POLL_INTERVAL) {
        size_t end = ld_min_size(section_count, start + LD_POLL_INTERVAL);
        if (!ld_poll(poller, end - start)) return LD_CANCELLED;
        for (size_t s = start; s < end; s++) sum += counts[s];
    }
    return sum == (uint64_t)element_count ? LD_OK : LD_ERROR_INVALID;
}

/* Writes the prefix sums of `counts` (count + 1 entries) to `starts`, and, with `source_to_target`,
 * the sum over the sections it matches to `kept`. */
static ld_status ld_write_starts(const uint32_t *counts, size_t section_count, int32_t *starts,
                                 const int32_t *source_to_target, size_t *kept, ld_poller_t *poller) {
    size_t total = 0, matched = 0;
    starts[0] = 0;
    for (size_t start = 0; start < section_count; start += LD_POLL_INTERVAL) {
        size_t end = ld_min_size(section_count, start + LD_POLL_INTERVAL);
        if (!ld_poll(poller, end - start)) return LD_CANCELLED;
        for (size_t s = start; s < end; s++) {
            total += counts[s];
            starts[s + 1] = (int32_t)total;
            if (source_to_target != NULL && source_to_target[s] >= 0) matched += counts[s];
        }
    }
    if (kept != NULL) *kept = matched;
    return LD_OK;
}

/* Copies the elements of matched source sections, in order, to `kept`. */
static ld_status ld_compact_source(const uint64_t *elements, const ld_section_match_t *sections, size_t section_count,
                                   uint64_t *kept, ld_poller_t *poller) {
    size_t written = 0;
    for (size_t s = 0; s < section_count; s++) {
        if (!ld_poll(poller, 1)) return LD_CANCELLED;
        if (sections->source_to_target[s] < 0) continue;
        size_t begin = (size_t)sections->source_starts[s], end = (size_t)sections->source_starts[s + 1];
        for (size_t chunk = begin; chunk < end; chunk += LD_POLL_INTERVAL) {
            size_t length = ld_min_size(end - chunk, LD_POLL_INTERVAL);
            if (!ld_poll(poller, length)) return LD_CANCELLED;
            memcpy(kept + written, elements + chunk, length * sizeof *kept);
            written += length;
        }
    }
    return LD_OK;
}

/* Fills `groups[from ..< from + length]` with `group`, polling. */
static ld_status ld_fill_group(uint32_t *groups, size_t from, size_t length, uint32_t group, ld_poller_t *poller) {
    for (size_t chunk = from; chunk < from + length; chunk += LD_POLL_INTERVAL) {
        size_t end = ld_min_size(from + length, chunk + LD_POLL_INTERVAL);
        if (!ld_poll(poller, end - chunk)) return LD_CANCELLED;
        for (size_t i = chunk; i < end; i++) groups[i] = group;
    }
    return LD_OK;
}

/* Each kept source element's group is its section's target index; each target element's, its
 * section. */
static ld_status ld_write_groups(const ld_section_match_t *sections, size_t source_section_count,
                                 size_t target_section_count, uint32_t *source_groups, uint32_t *target_groups,
                                 ld_poller_t *poller) {
    size_t written = 0;
    ld_status status;
    for (size_t s = 0; s < source_section_count; s++) {
        if (!ld_poll(poller, 1)) return LD_CANCELLED;
        int32_t t = sections->source_to_target[s];
        if (t < 0) continue;
        size_t length = (size_t)(sections->source_starts[s + 1] - sections->source_starts[s]);
        if ((status = ld_fill_group(source_groups, written, length, (uint32_t)t, poller))) return status;
        written += length;
    }
    for (size_t t = 0; t < target_section_count; t++) {
        if (!ld_poll(poller, 1)) return LD_CANCELLED;
        size_t begin = (size_t)sections->target_starts[t];
        size_t length = (size_t)sections->target_starts[t + 1] - begin;
        if ((status = ld_fill_group(target_groups, begin, length, (uint32_t)t, poller))) return status;
    }
    return LD_OK;
}

/* Turns the element result over the kept source elements into one over the full source
 * flattening, in place: source_to_target spreads out to the full positions (-1 for the
 * elements of deleted sections), target_to_source and the moves' sources are renumbered from
 * it, and the deletes are listed anew. The buffers hold the full source count. */
static ld_status ld_expand_elements(ld_workspace_t *workspace, const ld_section_match_t *sections, size_t section_count,
                                    size_t kept_count, size_t source_count, ld_result_t *elements,
                                    ld_poller_t *poller) {
    int32_t *source_to_target = workspace->buffers[LD_BUFFER_SOURCE_TO_TARGET].pointer;
    int32_t *target_to_source = workspace->buffers[LD_BUFFER_TARGET_TO_SOURCE].pointer;
    int32_t *deleted = workspace->buffers[LD_BUFFER_DELETED].pointer;
    ld_pair_t *moved = workspace->buffers[LD_BUFFER_MOVED].pointer;

    /* From the last section down, so every section's kept entries, which lie at or below its
     * full position, are moved before anything is written over them. */
    size_t kept_end = kept_count;
    for (size_t s = section_count; s-- > 0;) {
        if (!ld_poll(poller, 1)) return LD_CANCELLED;
        size_t begin = (size_t)sections->source_starts[s], end = (size_t)sections->source_starts[s + 1];
        size_t length = end - begin;
        if (sections->source_to_target[s] < 0) {
            for (size_t chunk = begin; chunk < end; chunk += LD_POLL_INTERVAL) {
                size_t chunk_end = ld_min_size(end, chunk + LD_POLL_INTERVAL);
                if (!ld_poll(poller, chunk_end - chunk)) return LD_CANCELLED;
                for (size_t i = chunk; i < chunk_end; i++) source_to_target[i] = -1;
            }
            continue;
        }
        kept_end -= length;
        if (kept_end == begin) continue;
        /* The destination lies above the source: copy the highest chunk first. */
        for (size_t done = 0; done < length;) {
            size_t chunk = ld_min_size(length - done, LD_POLL_INTERVAL);
            if (!ld_poll(poller, chunk)) return LD_CANCELLED;
            done += chunk;
            memmove(source_to_target + end - done, source_to_target + kept_end + length - done,
                    chunk * sizeof *source_to_target);
        }
    }

    size_t deleted_count = 0;
    for (size_t chunk = 0; chunk < source_count; chunk += LD_POLL_INTERVAL) {
        size_t chunk_end = ld_min_size(source_count, chunk + LD_POLL_INTERVAL);
        if (!ld_poll(poller, chunk_end - chunk)) return LD_CANCELLED;
        for (size_t i = chunk; i < chunk_end; i++) {
            int32_t j = source_to_target[i];
            deleted[deleted_count] = (int32_t)i; /* branch-free: kept only when unmatched */
            deleted_count += j < 0;
            if (j >= 0) target_to_source[j] = (int32_t)i;
        }
    }
    for (size_t chunk = 0; chunk < elements->moved_count; chunk += LD_POLL_INTERVAL) {
        size_t chunk_end = ld_min_size(elements->moved_count, chunk + LD_POLL_INTERVAL);
        if (!ld_poll(poller, chunk_end - chunk)) return LD_CANCELLED;
        for (size_t k = chunk; k < chunk_end; k++) moved[k].source = target_to_source[moved[k].target];
    }
    elements->source_to_target = source_to_target;
    elements->source_count = source_count;
    elements->deleted = deleted;
    elements->deleted_count = deleted_count;
    return LD_OK;
}

ld_status ld_sectioned_diff(ld_workspace_t *workspace, const uint64_t *source_sections, size_t source_section_count,
                            const uint64_t *target_sections, size_t target_section_count,
                            const uint32_t *source_section_counts, const uint32_t *target_section_counts,
                            const uint64_t *source_elements, size_t source_element_count,
                            const uint64_t *target_elements, size_t target_element_count, ld_algorithm algorithm,
                            const ld_options_t *options, ld_sectioned_result_t *out) {
    if (workspace == NULL || out == NULL) return LD_ERROR_INVALID;
    if (!ld_side_given(source_sections, source_section_count, source_section_counts, source_elements,
                       source_element_count) ||
        !ld_side_given(target_sections, target_section_count, target_section_counts, target_elements,
                       target_element_count)) {
        return LD_ERROR_INVALID;
    }
    if (algorithm != LD_ALGORITHM_HECKEL && algorithm != LD_ALGORITHM_LCS) return LD_ERROR_INVALID;
    ld_options_t chosen = options != NULL ? *options : (ld_options_t){ 0 };
    if (chosen.source_content != NULL || chosen.target_content != NULL || chosen.source_groups != NULL ||
        chosen.target_groups != NULL) {
        return LD_ERROR_INVALID;
    }
    if (source_section_count > LD_MAX_COUNT || target_section_count > LD_MAX_COUNT ||
        source_element_count > LD_MAX_COUNT || target_element_count > LD_MAX_COUNT) {
        return LD_ERROR_OVERFLOW;
    }
    ld_poller_t poller = { .cancel = chosen.cancel };
    if (ld_is_cancelled(chosen.cancel)) return LD_CANCELLED;
    ld_status status;
    if ((status = ld_counts_add_up(source_section_counts, source_section_count, source_element_count, &poller)) ||
        (status = ld_counts_add_up(target_section_counts, target_section_count, target_element_count, &poller))) {
        return status;
    }

    /* The result buffers, for the element counts: both diffs fit, and the element result can
     * be spread over the full source flattening in place. */
    size_t source_sections_n = source_section_count, target_sections_n = target_section_count;
    ld_diff_t reserved = { .cancel = chosen.cancel };
    if ((status = ld_reserve_results(workspace, ld_max_size(source_element_count, source_sections_n),
                                     ld_max_size(target_element_count, target_sections_n), &reserved, false, false))) {
        return status;
    }
    /* The scratch too, for the element counts: the element diff's counts vary with the
     * sections deleted, and a warm workspace must not grow for counts no larger than before. */
    size_t scratch_source = ld_max_size(source_element_count, source_sections_n);
    size_t scratch_target = ld_max_size(target_element_count, target_sections_n);
    if ((status = ld_heckel_reserve(workspace, scratch_source, scratch_target, chosen.cancel))) return status;
    if (algorithm == LD_ALGORITHM_LCS) {
        /* ld_myers_match's two frontiers, 2 * ((n + m + 1) / 2 + 1) + 1 entries each. */
        size_t width = 2 * ((scratch_source + scratch_target + 1) / 2 + 1) + 1;
        void *frontiers;
        if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, width, 2 * sizeof(int32_t), &frontiers))) {
            return status;
        }
    }
    /* The section match: both maps, both lists, the moves and both starts. */
    size_t moved_max = ld_min_size(source_sections_n, target_sections_n);
    size_t match_ints = 3 * source_sections_n + 3 * target_sections_n + 2 * moved_max + 2;
    int32_t *match_room;
    if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SECTION_MATCH, match_ints, sizeof(int32_t),
                                       (void **)&match_room))) {
        return status;
    }
    ld_section_match_t sections = {
        .source_to_target = match_room,
        .target_to_source = match_room + source_sections_n,
        .deleted = match_room + source_sections_n + target_sections_n,
        .inserted = match_room + 2 * source_sections_n + target_sections_n,
        .moved = (ld_pair_t *)(void *)(match_room + 2 * source_sections_n + 2 * target_sections_n),
        .source_starts = match_room + 2 * source_sections_n + 2 * target_sections_n + 2 * moved_max,
        .target_starts = match_room + 3 * source_sections_n + 2 * target_sections_n + 2 * moved_max + 1,
    };

    ld_status (*diff)(ld_workspace_t *, const uint64_t *, size_t, const uint64_t *, size_t, const ld_options_t *,
                      ld_result_t *) = algorithm == LD_ALGORITHM_LCS ? ld_myers_diff : ld_heckel_diff;
    ld_result_t section_result;
    if ((status = diff(workspace, source_sections != NULL ? source_sections : ld_no_identities, source_section_count,
                       target_sections != NULL ? target_sections : ld_no_identities, target_section_count, &chosen,
                       &section_result))) {
        return status;
    }
    const ld_cancel_token_t *cancel = chosen.cancel;
    if ((source_sections_n > 0 && ((status = ld_copy(sections.source_to_target, section_result.source_to_target,
                                                     source_sections_n * sizeof(int32_t), cancel)) ||
                                   (status = ld_copy(sections.deleted, section_result.deleted,
                                                     section_result.deleted_count * sizeof(int32_t), cancel)))) ||
        (target_sections_n > 0 && ((status = ld_copy(sections.target_to_source, section_result.target_to_source,
                                                     target_sections_n * sizeof(int32_t), cancel)) ||
                                   (status = ld_copy(sections.inserted, section_result.inserted,
                                                     section_result.inserted_count * sizeof(int32_t), cancel)))) ||
        (section_result.moved_count > 0 &&
         (status = ld_copy(sections.moved, section_result.moved, section_result.moved_count * sizeof(ld_pair_t),
                           cancel)))) {
        return status;
    }
    size_t kept_count;
    if ((status = ld_write_starts(source_section_counts, source_sections_n, sections.source_starts,
                                  sections.source_to_target, &kept_count, &poller)) ||
        (status = ld_write_starts(target_section_counts, target_sections_n, sections.target_starts, NULL, NULL,
                                  &poller))) {
        return status;
    }

    /* Only the matched sections' elements take part: compacted when a deleted section holds
     * some but not all of them. Room for all, whenever two sections could call for it, so that a
     * warm workspace never grows for counts no larger than before. */
    const uint64_t *kept = kept_count > 0 ? source_elements : ld_no_identities;
    uint64_t *room = NULL;
    if (source_sections_n > 1 && source_element_count > 0 &&
        (status = ld_workspace_reserve(workspace, LD_BUFFER_KEPT_SOURCE, source_element_count, sizeof(uint64_t),
                                       (void **)&room))) {
        return status;
    }
    if (kept_count > 0 && kept_count < source_element_count) {
        if ((status = ld_compact_source(source_elements, &sections, source_sections_n, room, &poller))) return status;
        kept = room;
    }
    /* One target section is one group: groups would change nothing. */
    ld_options_t element_options = chosen;
    if (target_sections_n > 1) {
        uint32_t *groups;
        if ((status = ld_workspace_reserve(workspace, LD_BUFFER_GROUPS, source_element_count + target_element_count,
                                           sizeof(uint32_t), (void **)&groups)) ||
            (status = ld_write_groups(&sections, source_sections_n, target_sections_n, groups, groups + kept_count,
                                      &poller))) {
            return status;
        }
        element_options.source_groups = groups;
        element_options.target_groups = groups + kept_count;
    }
    ld_result_t elements;
    if ((status = diff(workspace, kept, kept_count, target_elements != NULL ? target_elements : ld_no_identities,
                       target_element_count, &element_options, &elements))) {
        return status;
    }
    if (kept_count < source_element_count &&
        (status = ld_expand_elements(workspace, &sections, source_sections_n, kept_count, source_element_count,
                                     &elements, &poller))) {
        return status;
    }

    *out = (ld_sectioned_result_t){
        .sections = {
            .source_to_target = sections.source_to_target,
            .source_count = source_sections_n,
            .target_to_source = sections.target_to_source,
            .target_count = target_sections_n,
            .deleted = sections.deleted,
            .deleted_count = section_result.deleted_count,
            .inserted = sections.inserted,
            .inserted_count = section_result.inserted_count,
            .moved = sections.moved,
            .moved_count = section_result.moved_count,
            .updated = NULL,
            .updated_count = 0,
        },
        .elements = elements,
        .source_section_starts = sections.source_starts,
        .target_section_starts = sections.target_starts,
    };
    workspace->own_match = *out;
    workspace->has_own_match = true;
    return LD_OK;
}
