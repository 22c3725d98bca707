#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "NSCollectionView+LDStagedChangeset.h"
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)

#import "LDStagedReload.h"

@interface NSCollectionView () <LDCollectionView>
@end

@implementation NSCollectionView (LDStagedChangeset)

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    NSCollectionView *collectionView = self;
    LDStagedReloadCollectionView(
        collectionView, collectionView.window != nil, stagedChangeset,
        ^(void (^updates)(void), void (^batchCompletion)(BOOL)) {
            /* AppKit runs updates before performBatchUpdates returns. */
            [[collectionView animator] performBatchUpdates:updates completionHandler:batchCompletion];
        },
        ^(LDChangeset *changeset) {
            /* AppKit takes the index paths of items as sets. */
            if (changeset.elementDeleted.count > 0) {
                [collectionView deleteItemsAtIndexPaths:[NSSet setWithArray:changeset.elementDeleted]];
            }
            if (changeset.elementInserted.count > 0) {
                [collectionView insertItemsAtIndexPaths:[NSSet setWithArray:changeset.elementInserted]];
            }
            if (changeset.elementUpdated.count > 0) {
                [collectionView reloadItemsAtIndexPaths:[NSSet setWithArray:changeset.elementUpdated]];
            }
        },
        interrupt, completion, setData);
}

@end

#endif
#endif
