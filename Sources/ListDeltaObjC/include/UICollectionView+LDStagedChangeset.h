#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"
#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)
#import <UIKit/UIKit.h>

#import "LDChangeset.h"
#import "LDReloadOutcome.h"
#import "LDStagedChangeset.h"
#import "LDScrollAnchor.h"

NS_ASSUME_NONNULL_BEGIN

/**
 Staged changesets animated on a collection view, as DifferenceKit's @c reload(using:…) and the
 Swift layer's @c UICollectionView.reload(using:…) do.
 */
@interface UICollectionView (LDStagedChangeset)

/**
 Animates the stages of @c stagedChangeset, one @c performBatchUpdates:completion: each,
 setting each stage's data inside its batch so that the collection view and its data source
 never disagree. See
 @c -[UITableView ld_reloadUsingStagedChangeset:withRowAnimation:interrupt:completion:setData:]
 for the reloads that replace the batches (empty changeset, not in a window, @c interrupt, a
 view out of step with the diff) and for @c completion, called exactly once.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:interrupt:completion:setData:));

/**
 As @c -ld_reloadUsingStagedChangeset:interrupt:completion:setData:; with
 @c reconfiguringUpdates, updated items are reconfigured in their cells
 (@c reconfigureItemsAtIndexPaths:, iOS and tvOS 15; reloaded before) instead of reloaded.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:interrupt:reconfiguringUpdates:completion:setData:));

/**
 As @c -ld_reloadUsingStagedChangeset:interrupt:reconfiguringUpdates:completion:setData:, keeping
 in place what @c anchor says, along the layout's scroll direction (a flow or compositional
 layout's; vertical for any other).
 With an @c anchor other than @c LDScrollAnchorNone, each stage's batch keeps in place what
 it says (see @c LDScrollAnchor): the rows on screen are read before the batch, and the content
 offset is set once the view has laid it out, unless the user is scrolling.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                            anchoring:(LDScrollAnchor)anchor
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:interrupt:reconfiguringUpdates:anchoring:completion:setData:));

@end

NS_ASSUME_NONNULL_END

#endif
#endif
