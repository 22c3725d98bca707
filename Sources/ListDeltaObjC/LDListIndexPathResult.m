#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDCore.h"
#import "LDResultsInternal.h"

@implementation LDListIndexPathResult

@synthesize inserts = _inserts;
@synthesize deletes = _deletes;
@synthesize updates = _updates;
@synthesize moves = _moves;

- (instancetype)initWithInserts:(NSArray<NSIndexPath *> *)inserts
                        deletes:(NSArray<NSIndexPath *> *)deletes
                        updates:(NSArray<NSIndexPath *> *)updates
                          moves:(NSArray<LDListMoveIndexPath *> *)moves
                          match:(LDListMatch *)match
                    fromSection:(NSInteger)fromSection
                      toSection:(NSInteger)toSection {
    if ((self = [super init])) {
        _inserts = [inserts copy];
        _deletes = [deletes copy];
        _updates = [updates copy];
        _moves = [moves copy];
        _match = LD_RETAIN(match);
        _fromSection = fromSection;
        _toSection = toSection;
    }
    return self;
}

- (void)dealloc {
    LD_RELEASE(_inserts);
    LD_RELEASE(_deletes);
    LD_RELEASE(_updates);
    LD_RELEASE(_moves);
    LD_RELEASE(_match);
    LD_SUPER_DEALLOC();
}

- (NSInteger)changeCount {
    return (NSInteger)(_inserts.count + _deletes.count + _updates.count + _moves.count);
}

- (BOOL)hasChanges {
    return self.changeCount > 0;
}

static NSArray<NSIndexPath *> *LDSortedPaths(NSArray<NSIndexPath *> *paths) {
    return [paths sortedArrayUsingSelector:@selector(compare:)];
}

- (LDListIndexPathResult *)resultForBatchUpdates {
    NSMutableArray<NSIndexPath *> *deletes = LD_AUTORELEASE([_deletes mutableCopy]);
    NSMutableArray<NSIndexPath *> *inserts = LD_AUTORELEASE([_inserts mutableCopy]);
    NSMutableSet<NSIndexPath *> *updated = [NSMutableSet setWithArray:_updates];
    NSMutableArray<LDListMoveIndexPath *> *moves = [NSMutableArray arrayWithCapacity:_moves.count];
    for (LDListMoveIndexPath *move in _moves) {
        if (![updated containsObject:move.from]) { [moves addObject:move]; }
    }
    for (NSIndexPath *path in _updates) {
        [deletes addObject:path];
        NSInteger target = [_match newIndexOfOldIndex:(NSInteger)[path indexAtPosition:1]];
        [inserts addObject:LDIndexPath(_toSection, target)];
    }
    return LD_AUTORELEASE([[LDListIndexPathResult alloc] initWithInserts:LDSortedPaths(inserts)
                                                                 deletes:LDSortedPaths(deletes)
                                                                 updates:[NSArray array]
                                                                   moves:moves
                                                                   match:_match
                                                             fromSection:_fromSection
                                                               toSection:_toSection]);
}

- (NSIndexPath *)oldIndexPathForIdentifier:(id<NSObject>)identifier {
    NSInteger index = [_match oldIndexForIdentifier:identifier];
    return index == NSNotFound ? nil : LDIndexPath(_fromSection, index);
}

- (NSIndexPath *)newIndexPathForIdentifier:(id<NSObject>)identifier {
    NSInteger index = [_match newIndexForIdentifier:identifier];
    return index == NSNotFound ? nil : LDIndexPath(_toSection, index);
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<%@ %p; %lu inserts; %lu deletes; %lu updates; %lu moves>",
                                      NSStringFromClass([self class]), (void *)self, (unsigned long)_inserts.count,
                                      (unsigned long)_deletes.count, (unsigned long)_updates.count,
                                      (unsigned long)_moves.count];
}

@end

#endif
