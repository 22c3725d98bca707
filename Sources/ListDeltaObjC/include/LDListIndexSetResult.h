#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"

#import "LDListMoveIndex.h"

NS_ASSUME_NONNULL_BEGIN

@class LDListMatch;

/**
 The difference of two lists as indexes, as @c LDListDiff() returns it.
 */
NS_SWIFT_NAME(ListIndexSetResult)
@interface LDListIndexSetResult : NSObject {
  @private
    NSIndexSet *_inserts;
    NSIndexSet *_deletes;
    NSIndexSet *_updates;
    NSArray<LDListMoveIndex *> *_moves;
    LDListMatch *_match;
}

/** Indexes in the new list of the elements inserted. */
@property (nonatomic, copy, readonly) NSIndexSet *inserts;

/** Indexes in the old list of the elements deleted. */
@property (nonatomic, copy, readonly) NSIndexSet *deletes;

/** Indexes in the old list of the elements whose content changed (and that may also move). */
@property (nonatomic, copy, readonly) NSIndexSet *updates;

/** The fewest moves that turn the order of the elements that stay into the new order, by
 ascending @c to. */
@property (nonatomic, copy, readonly) NSArray<LDListMoveIndex *> *moves;

/** Whether there is any insert, delete, update or move. */
@property (nonatomic, assign, readonly) BOOL hasChanges;

/** The number of inserts, deletes, updates and moves. */
@property (nonatomic, assign, readonly) NSInteger changeCount;

/**
 The same difference in a form UIKit's batch updates accept in one batch: each update becomes a
 delete at its old index and an insert at its new index (a moved update loses its move), so no
 element is both reloaded and moved.
 */
- (LDListIndexSetResult *)resultForBatchUpdates;

/** The index in the old list of the element with @c identifier (the last one, when the old list
 holds it more than once), or @c NSNotFound. */
- (NSInteger)oldIndexForIdentifier:(id<NSObject>)identifier;

/** The index in the new list of the element with @c identifier (the last one, when the new list
 holds it more than once), or @c NSNotFound. */
- (NSInteger)newIndexForIdentifier:(id<NSObject>)identifier;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
