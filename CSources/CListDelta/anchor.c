/* Scroll anchoring: which row on screen keeps its place through a batch, where the batch takes
 * it, and the content offset that keeps it there. */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Within this many points of an end, a view is at that edge. */
#define LD_EDGE_TOLERANCE 0.5

/* The batch's operations sorted for look-ups: the sections and elements each side loses
 * (deletes and move sources) and gains (inserts and move targets), the deleted sections and
 * elements, and the moves by their source. */
typedef struct ld_sorted_batch {
    int32_t *sections_lost, *sections_gained, *sections_deleted;
    size_t sections_lost_count, sections_gained_count;
    ld_pair_t *section_moves;
    ld_path_t *elements_lost, *elements_gained, *elements_deleted;
    size_t elements_lost_count, elements_gained_count;
    ld_path_move_t *element_moves;
} ld_sorted_batch_t;

static int ld_compare_ints(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int ld_compare_paths(const ld_path_t *x, const ld_path_t *y) {
    if (x->section != y->section) return (x->section > y->section) - (x->section < y->section);
    return (x->element > y->element) - (x->element < y->element);
}

static int ld_compare_path_values(const void *a, const void *b) { return ld_compare_paths(a, b); }

static int ld_compare_pair_sources(const void *a, const void *b) { return ld_compare_ints(a, b); }

static int ld_compare_move_sources(const void *a, const void *b) {
    return ld_compare_paths(&((const ld_path_move_t *)a)->source, &((const ld_path_move_t *)b)->source);
}

/* How many of the sorted `values` are less than `value`. */
static size_t ld_ints_below(const int32_t *values, size_t count, int32_t value) {
    size_t low = 0, high = count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (values[middle] < value)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

static size_t ld_paths_below(const ld_path_t *paths, size_t count, ld_path_t path) {
    size_t low = 0, high = count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (ld_compare_paths(&paths[middle], &path) < 0)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

/* Where an index that is `kept` after the losses lands among the sorted, distinct indices the
 * batch gains: past the j smallest, for the smallest j whose gained[j] - j exceeds it (a
 * non-decreasing sequence, for distinct indices). */
static int64_t ld_after_gains(int64_t kept, const int32_t *gained, size_t count) {
    size_t low = 0, high = count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if ((int64_t)gained[middle] - (int64_t)middle <= kept)
            low = middle + 1;
        else
            high = middle;
    }
    return kept + (int64_t)low;
}

static int64_t ld_element_after_gains(int64_t kept, const ld_path_t *gained, size_t count, int32_t section) {
    size_t first = ld_paths_below(gained, count, (ld_path_t){ section, INT32_MIN });
    size_t low = first, high = ld_paths_below(gained, count, (ld_path_t){ section, INT32_MAX });
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if ((int64_t)gained[middle].element - (int64_t)(middle - first) <= kept)
            low = middle + 1;
        else
            high = middle;
    }
    return kept + (int64_t)(low - first);
}

static bool ld_ints_contain(const int32_t *values, size_t count, int32_t value) {
    size_t at = ld_ints_below(values, count, value);
    return at < count && values[at] == value;
}

/* Where the row at `path` before the batch is after it; false when it does not survive. */
static bool ld_trace(const ld_sorted_batch_t *b, const ld_batch_t *batch, ld_path_t path, ld_path_t *out) {
    if (ld_ints_contain(b->sections_deleted, batch->section_deleted_count, path.section)) return false;
    size_t deleted_at = ld_paths_below(b->elements_deleted, batch->element_deleted_count, path);
    if (deleted_at < batch->element_deleted_count && ld_compare_paths(&b->elements_deleted[deleted_at], &path) == 0) {
        return false;
    }
    ld_path_move_t key = { .source = path };
    const ld_path_move_t *move = bsearch(&key, b->element_moves, batch->element_moved_count, sizeof key,
                                         ld_compare_move_sources);
    if (move != NULL) {
        *out = move->target;
        return true;
    }
    int64_t section;
    const ld_pair_t *section_move = bsearch(&path.section, b->section_moves, batch->section_moved_count,
                                            sizeof(ld_pair_t), ld_compare_pair_sources);
    if (section_move != NULL) {
        section = section_move->target;
    } else {
        int64_t kept = path.section - (int64_t)ld_ints_below(b->sections_lost, b->sections_lost_count, path.section);
        section = ld_after_gains(kept, b->sections_gained, b->sections_gained_count);
    }
    size_t lost_before = ld_paths_below(b->elements_lost, b->elements_lost_count, path) -
                         ld_paths_below(b->elements_lost, b->elements_lost_count,
                                        (ld_path_t){ path.section, INT32_MIN });
    int64_t element = ld_element_after_gains(path.element - (int64_t)lost_before, b->elements_gained,
                                             b->elements_gained_count, (int32_t)section);
    if (section > INT32_MAX || element > INT32_MAX) return false;
    *out = (ld_path_t){ (int32_t)section, (int32_t)element };
    return true;
}

/* qsort, after one pass that finds most lists a diff stages already in order. */
static void ld_sort(void *values, size_t count, size_t size, int (*compare)(const void *, const void *)) {
    const char *bytes = values;
    for (size_t i = 1; i < count; i++) {
        if (compare(bytes + (i - 1) * size, bytes + i * size) > 0) {
            qsort(values, count, size, compare);
            return;
        }
    }
}

static void *ld_take(char **next, size_t count, size_t size) {
    void *taken = *next;
    *next += count * size;
    return taken;
}

/* The sorted `a` and `b` merged into `out`. */
static void ld_merge_paths(const ld_path_t *a, size_t na, const ld_path_t *b, size_t nb, ld_path_t *out) {
    size_t i = 0, j = 0;
    while (i < na || j < nb) {
        bool from_a = j == nb || (i < na && ld_compare_paths(&a[i], &b[j]) <= 0);
        *out++ = from_a ? a[i++] : b[j++];
    }
}

static void ld_merge_ints(const int32_t *a, size_t na, const int32_t *b, size_t nb, int32_t *out) {
    size_t i = 0, j = 0;
    while (i < na || j < nb) {
        bool from_a = j == nb || (i < na && a[i] <= b[j]);
        *out++ = from_a ? a[i++] : b[j++];
    }
}

/* Sorts a copy of each list (one pass when it is sorted already, as a diff's are), then merges
 * the losses and the gains; the moves' ends go through `ends`, room for the larger side. */
static void ld_sort_batch(const ld_batch_t *batch, char *room, ld_sorted_batch_t *b) {
    size_t sd = batch->section_deleted_count, si = batch->section_inserted_count, sm = batch->section_moved_count;
    size_t ed = batch->element_deleted_count, ei = batch->element_inserted_count, em = batch->element_moved_count;
    char *next = room;
    /* Pairs and paths first: every array stays aligned for its type. */
    b->section_moves = ld_take(&next, sm, sizeof(ld_pair_t));
    b->element_moves = ld_take(&next, em, sizeof(ld_path_move_t));
    b->elements_lost = ld_take(&next, ed + em, sizeof(ld_path_t));
    b->elements_gained = ld_take(&next, ei + em, sizeof(ld_path_t));
    b->elements_deleted = ld_take(&next, ed, sizeof(ld_path_t));
    ld_path_t *inserted = ld_take(&next, ei, sizeof(ld_path_t)), *ends = ld_take(&next, em, sizeof(ld_path_t));
    b->sections_lost = ld_take(&next, sd + sm, sizeof(int32_t));
    b->sections_gained = ld_take(&next, si + sm, sizeof(int32_t));
    b->sections_deleted = ld_take(&next, sd, sizeof(int32_t));
    int32_t *sections_inserted = ld_take(&next, si, sizeof(int32_t)),
            *section_ends = ld_take(&next, sm, sizeof(int32_t));
    b->sections_lost_count = sd + sm;
    b->sections_gained_count = si + sm;
    b->elements_lost_count = ed + em;
    b->elements_gained_count = ei + em;
    if (sm) memcpy(b->section_moves, batch->section_moved, sm * sizeof(ld_pair_t));
    if (em) memcpy(b->element_moves, batch->element_moved, em * sizeof(ld_path_move_t));
    if (ed) memcpy(b->elements_deleted, batch->element_deleted, ed * sizeof(ld_path_t));
    if (ei) memcpy(inserted, batch->element_inserted, ei * sizeof(ld_path_t));
    if (sd) memcpy(b->sections_deleted, batch->section_deleted, sd * sizeof(int32_t));
    if (si) memcpy(sections_inserted, batch->section_inserted, si * sizeof(int32_t));
    ld_sort(b->section_moves, sm, sizeof(ld_pair_t), ld_compare_pair_sources);
    ld_sort(b->element_moves, em, sizeof(ld_path_move_t), ld_compare_move_sources);
    ld_sort(b->elements_deleted, ed, sizeof(ld_path_t), ld_compare_path_values);
    ld_sort(inserted, ei, sizeof(ld_path_t), ld_compare_path_values);
    ld_sort(b->sections_deleted, sd, sizeof(int32_t), ld_compare_ints);
    ld_sort(sections_inserted, si, sizeof(int32_t), ld_compare_ints);
    for (size_t i = 0; i < em; i++) ends[i] = b->element_moves[i].source;
    ld_merge_paths(b->elements_deleted, ed, ends, em, b->elements_lost);
    for (size_t i = 0; i < em; i++) ends[i] = batch->element_moved[i].target;
    ld_sort(ends, em, sizeof(ld_path_t), ld_compare_path_values);
    ld_merge_paths(inserted, ei, ends, em, b->elements_gained);
    for (size_t i = 0; i < sm; i++) section_ends[i] = b->section_moves[i].source;
    ld_merge_ints(b->sections_deleted, sd, section_ends, sm, b->sections_lost);
    for (size_t i = 0; i < sm; i++) section_ends[i] = batch->section_moved[i].target;
    ld_sort(section_ends, sm, sizeof(int32_t), ld_compare_ints);
    ld_merge_ints(sections_inserted, si, section_ends, sm, b->sections_gained);
}

static bool ld_batch_is_readable(const ld_batch_t *batch) {
    return (batch->section_deleted || !batch->section_deleted_count) &&
           (batch->section_inserted || !batch->section_inserted_count) &&
           (batch->section_updated || !batch->section_updated_count) &&
           (batch->section_moved || !batch->section_moved_count) &&
           (batch->element_deleted || !batch->element_deleted_count) &&
           (batch->element_inserted || !batch->element_inserted_count) &&
           (batch->element_updated || !batch->element_updated_count) &&
           (batch->element_moved || !batch->element_moved_count);
}

static bool ld_viewport_is_valid(const ld_viewport_t *v) {
    return isfinite(v->offset) && isfinite(v->length) && isfinite(v->content_length) && isfinite(v->inset_leading) &&
           isfinite(v->inset_trailing) && v->length >= 0 && v->content_length >= 0;
}

static double ld_lowest_offset(const ld_viewport_t *v) { return -v->inset_leading; }

static double ld_highest_offset(const ld_viewport_t *v) {
    double highest = v->content_length + v->inset_trailing - v->length;
    return highest > ld_lowest_offset(v) ? highest : ld_lowest_offset(v);
}

/* The room the sorted batch takes, or false when a count is out of range. */
static bool ld_sorted_batch_bytes(const ld_batch_t *batch, size_t *out) {
    uint64_t sd = batch->section_deleted_count, si = batch->section_inserted_count, sm = batch->section_moved_count;
    uint64_t ed = batch->element_deleted_count, ei = batch->element_inserted_count, em = batch->element_moved_count;
    if (sd > LD_MAX_COUNT || si > LD_MAX_COUNT || sm > LD_MAX_COUNT || ed > LD_MAX_COUNT || ei > LD_MAX_COUNT ||
        em > LD_MAX_COUNT) {
        return false;
    }
    uint64_t bytes = (2 * sd + 2 * si + 3 * sm) * sizeof(int32_t) + sm * sizeof(ld_pair_t) +
                     (2 * ed + 2 * ei + 3 * em) * sizeof(ld_path_t) + em * sizeof(ld_path_move_t) + 1;
    if (bytes > SIZE_MAX) return false;
    *out = (size_t)bytes;
    return true;
}

/* Whether @p a comes before @p b in index-path order. */
static bool ld_path_precedes(ld_path_t a, ld_path_t b) {
    return a.section < b.section || (a.section == b.section && a.element < b.element);
}

/* The anchor among the rows that survive: the smallest leading edge, the first by index path
 * among equals, so that the order the view lists its rows in (UIKit's "no particular order",
 * AppKit's set) cannot change it. */
static bool ld_choose_anchor(const ld_sorted_batch_t *sorted, const ld_batch_t *batch, const ld_visible_row_t *rows,
                             size_t row_count, ld_path_t *out_path, double *out_leading) {
    bool found = false;
    ld_path_t chosen = { 0 };
    for (size_t i = 0; i < row_count; i++) {
        ld_path_t traced;
        bool first = !found || rows[i].leading < *out_leading ||
                     (rows[i].leading == *out_leading && ld_path_precedes(rows[i].path, chosen));
        if (first && ld_trace(sorted, batch, rows[i].path, &traced)) {
            found = true;
            chosen = rows[i].path;
            *out_path = traced;
            *out_leading = rows[i].leading;
        }
    }
    return found;
}

ld_status ld_anchor_plan(ld_workspace_t *workspace, ld_scroll_anchor mode, const ld_batch_t *batch,
                         const ld_viewport_t *before, const ld_visible_row_t *rows, size_t row_count,
                         ld_anchor_plan_t *out) {
    if (workspace == NULL || batch == NULL || before == NULL || out == NULL || (rows == NULL && row_count > 0) ||
        (unsigned)mode > LD_SCROLL_ANCHOR_BOTTOM || !ld_batch_is_readable(batch) || !ld_viewport_is_valid(before)) {
        return LD_ERROR_INVALID;
    }
    for (size_t i = 0; i < row_count; i++) {
        if (rows[i].path.section < 0 || rows[i].path.element < 0 || !isfinite(rows[i].leading)) {
            return LD_ERROR_INVALID;
        }
    }
    if (row_count > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    ld_anchor_plan_t plan = { .keep = LD_SCROLL_ANCHOR_NONE };
    bool at_top = before->offset <= ld_lowest_offset(before) + LD_EDGE_TOLERANCE;
    bool at_bottom = before->offset >= ld_highest_offset(before) - LD_EDGE_TOLERANCE;
    if ((mode == LD_SCROLL_ANCHOR_TOP && at_top) || (mode == LD_SCROLL_ANCHOR_BOTTOM && at_bottom)) {
        plan.keep = mode;
    } else if (mode != LD_SCROLL_ANCHOR_NONE) {
        size_t bytes;
        void *room;
        if (!ld_sorted_batch_bytes(batch, &bytes)) return LD_ERROR_OVERFLOW;
        ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_ROWS, bytes, 1, &room);
        if (status != LD_OK) return status;
        ld_sorted_batch_t sorted;
        ld_sort_batch(batch, room, &sorted);
        double leading;
        if (ld_choose_anchor(&sorted, batch, rows, row_count, &plan.path, &leading)) {
            plan.keep = LD_SCROLL_ANCHOR_VISIBLE_CONTENT;
            plan.distance = leading - (before->offset + before->inset_leading);
        }
    }
    *out = plan;
    return LD_OK;
}

ld_status ld_anchor_offset(const ld_anchor_plan_t *plan, const ld_viewport_t *after, double anchor_leading,
                           double *out_offset) {
    if (plan == NULL || after == NULL || out_offset == NULL || (unsigned)plan->keep > LD_SCROLL_ANCHOR_BOTTOM ||
        !ld_viewport_is_valid(after) || !isfinite(plan->distance) ||
        (plan->keep == LD_SCROLL_ANCHOR_VISIBLE_CONTENT && !isfinite(anchor_leading))) {
        return LD_ERROR_INVALID;
    }
    double offset;
    switch (plan->keep) {
    case LD_SCROLL_ANCHOR_NONE:
        *out_offset = after->offset;
        return LD_OK;
    case LD_SCROLL_ANCHOR_TOP:
        offset = ld_lowest_offset(after);
        break;
    case LD_SCROLL_ANCHOR_BOTTOM:
        offset = ld_highest_offset(after);
        break;
    default:
        offset = anchor_leading - plan->distance - after->inset_leading;
        break;
    }
    double lowest = ld_lowest_offset(after), highest = ld_highest_offset(after);
    *out_offset = offset < lowest ? lowest : offset > highest ? highest : offset;
    return LD_OK;
}

/* Layouts ld_anchor_keep() runs at most: self-sizing rows settle within two or three. */
#define LD_ANCHOR_LAYOUT_PASSES 4

ld_status ld_anchor_keep(const ld_anchor_plan_t *plan, const ld_anchor_view_t *view) {
    if (plan == NULL || view == NULL || view->user_is_scrolling == NULL || view->layout == NULL ||
        view->viewport == NULL || view->leading_edge == NULL || view->set_offset == NULL ||
        (unsigned)plan->keep > LD_SCROLL_ANCHOR_BOTTOM) {
        return LD_ERROR_INVALID;
    }
    if (plan->keep == LD_SCROLL_ANCHOR_NONE) return LD_OK;
    bool laid_out = false;
    ld_viewport_t last = { 0 };
    double last_leading = 0;
    for (int pass = 0; pass < LD_ANCHOR_LAYOUT_PASSES && !view->user_is_scrolling(view->context); pass++) {
        view->layout(view->context);
        double leading = 0, offset;
        if (plan->keep == LD_SCROLL_ANCHOR_VISIBLE_CONTENT &&
            !view->leading_edge(view->context, plan->path, &leading)) {
            return LD_OK;
        }
        ld_viewport_t viewport = view->viewport(view->context);
        if (ld_anchor_offset(plan, &viewport, leading, &offset) != LD_OK) return LD_OK;
        if (offset != viewport.offset) {
            view->set_offset(view->context, offset);
        } else if (laid_out && memcmp(&last, &viewport, sizeof viewport) == 0 && last_leading == leading) {
            return LD_OK; /* a layout that moved nothing: the view keeps the offset */
        }
        laid_out = true;
        last = view->viewport(view->context);
        last_leading = leading;
    }
    return LD_OK;
}
