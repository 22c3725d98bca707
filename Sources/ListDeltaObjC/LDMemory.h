/*
 * Memory management for one source that compiles with ARC (Apple platforms, SwiftPM's default
 * for Objective-C targets) and with manual retain/release (GNUstep on Linux). Private.
 */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>
#include <Block.h>

#if __has_feature(objc_arc)
#define LD_RETAIN(object) (object)
#define LD_RELEASE(object) ((void)0)
#define LD_AUTORELEASE(object) (object)
#define LD_SUPER_DEALLOC() ((void)0)
/* A retained object kept as a C pointer (in a C array), and back. */
#define LD_RETAINED_POINTER(object) ((__bridge_retained const void *)(object))
#define LD_RELEASE_POINTER(pointer) ((void)(__bridge_transfer id)(pointer))
#define LD_OBJECT(pointer) ((__bridge id)(pointer))
#define LD_BLOCK_COPY(block) [(block) copy]
#define LD_BLOCK_RELEASE(block) ((void)0)
#else
#define LD_RETAIN(object) [(id)(object) retain]
#define LD_RELEASE(object) [(id)(object) release]
#define LD_AUTORELEASE(object) [(object) autorelease]
#define LD_SUPER_DEALLOC() [super dealloc]
#define LD_RETAINED_POINTER(object) ((const void *)[(object) retain])
#define LD_RELEASE_POINTER(pointer) [(id)(pointer) release]
#define LD_OBJECT(pointer) ((id)(pointer))
/* Blocks through the blocks runtime's C API: with GNUstep on gcc's libobjc, blocks are not
   objects, and a copied block does not retain the objects it captures (retain those by hand). */
#define LD_BLOCK_COPY(block) Block_copy(block)
#define LD_BLOCK_RELEASE(block) Block_release(block)
#endif

#endif
