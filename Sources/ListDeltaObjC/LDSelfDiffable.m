#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "NSNumber+LDListDiffable.h"
#import "NSString+LDListDiffable.h"

/* A class whose objects are their own identifiers and compare content with -isEqual:. */
#define LD_SELF_DIFFABLE(Class)                                                              \
    @implementation Class (LDListDiffable)                                                   \
    - (id<NSObject>)diffIdentifier { return self; }                                          \
    - (BOOL)isEqualToDiffableObject:(id<LDListDiffable>)object { return [self isEqual:object]; } \
    @end

LD_SELF_DIFFABLE(NSNumber)
LD_SELF_DIFFABLE(NSString)

#endif
