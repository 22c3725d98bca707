#import <XCTest/XCTest.h>

#import "LDTestModel.h"
#import "ListDeltaObjC.h"

/* An identifier whose -hash is the same for every instance: lawful, and as poor as a hash gets. */
@interface LDConstantHashKey : NSObject <NSCopying> {
  @private
    NSString *_name;
}
+ (instancetype)keyWithName:(NSString *)name;
@end

@implementation LDConstantHashKey
+ (instancetype)keyWithName:(NSString *)name {
    LDConstantHashKey *key = [[[self alloc] init] autorelease];
    key->_name = [name copy];
    return key;
}
- (void)dealloc {
    [_name release];
    [super dealloc];
}
- (id)copyWithZone:(NSZone *)zone {
    return [self retain];
}
- (NSUInteger)hash {
    return 42;
}
- (BOOL)isEqual:(id)object {
    return [object isKindOfClass:[LDConstantHashKey class]] && [((LDConstantHashKey *)object)->_name isEqualToString:_name];
}
@end

/* A model whose identifier is any object the test gives it, nil included. */
@interface LDKeyedModel : NSObject <LDListDiffable> {
  @private
    id _identifier;
}
+ (instancetype)modelWithIdentifier:(id)identifier;
@end

@implementation LDKeyedModel
+ (instancetype)modelWithIdentifier:(id)identifier {
    LDKeyedModel *model = [[[self alloc] init] autorelease];
    model->_identifier = [identifier retain];
    return model;
}
- (void)dealloc {
    [_identifier release];
    [super dealloc];
}
- (id<NSObject>)diffIdentifier {
    return _identifier;
}
- (BOOL)isEqualToDiffableObject:(id<LDListDiffable>)object {
    return YES;
}
@end

/* An identifier whose -isEqual: is not symmetric: an unlawful object. */
@interface LDOneWayKey : NSObject {
  @private
    NSUInteger _number;
}
+ (instancetype)keyWithNumber:(NSUInteger)number;
@end

@implementation LDOneWayKey
+ (instancetype)keyWithNumber:(NSUInteger)number {
    LDOneWayKey *key = [[[self alloc] init] autorelease];
    key->_number = number;
    return key;
}
- (NSUInteger)hash {
    return 7;
}
- (BOOL)isEqual:(id)object {
    return [object isKindOfClass:[LDOneWayKey class]] && ((LDOneWayKey *)object)->_number <= _number;
}
@end

@interface LDListDiffTests : XCTestCase
@end

@implementation LDListDiffTests

/* The list UIKit shows after performing @c result's batch on @c old: the old objects that
   stay or move, and NSNull where an element is inserted. Nil when the batch breaks UIKit's rules. */
static NSArray *LDReplay(NSArray *old, NSUInteger newCount, LDListIndexSetResult *result) {
    NSUInteger oldCount = old.count;
    if (oldCount - result.deletes.count + result.inserts.count != newCount) { return nil; }
    if (result.deletes.count && result.deletes.lastIndex >= oldCount) { return nil; }
    if (result.inserts.count && result.inserts.lastIndex >= newCount) { return nil; }
    NSMutableIndexSet *leaving = [[result.deletes mutableCopy] autorelease];
    NSMutableIndexSet *arriving = [[result.inserts mutableCopy] autorelease];
    NSMutableArray *after = [NSMutableArray arrayWithCapacity:newCount];
    for (NSUInteger i = 0; i < newCount; i++) { [after addObject:[NSNull null]]; }
    for (LDListMoveIndex *move in result.moves) {
        if (move.from < 0 || (NSUInteger)move.from >= oldCount || [leaving containsIndex:(NSUInteger)move.from]) { return nil; }
        if (move.to < 0 || (NSUInteger)move.to >= newCount || [arriving containsIndex:(NSUInteger)move.to]) { return nil; }
        [leaving addIndex:(NSUInteger)move.from];
        [arriving addIndex:(NSUInteger)move.to];
        [after replaceObjectAtIndex:(NSUInteger)move.to withObject:[old objectAtIndex:(NSUInteger)move.from]];
    }
    NSUInteger target = 0;
    for (NSUInteger source = 0; source < oldCount; source++) {
        if ([leaving containsIndex:source]) { continue; }
        while ([arriving containsIndex:target]) { target++; }
        [after replaceObjectAtIndex:target++ withObject:[old objectAtIndex:source]];
    }
    return after;
}

/* Checks @c result against UIKit's rules and the lists, exactly: each element ends where the new
   list has it; inserts are the surplus; the moves are the fewest; updates are the changed pairs. */
- (void)checkResult:(LDListIndexSetResult *)result old:(NSArray *)old new:(NSArray *)new seed:(uint64_t)seed {
    NSArray *after = LDReplay(old, new.count, result);
    XCTAssertNotNil(after, @"seed %llu: the batch breaks UIKit's rules: %@", (unsigned long long)seed, result);
    if (after == nil) { return; }
    // The pairing the diff must find: k-th occurrence with k-th.
    NSMapTable *oldPositions = [NSMapTable strongToStrongObjectsMapTable];
    for (NSUInteger i = 0; i < old.count; i++) {
        id key = [[old objectAtIndex:i] diffIdentifier];
        NSMutableArray *positions = [oldPositions objectForKey:key];
        if (positions == nil) { [oldPositions setObject:(positions = [NSMutableArray array]) forKey:key]; }
        [positions addObject:[NSNumber numberWithUnsignedInteger:i]];
    }
    NSMutableIndexSet *expectedInserts = [NSMutableIndexSet indexSet];
    NSMutableIndexSet *expectedUpdates = [NSMutableIndexSet indexSet];
    NSMutableArray *matchedSources = [NSMutableArray array]; // in new order
    for (NSUInteger j = 0; j < new.count; j++) {
        id<LDListDiffable> object = [new objectAtIndex:j];
        NSMutableArray *positions = [oldPositions objectForKey:[object diffIdentifier]];
        if (positions.count == 0) {
            [expectedInserts addIndex:j];
            XCTAssertEqualObjects([after objectAtIndex:j], [NSNull null], @"seed %llu: new index %lu", (unsigned long long)seed, (unsigned long)j);
            continue;
        }
        NSUInteger source = [[positions objectAtIndex:0] unsignedIntegerValue];
        [positions removeObjectAtIndex:0];
        [matchedSources addObject:[NSNumber numberWithUnsignedInteger:source]];
        XCTAssertTrue([after objectAtIndex:j] == [old objectAtIndex:source], @"seed %llu: new index %lu shows old %lu",
                      (unsigned long long)seed, (unsigned long)j, (unsigned long)source);
        if (![object isEqualToDiffableObject:[old objectAtIndex:source]]) { [expectedUpdates addIndex:source]; }
    }
    XCTAssertEqualObjects(result.inserts, expectedInserts, @"seed %llu", (unsigned long long)seed);
    XCTAssertEqualObjects(result.updates, expectedUpdates, @"seed %llu", (unsigned long long)seed);
    // The fewest moves: the matched elements off a longest increasing run of their old indexes.
    NSMutableArray *tails = [NSMutableArray array];
    for (NSNumber *source in matchedSources) {
        NSUInteger low = 0, high = tails.count;
        while (low < high) {
            NSUInteger middle = (low + high) / 2;
            if ([[tails objectAtIndex:middle] unsignedIntegerValue] < source.unsignedIntegerValue) { low = middle + 1; } else { high = middle; }
        }
        if (low == tails.count) { [tails addObject:source]; } else { [tails replaceObjectAtIndex:low withObject:source]; }
    }
    XCTAssertEqual(result.moves.count, matchedSources.count - tails.count, @"seed %llu", (unsigned long long)seed);
}

- (void)testEmptyListsHaveNoChanges {
    LDListIndexSetResult *result = LDListDiff(nil, [NSArray array], LDListDiffEquality);
    XCTAssertFalse(result.hasChanges);
    XCTAssertEqual(result.changeCount, 0);
}

- (void)testEverythingInsertedIntoAnEmptyListAndDeletedFromAFullOne {
    LDListIndexSetResult *inserted = LDListDiff(nil, LDTestModels(@"a b c"), LDListDiffEquality);
    XCTAssertEqualObjects(inserted.inserts, [NSIndexSet indexSetWithIndexesInRange:NSMakeRange(0, 3)]);
    XCTAssertEqual(inserted.changeCount, 3);
    LDListIndexSetResult *deleted = LDListDiff(LDTestModels(@"a b c"), nil, LDListDiffEquality);
    XCTAssertEqualObjects(deleted.deletes, [NSIndexSet indexSetWithIndexesInRange:NSMakeRange(0, 3)]);
    XCTAssertEqual(deleted.inserts.count, 0u);
    XCTAssertEqual([deleted oldIndexForIdentifier:@"b"], 1);
    XCTAssertEqual([deleted newIndexForIdentifier:@"b"], (NSInteger)NSNotFound);
}

/* The example of Heckel's paper (1978), in words. */
- (void)testHeckelsExample {
    NSArray *old = [@"much writing is like snow , a mass of long words and phrases falls upon the relevant facts covering up the details ." componentsSeparatedByString:@" "];
    NSArray *new = [@"a mass of latin words falls upon the relevant facts like soft snow , covering up the details ." componentsSeparatedByString:@" "];
    LDListIndexSetResult *result = LDListDiff(old, new, LDListDiffEquality);
    [self checkResult:result old:old new:new seed:0];
    NSMutableArray *deleted = [NSMutableArray array];
    for (NSUInteger i = result.deletes.firstIndex; i != NSNotFound; i = [result.deletes indexGreaterThanIndex:i]) { [deleted addObject:[old objectAtIndex:i]]; }
    XCTAssertEqualObjects(deleted, [@"much writing is long and phrases" componentsSeparatedByString:@" "]);
    NSMutableArray *inserted = [NSMutableArray array];
    for (NSUInteger i = result.inserts.firstIndex; i != NSNotFound; i = [result.inserts indexGreaterThanIndex:i]) { [inserted addObject:[new objectAtIndex:i]]; }
    XCTAssertEqualObjects(inserted, [@"latin soft" componentsSeparatedByString:@" "]);
    // "like snow ," moves behind "facts": three moves, the fewest.
    XCTAssertEqual(result.moves.count, 3u);
}

- (void)testAnEditedElementIsAnUpdateAtItsOldIndexNotAMove {
    LDListIndexSetResult *result = LDListDiff(LDTestModels(@"a b:1 c"), LDTestModels(@"a b:2 c"), LDListDiffEquality);
    XCTAssertEqualObjects(result.updates, [NSIndexSet indexSetWithIndex:1]);
    XCTAssertEqual(result.moves.count, 0u);
    XCTAssertEqual(result.changeCount, 1);
    LDListIndexSetResult *moved = LDListDiff(LDTestModels(@"x a b:1 c"), LDTestModels(@"c a b:2"), LDListDiffEquality);
    XCTAssertEqualObjects(moved.updates, [NSIndexSet indexSetWithIndex:2], @"keyed by the old index");
    XCTAssertEqualObjects(moved.moves, [NSArray arrayWithObject:[[[LDListMoveIndex alloc] initWithFrom:3 to:0] autorelease]]);
}

- (void)testReversingThreeMovesTheEndsAsIGListKitExpects {
    // IGListKit's suite expects {0→2, 2→0}: as few moves as {1→1, 2→0}, and none from an index to itself.
    LDListIndexSetResult *result = LDListDiff(LDTestModels(@"a b c"), LDTestModels(@"c b a"), LDListDiffEquality);
    NSArray *expected = [NSArray arrayWithObjects:[[[LDListMoveIndex alloc] initWithFrom:2 to:0] autorelease],
                                                  [[[LDListMoveIndex alloc] initWithFrom:0 to:2] autorelease], nil];
    XCTAssertEqualObjects(result.moves, expected);
}

- (void)testPointerPersonalityUpdatesEveryOtherInstance {
    NSArray *old = LDTestModels(@"a b c");
    NSArray *new = [NSArray arrayWithObjects:[old objectAtIndex:0], [LDTestModel modelWithKey:@"b" value:@"0"], [old objectAtIndex:2], nil];
    XCTAssertEqualObjects(LDListDiff(old, new, LDListDiffPointerPersonality).updates, [NSIndexSet indexSetWithIndex:1]);
    XCTAssertFalse(LDListDiff(old, new, LDListDiffEquality).hasChanges, @"equal content, another instance");
}

- (void)testDuplicatesAreMatchedInOrder {
    NSArray *old = LDTestModels(@"a:1 b a:2 a:3");
    NSArray *new = LDTestModels(@"a:1 a:2 b");
    LDListIndexSetResult *result = LDListDiff(old, new, LDListDiffEquality);
    [self checkResult:result old:old new:new seed:0];
    XCTAssertEqualObjects(result.deletes, [NSIndexSet indexSetWithIndex:3], @"the third a has no partner");
    XCTAssertEqual(result.updates.count, 0u, @"k-th with k-th: a:2 meets a:2");
    XCTAssertEqual([result oldIndexForIdentifier:@"a"], 3, @"the last occurrence, as IGListKit's maps");
    XCTAssertEqual([result newIndexForIdentifier:@"a"], 1);
}

- (void)testResultForBatchUpdatesTurnsUpdatesIntoDeletesAndInserts {
    NSArray *old = LDTestModels(@"a:1 b c d:1");
    NSArray *new = LDTestModels(@"d:2 b a:2 c");
    LDListIndexSetResult *result = LDListDiff(old, new, LDListDiffEquality);
    NSMutableIndexSet *updated = [NSMutableIndexSet indexSetWithIndex:0];
    [updated addIndex:3];
    XCTAssertEqualObjects(result.updates, updated);
    LDListIndexSetResult *batch = [result resultForBatchUpdates];
    XCTAssertEqual(batch.updates.count, 0u);
    for (LDListMoveIndex *move in batch.moves) {
        XCTAssertFalse(move.from == 0 || move.from == 3, @"an updated element keeps no move: %@", move);
    }
    XCTAssertTrue([batch.deletes containsIndex:0] && [batch.deletes containsIndex:3]);
    XCTAssertTrue([batch.inserts containsIndex:0] && [batch.inserts containsIndex:2]);
    XCTAssertNotNil(LDReplay(old, new.count, batch), @"%@", batch);
}

- (void)testIndexPathsNameTheirSections {
    LDListIndexPathResult *result = LDListDiffPaths(2, 5, LDTestModels(@"a b:1 c"), LDTestModels(@"c a b:2 d"), LDListDiffEquality);
    XCTAssertEqualObjects(result.inserts, [NSArray arrayWithObject:LDTestPath(5, 3)]);
    XCTAssertEqualObjects(result.updates, [NSArray arrayWithObject:LDTestPath(2, 1)]);
    XCTAssertEqual(result.moves.count, 1u);
    LDListMoveIndexPath *move = [result.moves objectAtIndex:0];
    XCTAssertEqualObjects(move.from, LDTestPath(2, 2));
    XCTAssertEqualObjects(move.to, LDTestPath(5, 0));
    XCTAssertEqualObjects([result newIndexPathForIdentifier:@"d"], LDTestPath(5, 3));
    XCTAssertNil([result oldIndexPathForIdentifier:@"d"]);
    LDListIndexPathResult *batch = [result resultForBatchUpdates];
    XCTAssertEqual(batch.updates.count, 0u);
    XCTAssertTrue([batch.deletes containsObject:LDTestPath(2, 1)]);
    XCTAssertTrue([batch.inserts containsObject:LDTestPath(5, 2)]);
}

/* Whether @p paths holds the changes of @p indexes, old indexes in section 3 and new ones in 7. */
static BOOL LDPathsMatchIndexes(LDListIndexPathResult *paths, LDListIndexSetResult *indexes) {
    NSMutableArray *inserts = [NSMutableArray array], *deletes = [NSMutableArray array], *updates = [NSMutableArray array];
    [indexes.inserts enumerateIndexesUsingBlock:^(NSUInteger index, BOOL *stop) { [inserts addObject:LDTestPath(7, index)]; }];
    [indexes.deletes enumerateIndexesUsingBlock:^(NSUInteger index, BOOL *stop) { [deletes addObject:LDTestPath(3, index)]; }];
    [indexes.updates enumerateIndexesUsingBlock:^(NSUInteger index, BOOL *stop) { [updates addObject:LDTestPath(3, index)]; }];
    if (![paths.inserts isEqualToArray:inserts] || ![paths.deletes isEqualToArray:deletes] ||
        ![paths.updates isEqualToArray:updates] || paths.moves.count != indexes.moves.count ||
        paths.changeCount != indexes.changeCount || paths.hasChanges != indexes.hasChanges) {
        return NO;
    }
    for (NSUInteger k = 0; k < paths.moves.count; k++) {
        LDListMoveIndexPath *path = [paths.moves objectAtIndex:k];
        LDListMoveIndex *move = [indexes.moves objectAtIndex:k];
        if (![path.from isEqual:LDTestPath(3, (NSUInteger)move.from)] || ![path.to isEqual:LDTestPath(7, (NSUInteger)move.to)]) {
            return NO;
        }
    }
    NSString *counts = [indexes.description substringFromIndex:[indexes.description rangeOfString:@";"].location];
    return [paths.description hasPrefix:@"<LDListIndexPathResult "] && [paths.description hasSuffix:counts];
}

- (void)testIndexPathsAreTheIndexesInTheirSections {
    for (uint64_t seed = 1; seed <= 200; seed++) {
        LDTestRandom random = {seed};
        NSArray *lists[2];
        for (int side = 0; side < 2; side++) { lists[side] = LDTestRandomModels(&random, 30, 20, 3); }
        LDListIndexSetResult *indexes = LDListDiff(lists[0], lists[1], LDListDiffEquality);
        LDListIndexPathResult *paths = LDListDiffPaths(3, 7, lists[0], lists[1], LDListDiffEquality);
        XCTAssertTrue(LDPathsMatchIndexes(paths, indexes), @"seed %llu: %@ %@", (unsigned long long)seed, paths.updates,
                      indexes.updates);
        XCTAssertTrue(LDPathsMatchIndexes([paths resultForBatchUpdates], [indexes resultForBatchUpdates]),
                      @"seed %llu: the batch form", (unsigned long long)seed);
    }
}

- (void)testRandomListsGiveExactBatchesWithTheFewestMoves {
    for (uint64_t seed = 1; seed <= 400; seed++) {
        LDTestRandom random = {seed};
        NSUInteger alphabet = 1 + LDTestRandomBelow(&random, 30);
        NSArray *lists[2];
        for (int side = 0; side < 2; side++) { lists[side] = LDTestRandomModels(&random, 40, alphabet, 3); }
        [self checkResult:LDListDiff(lists[0], lists[1], LDListDiffEquality) old:lists[0] new:lists[1] seed:seed];
    }
}

- (void)testAConstantHashStillGivesTheExactDiff {
    NSMutableArray *old = [NSMutableArray array], *new = [NSMutableArray array];
    for (NSUInteger i = 0; i < 600; i++) {
        [old addObject:[LDKeyedModel modelWithIdentifier:[LDConstantHashKey keyWithName:[NSString stringWithFormat:@"%lu", (unsigned long)i]]]];
    }
    for (NSUInteger i = 0; i < 600; i++) {
        NSUInteger name = i % 10 == 0 ? 1000 + i : (i * 7) % 600; // some new, the rest shuffled
        [new addObject:[LDKeyedModel modelWithIdentifier:[LDConstantHashKey keyWithName:[NSString stringWithFormat:@"%lu", (unsigned long)name]]]];
    }
    [self checkResult:LDListDiff(old, new, LDListDiffEquality) old:old new:new seed:0];
}

- (void)testAnAsymmetricIsEqualGivesAValidBatch {
    NSMutableArray *old = [NSMutableArray array], *new = [NSMutableArray array];
    for (NSUInteger i = 0; i < 50; i++) {
        [old addObject:[LDKeyedModel modelWithIdentifier:[LDOneWayKey keyWithNumber:i]]];
        [new addObject:[LDKeyedModel modelWithIdentifier:[LDOneWayKey keyWithNumber:49 - i]]];
    }
    LDListIndexSetResult *result = nil;
    XCTAssertNoThrow(result = LDListDiff(old, new, LDListDiffEquality));
    XCTAssertNotNil(LDReplay(old, new.count, result), @"%@", result);
}

- (void)testANilIdentifierRaisesANamedException {
    NSArray *old = [NSArray arrayWithObjects:[LDKeyedModel modelWithIdentifier:@"a"], [LDKeyedModel modelWithIdentifier:nil], nil];
    XCTAssertThrowsSpecificNamed(LDListDiff(old, nil, LDListDiffEquality), NSException, NSInvalidArgumentException);
    XCTAssertThrowsSpecificNamed(LDListDiffPaths(0, 0, nil, old, LDListDiffEquality), NSException, NSInvalidArgumentException);
}

- (void)testMovesOrderAndCompare {
    LDListMoveIndex *first = [[[LDListMoveIndex alloc] initWithFrom:1 to:4] autorelease];
    LDListMoveIndex *second = [[[LDListMoveIndex alloc] initWithFrom:2 to:0] autorelease];
    XCTAssertEqual([first compare:second], NSOrderedAscending);
    XCTAssertEqual([second compare:first], NSOrderedDescending);
    XCTAssertEqualObjects(first, [[[LDListMoveIndex alloc] initWithFrom:1 to:4] autorelease]);
    XCTAssertEqual(first.hash, [[[LDListMoveIndex alloc] initWithFrom:1 to:4] autorelease].hash);
}

@end
