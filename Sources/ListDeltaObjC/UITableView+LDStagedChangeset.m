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
    /* UIKit's order, as the Swift layer's BatchUpdateTarget.perform(_:reconfiguringUpdates:). */
    target.performOperations = ^(LDChangeset *changeset) {
        if (changeset.sectionDeleted.count > 0) {
            [tableView deleteSections:changeset.sectionDeleted withRowAnimation:deleteSectionsAnimation];
        }
        if (changeset.sectionInserted.count > 0) {
            [tableView insertSections:changeset.sectionInserted withRowAnimation:insertSectionsAnimation];
        }
        if (changeset.sectionUpdated.count > 0) {
            [tableView reloadSections:changeset.sectionUpdated withRowAnimation:reloadSectionsAnimation];
        }
        for (LDListMoveIndex *move in changeset.sectionMoved) { [tableView moveSection:move.from toSection:move.to]; }
        if (changeset.elementDeleted.count > 0) {
            [tableView deleteRowsAtIndexPaths:changeset.elementDeleted withRowAnimation:deleteRowsAnimation];
        }
        if (changeset.elementInserted.count > 0) {
            [tableView insertRowsAtIndexPaths:changeset.elementInserted withRowAnimation:insertRowsAnimation];
        }
        if (changeset.elementUpdated.count > 0) {
            if (!reconfiguringUpdates) {
                [tableView reloadRowsAtIndexPaths:changeset.elementUpdated withRowAnimation:reloadRowsAnimation];
            } else {
                if (@available(iOS 15.0, tvOS 15.0, *)) {
                    [tableView reconfigureRowsAtIndexPaths:changeset.elementUpdated];
                } else {
                    [tableView reloadRowsAtIndexPaths:changeset.elementUpdated withRowAnimation:reloadRowsAnimation];
                }
            }
        }
        for (LDListMoveIndexPath *move in changeset.elementMoved) {
            [tableView moveRowAtIndexPath:move.from toIndexPath:move.to];
        }
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
