#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"

NS_ASSUME_NONNULL_BEGIN

/**
 An object a diff can follow: its identity, which stays the same while its content changes, and
 a comparison of content. IGListKit's `IGListDiffable`, under ListDelta's prefix.
 */
NS_SWIFT_NAME(ListDiffable)
@protocol LDListDiffable

/**
 The object's identity. Two objects are the same element, in two versions, when their
 identifiers are equal by `-isEqual:` (and so have equal `-hash`). Never nil.
 */
- (nonnull id<NSObject>)diffIdentifier;

/**
 Whether the object shows the same content as @c object, an object of the same identity.
 */
- (BOOL)isEqualToDiffableObject:(nullable id<LDListDiffable>)object;

@end

NS_ASSUME_NONNULL_END

#endif
