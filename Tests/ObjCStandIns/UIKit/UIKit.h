/*
 * A stand-in for UIKit on Linux: the members of UIView, UIWindow, UIScrollView, UITableView and
 * UICollectionView that ListDeltaObjC's glue uses, with the SDK's selectors and types, over a
 * model (LDStandInBatch.h) that checks every batch update as UIKit does and raises
 * NSInternalInconsistencyException for an invalid one, and a layout (LDStandInLayout.h) with
 * UIKit's documented geometry. Not UIKit: no drawing, no cells; each row shows its data
 * source's content object (LDStandInContentSource) from when it was loaded.
 *
 * Stand-in hooks, for what only a device does (a finger, a self-sizing cell), carry the ld_
 * prefix; everything else is the SDK's, get-only where the SDK's is.
 */
#import <CoreGraphics/CoreGraphics.h>
#import <Foundation/Foundation.h>

#import "UIKit/LDStandInBatch.h"
#import "UIKit/LDStandInLayout.h"

#ifndef NS_NOESCAPE
#define NS_NOESCAPE __attribute__((noescape))
#endif

/* Lets code tell the stand-in from the SDK. */
#define LD_STANDIN_UIKIT 1

NS_ASSUME_NONNULL_BEGIN

typedef struct UIEdgeInsets {
    CGFloat top, left, bottom, right;
} UIEdgeInsets;

FOUNDATION_EXTERN const UIEdgeInsets UIEdgeInsetsZero;

static inline UIEdgeInsets UIEdgeInsetsMake(CGFloat top, CGFloat left, CGFloat bottom, CGFloat right) {
    UIEdgeInsets insets = {top, left, bottom, right};
    return insets;
}

typedef struct NSDirectionalEdgeInsets {
    CGFloat top, leading, bottom, trailing;
} NSDirectionalEdgeInsets;

FOUNDATION_EXTERN const NSDirectionalEdgeInsets NSDirectionalEdgeInsetsZero;

static inline NSDirectionalEdgeInsets NSDirectionalEdgeInsetsMake(CGFloat top, CGFloat leading, CGFloat bottom,
                                                                  CGFloat trailing) {
    NSDirectionalEdgeInsets insets = {top, leading, bottom, trailing};
    return insets;
}

static inline BOOL UIEdgeInsetsEqualToEdgeInsets(UIEdgeInsets a, UIEdgeInsets b) {
    return a.top == b.top && a.left == b.left && a.bottom == b.bottom && a.right == b.right;
}

FOUNDATION_EXTERN NSString *NSStringFromCGPoint(CGPoint point);
FOUNDATION_EXTERN NSString *NSStringFromCGSize(CGSize size);
FOUNDATION_EXTERN NSString *NSStringFromCGRect(CGRect rect);
FOUNDATION_EXTERN NSString *NSStringFromUIEdgeInsets(UIEdgeInsets insets);

@interface NSValue (NSValueUIGeometryExtensions)
+ (NSValue *)valueWithCGPoint:(CGPoint)point;
+ (NSValue *)valueWithCGSize:(CGSize)size;
+ (NSValue *)valueWithCGRect:(CGRect)rect;
+ (NSValue *)valueWithUIEdgeInsets:(UIEdgeInsets)insets;
@property (nonatomic, readonly) CGPoint CGPointValue;
@property (nonatomic, readonly) CGSize CGSizeValue;
@property (nonatomic, readonly) CGRect CGRectValue;
@property (nonatomic, readonly) UIEdgeInsets UIEdgeInsetsValue;
@end

@class UIWindow;

/* A view: a frame in its superview, bounds (the origin its content scrolls by, the frame's
 size), and a layout pass (layoutSubviews, run by layoutIfNeeded after setNeedsLayout). */
@interface UIView : NSObject {
  @private
    UIView *_superview; /* unretained, as UIKit's */
    NSMutableArray *_subviews;
    CGRect _frame;
    CGPoint _boundsOrigin;
    UIEdgeInsets _safeAreaInsets;
    BOOL _needsLayout;
}
- (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER;
/* initWithFrame: CGRectZero. */
- (instancetype)init;
@property (nullable, nonatomic, readonly) UIView *superview;
@property (nullable, nonatomic, readonly) UIWindow *window;
/* Setting frame sets bounds' size; setting bounds sets frame's size around its centre. */
@property (nonatomic) CGRect frame;
@property (nonatomic) CGRect bounds;
/* UIKit's is from the window's bars and the screen; the stand-in's from ld_setSafeAreaInsets:. */
@property (nonatomic, readonly) UIEdgeInsets safeAreaInsets;
- (void)addSubview:(UIView *)view;
- (void)removeFromSuperview;
- (void)setNeedsLayout;
/* Runs layoutSubviews if a layout is pending. */
- (void)layoutIfNeeded;
- (void)layoutSubviews;

/* Stand-in only: the safe area a device would give the view (bars, notch). */
- (void)ld_setSafeAreaInsets:(UIEdgeInsets)safeAreaInsets;
@end

@interface UIWindow : UIView
@end

@protocol UIScrollViewDelegate <NSObject>
@end

/*
 * A scroll view: contentOffset is bounds.origin. adjustedContentInset is contentInset plus the
 * safe area on every edge (as with contentInsetAdjustmentBehavior always). Neither offset writer
 * clamps, as in UIKit; the table and collection views keep their offset within their content
 * when it changes (after a reload or a batch update). The contentOffset setter leaves a
 * deceleration running; setContentOffset:animated: stops it (and the stand-in moves at once,
 * animated or not).
 */
@interface UIScrollView : UIView {
  @private
    CGSize _contentSize;
    UIEdgeInsets _contentInset;
    id<UIScrollViewDelegate> _delegate; /* unretained, as UIKit's weak reference */
    BOOL _tracking, _dragging, _decelerating;
    NSUInteger _ld_offsetWriteCount;
}
@property (nonatomic) CGPoint contentOffset;
@property (nonatomic) CGSize contentSize;
@property (nonatomic) UIEdgeInsets contentInset;
@property (nonatomic, readonly) UIEdgeInsets adjustedContentInset;
@property (nullable, nonatomic, assign) id<UIScrollViewDelegate> delegate;
@property (nonatomic, readonly, getter=isTracking) BOOL tracking;
@property (nonatomic, readonly, getter=isDragging) BOOL dragging;
@property (nonatomic, readonly, getter=isDecelerating) BOOL decelerating;
- (void)setContentOffset:(CGPoint)contentOffset animated:(BOOL)animated;

/* Stand-in only: a finger touches the content (tracking); it starts dragging (tracking and
 dragging); it lifts, leaving the content decelerating or not (neither tracking nor dragging);
 the deceleration ends. */
- (void)ld_beginTouch;
- (void)ld_beginDrag;
- (void)ld_endDragDecelerating:(BOOL)decelerating;
- (void)ld_endDeceleration;
/* Stand-in only: how many times code wrote the offset (the contentOffset setter,
 setContentOffset:animated:, the bounds setter); the view's own clamping is not counted. */
@property (nonatomic, readonly) NSUInteger ld_offsetWriteCount;
/* Stand-in only: keeps the offset along the vertical (or horizontal) axis within the content. */
- (void)ld_clampContentOffsetHorizontally:(BOOL)horizontally;
@end

typedef NS_ENUM(NSInteger, UITableViewRowAnimation) {
    UITableViewRowAnimationFade,
    UITableViewRowAnimationRight,
    UITableViewRowAnimationLeft,
    UITableViewRowAnimationTop,
    UITableViewRowAnimationBottom,
    UITableViewRowAnimationNone,
    UITableViewRowAnimationMiddle,
    UITableViewRowAnimationAutomatic = 100
};

typedef NS_ENUM(NSInteger, UITableViewStyle) {
    UITableViewStylePlain,
    UITableViewStyleGrouped,
    UITableViewStyleInsetGrouped
};

/* A height the table view chooses (UIKit's value). */
FOUNDATION_EXTERN const CGFloat UITableViewAutomaticDimension;

@class UITableView;
@class UICollectionView;
@class UICollectionViewLayout;

/* The data source's counts, with the SDK's selectors (cells are not part of the stand-in). */
@protocol UITableViewDataSource <NSObject>
@required
- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section;
@optional
- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView;
@end

@protocol UITableViewDelegate <NSObject, UIScrollViewDelegate>
@optional
- (CGFloat)tableView:(UITableView *)tableView heightForRowAtIndexPath:(NSIndexPath *)indexPath;
- (CGFloat)tableView:(UITableView *)tableView heightForHeaderInSection:(NSInteger)section;
- (CGFloat)tableView:(UITableView *)tableView heightForFooterInSection:(NSInteger)section;
- (CGFloat)tableView:(UITableView *)tableView estimatedHeightForRowAtIndexPath:(NSIndexPath *)indexPath;
@end

@protocol UICollectionViewDataSource <NSObject>
@required
- (NSInteger)collectionView:(UICollectionView *)collectionView numberOfItemsInSection:(NSInteger)section;
@optional
- (NSInteger)numberOfSectionsInCollectionView:(UICollectionView *)collectionView;
@end

@protocol UICollectionViewDelegate <NSObject, UIScrollViewDelegate>
@end

@protocol UICollectionViewDelegateFlowLayout <UICollectionViewDelegate>
@optional
- (CGSize)collectionView:(UICollectionView *)collectionView
                    layout:(UICollectionViewLayout *)collectionViewLayout
    sizeForItemAtIndexPath:(NSIndexPath *)indexPath;
@end

/*
 * A table view, laid out as UIKit's plain style (every style here): each section its header,
 * its rows and its footer, as wide as the view, in one column from y = 0.
 *
 * A row's real height is the delegate's tableView:heightForRowAtIndexPath: if it has one, else
 * rowHeight; UITableViewAutomaticDimension there means self-sizing: the cell's fitting height
 * (ld_fittingHeightForRowAtIndexPath, 44 without it). Heights are estimated when
 * estimatedRowHeight is not 0 or the delegate has tableView:estimatedHeightForRowAtIndexPath:;
 * an estimate of UITableViewAutomaticDimension is rowHeight where every row has it, else 44. An
 * estimated row's height is its estimate until the row is shown (lies in the bounds during a
 * layout pass: layoutIfNeeded, indexPathsForVisibleRows, the end of a reload or batch), then
 * its real height, which it keeps through batch updates (moves too) until it is loaded again
 * (a reload of it, of its section or of the view); without estimates every row has its real
 * height, read again at every layout. Headers and footers are the
 * delegate's heights or sectionHeaderHeight/sectionFooterHeight; UITableViewAutomaticDimension
 * (the default) is 0 here, as for a section without a title.
 *
 * After reloadData and after a batch update (performBatchUpdates:completion: or a lone
 * operation) the view lays itself out at once: the offset is kept, clamped to the new content
 * (LDStandInClampedOffset with the adjusted insets), and the rows then in the bounds are shown.
 */
@interface UITableView : UIScrollView <LDStandInListSource> {
  @private
    id<UITableViewDataSource> _dataSource; /* unretained, as UIKit's weak reference */
    LDStandInList *_ld_list;
    UITableViewStyle _style;
    CGFloat _rowHeight, _estimatedRowHeight, _sectionHeaderHeight, _sectionFooterHeight;
    LDStandInFlowGeometry *_ld_geometry;
    CGFloat (^_ld_fittingHeightForRowAtIndexPath)(NSIndexPath *);
}
- (instancetype)initWithFrame:(CGRect)frame style:(UITableViewStyle)style NS_DESIGNATED_INITIALIZER;
/* Plain style. */
- (instancetype)initWithFrame:(CGRect)frame;
@property (nonatomic, readonly) UITableViewStyle style;
@property (nullable, nonatomic, assign) id<UITableViewDataSource> dataSource;
@property (nullable, nonatomic, assign) id<UITableViewDelegate> delegate;
/* UITableViewAutomaticDimension by default, as in UIKit. */
@property (nonatomic) CGFloat rowHeight;
@property (nonatomic) CGFloat estimatedRowHeight;
@property (nonatomic) CGFloat sectionHeaderHeight;
@property (nonatomic) CGFloat sectionFooterHeight;
@property (nonatomic, readonly) NSInteger numberOfSections;
/* CGRectZero for a section or row the view does not show. */
- (CGRect)rectForSection:(NSInteger)section;
- (CGRect)rectForHeaderInSection:(NSInteger)section;
- (CGRect)rectForFooterInSection:(NSInteger)section;
- (CGRect)rectForRowAtIndexPath:(NSIndexPath *)indexPath;
/* The rows whose frames share area with the bounds, in order, after a layout pass. */
@property (nonatomic, readonly, nullable) NSArray<NSIndexPath *> *indexPathsForVisibleRows;
- (NSInteger)numberOfRowsInSection:(NSInteger)section;
- (void)reloadData;
- (void)performBatchUpdates:(void (NS_NOESCAPE ^_Nullable)(void))updates
                 completion:(void (^_Nullable)(BOOL finished))completion;
- (void)insertSections:(NSIndexSet *)sections withRowAnimation:(UITableViewRowAnimation)animation;
- (void)deleteSections:(NSIndexSet *)sections withRowAnimation:(UITableViewRowAnimation)animation;
- (void)reloadSections:(NSIndexSet *)sections withRowAnimation:(UITableViewRowAnimation)animation;
- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection;
- (void)insertRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation;
- (void)deleteRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation;
- (void)reloadRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation;
- (void)reconfigureRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths;
- (void)moveRowAtIndexPath:(NSIndexPath *)indexPath toIndexPath:(NSIndexPath *)newIndexPath;

/* The stand-in's own: its model, call log and pending completions. */
@property (nonatomic, readonly) LDStandInList *ld_list;
/* Stand-in only: a self-sizing cell's height, as its Auto Layout would give it when the row is
 shown (see rowHeight); nil gives 44. */
@property (nullable, nonatomic, copy) CGFloat (^ld_fittingHeightForRowAtIndexPath)(NSIndexPath *indexPath);
@end

typedef NS_ENUM(NSInteger, UICollectionViewScrollDirection) {
    UICollectionViewScrollDirectionVertical,
    UICollectionViewScrollDirectionHorizontal
};

/* An item's place in a layout (cells only in the stand-in). */
@interface UICollectionViewLayoutAttributes : NSObject {
  @private
    NSIndexPath *_indexPath;
    CGRect _frame;
}
+ (instancetype)layoutAttributesForCellWithIndexPath:(NSIndexPath *)indexPath;
@property (nonatomic, strong) NSIndexPath *indexPath;
@property (nonatomic) CGRect frame;
@property (nonatomic) CGSize size;
@end

/* An abstract layout: the collection view asks it for its content size and its items' places.
 The stand-in's concrete layouts (flow, compositional) give them from the LDStandInFlowGeometry
 their prepareLayout makes; the abstract layout has none (no content, no items). */
@interface UICollectionViewLayout : NSObject {
  @private
    UICollectionView *_collectionView; /* unretained: the view owns its layout */
  @protected
    LDStandInFlowGeometry *_ld_geometry;
}
@property (nullable, nonatomic, readonly) UICollectionView *collectionView;
@property (nonatomic, readonly) CGSize collectionViewContentSize;
- (void)prepareLayout;
- (void)invalidateLayout;
- (nullable UICollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath;
- (nullable NSArray<UICollectionViewLayoutAttributes *> *)layoutAttributesForElementsInRect:(CGRect)rect;
/* Stand-in only: the geometry of the last prepareLayout (prepared when asked), nil for the
 abstract layout. */
@property (nullable, nonatomic, readonly) LDStandInFlowGeometry *ld_geometry;
@end

/* An estimatedItemSize asking the layout to estimate (UIKit's value). */
FOUNDATION_EXTERN const CGSize UICollectionViewFlowLayoutAutomaticSize;

/*
 * UIKit's flow layout (LDStandInFlowGeometry): itemSize (50 x 50), or the delegate's
 * collectionView:layout:sizeForItemAtIndexPath:, for every item; with a non-zero
 * estimatedItemSize, an item's size is that estimate (itemSize for
 * UICollectionViewFlowLayoutAutomaticSize) until it is shown, then its fitting size
 * (the view's ld_fittingSizeForItemAtIndexPath, itemSize without it), kept as a table row's
 * real height is. Spacings 10 by default, insets and supplementary sizes 0.
 */
@interface UICollectionViewFlowLayout : UICollectionViewLayout {
  @private
    CGSize _itemSize, _estimatedItemSize, _headerReferenceSize, _footerReferenceSize;
    CGFloat _minimumLineSpacing, _minimumInteritemSpacing;
    UIEdgeInsets _sectionInset;
    UICollectionViewScrollDirection _scrollDirection;
}
@property (nonatomic) CGSize itemSize;
@property (nonatomic) CGSize estimatedItemSize;
@property (nonatomic) CGFloat minimumLineSpacing;
@property (nonatomic) CGFloat minimumInteritemSpacing;
@property (nonatomic) UIEdgeInsets sectionInset;
@property (nonatomic) CGSize headerReferenceSize;
@property (nonatomic) CGSize footerReferenceSize;
@property (nonatomic) UICollectionViewScrollDirection scrollDirection;
@end

/*
 * A subset of UIKit's compositional layout, enough for list-like sections: each section's group
 * holds one item and takes the group's size, so groups stack along the configuration's scroll
 * direction, interGroupSpacing apart, within the section's contentInsets, each spanning the
 * content across (less the insets). Along the axis a group is its dimension: absolute,
 * fractional (of the view's width or height) or estimated (the estimate until the item is shown,
 * then the view's ld_fittingSizeForItemAtIndexPath along the axis, the estimate without it, kept
 * as a flow layout's measured size is). One section (initWithSection:) lays out every section;
 * laid out by LDStandInFlowGeometry. Not modelled: groups of several items, nested groups,
 * section providers, supplementary items, orthogonal scrolling, decorations, list configurations.
 */
@interface NSCollectionLayoutDimension : NSObject <NSCopying> {
  @private
    NSInteger _ld_kind;
    CGFloat _dimension;
}
+ (instancetype)fractionalWidthDimension:(CGFloat)fractionalWidth;
+ (instancetype)fractionalHeightDimension:(CGFloat)fractionalHeight;
+ (instancetype)absoluteDimension:(CGFloat)absoluteDimension;
+ (instancetype)estimatedDimension:(CGFloat)estimatedDimension;
@property (nonatomic, readonly) BOOL isFractionalWidth;
@property (nonatomic, readonly) BOOL isFractionalHeight;
@property (nonatomic, readonly) BOOL isAbsolute;
@property (nonatomic, readonly) BOOL isEstimated;
@property (nonatomic, readonly) CGFloat dimension;
@end

@interface NSCollectionLayoutSize : NSObject <NSCopying> {
  @private
    NSCollectionLayoutDimension *_widthDimension, *_heightDimension;
}
+ (instancetype)sizeWithWidthDimension:(NSCollectionLayoutDimension *)width
                       heightDimension:(NSCollectionLayoutDimension *)height;
@property (nonatomic, readonly) NSCollectionLayoutDimension *widthDimension;
@property (nonatomic, readonly) NSCollectionLayoutDimension *heightDimension;
@end

@interface NSCollectionLayoutItem : NSObject <NSCopying> {
  @private
    NSCollectionLayoutSize *_layoutSize;
}
+ (instancetype)itemWithLayoutSize:(NSCollectionLayoutSize *)layoutSize;
@property (nonatomic, readonly) NSCollectionLayoutSize *layoutSize;
@end

/* A group of items; the stand-in lays out groups of one item, which takes the group's size. */
@interface NSCollectionLayoutGroup : NSCollectionLayoutItem {
  @private
    NSArray<NSCollectionLayoutItem *> *_subitems;
}
+ (instancetype)horizontalGroupWithLayoutSize:(NSCollectionLayoutSize *)layoutSize
                                     subitems:(NSArray<NSCollectionLayoutItem *> *)subitems;
+ (instancetype)verticalGroupWithLayoutSize:(NSCollectionLayoutSize *)layoutSize
                                   subitems:(NSArray<NSCollectionLayoutItem *> *)subitems;
@property (nonatomic, readonly) NSArray<NSCollectionLayoutItem *> *subitems;
@end

@interface NSCollectionLayoutSection : NSObject <NSCopying> {
  @private
    NSCollectionLayoutGroup *_group;
    NSDirectionalEdgeInsets _contentInsets;
    CGFloat _interGroupSpacing;
}
+ (instancetype)sectionWithGroup:(NSCollectionLayoutGroup *)group;
@property (nonatomic) NSDirectionalEdgeInsets contentInsets;
@property (nonatomic) CGFloat interGroupSpacing;
@end

@interface UICollectionViewCompositionalLayoutConfiguration : NSObject <NSCopying> {
  @private
    UICollectionViewScrollDirection _scrollDirection;
}
/* UICollectionViewScrollDirectionVertical by default. */
@property (nonatomic) UICollectionViewScrollDirection scrollDirection;
@end

@interface UICollectionViewCompositionalLayout : UICollectionViewLayout {
  @private
    NSCollectionLayoutSection *_ld_section;
    UICollectionViewCompositionalLayoutConfiguration *_configuration;
}
- (instancetype)initWithSection:(NSCollectionLayoutSection *)section;
- (instancetype)initWithSection:(NSCollectionLayoutSection *)section
                  configuration:(UICollectionViewCompositionalLayoutConfiguration *)configuration;
/* A copy: set a new configuration to change it (the layout is invalidated). */
@property (nonatomic, copy) UICollectionViewCompositionalLayoutConfiguration *configuration;
@end

/* A collection view: its layout's geometry, laid out after a reload or a batch as a table view
 is (the offset kept, clamped along the layout's scroll axis; the items in the bounds shown). */
@interface UICollectionView : UIScrollView <LDStandInListSource> {
  @private
    id<UICollectionViewDataSource> _dataSource;
    LDStandInList *_ld_list;
    UICollectionViewLayout *_collectionViewLayout;
    CGSize (^_ld_fittingSizeForItemAtIndexPath)(NSIndexPath *);
}
- (instancetype)initWithFrame:(CGRect)frame collectionViewLayout:(UICollectionViewLayout *)layout NS_DESIGNATED_INITIALIZER;
/* Stand-in only (UIKit requires a layout): a new UICollectionViewFlowLayout. */
- (instancetype)initWithFrame:(CGRect)frame;
@property (nonatomic, strong) UICollectionViewLayout *collectionViewLayout;
@property (nullable, nonatomic, assign) id<UICollectionViewDataSource> dataSource;
@property (nullable, nonatomic, assign) id<UICollectionViewDelegate> delegate;
@property (nonatomic, readonly) NSInteger numberOfSections;
- (nullable UICollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath;
/* The items whose frames share area with the bounds, in order, after a layout pass. */
@property (nonatomic, readonly) NSArray<NSIndexPath *> *indexPathsForVisibleItems;
- (NSInteger)numberOfItemsInSection:(NSInteger)section;
- (void)reloadData;
- (void)performBatchUpdates:(void (NS_NOESCAPE ^_Nullable)(void))updates
                 completion:(void (^_Nullable)(BOOL finished))completion;
- (void)insertSections:(NSIndexSet *)sections;
- (void)deleteSections:(NSIndexSet *)sections;
- (void)reloadSections:(NSIndexSet *)sections;
- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection;
- (void)insertItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths;
- (void)deleteItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths;
- (void)reloadItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths;
- (void)reconfigureItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths;
- (void)moveItemAtIndexPath:(NSIndexPath *)indexPath toIndexPath:(NSIndexPath *)newIndexPath;

@property (nonatomic, readonly) LDStandInList *ld_list;
/* Stand-in only: a self-sizing cell's size when the item is shown (estimatedItemSize). */
@property (nullable, nonatomic, copy) CGSize (^ld_fittingSizeForItemAtIndexPath)(NSIndexPath *indexPath);
@end

NS_ASSUME_NONNULL_END
