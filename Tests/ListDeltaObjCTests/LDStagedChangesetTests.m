#import <XCTest/XCTest.h>

#import "LDStagedDiff.h"
#import "LDTestModel.h"
#import "ListDeltaObjC.h"

@interface LDStagedChangesetTests : XCTestCase
@end

@implementation LDStagedChangesetTests

static LDArraySection *LDSection(NSString *model, NSString *elements) {
    return [LDArraySection sectionWithModel:[LDTestModels(model) objectAtIndex:0] elements:LDTestModels(elements)];
}

static NSArray *LDKeys(NSArray *models) {
    NSMutableArray *keys = [NSMutableArray array];
    for (id model in models) { [keys addObject:[model description]]; }
    return keys;
}

static LDChangeset *LDChangesetOf(const ld_stage_t *stage, NSInteger flatSection) {
    NSArray *data = [NSArray arrayWithObjects:@"x", @"y", nil];
    return [[[LDChangeset alloc] initWithStage:stage data:data flatSection:flatSection] autorelease];
}

/* Equality is Swift's and DifferenceKit's: the data, and each kind of operation as a set; how
 * the stage was made (its flat section, the counts before it) is left out. */
- (void)testChangesetsAreEqualWhenTheyInstallTheSameDataAndOperations {
    const ld_path_t deleted[] = {{0, 1}, {0, 2}}, deletedReversed[] = {{0, 2}, {0, 1}},
                    deletedTwice[] = {{0, 2}, {0, 1}, {0, 2}}, other[] = {{0, 1}, {0, 3}};
    const ld_path_move_t moved[] = {{{0, 3}, {0, 0}}, {{0, 4}, {0, 1}}}, movedReversed[] = {{{0, 4}, {0, 1}}, {{0, 3}, {0, 0}}};
    const int32_t counts[] = {5}, otherCounts[] = {7, 2};
    ld_stage_t stage = {0}, reordered = {0}, repeated = {0}, different = {0};
    stage.batch.element_deleted = deleted;
    stage.batch.element_deleted_count = 2;
    stage.batch.element_moved = moved;
    stage.batch.element_moved_count = 2;
    stage.section_count_before = 1;
    stage.element_counts_before = counts;
    reordered = stage;
    reordered.batch.element_deleted = deletedReversed;
    reordered.batch.element_moved = movedReversed;
    reordered.section_count_before = 2;
    reordered.element_counts_before = otherCounts;
    repeated = stage;
    repeated.batch.element_deleted = deletedTwice;
    repeated.batch.element_deleted_count = 3;
    different = stage;
    different.batch.element_deleted = other;

    LDChangeset *changeset = LDChangesetOf(&stage, 0);
    NSArray *equals = [NSArray arrayWithObjects:LDChangesetOf(&reordered, 0), LDChangesetOf(&repeated, 0),
                                                LDChangesetOf(&stage, NSNotFound), nil];
    for (LDChangeset *equal in equals) {
        XCTAssertEqualObjects(changeset, equal);
        XCTAssertEqual(changeset.hash, equal.hash, @"%@", equal);
    }
    XCTAssertFalse([changeset isEqual:LDChangesetOf(&different, 0)]);
    XCTAssertEqual([[NSSet setWithArray:equals] count], 1u);
}

- (void)testIdenticalListsHaveNoStages {
    NSArray *sections = [NSArray arrayWithObjects:LDSection(@"A", @"a b"), LDSection(@"B", @""), nil];
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:sections targetSections:sections] autorelease];
    XCTAssertEqual(staged.count, 0u);
    XCTAssertEqual([[[[LDStagedChangeset alloc] initWithSource:[NSArray array] target:[NSArray array]] autorelease] count], 0u);
}

- (void)testAFlatListIsStagedInItsSection {
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSource:LDTestModels(@"a b:1 c d")
                                                                    target:LDTestModels(@"d a b:2 e")
                                                                   section:3] autorelease];
    XCTAssertEqual(staged.count, 3u, @"%@", staged); // updates; deletes; inserts and moves
    LDChangeset *updates = [staged.changesets objectAtIndex:0];
    XCTAssertEqualObjects(updates.elementUpdated, [NSArray arrayWithObject:LDTestPath(3, 1)]);
    XCTAssertEqual(updates.flatSection, 3);
    XCTAssertEqual(updates.numberOfSectionsBefore, 1);
    XCTAssertEqual([updates numberOfElementsBeforeInSection:0], 4);
    XCTAssertEqualObjects(LDKeys(updates.data), LDKeys(LDTestModels(@"a b:2 c d")), @"the update installs the new version");
    LDChangeset *deletes = [staged.changesets objectAtIndex:1];
    XCTAssertEqualObjects(deletes.elementDeleted, [NSArray arrayWithObject:LDTestPath(3, 2)]);
    XCTAssertEqualObjects(LDKeys(deletes.data), LDKeys(LDTestModels(@"a b:2 d")));
    LDChangeset *inserts = [staged.changesets objectAtIndex:2];
    XCTAssertEqualObjects(inserts.elementInserted, [NSArray arrayWithObject:LDTestPath(3, 3)]);
    XCTAssertEqual(inserts.elementMoved.count, 1u);
    XCTAssertEqual([inserts numberOfElementsBeforeInSection:0], 3);
    XCTAssertEqualObjects(LDKeys(inserts.data), LDKeys(LDTestModels(@"d a b:2 e")));
}

static NSArray *LDElementsOf(NSArray *sections, NSUInteger index) {
    return ((LDArraySection *)[sections objectAtIndex:index]).elements;
}

- (void)testSectionsAlreadyWholeInAListShareItsArray {
    NSArray *source = [NSArray arrayWithObjects:LDSection(@"A", @"a b c"), LDSection(@"B", @"d e"), LDSection(@"X", @"x"), nil];
    NSArray *target = [NSArray arrayWithObjects:LDSection(@"A", @"a b c"), LDSection(@"B", @"d g"), LDSection(@"C", @"f"), nil];
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:source targetSections:target] autorelease];
    XCTAssertEqual(staged.count, 3u, @"%@", staged); // deletes; section inserts; element inserts
    NSArray *deleted = ((LDChangeset *)[staged.changesets objectAtIndex:0]).data;
    NSArray *inserted = ((LDChangeset *)[staged.changesets objectAtIndex:1]).data;
    XCTAssertEqual(LDElementsOf(deleted, 0), LDElementsOf(target, 0), @"A, whole, is the target's array");
    XCTAssertEqualObjects(LDKeys(LDElementsOf(deleted, 1)), LDKeys(LDTestModels(@"d")), @"B's survivor, gathered");
    for (NSUInteger s = 0; s < 2; s++) {
        XCTAssertEqual(LDElementsOf(inserted, s), LDElementsOf(deleted, s), @"section %lu is the stage before's array",
                       (unsigned long)s);
    }
    XCTAssertEqual(LDElementsOf(inserted, 2), LDElementsOf(target, 2), @"C arrives as the target's array");

    source = [NSArray arrayWithObjects:LDSection(@"A", @"a b:1"), LDSection(@"X", @"x y"), nil];
    target = [NSArray arrayWithObject:LDSection(@"A", @"a b:2")];
    staged = [[[LDStagedChangeset alloc] initWithSourceSections:source targetSections:target] autorelease];
    XCTAssertEqual(staged.count, 2u, @"%@", staged); // updates; deletes
    NSArray *updated = ((LDChangeset *)[staged.changesets objectAtIndex:0]).data;
    XCTAssertEqual(LDElementsOf(updated, 0), LDElementsOf(target, 0), @"A, updated, is the target's array");
    XCTAssertEqual(LDElementsOf(updated, 1), LDElementsOf(source, 1), @"X, about to go, is the source's array");
}

- (void)testSectionsMoveAreInsertedDeletedAndReloadedInTheirStages {
    NSArray *source = [NSArray arrayWithObjects:LDSection(@"A", @"a b c"), LDSection(@"B", @"d"), LDSection(@"X", @"x"), nil];
    NSArray *target = [NSArray arrayWithObjects:LDSection(@"B:2", @"d e"), LDSection(@"C", @"f b"), LDSection(@"A", @"a c:2"), nil];
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:source targetSections:target] autorelease];
    XCTAssertEqual(staged.count, 5u, @"%@", staged);
    NSArray *stages = staged.changesets;
    LDChangeset *updates = [stages objectAtIndex:0];
    XCTAssertEqualObjects(updates.elementUpdated, [NSArray arrayWithObject:LDTestPath(0, 2)]);
    XCTAssertEqual(updates.numberOfSectionsBefore, 3);
    LDChangeset *deletes = [stages objectAtIndex:1];
    XCTAssertEqualObjects(deletes.sectionDeleted, [NSIndexSet indexSetWithIndex:2]);
    XCTAssertEqual(deletes.elementDeleted.count, 0u, @"b moves to C, a batch after C arrives");
    LDChangeset *sections = [stages objectAtIndex:2];
    XCTAssertEqualObjects(sections.sectionInserted, [NSIndexSet indexSetWithIndex:1]);
    XCTAssertEqual(sections.numberOfSectionsBefore, 2);
    LDChangeset *elements = [stages objectAtIndex:3];
    XCTAssertEqualObjects(elements.elementInserted, [NSArray arrayWithObject:LDTestPath(0, 1)], @"f arrived with C");
    XCTAssertEqual(elements.elementMoved.count, 1u);
    LDListMoveIndexPath *move = [elements.elementMoved objectAtIndex:0];
    XCTAssertEqualObjects(move.to, LDTestPath(1, 1), @"b arrives in C");
    LDChangeset *reloads = [stages objectAtIndex:4];
    XCTAssertEqualObjects(reloads.sectionUpdated, [NSIndexSet indexSetWithIndex:0], @"B's model changed");
    XCTAssertEqualObjects(reloads.data, target);
    // Each stage starts from the counts of the data of the stage before.
    for (NSUInteger k = 1; k < stages.count; k++) {
        NSArray *before = ((LDChangeset *)[stages objectAtIndex:k - 1]).data;
        LDChangeset *stage = [stages objectAtIndex:k];
        XCTAssertEqual(stage.numberOfSectionsBefore, (NSInteger)before.count, @"stage %lu", (unsigned long)k);
        for (NSUInteger s = 0; s < before.count; s++) {
            XCTAssertEqual([stage numberOfElementsBeforeInSection:(NSInteger)s],
                           (NSInteger)((LDArraySection *)[before objectAtIndex:s]).elements.count, @"stage %lu section %lu",
                           (unsigned long)k, (unsigned long)s);
        }
    }
}

- (void)testUnusableInputGivesANamedError {
    NSArray *notSections = [NSArray arrayWithObject:@"a string"];
    NSError *error = nil;
    XCTAssertNil([LDStagedChangeset stagedChangesetWithSourceSections:notSections targetSections:[NSArray array] error:&error]);
    XCTAssertEqual(error.code, (NSInteger)LDErrorInvalidInput);
    XCTAssertEqualObjects(error.domain, LDErrorDomain);
    XCTAssertTrue([error.localizedDescription rangeOfString:@"not an LDArraySection"].location != NSNotFound, @"%@", error);
    XCTAssertThrowsSpecificNamed([[LDStagedChangeset alloc] initWithSourceSections:notSections targetSections:[NSArray array]],
                                 NSException, NSInvalidArgumentException);
    XCTAssertNil([LDStagedChangeset stagedChangesetWithSource:LDTestModels(@"a") target:LDTestModels(@"a") section:-1 error:&error]);
    XCTAssertEqual(error.code, (NSInteger)LDErrorInvalidInput);
    XCTAssertTrue([error.localizedDescription rangeOfString:@"must be >= 0, not -1"].location != NSNotFound, @"%@", error);
    error = nil;
    XCTAssertNil([LDStagedChangeset stagedChangesetWithSource:LDTestModels(@"a") target:LDTestModels(@"a") section:NSNotFound error:&error]);
    XCTAssertEqual(error.code, (NSInteger)LDErrorInvalidInput);
    XCTAssertThrowsSpecificNamed([[LDStagedChangeset alloc] initWithSource:LDTestModels(@"a") target:LDTestModels(@"a") section:-1],
                                 NSException, NSInvalidArgumentException);
    LDStagedDiffer *differ = [[[LDStagedDiffer alloc] init] autorelease];
    XCTAssertThrowsSpecificNamed([differ diffFromSource:LDTestModels(@"a") target:LDTestModels(@"a") section:NSNotFound
                                             completion:^(LDStagedChangeset *staged, NSError *failure) {}],
                                 NSException, NSInvalidArgumentException);
}

- (void)testRandomSectionsEndOnTheTarget {
    for (uint64_t seed = 1; seed <= 300; seed++) {
        LDTestRandom random = {seed};
        NSMutableArray *sides[2];
        for (int side = 0; side < 2; side++) {
            sides[side] = [NSMutableArray array];
            NSUInteger sections = LDTestRandomBelow(&random, 6);
            for (NSUInteger s = 0; s < sections; s++) {
                NSMutableString *words = [NSMutableString string];
                NSUInteger count = LDTestRandomBelow(&random, 6);
                for (NSUInteger e = 0; e < count; e++) {
                    [words appendFormat:@"%lu:%lu ", (unsigned long)LDTestRandomBelow(&random, 12), (unsigned long)LDTestRandomBelow(&random, 2)];
                }
                NSString *model = [NSString stringWithFormat:@"S%lu:%lu", (unsigned long)LDTestRandomBelow(&random, 7), (unsigned long)LDTestRandomBelow(&random, 2)];
                [sides[side] addObject:LDSection(model, words)];
            }
        }
        NSError *error = nil;
        LDStagedChangeset *staged = [LDStagedChangeset stagedChangesetWithSourceSections:sides[0] targetSections:sides[1] error:&error];
        XCTAssertNotNil(staged, @"seed %llu: %@", (unsigned long long)seed, error);
        if (staged.count > 0) {
            XCTAssertEqualObjects(((LDChangeset *)[staged.changesets lastObject]).data, sides[1], @"seed %llu", (unsigned long long)seed);
        }
        for (LDChangeset *stage in staged) { XCTAssertTrue(stage.hasChanges, @"seed %llu: an empty stage", (unsigned long long)seed); }
    }
}

@end
