/*
 * A stand-in for AppKit on Linux: the members of NSView, NSWindow, NSAnimationContext,
 * NSScrollView, NSClipView, NSTableView and NSCollectionView that ListDeltaObjC's glue uses,
 * with the SDK's selectors and types, over the batch-checking model the UIKit stand-in uses
 * (LDStandInBatch.h): an invalid batch raises NSInternalInconsistencyException, as AppKit does;
 * and over its flow geometry (LDStandInLayout.h) for the table's rows and the collection's items.
 * Every view's coordinates are flipped (y grows downwards), as a table's and a collection's are.
 * Stand-in hooks, for what only a user does, carry the ld_ prefix.
 */
#import <CoreGraphics/CoreGraphics.h>
#import <Foundation/Foundation.h>

#import "UIKit/LDStandInBatch.h"
#import "UIKit/LDStandInLayout.h"

#ifndef NS_NOESCAPE
#define NS_NOESCAPE __attribute__((noescape))
#endif

/* Lets code tell the stand-in from the SDK. */
#define LD_STANDIN_APPKIT 1

NS_ASSUME_NONNULL_BEGIN

@class NSWindow;
@class NSScrollView;

/* A view: a frame in its superview, bounds (its own origin, the frame's size), and a layout pass
 (layout, run by layoutSubtreeIfNeeded when needsLayout, on the view and its subviews). */
@interface NSView : NSObject {
  @private
    NSView *_superview; /* unretained */
    NSWindow *_window;  /* unretained; set on a window's content view */
    NSMutableArray *_subviews;
    NSRect _frame;
    NSPoint _boundsOrigin;
    BOOL _needsLayout;
}
- (instancetype)initWithFrame:(NSRect)frameRect NS_DESIGNATED_INITIALIZER;
/* initWithFrame: NSZeroRect. */
- (instancetype)init;
@property (nullable, readonly, assign) NSView *superview;
@property (nullable, readonly, assign) NSWindow *window;
@property NSRect frame;
/* Setting bounds sets the origin and the frame's size (the stand-in does not scale). */
@property NSRect bounds;
- (void)setFrameSize:(NSSize)newSize;
- (void)setBoundsOrigin:(NSPoint)newOrigin;
@property (readonly, getter=isFlipped) BOOL flipped;
/* The nearest NSScrollView above the view. */
@property (nullable, readonly) NSScrollView *enclosingScrollView;
/* The part of the bounds that the clip views above the view do not clip; NSZeroRect if none. */
@property (readonly) NSRect visibleRect;
@property BOOL needsLayout;
- (void)layoutSubtreeIfNeeded;
- (void)layout;
- (void)addSubview:(NSView *)view;
- (void)removeFromSuperview;
/* NSAnimatablePropertyContainer's: a proxy that animates; the stand-in returns the view. */
- (instancetype)animator;
@end

/*
 * A scroll view's content view: its bounds origin is the scroll position in the document view's
 * coordinates (the document view's frame is at the origin). scrollToPoint: and a change of the
 * document's frame keep the bounds within the document outset by contentInsets
 * (constrainBoundsRect:, LDStandInClampedOffset along each axis).
 */
@interface NSClipView : NSView {
  @private
    NSView *_documentView;
    NSEdgeInsets _contentInsets;
    BOOL _automaticallyAdjustsContentInsets;
    NSUInteger _ld_offsetWriteCount;
}
@property (nonatomic, nullable, strong) NSView *documentView;
@property (nonatomic) NSEdgeInsets contentInsets;
@property (nonatomic) BOOL automaticallyAdjustsContentInsets;
/* The clip view's bounds within the document's frame, in the document's coordinates (the area
 under the insets included: the document shows there). */
@property (readonly) NSRect documentVisibleRect;
- (NSRect)constrainBoundsRect:(NSRect)proposedBounds;
- (void)scrollToPoint:(NSPoint)newOrigin;
/* Stand-in only: how many times code moved the bounds (scrollToPoint:, setBoundsOrigin:,
 setBounds:); the clip view's own constraining is not counted. */
@property (readonly) NSUInteger ld_offsetWriteCount;
@end

/* Posted with the scroll view when the user starts and ends a live scroll (a trackpad gesture
 or a scroller drag, with its momentum), and as it scrolls. */
FOUNDATION_EXTERN NSString *const NSScrollViewWillStartLiveScrollNotification;
FOUNDATION_EXTERN NSString *const NSScrollViewDidLiveScrollNotification;
FOUNDATION_EXTERN NSString *const NSScrollViewDidEndLiveScrollNotification;

/*
 * A scroll view: its clip view (contentView) fills it and holds the document view. With
 * automaticallyAdjustsContentInsets (the default), contentInsets are AppKit's, from a title
 * bar the content underlaps: none in the stand-in, so zero; set it NO to give insets.
 */
@interface NSScrollView : NSView {
  @private
    NSClipView *_contentView;
    NSEdgeInsets _contentInsets;
    BOOL _automaticallyAdjustsContentInsets;
    NSUInteger _ld_reflectCount;
}
@property (readonly, strong) NSClipView *contentView;
@property (nonatomic, nullable, strong) NSView *documentView;
@property (nonatomic) NSEdgeInsets contentInsets;
@property (nonatomic) BOOL automaticallyAdjustsContentInsets;
@property (readonly) NSRect documentVisibleRect;
- (void)reflectScrolledClipView:(NSClipView *)clipView;

/* Stand-in only: how many times reflectScrolledClipView: was called. */
@property (readonly) NSUInteger ld_reflectCount;
/* Stand-in only: the user starts a live scroll (posts NSScrollViewWillStartLiveScrollNotification),
 scrolls the clip view to a point in it (NSScrollViewDidLiveScrollNotification, not counted as a
 write), and ends it (NSScrollViewDidEndLiveScrollNotification, momentum included). */
- (void)ld_beginLiveScroll;
- (void)ld_liveScrollToPoint:(NSPoint)point;
- (void)ld_endLiveScroll;
@end

@interface NSWindow : NSObject {
  @private
    NSView *_contentView;
}
@property (nullable, strong) NSView *contentView;
@end

@interface NSAnimationContext : NSObject {
  @private
    NSTimeInterval _duration;
}
@property NSTimeInterval duration;
/* Runs changes at once and completionHandler after them (the stand-in does not animate). */
+ (void)runAnimationGroup:(void (NS_NOESCAPE ^)(NSAnimationContext *context))changes
        completionHandler:(nullable void (^)(void))completionHandler;
@end

@class NSCollectionView;

typedef NS_ENUM(NSInteger, NSCollectionViewScrollDirection) {
    NSCollectionViewScrollDirectionVertical,
    NSCollectionViewScrollDirectionHorizontal
};

@interface NSCollectionViewLayoutAttributes : NSObject {
  @private
    NSIndexPath *_indexPath;
    NSRect _frame;
}
+ (instancetype)layoutAttributesForItemWithIndexPath:(NSIndexPath *)indexPath;
@property (nullable, strong) NSIndexPath *indexPath;
@property NSRect frame;
@end

@interface NSCollectionViewLayout : NSObject {
  @private
    NSCollectionView *_collectionView; /* unretained: the view owns its layout */
}
@property (nullable, readonly, assign) NSCollectionView *collectionView;
@property (readonly) NSSize collectionViewContentSize;
- (void)prepareLayout;
- (void)invalidateLayout;
- (nullable NSCollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath;
@end

/* AppKit's flow layout (LDStandInFlowGeometry): itemSize (50 x 50) for every item, spacings 10,
 insets and supplementary sizes 0. */
@interface NSCollectionViewFlowLayout : NSCollectionViewLayout {
  @private
    NSSize _itemSize, _headerReferenceSize, _footerReferenceSize;
    CGFloat _minimumLineSpacing, _minimumInteritemSpacing;
    NSEdgeInsets _sectionInset;
    NSCollectionViewScrollDirection _scrollDirection;
    LDStandInFlowGeometry *_ld_geometry;
}
@property (nonatomic) NSSize itemSize;
@property (nonatomic) CGFloat minimumLineSpacing;
@property (nonatomic) CGFloat minimumInteritemSpacing;
@property (nonatomic) NSEdgeInsets sectionInset;
@property (nonatomic) NSSize headerReferenceSize;
@property (nonatomic) NSSize footerReferenceSize;
@property (nonatomic) NSCollectionViewScrollDirection scrollDirection;
@end

@protocol NSCollectionViewDataSource <NSObject>
@required
- (NSInteger)collectionView:(NSCollectionView *)collectionView numberOfItemsInSection:(NSInteger)section;
@optional
- (NSInteger)numberOfSectionsInCollectionView:(NSCollectionView *)collectionView;
@end

/* A collection view, the document view of its scroll view: after a reload or a batch its frame
 grows or shrinks to its layout's content along the scroll axis (keeping its size across), and
 its clip view constrains the scroll position to it. */
@interface NSCollectionView : NSView <LDStandInListSource> {
  @private
    id<NSCollectionViewDataSource> _dataSource;
    LDStandInList *_ld_list;
    NSCollectionViewLayout *_collectionViewLayout;
}
@property (nullable, assign) id<NSCollectionViewDataSource> dataSource;
/* A new NSCollectionViewFlowLayout until one is set. */
@property (nonatomic, nullable, strong) NSCollectionViewLayout *collectionViewLayout;
/* NSZeroRect for an item the view does not show. */
- (NSRect)frameForItemAtIndexPath:(NSIndexPath *)indexPath;
- (nullable NSCollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath;
/* The items whose frames share area with the visible rect. */
- (NSSet<NSIndexPath *> *)indexPathsForVisibleItems;
@property (readonly) NSInteger numberOfSections;
- (NSInteger)numberOfItemsInSection:(NSInteger)section;
- (void)reloadData;
- (void)performBatchUpdates:(void (NS_NOESCAPE ^_Nullable)(void))updates
          completionHandler:(void (^_Nullable)(BOOL finished))completionHandler;
- (void)insertSections:(NSIndexSet *)sections;
- (void)deleteSections:(NSIndexSet *)sections;
- (void)reloadSections:(NSIndexSet *)sections;
- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection;
- (void)insertItemsAtIndexPaths:(NSSet<NSIndexPath *> *)indexPaths;
- (void)deleteItemsAtIndexPaths:(NSSet<NSIndexPath *> *)indexPaths;
- (void)reloadItemsAtIndexPaths:(NSSet<NSIndexPath *> *)indexPaths;
- (void)moveItemAtIndexPath:(NSIndexPath *)indexPath toIndexPath:(NSIndexPath *)newIndexPath;

@property (nonatomic, readonly) LDStandInList *ld_list;
@end

/* NSTableView's animation options, with the SDK's values. */
typedef NSUInteger NSTableViewAnimationOptions;
enum {
    NSTableViewAnimationEffectNone = 0x0,
    NSTableViewAnimationEffectFade = 0x1,
    NSTableViewAnimationEffectGap = 0x2,
    NSTableViewAnimationSlideUp = 0x10,
    NSTableViewAnimationSlideDown = 0x20,
    NSTableViewAnimationSlideLeft = 0x30,
    NSTableViewAnimationSlideRight = 0x40,
};

@class NSTableView;

@protocol NSTableViewDataSource <NSObject>
@optional
- (NSInteger)numberOfRowsInTableView:(NSTableView *)tableView;
@end

@protocol NSTableViewDelegate <NSObject>
@optional
- (CGFloat)tableView:(NSTableView *)tableView heightOfRow:(NSInteger)row;
@end

/*
 * AppKit's table view, the document view of its scroll view: one column of rows from y = 0, each
 * its height (the delegate's tableView:heightOfRow:, else rowHeight) plus intercellSpacing's
 * height; after its updates settle, its frame's height is its rows' and its clip view
 * constrains the scroll position to it. One list of rows, and no batch index spaces. Between beginUpdates and
 * endUpdates, each call acts at once on the rows as they stand (out-of-range indexes raise
 * NSInternalInconsistencyException); after the outermost endUpdates (or after a call outside
 * them) the rows inserted or reloaded are loaded from the data source, and the row count must be
 * the data source's. Each row keeps the content it was loaded with and moves with its row, so
 * ld_staleContent finds a row that shows something its data source no longer holds there.
 */
@interface NSTableView : NSView {
  @private
    id<NSTableViewDataSource> _dataSource;
    NSMutableArray *_rows;
    NSInteger _updateLevel;
    NSMutableArray<NSString *> *_ld_log;
    NSInteger _numberOfColumns;
    id<NSTableViewDelegate> _delegate;
    CGFloat _rowHeight;
    NSSize _intercellSpacing;
    LDStandInFlowGeometry *_ld_geometry;
}
@property (nullable, assign) id<NSTableViewDataSource> dataSource;
@property (nonatomic, nullable, assign) id<NSTableViewDelegate> delegate;
/* 17 by default. */
@property (nonatomic) CGFloat rowHeight;
/* {3, 2} by default. */
@property (nonatomic) NSSize intercellSpacing;
/* NSZeroRect for a row the table does not have. */
- (NSRect)rectOfRow:(NSInteger)row;
/* The rows whose rectangles share area with rect. */
- (NSRange)rowsInRect:(NSRect)rect;
/* Heights are read again (after the delegate's changed). */
- (void)noteHeightOfRowsWithIndexesChanged:(NSIndexSet *)indexSet;
@property (readonly) NSInteger numberOfRows;
@property (readonly) NSInteger numberOfColumns;
- (void)reloadData;
- (void)beginUpdates;
- (void)endUpdates;
- (void)insertRowsAtIndexes:(NSIndexSet *)indexes withAnimation:(NSTableViewAnimationOptions)animationOptions;
- (void)removeRowsAtIndexes:(NSIndexSet *)indexes withAnimation:(NSTableViewAnimationOptions)animationOptions;
- (void)moveRowAtIndex:(NSInteger)oldIndex toIndex:(NSInteger)newIndex;
- (void)reloadDataForRowIndexes:(NSIndexSet *)rowIndexes columnIndexes:(NSIndexSet *)columnIndexes;

/* Stand-in only: every call, in order ("removeRowsAtIndexes:withAnimation: [2] 1"). */
@property (nonatomic, readonly) NSMutableArray<NSString *> *ld_log;
/* Stand-in only: nil when every row shows its data source's content (LDStandInContentSource,
 section 0) at its index; else the first row that does not. */
- (nullable NSString *)ld_staleContent;
@end

NS_ASSUME_NONNULL_END
