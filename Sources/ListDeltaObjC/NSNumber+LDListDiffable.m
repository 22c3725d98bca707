#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "NSNumber+LDListDiffable.h"

@implementation NSNumber (LDListDiffable)

- (id<NSObject>)diffIdentifier {
    return self;
}

- (BOOL)isEqualToDiffableObject:(id<LDListDiffable>)object {
    return [self isEqual:object];
}

@end

#endif
