#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDDefines.h"

#import "LDListMoveIndexPath.h"

NS_ASSUME_NONNULL_BEGIN

@class LDListIndexSetResult;

/**
 The difference of two lists as index paths, as @c LDListDiffPaths() returns it.
 */
NS_SWIFT_NAME(ListIndexPathResult)
@interface LDListIndexPathResult : NSObject {
  @private
    NSArray<NSIndexPath *> *_inserts;
    NSArray<NSIndexPath *> *_deletes;
    NSArray<NSIndexPath *> *_updates;
    NSArray<LDListMoveIndexPath *> *_moves;
    LDListIndexSetResult *_indexes;
    NSInteger _fromSection;
    NSInteger _toSection;
}

/** Index paths in the new list of the elements inserted, ascending. */
@property (nonatomic, copy, readonly) NSArray<NSIndexPath *> *inserts;

/** Index paths in the old list of the elements deleted, ascending. */
@property (nonatomic, copy, readonly) NSArray<NSIndexPath *> *deletes;

/** Index paths in the old list of the elements whose content changed, ascending. */
@property (nonatomic, copy, readonly) NSArray<NSIndexPath *> *updates;

/** The fewest moves that turn the order of the elements that stay into the new order, by
 ascending @c to. */
@property (nonatomic, copy, readonly) NSArray<LDListMoveIndexPath *> *moves;

/** Whether there is any insert, delete, update or move. */
@property (nonatomic, assign, readonly) BOOL hasChanges;

/** The number of inserts, deletes, updates and moves. */
@property (nonatomic, assign, readonly) NSInteger changeCount;

/** As @c -[LDListIndexSetResult resultForBatchUpdates], with index paths. */
- (LDListIndexPathResult *)resultForBatchUpdates;

/** The index path in the old list of the element with @c identifier (the last one, when the
 old list holds it more than once), or nil. */
- (nullable NSIndexPath *)oldIndexPathForIdentifier:(id<NSObject>)identifier;

/** The index path in the new list of the element with @c identifier (the last one, when the
 new list holds it more than once), or nil. */
- (nullable NSIndexPath *)newIndexPathForIdentifier:(id<NSObject>)identifier;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
