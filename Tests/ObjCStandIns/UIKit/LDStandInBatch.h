/*
 * The model behind every stand-in list view (UITableView, UICollectionView, NSCollectionView):
 * what the view shows, and UIKit's checks of a batch update. Stand-in only: not in any SDK.
 *
 * The view shows counts it read from its data source at its last reload or batch, not what the
 * data source holds now. At the end of a batch, the batch is checked against UIKit's rules by
 * the C core's one copy of them, ld_check_batch (with the counts the view shows before it and
 * those the data source holds after it); a batch that breaks a rule raises
 * NSInternalInconsistencyException ("Invalid update: ..." naming the rule), as UIKit does, and a
 * valid one moves the rows where the check's origins say. Each row keeps the content it was
 * given when it was last loaded (by a reload of the view, of its section or of itself, or by an
 * insert), so a test can see a row that shows stale content.
 */
#import <Foundation/Foundation.h>

struct ld_workspace;

NS_ASSUME_NONNULL_BEGIN

/* What a data source gives a stand-in view for its rows' content (in place of cells). */
@protocol LDStandInContentSource <NSObject>
- (id)ld_standInContentForSection:(NSInteger)section;
- (id)ld_standInContentAtIndexPath:(NSIndexPath *)indexPath;
@end

/* How a stand-in view reads its data source, in the SDK's selectors. */
@protocol LDStandInListSource <NSObject>
- (NSInteger)ld_dataSourceNumberOfSections;
- (NSInteger)ld_dataSourceNumberOfElementsInSection:(NSInteger)section;
- (nullable id<LDStandInContentSource>)ld_contentSource;
/* After a reload or an accepted batch: the view shows new data (its layout is stale). */
- (void)ld_listDidUpdate;
@end

@interface LDStandInList : NSObject {
  @private
    id<LDStandInListSource> _source; /* the view; unretained */
    NSMutableArray *_log;
    NSMutableArray *_sectionContents;
    NSMutableArray *_elementContents;
    NSMutableArray *_elementLayouts;
    NSMutableArray *_touchedContents;
    NSMutableArray *_pendingCompletions;
    NSUInteger _batchCount;
    BOOL _inBatch;
    NSMutableArray *_deletedSections;
    NSMutableArray *_insertedSections;
    NSMutableArray *_reloadedSections;
    NSMutableArray *_movedSections;
    NSMutableArray *_deletedElements;
    NSMutableArray *_insertedElements;
    NSMutableArray *_reloadedElements;
    NSMutableArray *_movedElements;
    struct ld_workspace *_workspace; /* the batch checks' */
}

- (instancetype)initWithSource:(id<LDStandInListSource>)source;

/* Every call the view received, in order, as text ("reloadData", "performBatchUpdates:completion:",
 "deleteSections:withRowAnimation: [1, 2] 100", "completion YES"). */
@property (nonatomic, readonly) NSMutableArray<NSString *> *log;
/* The content of every section and element an operation of an accepted batch touched: what
 the view showed there before (deletes, reloads, move sources) or shows after (inserts, move
 targets). */
@property (nonatomic, readonly) NSArray *touchedContents;
/* What the view shows: each section's content, and each section's rows' content. */
@property (nonatomic, readonly) NSArray *sectionContents;
@property (nonatomic, readonly) NSArray<NSArray *> *elementContents;
/* A value the view keeps for a row's layout (a measured height or size), which moves with the
 row through batches and is dropped (nil) when the row is loaded again: by a reload of the
 view, of its section or of itself, or by an insert. */
- (nullable id)layoutValueAtIndexPath:(NSIndexPath *)indexPath;
- (void)setLayoutValue:(nullable id)value atIndexPath:(NSIndexPath *)indexPath;
/* The number of batches accepted, and of completions not called yet. */
@property (nonatomic, readonly) NSUInteger batchCount;
@property (nonatomic, readonly) NSUInteger pendingCompletionCount;

- (void)logCall:(NSString *)call;
- (NSInteger)numberOfSections;
/* The number of rows of each section the view shows. */
- (NSArray<NSNumber *> *)elementCounts;
/* Raises NSRangeException for a section the view does not show. */
- (NSInteger)numberOfElementsInSection:(NSInteger)section;
- (void)reloadData;
/* Runs updates, checks and applies the batch, and keeps completion for -finishAnimations:. */
- (void)performBatchUpdates:(void (^_Nullable)(void))updates completion:(void (^_Nullable)(BOOL finished))completion;
/* Operations; outside performBatchUpdates each is a batch of its own, as in UIKit. */
- (void)deleteSections:(NSIndexSet *)sections;
- (void)insertSections:(NSIndexSet *)sections;
- (void)reloadSections:(NSIndexSet *)sections;
- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection;
- (void)deleteElements:(NSArray<NSIndexPath *> *)indexPaths;
- (void)insertElements:(NSArray<NSIndexPath *> *)indexPaths;
/* Reloads and reconfigures alike: index paths before the batch; the rows get fresh content. */
- (void)reloadElements:(NSArray<NSIndexPath *> *)indexPaths;
- (void)moveElement:(NSIndexPath *)indexPath toElement:(NSIndexPath *)newIndexPath;
/* Ends the animations: calls every kept completion with finished, in order. */
- (void)finishAnimations:(BOOL)finished;

@end

/* Text for a log entry. */
NSString *LDStandInDescribeIndexSet(NSIndexSet *indexes);
NSString *LDStandInDescribePaths(id<NSFastEnumeration> indexPaths);
NSString *LDStandInDescribePath(NSIndexPath *indexPath);

NS_ASSUME_NONNULL_END
