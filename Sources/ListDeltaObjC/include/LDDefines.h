#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>

/* What Apple's Foundation defines and GNUstep's lacks or defines empty. */
#ifndef NS_SWIFT_NAME
#define NS_SWIFT_NAME(name)
#endif
#ifndef FOUNDATION_EXTERN
#ifdef __cplusplus
#define FOUNDATION_EXTERN extern "C"
#else
#define FOUNDATION_EXTERN extern
#endif
#endif
#ifndef NS_NOESCAPE
#define NS_NOESCAPE __attribute__((noescape))
#endif
/* NS_UNAVAILABLE, enforced on every platform. */
#define LD_UNAVAILABLE __attribute__((unavailable))

#endif
