#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"

NS_ASSUME_NONNULL_BEGIN

/** The domain of ListDelta's errors. */
FOUNDATION_EXTERN NSString *const LDErrorDomain;

/** Why a diff gave no result. */
typedef NS_ENUM(NSInteger, LDErrorCode) {
    /** The diff was cancelled before it finished. */
    LDErrorCancelled = 1,
    /** An input was unusable: an identifier was nil, or a section was not an LDArraySection.
     The error's description names the element. */
    LDErrorInvalidInput = 2,
    /** A list (or a section list) held more elements than the core can index (2^30 - 1, LD_MAX_COUNT). */
    LDErrorTooLarge = 3,
    /** The memory for the diff could not be allocated. */
    LDErrorOutOfMemory = 4,
    /** An invariant of ListDelta failed: a bug to report. */
    LDErrorInternal = 5,
} NS_SWIFT_NAME(ListDeltaErrorCode);

NS_ASSUME_NONNULL_END

#endif
