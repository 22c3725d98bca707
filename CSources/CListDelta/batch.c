#include "internal.h"

#include <stddef.h>
#include <string.h>

/* UIKit's batch-update rules, the one copy every binding and every test oracle calls. The
 * checks run in a fixed order, so that a batch breaking several rules reports the same one
 * everywhere: section indices, section conflicts, the section count, element paths, element
 * operations in changing sections, element conflicts, element counts; within each, the lists
 * in the order of ld_lists, each in its own order. */

/* One kind of operation's list: its section indices (int32_t), element paths (ld_path_t) or,
 * with `rows`, element indices (int32_t) in section 0, `stride` bytes apart, in the list before
 * the batch or, with `after`, the list after it. */
typedef struct {
    const char *items;
    size_t count, stride;
    ld_batch_operation operation;
    bool after, rows;
} ld_list_t;

/* The lists' places, in the order the checks take them. */
enum { LD_DELETES, LD_RELOADS, LD_MOVE_SOURCES, LD_INSERTS, LD_MOVE_TARGETS, LD_LISTS };

/* The pairs of operations UIKit forbids on one section or element: the first, then the second,
 * whose list is searched for the smallest index or path the first also names. */
static const ld_batch_operation ld_conflicts[4][2] = {
    { LD_BATCH_DELETE, LD_BATCH_RELOAD },
    { LD_BATCH_DELETE, LD_BATCH_MOVE_FROM },
    { LD_BATCH_RELOAD, LD_BATCH_MOVE_FROM },
    { LD_BATCH_INSERT, LD_BATCH_MOVE_TO },
};

/* One check's lists and arrays: flags per section and per element, before and after the batch,
 * the section starts and flows, the origins; `out` receives the outcome. */
typedef struct {
    ld_list_t sections[LD_LISTS], elements[LD_LISTS];
    size_t sections_before, sections_after, elements_before, elements_after;
    const int32_t *counts_after;
    int32_t *counts_before; /* the caller's, or derived into the BATCH buffer */
    uint8_t *section_flags_before, *section_flags_after, *element_flags_before, *element_flags_after;
    int32_t *starts_before, *starts_after, *removed, *added, *section_origins, *element_origins;
    ld_batch_check_t *out;
    bool counts_known;   /* the counts before are the caller's, or derived */
    ld_poller_t *poller; /* NULL: never polled */
    bool cancelled;      /* a check stopped because the poller's token is cancelled */
} ld_checker_t;

static ld_list_t ld_list(const void *items, size_t count, size_t stride, ld_batch_operation operation) {
    bool after = operation == LD_BATCH_INSERT || operation == LD_BATCH_MOVE_TO;
    return (ld_list_t){ count > 0 ? items : NULL, count, stride, operation, after, false };
}

/* A move is its source item, then its target item: a pair of section indices or rows, or a
 * pair of element paths. */
_Static_assert(sizeof(ld_pair_t) == 2 * sizeof(int32_t) && offsetof(ld_pair_t, target) == sizeof(int32_t),
               "a pair is two indices");
_Static_assert(sizeof(ld_path_move_t) == 2 * sizeof(ld_path_t) && offsetof(ld_path_move_t, target) == sizeof(ld_path_t),
               "a path move is two paths");

/* The five lists of one kind of item, each `size` bytes (a section index, an element path or a
 * row), in the order the checks take them: deletes, reloads, move sources, inserts, move
 * targets. */
static void ld_fill_lists(ld_list_t *lists, size_t size, const void *deleted, size_t deleted_count,
                          const void *reloaded, size_t reloaded_count, const void *inserted, size_t inserted_count,
                          const void *moved, size_t moved_count) {
    const char *moves = moved_count > 0 ? moved : NULL;
    lists[LD_DELETES] = ld_list(deleted, deleted_count, size, LD_BATCH_DELETE);
    lists[LD_RELOADS] = ld_list(reloaded, reloaded_count, size, LD_BATCH_RELOAD);
    lists[LD_MOVE_SOURCES] = ld_list(moves, moved_count, 2 * size, LD_BATCH_MOVE_FROM);
    lists[LD_INSERTS] = ld_list(inserted, inserted_count, size, LD_BATCH_INSERT);
    lists[LD_MOVE_TARGETS] = ld_list(moves != NULL ? moves + size : NULL, moved_count, 2 * size, LD_BATCH_MOVE_TO);
}

/* The batch's lists, sections' and elements'. */
static void ld_lists(const ld_batch_t *b, ld_checker_t *c) {
    ld_fill_lists(c->sections, sizeof(int32_t), b->section_deleted, b->section_deleted_count, b->section_updated,
                  b->section_updated_count, b->section_inserted, b->section_inserted_count, b->section_moved,
                  b->section_moved_count);
    ld_fill_lists(c->elements, sizeof(ld_path_t), b->element_deleted, b->element_deleted_count, b->element_updated,
                  b->element_updated_count, b->element_inserted, b->element_inserted_count, b->element_moved,
                  b->element_moved_count);
}

/* The list of `lists` that holds `operation`. */
static const ld_list_t *ld_list_of(const ld_list_t *lists, ld_batch_operation operation) {
    static const int position[LD_LISTS] = { [LD_BATCH_DELETE] = LD_DELETES,
                                            [LD_BATCH_RELOAD] = LD_RELOADS,
                                            [LD_BATCH_MOVE_FROM] = LD_MOVE_SOURCES,
                                            [LD_BATCH_INSERT] = LD_INSERTS,
                                            [LD_BATCH_MOVE_TO] = LD_MOVE_TARGETS };
    return &lists[position[operation]];
}

static ld_path_t ld_path_at(const ld_list_t *list, size_t k, bool element) {
    ld_path_t path = { 0, 0 };
    void *into = !element ? (void *)&path.section : list->rows ? (void *)&path.element : (void *)&path;
    memcpy(into, list->items + k * list->stride, element && !list->rows ? sizeof path : sizeof path.section);
    return path;
}

/* False, and the check marked cancelled, once the checker's poller sees its token. */
static bool ld_check_polls(ld_checker_t *c) {
    if (c->poller == NULL || ld_poll(c->poller, 1)) return true;
    c->cancelled = true;
    return false;
}

static bool ld_broken(ld_checker_t *c, ld_batch_rule rule, ld_batch_operation operation, size_t item,
                      bool names_element) {
    c->out->rule = rule;
    c->out->operation = operation;
    c->out->item = item;
    c->out->names_element = names_element;
    return true;
}

/* The flags of the section or element `path` names, on the side `after` says. */
static uint8_t *ld_flags(const ld_checker_t *c, ld_path_t path, bool element, bool after) {
    if (!element) return after ? &c->section_flags_after[path.section] : &c->section_flags_before[path.section];
    const int32_t *starts = after ? c->starts_after : c->starts_before;
    return (after ? c->element_flags_after : c->element_flags_before) + starts[path.section] + path.element;
}

/* Marks every listed section or element with its operation; true, with the rule reported, at
 * the first one out of range or listed twice. */
static bool ld_mark(ld_checker_t *c, bool element) {
    for (int l = 0; l < LD_LISTS; l++) {
        const ld_list_t *list = element ? &c->elements[l] : &c->sections[l];
        size_t sections = list->after ? c->sections_after : c->sections_before;
        const int32_t *counts = list->after ? c->counts_after : c->counts_before;
        for (size_t k = 0; k < list->count; k++) {
            if (!ld_check_polls(c)) return true;
            ld_path_t path = ld_path_at(list, k, element);
            c->out->path = path;
            if (path.section < 0 || (size_t)path.section >= sections) {
                c->out->actual = (int64_t)sections;
                return ld_broken(c, LD_BATCH_SECTION_OUT_OF_RANGE, list->operation, k, element);
            }
            if (element && (path.element < 0 || path.element >= counts[path.section])) {
                c->out->actual = counts[path.section];
                return ld_broken(c, LD_BATCH_ELEMENT_OUT_OF_RANGE, list->operation, k, element);
            }
            uint8_t *flags = ld_flags(c, path, element, list->after);
            if (*flags & LD_MARK(list->operation)) {
                return ld_broken(c, element ? LD_BATCH_DUPLICATE_ELEMENT : LD_BATCH_DUPLICATE_SECTION, list->operation,
                                 k, element);
            }
            *flags |= LD_MARK(list->operation);
        }
    }
    return false;
}

/* True, with the rule reported, when a section or element is named by both operations of one
 * of ld_conflicts: the smallest such, for the first pair that has one. */
static bool ld_conflict(ld_checker_t *c, bool element) {
    for (int pair = 0; pair < 4; pair++) {
        ld_batch_operation first = ld_conflicts[pair][0], second = ld_conflicts[pair][1];
        const ld_list_t *list = ld_list_of(element ? c->elements : c->sections, second);
        bool found = false;
        ld_path_t smallest = { 0, 0 };
        for (size_t k = 0; k < list->count; k++) {
            if (!ld_check_polls(c)) return true;
            ld_path_t path = ld_path_at(list, k, element);
            if (!(*ld_flags(c, path, element, list->after) & LD_MARK(first))) continue;
            if (!found || path.section < smallest.section ||
                (path.section == smallest.section && path.element < smallest.element)) {
                smallest = path;
                found = true;
            }
        }
        if (!found) continue;
        c->out->path = smallest;
        c->out->other_operation = second;
        return ld_broken(c, element ? LD_BATCH_CONFLICTING_ELEMENTS : LD_BATCH_CONFLICTING_SECTIONS, first, 0, false);
    }
    return false;
}

static bool ld_check_sections(ld_checker_t *c) {
    if (ld_mark(c, false) || ld_conflict(c, false)) return true;
    size_t expected = c->sections_before - c->sections[LD_DELETES].count + c->sections[LD_INSERTS].count;
    if (expected == c->sections_after) return false;
    c->out->expected = (int64_t)expected;
    c->out->actual = (int64_t)c->sections_after;
    return ld_broken(c, LD_BATCH_SECTION_COUNT_MISMATCH, LD_BATCH_DELETE, 0, false);
}

/* Each section after the batch: the section before it that it shows, or -1 (inserted). */
static void ld_section_origins(ld_checker_t *c) {
    for (size_t k = 0; k < c->sections[LD_MOVE_SOURCES].count; k++) {
        c->section_origins[ld_path_at(&c->sections[LD_MOVE_TARGETS], k, false).section] =
            ld_path_at(&c->sections[LD_MOVE_SOURCES], k, false).section;
    }
    uint8_t leaves = LD_MARK(LD_BATCH_DELETE) | LD_MARK(LD_BATCH_MOVE_FROM);
    size_t staying = 0;
    for (size_t t = 0; t < c->sections_after; t++) {
        if (c->section_flags_after[t] & LD_MARK(LD_BATCH_INSERT)) c->section_origins[t] = -1;
        if (c->section_flags_after[t]) continue;
        while (c->section_flags_before[staying] & leaves) staying++;
        c->section_origins[t] = (int32_t)staying++;
    }
}

/* The elements each section before the batch loses (deletes, moves out) and each section after
 * it gains (inserts, moves in), counting only paths whose section is in range. */
static void ld_flows(ld_checker_t *c) {
    memset(c->removed, 0, c->sections_before * sizeof(int32_t));
    memset(c->added, 0, c->sections_after * sizeof(int32_t));
    for (int l = 0; l < LD_LISTS; l++) {
        const ld_list_t *list = &c->elements[l];
        if (list->operation == LD_BATCH_RELOAD) continue;
        int32_t *flows = list->after ? c->added : c->removed;
        size_t sections = list->after ? c->sections_after : c->sections_before;
        for (size_t k = 0; k < list->count; k++) {
            int32_t section = ld_path_at(list, k, true).section;
            if (section >= 0 && (size_t)section < sections) flows[section]++;
        }
    }
}

/* The counts before the batch for which it is valid: a surviving section's from its count
 * after (after = before - removed + added), a deleted section's 0, as no element operation may
 * name it: the first that does breaks that rule now, before any count is derived from it. */
static bool ld_derive_counts(ld_checker_t *c) {
    for (int l = 0; l < LD_LISTS; l++) {
        const ld_list_t *list = &c->elements[l];
        for (size_t k = 0; k < list->count && !list->after; k++) {
            ld_path_t path = ld_path_at(list, k, true);
            if (path.section >= 0 && (size_t)path.section < c->sections_before &&
                (c->section_flags_before[path.section] & LD_MARK(LD_BATCH_DELETE))) {
                c->out->path = path;
                return ld_broken(c, LD_BATCH_ELEMENT_IN_DELETED_SECTION, list->operation, k, true);
            }
        }
    }
    memset(c->counts_before, 0, c->sections_before * sizeof(int32_t));
    for (size_t t = 0; t < c->sections_after; t++) {
        int32_t s = c->section_origins[t];
        if (s < 0) continue;
        int64_t count = (int64_t)c->counts_after[t] - c->added[t] + c->removed[s];
        if (count < 0) { /* fewer than the batch leaves in it, had it held none before */
            c->out->path.section = (int32_t)t;
            c->out->expected = (int64_t)c->added[t] - c->removed[s];
            c->out->actual = c->counts_after[t];
            return ld_broken(c, LD_BATCH_ELEMENT_COUNT_MISMATCH, LD_BATCH_DELETE, 0, false);
        }
        c->counts_before[s] = (int32_t)count;
    }
    c->counts_known = true;
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

/* True, with the rule reported, at the first element operation in a section the batch changes:
 * before it, a deleted or reloaded section; after it, an inserted section (or for a move, a
 * section moved to), or one whose origin it reloads. */
static bool ld_in_changing_section(ld_checker_t *c) {
    uint8_t reloaded = LD_MARK(LD_BATCH_RELOAD), inserted = LD_MARK(LD_BATCH_INSERT);
    for (int l = 0; l < LD_LISTS; l++) {
        const ld_list_t *list = &c->elements[l];
        uint8_t changing = list->operation == LD_BATCH_MOVE_TO ? inserted | LD_MARK(LD_BATCH_MOVE_TO) : inserted;
        for (size_t k = 0; k < list->count; k++) {
            ld_path_t path = ld_path_at(list, k, true);
            c->out->path = path;
            int32_t origin = list->after ? c->section_origins[path.section] : path.section;
            uint8_t flags = *ld_flags(c, path, false, list->after);
            if (!list->after && (flags & LD_MARK(LD_BATCH_DELETE))) {
                return ld_broken(c, LD_BATCH_ELEMENT_IN_DELETED_SECTION, list->operation, k, true);
            }
            if (list->after && (flags & changing)) {
                return ld_broken(c, LD_BATCH_ELEMENT_INTO_CHANGING_SECTION, list->operation, k, true);
            }
            if (origin >= 0 && (c->section_flags_before[origin] & reloaded)) {
                return ld_broken(c, LD_BATCH_ELEMENT_IN_RELOADED_SECTION, list->operation, k, true);
            }
        }
    }
    return false;
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
        return ld_broken(c, LD_BATCH_ELEMENT_COUNT_MISMATCH, LD_BATCH_DELETE, 0, false);
    }
    return false;
}

/* Each element after a valid batch: the element before it that it shows, or -1 when it
 * arrives (inserted, in an inserted section, or, with `reloads_arrive`, reloaded). */
static void ld_element_origins(ld_checker_t *c, bool reloads_arrive) {
    uint8_t leaves = LD_MARK(LD_BATCH_DELETE) | LD_MARK(LD_BATCH_MOVE_FROM);
    uint8_t arrives = reloads_arrive ? LD_MARK(LD_BATCH_RELOAD) : 0;
    for (size_t k = 0; k < c->elements[LD_MOVE_SOURCES].count; k++) {
        ld_path_t from = ld_path_at(&c->elements[LD_MOVE_SOURCES], k, true),
                  to = ld_path_at(&c->elements[LD_MOVE_TARGETS], k, true);
        c->element_origins[c->starts_after[to.section] + to.element] = c->starts_before[from.section] + from.element;
    }
    for (size_t t = 0; t < c->sections_after; t++) {
        int32_t s = c->section_origins[t], staying = s < 0 ? 0 : c->starts_before[s];
        for (int32_t position = c->starts_after[t]; position < c->starts_after[t + 1]; position++) {
            uint8_t flags = c->element_flags_after[position];
            if (flags & LD_MARK(LD_BATCH_MOVE_TO)) continue;
            if (s < 0 || (flags & LD_MARK(LD_BATCH_INSERT))) {
                c->element_origins[position] = -1;
                continue;
            }
            while (c->element_flags_before[staying] & leaves) staying++;
            c->element_origins[position] = (c->element_flags_before[staying] & arrives) ? -1 : staying;
            staying++;
        }
    }
}

ld_status ld_mark_rows(size_t before, size_t after, uint8_t *before_flags, uint8_t *after_flags, const int32_t *deleted,
                       size_t deleted_count, const int32_t *inserted, size_t inserted_count, const ld_pair_t *moved,
                       size_t moved_count, const int32_t *reloaded, size_t reloaded_count, ld_poller_t *poller) {
    int32_t counts[2] = { (int32_t)before, (int32_t)after }, starts[2] = { 0, 0 };
    uint8_t section_flags[2] = { 0, 0 };
    ld_batch_check_t out = { .rule = LD_BATCH_VALID };
    ld_checker_t c = { .sections_before = 1,
                       .sections_after = 1,
                       .counts_before = &counts[0],
                       .counts_after = &counts[1],
                       .section_flags_before = &section_flags[0],
                       .section_flags_after = &section_flags[1],
                       .element_flags_before = before_flags,
                       .element_flags_after = after_flags,
                       .starts_before = starts,
                       .starts_after = starts,
                       .out = &out,
                       .poller = poller };
    ld_fill_lists(c.elements, sizeof(int32_t), deleted, deleted_count, reloaded, reloaded_count, inserted,
                  inserted_count, moved, moved_count);
    for (int l = 0; l < LD_LISTS; l++) c.elements[l].rows = true;
    bool broken = ld_mark(&c, true) || ld_conflict(&c, true);
    return c.cancelled ? LD_CANCELLED : broken ? LD_ERROR_INVALID : LD_OK;
}

/* The section arrays in the BATCH buffer: per section before, the derived counts, the starts,
 * the removed flows; per section after, the starts, the added flows, the origins; then one
 * byte of flags per section before and after. */
static ld_status ld_reserve_sections(ld_workspace_t *workspace, ld_checker_t *c) {
    size_t sb = c->sections_before, sa = c->sections_after, both, ints;
    if (!ld_add_size(sb, sa, &both) || !ld_mul_size(both, 3, &ints) || !ld_add_size(ints, 2 + (both + 3) / 4, &ints)) {
        return LD_ERROR_OVERFLOW;
    }
    int32_t *next;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_BATCH, ints, sizeof(int32_t), (void **)&next);
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
    size_t eb = c->elements_before, ea = c->elements_after, bytes;
    if (!ld_mul_size(ea, sizeof(int32_t) + 1, &bytes) || !ld_add_size(bytes, eb, &bytes)) return LD_ERROR_OVERFLOW;
    void *room;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_ROWS, bytes, 1, &room);
    if (status != LD_OK) return status;
    c->element_origins = room;
    c->element_flags_before = (uint8_t *)(c->element_origins + ea);
    c->element_flags_after = c->element_flags_before + eb;
    memset(c->element_flags_before, 0, eb + ea);
    return LD_OK;
}

static bool ld_valid_batch_arguments(const ld_batch_t *b) {
#define LD_LISTED(list) LD_GIVEN(list, list##_count)
    return LD_LISTED(b->section_deleted) && LD_LISTED(b->section_inserted) && LD_LISTED(b->section_updated) &&
           LD_LISTED(b->section_moved) && LD_LISTED(b->element_deleted) && LD_LISTED(b->element_inserted) &&
           LD_LISTED(b->element_updated) && LD_LISTED(b->element_moved);
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
    if (status != LD_OK || ld_mark(c, true) || ld_in_changing_section(c) || ld_conflict(c, true) ||
        ld_check_counts(c)) {
        return status;
    }
    ld_element_origins(c, reloads_arrive);
    c->out->section_origins = c->section_origins;
    c->out->element_origins = c->element_origins;
    c->out->element_count = c->elements_after;
    return LD_OK;
}

ld_status ld_check_batch(ld_workspace_t *workspace, const ld_batch_t *batch, const int32_t *counts_before,
                         size_t sections_before, const int32_t *counts_after, size_t sections_after, uint32_t options,
                         ld_batch_check_t *out) {
    bool derive = options & LD_BATCH_DERIVE_COUNTS_BEFORE;
    if (derive) counts_before = NULL;
    if (workspace == NULL || batch == NULL || out == NULL || (counts_after == NULL && sections_after > 0) ||
        (!derive && counts_before == NULL && sections_before > 0) || !ld_valid_batch_arguments(batch)) {
        return LD_ERROR_INVALID;
    }
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
    ld_checker_t c = { .sections_before = sections_before,
                       .sections_after = sections_after,
                       .counts_before = (int32_t *)(uintptr_t)counts_before,
                       .counts_after = counts_after,
                       .counts_known = !derive,
                       .out = &check };
    ld_lists(batch, &c);
    ld_status status = ld_reserve_sections(workspace, &c);
    if (status == LD_OK) status = ld_check(workspace, &c, derive, options & LD_BATCH_RELOADS_ARRIVE);
    if (status != LD_OK) return status;
    check.counts_before = c.counts_known ? c.counts_before : NULL;
    check.section_count_before = sections_before;
    *out = check;
    return LD_OK;
}
