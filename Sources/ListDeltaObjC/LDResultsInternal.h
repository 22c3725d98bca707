/* The initialisers the diff functions use, and what the two results share; private. */
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
/* The index paths of @p indexes: old indexes in @p fromSection, new ones in @p toSection. */
- (instancetype)initWithIndexes:(LDListIndexSetResult *)indexes fromSection:(NSInteger)fromSection toSection:(NSInteger)toSection;
@end

/* The description of @p result, which holds the changes of @p indexes. */
NSString *LDResultDescription(id result, LDListIndexSetResult *indexes);

NS_ASSUME_NONNULL_END

#endif
