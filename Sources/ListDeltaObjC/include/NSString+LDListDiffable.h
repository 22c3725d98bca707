#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>

#import "LDListDiffable.h"

/**
 A string is its own identity; two strings show the same content when they are equal.
 */
@interface NSString (LDListDiffable) <LDListDiffable>
@end

#endif
