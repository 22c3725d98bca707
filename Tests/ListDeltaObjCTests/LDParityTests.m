#import <XCTest/XCTest.h>

#import "LDTestModel.h"
#import "ListDeltaObjC.h"

/*
 * The Objective-C half of the parity check: random sectioned inputs (the procedure of
 * ObjCParityTests.swift, seed by seed) staged through ListDeltaObjC and written, one line per
 * stage, to the file LISTDELTA_OBJC_STAGES names; the Swift test stages the same inputs through
 * the Swift layer and compares the lines. scripts/test runs both.
 */
@interface LDParityTests : XCTestCase
@end

@implementation LDParityTests

static NSString *LDPathText(NSIndexPath *path) {
    return [NSString stringWithFormat:@"%lu.%lu", (unsigned long)[path indexAtPosition:0], (unsigned long)[path indexAtPosition:1]];
}

static NSString *LDJoin(NSArray *items) {
    return [NSString stringWithFormat:@"[%@]", [items componentsJoinedByString:@","]];
}

static NSString *LDIndexesText(NSIndexSet *set) {
    NSMutableArray *items = [NSMutableArray array];
    for (NSUInteger i = set.firstIndex; i != NSNotFound; i = [set indexGreaterThanIndex:i]) {
        [items addObject:[NSString stringWithFormat:@"%lu", (unsigned long)i]];
    }
    return LDJoin(items);
}

static NSString *LDPathsText(NSArray<NSIndexPath *> *paths) {
    NSMutableArray *items = [NSMutableArray array];
    for (NSIndexPath *path in paths) { [items addObject:LDPathText(path)]; }
    return LDJoin(items);
}

static NSString *LDStageText(LDChangeset *stage) {
    NSMutableArray *sectionMoves = [NSMutableArray array], *elementMoves = [NSMutableArray array];
    for (LDListMoveIndex *move in stage.sectionMoved) { [sectionMoves addObject:[NSString stringWithFormat:@"%ld>%ld", (long)move.from, (long)move.to]]; }
    for (LDListMoveIndexPath *move in stage.elementMoved) { [elementMoves addObject:[NSString stringWithFormat:@"%@>%@", LDPathText(move.from), LDPathText(move.to)]]; }
    NSMutableArray *sections = [NSMutableArray array];
    for (LDArraySection *section in stage.data) {
        LDTestModel *model = (LDTestModel *)section.model;
        [sections addObject:[NSString stringWithFormat:@"S%@:%@{%@}", model.key, model.value, [section.elements componentsJoinedByString:@","]]];
    }
    return [NSString stringWithFormat:@"sD=%@ sI=%@ sU=%@ sM=%@ eD=%@ eI=%@ eU=%@ eM=%@ data=%@", LDIndexesText(stage.sectionDeleted),
                                      LDIndexesText(stage.sectionInserted), LDIndexesText(stage.sectionUpdated), LDJoin(sectionMoves),
                                      LDPathsText(stage.elementDeleted), LDPathsText(stage.elementInserted),
                                      LDPathsText(stage.elementUpdated), LDJoin(elementMoves), [sections componentsJoinedByString:@"|"]];
}

/* One side, drawn as ObjCParityTests.swift draws it. */
static NSArray<LDArraySection *> *LDRandomSide(LDTestRandom *random) {
    NSMutableArray *sections = [NSMutableArray array];
    NSUInteger sectionCount = LDTestRandomBelow(random, 6);
    for (NSUInteger s = 0; s < sectionCount; s++) {
        NSUInteger header = LDTestRandomBelow(random, 7), title = LDTestRandomBelow(random, 2);
        NSUInteger count = LDTestRandomBelow(random, 6);
        NSMutableArray *elements = [NSMutableArray array];
        for (NSUInteger e = 0; e < count; e++) {
            NSUInteger identifier = LDTestRandomBelow(random, 12), content = LDTestRandomBelow(random, 2);
            [elements addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"%lu", (unsigned long)identifier]
                                                    value:[NSString stringWithFormat:@"%lu", (unsigned long)content]]];
        }
        LDTestModel *model = [LDTestModel modelWithKey:[NSString stringWithFormat:@"%lu", (unsigned long)header]
                                                 value:[NSString stringWithFormat:@"%lu", (unsigned long)title]];
        [sections addObject:[LDArraySection sectionWithModel:model elements:elements]];
    }
    return sections;
}

- (void)testStagesOfRandomSectionsForTheSwiftComparison {
    NSMutableString *text = [NSMutableString string];
    for (uint64_t seed = 1; seed <= 500; seed++) {
        LDTestRandom random = {seed};
        NSArray *source = LDRandomSide(&random);
        NSArray *target = LDRandomSide(&random);
        LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:source targetSections:target] autorelease];
        [text appendFormat:@"seed %llu\n", (unsigned long long)seed];
        for (LDChangeset *stage in staged) { [text appendFormat:@"%@\n", LDStageText(stage)]; }
        if (staged.count > 0) { XCTAssertEqualObjects(((LDChangeset *)[staged.changesets lastObject]).data, target); }
    }
    NSString *path = [[[NSProcessInfo processInfo] environment] objectForKey:@"LISTDELTA_OBJC_STAGES"];
    if (path != nil) {
        NSError *error = nil;
        XCTAssertTrue([text writeToFile:path atomically:YES encoding:NSUTF8StringEncoding error:&error], @"%@", error);
    }
}

@end
