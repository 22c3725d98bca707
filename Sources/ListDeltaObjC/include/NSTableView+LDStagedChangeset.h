#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)
#import <AppKit/AppKit.h>

#import "LDChangeset.h"
#import "LDReloadOutcome.h"
#import "LDStagedChangeset.h"
#import "LDScrollAnchor.h"

NS_ASSUME_NONNULL_BEGIN

/**
 Staged changesets of a flat list animated on AppKit's table view, as the Swift layer's
 @c NSTableView.reload(using:…) does. NSTableView has no batch index spaces: between
 @c beginUpdates and @c endUpdates each call acts at once on the rows as they stand. So each
 stage is translated (by ListDelta's C core, the rule the Swift glue uses too): reloads first,
 then one removal of the deleted rows, then each inserted or moved row put right after the row
 that precedes it in the target; a row that stays never moves. A stage with section operations
 (a table view has no sections) is replaced by @c reloadData.
 */
@interface NSTableView (LDStagedChangeset)

/**
 Animates the stages of @c stagedChangeset, each between @c beginUpdates and @c endUpdates in an
 animation group, setting each stage's data first so that the table and its data source never
 disagree. See @c -[UITableView ld_reloadUsingStagedChangeset:withRowAnimation:interrupt:completion:setData:]
 for the reloads that replace the batches (empty changeset, not in a window, @c interrupt, a
 table out of step with the diff) and for @c completion, called exactly once.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                  deleteRowsAnimation:(NSTableViewAnimationOptions)deleteRowsAnimation
                  insertRowsAnimation:(NSTableViewAnimationOptions)insertRowsAnimation
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:deleteRowsAnimation:insertRowsAnimation:interrupt:completion:setData:));

/**
 As @c -ld_reloadUsingStagedChangeset:deleteRowsAnimation:insertRowsAnimation:interrupt:completion:setData:,
 keeping in place what @c anchor says in the table view's scroll view (outside one, nothing
 anchors); the user scrolls during a live scroll.
 With an @c anchor other than @c LDScrollAnchorNone, each stage's batch keeps in place what
 it says (see @c LDScrollAnchor): the rows on screen are read before the batch, and the content
 offset is set once the view has laid it out, unless the user is scrolling.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                  deleteRowsAnimation:(NSTableViewAnimationOptions)deleteRowsAnimation
                  insertRowsAnimation:(NSTableViewAnimationOptions)insertRowsAnimation
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:deleteRowsAnimation:insertRowsAnimation:anchoring:interrupt:completion:setData:));

@end

NS_ASSUME_NONNULL_END

#endif
#endif
