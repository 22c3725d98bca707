/* libFuzzer target for ld_immediate_rows: each input becomes a row count and a batch of
 * deletes, inserts, moves and reloads whose indices may break any of UIKit's rules. A batch the
 * core accepts must be valid by a brute-force check, and its operations, performed one by one on
 * a list as NSTableView does, must leave the list UIKit's batch describes, moving no row that
 * stays; a batch it rejects must be invalid. */
#include <CListDelta.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LDF_TARGET "fuzz_rows"
#include "fuzz_input.h"

enum { LDF_MAX_ROWS = 40, LDF_MAX_LIST = 24 };

/* Indices a little beyond the range too, and now and then a negative one. */
static int32_t ldf_index(ldf_reader_t *reader, size_t range) {
    uint8_t byte = ldf_byte(reader);
    if (byte == 255) return -1;
    return (int32_t)(byte % (range + 2));
}

static bool ldf_contains(const int32_t *list, size_t count, int32_t value) {
    for (size_t k = 0; k < count; k++) {
        if (list[k] == value) return true;
    }
    return false;
}

/* UIKit's rules for one section, checked the slow way. */
static bool ldf_valid(size_t rows, const int32_t *deleted, size_t dc, const int32_t *inserted, size_t ic,
                      const ld_pair_t *moved, size_t mc, const int32_t *reloaded, size_t rc) {
    if (dc > rows) return false;
    size_t after = rows - dc + ic;
    int32_t sources[LDF_MAX_LIST], targets[LDF_MAX_LIST];
    for (size_t k = 0; k < mc; k++) {
        sources[k] = moved[k].source;
        targets[k] = moved[k].target;
    }
    const int32_t *before_lists[3] = { deleted, reloaded, sources };
    size_t before_counts[3] = { dc, rc, mc };
    for (int list = 0; list < 3; list++) {
        for (size_t k = 0; k < before_counts[list]; k++) {
            int32_t value = before_lists[list][k];
            if (value < 0 || (size_t)value >= rows) return false;
            if (ldf_contains(before_lists[list], k, value)) return false;
            for (int other = 0; other < list; other++) {
                if (ldf_contains(before_lists[other], before_counts[other], value)) return false;
            }
        }
    }
    const int32_t *after_lists[2] = { inserted, targets };
    size_t after_counts[2] = { ic, mc };
    for (int list = 0; list < 2; list++) {
        for (size_t k = 0; k < after_counts[list]; k++) {
            int32_t value = after_lists[list][k];
            if (value < 0 || (size_t)value >= after) return false;
            if (ldf_contains(after_lists[list], k, value)) return false;
            if (list == 1 && ldf_contains(inserted, ic, value)) return false;
        }
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ld_workspace_t *workspace;
    if (workspace == NULL && ld_workspace_create(NULL, &workspace) != LD_OK) ldf_fail("no workspace");
    ldf_reader_t reader = { data, size };
    size_t rows = ldf_byte(&reader) % (LDF_MAX_ROWS + 1);
    size_t dc = ldf_byte(&reader) % (LDF_MAX_LIST + 1), ic = ldf_byte(&reader) % (LDF_MAX_LIST + 1);
    size_t mc = ldf_byte(&reader) % (LDF_MAX_LIST + 1), rc = ldf_byte(&reader) % (LDF_MAX_LIST + 1);
    size_t after_guess = rows + ic;
    int32_t deleted[LDF_MAX_LIST], inserted[LDF_MAX_LIST], reloaded[LDF_MAX_LIST];
    ld_pair_t moved[LDF_MAX_LIST];
    for (size_t k = 0; k < dc; k++) deleted[k] = ldf_index(&reader, rows);
    for (size_t k = 0; k < ic; k++) inserted[k] = ldf_index(&reader, after_guess);
    for (size_t k = 0; k < mc; k++) {
        moved[k].source = ldf_index(&reader, rows);
        moved[k].target = ldf_index(&reader, after_guess);
    }
    for (size_t k = 0; k < rc; k++) reloaded[k] = ldf_index(&reader, rows);

    ld_row_operations_t operations;
    ld_status status = ld_immediate_rows(workspace, rows, deleted, dc, inserted, ic, moved, mc, reloaded, rc, NULL,
                                         &operations);
    bool valid = ldf_valid(rows, deleted, dc, inserted, ic, moved, mc, reloaded, rc);
    if (status == LD_ERROR_INVALID) {
        if (valid) ldf_fail("a valid batch was rejected");
        return 0;
    }
    if (status != LD_OK) ldf_fail("unexpected status");
    if (!valid) ldf_fail("an invalid batch was accepted");

    /* The list UIKit's batch describes: -1 for an inserted row, else the row that lands there. */
    size_t after = rows - dc + ic;
    int32_t expected[LDF_MAX_ROWS + LDF_MAX_LIST], list[LDF_MAX_ROWS + LDF_MAX_LIST];
    bool placed[LDF_MAX_ROWS + LDF_MAX_LIST] = { false };
    for (size_t k = 0; k < ic; k++) {
        expected[inserted[k]] = -1;
        placed[inserted[k]] = true;
    }
    for (size_t k = 0; k < mc; k++) {
        expected[moved[k].target] = moved[k].source;
        placed[moved[k].target] = true;
    }
    size_t next = 0;
    for (size_t row = 0; row < rows; row++) {
        bool leaves = false;
        for (size_t k = 0; k < mc; k++) leaves = leaves || moved[k].source == (int32_t)row;
        if (leaves || ldf_contains(deleted, dc, (int32_t)row)) continue;
        while (placed[next]) next++;
        expected[next++] = (int32_t)row;
    }

    /* The operations, one by one, on the list as it stands. */
    size_t length = rows, moves = 0, reloads = 0;
    for (size_t row = 0; row < rows; row++) list[row] = (int32_t)row;
    for (size_t k = 0; k < operations.count; k++) {
        ld_row_operation_t operation = operations.operations[k];
        switch (operation.kind) {
        case LD_ROWS_RELOAD:
            if (k != 0 || length != rows) ldf_fail("reloads must come first");
            reloads += operation.count;
            break;
        case LD_ROWS_REMOVE:
            for (size_t r = operation.count; r-- > 0;) {
                size_t at = (size_t)operation.rows[r];
                if (at >= length || (r > 0 && operation.rows[r - 1] >= operation.rows[r])) ldf_fail("bad removal");
                memmove(list + at, list + at + 1, (length - at - 1) * sizeof *list);
                length--;
            }
            break;
        case LD_ROWS_INSERT:
            if ((size_t)operation.first > length || operation.count == 0) ldf_fail("bad insertion");
            memmove(list + operation.first + operation.count, list + operation.first,
                    (length - (size_t)operation.first) * sizeof *list);
            for (size_t r = 0; r < operation.count; r++) list[(size_t)operation.first + r] = -1;
            length += operation.count;
            break;
        case LD_ROW_MOVE: {
            size_t from = (size_t)operation.first, to = (size_t)operation.to;
            if (from >= length || to >= length) ldf_fail("bad move");
            int32_t row = list[from];
            memmove(list + from, list + from + 1, (length - from - 1) * sizeof *list);
            memmove(list + to + 1, list + to, (length - 1 - to) * sizeof *list);
            list[to] = row;
            moves++;
            break;
        }
        default:
            ldf_fail("unknown operation");
        }
    }
    if (length != after || memcmp(list, expected, after * sizeof *list) != 0) ldf_fail("the rows end out of place");
    if (moves != mc) ldf_fail("a row that stays was moved");
    if (reloads != rc) ldf_fail("reloads lost");
    return 0;
}
