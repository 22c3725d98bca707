/* The staged reload behind the table and collection view glue; private. */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDChangeset.h"
#import "LDReloadOutcome.h"
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
    /* Calls the view's operations for changeset, in UIKit's order; inside performBatch. */
    void (^performOperations)(LDChangeset *changeset);
} LDBatchUpdateTarget;

/*
 * The Swift layer's reload(using:interrupt:reconfiguringUpdates:completion:setData:): animates
 * the stages of stagedChangeset, one batch each, setting each stage's data inside its batch;
 * compares the counts the view shows with those each stage starts from (-[LDChangeset
 * numberOfSectionsBefore], -numberOfElementsBeforeInSection:) and sets the final data and
 * reloads instead on a mismatch, when not in a window, or when interrupt says so. completion
 * is called once: after the last stage's animations, or right after a reload.
 */
void LDStagedReload(LDStagedChangeset *stagedChangeset, LDBatchUpdateTarget target,
                    BOOL (^_Nullable interrupt)(LDChangeset *changeset),
                    void (^_Nullable completion)(LDReloadOutcome *outcome), void (^setData)(NSArray *data));

/*
 * The first difference between the counts changeset starts from and those target shows, as an
 * out-of-sync outcome, or nil. For a flat list only its section is compared, and the view must
 * have that section.
 */
LDReloadOutcome *_Nullable LDCountMismatch(LDChangeset *changeset, LDBatchUpdateTarget target);

NS_ASSUME_NONNULL_END

#endif
