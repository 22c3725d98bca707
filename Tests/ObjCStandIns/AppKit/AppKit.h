/*
 * A stand-in for AppKit on Linux: the members of NSView, NSWindow, NSAnimationContext and
 * NSCollectionView that ListDeltaObjC's glue uses, with the SDK's selectors and types, over the
 * batch-checking model the UIKit stand-in uses (LDStandInBatch.h): an invalid batch raises
 * NSInternalInconsistencyException, as AppKit does.
 */
#import <Foundation/Foundation.h>

#import "UIKit/LDStandInBatch.h"

#ifndef NS_NOESCAPE
#define NS_NOESCAPE __attribute__((noescape))
#endif

/* Lets code tell the stand-in from the SDK. */
#define LD_STANDIN_APPKIT 1

NS_ASSUME_NONNULL_BEGIN

@class NSWindow;

@interface NSView : NSObject {
  @private
    NSView *_superview; /* unretained */
    NSWindow *_window;  /* unretained; set on a window's content view */
    NSMutableArray *_subviews;
}
@property (nullable, readonly, assign) NSView *superview;
@property (nullable, readonly, assign) NSWindow *window;
- (void)addSubview:(NSView *)view;
- (void)removeFromSuperview;
/* NSAnimatablePropertyContainer's: a proxy that animates; the stand-in returns the view. */
- (instancetype)animator;
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

@protocol NSCollectionViewDataSource <NSObject>
@required
- (NSInteger)collectionView:(NSCollectionView *)collectionView numberOfItemsInSection:(NSInteger)section;
@optional
- (NSInteger)numberOfSectionsInCollectionView:(NSCollectionView *)collectionView;
@end

@interface NSCollectionView : NSView <LDStandInListSource> {
  @private
    id<NSCollectionViewDataSource> _dataSource;
    LDStandInList *_ld_list;
}
@property (nullable, assign) id<NSCollectionViewDataSource> dataSource;
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

/*
 * AppKit's table view: one list of rows, and no batch index spaces. Between beginUpdates and
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
}
@property (nullable, assign) id<NSTableViewDataSource> dataSource;
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
