#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListMoveIndex.h"
#import "LDListMoveIndexPath.h"

NS_ASSUME_NONNULL_BEGIN

/**
 One stage of a staged changeset: the operations of one batch update, which a table or
 collection view accepts in one @c performBatchUpdates, and the data to show after it. The
 Swift layer's @c Changeset, with its field names.

 Deletes, updates and move sources are positions before the batch; inserts and move targets
 positions after it, as UIKit reads them.
 */
NS_SWIFT_NAME(ListChangeset)
@interface LDChangeset : NSObject {
  @private
    NSArray *_data;
    NSIndexSet *_sectionDeleted;
    NSIndexSet *_sectionInserted;
    NSIndexSet *_sectionUpdated;
    NSArray<LDListMoveIndex *> *_sectionMoved;
    NSArray<NSIndexPath *> *_elementDeleted;
    NSArray<NSIndexPath *> *_elementInserted;
    NSArray<NSIndexPath *> *_elementUpdated;
    NSArray<LDListMoveIndexPath *> *_elementMoved;
    NSInteger _flatSection;
    NSData *_elementCountsBefore;
}

/** The data to show after this stage: @c LDArraySection objects, or, for a flat list, its
 elements. */
@property (nonatomic, copy, readonly) NSArray *data;

/** Sections deleted (indexes before the batch). */
@property (nonatomic, copy, readonly) NSIndexSet *sectionDeleted;
/** Sections inserted (indexes after the batch). */
@property (nonatomic, copy, readonly) NSIndexSet *sectionInserted;
/** Sections reloaded: a stage of their own, so their indexes are the same before and after it. */
@property (nonatomic, copy, readonly) NSIndexSet *sectionUpdated;
/** Sections moved, by ascending @c to. */
@property (nonatomic, copy, readonly) NSArray<LDListMoveIndex *> *sectionMoved;
/** Elements deleted, ascending. */
@property (nonatomic, copy, readonly) NSArray<NSIndexPath *> *elementDeleted;
/** Elements inserted, ascending. */
@property (nonatomic, copy, readonly) NSArray<NSIndexPath *> *elementInserted;
/** Elements reloaded, ascending. */
@property (nonatomic, copy, readonly) NSArray<NSIndexPath *> *elementUpdated;
/** Elements moved, by ascending @c to. */
@property (nonatomic, copy, readonly) NSArray<LDListMoveIndexPath *> *elementMoved;

/** The section of a flat list's index paths, or @c NSNotFound when @c data holds sections. */
@property (nonatomic, assign, readonly) NSInteger flatSection;

/** The number of sections the view must show before this batch (1 for a flat list). */
@property (nonatomic, assign, readonly) NSInteger numberOfSectionsBefore;

/** The number of elements @c section must show before this batch (for a flat list, section 0
 is its @c flatSection), or @c NSNotFound when @c section is out of range. The glue compares
 these with the view before each batch. */
- (NSInteger)numberOfElementsBeforeInSection:(NSInteger)section;

/** The number of operations of the stage. */
@property (nonatomic, assign, readonly) NSInteger changeCount;

/** Whether the stage has any operation. */
@property (nonatomic, assign, readonly) BOOL hasChanges;

/** Whether @p object is a changeset that installs equal data and names the same operations,
 each kind compared as a set (in any order, however often each is named), as Swift's
 @c Changeset @c == and DifferenceKit's compare them. How the stage was made is left out:
 @c flatSection (a flat list's paths already name it, and its data holds elements, not
 sections) and the counts before it (what the core derived for the view, not what the batch
 does). @c -hash agrees. */
- (BOOL)isEqual:(id)object;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
