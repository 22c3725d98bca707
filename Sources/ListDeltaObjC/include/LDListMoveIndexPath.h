#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"

NS_ASSUME_NONNULL_BEGIN

/**
 A move of an element from an index path in the old list to an index path in the new one.
 */
NS_SWIFT_NAME(ListMoveIndexPath)
@interface LDListMoveIndexPath : NSObject <NSCopying> {
  @private
    NSIndexPath *_from;
    NSIndexPath *_to;
}

/** The index path in the old list. */
@property (nonatomic, copy, readonly) NSIndexPath *from;

/** The index path in the new list. */
@property (nonatomic, copy, readonly) NSIndexPath *to;

/** A move from @c from to @c to. */
- (instancetype)initWithFrom:(NSIndexPath *)from to:(NSIndexPath *)to NS_DESIGNATED_INITIALIZER;

/** Orders moves by @c from, then by @c to. */
- (NSComparisonResult)compare:(LDListMoveIndexPath *)other;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
