#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "UICollectionView+LDStagedChangeset.h"
#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)

#import "LDStagedReload.h"

@interface UICollectionView () <LDCollectionView>
@end

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
    LDStagedReloadCollectionView(
        collectionView, collectionView.window != nil, stagedChangeset,
        ^(void (^updates)(void), void (^batchCompletion)(BOOL)) {
            /* UIKit runs updates before performBatchUpdates returns. */
            [collectionView performBatchUpdates:updates completion:batchCompletion];
        },
        ^(ld_operation_kind kind, NSArray<NSIndexPath *> *paths) {
            if (kind == LD_ELEMENTS_DELETED) { [collectionView deleteItemsAtIndexPaths:paths]; }
            if (kind == LD_ELEMENTS_INSERTED) { [collectionView insertItemsAtIndexPaths:paths]; }
            if (kind != LD_ELEMENTS_RELOADED) { return; }
            if (reconfiguringUpdates) {
                if (@available(iOS 15.0, tvOS 15.0, *)) {
                    [collectionView reconfigureItemsAtIndexPaths:paths];
                    return;
                }
            }
            [collectionView reloadItemsAtIndexPaths:paths];
        },
        interrupt, completion, setData);
}

@end

#endif
#endif
