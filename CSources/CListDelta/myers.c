#include "internal.h"

/* Linear-space Myers: find the middle snake of the edit graph by searching forward from the
 * top-left and backward from the bottom-right until the two frontiers overlap, keep the snake,
 * and solve the two smaller rectangles on either side. `forward[k]` is the furthest x reached
 * on diagonal k = x - y; `backward[k]` the furthest distance from the bottom-right corner on
 * reverse diagonal k. A value of -1 marks a diagonal with no point inside the grid. */
typedef struct {
    ld_diff_t *diff;
    int32_t *forward; /* both arrays are indexed from -offset to +offset */
    int32_t *backward;
    ld_poller_t poller; /* counts the elements each snake follows */
} ld_myers_t;

typedef struct {
    ptrdiff_t x, y, u, v; /* the snake runs from (x, y) to (u, v) */
    size_t edits;         /* the rectangle's edit distance */
} ld_snake_t;

/* Follows equal elements from (x, x - k) on: forward from the top-left, or with `backward` from
 * the bottom-right corner, where x counts elements taken from the ends. Returns the end x, or
 * -2 when cancelled. */
static inline ptrdiff_t ld_follow(ld_myers_t *myers, const uint64_t *a, ptrdiff_t n, const uint64_t *b, ptrdiff_t m,
                                  ptrdiff_t x, ptrdiff_t k, bool backward) {
    ptrdiff_t start = x;
    for (;;) {
        ptrdiff_t limit = x + (ptrdiff_t)LD_POLL_INTERVAL;
        if (limit > n) limit = n;
        if (limit > m + k) limit = m + k;
        if (backward) {
            while (x < limit && a[n - 1 - x] == b[m - 1 - (x - k)]) x++;
        } else {
            while (x < limit && a[x] == b[x - k]) x++;
        }
        /* A snake's length is known only once followed: it is counted after. */
        if (!ld_poll(&myers->poller, (size_t)(x - start + 1))) return -2;
        if (x < limit || limit == n || limit == m + k) return x;
        start = x;
    }
}

/* The furthest x a path reaches on diagonal k in step d, before following its snake, from
 * the step-(d-1) frontier `v`; -1 when neither neighbour leads to a point inside the grid. */
static inline ptrdiff_t ld_step(const int32_t *v, ptrdiff_t d, ptrdiff_t k, ptrdiff_t n, ptrdiff_t m) {
    ptrdiff_t down = (k + 1 <= d - 1 && v[k + 1] >= 0) ? v[k + 1] : -1;         /* y + 1 */
    ptrdiff_t right = (k - 1 >= -(d - 1) && v[k - 1] >= 0) ? v[k - 1] + 1 : -1; /* x + 1 */
    if (down >= 0 && down - k > m) down = -1;
    if (right > n) right = -1;
    return down > right ? down : right;
}

/* Step d of the forward frontier, or with `backward` of the backward one: extends every
 * diagonal's path by one edit and its snake, and sets `met` with the middle snake in `out` once
 * a path overlaps the other frontier's (of step d - 1 going forward, of step d going back: a
 * forward path can meet one only when n - m is odd, a backward one when it is even). */
static LD_ALWAYS_INLINE ld_status ld_frontier_step(ld_myers_t *myers, const uint64_t *a, ptrdiff_t n, const uint64_t *b,
                                                   ptrdiff_t m, ptrdiff_t d, size_t edit_limit, bool backward,
                                                   ld_snake_t *out, bool *met) {
    int32_t *frontier = backward ? myers->backward : myers->forward;
    const int32_t *other = backward ? myers->forward : myers->backward;
    ptrdiff_t delta = n - m, reach = backward ? d : d - 1; /* the other frontier's last step */
    bool can_meet = ((delta & 1) != 0) != backward;
    for (ptrdiff_t k = -d; k <= d; k += 2) {
        ptrdiff_t x = d == 0 ? 0 : ld_step(frontier, d, k, n, m);
        if (x < 0) {
            frontier[k] = -1;
            continue;
        }
        ptrdiff_t end = ld_follow(myers, a, n, b, m, x, k, backward);
        if (end == -2) return LD_CANCELLED;
        frontier[k] = (int32_t)end;
        ptrdiff_t opposite = delta - k;
        if (can_meet && opposite >= -reach && opposite <= reach && other[opposite] >= 0 && end + other[opposite] >= n) {
            size_t edits = (size_t)(backward ? 2 * d : 2 * d - 1);
            if (backward && edits > edit_limit) return LD_EDIT_BUDGET_EXCEEDED; /* forward: checked before the step */
            *out = backward ? (ld_snake_t){ n - end, m - (end - k), n - x, m - (x - k), edits }
                            : (ld_snake_t){ x, x - k, end, end - k, edits };
            *met = true;
            return LD_OK;
        }
    }
    return LD_OK;
}

static ld_status ld_middle_snake(ld_myers_t *myers, const uint64_t *a, ptrdiff_t n, const uint64_t *b, ptrdiff_t m,
                                 size_t edit_limit, ld_snake_t *out) {
    bool met = false;
    ld_status status;
    for (ptrdiff_t d = 0; d <= (n + m + 1) / 2; d++) {
        if (d > 0 && (size_t)(2 * d - 1) > edit_limit) return LD_EDIT_BUDGET_EXCEEDED;
        if ((status = ld_frontier_step(myers, a, n, b, m, d, edit_limit, false, out, &met)) || met ||
            (status = ld_frontier_step(myers, a, n, b, m, d, edit_limit, true, out, &met)) || met) {
            return status;
        }
    }
    /* The frontiers always meet by step ceil((n + m) / 2); reaching here is a bug. */
    return LD_ERROR_INTERNAL;
}

static void ld_match(ld_diff_t *diff, size_t source_index, size_t target_index) {
    diff->source_to_target[source_index] = (int32_t)target_index;
    diff->target_to_source[target_index] = (int32_t)source_index;
}

/* Solves source[a_start, a_end) against target[b_start, b_end). Only the outermost call has
 * an edit limit: its middle snake knows the whole edit distance. */
static ld_status ld_myers_solve(ld_myers_t *myers, size_t a_start, size_t a_end, size_t b_start, size_t b_end,
                                size_t edit_limit) {
    ld_diff_t *diff = myers->diff;
    const uint64_t *source = diff->source, *target = diff->target;
    while (a_start < a_end && b_start < b_end && source[a_start] == target[b_start]) {
        if (!ld_poll(&myers->poller, 1)) return LD_CANCELLED;
        ld_match(diff, a_start++, b_start++);
    }
    while (a_start < a_end && b_start < b_end && source[a_end - 1] == target[b_end - 1]) {
        if (!ld_poll(&myers->poller, 1)) return LD_CANCELLED;
        ld_match(diff, --a_end, --b_end);
    }
    if (a_start == a_end || b_start == b_end) {
        return (a_end - a_start) + (b_end - b_start) > edit_limit ? LD_EDIT_BUDGET_EXCEEDED : LD_OK;
    }
    /* Both ends now differ, so the edit distance is at least 2 and each half below is a
     * strictly smaller problem. */
    ld_snake_t snake;
    ld_status status = ld_middle_snake(myers, source + a_start, (ptrdiff_t)(a_end - a_start), target + b_start,
                                       (ptrdiff_t)(b_end - b_start), edit_limit, &snake);
    if (status != LD_OK) return status;
    for (ptrdiff_t x = snake.x; x < snake.u; x++) {
        ld_match(diff, a_start + (size_t)x, b_start + (size_t)(x - (snake.x - snake.y)));
    }
    if ((status = ld_myers_solve(myers, a_start, a_start + (size_t)snake.x, b_start, b_start + (size_t)snake.y,
                                 SIZE_MAX))) {
        return status;
    }
    return ld_myers_solve(myers, a_start + (size_t)snake.u, a_end, b_start + (size_t)snake.v, b_end, SIZE_MAX);
}

/* Matches a longest common subsequence of any lists and collects the deletes, inserts and
 * updates. */
static ld_status ld_myers_match(ld_workspace_t *workspace, ld_diff_t *diff) {
    size_t source_count = diff->source_count, target_count = diff->target_count;
    /* Diagonals run from -(d_max + 1) to d_max + 1, d_max = ceil((n + m) / 2). */
    size_t offset = (source_count + target_count + 1) / 2 + 1, width = 2 * offset + 1;
    int32_t *frontiers;
    ld_status status;
    if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SCRATCH, width, 2 * sizeof(int32_t),
                                       (void **)&frontiers))) {
        return status;
    }
    ld_myers_t myers = {
        .diff = diff,
        .forward = frontiers + offset,
        .backward = frontiers + width + offset,
        .poller = (ld_poller_t){ .cancel = diff->cancel },
    };
    diff->deleted_count = diff->inserted_count = diff->updated_count = 0;
    /* All bytes 0xFF: every index -1, unmatched. */
    if ((status = ld_fill(diff->source_to_target, 0xFF, source_count * sizeof(int32_t), diff->cancel)) ||
        (status = ld_fill(diff->target_to_source, 0xFF, target_count * sizeof(int32_t), diff->cancel)) ||
        (status = ld_myers_solve(&myers, 0, source_count, 0, target_count, diff->max_edits)) ||
        (status = ld_collect_deletes_and_updates(diff))) {
        return status;
    }
    return ld_collect_inserts(diff, 0, NULL, NULL);
}

ld_status ld_lcs_match(ld_workspace_t *workspace, ld_diff_t *diff) {
    size_t source_count = diff->source_count, target_count = diff->target_count;
    /* The edit distance is at least the difference of the counts. */
    if (ld_max_size(source_count, target_count) - ld_min_size(source_count, target_count) > diff->max_edits) {
        return LD_EDIT_BUDGET_EXCEEDED;
    }
    bool found;
    ld_status status;
    if ((status = ld_unique_lcs(workspace, diff, &found)) || (!found && (status = ld_myers_match(workspace, diff))) ||
        (diff->target_groups != NULL && (status = ld_collect_group_changes(diff)))) {
        return status;
    }
    return LD_OK;
}
