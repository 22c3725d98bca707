#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "UITableView+LDStagedChangeset.h"
#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)

#include <math.h>

#import "LDStagedReload.h"

@implementation UITableView (LDStagedChangeset)

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                     withRowAnimation:(UITableViewRowAnimation)animation
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    [self ld_reloadUsingStagedChangeset:stagedChangeset
                       withRowAnimation:animation
                              anchoring:LDScrollAnchorNone
                              interrupt:interrupt
                             completion:completion
                                setData:setData];
}

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                     withRowAnimation:(UITableViewRowAnimation)animation
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    [self ld_reloadUsingStagedChangeset:stagedChangeset
                deleteSectionsAnimation:animation
                insertSectionsAnimation:animation
                reloadSectionsAnimation:animation
                    deleteRowsAnimation:animation
                    insertRowsAnimation:animation
                    reloadRowsAnimation:animation
                   reconfiguringUpdates:NO
                              anchoring:anchor
                              interrupt:interrupt
                             completion:completion
                                setData:setData];
}

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
              deleteSectionsAnimation:(UITableViewRowAnimation)deleteSectionsAnimation
              insertSectionsAnimation:(UITableViewRowAnimation)insertSectionsAnimation
              reloadSectionsAnimation:(UITableViewRowAnimation)reloadSectionsAnimation
                  deleteRowsAnimation:(UITableViewRowAnimation)deleteRowsAnimation
                  insertRowsAnimation:(UITableViewRowAnimation)insertRowsAnimation
                  reloadRowsAnimation:(UITableViewRowAnimation)reloadRowsAnimation
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    [self ld_reloadUsingStagedChangeset:stagedChangeset
                deleteSectionsAnimation:deleteSectionsAnimation
                insertSectionsAnimation:insertSectionsAnimation
                reloadSectionsAnimation:reloadSectionsAnimation
                    deleteRowsAnimation:deleteRowsAnimation
                    insertRowsAnimation:insertRowsAnimation
                    reloadRowsAnimation:reloadRowsAnimation
                   reconfiguringUpdates:reconfiguringUpdates
                              anchoring:LDScrollAnchorNone
                              interrupt:interrupt
                             completion:completion
                                setData:setData];
}

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
              deleteSectionsAnimation:(UITableViewRowAnimation)deleteSectionsAnimation
              insertSectionsAnimation:(UITableViewRowAnimation)insertSectionsAnimation
              reloadSectionsAnimation:(UITableViewRowAnimation)reloadSectionsAnimation
                  deleteRowsAnimation:(UITableViewRowAnimation)deleteRowsAnimation
                  insertRowsAnimation:(UITableViewRowAnimation)insertRowsAnimation
                  reloadRowsAnimation:(UITableViewRowAnimation)reloadRowsAnimation
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    UITableView *tableView = self;
    LDBatchUpdateTarget target;
    target.canPerformBatchUpdates = tableView.window != nil;
    target.numberOfSections = ^NSInteger {
        return tableView.numberOfSections;
    };
    target.numberOfElementsInSection = ^NSInteger(NSInteger section) {
        return [tableView numberOfRowsInSection:section];
    };
    target.reloadData = ^{
        [tableView reloadData];
    };
    target.performBatch = ^(void (^updates)(void), void (^batchCompletion)(BOOL)) {
        [tableView performBatchUpdates:updates completion:batchCompletion];
    };
    target.performOperations = ^(LDChangeset *changeset) {
        LDPerformInOrder(changeset, ^(ld_operation_kind kind, id operations) {
            switch (kind) {
            case LD_SECTIONS_DELETED:
                [tableView deleteSections:operations withRowAnimation:deleteSectionsAnimation];
                break;
            case LD_SECTIONS_INSERTED:
                [tableView insertSections:operations withRowAnimation:insertSectionsAnimation];
                break;
            case LD_SECTIONS_RELOADED:
                [tableView reloadSections:operations withRowAnimation:reloadSectionsAnimation];
                break;
            case LD_SECTIONS_MOVED:
                for (LDListMoveIndex *move in operations) { [tableView moveSection:move.from toSection:move.to]; }
                break;
            case LD_ELEMENTS_DELETED: [tableView deleteRowsAtIndexPaths:operations withRowAnimation:deleteRowsAnimation]; break;
            case LD_ELEMENTS_INSERTED: [tableView insertRowsAtIndexPaths:operations withRowAnimation:insertRowsAnimation]; break;
            case LD_ELEMENTS_RELOADED:
                if (reconfiguringUpdates) {
                    if (@available(iOS 15.0, tvOS 15.0, *)) {
                        [tableView reconfigureRowsAtIndexPaths:operations];
                        break;
                    }
                }
                [tableView reloadRowsAtIndexPaths:operations withRowAnimation:reloadRowsAnimation];
                break;
            case LD_ELEMENTS_MOVED:
                for (LDListMoveIndexPath *move in operations) { [tableView moveRowAtIndexPath:move.from toIndexPath:move.to]; }
                break;
            default: break;
            }
        });
    };
    LDScrollAnchoringView anchoring = {
        .viewport = ^ld_viewport_t {
            return LDUIKitViewport(tableView, YES);
        },
        .userIsScrolling = ^BOOL {
            return LDUIKitUserIsScrolling(tableView);
        },
        .visiblePaths = ^NSArray<NSIndexPath *> * {
            return tableView.indexPathsForVisibleRows ?: @[];
        },
        .leadingEdge = ^double(NSIndexPath *path) {
            NSInteger section = (NSInteger)[path indexAtPosition:0], row = (NSInteger)[path indexAtPosition:1];
            if (section >= tableView.numberOfSections || row >= [tableView numberOfRowsInSection:section]) return NAN;
            return CGRectGetMinY([tableView rectForRowAtIndexPath:path]);
        },
        .layoutIfNeeded = ^{
            [tableView layoutIfNeeded];
        },
        .setOffset = ^(double offset) {
            LDUIKitSetOffset(tableView, YES, offset);
        },
    };
    LDStagedReload(stagedChangeset, target, anchor, &anchoring, interrupt, completion, setData);
}

@end

#endif
#endif
