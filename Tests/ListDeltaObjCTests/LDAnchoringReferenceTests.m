/* The anchoring reference on cases worked out by hand: the randomised anchoring tests trust it. */
#import <XCTest/XCTest.h>

#import "LDAnchoringReference.h"
#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

/* An NSTableView data source over LDTestModels. */
@interface LDReferenceRows : NSObject <NSTableViewDataSource> {
  @private
    NSArray *_rows;
}
@property (nonatomic, copy) NSArray<LDTestModel *> *rows;
@end

@implementation LDReferenceRows

@synthesize rows = _rows;

- (void)dealloc {
    [_rows release];
    [super dealloc];
}

- (NSInteger)numberOfRowsInTableView:(NSTableView *)tableView {
    return (NSInteger)_rows.count;
}

@end

@interface LDAnchoringReferenceTests : XCTestCase
@end

@implementation LDAnchoringReferenceTests

static NSArray<LDTestModel *> *LDRows(NSUInteger from, NSUInteger to) {
    NSMutableArray *rows = [NSMutableArray array];
    for (NSUInteger k = from; k < to; k++) { [rows addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"r%lu", (unsigned long)k] value:@"0"]]; }
    return rows;
}

static NSArray<LDTestModel *> *LDExtra(NSUInteger count) {
    NSMutableArray *rows = [NSMutableArray array];
    for (NSUInteger k = 0; k < count; k++) { [rows addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"x%lu", (unsigned long)k] value:@"0"]]; }
    return rows;
}

/* The key of the row source shows at indexPath (for the identifier blocks: blocks are not
 objects on GCC's runtime, so each test makes its own). */
static id LDKey(LDTestListDataSource *source, NSIndexPath *indexPath) {
    LDArraySection *section = [source.sections objectAtIndex:[indexPath indexAtPosition:0]];
    return ((LDTestModel *)[section.elements objectAtIndex:[indexPath indexAtPosition:1]]).key;
}

/* 50 rows of 40 in a 200-point table under a 20-point top bar, scrolled to offset. */
static UITableView *LDTable(LDTestListDataSource *source, CGFloat offset) {
    UITableView *table = [[[UITableView alloc] initWithFrame:CGRectMake(0, 0, 100, 200)] autorelease];
    table.rowHeight = 40;
    [table ld_setSafeAreaInsets:UIEdgeInsetsMake(20, 0, 0, 0)];
    source.sections = [NSArray arrayWithObject:[LDArraySection sectionWithModel:@"A" elements:LDRows(0, 50)]];
    table.dataSource = source;
    [table reloadData];
    table.contentOffset = CGPointMake(0, offset);
    return table;
}

/* Replaces the rows with rows by reloadData: the reference reads layouts only. */
static void LDShow(UITableView *table, LDTestListDataSource *source, NSArray *rows) {
    source.sections = [NSArray arrayWithObject:[LDArraySection sectionWithModel:@"A" elements:rows]];
    [table reloadData];
}

- (void)testTheFirstSurvivingRowOnScreenKeepsItsDistanceFromTheVisibleTop {
    LDTestListDataSource *source = [[[LDTestListDataSource alloc] init] autorelease];
    LDReferenceIdentifier key = ^id(NSIndexPath *indexPath) {
        return LDKey(source, indexPath);
    };
    UITableView *table = LDTable(source, 390);
    LDAnchoringReference *reference = [[[LDAnchoringReference alloc] initWithView:table identifier:key] autorelease];
    /* Bounds 390 ..< 590 show r9 (360) to r14 (560); the visible top is 410. */
    XCTAssertEqualObjects([reference.visibleIdentifiers componentsJoinedByString:@" "], @"r9 r10 r11 r12 r13 r14");
    XCTAssertTrue([[reference.distances objectAtIndex:0] doubleValue] == -50);
    XCTAssertFalse(reference.wasAtLeadingEdge || reference.wasAtTrailingEdge);
    /* Three rows above: r9 at 480, so 480 + 50 - 20; UIKit keeps 390. */
    LDShow(table, source, [LDExtra(3) arrayByAddingObjectsFromArray:LDRows(0, 50)]);
    XCTAssertEqualObjects([reference anchorIdentifier], @"r9");
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent].y == 510);
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeBottom].y == 510);
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeTop].y == 510);
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeOff].y == 390);
    XCTAssertTrue([reference keptOffset].y == 390);
    XCTAssertTrue([reference anchorDistanceNow] == 70, @"%g", (double)[reference anchorDistanceNow]);
    table.contentOffset = [reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent];
    XCTAssertTrue([reference anchorDistanceNow] == -50);
    /* r0 to r9 deleted: r10 anchors, now at 40 * 3, 10 above the visible top before. */
    LDShow(table, source, [LDExtra(3) arrayByAddingObjectsFromArray:LDRows(10, 50)]);
    XCTAssertEqualObjects([reference anchorIdentifier], @"r10");
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent].y == 120 + 10 - 20);
}

- (void)testNoSurvivorAdjustsNothingAndTheOffsetIsClampedToTheNewContent {
    LDTestListDataSource *source = [[[LDTestListDataSource alloc] init] autorelease];
    LDReferenceIdentifier key = ^id(NSIndexPath *indexPath) {
        return LDKey(source, indexPath);
    };
    UITableView *table = LDTable(source, 390);
    LDAnchoringReference *reference = [[[LDAnchoringReference alloc] initWithView:table identifier:key] autorelease];
    LDShow(table, source, [LDRows(0, 9) arrayByAddingObjectsFromArray:LDRows(15, 50)]);
    XCTAssertNil([reference anchorIdentifier]);
    XCTAssertTrue(isnan([reference anchorDistanceNow]));
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent].y == 390);
    /* r15 first on screen, 50 above the visible top; then at 320 in 400 points of content: the
     offset it asks, 320 + 50 - 20, is clamped to 400 - 200. */
    table.contentOffset = CGPointMake(0, 390);
    reference = [[[LDAnchoringReference alloc] initWithView:table identifier:key] autorelease];
    XCTAssertTrue([[reference.distances objectAtIndex:0] doubleValue] == -50);
    LDShow(table, source, [LDExtra(8) arrayByAddingObjectsFromArray:LDRows(15, 17)]);
    XCTAssertEqualObjects([reference anchorIdentifier], @"r15");
    XCTAssertTrue(table.contentOffset.y == 200, @"the view clamps by itself: %@", NSStringFromCGPoint(table.contentOffset));
    XCTAssertTrue([reference keptOffset].y == 200);
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent].y == 200);
}

- (void)testTheEdgesStayPinnedInTheirModes {
    LDTestListDataSource *source = [[[LDTestListDataSource alloc] init] autorelease];
    LDReferenceIdentifier key = ^id(NSIndexPath *indexPath) {
        return LDKey(source, indexPath);
    };
    UITableView *table = LDTable(source, 1800);
    LDAnchoringReference *atBottom = [[[LDAnchoringReference alloc] initWithView:table identifier:key] autorelease];
    XCTAssertTrue(atBottom.wasAtTrailingEdge && !atBottom.wasAtLeadingEdge);
    LDShow(table, source, [LDRows(0, 50) arrayByAddingObjectsFromArray:LDExtra(2)]);
    XCTAssertTrue([atBottom expectedOffsetForMode:LDReferenceAnchorModeBottom].y == 1880);
    XCTAssertTrue([atBottom expectedOffsetForMode:LDReferenceAnchorModeVisibleContent].y == 1800);
    table.contentOffset = CGPointMake(0, -20);
    LDAnchoringReference *atTop = [[[LDAnchoringReference alloc] initWithView:table identifier:key] autorelease];
    XCTAssertTrue(atTop.wasAtLeadingEdge && !atTop.wasAtTrailingEdge);
    LDShow(table, source, [LDExtra(3) arrayByAddingObjectsFromArray:LDRows(0, 50)]);
    XCTAssertTrue([atTop expectedOffsetForMode:LDReferenceAnchorModeTop].y == -20);
    /* r0 was at the visible top (-20 + 20); now at 120. */
    XCTAssertTrue([atTop expectedOffsetForMode:LDReferenceAnchorModeVisibleContent].y == 100);
    XCTAssertTrue([atTop expectedOffsetForMode:LDReferenceAnchorModeBottom].y == 100);
}

- (void)testAHorizontalFlowAnchorsAlongX {
    UICollectionViewFlowLayout *layout = [[[UICollectionViewFlowLayout alloc] init] autorelease];
    layout.scrollDirection = UICollectionViewScrollDirectionHorizontal;
    layout.itemSize = CGSizeMake(40, 100);
    layout.minimumLineSpacing = 10;
    UICollectionView *collection = [[[UICollectionView alloc] initWithFrame:CGRectMake(0, 0, 120, 100) collectionViewLayout:layout] autorelease];
    LDTestListDataSource *source = [[[LDTestListDataSource alloc] init] autorelease];
    LDReferenceIdentifier key = ^id(NSIndexPath *indexPath) {
        return LDKey(source, indexPath);
    };
    source.sections = [NSArray arrayWithObject:[LDArraySection sectionWithModel:@"A" elements:LDRows(0, 20)]];
    collection.dataSource = source;
    [collection reloadData];
    collection.contentOffset = CGPointMake(120, 0);
    LDAnchoringReference *reference = [[[LDAnchoringReference alloc] initWithView:collection identifier:key] autorelease];
    /* Columns every 50: r2 at 100 (-20 from 120) is the first on screen. */
    XCTAssertEqualObjects([reference.visibleIdentifiers objectAtIndex:0], @"r2");
    source.sections = [NSArray arrayWithObject:[LDArraySection sectionWithModel:@"A" elements:[LDExtra(1) arrayByAddingObjectsFromArray:LDRows(0, 20)]]];
    [collection reloadData];
    CGPoint expected = [reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent];
    XCTAssertTrue(expected.x == 170 && expected.y == 0, @"%@", NSStringFromCGPoint(expected));
}

- (void)testAnNSTableViewAnchorsThroughItsClipView {
    LDReferenceRows *rows = [[[LDReferenceRows alloc] init] autorelease];
    rows.rows = LDRows(0, 30);
    NSScrollView *scrollView = [[[NSScrollView alloc] initWithFrame:NSMakeRect(0, 0, 100, 100)] autorelease];
    scrollView.automaticallyAdjustsContentInsets = NO;
    scrollView.contentInsets = NSEdgeInsetsMake(10, 0, 0, 0);
    NSTableView *table = [[[NSTableView alloc] initWithFrame:NSMakeRect(0, 0, 100, 0)] autorelease];
    table.rowHeight = 18;
    table.dataSource = rows;
    scrollView.documentView = table;
    [table reloadData];
    [scrollView.contentView scrollToPoint:NSMakePoint(0, 50)];
    LDReferenceIdentifier key = ^id(NSIndexPath *indexPath) {
        return ((LDTestModel *)[rows.rows objectAtIndex:[indexPath indexAtPosition:1]]).key;
    };
    LDAnchoringReference *reference = [[[LDAnchoringReference alloc] initWithView:table identifier:key] autorelease];
    /* Rows of 20: r2 at 40, 40 - 60 from the visible top. */
    XCTAssertEqualObjects([reference.visibleIdentifiers objectAtIndex:0], @"r2");
    XCTAssertTrue([[reference.distances objectAtIndex:0] doubleValue] == -20);
    rows.rows = [LDExtra(4) arrayByAddingObjectsFromArray:LDRows(0, 30)];
    [table reloadData];
    XCTAssertTrue([reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent].y == 130);
    XCTAssertTrue([reference keptOffset].y == 50);
}

@end

#endif
