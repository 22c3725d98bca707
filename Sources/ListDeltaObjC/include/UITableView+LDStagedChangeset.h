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
 Staged changesets animated on a table view, as DifferenceKit's @c reload(using:with:…) and the
 Swift layer's @c UITableView.reload(using:…) do.
 */
@interface UITableView (LDStagedChangeset)

/**
 Animates the stages of @c stagedChangeset, one @c performBatchUpdates:completion: each, with
 @c animation for every operation, setting each stage's data inside its batch so that the table
 view and its data source never disagree.

 An empty staged changeset calls @c completion at once (animated, finished). A table view that
 is not in a window gets the final data and @c -reloadData. Before each stage, @c interrupt (if
 given) may ask for the same reload, and the counts the table view shows are compared with
 those the stage starts from: when they differ, the data changed behind the diff's back and
 the batch would raise @c NSInternalInconsistencyException, so the table view is reloaded
 instead, and the outcome names the mismatch.

 @param stagedChangeset the stages to perform.
 @param animation the animation of every section and row operation.
 @param interrupt asked before each stage; YES sets the final data and reloads instead.
 @param completion called once: after the last stage's animations ended, or right after a
        reload, with how the table view got its final data.
 @param setData installs a stage's data (@c -[LDChangeset data]) in the data source.
 @note O(sections) per stage for the comparison, besides the batches.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                     withRowAnimation:(UITableViewRowAnimation)animation
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:with:interrupt:completion:setData:));

/**
 As @c -ld_reloadUsingStagedChangeset:withRowAnimation:interrupt:completion:setData:, with an
 animation for each kind of operation; with @c reconfiguringUpdates, updated rows are
 reconfigured in their cells (@c reconfigureRowsAtIndexPaths:, iOS and tvOS 15) instead of
 reloaded.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
              deleteSectionsAnimation:(UITableViewRowAnimation)deleteSectionsAnimation
              insertSectionsAnimation:(UITableViewRowAnimation)insertSectionsAnimation
              reloadSectionsAnimation:(UITableViewRowAnimation)reloadSectionsAnimation
                  deleteRowsAnimation:(UITableViewRowAnimation)deleteRowsAnimation
                  insertRowsAnimation:(UITableViewRowAnimation)insertRowsAnimation
                  reloadRowsAnimation:(UITableViewRowAnimation)reloadRowsAnimation
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:deleteSectionsAnimation:insertSectionsAnimation:reloadSectionsAnimation:deleteRowsAnimation:insertRowsAnimation:reloadRowsAnimation:reconfiguringUpdates:interrupt:completion:setData:));

/**
 As @c -ld_reloadUsingStagedChangeset:withRowAnimation:interrupt:completion:setData:, keeping
 in place what @c anchor says.
 With an @c anchor other than @c LDScrollAnchorNone, each stage's batch keeps in place what
 it says (see @c LDScrollAnchor): the rows on screen are read before the batch, and the content
 offset is set once the view has laid it out, unless the user is scrolling.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                     withRowAnimation:(UITableViewRowAnimation)animation
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:with:anchoring:interrupt:completion:setData:));

/**
 As the method above with an animation for each kind of operation, keeping in place what
 @c anchor says.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
              deleteSectionsAnimation:(UITableViewRowAnimation)deleteSectionsAnimation
              insertSectionsAnimation:(UITableViewRowAnimation)insertSectionsAnimation
              reloadSectionsAnimation:(UITableViewRowAnimation)reloadSectionsAnimation
                  deleteRowsAnimation:(UITableViewRowAnimation)deleteRowsAnimation
                  insertRowsAnimation:(UITableViewRowAnimation)insertRowsAnimation
                  reloadRowsAnimation:(UITableViewRowAnimation)reloadRowsAnimation
                 reconfiguringUpdates:(BOOL)reconfiguringUpdates
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:deleteSectionsAnimation:insertSectionsAnimation:reloadSectionsAnimation:deleteRowsAnimation:insertRowsAnimation:reloadRowsAnimation:reconfiguringUpdates:anchoring:interrupt:completion:setData:));

@end

NS_ASSUME_NONNULL_END

#endif
#endif
