#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDScrollAnchoring.h"

#include <math.h>
#include <stdlib.h>

#import "LDCore.h"

_Static_assert(LDScrollAnchorVisibleContent == (NSInteger)LD_SCROLL_ANCHOR_VISIBLE_CONTENT &&
                   LDScrollAnchorTop == (NSInteger)LD_SCROLL_ANCHOR_TOP &&
                   LDScrollAnchorBottom == (NSInteger)LD_SCROLL_ANCHOR_BOTTOM,
               "LDScrollAnchor names the core's ld_scroll_anchor values");

static ld_path_t LDCorePath(NSIndexPath *path) {
    return (ld_path_t){(int32_t)[path indexAtPosition:0], (int32_t)[path indexAtPosition:1]};
}

static int32_t *LDCoreSections(NSIndexSet *sections) {
    int32_t *indices = malloc((sections.count + 1) * sizeof(int32_t));
    __block size_t next = 0;
    [sections enumerateIndexesUsingBlock:^(NSUInteger index, BOOL *stop) {
        (void)stop;
        indices[next++] = (int32_t)index;
    }];
    return indices;
}

static ld_path_t *LDCorePaths(NSArray<NSIndexPath *> *paths) {
    ld_path_t *core = malloc((paths.count + 1) * sizeof(ld_path_t));
    size_t next = 0;
    for (NSIndexPath *path in paths) { core[next++] = LDCorePath(path); }
    return core;
}

/* The plan of @p changeset's batch, read by the core from arrays freed before returning. */
static ld_status LDPlan(ld_workspace_t *workspace, LDScrollAnchor anchor, LDChangeset *changeset,
                        const ld_viewport_t *viewport, const ld_visible_row_t *rows, size_t rowCount,
                        ld_anchor_plan_t *out) {
    ld_pair_t *sectionMoves = malloc((changeset.sectionMoved.count + 1) * sizeof(ld_pair_t));
    ld_path_move_t *elementMoves = malloc((changeset.elementMoved.count + 1) * sizeof(ld_path_move_t));
    int32_t *deleted = LDCoreSections(changeset.sectionDeleted), *inserted = LDCoreSections(changeset.sectionInserted),
            *reloaded = LDCoreSections(changeset.sectionUpdated);
    ld_path_t *elementsDeleted = LDCorePaths(changeset.elementDeleted),
              *elementsInserted = LDCorePaths(changeset.elementInserted),
              *elementsReloaded = LDCorePaths(changeset.elementUpdated);
    size_t next = 0;
    for (LDListMoveIndex *move in changeset.sectionMoved) {
        sectionMoves[next++] = (ld_pair_t){(int32_t)move.from, (int32_t)move.to};
    }
    next = 0;
    for (LDListMoveIndexPath *move in changeset.elementMoved) {
        elementMoves[next++] = (ld_path_move_t){LDCorePath(move.from), LDCorePath(move.to)};
    }
    ld_status status = LD_ERROR_ALLOC;
    if (sectionMoves && elementMoves && deleted && inserted && reloaded && elementsDeleted && elementsInserted &&
        elementsReloaded) {
        ld_batch_t batch = {deleted,          changeset.sectionDeleted.count,  inserted,
                            changeset.sectionInserted.count,                   reloaded,
                            changeset.sectionUpdated.count,                    sectionMoves,
                            changeset.sectionMoved.count,                      elementsDeleted,
                            changeset.elementDeleted.count,                    elementsInserted,
                            changeset.elementInserted.count,                   elementsReloaded,
                            changeset.elementUpdated.count,                    elementMoves,
                            changeset.elementMoved.count};
        status = ld_anchor_plan(workspace, (ld_scroll_anchor)anchor, &batch, viewport, rows, rowCount, out);
    }
    free(sectionMoves), free(elementMoves), free(deleted), free(inserted), free(reloaded);
    free(elementsDeleted), free(elementsInserted), free(elementsReloaded);
    return status;
}

LDAnchorPlan LDPlanAnchor(LDScrollAnchor anchor, LDChangeset *changeset, const LDScrollAnchoringView *view) {
    LDAnchorPlan none = {{.keep = LD_SCROLL_ANCHOR_NONE}};
    if (anchor == LDScrollAnchorNone || view == NULL || view->userIsScrolling()) return none;
    /* The visible paths first: asking them lays the view out, which can change its content size.
       Their order does not matter: the core breaks ties between rows level on screen by index path. */
    NSArray<NSIndexPath *> *paths = view->visiblePaths();
    ld_viewport_t viewport = view->viewport();
    ld_visible_row_t *rows = malloc((paths.count + 1) * sizeof(ld_visible_row_t));
    ld_workspace_t *workspace = LDWorkspaceTake();
    if (rows == NULL || workspace == NULL) {
        free(rows);
        if (workspace) (void)ld_pool_give(ld_pool_shared(), workspace);
        return none;
    }
    size_t count = 0;
    for (NSIndexPath *path in paths) { rows[count++] = (ld_visible_row_t){LDCorePath(path), view->leadingEdge(path)}; }
    LDAnchorPlan plan;
    ld_status status = LDPlan(workspace, anchor, changeset, &viewport, rows, count, &plan.plan);
    (void)ld_pool_give(ld_pool_shared(), workspace);
    free(rows);
    return status == LD_OK ? plan : none;
}

/* The core's callbacks, on the LDScrollAnchoringView their context points to. */
static bool LDUserIsScrolling(void *context) { return ((const LDScrollAnchoringView *)context)->userIsScrolling(); }
static void LDLayout(void *context) { ((const LDScrollAnchoringView *)context)->layoutIfNeeded(); }
static ld_viewport_t LDViewport(void *context) { return ((const LDScrollAnchoringView *)context)->viewport(); }
static bool LDLeadingEdge(void *context, ld_path_t path, double *out) {
    *out = ((const LDScrollAnchoringView *)context)->leadingEdge(LDIndexPath(path.section, path.element));
    return !isnan(*out);
}
static void LDSetOffset(void *context, double offset) { ((const LDScrollAnchoringView *)context)->setOffset(offset); }

void LDCarryOutAnchor(LDAnchorPlan plan, const LDScrollAnchoringView *view) {
    if (view == NULL) return;
    ld_anchor_view_t callbacks = {(void *)view, LDUserIsScrolling, LDLayout, LDViewport, LDLeadingEdge, LDSetOffset};
    (void)ld_anchor_keep(&plan.plan, &callbacks);
}

#if __has_include(<UIKit/UIKit.h>) && !(defined(TARGET_OS_WATCH) && TARGET_OS_WATCH)
#import <UIKit/UIKit.h>

ld_viewport_t LDUIKitViewport(UIScrollView *scrollView, BOOL vertical) {
    UIEdgeInsets insets = scrollView.adjustedContentInset;
    CGPoint offset = scrollView.contentOffset;
    CGSize bounds = scrollView.bounds.size, content = scrollView.contentSize;
    return vertical ? (ld_viewport_t){offset.y, bounds.height, content.height, insets.top, insets.bottom}
                    : (ld_viewport_t){offset.x, bounds.width, content.width, insets.left, insets.right};
}

BOOL LDUIKitUserIsScrolling(UIScrollView *scrollView) {
    return scrollView.tracking || scrollView.dragging || scrollView.decelerating;
}

void LDUIKitSetOffset(UIScrollView *scrollView, BOOL vertical, double offset) {
    CGPoint point = scrollView.contentOffset;
    if (vertical) {
        point.y = (CGFloat)offset;
    } else {
        point.x = (CGFloat)offset;
    }
    scrollView.contentOffset = point;
}
#endif

#if __has_include(<AppKit/AppKit.h>) && !(defined(TARGET_OS_MACCATALYST) && TARGET_OS_MACCATALYST)
#import <AppKit/AppKit.h>

/* The scroll views in a live scroll, by address (AppKit has no property that says so). */
@interface LDLiveScrolls : NSObject {
  @private
    NSMutableSet<NSValue *> *_scrolling;
}
@end

@implementation LDLiveScrolls
+ (LDLiveScrolls *)shared {
    static LDLiveScrolls *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[LDLiveScrolls alloc] init];
    });
    return shared;
}
- (instancetype)init {
    if ((self = [super init])) {
        _scrolling = [[NSMutableSet alloc] init];
        NSNotificationCenter *center = [NSNotificationCenter defaultCenter];
        [center addObserver:self selector:@selector(willStart:) name:NSScrollViewWillStartLiveScrollNotification object:nil];
        [center addObserver:self selector:@selector(didEnd:) name:NSScrollViewDidEndLiveScrollNotification object:nil];
    }
    return self;
}
- (void)willStart:(NSNotification *)notification {
    [_scrolling addObject:[NSValue valueWithPointer:(const void *)notification.object]];
}
- (void)didEnd:(NSNotification *)notification {
    [_scrolling removeObject:[NSValue valueWithPointer:(const void *)notification.object]];
}
- (BOOL)contains:(NSScrollView *)scrollView {
    return [_scrolling containsObject:[NSValue valueWithPointer:(const void *)scrollView]];
}
@end

ld_viewport_t LDAppKitViewport(NSView *document, BOOL vertical) {
    NSScrollView *scrollView = document.enclosingScrollView;
    NSRect bounds = scrollView.contentView.bounds, frame = document.frame;
    NSEdgeInsets insets = scrollView.contentView.contentInsets;
    return vertical ? (ld_viewport_t){bounds.origin.y, bounds.size.height, frame.size.height, insets.top, insets.bottom}
                    : (ld_viewport_t){bounds.origin.x, bounds.size.width, frame.size.width, insets.left, insets.right};
}

BOOL LDAppKitUserIsScrolling(NSView *document) { return [[LDLiveScrolls shared] contains:document.enclosingScrollView]; }

void LDAppKitSetOffset(NSView *document, BOOL vertical, double offset) {
    NSScrollView *scrollView = document.enclosingScrollView;
    NSClipView *clipView = scrollView.contentView;
    NSPoint origin = clipView.bounds.origin;
    if (vertical) {
        origin.y = (CGFloat)offset;
    } else {
        origin.x = (CGFloat)offset;
    }
    [clipView scrollToPoint:origin];
    [scrollView reflectScrolledClipView:clipView];
}
#endif

#endif
