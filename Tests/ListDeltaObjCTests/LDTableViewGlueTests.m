#import <XCTest/XCTest.h>

#if __has_include(<AppKit/AppKit.h>)
#import <AppKit/AppKit.h>
#endif

#import "LDTestModel.h"
#import "ListDeltaObjC.h"

#if defined(LD_STANDIN_APPKIT)

/* A flat list's data source for the stand-in NSTableView: each row's content is its model. */
@interface LDTestRowSource : NSObject <NSTableViewDataSource, LDStandInContentSource> {
  @public
    NSArray *_rows;
}
@end

@implementation LDTestRowSource
- (void)dealloc {
    [_rows release];
    [super dealloc];
}
- (NSInteger)numberOfRowsInTableView:(NSTableView *)tableView {
    return (NSInteger)_rows.count;
}
- (id)ld_standInContentForSection:(NSInteger)section {
    return [NSNull null];
}
- (id)ld_standInContentAtIndexPath:(NSIndexPath *)indexPath {
    return [[_rows objectAtIndex:[indexPath indexAtPosition:1]] description];
}
@end

@interface LDTableViewGlueTests : XCTestCase
@end

@implementation LDTableViewGlueTests

/* A table in a window (or not) showing rows. */
static NSTableView *LDTable(LDTestRowSource *source, NSArray *rows, BOOL inWindow, NSWindow **window) {
    source->_rows = [rows copy];
    NSTableView *table = [[[NSTableView alloc] init] autorelease];
    table.dataSource = source;
    [table reloadData];
    if (inWindow) {
        *window = [[[NSWindow alloc] init] autorelease];
        (*window).contentView = table;
    }
    return table;
}

static NSArray *LDRandomRows(LDTestRandom *random) {
    NSMutableArray *rows = [NSMutableArray array];
    NSUInteger count = LDTestRandomBelow(random, 30), alphabet = 1 + LDTestRandomBelow(random, 25);
    for (NSUInteger i = 0; i < count; i++) {
        [rows addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"%lu", (unsigned long)LDTestRandomBelow(random, alphabet)]
                                            value:[NSString stringWithFormat:@"%lu", (unsigned long)LDTestRandomBelow(random, 2)]]];
    }
    return rows;
}

- (void)testRandomListsAnimateRowByRowWithoutMovingRowsThatStay {
    for (uint64_t seed = 1; seed <= 400; seed++) {
        NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
        LDTestRandom random = {seed};
        NSArray *source = LDRandomRows(&random), *target = LDRandomRows(&random);
        LDTestRowSource *rowSource = [[[LDTestRowSource alloc] init] autorelease];
        NSWindow *window = nil;
        NSTableView *table = LDTable(rowSource, source, YES, &window);
        LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSource:source target:target] autorelease];
        NSUInteger moves = 0;
        for (LDChangeset *stage in staged) { moves += stage.elementMoved.count; }
        __block NSUInteger completions = 0;
        __block LDReloadOutcome *outcome = nil;
        @try {
            [table ld_reloadUsingStagedChangeset:staged
                             deleteRowsAnimation:NSTableViewAnimationEffectFade
                             insertRowsAnimation:NSTableViewAnimationSlideDown
                                       interrupt:nil
                                      completion:^(LDReloadOutcome *result) {
                                          completions++;
                                          outcome = [result retain];
                                      }
                                         setData:^(NSArray *data) {
                                             [rowSource->_rows release];
                                             rowSource->_rows = [data copy];
                                         }];
        } @catch (NSException *exception) {
            XCTFail(@"seed %llu: %@ (%@ to %@)", (unsigned long long)seed, exception.reason, source, target);
        }
        XCTAssertEqual(completions, 1u, @"seed %llu", (unsigned long long)seed);
        XCTAssertEqualObjects(outcome, [LDReloadOutcome animatedOutcomeWithFinished:YES], @"seed %llu", (unsigned long long)seed);
        XCTAssertNil([table ld_staleContent], @"seed %llu: %@ to %@", (unsigned long long)seed, source, target);
        NSUInteger moveCalls = 0, reloads = 0;
        for (NSString *call in table.ld_log) {
            if ([call hasPrefix:@"moveRowAtIndex:"]) { moveCalls++; }
            if ([call isEqualToString:@"reloadData"]) { reloads++; }
        }
        XCTAssertEqual(moveCalls, moves, @"seed %llu: one move per moved row, none for the rows that stay", (unsigned long long)seed);
        XCTAssertEqual(reloads, 1u, @"seed %llu: only the table's first load", (unsigned long long)seed);
        [outcome release];
        [pool release];
    }
}

- (void)testATableOutOfStepOrOffScreenIsReloaded {
    NSArray *source = LDTestModels(@"a b c"), *target = LDTestModels(@"c a d");
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSource:source target:target] autorelease];
    for (int offScreen = 0; offScreen < 2; offScreen++) {
        LDTestRowSource *rowSource = [[[LDTestRowSource alloc] init] autorelease];
        NSWindow *window = nil;
        NSTableView *table = LDTable(rowSource, offScreen ? source : LDTestModels(@"a b"), !offScreen, &window);
        __block LDReloadOutcome *outcome = nil;
        [table ld_reloadUsingStagedChangeset:staged
                         deleteRowsAnimation:0
                         insertRowsAnimation:0
                                   interrupt:nil
                                  completion:^(LDReloadOutcome *result) {
                                      outcome = [result retain];
                                  }
                                     setData:^(NSArray *data) {
                                         [rowSource->_rows release];
                                         rowSource->_rows = [data copy];
                                     }];
        XCTAssertEqual(outcome.kind, LDReloadOutcomeKindReloaded);
        XCTAssertEqual(outcome.reason, offScreen ? LDReloadReasonNotInWindow : LDReloadReasonViewOutOfSync);
        XCTAssertNil([table ld_staleContent]);
        XCTAssertEqualObjects(table.ld_log.lastObject, @"reloadData");
        [outcome release];
    }
}

@end

#endif
