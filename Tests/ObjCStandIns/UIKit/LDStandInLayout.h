/*
 * The geometry behind every stand-in list view (Tests/ObjCStandIns): one flow of sections, each a
 * header, its items in lines and a footer, along a scroll axis. UICollectionViewFlowLayout and
 * NSCollectionViewFlowLayout are this flow; UITableView's plain style and NSTableView are the
 * flow of items as wide as the view, one to a line. Stand-in only: not in any SDK.
 */
#import <CoreGraphics/CoreGraphics.h>

#ifndef NS_NOESCAPE
#define NS_NOESCAPE __attribute__((noescape))
#endif

NS_ASSUME_NONNULL_BEGIN

/* A flow's constants: its axis, the view's size, and its spacings and insets (UIKit's and
 AppKit's flow layout properties). Zeroed, a vertical flow of items with no spacing. */
typedef struct {
    BOOL horizontal;
    CGSize viewSize;
    CGFloat minimumLineSpacing;
    CGFloat minimumInteritemSpacing;
    NSEdgeInsets sectionInset;
} LDStandInFlowParameters;

/*
 * The frames of a flow, computed at once. Along the scroll axis, each section is its header (as
 * long as its reference size says along the axis, across the whole view), its top (leading)
 * inset, its lines of items, its bottom (trailing) inset and its footer; an empty section keeps
 * its header, insets and footer. Items fill a line across the view minus the section's insets,
 * minimumInteritemSpacing apart, and a line is as long as its longest item, minimumLineSpacing
 * from the next; as UIKit's flow layout does, a line of several items is justified (the spare
 * room shared between them), a line of one is centred, and each item is centred along the axis
 * in its line.
 */
@interface LDStandInFlowGeometry : NSObject {
  @private
    LDStandInFlowParameters _parameters;
    NSMutableData *_itemFrames;
    NSMutableData *_supplementFrames; /* per section: header, footer */
    NSMutableArray<NSNumber *> *_sectionStarts;
    CGSize _contentSize;
}
- (instancetype)initWithParameters:(LDStandInFlowParameters)parameters
                     sectionCounts:(NSArray<NSNumber *> *)sectionCounts
                          itemSize:(CGSize (^NS_NOESCAPE)(NSInteger section, NSInteger item))itemSize
                    supplementSize:(CGSize (^NS_NOESCAPE)(NSInteger section, BOOL footer))supplementSize;
/* The flow of a flow layout: every header and every footer of one size. */
+ (instancetype)geometryWithParameters:(LDStandInFlowParameters)parameters
                         sectionCounts:(NSArray<NSNumber *> *)sectionCounts
                              itemSize:(CGSize (^NS_NOESCAPE)(NSInteger section, NSInteger item))itemSize
                            headerSize:(CGSize)headerSize
                            footerSize:(CGSize)footerSize;
@property (nonatomic, readonly) CGSize contentSize;
@property (nonatomic, readonly) NSInteger numberOfSections;
- (NSInteger)numberOfItemsInSection:(NSInteger)section;
- (BOOL)hasItemAtIndexPath:(NSIndexPath *)indexPath;
/* CGRectZero for an index path, section or item the flow does not have. */
- (CGRect)frameOfItemAtIndexPath:(NSIndexPath *)indexPath;
- (CGRect)headerFrameInSection:(NSInteger)section;
- (CGRect)footerFrameInSection:(NSInteger)section;
/* From the header's leading edge to the footer's trailing edge, across the view. */
- (CGRect)frameOfSection:(NSInteger)section;
/* The items whose frames share area with rect, in index path order. */
- (NSArray<NSIndexPath *> *)indexPathsOfItemsInRect:(CGRect)rect;
@end

/* The offset a scroll view keeps along an axis when its content changes: offset, clamped to
 [-leadingInset, max(-leadingInset, contentLength + trailingInset - viewLength)]. */
FOUNDATION_EXTERN CGFloat LDStandInClampedOffset(CGFloat offset, CGFloat leadingInset, CGFloat trailingInset,
                                                 CGFloat contentLength, CGFloat viewLength);

/* An index path of a section and an item (row). */
FOUNDATION_EXTERN NSIndexPath *LDStandInIndexPath(NSInteger section, NSInteger item);

NS_ASSUME_NONNULL_END
