#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "UICollectionView+LDStagedChangeset.h"
#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)

#include <math.h>

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
    [self ld_reloadUsingStagedChangeset:stagedChangeset
                              interrupt:interrupt
                   reconfiguringUpdates:reconfiguringUpdates
                              anchoring:LDScrollAnchorNone
                             completion:completion
                                setData:setData];
}

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                            anchoring:(LDScrollAnchor)anchor
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    UICollectionView *collectionView = self;
    UICollectionViewLayout *layout = collectionView.collectionViewLayout;
    UICollectionViewScrollDirection direction = UICollectionViewScrollDirectionVertical;
    if ([layout isKindOfClass:[UICollectionViewFlowLayout class]]) {
        direction = ((UICollectionViewFlowLayout *)layout).scrollDirection;
    } else if ([layout isKindOfClass:[UICollectionViewCompositionalLayout class]]) {
        direction = ((UICollectionViewCompositionalLayout *)layout).configuration.scrollDirection;
    }
    BOOL vertical = direction == UICollectionViewScrollDirectionVertical;
    LDScrollAnchoringView anchoring = {
        .viewport = ^ld_viewport_t {
            return LDUIKitViewport(collectionView, vertical);
        },
        .userIsScrolling = ^BOOL {
            return LDUIKitUserIsScrolling(collectionView);
        },
        .visiblePaths = ^NSArray<NSIndexPath *> * {
            return collectionView.indexPathsForVisibleItems;
        },
        .leadingEdge = ^double(NSIndexPath *path) {
            NSInteger section = (NSInteger)[path indexAtPosition:0], item = (NSInteger)[path indexAtPosition:1];
            if (section >= collectionView.numberOfSections || item >= [collectionView numberOfItemsInSection:section]) {
                return NAN;
            }
            UICollectionViewLayoutAttributes *attributes = [collectionView layoutAttributesForItemAtIndexPath:path];
            if (attributes == nil) return NAN;
            return vertical ? CGRectGetMinY(attributes.frame) : CGRectGetMinX(attributes.frame);
        },
        .layoutIfNeeded = ^{
            [collectionView layoutIfNeeded];
        },
        .setOffset = ^(double offset) {
            LDUIKitSetOffset(collectionView, vertical, offset);
        },
    };
    LDStagedReloadCollectionView(
        collectionView, collectionView.window != nil, stagedChangeset, anchor, &anchoring,
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
