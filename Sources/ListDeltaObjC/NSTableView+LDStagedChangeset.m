#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "NSTableView+LDStagedChangeset.h"
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)

#import "LDImmediateRows.h"
#import "LDStagedReload.h"

@implementation NSTableView (LDStagedChangeset)

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                  deleteRowsAnimation:(NSTableViewAnimationOptions)deleteRowsAnimation
                  insertRowsAnimation:(NSTableViewAnimationOptions)insertRowsAnimation
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
    LDStagedReload(stagedChangeset, target, interrupt, completion, setData);
}

@end

#endif
#endif
