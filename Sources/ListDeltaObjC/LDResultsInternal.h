/* The initialisers the diff functions use; private. */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListIndexPathResult.h"
#import "LDListIndexSetResult.h"
#import "LDListMatch.h"

NS_ASSUME_NONNULL_BEGIN

@interface LDListIndexSetResult (Internal)
- (instancetype)initWithInserts:(NSIndexSet *)inserts
                        deletes:(NSIndexSet *)deletes
                        updates:(NSIndexSet *)updates
                          moves:(NSArray<LDListMoveIndex *> *)moves
                          match:(LDListMatch *)match;
@end

@interface LDListIndexPathResult (Internal)
- (instancetype)initWithInserts:(NSArray<NSIndexPath *> *)inserts
                        deletes:(NSArray<NSIndexPath *> *)deletes
                        updates:(NSArray<NSIndexPath *> *)updates
                          moves:(NSArray<LDListMoveIndexPath *> *)moves
                          match:(LDListMatch *)match
                    fromSection:(NSInteger)fromSection
                      toSection:(NSInteger)toSection;
@end

NS_ASSUME_NONNULL_END

#endif
