#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>

#import "LDListDiffable.h"

/**
 A number is its own identity; two numbers show the same content when they are equal.
 */
@interface NSNumber (LDListDiffable) <LDListDiffable>
@end

#endif
