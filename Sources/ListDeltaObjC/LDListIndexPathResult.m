#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDCore.h"
#import "LDResultsInternal.h"

/* The index paths of @p indexes in @p section, ascending. */
static NSArray<NSIndexPath *> *LDPathsOfIndexes(NSIndexSet *indexes, NSInteger section) {
    NSMutableArray<NSIndexPath *> *paths = [NSMutableArray arrayWithCapacity:indexes.count];
    for (NSUInteger index = indexes.firstIndex; index != NSNotFound; index = [indexes indexGreaterThanIndex:index]) {
        [paths addObject:LDIndexPath(section, (NSInteger)index)];
    }
    return paths;
}

@implementation LDListIndexPathResult

@synthesize inserts = _inserts;
@synthesize deletes = _deletes;
@synthesize updates = _updates;
@synthesize moves = _moves;

- (instancetype)initWithIndexes:(LDListIndexSetResult *)indexes fromSection:(NSInteger)fromSection toSection:(NSInteger)toSection {
    if ((self = [super init])) {
        _indexes = LD_RETAIN(indexes);
        _fromSection = fromSection;
        _toSection = toSection;
        _inserts = [LDPathsOfIndexes(indexes.inserts, toSection) copy];
        _deletes = [LDPathsOfIndexes(indexes.deletes, fromSection) copy];
        _updates = [LDPathsOfIndexes(indexes.updates, fromSection) copy];
        NSMutableArray<LDListMoveIndexPath *> *moves = [NSMutableArray arrayWithCapacity:indexes.moves.count];
        for (LDListMoveIndex *move in indexes.moves) {
            LDListMoveIndexPath *path = [[LDListMoveIndexPath alloc] initWithFrom:LDIndexPath(fromSection, move.from)
                                                                               to:LDIndexPath(toSection, move.to)];
            [moves addObject:path];
            LD_RELEASE(path);
        }
        _moves = [moves copy];
    }
    return self;
}

- (void)dealloc {
    LD_RELEASE(_indexes);
    LD_RELEASE(_inserts);
    LD_RELEASE(_deletes);
    LD_RELEASE(_updates);
    LD_RELEASE(_moves);
    LD_SUPER_DEALLOC();
}

- (NSInteger)changeCount {
    return _indexes.changeCount;
}

- (BOOL)hasChanges {
    return _indexes.hasChanges;
}

- (LDListIndexPathResult *)resultForBatchUpdates {
    return LD_AUTORELEASE([[LDListIndexPathResult alloc] initWithIndexes:[_indexes resultForBatchUpdates]
                                                             fromSection:_fromSection
                                                               toSection:_toSection]);
}

- (NSIndexPath *)oldIndexPathForIdentifier:(id<NSObject>)identifier {
    NSInteger index = [_indexes oldIndexForIdentifier:identifier];
    return index == NSNotFound ? nil : LDIndexPath(_fromSection, index);
}

- (NSIndexPath *)newIndexPathForIdentifier:(id<NSObject>)identifier {
    NSInteger index = [_indexes newIndexForIdentifier:identifier];
    return index == NSNotFound ? nil : LDIndexPath(_toSection, index);
}

- (NSString *)description {
    return LDResultDescription(self, _indexes);
}

@end

#endif
