#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"

/* A block the callee calls only before it returns (the glue's setData); GNUstep lacks it. */
#ifndef NS_NOESCAPE
#define NS_NOESCAPE __attribute__((noescape))
#endif

NS_ASSUME_NONNULL_BEGIN

/** How a staged reload brought a view to its final data. */
typedef NS_ENUM(NSInteger, LDReloadOutcomeKind) {
    /** The stages were animated, one batch update each. */
    LDReloadOutcomeKindAnimated = 0,
    /** The view was given its final data with @c -reloadData, for a @c LDReloadReason. */
    LDReloadOutcomeKindReloaded = 1,
} NS_SWIFT_NAME(ListReloadOutcomeKind);

/** Why a reload replaced the animated batches. */
typedef NS_ENUM(NSInteger, LDReloadReason) {
    /** No reload: the stages were animated. */
    LDReloadReasonNone = 0,
    /** The view was not in a window, where UIKit does not animate. */
    LDReloadReasonNotInWindow = 1,
    /** The @c interrupt block asked for a reload. */
    LDReloadReasonInterrupted = 2,
    /** The counts the view showed differed from those a stage starts from: its data changed
     behind the diff's back (the mismatch says where). */
    LDReloadReasonViewOutOfSync = 3,
} NS_SWIFT_NAME(ListReloadReason);

/**
 How a staged reload (@c -ld_reloadUsingStagedChangeset:… on a table or collection view) brought
 the view to its final data: animated, and whether the last animation finished, or reloaded,
 and why. An immutable value; the Swift layer's @c ReloadOutcome.
 */
NS_SWIFT_NAME(ListReloadOutcome)
@interface LDReloadOutcome : NSObject <NSCopying> {
  @private
    LDReloadOutcomeKind _kind;
    BOOL _finished;
    LDReloadReason _reason;
    NSInteger _mismatchSection;
    NSInteger _expectedCount;
    NSInteger _actualCount;
}

/** Animated or reloaded. */
@property (nonatomic, assign, readonly) LDReloadOutcomeKind kind;

/** For an animated outcome, whether the last batch's animations ran to the end; YES for a
 reload. */
@property (nonatomic, assign, readonly, getter=isFinished) BOOL finished;

/** Why the view was reloaded; @c LDReloadReasonNone when animated. */
@property (nonatomic, assign, readonly) LDReloadReason reason;

/** For @c LDReloadReasonViewOutOfSync, the section whose element count differed, or
 @c NSNotFound when the number of sections did; @c NSNotFound otherwise. */
@property (nonatomic, assign, readonly) NSInteger mismatchSection;

/** For @c LDReloadReasonViewOutOfSync, the count the stage starts from; 0 otherwise. */
@property (nonatomic, assign, readonly) NSInteger expectedCount;

/** For @c LDReloadReasonViewOutOfSync, the count the view showed; 0 otherwise. */
@property (nonatomic, assign, readonly) NSInteger actualCount;

/** The stages were animated; @c finished is NO when the view cut the last animation short. */
+ (instancetype)animatedOutcomeWithFinished:(BOOL)finished NS_SWIFT_NAME(animated(finished:));

/** The view was reloaded for @c reason, @c LDReloadReasonNotInWindow or
 @c LDReloadReasonInterrupted (raises @c NSInvalidArgumentException for another reason). */
+ (instancetype)reloadedOutcomeWithReason:(LDReloadReason)reason NS_SWIFT_NAME(reloaded(reason:));

/** The view was reloaded because @c section (@c NSNotFound: the number of sections) showed
 @c actualCount where the stage starts from @c expectedCount. */
+ (instancetype)outOfSyncOutcomeWithSection:(NSInteger)section
                              expectedCount:(NSInteger)expectedCount
                                actualCount:(NSInteger)actualCount
    NS_SWIFT_NAME(outOfSync(section:expectedCount:actualCount:));

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
