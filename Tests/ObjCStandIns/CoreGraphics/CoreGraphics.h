/*
 * A stand-in for the part of CoreGraphics that UIKit and AppKit code uses on Linux: CGPoint,
 * CGSize and CGRect, and the inline functions over them, with the SDK's names. GNUstep's
 * Foundation has CGFloat, NSPoint, NSSize and NSRect; on 64-bit Apple platforms NSRect is
 * CGRect, and so it is here (the CG types are typedefs of GNUstep's NS ones). Not CoreGraphics:
 * no CGRectNull, no affine transforms.
 */
#import <Foundation/Foundation.h>

#ifndef LD_STANDIN_COREGRAPHICS
#define LD_STANDIN_COREGRAPHICS 1

/* Apple's Foundation has it; GNUstep's does not (LDDefines.h defines it alike). */
#ifndef FOUNDATION_EXTERN
#if defined(__cplusplus)
#define FOUNDATION_EXTERN extern "C"
#else
#define FOUNDATION_EXTERN extern
#endif
#endif

typedef NSPoint CGPoint;
typedef NSSize CGSize;
typedef NSRect CGRect;

static const CGPoint CGPointZero __attribute__((unused)) = {0, 0};
static const CGSize CGSizeZero __attribute__((unused)) = {0, 0};
static const CGRect CGRectZero __attribute__((unused)) = {{0, 0}, {0, 0}};

static inline CGPoint CGPointMake(CGFloat x, CGFloat y) {
    CGPoint point = {x, y};
    return point;
}

static inline CGSize CGSizeMake(CGFloat width, CGFloat height) {
    CGSize size = {width, height};
    return size;
}

static inline CGRect CGRectMake(CGFloat x, CGFloat y, CGFloat width, CGFloat height) {
    CGRect rect = {{x, y}, {width, height}};
    return rect;
}

static inline CGFloat CGRectGetMinX(CGRect rect) { return MIN(rect.origin.x, rect.origin.x + rect.size.width); }
static inline CGFloat CGRectGetMaxX(CGRect rect) { return MAX(rect.origin.x, rect.origin.x + rect.size.width); }
static inline CGFloat CGRectGetMidX(CGRect rect) { return rect.origin.x + rect.size.width / 2; }
static inline CGFloat CGRectGetMinY(CGRect rect) { return MIN(rect.origin.y, rect.origin.y + rect.size.height); }
static inline CGFloat CGRectGetMaxY(CGRect rect) { return MAX(rect.origin.y, rect.origin.y + rect.size.height); }
static inline CGFloat CGRectGetMidY(CGRect rect) { return rect.origin.y + rect.size.height / 2; }
static inline CGFloat CGRectGetWidth(CGRect rect) { return rect.size.width < 0 ? -rect.size.width : rect.size.width; }
static inline CGFloat CGRectGetHeight(CGRect rect) { return rect.size.height < 0 ? -rect.size.height : rect.size.height; }

static inline BOOL CGPointEqualToPoint(CGPoint a, CGPoint b) { return a.x == b.x && a.y == b.y; }
static inline BOOL CGSizeEqualToSize(CGSize a, CGSize b) { return a.width == b.width && a.height == b.height; }
static inline BOOL CGRectEqualToRect(CGRect a, CGRect b) {
    return CGPointEqualToPoint(a.origin, b.origin) && CGSizeEqualToSize(a.size, b.size);
}

static inline BOOL CGRectIsEmpty(CGRect rect) { return rect.size.width == 0 || rect.size.height == 0; }

static inline CGRect CGRectOffset(CGRect rect, CGFloat dx, CGFloat dy) {
    return CGRectMake(rect.origin.x + dx, rect.origin.y + dy, rect.size.width, rect.size.height);
}

static inline CGRect CGRectInset(CGRect rect, CGFloat dx, CGFloat dy) {
    return CGRectMake(CGRectGetMinX(rect) + dx, CGRectGetMinY(rect) + dy, CGRectGetWidth(rect) - 2 * dx,
                      CGRectGetHeight(rect) - 2 * dy);
}

static inline BOOL CGRectContainsPoint(CGRect rect, CGPoint point) {
    return point.x >= CGRectGetMinX(rect) && point.x < CGRectGetMaxX(rect) && point.y >= CGRectGetMinY(rect) &&
           point.y < CGRectGetMaxY(rect);
}

/* Whether the rectangles share area: an empty rectangle intersects nothing. */
static inline BOOL CGRectIntersectsRect(CGRect a, CGRect b) {
    return !CGRectIsEmpty(a) && !CGRectIsEmpty(b) && CGRectGetMinX(a) < CGRectGetMaxX(b) &&
           CGRectGetMinX(b) < CGRectGetMaxX(a) && CGRectGetMinY(a) < CGRectGetMaxY(b) && CGRectGetMinY(b) < CGRectGetMaxY(a);
}

/* The shared area, or CGRectZero where there is none (CoreGraphics gives CGRectNull). */
static inline CGRect CGRectIntersection(CGRect a, CGRect b) {
    if (!CGRectIntersectsRect(a, b)) { return CGRectZero; }
    CGFloat minX = MAX(CGRectGetMinX(a), CGRectGetMinX(b)), minY = MAX(CGRectGetMinY(a), CGRectGetMinY(b));
    return CGRectMake(minX, minY, MIN(CGRectGetMaxX(a), CGRectGetMaxX(b)) - minX, MIN(CGRectGetMaxY(a), CGRectGetMaxY(b)) - minY);
}

#endif
