#include "internal.h"

#include <string.h>

/* Immediate row operations: a UIKit-style batch of one section replayed as calls that each act
 * at once (NSTableView's). Inserts and moves are placed in ascending target order, each right
 * after the row that precedes it in the target; a Fenwick tree over a fixed layout of every
 * row's possible positions tells each row's current index.
 *
 * The layout: the rows before the first staying row form group 0, and each staying row leads
 * a group of its own. A group's slots are its staying row, then the rows placed into it (in
 * target order), then the moved rows that stood after its staying row and have not been placed
 * yet. A row's index at any step is the number of occupied slots before its slot. */

/* A row's flags: LD_MARK of the batch's operations on it (ld_mark_rows), and after the batch,
 * whether it is a survivor that stays where it is. */
enum { LD_ROW_STAYS = 1u << 7 };

/* Counts over slots, with prefix sums in O(log n): tree[1 ... slot_count]. */
static void ld_tree_add(int32_t *tree, size_t slot_count, size_t slot, int32_t value) {
    for (size_t index = slot + 1; index <= slot_count; index += index & (~index + 1)) tree[index] += value;
}

static int32_t ld_tree_sum_before(const int32_t *tree, size_t slot) {
    int32_t sum = 0;
    for (size_t index = slot; index > 0; index -= index & (~index + 1)) sum += tree[index];
    return sum;
}

/* The arrays one translation works in, cut from one reservation, and what it has written. */
typedef struct {
    size_t before, after, survivors;
    uint8_t *before_flags, *after_flags, *survivor_moved;
    int32_t *survivor_index, *arriving, *target_group, *placed_slot, *survivor_group, *unplaced_slot, *tree;
    int32_t *group_start, *placed_in_group, *unplaced_in_group, *cursor, *row_lists;
    ld_row_operation_t *operations;
    size_t count, group_count, slot_count;
    ld_poller_t poller;
} ld_rows_t;

/* Inside a pass over rows: returns LD_CANCELLED from the caller once the token is cancelled,
 * polling it once every LD_POLL_INTERVAL rows. */
#define LD_ROWS_POLL(rows)                                     \
    do {                                                       \
        if (!ld_poll(&(rows)->poller, 1)) return LD_CANCELLED; \
    } while (0)

/* The rows before the batch carrying `flag`, ascending, into `rows`. */
static ld_status ld_rows_with(ld_rows_t *r, uint8_t flag, int32_t *rows) {
    size_t found = 0;
    for (size_t row = 0; row < r->before; row++) {
        LD_ROWS_POLL(r);
        if (r->before_flags[row] & flag) rows[found++] = (int32_t)row;
    }
    return LD_OK;
}

/* One reservation for a batch over `before` rows leaving `after`, cut into: flags per row
 * before and after and per survivor, then int32 arrays (survivor index, arriving, target group
 * and slot per row after; survivor group and slot per survivor; the tree over at most after +
 * survivors slots; three counts and a cursor per group, at most survivors + 2 groups; the
 * reloaded and deleted rows), then the operations. */
static ld_status ld_rows_reserve(ld_workspace_t *workspace, size_t before, size_t after, size_t survivors,
                                 size_t listed, size_t operation_count, ld_rows_t *r) {
    size_t ints = before + 3 * after + 2 * survivors + (after + survivors + 1) + 4 * (survivors + 2) + listed;
    size_t flag_bytes = (before + after + survivors + 7) & ~(size_t)7;
    size_t int_bytes = (ints * sizeof(int32_t) + 7) & ~(size_t)7;
    void *room;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_ROWS,
                                            flag_bytes + int_bytes + operation_count * sizeof(ld_row_operation_t), 1,
                                            &room);
    if (status != LD_OK) return status;
    r->before = before;
    r->after = after;
    r->survivors = survivors;
    r->before_flags = room;
    r->after_flags = r->before_flags + before;
    r->survivor_moved = r->after_flags + after;
    int32_t *next = (int32_t *)(void *)((char *)room + flag_bytes);
    /* clang-format off */
    r->survivor_index = next; next += before;
    r->arriving = next; next += after;
    r->target_group = next; next += after;
    r->placed_slot = next; next += after;
    r->survivor_group = next; next += survivors;
    r->unplaced_slot = next; next += survivors;
    r->tree = next; next += after + survivors + 1;
    r->group_start = next; next += survivors + 2;
    r->placed_in_group = next; next += survivors + 2;
    r->unplaced_in_group = next; next += survivors + 2;
    r->cursor = next; next += survivors + 2;
    r->row_lists = next;
    /* clang-format on */
    r->operations = (ld_row_operation_t *)(void *)((char *)room + flag_bytes + int_bytes);
    r->count = 0;
    memset(r->before_flags, 0, before + after + survivors);
    return LD_OK;
}

/* The reloads, while the rows still stand where the batch names them, then the removals. */
static ld_status ld_rows_removals(ld_rows_t *r, size_t reloaded_count, size_t deleted_count) {
    ld_status status;
    if (reloaded_count > 0) {
        r->operations[r->count++] = (ld_row_operation_t){ LD_ROWS_RELOAD, 0, 0, reloaded_count, r->row_lists };
        if ((status = ld_rows_with(r, LD_MARK(LD_BATCH_RELOAD), r->row_lists))) return status;
    }
    if (deleted_count > 0) {
        int32_t *rows = r->row_lists + reloaded_count;
        r->operations[r->count++] = (ld_row_operation_t){ LD_ROWS_REMOVE, 0, 0, deleted_count, rows };
        if ((status = ld_rows_with(r, LD_MARK(LD_BATCH_DELETE), rows))) return status;
    }
    return LD_OK;
}

/* The list after the removals; what lands at each target index (-1 an insert, else a
 * survivor), the staying survivors filling the targets nothing else claims, in order; and the
 * group of each target and each survivor. */
static ld_status ld_rows_arrivals(ld_rows_t *r, const ld_pair_t *moved, size_t moved_count) {
    size_t survivor = 0;
    for (size_t row = 0; row < r->before; row++) {
        LD_ROWS_POLL(r);
        if (!(r->before_flags[row] & LD_MARK(LD_BATCH_DELETE))) r->survivor_index[row] = (int32_t)survivor++;
    }
    for (size_t target = 0; target < r->after; target++) {
        LD_ROWS_POLL(r);
        r->arriving[target] = -1;
    }
    for (size_t k = 0; k < moved_count; k++) {
        LD_ROWS_POLL(r);
        int32_t moving = r->survivor_index[moved[k].source];
        r->arriving[moved[k].target] = moving;
        r->survivor_moved[moving] = 1;
    }
    size_t staying = 0, stays = 0;
    for (size_t target = 0; target < r->after; target++) {
        LD_ROWS_POLL(r);
        if (r->after_flags[target] & (LD_MARK(LD_BATCH_INSERT) | LD_MARK(LD_BATCH_MOVE_TO))) {
            r->target_group[target] = (int32_t)stays;
            continue;
        }
        while (staying < r->survivors && r->survivor_moved[staying]) staying++;
        if (staying == r->survivors) return LD_ERROR_INVALID; /* unreachable for counts that add up */
        r->arriving[target] = (int32_t)staying++;
        r->after_flags[target] |= LD_ROW_STAYS;
        r->target_group[target] = (int32_t)++stays;
    }
    r->group_count = stays + 1;
    size_t stays_seen = 0;
    for (size_t s = 0; s < r->survivors; s++) {
        LD_ROWS_POLL(r);
        if (!r->survivor_moved[s]) stays_seen++;
        r->survivor_group[s] = (int32_t)stays_seen; /* a staying row leads its own group */
    }
    return LD_OK;
}

/* The fixed layout of slots (see the top of this file), each target's slot and each unplaced
 * survivor's, and the tree holding the rows that stand before the first insert or move. */
static ld_status ld_rows_slots(ld_rows_t *r) {
    size_t group_count = r->group_count;
    memset(r->placed_in_group, 0, group_count * sizeof *r->placed_in_group);
    memset(r->unplaced_in_group, 0, group_count * sizeof *r->unplaced_in_group);
    for (size_t target = 0; target < r->after; target++) {
        LD_ROWS_POLL(r);
        if (!(r->after_flags[target] & LD_ROW_STAYS)) r->placed_in_group[r->target_group[target]]++;
    }
    for (size_t s = 0; s < r->survivors; s++) {
        LD_ROWS_POLL(r);
        if (r->survivor_moved[s]) r->unplaced_in_group[r->survivor_group[s]]++;
    }
    r->group_start[0] = 0;
    for (size_t group = 0; group < group_count; group++) {
        LD_ROWS_POLL(r);
        r->group_start[group + 1] = r->group_start[group] + (group > 0) + r->placed_in_group[group] +
                                    r->unplaced_in_group[group];
        r->cursor[group] = r->group_start[group] + (group > 0);
    }
    r->slot_count = (size_t)r->group_start[group_count];
    memset(r->tree, 0, (r->slot_count + 1) * sizeof *r->tree);
    for (size_t target = 0; target < r->after; target++) {
        LD_ROWS_POLL(r);
        if (!(r->after_flags[target] & LD_ROW_STAYS)) r->placed_slot[target] = r->cursor[r->target_group[target]]++;
    }
    /* The unplaced slots follow each group's placed ones: the cursor stands right there now. */
    for (size_t s = 0; s < r->survivors; s++) {
        LD_ROWS_POLL(r);
        size_t group = (size_t)r->survivor_group[s];
        size_t slot = r->survivor_moved[s] ? (size_t)(r->unplaced_slot[s] = r->cursor[group]++)
                                           : (size_t)r->group_start[group];
        ld_tree_add(r->tree, r->slot_count, slot, 1);
    }
    return LD_OK;
}

/* The inserts and moves, in ascending target order, each right after its predecessor in the
 * target; consecutive inserts merge into one operation. */
static ld_status ld_rows_placements(ld_rows_t *r) {
    for (size_t target = 0; target < r->after; target++) {
        LD_ROWS_POLL(r);
        if (r->after_flags[target] & LD_ROW_STAYS) continue;
        size_t slot = (size_t)r->placed_slot[target];
        if (r->arriving[target] < 0) {
            int32_t index = ld_tree_sum_before(r->tree, slot);
            ld_tree_add(r->tree, r->slot_count, slot, 1);
            ld_row_operation_t *last = r->count > 0 ? &r->operations[r->count - 1] : NULL;
            if (last != NULL && last->kind == LD_ROWS_INSERT && (size_t)last->first + last->count == (size_t)index) {
                last->count++;
            } else {
                r->operations[r->count++] = (ld_row_operation_t){ LD_ROWS_INSERT, index, 0, 1, NULL };
            }
        } else {
            size_t from_slot = (size_t)r->unplaced_slot[r->arriving[target]];
            int32_t from = ld_tree_sum_before(r->tree, from_slot);
            ld_tree_add(r->tree, r->slot_count, from_slot, -1);
            int32_t to = ld_tree_sum_before(r->tree, slot);
            ld_tree_add(r->tree, r->slot_count, slot, 1);
            r->operations[r->count++] = (ld_row_operation_t){ LD_ROW_MOVE, from, to, 0, NULL };
        }
    }
    return LD_OK;
}

ld_status ld_immediate_rows(ld_workspace_t *workspace, size_t row_count, const int32_t *deleted, size_t deleted_count,
                            const int32_t *inserted, size_t inserted_count, const ld_pair_t *moved, size_t moved_count,
                            const int32_t *reloaded, size_t reloaded_count, const ld_cancel_token_t *cancel,
                            ld_row_operations_t *out) {
    if (workspace == NULL || out == NULL || !LD_GIVEN(deleted, deleted_count) || !LD_GIVEN(inserted, inserted_count) ||
        !LD_GIVEN(moved, moved_count) || !LD_GIVEN(reloaded, reloaded_count))
        return LD_ERROR_INVALID;
    if (row_count > LD_MAX_COUNT || deleted_count > LD_MAX_COUNT || inserted_count > LD_MAX_COUNT ||
        moved_count > LD_MAX_COUNT || reloaded_count > LD_MAX_COUNT)
        return LD_ERROR_OVERFLOW;
    if (deleted_count > row_count) return LD_ERROR_INVALID;
    size_t before = row_count, after = row_count - deleted_count + inserted_count;
    if (after > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;

    ld_rows_t r;
    ld_status status = ld_rows_reserve(workspace, before, after, before - deleted_count, reloaded_count + deleted_count,
                                       2 + inserted_count + moved_count, &r);
    if (status != LD_OK) return status;
    r.poller = (ld_poller_t){ .cancel = cancel };
    if ((status = ld_mark_rows(before, after, r.before_flags, r.after_flags, deleted, deleted_count, inserted,
                               inserted_count, moved, moved_count, reloaded, reloaded_count, &r.poller)) ||
        (status = ld_rows_removals(&r, reloaded_count, deleted_count)) ||
        (status = ld_rows_arrivals(&r, moved, moved_count)) || (status = ld_rows_slots(&r)) ||
        (status = ld_rows_placements(&r))) {
        return status;
    }
    out->operations = r.operations;
    out->count = r.count;
    return LD_OK;
}
