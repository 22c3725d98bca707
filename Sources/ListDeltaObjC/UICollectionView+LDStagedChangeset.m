#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "UICollectionView+LDStagedChangeset.h"
#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)

#import "LDStagedReload.h"

@implementation UICollectionView (LDStagedChangeset)

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    [self ld_reloadUsingStagedChangeset:stagedChangeset
                              interrupt:interrupt
                   reconfiguringUpdates:NO
                             completion:completion
                                setData:setData];
}

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    UICollectionView *collectionView = self;
    LDBatchUpdateTarget target;
    target.canPerformBatchUpdates = collectionView.window != nil;
    target.numberOfSections = ^NSInteger {
        return collectionView.numberOfSections;
    };
    target.numberOfElementsInSection = ^NSInteger(NSInteger section) {
        return [collectionView numberOfItemsInSection:section];
    };
    target.reloadData = ^{
        [collectionView reloadData];
    };
    target.performBatch = ^(void (^updates)(void), void (^batchCompletion)(BOOL)) {
        /* UIKit runs updates before performBatchUpdates returns. */
        [collectionView performBatchUpdates:updates completion:batchCompletion];
    };
    /* UIKit's order, as the Swift layer's BatchUpdateTarget.perform(_:reconfiguringUpdates:). */
    target.performOperations = ^(LDChangeset *changeset) {
        if (changeset.sectionDeleted.count > 0) { [collectionView deleteSections:changeset.sectionDeleted]; }
        if (changeset.sectionInserted.count > 0) { [collectionView insertSections:changeset.sectionInserted]; }
        if (changeset.sectionUpdated.count > 0) { [collectionView reloadSections:changeset.sectionUpdated]; }
        for (LDListMoveIndex *move in changeset.sectionMoved) { [collectionView moveSection:move.from toSection:move.to]; }
        if (changeset.elementDeleted.count > 0) { [collectionView deleteItemsAtIndexPaths:changeset.elementDeleted]; }
        if (changeset.elementInserted.count > 0) { [collectionView insertItemsAtIndexPaths:changeset.elementInserted]; }
        if (changeset.elementUpdated.count > 0) {
            if (!reconfiguringUpdates) {
                [collectionView reloadItemsAtIndexPaths:changeset.elementUpdated];
            } else {
                if (@available(iOS 15.0, tvOS 15.0, *)) {
                    [collectionView reconfigureItemsAtIndexPaths:changeset.elementUpdated];
                } else {
                    [collectionView reloadItemsAtIndexPaths:changeset.elementUpdated];
                }
            }
        }
        for (LDListMoveIndexPath *move in changeset.elementMoved) {
            [collectionView moveItemAtIndexPath:move.from toIndexPath:move.to];
        }
    };
    LDStagedReload(stagedChangeset, target, interrupt, completion, setData);
}

@end

#endif
#endif
