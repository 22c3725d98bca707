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

enum { LD_ROW_DELETED = 1, LD_ROW_RELOADED = 2, LD_ROW_MOVED_FROM = 4 };
enum { LD_ROW_INSERTED = 1, LD_ROW_MOVED_TO = 2, LD_ROW_STAYS = 4 };

/* Counts over slots, with prefix sums in O(log n): tree[1 ... slot_count]. */
static void ld_tree_add(int32_t *tree, size_t slot_count, size_t slot, int32_t value) {
    for (size_t index = slot + 1; index <= slot_count; index += index & (~index + 1)) tree[index] += value;
}

static int32_t ld_tree_sum_before(const int32_t *tree, size_t slot) {
    int32_t sum = 0;
    for (size_t index = slot; index > 0; index -= index & (~index + 1)) sum += tree[index];
    return sum;
}

/* Marks `count` indices below `limit` with `flag`; false when one is out of range, listed
 * twice, or already carries one of `conflicts`. */
static bool ld_mark(uint8_t *flags, size_t limit, const int32_t *indices, size_t count, size_t stride, uint8_t flag,
                    uint8_t conflicts) {
    for (size_t k = 0; k < count; k++) {
        int32_t index = *(const int32_t *)(const void *)((const char *)indices + k * stride);
        if (index < 0 || (size_t)index >= limit || (flags[index] & (flag | conflicts)) != 0) return false;
        flags[index] |= flag;
    }
    return true;
}

/* The rows carrying `flag`, ascending, into `rows`. */
static size_t ld_rows_with(const uint8_t *flags, size_t count, uint8_t flag, int32_t *rows) {
    size_t found = 0;
    for (size_t row = 0; row < count; row++) {
        if (flags[row] & flag) rows[found++] = (int32_t)row;
    }
    return found;
}

ld_status ld_immediate_rows(ld_workspace_t *workspace, size_t row_count, const int32_t *deleted, size_t deleted_count,
                            const int32_t *inserted, size_t inserted_count, const ld_pair_t *moved, size_t moved_count,
                            const int32_t *reloaded, size_t reloaded_count, const ld_cancel_token_t *cancel,
                            ld_row_operations_t *out) {
    if (workspace == NULL || out == NULL || (deleted == NULL && deleted_count > 0) ||
        (inserted == NULL && inserted_count > 0) || (moved == NULL && moved_count > 0) ||
        (reloaded == NULL && reloaded_count > 0))
        return LD_ERROR_INVALID;
    if (row_count > LD_MAX_COUNT || deleted_count > LD_MAX_COUNT || inserted_count > LD_MAX_COUNT ||
        moved_count > LD_MAX_COUNT || reloaded_count > LD_MAX_COUNT)
        return LD_ERROR_OVERFLOW;
    if (deleted_count > row_count) return LD_ERROR_INVALID;
    size_t before = row_count, after = row_count - deleted_count + inserted_count;
    if (after > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    size_t survivors = before - deleted_count;

    /* One reservation, cut into: flags per row before and after, then int32 arrays (survivor
     * index, arriving, target group and slot per row after; survivor group and slot per
     * survivor; the tree over at most after + survivors slots; three counts per group, at most
     * survivors + 2 groups; the reloaded and deleted rows), then the operations. */
    size_t operation_count = 2 + inserted_count + moved_count;
    size_t ints = before + 3 * after + 2 * survivors + (after + survivors + 1) + 4 * (survivors + 2) + reloaded_count +
                  deleted_count;
    size_t flag_bytes = (before + after + survivors + 7) & ~(size_t)7;
    size_t bytes = flag_bytes + ((ints * sizeof(int32_t) + 7) & ~(size_t)7) +
                   operation_count * sizeof(ld_row_operation_t);
    void *room;
    ld_status status = ld_workspace_reserve(workspace, LD_BUFFER_ROWS, bytes, 1, &room);
    if (status != LD_OK) return status;
    uint8_t *before_flags = room, *after_flags = before_flags + before, *survivor_moved = after_flags + after;
    int32_t *next = (int32_t *)(void *)((char *)room + flag_bytes);
    /* clang-format off */
    int32_t *survivor_index = next; next += before;
    int32_t *arriving = next; next += after;
    int32_t *target_group = next; next += after;
    int32_t *placed_slot = next; next += after;
    int32_t *survivor_group = next; next += survivors;
    int32_t *unplaced_slot = next; next += survivors;
    int32_t *tree = next; next += after + survivors + 1;
    int32_t *group_start = next; next += survivors + 2;
    int32_t *placed_in_group = next; next += survivors + 2;
    int32_t *unplaced_in_group = next; next += survivors + 2;
    int32_t *cursor = next; next += survivors + 2;
    int32_t *row_lists = next;
    /* clang-format on */
    ld_row_operation_t *operations =
        (ld_row_operation_t *)(void *)((char *)room + flag_bytes + ((ints * sizeof(int32_t) + 7) & ~(size_t)7));
    ld_poller_t poller = { cancel, 0 };

    /* UIKit's rules for one section, as a view checks them. */
    memset(before_flags, 0, before + after + survivors);
    if (!ld_mark(before_flags, before, deleted, deleted_count, sizeof *deleted, LD_ROW_DELETED, 0) ||
        !ld_mark(before_flags, before, reloaded, reloaded_count, sizeof *reloaded, LD_ROW_RELOADED, LD_ROW_DELETED) ||
        !ld_mark(before_flags, before, moved_count ? &moved[0].source : NULL, moved_count, sizeof *moved,
                 LD_ROW_MOVED_FROM, LD_ROW_DELETED | LD_ROW_RELOADED) ||
        !ld_mark(after_flags, after, inserted, inserted_count, sizeof *inserted, LD_ROW_INSERTED, 0) ||
        !ld_mark(after_flags, after, moved_count ? &moved[0].target : NULL, moved_count, sizeof *moved, LD_ROW_MOVED_TO,
                 LD_ROW_INSERTED))
        return LD_ERROR_INVALID;
    if (!ld_poll(&poller, before + after + moved_count)) return LD_CANCELLED;

    size_t count = 0;
    if (reloaded_count > 0) {
        operations[count++] = (ld_row_operation_t){ LD_ROWS_RELOAD, 0, 0, reloaded_count, row_lists };
        ld_rows_with(before_flags, before, LD_ROW_RELOADED, row_lists);
    }
    if (deleted_count > 0) {
        int32_t *rows = row_lists + reloaded_count;
        operations[count++] = (ld_row_operation_t){ LD_ROWS_REMOVE, 0, 0, deleted_count, rows };
        ld_rows_with(before_flags, before, LD_ROW_DELETED, rows);
    }

    /* The list after the removals; what lands at each target index (-1 an insert, else a
     * survivor), the staying survivors filling the targets nothing else claims, in order. */
    size_t survivor = 0;
    for (size_t row = 0; row < before; row++) {
        if (!(before_flags[row] & LD_ROW_DELETED)) survivor_index[row] = (int32_t)survivor++;
    }
    for (size_t target = 0; target < after; target++) arriving[target] = -1;
    for (size_t k = 0; k < moved_count; k++) {
        int32_t moving = survivor_index[moved[k].source];
        arriving[moved[k].target] = moving;
        survivor_moved[moving] = 1;
    }
    size_t staying = 0, stays = 0;
    for (size_t target = 0; target < after; target++) {
        if (after_flags[target] & (LD_ROW_INSERTED | LD_ROW_MOVED_TO)) {
            target_group[target] = (int32_t)stays;
            continue;
        }
        while (staying < survivors && survivor_moved[staying]) staying++;
        if (staying == survivors) return LD_ERROR_INVALID; /* unreachable for counts that add up */
        arriving[target] = (int32_t)staying++;
        after_flags[target] |= LD_ROW_STAYS;
        target_group[target] = (int32_t)++stays;
    }
    size_t group_count = stays + 1, stays_seen = 0;
    for (size_t s = 0; s < survivors; s++) {
        if (!survivor_moved[s]) stays_seen++;
        survivor_group[s] = (int32_t)stays_seen; /* a staying row leads its own group */
    }
    if (!ld_poll(&poller, before + after)) return LD_CANCELLED;

    memset(placed_in_group, 0, group_count * sizeof *placed_in_group);
    memset(unplaced_in_group, 0, group_count * sizeof *unplaced_in_group);
    for (size_t target = 0; target < after; target++) {
        if (!(after_flags[target] & LD_ROW_STAYS)) placed_in_group[target_group[target]]++;
    }
    for (size_t s = 0; s < survivors; s++) {
        if (survivor_moved[s]) unplaced_in_group[survivor_group[s]]++;
    }
    group_start[0] = 0;
    for (size_t group = 0; group < group_count; group++) {
        group_start[group + 1] = group_start[group] + (group > 0) + placed_in_group[group] + unplaced_in_group[group];
    }
    size_t slot_count = (size_t)group_start[group_count];
    memset(tree, 0, (slot_count + 1) * sizeof *tree);
    for (size_t group = 0; group < group_count; group++) cursor[group] = group_start[group] + (group > 0);
    for (size_t target = 0; target < after; target++) {
        if (!(after_flags[target] & LD_ROW_STAYS)) placed_slot[target] = cursor[target_group[target]]++;
    }
    /* The unplaced slots follow each group's placed ones: the cursor stands right there now. */
    for (size_t s = 0; s < survivors; s++) {
        size_t group = (size_t)survivor_group[s];
        size_t slot = survivor_moved[s] ? (size_t)(unplaced_slot[s] = cursor[group]++) : (size_t)group_start[group];
        ld_tree_add(tree, slot_count, slot, 1);
    }
    if (!ld_poll(&poller, after + survivors)) return LD_CANCELLED;

    for (size_t target = 0; target < after; target++) {
        if (after_flags[target] & LD_ROW_STAYS) continue;
        if ((target & (LD_POLL_INTERVAL - 1)) == 0 && ld_is_cancelled(cancel)) return LD_CANCELLED;
        size_t slot = (size_t)placed_slot[target];
        if (arriving[target] < 0) {
            int32_t index = ld_tree_sum_before(tree, slot);
            ld_tree_add(tree, slot_count, slot, 1);
            ld_row_operation_t *last = count > 0 ? &operations[count - 1] : NULL;
            if (last != NULL && last->kind == LD_ROWS_INSERT && (size_t)last->first + last->count == (size_t)index) {
                last->count++;
            } else {
                operations[count++] = (ld_row_operation_t){ LD_ROWS_INSERT, index, 0, 1, NULL };
            }
        } else {
            size_t from_slot = (size_t)unplaced_slot[arriving[target]];
            int32_t from = ld_tree_sum_before(tree, from_slot);
            ld_tree_add(tree, slot_count, from_slot, -1);
            int32_t to = ld_tree_sum_before(tree, slot);
            ld_tree_add(tree, slot_count, slot, 1);
            operations[count++] = (ld_row_operation_t){ LD_ROW_MOVE, from, to, 0, NULL };
        }
    }
    out->operations = operations;
    out->count = count;
    return LD_OK;
}
