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
        ^(ld_operation_kind kind, NSArray<NSIndexPath *> *paths) {
            /* AppKit takes the index paths of items as sets. */
            NSSet<NSIndexPath *> *items = [NSSet setWithArray:paths];
            if (kind == LD_ELEMENTS_DELETED) { [collectionView deleteItemsAtIndexPaths:items]; }
            if (kind == LD_ELEMENTS_INSERTED) { [collectionView insertItemsAtIndexPaths:items]; }
            if (kind == LD_ELEMENTS_RELOADED) { [collectionView reloadItemsAtIndexPaths:items]; }
        },
        interrupt, completion, setData);
}

@end

#endif
#endif
