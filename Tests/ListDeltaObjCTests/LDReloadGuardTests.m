/* When the glue reloads instead of animating, and that its completion comes exactly once. */
#import <XCTest/XCTest.h>

#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

@interface LDReloadGuardTests : XCTestCase
@end

@implementation LDReloadGuardTests

static NSString *LDBatchCall(LDTestViewKind kind) {
    return kind == LDTestViewKindAppKitCollection ? @"performBatchUpdates:completionHandler:" : @"performBatchUpdates:completion:";
}

- (LDTestListHost *)hostOfKind:(LDTestViewKind)kind showing:(NSString *)sections inWindow:(BOOL)inWindow {
    return [[[LDTestListHost alloc] initWithKind:kind sections:LDTestSections(sections) inWindow:inWindow] autorelease];
}

/* Reloaded with outcome: the data source holds target, the view shows it, one reload, no
 batch, one completion. */
- (void)assertHost:(LDTestListHost *)host reloadedTo:(NSString *)target outcome:(LDReloadOutcome *)outcome batches:(NSUInteger)batches {
    NSString *kind = LDTestViewKindName(host.kind);
    XCTAssertEqual(host.completionCount, 1u, @"%@", kind);
    XCTAssertEqualObjects(host.outcome, outcome, @"%@", kind);
    XCTAssertEqualObjects(LDTestDescribeSections(host.dataSource.sections), LDTestDescribeSections(LDTestSections(target)), @"%@", kind);
    XCTAssertEqual([host countOfCalls:@"reloadData"], 2u, @"%@: %@", kind, host.list.log);
    XCTAssertEqual([host countOfCalls:LDBatchCall(host.kind)], batches, @"%@: %@", kind, host.list.log);
    XCTAssertNil([host staleContent], @"%@", kind);
    [host finishAnimations:YES];
    XCTAssertEqual(host.completionCount, 1u, @"%@: a batch's completion called the glue's again", kind);
}

- (void)testDataChangedBehindTheDiffsBackReloadsWithTheMismatch {
    for (LDTestViewKind kind = LDTestViewKindTable; kind <= LDTestViewKindAppKitCollection; kind++) {
        LDTestListHost *host = [self hostOfKind:kind showing:@"A/ a b | B/ c" inWindow:YES];
        /* The data source changes without telling the view; the diff starts from the new data. */
        NSArray *behind = LDTestSections(@"A/ a b | B/ c d");
        host.dataSource.sections = behind;
        LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:behind
                                                                        targetSections:LDTestSections(@"B/ d c | A/ a")] autorelease];
        XCTAssertNoThrow([host reloadUsingStagedChangeset:staged interrupt:nil], @"%@", LDTestViewKindName(kind));
        [self assertHost:host reloadedTo:@"B/ d c | A/ a"
                 outcome:[LDReloadOutcome outOfSyncOutcomeWithSection:1 expectedCount:2 actualCount:1] batches:0];
    }
}

- (void)testASectionCountOutOfStepReloadsWithTheSectionMismatch {
    for (LDTestViewKind kind = LDTestViewKindTable; kind <= LDTestViewKindAppKitCollection; kind++) {
        LDTestListHost *host = [self hostOfKind:kind showing:@"A/ a" inWindow:YES];
        NSArray *behind = LDTestSections(@"A/ a | B/");
        host.dataSource.sections = behind;
        LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:behind
                                                                        targetSections:LDTestSections(@"B/ b")] autorelease];
        XCTAssertNoThrow([host reloadUsingStagedChangeset:staged interrupt:nil]);
        [self assertHost:host reloadedTo:@"B/ b"
                 outcome:[LDReloadOutcome outOfSyncOutcomeWithSection:NSNotFound expectedCount:2 actualCount:1] batches:0];
    }
}

- (void)testAFlatListNeedsItsSectionAndItsCount {
    LDTestListHost *host = [self hostOfKind:LDTestViewKindTable showing:@"A/ a" inWindow:YES];
    host.flatSection = 1;
    host.dataSource.sections = LDTestSections(@"A/ a | F/ x");
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSource:LDTestModels(@"x") target:LDTestModels(@"y x")
                                                                   section:1] autorelease];
    XCTAssertNoThrow([host reloadUsingStagedChangeset:staged interrupt:nil]);
    [self assertHost:host reloadedTo:@"A/ a | F/ y x"
             outcome:[LDReloadOutcome outOfSyncOutcomeWithSection:NSNotFound expectedCount:2 actualCount:1] batches:0];

    host = [self hostOfKind:LDTestViewKindCollection showing:@"A/ a | F/ x z" inWindow:YES];
    host.flatSection = 1;
    host.dataSource.sections = LDTestSections(@"A/ a | F/ x");
    XCTAssertNoThrow([host reloadUsingStagedChangeset:staged interrupt:nil]);
    [self assertHost:host reloadedTo:@"A/ a | F/ y x"
             outcome:[LDReloadOutcome outOfSyncOutcomeWithSection:1 expectedCount:1 actualCount:2] batches:0];
}

- (void)testNotInAWindowReloads {
    for (LDTestViewKind kind = LDTestViewKindTable; kind <= LDTestViewKindAppKitCollection; kind++) {
        LDTestListHost *host = [self hostOfKind:kind showing:@"A/ a b" inWindow:NO];
        LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:LDTestSections(@"A/ a b")
                                                                        targetSections:LDTestSections(@"A/ b c:1 | B/")] autorelease];
        [host reloadUsingStagedChangeset:staged interrupt:nil];
        [self assertHost:host reloadedTo:@"A/ b c:1 | B/"
                 outcome:[LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonNotInWindow] batches:0];
    }
}

- (void)testInterruptReloadsBeforeTheStageItIsAskedAbout {
    NSArray *source = LDTestSections(@"A/ a b:0 c | B/ d");
    NSArray *target = LDTestSections(@"B/ d a | C/ | A/ b:1");
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:source targetSections:target] autorelease];
    XCTAssertTrue(staged.count >= 2, @"%@", staged);
    for (NSUInteger stop = 0; stop < staged.count; stop++) {
        for (LDTestViewKind kind = LDTestViewKindTable; kind <= LDTestViewKindAppKitCollection; kind++) {
            LDTestListHost *host = [[[LDTestListHost alloc] initWithKind:kind sections:source inWindow:YES] autorelease];
            __block NSUInteger asked = 0;
            NSArray *changesets = staged.changesets;
            [host reloadUsingStagedChangeset:staged interrupt:^BOOL(LDChangeset *changeset) {
                XCTAssertTrue(changeset == [changesets objectAtIndex:asked], @"asked about stage %lu out of order", (unsigned long)asked);
                return asked++ == stop;
            }];
            XCTAssertEqual(asked, stop + 1);
            [self assertHost:host reloadedTo:@"B/ d a | C/ | A/ b:1"
                     outcome:[LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonInterrupted] batches:stop];
        }
    }
}

- (void)testAnEmptyStagedChangesetCompletesAtOnceAnimated {
    LDTestListHost *host = [self hostOfKind:LDTestViewKindTable showing:@"A/ a" inWindow:NO];
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:LDTestSections(@"A/ a")
                                                                    targetSections:LDTestSections(@"A/ a")] autorelease];
    XCTAssertEqual(staged.count, 0u);
    [host reloadUsingStagedChangeset:staged interrupt:^BOOL(LDChangeset *changeset) { return YES; }];
    XCTAssertEqual(host.completionCount, 1u);
    XCTAssertEqualObjects(host.outcome, [LDReloadOutcome animatedOutcomeWithFinished:YES]);
    XCTAssertEqual(host.list.log.count, 1u, @"%@", host.list.log); /* the first reloadData alone */
}

- (void)testTheCompletionComesOnceAfterTheLastStageWithItsFinishedFlag {
    for (LDTestViewKind kind = LDTestViewKindTable; kind <= LDTestViewKindAppKitCollection; kind++) {
        LDTestListHost *host = [self hostOfKind:kind showing:@"A/ a b:0 c | B/ d" inWindow:YES];
        LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:host.dataSource.sections
                                                                        targetSections:LDTestSections(@"B/ d a | C/ | A/ b:1")] autorelease];
        [host reloadUsingStagedChangeset:staged interrupt:nil];
        XCTAssertEqual(host.completionCount, 0u, @"before the animations ended");
        XCTAssertEqual(host.list.pendingCompletionCount, 1u, @"%@: one completion, for the last batch", LDTestViewKindName(kind));
        [host finishAnimations:NO];
        XCTAssertEqual(host.completionCount, 1u);
        XCTAssertEqualObjects(host.outcome, [LDReloadOutcome animatedOutcomeWithFinished:NO]);
        XCTAssertEqual([host countOfCalls:LDBatchCall(kind)], staged.count);
        XCTAssertNil([host staleContent]);
    }
}

- (void)testTheTableUsesEachKindsAnimationAndReconfigures {
    LDTestListHost *host = [self hostOfKind:LDTestViewKindTable showing:@"A/ a b:0 c | B/ d | D:0/" inWindow:YES];
    UITableView *tableView = host.view;
    LDTestListDataSource *dataSource = host.dataSource;
    NSArray *target = LDTestSections(@"C/ x | A/ b:1 c | D:1/");
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:dataSource.sections targetSections:target] autorelease];
    __block NSUInteger completions = 0;
    [tableView ld_reloadUsingStagedChangeset:staged
                     deleteSectionsAnimation:UITableViewRowAnimationFade
                     insertSectionsAnimation:UITableViewRowAnimationRight
                     reloadSectionsAnimation:UITableViewRowAnimationLeft
                         deleteRowsAnimation:UITableViewRowAnimationTop
                         insertRowsAnimation:UITableViewRowAnimationBottom
                         reloadRowsAnimation:UITableViewRowAnimationMiddle
                        reconfiguringUpdates:YES
                                   interrupt:nil
                                  completion:^(LDReloadOutcome *outcome) { completions++; }
                                     setData:^(NSArray *data) { dataSource.sections = data; }];
    NSArray *log = host.list.log;
    XCTAssertTrue([log containsObject:@"deleteSections:withRowAnimation: [1] 0"], @"%@", log);
    XCTAssertTrue([log containsObject:@"insertSections:withRowAnimation: [0] 1"], @"%@", log);
    XCTAssertTrue([log containsObject:@"reloadSections:withRowAnimation: [2] 2"], @"%@", log);
    XCTAssertTrue([log containsObject:@"deleteRowsAtIndexPaths:withRowAnimation: [0-0] 3"], @"%@", log);
    XCTAssertTrue([log containsObject:@"reconfigureRowsAtIndexPaths: [0-1]"], @"%@", log);
    [host finishAnimations:YES];
    XCTAssertEqual(completions, 1u);
    XCTAssertNil([host staleContent]);
}

@end

#endif
