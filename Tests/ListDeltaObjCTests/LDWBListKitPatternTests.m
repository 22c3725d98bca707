/*
 * WBListKit's pattern: a table adapter whose sections of rows (each with an identifier) are
 * edited between -begin and -commit; -commit diffs the snapshot taken at -begin against the
 * sections now and animates the difference on the table view. About 11,000 rows; rows added,
 * removed, moved (within and across sections) and edited between commits.
 */
#import <XCTest/XCTest.h>

#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

/* The adapter: mutable sections of rows, a snapshot at -begin. */
@interface LDWBTableAdapter : NSObject {
  @private
    NSMutableArray *_models;
    NSMutableArray *_rows;
    NSArray *_snapshot;
}
@property (nonatomic, readonly) NSMutableArray *models;
@property (nonatomic, readonly) NSMutableArray *rows; /* NSMutableArray of rows per section */
- (NSArray *)sections;
- (void)begin;
/* The staged changeset from the snapshot to the sections now. */
- (LDStagedChangeset *)commit;
@end

@implementation LDWBTableAdapter

@synthesize models = _models;
@synthesize rows = _rows;

- (instancetype)init {
    if ((self = [super init])) {
        _models = [[NSMutableArray alloc] init];
        _rows = [[NSMutableArray alloc] init];
    }
    return self;
}

- (void)dealloc {
    [_models release];
    [_rows release];
    [_snapshot release];
    [super dealloc];
}

- (NSArray *)sections {
    NSMutableArray *sections = [NSMutableArray array];
    for (NSUInteger s = 0; s < _models.count; s++) {
        [sections addObject:[LDArraySection sectionWithModel:[_models objectAtIndex:s] elements:[_rows objectAtIndex:s]]];
    }
    return sections;
}

- (void)begin {
    [_snapshot release];
    _snapshot = [[self sections] retain];
}

- (LDStagedChangeset *)commit {
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:_snapshot targetSections:[self sections]] autorelease];
    [_snapshot release];
    _snapshot = nil;
    return staged;
}

@end

@interface LDWBListKitPatternTests : XCTestCase
@end

@implementation LDWBListKitPatternTests

- (void)testCommitsOfElevenThousandRowsAnimateOnATableView {
    LDTestRandom random = {20261125};
    LDWBTableAdapter *adapter = [[[LDWBTableAdapter alloc] init] autorelease];
    NSUInteger nextRow = 0;
    for (NSUInteger s = 0; s < 23; s++) {
        [adapter.models addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"section%lu", (unsigned long)s] value:@"0"]];
        NSMutableArray *rows = [NSMutableArray array];
        for (NSUInteger r = 0; r < 500; r++) {
            [rows addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"row%lu", (unsigned long)nextRow++] value:@"0"]];
        }
        [adapter.rows addObject:rows];
    }
    LDTestListHost *host = [[[LDTestListHost alloc] initWithKind:LDTestViewKindTable sections:[adapter sections] inWindow:YES] autorelease];
    XCTAssertEqual([host.view numberOfRowsInSection:22], 500);
    NSUInteger batches = 0;
    for (NSUInteger commit = 0; commit < 4; commit++) {
        [adapter begin];
        for (NSUInteger edit = 0; edit < 300; edit++) {
            NSMutableArray *rows = [adapter.rows objectAtIndex:LDTestRandomBelow(&random, adapter.rows.count)];
            NSUInteger kind = LDTestRandomBelow(&random, 4);
            if (kind == 0) {
                [rows insertObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"row%lu", (unsigned long)nextRow++] value:@"0"]
                           atIndex:LDTestRandomBelow(&random, rows.count + 1)];
            } else if (rows.count == 0) {
                continue;
            } else if (kind == 1) {
                [rows removeObjectAtIndex:LDTestRandomBelow(&random, rows.count)];
            } else if (kind == 2) {
                NSUInteger at = LDTestRandomBelow(&random, rows.count);
                LDTestModel *row = [[rows objectAtIndex:at] retain];
                [rows removeObjectAtIndex:at];
                NSMutableArray *to = [adapter.rows objectAtIndex:LDTestRandomBelow(&random, adapter.rows.count)];
                [to insertObject:row atIndex:LDTestRandomBelow(&random, to.count + 1)];
                [row release];
            } else {
                NSUInteger at = LDTestRandomBelow(&random, rows.count);
                LDTestModel *row = [rows objectAtIndex:at];
                [rows replaceObjectAtIndex:at
                                withObject:[LDTestModel modelWithKey:row.key
                                                               value:[NSString stringWithFormat:@"%lu", (unsigned long)commit + 1]]];
            }
        }
        if (commit == 2) { /* a section leaves, one arrives, two swap */
            [adapter.models removeObjectAtIndex:3];
            [adapter.rows removeObjectAtIndex:3];
            [adapter.models insertObject:[LDTestModel modelWithKey:@"sectionNew" value:@"0"] atIndex:7];
            [adapter.rows insertObject:[NSMutableArray arrayWithObject:[LDTestModel modelWithKey:@"rowNew" value:@"0"]] atIndex:7];
            [adapter.models exchangeObjectAtIndex:0 withObjectAtIndex:12];
            [adapter.rows exchangeObjectAtIndex:0 withObjectAtIndex:12];
        }
        LDStagedChangeset *staged = [adapter commit];
        XCTAssertTrue(staged.count > 0);
        NSUInteger before = host.completionCount;
        @try {
            [host reloadUsingStagedChangeset:staged interrupt:nil];
        } @catch (NSException *exception) {
            XCTFail(@"commit %lu: %@: %@", (unsigned long)commit, exception.name, exception.reason);
            return;
        }
        batches += staged.count;
        [host finishAnimations:YES];
        XCTAssertEqual(host.completionCount, before + 1, @"commit %lu", (unsigned long)commit);
        XCTAssertEqualObjects(host.outcome, [LDReloadOutcome animatedOutcomeWithFinished:YES], @"commit %lu", (unsigned long)commit);
        XCTAssertEqualObjects(LDTestDescribeSections(host.dataSource.sections), LDTestDescribeSections([adapter sections]),
                              @"commit %lu", (unsigned long)commit);
        XCTAssertNil([host staleContent], @"commit %lu", (unsigned long)commit);
    }
    XCTAssertEqual([host countOfCalls:@"performBatchUpdates:completion:"], batches);
    XCTAssertEqual([host countOfCalls:@"reloadData"], 1u);
    NSUInteger rows = 0;
    for (NSArray *section in adapter.rows) { rows += section.count; }
    XCTAssertTrue(rows > 10900 && rows < 11600, @"%lu rows", (unsigned long)rows);
}

@end

#endif
