#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "NSTableView+LDStagedChangeset.h"
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)

#include <math.h>

#import "LDCore.h"
#import "LDImmediateRows.h"
#import "LDStagedReload.h"

@implementation NSTableView (LDStagedChangeset)

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                  deleteRowsAnimation:(NSTableViewAnimationOptions)deleteRowsAnimation
                  insertRowsAnimation:(NSTableViewAnimationOptions)insertRowsAnimation
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    [self ld_reloadUsingStagedChangeset:stagedChangeset
                    deleteRowsAnimation:deleteRowsAnimation
                    insertRowsAnimation:insertRowsAnimation
                              anchoring:LDScrollAnchorNone
                              interrupt:interrupt
                             completion:completion
                                setData:setData];
}

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                  deleteRowsAnimation:(NSTableViewAnimationOptions)deleteRowsAnimation
                  insertRowsAnimation:(NSTableViewAnimationOptions)insertRowsAnimation
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    NSTableView *tableView = self;
    LDBatchUpdateTarget target;
    target.canPerformBatchUpdates = tableView.window != nil;
    /* A table view's rows are one section. */
    target.numberOfSections = ^NSInteger {
        return 1;
    };
    target.numberOfElementsInSection = ^NSInteger(NSInteger section) {
        return tableView.numberOfRows;
    };
    target.reloadData = ^{
        [tableView reloadData];
    };
    target.performBatch = ^(void (^updates)(void), void (^batchCompletion)(BOOL)) {
        [NSAnimationContext
            runAnimationGroup:^(NSAnimationContext *context) {
                [tableView beginUpdates];
                updates();
                [tableView endUpdates];
            }
            completionHandler:^{
                if (batchCompletion != nil) { batchCompletion(YES); }
            }];
    };
    target.performOperations = ^(LDChangeset *changeset) {
        NSIndexSet *columns = [NSIndexSet indexSetWithIndexesInRange:NSMakeRange(0, (NSUInteger)tableView.numberOfColumns)];
        BOOL translated = LDPerformImmediateRows(changeset, tableView.numberOfRows, ^(const ld_row_operation_t *operation) {
            switch (operation->kind) {
            case LD_ROWS_RELOAD:
            case LD_ROWS_REMOVE: {
                NSMutableIndexSet *rows = [NSMutableIndexSet indexSet];
                for (size_t k = 0; k < operation->count; k++) { [rows addIndex:(NSUInteger)operation->rows[k]]; }
                if (operation->kind == LD_ROWS_RELOAD) {
                    [tableView reloadDataForRowIndexes:rows columnIndexes:columns];
                } else {
                    [tableView removeRowsAtIndexes:rows withAnimation:deleteRowsAnimation];
                }
                break;
            }
            case LD_ROWS_INSERT:
                [tableView insertRowsAtIndexes:[NSIndexSet indexSetWithIndexesInRange:NSMakeRange((NSUInteger)operation->first,
                                                                                                  operation->count)]
                                 withAnimation:insertRowsAnimation];
                break;
            case LD_ROW_MOVE:
                [tableView moveRowAtIndex:operation->first toIndex:operation->to];
                break;
            }
        });
        if (!translated) { [tableView reloadData]; }
    };
    /* A table view's rows are section 0 of the batches; outside a scroll view, nothing anchors. */
    LDScrollAnchoringView anchoring = {
        .viewport = ^ld_viewport_t {
            return LDAppKitViewport(tableView, YES);
        },
        .userIsScrolling = ^BOOL {
            return LDAppKitUserIsScrolling(tableView);
        },
        .visiblePaths = ^NSArray<NSIndexPath *> * {
            NSRange rows = [tableView rowsInRect:tableView.visibleRect];
            NSMutableArray<NSIndexPath *> *paths = [NSMutableArray arrayWithCapacity:rows.length];
            for (NSUInteger row = rows.location; row < NSMaxRange(rows); row++) {
                [paths addObject:LDIndexPath(0, (NSInteger)row)];
            }
            return paths;
        },
        .leadingEdge = ^double(NSIndexPath *path) {
            NSInteger row = (NSInteger)[path indexAtPosition:1];
            if ([path indexAtPosition:0] != 0 || row >= tableView.numberOfRows) return NAN;
            return NSMinY([tableView rectOfRow:row]);
        },
        .layoutIfNeeded = ^{
            [tableView layoutSubtreeIfNeeded];
        },
        .setOffset = ^(double offset) {
            LDAppKitSetOffset(tableView, YES, offset);
        },
    };
    LDStagedReload(stagedChangeset, target, anchor, tableView.enclosingScrollView != nil ? &anchoring : NULL, interrupt,
                   completion, setData);
}

@end

#endif
#endif
