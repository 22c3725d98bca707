/*
 * A stand-in for UIKit on Linux: the members of UIView, UIWindow, UITableView and
 * UICollectionView that ListDeltaObjC's glue uses, with the SDK's selectors and types, over a
 * model (LDStandInBatch.h) that checks every batch update as UIKit does and raises
 * NSInternalInconsistencyException for an invalid one. Not UIKit: no drawing, no cells; each
 * row shows its data source's content object (LDStandInContentSource) from when it was loaded.
 */
#import <Foundation/Foundation.h>

#import "UIKit/LDStandInBatch.h"

#ifndef NS_NOESCAPE
#define NS_NOESCAPE __attribute__((noescape))
#endif

/* Lets code tell the stand-in from the SDK. */
#define LD_STANDIN_UIKIT 1

NS_ASSUME_NONNULL_BEGIN

@class UIWindow;

@interface UIView : NSObject {
  @private
    UIView *_superview; /* unretained, as UIKit's */
    NSMutableArray *_subviews;
}
@property (nullable, nonatomic, readonly) UIView *superview;
@property (nullable, nonatomic, readonly) UIWindow *window;
- (void)addSubview:(UIView *)view;
- (void)removeFromSuperview;
@end

@interface UIWindow : UIView
@end

@interface UIScrollView : UIView
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

@class UITableView;
@class UICollectionView;

/* The data source's counts, with the SDK's selectors (cells are not part of the stand-in). */
@protocol UITableViewDataSource <NSObject>
@required
- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section;
@optional
- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView;
@end

@protocol UICollectionViewDataSource <NSObject>
@required
- (NSInteger)collectionView:(UICollectionView *)collectionView numberOfItemsInSection:(NSInteger)section;
@optional
- (NSInteger)numberOfSectionsInCollectionView:(UICollectionView *)collectionView;
@end

@interface UITableView : UIScrollView <LDStandInListSource> {
  @private
    id<UITableViewDataSource> _dataSource; /* unretained, as UIKit's weak reference */
    LDStandInList *_ld_list;
}
@property (nullable, nonatomic, assign) id<UITableViewDataSource> dataSource;
@property (nonatomic, readonly) NSInteger numberOfSections;
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
@end

@interface UICollectionView : UIScrollView <LDStandInListSource> {
  @private
    id<UICollectionViewDataSource> _dataSource;
    LDStandInList *_ld_list;
}
@property (nullable, nonatomic, assign) id<UICollectionViewDataSource> dataSource;
@property (nonatomic, readonly) NSInteger numberOfSections;
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
@end

NS_ASSUME_NONNULL_END
