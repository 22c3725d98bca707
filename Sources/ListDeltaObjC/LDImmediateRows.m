#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDImmediateRows.h"

#include <stdlib.h>

/* The rows of paths, all in section; NO when one is in another section or out of int32 range. */
static BOOL LDRows(NSArray<NSIndexPath *> *paths, NSUInteger section, int32_t *rows) {
    NSUInteger index = 0;
    for (NSIndexPath *path in paths) {
        NSUInteger row = [path indexAtPosition:1];
        if (path.length != 2 || [path indexAtPosition:0] != section || row > INT32_MAX) { return NO; }
        rows[index++] = (int32_t)row;
    }
    return YES;
}

BOOL LDPerformImmediateRows(LDChangeset *changeset, NSInteger rowCount,
                            void (NS_NOESCAPE ^perform)(const ld_row_operation_t *operation)) {
    if (rowCount < 0 || changeset.sectionDeleted.count > 0 || changeset.sectionInserted.count > 0 ||
        changeset.sectionUpdated.count > 0 || changeset.sectionMoved.count > 0) {
        return NO;
    }
    NSArray<NSIndexPath *> *deleted = changeset.elementDeleted, *inserted = changeset.elementInserted;
    NSArray<NSIndexPath *> *reloaded = changeset.elementUpdated;
    NSArray<LDListMoveIndexPath *> *moved = changeset.elementMoved;
    NSIndexPath *first = deleted.firstObject ?: inserted.firstObject ?: reloaded.firstObject ?: moved.firstObject.from;
    NSUInteger section = changeset.flatSection != NSNotFound ? (NSUInteger)changeset.flatSection
        : first != nil ? [first indexAtPosition:0] : 0;
    size_t total = deleted.count + inserted.count + reloaded.count + 2 * moved.count;
    int32_t *rows = malloc((total ? total : 1) * sizeof *rows);
    ld_pair_t *pairs = malloc((moved.count ? moved.count : 1) * sizeof *pairs);
    int32_t *deletedRows = rows, *insertedRows = deletedRows + deleted.count;
    int32_t *reloadedRows = insertedRows + inserted.count, *moveRows = reloadedRows + reloaded.count;
    NSMutableArray<NSIndexPath *> *moveEnds = [NSMutableArray arrayWithCapacity:2 * moved.count];
    for (LDListMoveIndexPath *move in moved) {
        [moveEnds addObject:move.from];
        [moveEnds addObject:move.to];
    }
    BOOL performed = NO;
    ld_workspace_t *workspace = NULL;
    @try {
        if (rows == NULL || pairs == NULL || !LDRows(deleted, section, deletedRows) ||
            !LDRows(inserted, section, insertedRows) || !LDRows(reloaded, section, reloadedRows) ||
            !LDRows(moveEnds, section, moveRows) || (workspace = LDWorkspaceTake()) == NULL) {
            return NO;
        }
        for (NSUInteger k = 0; k < moved.count; k++) { pairs[k] = (ld_pair_t){moveRows[2 * k], moveRows[2 * k + 1]}; }
        ld_row_operations_t operations;
        if (ld_immediate_rows(workspace, (size_t)rowCount, deletedRows, deleted.count, insertedRows, inserted.count, pairs,
                              moved.count, reloadedRows, reloaded.count, NULL, &operations) != LD_OK) {
            return NO;
        }
        for (size_t k = 0; k < operations.count; k++) { perform(&operations.operations[k]); }
        performed = YES;
    } @finally {
        if (workspace != NULL) { (void)ld_pool_give(ld_pool_shared(), workspace); }
        free(rows);
        free(pairs);
    }
    return performed;
}

#endif
