#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>

#import "LDDefines.h"

NS_ASSUME_NONNULL_BEGIN

/**
 A move of an element (or a section) from an index in the old list to an index in the new one.
 */
NS_SWIFT_NAME(ListMoveIndex)
@interface LDListMoveIndex : NSObject <NSCopying> {
  @private
    NSInteger _from;
    NSInteger _to;
}

/** The index in the old list. */
@property (nonatomic, assign, readonly) NSInteger from;

/** The index in the new list. */
@property (nonatomic, assign, readonly) NSInteger to;

/** A move from @c from to @c to. */
- (instancetype)initWithFrom:(NSInteger)from to:(NSInteger)to NS_DESIGNATED_INITIALIZER;

/** Orders moves by @c from, then by @c to. */
- (NSComparisonResult)compare:(LDListMoveIndex *)other;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
