/* The stand-in views lay out as UIKit and AppKit document: the anchoring tests are only as good
 as this. Every expected frame here is worked out by hand from the documented rules. */
#import <XCTest/XCTest.h>

#import "LDAnchoringReference.h"
#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

/* A table delegate with heights by index, and an NSTableView data source of a row count. */
@interface LDLayoutTestDelegate : NSObject <UITableViewDelegate, NSTableViewDataSource, NSTableViewDelegate> {
  @private
    NSInteger _numberOfRows;
    NSMutableArray *_observed;
}
@property (nonatomic, assign) NSInteger numberOfRows;
/* The names of the notifications observe: received, in order. */
@property (nonatomic, readonly) NSArray<NSString *> *observed;
- (void)observe:(NSNotification *)notification;
@end

@implementation LDLayoutTestDelegate

@synthesize numberOfRows = _numberOfRows;

- (void)dealloc {
    [_observed release];
    [super dealloc];
}

- (NSArray<NSString *> *)observed {
    return _observed != nil ? [[_observed copy] autorelease] : [NSArray array];
}

- (void)observe:(NSNotification *)notification {
    if (_observed == nil) { _observed = [[NSMutableArray alloc] init]; }
    [_observed addObject:notification.name];
}

- (CGFloat)tableView:(UITableView *)tableView heightForRowAtIndexPath:(NSIndexPath *)indexPath {
    /* Row 3 of every section sizes itself. */
    NSUInteger row = [indexPath indexAtPosition:1];
    return row == 3 ? UITableViewAutomaticDimension : (CGFloat)(20 + 10 * row);
}

- (CGFloat)tableView:(UITableView *)tableView heightForHeaderInSection:(NSInteger)section {
    return 5 + section;
}

- (CGFloat)tableView:(UITableView *)tableView heightForFooterInSection:(NSInteger)section {
    return section == 0 ? UITableViewAutomaticDimension : 7;
}

- (NSInteger)numberOfRowsInTableView:(NSTableView *)tableView {
    return _numberOfRows;
}

- (CGFloat)tableView:(NSTableView *)tableView heightOfRow:(NSInteger)row {
    return 10 + row;
}

@end

@interface LDStandInLayoutTests : XCTestCase
@end

@implementation LDStandInLayoutTests

static NSString *LDR(CGFloat x, CGFloat y, CGFloat width, CGFloat height) {
    return NSStringFromCGRect(CGRectMake(x, y, width, height));
}

/* "0-1 0-2": the index paths, for comparing lists. */
static NSString *LDPaths(id<NSFastEnumeration> paths) {
    NSMutableArray *parts = [NSMutableArray array];
    for (NSIndexPath *path in paths) { [parts addObject:LDStandInDescribePath(path)]; }
    return [parts componentsJoinedByString:@" "];
}

static LDTestListDataSource *LDSource(NSString *sections) {
    LDTestListDataSource *source = [[[LDTestListDataSource alloc] init] autorelease];
    source.sections = LDTestSections(sections);
    return source;
}

/* "a b c": each section's keys, separated by "|". */
static NSString *LDKeys(NSUInteger count, NSString *prefix) {
    NSMutableArray *keys = [NSMutableArray array];
    for (NSUInteger k = 0; k < count; k++) { [keys addObject:[NSString stringWithFormat:@"%@%lu", prefix, (unsigned long)k]]; }
    return [keys componentsJoinedByString:@" "];
}

- (void)testFixedHeightsStackHeadersRowsAndFootersAndTheBoundsShowTheVisibleRows {
    LDTestListDataSource *source = LDSource(@"A/ a b c | B/ d e");
    UITableView *table = [[[UITableView alloc] initWithFrame:CGRectMake(0, 0, 320, 200) style:UITableViewStylePlain] autorelease];
    table.rowHeight = 30;
    table.sectionHeaderHeight = 20;
    table.sectionFooterHeight = 10;
    table.dataSource = source;
    [table reloadData];
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForHeaderInSection:0]), LDR(0, 0, 320, 20));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 2)]), LDR(0, 80, 320, 30));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForFooterInSection:0]), LDR(0, 110, 320, 10));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForSection:0]), LDR(0, 0, 320, 120));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForHeaderInSection:1]), LDR(0, 120, 320, 20));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(1, 1)]), LDR(0, 170, 320, 30));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForSection:1]), LDR(0, 120, 320, 90));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(1, 2)]), NSStringFromCGRect(CGRectZero));
    XCTAssertEqualObjects(NSStringFromCGSize(table.contentSize), NSStringFromCGSize(CGSizeMake(320, 210)));
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-0 0-1 0-2 1-0 1-1");
    table.contentOffset = CGPointMake(0, 100);
    XCTAssertEqualObjects(NSStringFromCGRect(table.bounds), LDR(0, 100, 320, 200));
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-2 1-0 1-1");
    table.contentOffset = CGPointMake(0, 80.5);
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-2 1-0 1-1", @"a row ending at the top is not visible");
    table.contentOffset = CGPointMake(0, 79.5);
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-1 0-2 1-0 1-1", @"partially visible counts");
}

- (void)testDelegatedHeightsAndSelfSizingRowsWithoutEstimates {
    LDTestListDataSource *source = LDSource(@"A/ a b c d e | B/ f");
    LDLayoutTestDelegate *delegate = [[[LDLayoutTestDelegate alloc] init] autorelease];
    UITableView *table = [[[UITableView alloc] initWithFrame:CGRectMake(0, 0, 100, 50)] autorelease];
    table.estimatedRowHeight = 0;
    table.dataSource = source;
    table.delegate = delegate;
    table.ld_fittingHeightForRowAtIndexPath = ^CGFloat(NSIndexPath *indexPath) {
        return 33;
    };
    [table reloadData];
    /* Header 5, rows 20 30 40, row 3 self-sizing 33, row 4 60, footer automatic 0; header 6, 20, footer 7. */
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 0)]), LDR(0, 5, 100, 20));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 3)]), LDR(0, 95, 100, 33));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 4)]), LDR(0, 128, 100, 60));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForFooterInSection:0]), LDR(0, 188, 100, 0));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForHeaderInSection:1]), LDR(0, 188, 100, 6));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(1, 0)]), LDR(0, 194, 100, 20));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForFooterInSection:1]), LDR(0, 214, 100, 7));
    XCTAssertTrue(table.contentSize.height == 221, @"%@", NSStringFromCGSize(table.contentSize));
    /* Without a fitting height, a self-sizing row is UIKit's default 44. */
    table.ld_fittingHeightForRowAtIndexPath = nil;
    [table reloadData];
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 3)]), LDR(0, 95, 100, 44));
}

- (void)testAnEstimatedRowHasItsEstimateUntilShownThenItsRealHeightThroughBatches {
    LDTestListDataSource *source = LDSource([NSString stringWithFormat:@"A/ %@", LDKeys(100, @"r")]);
    __block NSUInteger fittings = 0;
    UITableView *table = [[[UITableView alloc] initWithFrame:CGRectMake(0, 0, 100, 100)] autorelease];
    table.estimatedRowHeight = 50;
    table.dataSource = source;
    /* Row "r<k>" fits in 30 + k, wherever it is. */
    table.ld_fittingHeightForRowAtIndexPath = ^CGFloat(NSIndexPath *indexPath) {
        fittings++;
        LDTestModel *row = [[[source.sections objectAtIndex:0] elements] objectAtIndex:[indexPath indexAtPosition:1]];
        return 30 + (CGFloat)[[row.key substringFromIndex:1] integerValue];
    };
    [table reloadData];
    /* Shown at once: rows 0-3 (30 + 31 + 32 = 93 < 100), measured; row 4 at 126 keeps its estimate. */
    XCTAssertEqual(fittings, (NSUInteger)4);
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-0 0-1 0-2 0-3");
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 3)]), LDR(0, 93, 100, 33));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 4)]), LDR(0, 126, 100, 50));
    XCTAssertTrue(table.contentSize.height == 126 + 96 * 50, @"%@", NSStringFromCGSize(table.contentSize));
    /* Scrolled: nothing changes until a layout pass, which measures the rows then in the bounds. */
    table.contentOffset = CGPointMake(0, 1000);
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 21)]), LDR(0, 976, 100, 50));
    [table layoutIfNeeded];
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 21)]), LDR(0, 976, 100, 51));
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-21 0-22 0-23");
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 22)]), LDR(0, 1027, 100, 52));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 20)]), LDR(0, 926, 100, 50));
    XCTAssertEqual(fittings, (NSUInteger)7);
    /* An insert above: the new row is estimated, the measured ones keep their heights where they
     moved, the offset is kept, and the rows now in the bounds are measured. */
    NSMutableArray *rows = [[((LDArraySection *)[source.sections objectAtIndex:0]).elements mutableCopy] autorelease];
    [rows insertObject:[LDTestModel modelWithKey:@"new" value:@"0"] atIndex:0];
    [table performBatchUpdates:^{
        [source setElements:rows inSection:0];
        [table insertRowsAtIndexPaths:[NSArray arrayWithObject:LDTestPath(0, 0)] withRowAnimation:UITableViewRowAnimationNone];
    }
                    completion:nil];
    XCTAssertTrue(table.contentOffset.y == 1000);
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 0)]), LDR(0, 0, 100, 50));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 1)]), LDR(0, 50, 100, 30));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 22)]), LDR(0, 1026, 100, 51));
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-21 0-22 0-23");
    XCTAssertEqual(fittings, (NSUInteger)8, @"r20, now in the bounds, measured once");
    /* A reload drops a row's real height: it is measured again when shown. */
    [table reloadRowsAtIndexPaths:[NSArray arrayWithObject:LDTestPath(0, 22)] withRowAnimation:UITableViewRowAnimationNone];
    XCTAssertEqual(fittings, (NSUInteger)9);
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 22)]), LDR(0, 1026, 100, 51));
    /* A section reload drops them all: every row above is an estimate again (20 of 50), and the
     rows then on screen (r19, r20, r21) are measured. */
    [table reloadSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationNone];
    XCTAssertEqual(fittings, (NSUInteger)12);
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 20)]), LDR(0, 1000, 100, 49));
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-20 0-21 0-22");
}

- (void)testAdjustedInsetsAddTheSafeAreaAndBoundTheClampAfterAShrinkingBatch {
    LDTestListDataSource *source = LDSource([NSString stringWithFormat:@"A/ %@", LDKeys(50, @"r")]);
    UITableView *table = [[[UITableView alloc] initWithFrame:CGRectMake(0, 0, 100, 400)] autorelease];
    table.rowHeight = 40;
    table.contentInset = UIEdgeInsetsMake(10, 1, 20, 2);
    [table ld_setSafeAreaInsets:UIEdgeInsetsMake(44, 0, 34, 0)];
    table.dataSource = source;
    [table reloadData];
    XCTAssertEqualObjects(NSStringFromUIEdgeInsets(table.adjustedContentInset), NSStringFromUIEdgeInsets(UIEdgeInsetsMake(54, 1, 54, 2)));
    XCTAssertEqualObjects(NSStringFromUIEdgeInsets(table.contentInset), NSStringFromUIEdgeInsets(UIEdgeInsetsMake(10, 1, 20, 2)));
    /* The setter does not clamp: an offset past the end stays until the content changes. */
    table.contentOffset = CGPointMake(0, 5000);
    XCTAssertTrue(table.contentOffset.y == 5000);
    NSUInteger writes = table.ld_offsetWriteCount;
    [table performBatchUpdates:^{
        [source setElements:LDTestModels(LDKeys(20, @"r")) inSection:0];
        NSMutableArray *deleted = [NSMutableArray array];
        for (NSUInteger row = 20; row < 50; row++) { [deleted addObject:LDTestPath(0, row)]; }
        [table deleteRowsAtIndexPaths:deleted withRowAnimation:UITableViewRowAnimationAutomatic];
    }
                    completion:nil];
    /* 20 rows: 800 + 54 - 400. */
    XCTAssertTrue(table.contentOffset.y == 454, @"%@", NSStringFromCGPoint(table.contentOffset));
    XCTAssertEqual(table.ld_offsetWriteCount, writes, @"the view's own clamping is not a write");
    /* Shorter than the view: at the top, under the top inset. */
    [source setElements:LDTestModels(@"a b") inSection:0];
    [table reloadData];
    XCTAssertTrue(table.contentOffset.y == -54, @"%@", NSStringFromCGPoint(table.contentOffset));
    /* A growing batch keeps the offset, as UIKit does without anchoring. */
    [source setElements:LDTestModels(LDKeys(20, @"r")) inSection:0];
    [table reloadData];
    table.contentOffset = CGPointMake(0, 100);
    [table performBatchUpdates:^{
        [source setElements:[[NSArray arrayWithObject:[LDTestModel modelWithKey:@"x" value:@"0"]]
                                arrayByAddingObjectsFromArray:LDTestModels(LDKeys(20, @"r"))]
                  inSection:0];
        [table insertRowsAtIndexPaths:[NSArray arrayWithObject:LDTestPath(0, 0)] withRowAnimation:UITableViewRowAnimationNone];
    }
                    completion:nil];
    XCTAssertTrue(table.contentOffset.y == 100, @"%@", NSStringFromCGPoint(table.contentOffset));
}

- (void)testTheOffsetSetterLeavesADecelerationRunningAndTheAnimatedSetterStopsIt {
    UIScrollView *scrollView = [[[UIScrollView alloc] initWithFrame:CGRectMake(0, 0, 10, 10)] autorelease];
    XCTAssertFalse(scrollView.isTracking || scrollView.isDragging || scrollView.isDecelerating);
    [scrollView ld_beginTouch];
    XCTAssertTrue(scrollView.isTracking && !scrollView.isDragging);
    [scrollView ld_beginDrag];
    XCTAssertTrue(scrollView.isTracking && scrollView.isDragging && !scrollView.isDecelerating);
    [scrollView ld_endDragDecelerating:YES];
    XCTAssertTrue(!scrollView.isTracking && !scrollView.isDragging && scrollView.isDecelerating);
    scrollView.contentOffset = CGPointMake(0, 5);
    XCTAssertTrue(scrollView.isDecelerating, @"the property setter leaves a deceleration running (radar 16724593)");
    [scrollView setContentOffset:CGPointMake(0, 7) animated:NO];
    XCTAssertFalse(scrollView.isDecelerating, @"setContentOffset:animated: stops it");
    XCTAssertTrue(scrollView.contentOffset.y == 7 && scrollView.bounds.origin.y == 7);
    [scrollView ld_beginDrag];
    [scrollView ld_endDragDecelerating:YES];
    [scrollView ld_endDeceleration];
    XCTAssertFalse(scrollView.isDecelerating);
    scrollView.bounds = CGRectMake(0, 9, 10, 10);
    XCTAssertEqual(scrollView.ld_offsetWriteCount, (NSUInteger)3);
    XCTAssertTrue(scrollView.contentOffset.y == 9);
}

- (void)testAnAnimatedBatchReportsItsLayoutBeforeItsCompletion {
    LDTestListDataSource *source = LDSource(@"A/ a b c");
    UITableView *table = [[[UITableView alloc] initWithFrame:CGRectMake(0, 0, 100, 60)] autorelease];
    table.rowHeight = 30;
    table.dataSource = source;
    [table reloadData];
    table.contentOffset = CGPointMake(0, 30);
    __block BOOL completed = NO;
    [table performBatchUpdates:^{
        [source setElements:LDTestModels(@"x y a b c") inSection:0];
        [table insertRowsAtIndexPaths:[NSArray arrayWithObjects:LDTestPath(0, 0), LDTestPath(0, 1), nil]
                     withRowAnimation:UITableViewRowAnimationFade];
    }
                    completion:^(BOOL finished) {
                        completed = finished;
                    }];
    XCTAssertFalse(completed);
    XCTAssertEqualObjects(NSStringFromCGRect([table rectForRowAtIndexPath:LDTestPath(0, 2)]), LDR(0, 60, 100, 30));
    XCTAssertTrue(table.contentSize.height == 150 && table.contentOffset.y == 30);
    XCTAssertEqualObjects(LDPaths(table.indexPathsForVisibleRows), @"0-1 0-2");
    [table.ld_list finishAnimations:YES];
    XCTAssertTrue(completed);
}

- (void)testAVerticalFlowJustifiesLinesCentresALoneItemAndSelfSizes {
    UICollectionViewFlowLayout *layout = [[[UICollectionViewFlowLayout alloc] init] autorelease];
    layout.itemSize = CGSizeMake(50, 40);
    layout.minimumInteritemSpacing = 10;
    layout.minimumLineSpacing = 5;
    layout.sectionInset = UIEdgeInsetsMake(8, 10, 12, 10);
    layout.headerReferenceSize = CGSizeMake(0, 25);
    layout.footerReferenceSize = CGSizeMake(0, 3);
    UICollectionView *collection = [[[UICollectionView alloc] initWithFrame:CGRectMake(0, 0, 200, 100)
                                                       collectionViewLayout:layout] autorelease];
    LDTestListDataSource *source = LDSource(@"A/ a b c d | B/");
    collection.dataSource = source;
    [collection reloadData];
    /* 180 across: three of 50 (+10) fit, justified 15 apart; the fourth alone, centred. */
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 0)].frame), LDR(10, 33, 50, 40));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 1)].frame), LDR(75, 33, 50, 40));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 2)].frame), LDR(140, 33, 50, 40));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 3)].frame), LDR(75, 78, 50, 40));
    XCTAssertNil([collection layoutAttributesForItemAtIndexPath:LDTestPath(1, 0)]);
    /* 25 + 8 + 40 + 5 + 40 + 12 + 3, and the empty section's 25 + 8 + 12 + 3. */
    XCTAssertTrue(collection.contentSize.height == 133 + 48 && collection.contentSize.width == 200,
                  @"%@", NSStringFromCGSize(collection.contentSize));
    XCTAssertEqualObjects(LDPaths(collection.indexPathsForVisibleItems), @"0-0 0-1 0-2 0-3");
    /* Estimated sizes: the items shown take their fitting size, each centred in its line. */
    layout.estimatedItemSize = CGSizeMake(50, 40);
    collection.ld_fittingSizeForItemAtIndexPath = ^CGSize(NSIndexPath *indexPath) {
        return CGSizeMake(50, 20 + 10 * (CGFloat)[indexPath indexAtPosition:1]);
    };
    collection.contentOffset = CGPointMake(0, 40);
    XCTAssertEqualObjects(LDPaths(collection.indexPathsForVisibleItems), @"0-0 0-1 0-2 0-3");
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 0)].frame), LDR(10, 43, 50, 20));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 2)].frame), LDR(140, 33, 50, 40));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 3)].frame), LDR(75, 78, 50, 50));
}

- (void)testAHorizontalFlowRunsAlongXAndClampsAlongX {
    UICollectionViewFlowLayout *layout = [[[UICollectionViewFlowLayout alloc] init] autorelease];
    layout.scrollDirection = UICollectionViewScrollDirectionHorizontal;
    layout.itemSize = CGSizeMake(80, 50);
    layout.minimumLineSpacing = 10;
    layout.minimumInteritemSpacing = 5;
    layout.sectionInset = UIEdgeInsetsMake(10, 20, 10, 20);
    layout.headerReferenceSize = CGSizeMake(30, 999);
    UICollectionView *collection = [[[UICollectionView alloc] initWithFrame:CGRectMake(0, 0, 100, 200)
                                                       collectionViewLayout:layout] autorelease];
    LDTestListDataSource *source = LDSource(@"A/ a b c d e f g");
    collection.dataSource = source;
    [collection reloadData];
    /* Columns of three (180 high), justified 15 apart; the seventh alone, centred. */
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 0)].frame), LDR(50, 10, 80, 50));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 2)].frame), LDR(50, 140, 80, 50));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 4)].frame), LDR(140, 75, 80, 50));
    XCTAssertEqualObjects(NSStringFromCGRect([collection layoutAttributesForItemAtIndexPath:LDTestPath(0, 6)].frame), LDR(230, 75, 80, 50));
    XCTAssertEqualObjects(NSStringFromCGSize(collection.contentSize), NSStringFromCGSize(CGSizeMake(330, 200)));
    collection.contentOffset = CGPointMake(150, 0);
    XCTAssertEqualObjects(LDPaths(collection.indexPathsForVisibleItems), @"0-3 0-4 0-5 0-6");
    /* Four items: two columns, 240 long; the offset is clamped along x to 240 - 100. */
    [collection performBatchUpdates:^{
        [source setElements:LDTestModels(@"a b c d") inSection:0];
        [collection deleteItemsAtIndexPaths:[NSArray arrayWithObjects:LDTestPath(0, 4), LDTestPath(0, 5), LDTestPath(0, 6), nil]];
    }
                         completion:nil];
    XCTAssertTrue(collection.contentOffset.x == 140 && collection.contentOffset.y == 0, @"%@",
                  NSStringFromCGPoint(collection.contentOffset));
}

/* An NSTableView of rows as the document view of a scroll view. */
static NSScrollView *LDScrollViewWithTable(LDLayoutTestDelegate *source, NSRect frame) {
    NSScrollView *scrollView = [[[NSScrollView alloc] initWithFrame:frame] autorelease];
    NSTableView *table = [[[NSTableView alloc] initWithFrame:NSMakeRect(0, 0, frame.size.width, 0)] autorelease];
    table.rowHeight = 20;
    table.dataSource = source;
    scrollView.documentView = table;
    [table reloadData];
    return scrollView;
}

- (void)testAnNSTableViewInItsScrollViewTilesItsRowsAndItsClipViewConstrains {
    LDLayoutTestDelegate *source = [[[LDLayoutTestDelegate alloc] init] autorelease];
    source.numberOfRows = 10;
    NSScrollView *scrollView = LDScrollViewWithTable(source, NSMakeRect(0, 0, 200, 100));
    NSTableView *table = (NSTableView *)scrollView.documentView;
    NSClipView *clip = scrollView.contentView;
    XCTAssertTrue(table.enclosingScrollView == scrollView && clip.documentView == table);
    /* Rows of 20 + 2 (intercellSpacing {3, 2}). */
    XCTAssertEqualObjects(NSStringFromCGRect([table rectOfRow:3]), LDR(0, 66, 200, 22));
    XCTAssertEqualObjects(NSStringFromCGRect([table rectOfRow:10]), NSStringFromCGRect(NSZeroRect));
    XCTAssertEqualObjects(NSStringFromCGRect(table.frame), LDR(0, 0, 200, 220));
    [clip scrollToPoint:NSMakePoint(0, 80)];
    [scrollView reflectScrolledClipView:clip];
    XCTAssertEqualObjects(NSStringFromCGRect(table.visibleRect), LDR(0, 80, 200, 100));
    XCTAssertEqualObjects(NSStringFromCGRect(scrollView.documentVisibleRect), LDR(0, 80, 200, 100));
    XCTAssertEqualObjects(NSStringFromRange([table rowsInRect:table.visibleRect]), NSStringFromRange(NSMakeRange(3, 6)));
    [clip scrollToPoint:NSMakePoint(0, 500)];
    XCTAssertTrue(clip.bounds.origin.y == 120, @"scrollToPoint: constrains: %@", NSStringFromCGRect(clip.bounds));
    XCTAssertEqual(clip.ld_offsetWriteCount, (NSUInteger)2);
    XCTAssertEqual(scrollView.ld_reflectCount, (NSUInteger)1);
    /* Insets only when not automatic; a shrinking update: the frame follows, the clip constrains. */
    scrollView.contentInsets = NSEdgeInsetsMake(30, 0, 5, 0);
    XCTAssertTrue(scrollView.contentInsets.top == 0, @"automatic insets: no title bar here");
    scrollView.automaticallyAdjustsContentInsets = NO;
    XCTAssertTrue(scrollView.contentInsets.top == 30 && clip.contentInsets.bottom == 5);
    [table beginUpdates];
    source.numberOfRows = 5;
    [table removeRowsAtIndexes:[NSIndexSet indexSetWithIndexesInRange:NSMakeRange(5, 5)] withAnimation:NSTableViewAnimationEffectFade];
    XCTAssertTrue(clip.bounds.origin.y == 120, @"no tiling before endUpdates");
    [table endUpdates];
    XCTAssertEqualObjects(NSStringFromCGRect(table.frame), LDR(0, 0, 200, 110));
    XCTAssertTrue(clip.bounds.origin.y == 15, @"110 + 5 - 100: %@", NSStringFromCGRect(clip.bounds));
    [clip scrollToPoint:NSMakePoint(0, -100)];
    XCTAssertTrue(clip.bounds.origin.y == -30);
    XCTAssertEqual(clip.ld_offsetWriteCount, (NSUInteger)3, @"constraining is not a write");
    /* Delegated heights, read again when noted. */
    table.delegate = source;
    XCTAssertEqualObjects(NSStringFromCGRect([table rectOfRow:2]), LDR(0, 10 + 11 + 2 + 2, 200, 14));
}

- (void)testLiveScrollsPostTheirNotifications {
    LDLayoutTestDelegate *source = [[[LDLayoutTestDelegate alloc] init] autorelease];
    source.numberOfRows = 50;
    NSScrollView *scrollView = LDScrollViewWithTable(source, NSMakeRect(0, 0, 200, 100));
    NSNotificationCenter *center = [NSNotificationCenter defaultCenter];
    NSArray *names = [NSArray arrayWithObjects:NSScrollViewWillStartLiveScrollNotification, NSScrollViewDidLiveScrollNotification,
                                               NSScrollViewDidEndLiveScrollNotification, nil];
    for (NSString *name in names) { [center addObserver:source selector:@selector(observe:) name:name object:scrollView]; }
    [scrollView ld_beginLiveScroll];
    [scrollView ld_liveScrollToPoint:NSMakePoint(0, 300)];
    [scrollView ld_endLiveScroll];
    [center removeObserver:source];
    XCTAssertEqualObjects(source.observed, names);
    XCTAssertTrue(scrollView.contentView.bounds.origin.y == 300);
    XCTAssertEqual(scrollView.contentView.ld_offsetWriteCount, (NSUInteger)0, @"the user's scrolling is not a write");
}

- (void)testAnNSCollectionViewFlowsInItsScrollView {
    NSScrollView *scrollView = [[[NSScrollView alloc] initWithFrame:NSMakeRect(0, 0, 120, 60)] autorelease];
    NSCollectionView *collection = [[[NSCollectionView alloc] initWithFrame:NSMakeRect(0, 0, 120, 0)] autorelease];
    NSCollectionViewFlowLayout *layout = [[[NSCollectionViewFlowLayout alloc] init] autorelease];
    layout.itemSize = NSMakeSize(50, 30);
    layout.minimumLineSpacing = 10;
    layout.sectionInset = NSEdgeInsetsMake(5, 0, 5, 0);
    layout.headerReferenceSize = NSMakeSize(0, 20);
    collection.collectionViewLayout = layout;
    LDTestListDataSource *source = LDSource(@"A/ a b c d e");
    collection.dataSource = source;
    scrollView.documentView = collection;
    [collection reloadData];
    /* Two of 50 (+10) across 120, justified: x 0 and 70. */
    XCTAssertEqualObjects(NSStringFromCGRect([collection frameForItemAtIndexPath:LDTestPath(0, 3)]), LDR(70, 65, 50, 30));
    XCTAssertEqualObjects(NSStringFromCGRect([collection frameForItemAtIndexPath:LDTestPath(0, 4)]), LDR(35, 105, 50, 30));
    XCTAssertEqualObjects(NSStringFromCGRect(collection.frame), LDR(0, 0, 120, 140));
    [scrollView.contentView scrollToPoint:NSMakePoint(0, 40)];
    NSArray *visible = [[collection.indexPathsForVisibleItems allObjects] sortedArrayUsingSelector:@selector(compare:)];
    XCTAssertEqualObjects(LDPaths(visible), @"0-0 0-1 0-2 0-3");
    [scrollView.contentView scrollToPoint:NSMakePoint(0, 60)];
    visible = [[collection.indexPathsForVisibleItems allObjects] sortedArrayUsingSelector:@selector(compare:)];
    XCTAssertEqualObjects(LDPaths(visible), @"0-2 0-3 0-4");
    [collection performBatchUpdates:^{
        [source setElements:LDTestModels(@"a b") inSection:0];
        [collection deleteItemsAtIndexPaths:[NSSet setWithObjects:LDTestPath(0, 2), LDTestPath(0, 3), LDTestPath(0, 4), nil]];
    }
                  completionHandler:nil];
    XCTAssertEqualObjects(NSStringFromCGRect(collection.frame), LDR(0, 0, 120, 60));
    XCTAssertTrue(scrollView.contentView.bounds.origin.y == 0, @"%@", NSStringFromCGRect(scrollView.contentView.bounds));
}

@end

#endif
