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
    return LD_GIVEN(sections, section_count) && LD_GIVEN(counts, section_count) && LD_GIVEN(elements, element_count);
}

/* Whether the section counts add up to the element count. */
static ld_status ld_counts_add_up(const uint32_t *counts, size_t section_count, size_t element_count,
                                  ld_poller_t *poller) {
    uint64_t sum = 0; /* below 2^30 sections of below 2^32 each: no overflow */
    LD_FOR_CHUNKS(poller->cancel, chunk, chunk_end, 0, section_count, {
        for (size_t s = chunk; s < chunk_end; s++) sum += counts[s];
    });
    return sum == (uint64_t)element_count ? LD_OK : LD_ERROR_INVALID;
}

/* Writes the prefix sums of `counts` (count + 1 entries) to `starts`, and, with `source_to_target`,
 * the sum over the sections it matches to `kept`. */
static ld_status ld_write_starts(const uint32_t *counts, size_t section_count, int32_t *starts,
                                 const int32_t *source_to_target, size_t *kept, ld_poller_t *poller) {
    size_t total = 0, matched = 0;
    starts[0] = 0;
    LD_FOR_CHUNKS(poller->cancel, chunk, chunk_end, 0, section_count, {
        for (size_t s = chunk; s < chunk_end; s++) {
            total += counts[s];
            starts[s + 1] = (int32_t)total;
            if (source_to_target != NULL && source_to_target[s] >= 0) matched += counts[s];
        }
    });
    if (kept != NULL) *kept = matched;
    return LD_OK;
}

/* Copies the elements of matched source sections, in order, to `kept`. */
static LD_NOINLINE ld_status ld_compact_source(const uint64_t *elements, const ld_section_match_t *sections,
                                               size_t section_count, uint64_t *kept, ld_poller_t *poller) {
    size_t written = 0;
    for (size_t s = 0; s < section_count; s++) {
        if (!ld_poll(poller, 1)) return LD_CANCELLED;
        if (sections->source_to_target[s] < 0) continue;
        size_t begin = (size_t)sections->source_starts[s], end = (size_t)sections->source_starts[s + 1];
        LD_FOR_CHUNKS(poller->cancel, chunk, chunk_end, begin, end, {
            memcpy(kept + written, elements + chunk, (chunk_end - chunk) * sizeof *kept);
            written += chunk_end - chunk;
        });
    }
    return LD_OK;
}

/* Fills `groups[from ..< from + length]` with `group`, polling. */
static ld_status ld_fill_group(uint32_t *groups, size_t from, size_t length, uint32_t group, ld_poller_t *poller) {
    LD_FOR_CHUNKS(poller->cancel, chunk, chunk_end, from, from + length, {
        for (size_t i = chunk; i < chunk_end; i++) groups[i] = group;
    });
    return LD_OK;
}

/* Each kept source element's group is its section's target index; each target element's, its
 * section. */
static LD_NOINLINE ld_status ld_write_groups(const ld_section_match_t *sections, size_t source_section_count,
                                             size_t target_section_count, uint32_t *source_groups,
                                             uint32_t *target_groups, ld_poller_t *poller) {
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
static LD_NOINLINE ld_status ld_expand_elements(ld_workspace_t *workspace, const ld_section_match_t *sections,
                                                size_t section_count, size_t kept_count, size_t source_count,
                                                ld_result_t *elements, ld_poller_t *poller) {
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
            LD_FOR_CHUNKS(poller->cancel, chunk, chunk_end, begin, end, {
                for (size_t i = chunk; i < chunk_end; i++) source_to_target[i] = -1;
            });
            continue;
        }
        kept_end -= length;
        if (kept_end == begin) continue;
        /* The destination lies above the source: copy the highest chunk first, counted from the
         * back. */
        LD_FOR_CHUNKS(poller->cancel, done, done_end, 0, length, {
            memmove(source_to_target + end - done_end, source_to_target + kept_end + length - done_end,
                    (done_end - done) * sizeof *source_to_target);
        });
    }

    size_t deleted_count = 0;
    LD_FOR_CHUNKS(poller->cancel, chunk, chunk_end, 0, source_count, {
        for (size_t i = chunk; i < chunk_end; i++) {
            int32_t j = source_to_target[i];
            deleted[deleted_count] = (int32_t)i; /* branch-free: kept only when unmatched */
            deleted_count += j < 0;
            if (j >= 0) target_to_source[j] = (int32_t)i;
        }
    });
    LD_FOR_CHUNKS(poller->cancel, chunk, chunk_end, 0, elements->moved_count, {
        for (size_t k = chunk; k < chunk_end; k++) moved[k].source = target_to_source[moved[k].target];
    });
    elements->source_to_target = source_to_target;
    elements->source_count = source_count;
    elements->deleted = deleted;
    elements->deleted_count = deleted_count;
    return LD_OK;
}

/* One side of a sectioned diff, as the caller gave it. */
typedef struct {
    const uint64_t *sections; /* NULL only when section_count is 0 */
    size_t section_count;
    const uint32_t *counts;
    const uint64_t *elements;
    size_t element_count;
} ld_sectioned_side_t;

/* A sectioned diff's state: the options, the algorithm both sub-diffs run, and what the
 * section match leaves for the element diff. */
typedef struct {
    ld_workspace_t *workspace;
    ld_sectioned_side_t source, target;
    ld_options_t options;
    ld_algorithm algorithm;
    ld_poller_t poller;
    ld_section_match_t sections;
    ld_result_t section_result;
    size_t kept_count; /* the elements of matched source sections */
    ld_result_t elements;
} ld_sectioned_t;

/* The arguments as the header requires them, and the section counts adding up. */
static ld_status ld_sectioned_valid(ld_sectioned_t *sd, ld_algorithm algorithm) {
    const ld_sectioned_side_t *source = &sd->source, *target = &sd->target;
    if (!ld_side_given(source->sections, source->section_count, source->counts, source->elements,
                       source->element_count) ||
        !ld_side_given(target->sections, target->section_count, target->counts, target->elements,
                       target->element_count)) {
        return LD_ERROR_INVALID;
    }
    if (algorithm != LD_ALGORITHM_HECKEL && algorithm != LD_ALGORITHM_LCS) return LD_ERROR_INVALID;
    const ld_options_t *chosen = &sd->options;
    if (chosen->source_content != NULL || chosen->target_content != NULL || chosen->source_groups != NULL ||
        chosen->target_groups != NULL) {
        return LD_ERROR_INVALID;
    }
    if (source->section_count > LD_MAX_COUNT || target->section_count > LD_MAX_COUNT ||
        source->element_count > LD_MAX_COUNT || target->element_count > LD_MAX_COUNT) {
        return LD_ERROR_OVERFLOW;
    }
    if (ld_is_cancelled(chosen->cancel)) return LD_CANCELLED;
    ld_status status;
    if ((status = ld_counts_add_up(source->counts, source->section_count, source->element_count, &sd->poller)) ||
        (status = ld_counts_add_up(target->counts, target->section_count, target->element_count, &sd->poller))) {
        return status;
    }
    return LD_OK;
}

/* Reserves what both diffs take, for the larger of each side's counts, and lays out the
 * section match in LD_BUFFER_SECTION_MATCH. */
static ld_status ld_sectioned_reserve(ld_sectioned_t *sd, ld_algorithm algorithm) {
    ld_workspace_t *workspace = sd->workspace;
    size_t S = sd->source.section_count, T = sd->target.section_count;
    /* The result buffers: both diffs fit, and the element result can be spread over the full
     * source flattening in place. The scratch too: the element diff's counts vary with the
     * sections deleted, and a warm workspace must not grow for counts no larger than before. */
    size_t source_most = ld_max_size(sd->source.element_count, S),
           target_most = ld_max_size(sd->target.element_count, T);
    ld_diff_t reserved = { .cancel = sd->options.cancel };
    ld_status status;
    if ((status = ld_reserve_results(workspace, source_most, target_most, &reserved, false, false)) ||
        (status = ld_heckel_reserve(workspace, source_most, target_most, sd->options.cancel))) {
        return status;
    }
    if (algorithm == LD_ALGORITHM_LCS) {
        /* ld_myers_match's two frontiers, 2 * ((n + m + 1) / 2 + 1) + 1 entries each. */
        size_t width = 2 * ((source_most + target_most + 1) / 2 + 1) + 1;
        void *frontiers;
        if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, width, 2 * sizeof(int32_t), &frontiers))) {
            return status;
        }
    }
    /* The section match: both maps, both lists, the moves and both starts. */
    size_t moved_max = ld_min_size(S, T);
    int32_t *room;
    if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SECTION_MATCH, 3 * S + 3 * T + 2 * moved_max + 2,
                                       sizeof(int32_t), (void **)&room))) {
        return status;
    }
    sd->sections = (ld_section_match_t){
        .source_to_target = room,
        .target_to_source = room + S,
        .deleted = room + S + T,
        .inserted = room + 2 * S + T,
        .moved = (ld_pair_t *)(void *)(room + 2 * S + 2 * T),
        .source_starts = room + 2 * S + 2 * T + 2 * moved_max,
        .target_starts = room + 3 * S + 2 * T + 2 * moved_max + 1,
    };
    return LD_OK;
}

/* Diffs the sections' identities and copies the match out of the result buffers, which the
 * element diff reuses; then both sides' section starts, and the count of kept elements. */
static ld_status ld_match_sections(ld_sectioned_t *sd) {
    const ld_sectioned_side_t *source = &sd->source, *target = &sd->target;
    const ld_section_match_t *sections = &sd->sections;
    ld_result_t *result = &sd->section_result;
    const ld_cancel_token_t *cancel = sd->options.cancel;
    ld_status status;
    if ((status = ld_diff_for(sd->algorithm, sd->workspace,
                              source->sections != NULL ? source->sections : ld_no_identities, source->section_count,
                              target->sections != NULL ? target->sections : ld_no_identities, target->section_count,
                              &sd->options, LD_READ_AS_SECTIONS, result))) {
        return status;
    }
    size_t S = source->section_count, T = target->section_count;
    if ((S > 0 &&
         ((status = ld_copy(sections->source_to_target, result->source_to_target, S * sizeof(int32_t), cancel)) ||
          (status = ld_copy(sections->deleted, result->deleted, result->deleted_count * sizeof(int32_t), cancel)))) ||
        (T > 0 &&
         ((status = ld_copy(sections->target_to_source, result->target_to_source, T * sizeof(int32_t), cancel)) ||
          (status = ld_copy(sections->inserted, result->inserted, result->inserted_count * sizeof(int32_t),
                            cancel)))) ||
        (result->moved_count > 0 &&
         (status = ld_copy(sections->moved, result->moved, result->moved_count * sizeof(ld_pair_t), cancel)))) {
        return status;
    }
    if ((status = ld_write_starts(source->counts, S, sections->source_starts, sections->source_to_target,
                                  &sd->kept_count, &sd->poller)) ||
        (status = ld_write_starts(target->counts, T, sections->target_starts, NULL, NULL, &sd->poller))) {
        return status;
    }
    return LD_OK;
}

/* Diffs the matched source sections' elements against all target elements, each grouped by its
 * target section, then spreads the result over the full source flattening. */
static ld_status ld_match_elements(ld_sectioned_t *sd) {
    const ld_sectioned_side_t *source = &sd->source, *target = &sd->target;
    size_t S = source->section_count, T = target->section_count, kept_count = sd->kept_count;
    /* Only the matched sections' elements take part: compacted when a deleted section holds
     * some but not all of them. Room for all, whenever two sections could call for it, so that a
     * warm workspace never grows for counts no larger than before. */
    const uint64_t *kept = kept_count > 0 ? source->elements : ld_no_identities;
    uint64_t *room = NULL;
    ld_status status;
    if (S > 1 && source->element_count > 0 &&
        (status = ld_workspace_reserve(sd->workspace, LD_BUFFER_KEPT_SOURCE, source->element_count, sizeof(uint64_t),
                                       (void **)&room))) {
        return status;
    }
    if (kept_count > 0 && kept_count < source->element_count) {
        if ((status = ld_compact_source(source->elements, &sd->sections, S, room, &sd->poller))) return status;
        kept = room;
    }
    /* One target section is one group: groups would change nothing. */
    ld_options_t element_options = sd->options;
    if (T > 1) {
        uint32_t *groups;
        if ((status = ld_workspace_reserve(sd->workspace, LD_BUFFER_GROUPS,
                                           source->element_count + target->element_count, sizeof(uint32_t),
                                           (void **)&groups)) ||
            (status = ld_write_groups(&sd->sections, S, T, groups, groups + kept_count, &sd->poller))) {
            return status;
        }
        element_options.source_groups = groups;
        element_options.target_groups = groups + kept_count;
    }
    if ((status = ld_diff_for(sd->algorithm, sd->workspace, kept, kept_count,
                              target->elements != NULL ? target->elements : ld_no_identities, target->element_count,
                              &element_options, LD_READ_AS_ELEMENTS, &sd->elements))) {
        return status;
    }
    if (kept_count < source->element_count &&
        (status = ld_expand_elements(sd->workspace, &sd->sections, S, kept_count, source->element_count, &sd->elements,
                                     &sd->poller))) {
        return status;
    }
    return LD_OK;
}

/* The match, as the caller and ld_stage read it: the section result's counts over the
 * section match's copies of its arrays. */
static ld_sectioned_result_t ld_sectioned_result_of(const ld_sectioned_t *sd) {
    ld_sectioned_result_t result = { .sections = sd->section_result, .elements = sd->elements };
    ld_result_t *sections = &result.sections;
    sections->source_to_target = sd->sections.source_to_target;
    sections->target_to_source = sd->sections.target_to_source;
    sections->deleted = sd->sections.deleted;
    sections->inserted = sd->sections.inserted;
    sections->moved = sd->sections.moved;
    sections->updated = NULL; /* sections carry no content hashes */
    sections->updated_count = 0;
    result.source_section_starts = sd->sections.source_starts;
    result.target_section_starts = sd->sections.target_starts;
    return result;
}

ld_status ld_sectioned_diff(ld_workspace_t *workspace, const uint64_t *source_sections, size_t source_section_count,
                            const uint64_t *target_sections, size_t target_section_count,
                            const uint32_t *source_section_counts, const uint32_t *target_section_counts,
                            const uint64_t *source_elements, size_t source_element_count,
                            const uint64_t *target_elements, size_t target_element_count, ld_algorithm algorithm,
                            const ld_options_t *options, ld_sectioned_result_t *out) {
    if (workspace == NULL || out == NULL) return LD_ERROR_INVALID;
    ld_sectioned_t sd = {
        .workspace = workspace,
        .source = { source_sections, source_section_count, source_section_counts, source_elements,
                    source_element_count },
        .target = { target_sections, target_section_count, target_section_counts, target_elements,
                    target_element_count },
        .options = options != NULL ? *options : (ld_options_t){ 0 },
        .algorithm = algorithm,
    };
    sd.poller = (ld_poller_t){ .cancel = sd.options.cancel };
    ld_status status;
    if ((status = ld_sectioned_valid(&sd, algorithm)) || (status = ld_sectioned_reserve(&sd, algorithm)) ||
        (status = ld_match_sections(&sd)) || (status = ld_match_elements(&sd))) {
        return status;
    }
    *out = ld_sectioned_result_of(&sd);
    workspace->own_match = *out;
    workspace->has_own_match = true;
    return LD_OK;
}
