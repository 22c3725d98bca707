#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "NSCollectionView+LDStagedChangeset.h"
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)

#import "LDStagedReload.h"

@implementation NSCollectionView (LDStagedChangeset)

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    NSCollectionView *collectionView = self;
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
        /* AppKit runs updates before performBatchUpdates returns. */
        [[collectionView animator] performBatchUpdates:updates completionHandler:batchCompletion];
    };
    /* UIKit's order, as the Swift layer's BatchUpdateTarget.perform(_:reconfiguringUpdates:). */
    target.performOperations = ^(LDChangeset *changeset) {
        if (changeset.sectionDeleted.count > 0) { [collectionView deleteSections:changeset.sectionDeleted]; }
        if (changeset.sectionInserted.count > 0) { [collectionView insertSections:changeset.sectionInserted]; }
        if (changeset.sectionUpdated.count > 0) { [collectionView reloadSections:changeset.sectionUpdated]; }
        for (LDListMoveIndex *move in changeset.sectionMoved) { [collectionView moveSection:move.from toSection:move.to]; }
        if (changeset.elementDeleted.count > 0) {
            [collectionView deleteItemsAtIndexPaths:[NSSet setWithArray:changeset.elementDeleted]];
        }
        if (changeset.elementInserted.count > 0) {
            [collectionView insertItemsAtIndexPaths:[NSSet setWithArray:changeset.elementInserted]];
        }
        if (changeset.elementUpdated.count > 0) {
            [collectionView reloadItemsAtIndexPaths:[NSSet setWithArray:changeset.elementUpdated]];
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
