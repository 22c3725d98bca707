#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDCore.h"
#import "LDResultsInternal.h"

NSString *LDResultDescription(id result, LDListIndexSetResult *indexes) {
    return [NSString stringWithFormat:@"<%@ %p; %lu inserts; %lu deletes; %lu updates; %lu moves>",
                                      NSStringFromClass([result class]), (void *)result,
                                      (unsigned long)indexes.inserts.count, (unsigned long)indexes.deletes.count,
                                      (unsigned long)indexes.updates.count, (unsigned long)indexes.moves.count];
}

@implementation LDListIndexSetResult

@synthesize inserts = _inserts;
@synthesize deletes = _deletes;
@synthesize updates = _updates;
@synthesize moves = _moves;

- (instancetype)initWithInserts:(NSIndexSet *)inserts
                        deletes:(NSIndexSet *)deletes
                        updates:(NSIndexSet *)updates
                          moves:(NSArray<LDListMoveIndex *> *)moves
                          match:(LDListMatch *)match {
    if ((self = [super init])) {
        _inserts = [inserts copy];
        _deletes = [deletes copy];
        _updates = [updates copy];
        _moves = [moves copy];
        _match = LD_RETAIN(match);
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

- (LDListIndexSetResult *)resultForBatchUpdates {
    NSMutableIndexSet *deletes = LD_AUTORELEASE([_deletes mutableCopy]);
    NSMutableIndexSet *inserts = LD_AUTORELEASE([_inserts mutableCopy]);
    NSMutableArray<LDListMoveIndex *> *moves = [NSMutableArray arrayWithCapacity:_moves.count];
    for (LDListMoveIndex *move in _moves) {
        if (![_updates containsIndex:(NSUInteger)move.from]) { [moves addObject:move]; }
    }
    NSUInteger index = _updates.firstIndex;
    while (index != NSNotFound) {
        [deletes addIndex:index];
        [inserts addIndex:(NSUInteger)[_match newIndexOfOldIndex:(NSInteger)index]];
        index = [_updates indexGreaterThanIndex:index];
    }
    return LD_AUTORELEASE([[LDListIndexSetResult alloc] initWithInserts:inserts
                                                                deletes:deletes
                                                                updates:[NSIndexSet indexSet]
                                                                  moves:moves
                                                                  match:_match]);
}

- (NSInteger)oldIndexForIdentifier:(id<NSObject>)identifier {
    return [_match oldIndexForIdentifier:identifier];
}

- (NSInteger)newIndexForIdentifier:(id<NSObject>)identifier {
    return [_match newIndexForIdentifier:identifier];
}

- (NSString *)description {
    return LDResultDescription(self, self);
}

@end

#endif
