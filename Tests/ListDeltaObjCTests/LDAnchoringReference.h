/*
 * Test support for scroll anchoring (issue #44): an independent reference for what the glue must
 * do to a stand-in view's offset, computed from the view's layout alone through the SDK's
 * selectors (never through ListDeltaObjC). Before a batch it records the rows on screen, their
 * identities and their leading edges' distances from the visible top; after the batch (and
 * whatever the glue did) it computes from the view's layout then the offset anchoring must
 * produce and the offset UIKit or AppKit would leave by itself.
 *
 * The views: UITableView, UICollectionView (the flow layout's axis), NSTableView and
 * NSCollectionView (the document views of their scroll views; their clip view's bounds origin is
 * the offset, its contentInsets the insets). The visible top is the offset plus the leading
 * adjusted inset (UIKit's adjustedContentInset, AppKit's contentInsets) along the axis.
 */
#import <Foundation/Foundation.h>

#import "LDTestListHost.h"

#if defined(LD_TEST_STANDINS)

NS_ASSUME_NONNULL_BEGIN

/* The modes of the rule (anchoring.md), named apart from the library's LDScrollAnchor. */
typedef NS_ENUM(NSInteger, LDReferenceAnchorMode) {
    /* UIKit's behaviour: the offset kept, clamped to the new content. */
    LDReferenceAnchorModeOff,
    /* The first row on screen (by leading edge) that survives keeps its distance from the
     visible top; if none survives, nothing is adjusted. */
    LDReferenceAnchorModeVisibleContent,
    /* At the bottom (trailing) edge before: at the bottom edge after; elsewhere visible content. */
    LDReferenceAnchorModeBottom,
    /* At the top (leading) edge before: at the top edge after; elsewhere visible content. */
    LDReferenceAnchorModeTop,
};

/* Gives the identity a view shows at an index path ((0, row) for an NSTableView), read from the
 data source: before the batch for the old paths, after it for the new ones. */
typedef id _Nonnull (^LDReferenceIdentifier)(NSIndexPath *indexPath);

@interface LDAnchoringReference : NSObject {
  @private
    id _view;
    LDReferenceIdentifier _identifier;
    NSArray *_visibleIdentifiers;
    NSArray<NSNumber *> *_distances;
    CGPoint _offsetBefore;
    BOOL _atLeadingEdge, _atTrailingEdge;
}
/* Records view's rows on screen now (after a layout pass), before a batch. */
- (instancetype)initWithView:(id)view identifier:(LDReferenceIdentifier)identifier;

/* The identities on screen before the batch, by leading edge, and each one's leading edge minus
 the visible top. */
@property (nonatomic, readonly) NSArray *visibleIdentifiers;
@property (nonatomic, readonly) NSArray<NSNumber *> *distances;
@property (nonatomic, readonly) CGPoint offsetBefore;
@property (nonatomic, readonly) BOOL wasAtLeadingEdge;
@property (nonatomic, readonly) BOOL wasAtTrailingEdge;

/* After the batch, from the view's layout now: the identity that anchors (the first one on
 screen before that the view still shows), or nil. */
- (nullable id)anchorIdentifier;
/* The anchor's leading edge minus the visible top now (NAN without an anchor). */
- (CGFloat)anchorDistanceNow;
/* The offset anchoring in mode must leave, clamped to the content now. */
- (CGPoint)expectedOffsetForMode:(LDReferenceAnchorMode)mode;
/* The offset the view leaves by itself: the one before, clamped to the content now. */
- (CGPoint)keptOffset;
@end

/* The view's scroll offset now: contentOffset, or the clip view's bounds origin. */
FOUNDATION_EXTERN CGPoint LDReferenceOffset(id view);

NS_ASSUME_NONNULL_END

#endif
