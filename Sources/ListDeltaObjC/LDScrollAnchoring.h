/* Scroll anchoring for the glue: a view's geometry as blocks, the core's plan around each batch. Private. */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import <Foundation/Foundation.h>

#include "CListDelta.h"
#import "LDChangeset.h"
#import "LDScrollAnchor.h"

NS_ASSUME_NONNULL_BEGIN

/*
 * A scrolling list view as anchoring sees it, the Swift layer's ScrollAnchoringView: it reports
 * its geometry along its scroll axis and its rows' leading edges, and takes an offset. The rule
 * is the core's (ld_anchor_plan, ld_anchor_offset).
 */
typedef struct LDScrollAnchoringView {
    /* The view along its scroll axis now. */
    ld_viewport_t (^viewport)(void);
    /* Whether the user touches, drags or decelerates it. */
    BOOL (^userIsScrolling)(void);
    /* The index paths on screen, in any order. */
    NSArray<NSIndexPath *> *(^visiblePaths)(void);
    /* The leading edge of the laid-out row at a path; NAN when there is none. */
    double (^leadingEdge)(NSIndexPath *path);
    /* Lays the view out now. */
    void (^layoutIfNeeded)(void);
    /* Scrolls to an offset along the axis, without stopping a deceleration. */
    void (^setOffset)(double offset);
} LDScrollAnchoringView;

/* What one batch keeps in place; keep is LD_SCROLL_ANCHOR_NONE when nothing is. */
typedef struct LDAnchorPlan {
    ld_anchor_plan_t plan;
} LDAnchorPlan;

/* The plan of @p anchor for @p changeset's batch on @p view (NULL: none), read before it. */
LDAnchorPlan LDPlanAnchor(LDScrollAnchor anchor, LDChangeset *changeset, const LDScrollAnchoringView *_Nullable view);

/* Sets the offset that keeps @p plan once the view has performed the batch, through the core's
 * ld_anchor_keep (unless the user is scrolling by then). */
void LDCarryOutAnchor(LDAnchorPlan plan, const LDScrollAnchoringView *_Nullable view);

#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)
@class UIScrollView;
/* A UIKit scroll view along one axis: its offset, bounds, content size and adjusted insets. */
ld_viewport_t LDUIKitViewport(UIScrollView *scrollView, BOOL vertical);
/* Whether it tracks a touch, drags or decelerates. */
BOOL LDUIKitUserIsScrolling(UIScrollView *scrollView);
/* Sets its offset along one axis through the contentOffset setter, which leaves a deceleration running. */
void LDUIKitSetOffset(UIScrollView *scrollView, BOOL vertical, double offset);
#endif
#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)
@class NSView;
/* A document view in its scroll view (which it must have) along one axis: the clip view's
 * bounds origin, length and content insets, and the document's length. */
ld_viewport_t LDAppKitViewport(NSView *document, BOOL vertical);
/* Whether its scroll view is in a live scroll: between AppKit's will-start and did-end
 * live-scroll notifications, listened to from the first call on. */
BOOL LDAppKitUserIsScrolling(NSView *document);
/* Scrolls its clip view along one axis and tells the scroll view. */
void LDAppKitSetOffset(NSView *document, BOOL vertical, double offset);
#endif

NS_ASSUME_NONNULL_END

#endif
