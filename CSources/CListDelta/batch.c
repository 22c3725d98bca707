#include "internal.h"

#include <string.h>

/* UIKit's batch-update rules, the one copy every binding and every test oracle calls. The
 * checks run in a fixed order, so that a batch breaking several rules reports the same one
 * everywhere: section indices (each kind of operation in turn, in its list's order), section
 * conflicts, the section count, element paths, element operations in changing sections,
 * element conflicts, element counts. */

enum { LD_BEFORE_DELETED = 1, LD_BEFORE_RELOADED = 2, LD_BEFORE_MOVED_FROM = 4 };
enum { LD_AFTER_INSERTED = 1, LD_AFTER_MOVED_TO = 2 };

/* One check's arrays: flags per section and per element, before and after the batch, and the
 * section starts and flows; `out` receives the outcome. */
typedef struct {
    const ld_batch_t *batch;
    size_t sections_before, sections_after, elements_before, elements_after;
    const int32_t *counts_after;
    int32_t *counts_before; /* the caller's, or derived into the BATCH buffer */
    uint8_t *section_flags_before, *section_flags_after, *element_flags_before, *element_flags_after;
    int32_t *starts_before, *starts_after, *removed, *added, *section_origins, *element_origins;
    ld_batch_check_t *out;
} ld_checker_t;

static bool ld_broken(ld_checker_t *c, ld_batch_rule rule, ld_batch_operation operation, size_t item) {
    c->out->rule = rule;
    c->out->operation = operation;
    c->out->item = item;
    return true;
}

/* Marks each of `count` section indices (`stride` bytes apart) below `limit` with `flag`;
 * true, with the rule reported, at the first one out of range or listed twice. */
static bool ld_mark_sections(ld_checker_t *c, uint8_t *flags, size_t limit, const int32_t *indices, size_t count,
                             size_t stride, uint8_t flag, ld_batch_operation operation) {
    for (size_t k = 0; k < count; k++) {
        int32_t index = *(const int32_t *)(const void *)((const char *)indices + k * stride);
        c->out->path.section = index;
        if (index < 0 || (size_t)index >= limit) {
            c->out->actual = (int64_t)limit;
            return ld_broken(c, LD_BATCH_SECTION_OUT_OF_RANGE, operation, k);
        }
        if (flags[index] & flag) return ld_broken(c, LD_BATCH_DUPLICATE_SECTION, operation, k);
        flags[index] |= flag;
    }
    return false;
}

/* The smallest index of `count` (`stride` bytes apart) whose flags hold `flag`; true, with the
 * conflict of `first` and `second` reported, when there is one. */
static bool ld_section_conflict(ld_checker_t *c, const uint8_t *flags, uint8_t flag, const int32_t *indices,
                                size_t count, size_t stride, ld_batch_operation first, ld_batch_operation second) {
    int32_t smallest = -1;
    for (size_t k = 0; k < count; k++) {
        int32_t index = *(const int32_t *)(const void *)((const char *)indices + k * stride);
        if ((flags[index] & flag) && (smallest < 0 || index < smallest)) smallest = index;
    }
    if (smallest < 0) return false;
    c->out->path.section = smallest;
    c->out->other_operation = second;
    return ld_broken(c, LD_BATCH_CONFLICTING_SECTIONS, first, 0);
}

static bool ld_check_sections(ld_checker_t *c) {
    const ld_batch_t *b = c->batch;
    size_t move = sizeof(ld_pair_t);
    const int32_t *move_sources = b->section_moved_count ? &b->section_moved[0].source : NULL;
    const int32_t *move_targets = b->section_moved_count ? &b->section_moved[0].target : NULL;
    uint8_t *before = c->section_flags_before, *after = c->section_flags_after;
    if (ld_mark_sections(c, before, c->sections_before, b->section_deleted, b->section_deleted_count, 4,
                         LD_BEFORE_DELETED, LD_BATCH_DELETE) ||
        ld_mark_sections(c, before, c->sections_before, b->section_reloaded, b->section_reloaded_count, 4,
                         LD_BEFORE_RELOADED, LD_BATCH_RELOAD) ||
        ld_mark_sections(c, before, c->sections_before, move_sources, b->section_moved_count, move,
                         LD_BEFORE_MOVED_FROM, LD_BATCH_MOVE_FROM) ||
        ld_mark_sections(c, after, c->sections_after, b->section_inserted, b->section_inserted_count, 4,
                         LD_AFTER_INSERTED, LD_BATCH_INSERT) ||
        ld_mark_sections(c, after, c->sections_after, move_targets, b->section_moved_count, move, LD_AFTER_MOVED_TO,
                         LD_BATCH_MOVE_TO) ||
        ld_section_conflict(c, before, LD_BEFORE_DELETED, b->section_reloaded, b->section_reloaded_count, 4,
                            LD_BATCH_DELETE, LD_BATCH_RELOAD) ||
        ld_section_conflict(c, before, LD_BEFORE_DELETED, move_sources, b->section_moved_count, move, LD_BATCH_DELETE,
                            LD_BATCH_MOVE_FROM) ||
        ld_section_conflict(c, before, LD_BEFORE_RELOADED, move_sources, b->section_moved_count, move, LD_BATCH_RELOAD,
                            LD_BATCH_MOVE_FROM) ||
        ld_section_conflict(c, after, LD_AFTER_INSERTED, move_targets, b->section_moved_count, move, LD_BATCH_INSERT,
                            LD_BATCH_MOVE_TO)) {
        return true;
    }
    size_t expected = c->sections_before - b->section_deleted_count + b->section_inserted_count;
    if (expected == c->sections_after) return false;
    c->out->expected = (int64_t)expected;
    c->out->actual = (int64_t)c->sections_after;
    return ld_broken(c, LD_BATCH_SECTION_COUNT_MISMATCH, LD_BATCH_DELETE, 0);
}

/* Each section after the batch: the section before it that it shows, or -1 (inserted). */
static void ld_section_origins(ld_checker_t *c) {
    for (size_t k = 0; k < c->batch->section_moved_count; k++) {
        c->section_origins[c->batch->section_moved[k].target] = c->batch->section_moved[k].source;
    }
    size_t staying = 0;
    for (size_t t = 0; t < c->sections_after; t++) {
        if (c->section_flags_after[t]) {
            if (!(c->section_flags_after[t] & LD_AFTER_MOVED_TO)) c->section_origins[t] = -1;
            continue;
        }
        while (c->section_flags_before[staying] & (LD_BEFORE_DELETED | LD_BEFORE_MOVED_FROM)) staying++;
        c->section_origins[t] = (int32_t)staying++;
    }
}

/* Adds one to `flows[section]` for each of `count` paths (`stride` bytes apart) whose section
 * is below `limit`. */
static void ld_count_flows(int32_t *flows, size_t limit, const ld_path_t *paths, size_t count, size_t stride) {
    for (size_t k = 0; k < count; k++) {
        const ld_path_t *path = (const ld_path_t *)(const void *)((const char *)paths + k * stride);
        if (path->section >= 0 && (size_t)path->section < limit) flows[path->section]++;
    }
}

/* The element paths' flows: removed from each section before the batch, added to each after. */
static void ld_flows(ld_checker_t *c) {
    const ld_batch_t *b = c->batch;
    size_t move = sizeof(ld_path_move_t);
    memset(c->removed, 0, c->sections_before * sizeof(int32_t));
    memset(c->added, 0, c->sections_after * sizeof(int32_t));
    ld_count_flows(c->removed, c->sections_before, b->element_deleted, b->element_deleted_count, sizeof(ld_path_t));
    if (b->element_moved_count == 0) {
        ld_count_flows(c->added, c->sections_after, b->element_inserted, b->element_inserted_count, sizeof(ld_path_t));
        return;
    }
    ld_count_flows(c->removed, c->sections_before, &b->element_moved[0].source, b->element_moved_count, move);
    ld_count_flows(c->added, c->sections_after, &b->element_moved[0].target, b->element_moved_count, move);
    ld_count_flows(c->added, c->sections_after, b->element_inserted, b->element_inserted_count, sizeof(ld_path_t));
}

/* The largest element index plus one among `count` paths in `section`: a lower bound on the
 * count of a section the batch deletes, where the counts before are derived. */
static int32_t ld_reach(const ld_path_t *paths, size_t count, size_t stride, int32_t section, int32_t reach) {
    for (size_t k = 0; k < count; k++) {
        const ld_path_t *path = (const ld_path_t *)(const void *)((const char *)paths + k * stride);
        if (path->section == section && path->element >= reach) reach = path->element + 1;
    }
    return reach;
}

/* The counts before the batch for which it is valid: a surviving section's from its count
 * after (after = before - removed + added), a deleted one's as the least its paths need. */
static bool ld_derive_counts(ld_checker_t *c) {
    const ld_batch_t *b = c->batch;
    for (size_t s = 0; s < c->sections_before; s++) c->counts_before[s] = -1;
    for (size_t t = 0; t < c->sections_after; t++) {
        int32_t s = c->section_origins[t];
        if (s < 0) continue;
        int64_t count = (int64_t)c->counts_after[t] - c->added[t] + c->removed[s];
        if (count < 0) {
            c->out->path.section = (int32_t)t;
            c->out->expected = count + c->added[t] - c->removed[s];
            c->out->actual = c->counts_after[t];
            return ld_broken(c, LD_BATCH_ELEMENT_COUNT_MISMATCH, LD_BATCH_DELETE, 0);
        }
        c->counts_before[s] = (int32_t)count;
    }
    for (size_t k = 0; k < b->section_deleted_count; k++) {
        int32_t s = b->section_deleted[k], reach = 0;
        reach = ld_reach(b->element_deleted, b->element_deleted_count, sizeof(ld_path_t), s, reach);
        reach = ld_reach(b->element_reloaded, b->element_reloaded_count, sizeof(ld_path_t), s, reach);
        if (b->element_moved_count) {
            reach = ld_reach(&b->element_moved[0].source, b->element_moved_count, sizeof(ld_path_move_t), s, reach);
        }
        c->counts_before[s] = reach;
    }
    return false;
}

/* Where each section starts among its side's elements, one section after another; the total
 * into `total`, or false when it exceeds LD_MAX_COUNT. */
static bool ld_starts(const int32_t *counts, size_t section_count, int32_t *starts, size_t *total) {
    size_t sum = 0;
    for (size_t s = 0; s < section_count; s++) {
        starts[s] = (int32_t)sum;
        sum += (size_t)counts[s];
        if (sum > LD_MAX_COUNT) return false;
    }
    starts[section_count] = (int32_t)sum;
    *total = sum;
    return true;
}

/* Marks each of `count` paths (`stride` bytes apart) with `flag`, in the sections `counts`
 * and `starts` describe; true, with the rule reported, at the first one out of range or listed
 * twice. */
static bool ld_mark_elements(ld_checker_t *c, const int32_t *counts, size_t section_count, const int32_t *starts,
                             uint8_t *flags, const ld_path_t *paths, size_t count, size_t stride, uint8_t flag,
                             ld_batch_operation operation) {
    for (size_t k = 0; k < count; k++) {
        ld_path_t path = *(const ld_path_t *)(const void *)((const char *)paths + k * stride);
        c->out->path = path;
        c->out->names_element = true;
        if (path.section < 0 || (size_t)path.section >= section_count) {
            c->out->actual = (int64_t)section_count;
            return ld_broken(c, LD_BATCH_SECTION_OUT_OF_RANGE, operation, k);
        }
        if (path.element < 0 || path.element >= counts[path.section]) {
            c->out->actual = counts[path.section];
            return ld_broken(c, LD_BATCH_ELEMENT_OUT_OF_RANGE, operation, k);
        }
        uint8_t *element = &flags[starts[path.section] + path.element];
        if (*element & flag) return ld_broken(c, LD_BATCH_DUPLICATE_ELEMENT, operation, k);
        *element |= flag;
    }
    return false;
}

/* True, with the rule reported, at the first of `count` paths (`stride` bytes apart) in a
 * section the batch changes: for paths before it, a deleted or reloaded section; for paths
 * after it, an inserted section (or, with `moved`, a section moved to), or one whose origin
 * it reloads. */
static bool ld_in_changing_section(ld_checker_t *c, const ld_path_t *paths, size_t count, size_t stride, bool after,
                                   uint8_t moved, ld_batch_operation operation) {
    for (size_t k = 0; k < count; k++) {
        ld_path_t path = *(const ld_path_t *)(const void *)((const char *)paths + k * stride);
        c->out->path = path;
        uint8_t flags = after ? c->section_flags_after[path.section] : c->section_flags_before[path.section];
        if (!after && (flags & LD_BEFORE_DELETED))
            return ld_broken(c, LD_BATCH_ELEMENT_IN_DELETED_SECTION, operation, k);
        if (after && (flags & (LD_AFTER_INSERTED | moved))) {
            return ld_broken(c, LD_BATCH_ELEMENT_INTO_CHANGING_SECTION, operation, k);
        }
        int32_t origin = after ? c->section_origins[path.section] : path.section;
        if (origin >= 0 && (c->section_flags_before[origin] & LD_BEFORE_RELOADED)) {
            return ld_broken(c, LD_BATCH_ELEMENT_IN_RELOADED_SECTION, operation, k);
        }
    }
    return false;
}

/* The smallest of `count` paths (`stride` bytes apart) whose element carries `flag`; true,
 * with the conflict of `first` and `second` reported, when there is one. */
static bool ld_element_conflict(ld_checker_t *c, const uint8_t *flags, const int32_t *starts, uint8_t flag,
                                const ld_path_t *paths, size_t count, size_t stride, ld_batch_operation first,
                                ld_batch_operation second) {
    const ld_path_t *smallest = NULL;
    for (size_t k = 0; k < count; k++) {
        const ld_path_t *path = (const ld_path_t *)(const void *)((const char *)paths + k * stride);
        if (!(flags[starts[path->section] + path->element] & flag)) continue;
        if (smallest == NULL || path->section < smallest->section ||
            (path->section == smallest->section && path->element < smallest->element)) {
            smallest = path;
        }
    }
    if (smallest == NULL) return false;
    c->out->path = *smallest;
    c->out->other_operation = second;
    return ld_broken(c, LD_BATCH_CONFLICTING_ELEMENTS, first, 0);
}

static bool ld_check_elements(ld_checker_t *c) {
    const ld_batch_t *b = c->batch;
    size_t path = sizeof(ld_path_t), move = sizeof(ld_path_move_t);
    const ld_path_t *sources = b->element_moved_count ? &b->element_moved[0].source : NULL;
    const ld_path_t *targets = b->element_moved_count ? &b->element_moved[0].target : NULL;
    const int32_t *before = c->counts_before, *after = c->counts_after;
    size_t sb = c->sections_before, sa = c->sections_after;
    uint8_t *flags_before = c->element_flags_before, *flags_after = c->element_flags_after;
    return ld_mark_elements(c, before, sb, c->starts_before, flags_before, b->element_deleted, b->element_deleted_count,
                            path, LD_BEFORE_DELETED, LD_BATCH_DELETE) ||
           ld_mark_elements(c, before, sb, c->starts_before, flags_before, b->element_reloaded,
                            b->element_reloaded_count, path, LD_BEFORE_RELOADED, LD_BATCH_RELOAD) ||
           ld_mark_elements(c, before, sb, c->starts_before, flags_before, sources, b->element_moved_count, move,
                            LD_BEFORE_MOVED_FROM, LD_BATCH_MOVE_FROM) ||
           ld_mark_elements(c, after, sa, c->starts_after, flags_after, b->element_inserted, b->element_inserted_count,
                            path, LD_AFTER_INSERTED, LD_BATCH_INSERT) ||
           ld_mark_elements(c, after, sa, c->starts_after, flags_after, targets, b->element_moved_count, move,
                            LD_AFTER_MOVED_TO, LD_BATCH_MOVE_TO) ||
           ld_in_changing_section(c, b->element_deleted, b->element_deleted_count, path, false, 0, LD_BATCH_DELETE) ||
           ld_in_changing_section(c, b->element_reloaded, b->element_reloaded_count, path, false, 0, LD_BATCH_RELOAD) ||
           ld_in_changing_section(c, sources, b->element_moved_count, move, false, 0, LD_BATCH_MOVE_FROM) ||
           ld_in_changing_section(c, b->element_inserted, b->element_inserted_count, path, true, 0, LD_BATCH_INSERT) ||
           ld_in_changing_section(c, targets, b->element_moved_count, move, true, LD_AFTER_MOVED_TO,
                                  LD_BATCH_MOVE_TO) ||
           ld_element_conflict(c, flags_before, c->starts_before, LD_BEFORE_DELETED, b->element_reloaded,
                               b->element_reloaded_count, path, LD_BATCH_DELETE, LD_BATCH_RELOAD) ||
           ld_element_conflict(c, flags_before, c->starts_before, LD_BEFORE_DELETED, sources, b->element_moved_count,
                               move, LD_BATCH_DELETE, LD_BATCH_MOVE_FROM) ||
           ld_element_conflict(c, flags_before, c->starts_before, LD_BEFORE_RELOADED, sources, b->element_moved_count,
                               move, LD_BATCH_RELOAD, LD_BATCH_MOVE_FROM) ||
           ld_element_conflict(c, flags_after, c->starts_after, LD_AFTER_INSERTED, targets, b->element_moved_count,
                               move, LD_BATCH_INSERT, LD_BATCH_MOVE_TO);
}

/* Every section's count after the batch: its count before, less the elements removed from it,
 * plus those added to it. */
static bool ld_check_counts(ld_checker_t *c) {
    for (size_t t = 0; t < c->sections_after; t++) {
        int32_t s = c->section_origins[t];
        if (s < 0) continue;
        int64_t expected = (int64_t)c->counts_before[s] - c->removed[s] + c->added[t];
        if (expected == c->counts_after[t]) continue;
        c->out->path.section = (int32_t)t;
        c->out->expected = expected;
        c->out->actual = c->counts_after[t];
        return ld_broken(c, LD_BATCH_ELEMENT_COUNT_MISMATCH, LD_BATCH_DELETE, 0);
    }
    return false;
}

/* Each element after a valid batch: the element before it that it shows, or -1 when it
 * arrives (inserted, in an inserted section, or, with `reloads_arrive`, reloaded). The flags
 * before become each element's fate: it leaves (deleted or moved out), or, reloaded, arrives. */
static void ld_element_origins(ld_checker_t *c, bool reloads_arrive) {
    const ld_batch_t *b = c->batch;
    uint8_t leaves = LD_BEFORE_DELETED | LD_BEFORE_MOVED_FROM;
    uint8_t arrives = reloads_arrive ? LD_BEFORE_RELOADED : 0;
    for (size_t k = 0; k < b->element_moved_count; k++) {
        ld_path_move_t move = b->element_moved[k];
        c->element_origins[c->starts_after[move.target.section] + move.target.element] =
            c->starts_before[move.source.section] + move.source.element;
    }
    for (size_t t = 0; t < c->sections_after; t++) {
        int32_t s = c->section_origins[t], staying = s < 0 ? 0 : c->starts_before[s];
        for (int32_t position = c->starts_after[t]; position < c->starts_after[t + 1]; position++) {
            if (c->element_flags_after[position] & LD_AFTER_MOVED_TO) continue;
            if (s < 0 || (c->element_flags_after[position] & LD_AFTER_INSERTED)) {
                c->element_origins[position] = -1;
                continue;
            }
            while (c->element_flags_before[staying] & leaves) staying++;
            c->element_origins[position] = (c->element_flags_before[staying] & arrives) ? -1 : staying;
            staying++;
        }
    }
}

/* The section arrays in the BATCH buffer: per section before, the derived counts, the starts,
 * the removed flows; per section after, the starts, the added flows, the origins; then one
 * byte of flags per section before and after. */
static ld_status ld_reserve_sections(ld_workspace_t *workspace, ld_checker_t *c) {
    size_t sb = c->sections_before, sa = c->sections_after;
    size_t ints = 3 * sb + 3 * sa + 2, bytes = ((sb + sa) * sizeof(int32_t) + sizeof(int32_t) - 1) / sizeof(int32_t);
    int32_t *next;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_BATCH, ints + bytes, sizeof(int32_t), (void **)&next);
    if (status != LD_OK) return status;
    /* clang-format off */
    if (c->counts_before == NULL) c->counts_before = next;
    next += sb;
    c->starts_before = next; next += sb + 1;
    c->removed = next; next += sb;
    c->starts_after = next; next += sa + 1;
    c->added = next; next += sa;
    c->section_origins = next; next += sa;
    /* clang-format on */
    c->section_flags_before = (uint8_t *)next;
    c->section_flags_after = c->section_flags_before + sb;
    memset(c->section_flags_before, 0, sb + sa);
    return LD_OK;
}

/* The element arrays in the ROWS buffer: the origins per element after, then one byte of
 * flags per element before and after. */
static ld_status ld_reserve_elements(ld_workspace_t *workspace, ld_checker_t *c) {
    size_t eb = c->elements_before, ea = c->elements_after;
    void *room;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_ROWS, ea * sizeof(int32_t) + eb + ea, 1, &room);
    if (status != LD_OK) return status;
    c->element_origins = room;
    c->element_flags_before = (uint8_t *)(c->element_origins + ea);
    c->element_flags_after = c->element_flags_before + eb;
    memset(c->element_flags_before, 0, eb + ea);
    return LD_OK;
}

static bool ld_valid_batch_arguments(const ld_batch_t *b) {
#define LD_LISTED(list) ((list) != NULL || (list##_count) == 0)
    return LD_LISTED(b->section_deleted) && LD_LISTED(b->section_inserted) && LD_LISTED(b->section_reloaded) &&
           LD_LISTED(b->section_moved) && LD_LISTED(b->element_deleted) && LD_LISTED(b->element_inserted) &&
           LD_LISTED(b->element_reloaded) && LD_LISTED(b->element_moved);
#undef LD_LISTED
}

static bool ld_valid_counts(const int32_t *counts, size_t count) {
    for (size_t s = 0; s < count; s++) {
        if (counts[s] < 0) return false;
    }
    return true;
}

/* The checks after the section arrays are reserved; the element arrays are reserved once the
 * counts before are known. */
static ld_status ld_check(ld_workspace_t *workspace, ld_checker_t *c, bool derive, bool reloads_arrive) {
    if (ld_check_sections(c)) return LD_OK;
    ld_section_origins(c);
    ld_flows(c);
    if (derive && ld_derive_counts(c)) return LD_OK;
    if (!ld_starts(c->counts_before, c->sections_before, c->starts_before, &c->elements_before) ||
        !ld_starts(c->counts_after, c->sections_after, c->starts_after, &c->elements_after)) {
        return LD_ERROR_OVERFLOW;
    }
    ld_status status = ld_reserve_elements(workspace, c);
    if (status != LD_OK || ld_check_elements(c) || ld_check_counts(c)) return status;
    ld_element_origins(c, reloads_arrive);
    c->out->section_origins = c->section_origins;
    c->out->element_origins = c->element_origins;
    c->out->element_count = c->elements_after;
    return LD_OK;
}

ld_status ld_check_batch(ld_workspace_t *workspace, const ld_batch_t *batch, const int32_t *counts_before,
                         size_t sections_before, const int32_t *counts_after, size_t sections_after,
                         bool reloads_arrive, ld_batch_check_t *out) {
    if (workspace == NULL || batch == NULL || out == NULL || (counts_after == NULL && sections_after > 0) ||
        !ld_valid_batch_arguments(batch)) {
        return LD_ERROR_INVALID;
    }
    bool derive = counts_before == NULL;
    if (derive) {
        size_t grown = sections_after + batch->section_deleted_count;
        sections_before = grown > batch->section_inserted_count ? grown - batch->section_inserted_count : 0;
    }
    if (sections_before > LD_MAX_COUNT || sections_after > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    if (!ld_valid_counts(counts_after, sections_after) ||
        (!derive && !ld_valid_counts(counts_before, sections_before))) {
        return LD_ERROR_INVALID;
    }
    ld_batch_check_t check = { .rule = LD_BATCH_VALID };
    ld_checker_t c = { .batch = batch,
                       .sections_before = sections_before,
                       .sections_after = sections_after,
                       .counts_before = (int32_t *)(uintptr_t)counts_before,
                       .counts_after = counts_after,
                       .out = &check };
    ld_status status = ld_reserve_sections(workspace, &c);
    if (status == LD_OK) status = ld_check(workspace, &c, derive, reloads_arrive);
    if (status != LD_OK) return status;
    check.counts_before = c.counts_before;
    check.section_count_before = sections_before;
    *out = check;
    return LD_OK;
}
