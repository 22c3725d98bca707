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
 Staged changesets animated on a collection view of AppKit, through its @c animator, as the
 Swift layer's @c NSCollectionView.reload(using:…) does.
 */
@interface NSCollectionView (LDStagedChangeset)

/**
 As @c -[UICollectionView ld_reloadUsingStagedChangeset:interrupt:completion:setData:], with one
 @c performBatchUpdates:completionHandler: of the @c animator for each stage.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:interrupt:completion:setData:));

/**
 As @c -ld_reloadUsingStagedChangeset:interrupt:completion:setData:, keeping in place what
 @c anchor says in the collection view's scroll view (outside one, nothing anchors), along a
 flow layout's scroll direction (vertical for any other layout).
 With an @c anchor other than @c LDScrollAnchorNone, each stage's batch keeps in place what
 it says (see @c LDScrollAnchor): the rows on screen are read before the batch, and the content
 offset is set once the view has laid it out, unless the user is scrolling.
 */
- (void)ld_reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                            anchoring:(LDScrollAnchor)anchor
                            interrupt:(BOOL (^_Nullable)(LDChangeset *changeset))interrupt
                           completion:(void (^_Nullable)(LDReloadOutcome *outcome))completion
                              setData:(void (NS_NOESCAPE ^)(NSArray *data))setData
    NS_SWIFT_NAME(ld_reload(using:anchoring:interrupt:completion:setData:));

@end

NS_ASSUME_NONNULL_END

#endif
#endif
