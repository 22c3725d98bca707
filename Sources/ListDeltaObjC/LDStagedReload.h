/* The staged reload behind the table and collection view glue; private. */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#include "CListDelta.h"
#import "LDChangeset.h"
#import "LDReloadOutcome.h"
#import "LDScrollAnchoring.h"
#import "LDStagedChangeset.h"

NS_ASSUME_NONNULL_BEGIN

/*
 * A list view as the glue sees it: what the Swift layer's BatchUpdateTarget asks of a view,
 * as blocks over one table or collection view. Every block is called before LDStagedReload
 * returns except the completion handed to performBatch, which the view keeps.
 */
typedef struct LDBatchUpdateTarget {
    /* Whether animated batch updates can run now (the view is in a window). */
    BOOL canPerformBatchUpdates;
    /* The number of sections the view shows now. */
    NSInteger (^numberOfSections)(void);
    /* The number of elements the view shows now in one of its sections. */
    NSInteger (^numberOfElementsInSection)(NSInteger section);
    /* Reloads everything from the data source. */
    void (^reloadData)(void);
    /* Runs updates in one batch update of the view, then calls completion (if any) once. */
    void (^performBatch)(void (^updates)(void), void (^_Nullable completion)(BOOL finished));
    /* Calls the view's operations for changeset, in the core's order (LDPerformInOrder); inside
       performBatch. */
    void (^performOperations)(LDChangeset *changeset);
} LDBatchUpdateTarget;

/*
 * The Swift layer's reload(using:interrupt:reconfiguringUpdates:completion:setData:): animates
 * the stages of stagedChangeset, one batch each, setting each stage's data inside its batch;
 * compares the counts the view shows with those each stage starts from (-[LDChangeset
 * numberOfSectionsBefore], -numberOfElementsBeforeInSection:) and sets the final data and
 * reloads instead on a mismatch, when not in a window, or when interrupt says so. completion
 * is called once: after the last stage's animations, or right after a reload. With an anchor
 * and a view (NULL: none), each batch keeps in place what the anchor says.
 */
void LDStagedReload(LDStagedChangeset *stagedChangeset, LDBatchUpdateTarget target, LDScrollAnchor anchor,
                    const LDScrollAnchoringView *_Nullable anchoring, BOOL (^_Nullable interrupt)(LDChangeset *changeset),
                    void (^_Nullable completion)(LDReloadOutcome *outcome), void (^setData)(NSArray *data));

/* The selectors UIKit's and AppKit's collection views share, by which one function drives both. */
@protocol LDCollectionView <NSObject>
- (NSInteger)numberOfSections;
- (NSInteger)numberOfItemsInSection:(NSInteger)section;
- (void)reloadData;
- (void)deleteSections:(NSIndexSet *)sections;
- (void)insertSections:(NSIndexSet *)sections;
- (void)reloadSections:(NSIndexSet *)sections;
- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection;
- (void)moveItemAtIndexPath:(NSIndexPath *)indexPath toIndexPath:(NSIndexPath *)newIndexPath;
@end

/*
 * LDStagedReload on a collection view of UIKit or AppKit: its counts, reloadData, section
 * operations and item moves through the selectors both share; whether it is in a window,
 * performBatch and performItemChanges (the item deletes, inserts and reloads, one kind a call,
 * whose arguments differ) from the caller.
 */
void LDStagedReloadCollectionView(id<LDCollectionView> view, BOOL inWindow, LDStagedChangeset *stagedChangeset,
                                  LDScrollAnchor anchor, const LDScrollAnchoringView *_Nullable anchoring,
                                  void (^performBatch)(void (^updates)(void), void (^_Nullable completion)(BOOL finished)),
                                  void (^performItemChanges)(ld_operation_kind kind, NSArray<NSIndexPath *> *paths),
                                  BOOL (^_Nullable interrupt)(LDChangeset *changeset),
                                  void (^_Nullable completion)(LDReloadOutcome *outcome), void (^setData)(NSArray *data));

/*
 * The first difference between the counts changeset starts from and those target shows, as an
 * out-of-sync outcome, or nil: the core's guard (ld_count_mismatch). For a flat list only its
 * section is compared, and the view must have that section.
 */
LDReloadOutcome *_Nullable LDCountMismatch(LDChangeset *changeset, LDBatchUpdateTarget target);

/* Calls perform with each kind of operation changeset holds (an NSIndexSet or an NSArray), in
   the order a view is sent them: the core's, ld_operation_kind. */
void LDPerformInOrder(LDChangeset *changeset, void (NS_NOESCAPE ^perform)(ld_operation_kind kind, id operations));

NS_ASSUME_NONNULL_END

#endif
