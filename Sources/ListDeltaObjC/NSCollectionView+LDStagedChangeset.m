#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "NSCollectionView+LDStagedChangeset.h"
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)

#include <math.h>

#import "LDStagedReload.h"

@interface NSCollectionView () <LDCollectionView>
@end

@implementation NSCollectionView (LDStagedChangeset)

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    [self ld_reloadUsingStagedChangeset:stagedChangeset
                              anchoring:LDScrollAnchorNone
                              interrupt:interrupt
                             completion:completion
                                setData:setData];
}

- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^)(LDChangeset *))interrupt
                           completion:(void (^)(LDReloadOutcome *))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *))setData {
    NSCollectionView *collectionView = self;
    NSCollectionViewLayout *layout = collectionView.collectionViewLayout;
    BOOL vertical = !([layout isKindOfClass:[NSCollectionViewFlowLayout class]] &&
                      ((NSCollectionViewFlowLayout *)layout).scrollDirection == NSCollectionViewScrollDirectionHorizontal);
    double (^leadingEdge)(NSIndexPath *) = ^double(NSIndexPath *path) {
        NSInteger section = (NSInteger)[path indexAtPosition:0], item = (NSInteger)[path indexAtPosition:1];
        if (section >= collectionView.numberOfSections || item >= [collectionView numberOfItemsInSection:section]) {
            return NAN;
        }
        NSCollectionViewLayoutAttributes *attributes = [collectionView layoutAttributesForItemAtIndexPath:path];
        if (attributes == nil) return NAN;
        return vertical ? NSMinY(attributes.frame) : NSMinX(attributes.frame);
    };
    LDScrollAnchoringView anchoring = {
        .viewport = ^ld_viewport_t {
            return LDAppKitViewport(collectionView, vertical);
        },
        .userIsScrolling = ^BOOL {
            return LDAppKitUserIsScrolling(collectionView);
        },
        .visiblePaths = ^NSArray<NSIndexPath *> * {
            return [collectionView indexPathsForVisibleItems].allObjects;
        },
        .leadingEdge = leadingEdge,
        .layoutIfNeeded = ^{
            [collectionView layoutSubtreeIfNeeded];
        },
        .setOffset = ^(double offset) {
            LDAppKitSetOffset(collectionView, vertical, offset);
        },
    };
    LDStagedReloadCollectionView(
        collectionView, collectionView.window != nil, stagedChangeset, anchor,
        collectionView.enclosingScrollView != nil ? &anchoring : NULL,
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
