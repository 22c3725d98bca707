/*
 * Scroll anchoring through every Objective-C entry point with an anchoring: argument, on random
 * layouts, against LDAnchoringReference: each stage of a staged changeset is checked at the next
 * setData, after the reload returns, after a further layout pass and after the animations end.
 */
#import <XCTest/XCTest.h>

#import "LDAnchoringReference.h"
#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

/* The entry points, one per view and selector. */
typedef NS_ENUM(NSInteger, LDAnchorEntry) {
    LDAnchorEntryTable,
    LDAnchorEntryTablePerKind,
    LDAnchorEntryFlowVertical,
    LDAnchorEntryFlowHorizontal,
    LDAnchorEntryCompositional,
    LDAnchorEntryAppKitTable,
    LDAnchorEntryAppKitCollection,
    LDAnchorEntryCount
};

static NSString *const LDAnchorEntryNames[] = {@"UITableView withRowAnimation:anchoring:", @"UITableView per-kind anchoring:",
                                               @"UICollectionView flow vertical", @"UICollectionView flow horizontal",
                                               @"UICollectionView compositional", @"NSTableView", @"NSCollectionView flow"};

/* A row's length along the axis: from its key and value, so an update resizes it. */
static CGFloat LDAnchorLength(LDTestModel *model) {
    return (CGFloat)(16 + ([model.key hash] * 7 + (NSUInteger)model.value.integerValue * 13) % 45);
}

static LDTestModel *LDAnchorModelAt(NSArray<LDArraySection *> *sections, NSIndexPath *indexPath) {
    LDArraySection *section = [sections objectAtIndex:[indexPath indexAtPosition:0]];
    return [section.elements objectAtIndex:[indexPath indexAtPosition:1]];
}

/* An NSTableView's rows and their heights. */
@interface LDAnchorRows : NSObject <NSTableViewDataSource, NSTableViewDelegate> {
  @private
    NSArray *_rows;
}
@property (nonatomic, copy) NSArray<LDTestModel *> *rows;
@end

@implementation LDAnchorRows

@synthesize rows = _rows;

- (void)dealloc {
    [_rows release];
    [super dealloc];
}

- (NSInteger)numberOfRowsInTableView:(NSTableView *)tableView {
    return (NSInteger)_rows.count;
}

- (CGFloat)tableView:(NSTableView *)tableView heightOfRow:(NSInteger)row {
    return LDAnchorLength([_rows objectAtIndex:(NSUInteger)row]);
}

@end

@interface LDScrollAnchoringTests : XCTestCase
@end

@implementation LDScrollAnchoringTests

static NSUInteger LDAnchorKeyCounter;

static NSMutableArray *LDAnchorNewModels(LDTestRandom *random, NSUInteger count) {
    NSMutableArray *models = [NSMutableArray array];
    for (NSUInteger k = 0; k < count; k++) {
        NSString *key = [NSString stringWithFormat:@"k%lu", (unsigned long)LDAnchorKeyCounter++];
        NSString *value = [NSString stringWithFormat:@"%lu", (unsigned long)LDTestRandomBelow(random, 3)];
        [models addObject:[LDTestModel modelWithKey:key value:value]];
    }
    return models;
}

/* A random edit of rows: deletes, inserts (often at the front), moves and updates. */
static NSArray *LDAnchorEdit(LDTestRandom *random, NSArray *rows) {
    NSMutableArray *edited = [[rows mutableCopy] autorelease];
    NSUInteger deletes = LDTestRandomBelow(random, 4), inserts = LDTestRandomBelow(random, 6);
    for (NSUInteger k = 0; k < deletes && edited.count > 0; k++) { [edited removeObjectAtIndex:LDTestRandomBelow(random, edited.count)]; }
    for (LDTestModel *model in LDAnchorNewModels(random, inserts)) {
        NSUInteger at = LDTestRandomBelow(random, 2) == 0 ? 0 : LDTestRandomBelow(random, edited.count + 1);
        [edited insertObject:model atIndex:at];
    }
    if (edited.count > 1 && LDTestRandomBelow(random, 2) == 0) {
        id moved = [[[edited objectAtIndex:LDTestRandomBelow(random, edited.count)] retain] autorelease];
        [edited removeObject:moved];
        [edited insertObject:moved atIndex:LDTestRandomBelow(random, edited.count + 1)];
    }
    NSUInteger updates = LDTestRandomBelow(random, 4);
    for (NSUInteger k = 0; k < updates && edited.count > 0; k++) {
        NSUInteger at = LDTestRandomBelow(random, edited.count);
        LDTestModel *old = [edited objectAtIndex:at];
        NSString *value = [NSString stringWithFormat:@"%ld", (long)old.value.integerValue + 1];
        [edited replaceObjectAtIndex:at withObject:[LDTestModel modelWithKey:old.key value:value]];
    }
    return edited;
}

static NSArray *LDAnchorSections(NSArray *rowLists) {
    NSMutableArray *sections = [NSMutableArray array];
    for (NSUInteger s = 0; s < rowLists.count; s++) {
        [sections addObject:[LDArraySection sectionWithModel:[LDTestModel modelWithKey:[NSString stringWithFormat:@"s%lu", (unsigned long)s] value:@"0"]
                                                    elements:[rowLists objectAtIndex:s]]];
    }
    return sections;
}

static LDReferenceAnchorMode LDReferenceMode(LDScrollAnchor anchor) {
    switch (anchor) {
    case LDScrollAnchorNone: return LDReferenceAnchorModeOff;
    case LDScrollAnchorVisibleContent: return LDReferenceAnchorModeVisibleContent;
    case LDScrollAnchorTop: return LDReferenceAnchorModeTop;
    case LDScrollAnchorBottom: return LDReferenceAnchorModeBottom;
    }
    return LDReferenceAnchorModeOff;
}

/* A view for entry in a window, its scroll view for AppKit's (returned through scrollView). */
static id LDAnchorView(LDAnchorEntry entry, LDTestRandom *random, LDTestListDataSource *source, LDAnchorRows *rows,
                       NSScrollView **scrollView, id window) {
    CGFloat width = (CGFloat)(120 + LDTestRandomBelow(random, 200)), height = (CGFloat)(100 + LDTestRandomBelow(random, 300));
    CGRect frame = CGRectMake(0, 0, width, height);
    BOOL estimates = LDTestRandomBelow(random, 2) == 0;
    UIScrollView *uiView = nil;
    if (entry == LDAnchorEntryTable || entry == LDAnchorEntryTablePerKind) {
        UITableView *table = [[[UITableView alloc] initWithFrame:frame style:UITableViewStylePlain] autorelease];
        table.estimatedRowHeight = estimates ? (CGFloat)(20 + LDTestRandomBelow(random, 40)) : 0;
        table.sectionHeaderHeight = (CGFloat)LDTestRandomBelow(random, 30);
        table.sectionFooterHeight = (CGFloat)LDTestRandomBelow(random, 20);
        table.ld_fittingHeightForRowAtIndexPath = ^CGFloat(NSIndexPath *indexPath) {
            return LDAnchorLength(LDAnchorModelAt(source.sections, indexPath));
        };
        table.dataSource = source;
        uiView = table;
    } else if (entry == LDAnchorEntryFlowVertical || entry == LDAnchorEntryFlowHorizontal || entry == LDAnchorEntryCompositional) {
        BOOL horizontal = entry == LDAnchorEntryFlowHorizontal;
        UICollectionViewLayout *layout;
        if (entry == LDAnchorEntryCompositional) {
            NSCollectionLayoutDimension *length = estimates ? [NSCollectionLayoutDimension estimatedDimension:(CGFloat)(20 + LDTestRandomBelow(random, 40))]
                                                            : [NSCollectionLayoutDimension absoluteDimension:(CGFloat)(20 + LDTestRandomBelow(random, 40))];
            NSCollectionLayoutSize *size = [NSCollectionLayoutSize sizeWithWidthDimension:[NSCollectionLayoutDimension fractionalWidthDimension:1]
                                                                          heightDimension:length];
            NSCollectionLayoutGroup *group = [NSCollectionLayoutGroup verticalGroupWithLayoutSize:size
                                                                                        subitems:[NSArray arrayWithObject:[NSCollectionLayoutItem itemWithLayoutSize:size]]];
            NSCollectionLayoutSection *section = [NSCollectionLayoutSection sectionWithGroup:group];
            section.interGroupSpacing = (CGFloat)LDTestRandomBelow(random, 10);
            section.contentInsets = NSDirectionalEdgeInsetsMake((CGFloat)LDTestRandomBelow(random, 20), 5, (CGFloat)LDTestRandomBelow(random, 20), 5);
            layout = [[[UICollectionViewCompositionalLayout alloc] initWithSection:section] autorelease];
        } else {
            UICollectionViewFlowLayout *flow = [[[UICollectionViewFlowLayout alloc] init] autorelease];
            flow.scrollDirection = horizontal ? UICollectionViewScrollDirectionHorizontal : UICollectionViewScrollDirectionVertical;
            CGFloat across = (CGFloat)(30 + LDTestRandomBelow(random, 60));
            flow.itemSize = horizontal ? CGSizeMake(40, across) : CGSizeMake(across, 40);
            flow.estimatedItemSize = estimates ? flow.itemSize : CGSizeZero;
            flow.minimumLineSpacing = (CGFloat)LDTestRandomBelow(random, 12);
            flow.sectionInset = UIEdgeInsetsMake((CGFloat)LDTestRandomBelow(random, 15), 0, (CGFloat)LDTestRandomBelow(random, 15), 0);
            CGFloat header = (CGFloat)LDTestRandomBelow(random, 30), footer = (CGFloat)LDTestRandomBelow(random, 20);
            flow.headerReferenceSize = horizontal ? CGSizeMake(header, 0) : CGSizeMake(0, header);
            flow.footerReferenceSize = horizontal ? CGSizeMake(footer, 0) : CGSizeMake(0, footer);
            layout = flow;
        }
        UICollectionView *collection = [[[UICollectionView alloc] initWithFrame:frame collectionViewLayout:layout] autorelease];
        collection.ld_fittingSizeForItemAtIndexPath = ^CGSize(NSIndexPath *indexPath) {
            CGFloat length = LDAnchorLength(LDAnchorModelAt(source.sections, indexPath));
            return horizontal ? CGSizeMake(length, 40) : CGSizeMake(50, length);
        };
        collection.dataSource = source;
        uiView = collection;
    }
    if (uiView != nil) {
        uiView.contentInset = UIEdgeInsetsMake((CGFloat)LDTestRandomBelow(random, 30), (CGFloat)LDTestRandomBelow(random, 30),
                                               (CGFloat)LDTestRandomBelow(random, 30), (CGFloat)LDTestRandomBelow(random, 30));
        [uiView ld_setSafeAreaInsets:UIEdgeInsetsMake((CGFloat)LDTestRandomBelow(random, 25), (CGFloat)LDTestRandomBelow(random, 25),
                                                      (CGFloat)LDTestRandomBelow(random, 25), (CGFloat)LDTestRandomBelow(random, 25))];
        [(UIWindow *)window addSubview:uiView];
        return uiView;
    }
    NSScrollView *scroll = [[[NSScrollView alloc] initWithFrame:frame] autorelease];
    scroll.automaticallyAdjustsContentInsets = NO;
    scroll.contentInsets = NSEdgeInsetsMake((CGFloat)LDTestRandomBelow(random, 30), 0, (CGFloat)LDTestRandomBelow(random, 30), 0);
    NSView *document;
    if (entry == LDAnchorEntryAppKitTable) {
        NSTableView *table = [[[NSTableView alloc] initWithFrame:NSMakeRect(0, 0, width, 0)] autorelease];
        table.intercellSpacing = NSMakeSize(3, (CGFloat)LDTestRandomBelow(random, 4));
        table.dataSource = rows;
        table.delegate = rows;
        document = table;
    } else {
        NSCollectionView *collection = [[[NSCollectionView alloc] initWithFrame:NSMakeRect(0, 0, width, 0)] autorelease];
        NSCollectionViewFlowLayout *flow = [[[NSCollectionViewFlowLayout alloc] init] autorelease];
        flow.itemSize = NSMakeSize((CGFloat)(30 + LDTestRandomBelow(random, 60)), (CGFloat)(20 + LDTestRandomBelow(random, 40)));
        flow.minimumLineSpacing = (CGFloat)LDTestRandomBelow(random, 12);
        flow.sectionInset = NSEdgeInsetsMake((CGFloat)LDTestRandomBelow(random, 15), 0, (CGFloat)LDTestRandomBelow(random, 15), 0);
        flow.headerReferenceSize = NSMakeSize(0, (CGFloat)LDTestRandomBelow(random, 30));
        collection.collectionViewLayout = flow;
        collection.dataSource = source;
        document = collection;
    }
    scroll.documentView = document;
    [((NSWindow *)window).contentView addSubview:scroll];
    *scrollView = scroll;
    return document;
}

/* Scrolls view to an offset along its axis: the leading edge, the trailing edge or between. */
static void LDAnchorScroll(id view, NSScrollView *scrollView, LDTestRandom *random) {
    CGFloat lowest, highest;
    BOOL horizontal = NO;
    if (scrollView != nil) {
        NSClipView *clip = scrollView.contentView;
        [(NSView *)view layoutSubtreeIfNeeded];
        lowest = -clip.contentInsets.top;
        highest = MAX(lowest, ((NSView *)view).frame.size.height + clip.contentInsets.bottom - clip.bounds.size.height);
    } else {
        UIScrollView *scroll = view;
        [scroll layoutIfNeeded];
        id layout = [view isKindOfClass:[UICollectionView class]] ? ((UICollectionView *)view).collectionViewLayout : nil;
        horizontal = [layout isKindOfClass:[UICollectionViewFlowLayout class]] &&
                     ((UICollectionViewFlowLayout *)layout).scrollDirection == UICollectionViewScrollDirectionHorizontal;
        UIEdgeInsets insets = scroll.adjustedContentInset;
        lowest = horizontal ? -insets.left : -insets.top;
        highest = MAX(lowest, horizontal ? scroll.contentSize.width + insets.right - scroll.bounds.size.width
                                         : scroll.contentSize.height + insets.bottom - scroll.bounds.size.height);
    }
    NSUInteger where = LDTestRandomBelow(random, 5);
    CGFloat offset = where == 0 ? lowest : where == 1 ? highest : lowest + (CGFloat)LDTestRandomBelow(random, (NSUInteger)(highest - lowest) + 1);
    if (scrollView != nil) {
        [scrollView.contentView scrollToPoint:NSMakePoint(0, offset)];
        [scrollView reflectScrolledClipView:scrollView.contentView];
    } else {
        ((UIScrollView *)view).contentOffset = horizontal ? CGPointMake(offset, ((UIScrollView *)view).contentOffset.y)
                                                          : CGPointMake(((UIScrollView *)view).contentOffset.x, offset);
    }
}

/* How many times the glue (or the test) set the view's offset. */
static NSUInteger LDAnchorWrites(id view, NSScrollView *scrollView) {
    return scrollView != nil ? scrollView.contentView.ld_offsetWriteCount : ((UIScrollView *)view).ld_offsetWriteCount;
}

/* Nil when the view's offset is the one reference expects in mode (writes: the offset writes since
 the reference was made); else what differs. Off, or with no anchor and no edge to pin, the glue
 must not write: the offset is then the view's own (with estimates, clamped by the view to content
 it had not measured yet, as UIKit does). */
static NSString *LDAnchorMismatch(LDAnchoringReference *reference, id view, LDScrollAnchor anchor, NSUInteger writes, NSString *when) {
    BOOL pinned = (anchor == LDScrollAnchorTop && reference.wasAtLeadingEdge) || (anchor == LDScrollAnchorBottom && reference.wasAtTrailingEdge);
    if (anchor == LDScrollAnchorNone || (!pinned && [reference anchorIdentifier] == nil)) {
        return writes == 0 ? nil : [NSString stringWithFormat:@"%@: %lu offset writes without an anchor", when, (unsigned long)writes];
    }
    CGPoint expected = [reference expectedOffsetForMode:LDReferenceMode(anchor)], now = LDReferenceOffset(view);
    if (fabs(expected.x - now.x) < 1e-6 && fabs(expected.y - now.y) < 1e-6) { return nil; }
    return [NSString stringWithFormat:@"%@: offset %@, expected %@ (anchor %@, before %@, at edges %d %d, visible content %@, kept %@)", when,
                                      NSStringFromCGPoint(now), NSStringFromCGPoint(expected), [reference anchorIdentifier],
                                      NSStringFromCGPoint(reference.offsetBefore), reference.wasAtLeadingEdge, reference.wasAtTrailingEdge,
                                      NSStringFromCGPoint([reference expectedOffsetForMode:LDReferenceAnchorModeVisibleContent]),
                                      NSStringFromCGPoint([reference keptOffset])];
}

/* One random trial of entry: nil, or what went wrong. Counts the stages checked. */
- (NSString *)failureOfTrial:(uint64_t)seed entry:(LDAnchorEntry)entry stages:(NSUInteger *)checked {
    LDTestRandom random = {seed * 7919 + (uint64_t)entry};
    LDAnchorKeyCounter = 0;
    BOOL appKit = entry == LDAnchorEntryAppKitTable || entry == LDAnchorEntryAppKitCollection;
    id window = appKit ? (id)[[[NSWindow alloc] init] autorelease] : (id)[[[UIWindow alloc] init] autorelease];
    if (appKit) { ((NSWindow *)window).contentView = [[[NSView alloc] init] autorelease]; }
    LDTestListDataSource *source = [[[LDTestListDataSource alloc] init] autorelease];
    LDAnchorRows *rows = [[[LDAnchorRows alloc] init] autorelease];
    BOOL flat = entry == LDAnchorEntryAppKitTable;
    NSUInteger sectionCount = flat ? 1 : 1 + LDTestRandomBelow(&random, 3);
    NSMutableArray *lists = [NSMutableArray array];
    for (NSUInteger s = 0; s < sectionCount; s++) { [lists addObject:LDAnchorNewModels(&random, LDTestRandomBelow(&random, 40))]; }
    source.sections = LDAnchorSections(lists);
    rows.rows = [lists objectAtIndex:0];
    NSScrollView *scrollView = nil;
    id view = LDAnchorView(entry, &random, source, rows, &scrollView, window);
    [view reloadData];
    LDAnchorScroll(view, scrollView, &random);
    LDScrollAnchor anchor = (LDScrollAnchor)LDTestRandomBelow(&random, 4);
    /* Several stages: edits of each section, and a section inserted or deleted at times. */
    NSMutableArray *targetLists = [NSMutableArray array];
    for (NSArray *list in lists) { [targetLists addObject:LDAnchorEdit(&random, list)]; }
    if (!flat && LDTestRandomBelow(&random, 4) == 0) {
        if (targetLists.count > 1 && LDTestRandomBelow(&random, 2) == 0) {
            [targetLists removeObjectAtIndex:LDTestRandomBelow(&random, targetLists.count)];
        } else {
            [targetLists insertObject:LDAnchorNewModels(&random, LDTestRandomBelow(&random, 8)) atIndex:0];
        }
    }
    NSArray *target = LDAnchorSections(targetLists);
    LDStagedChangeset *staged = flat ? [[[LDStagedChangeset alloc] initWithSource:rows.rows target:[targetLists objectAtIndex:0] section:0] autorelease]
                                     : [[[LDStagedChangeset alloc] initWithSourceSections:source.sections targetSections:target] autorelease];
    LDReferenceIdentifier identifier = ^id(NSIndexPath *indexPath) {
        return flat ? ((LDTestModel *)[rows.rows objectAtIndex:[indexPath indexAtPosition:1]]).key : LDAnchorModelAt(source.sections, indexPath).key;
    };
    __block LDAnchoringReference *reference = nil;
    __block NSString *failure = nil;
    __block NSUInteger stage = 0, writesBefore = 0;
    void (^setData)(NSArray *) = ^(NSArray *data) {
        if (reference != nil && failure == nil) {
            failure = [LDAnchorMismatch(reference, view, anchor, LDAnchorWrites(view, scrollView) - writesBefore, [NSString stringWithFormat:@"stage %lu at the next setData", (unsigned long)stage]) retain];
        }
        [reference release];
        reference = [[LDAnchoringReference alloc] initWithView:view identifier:identifier];
        writesBefore = LDAnchorWrites(view, scrollView);
        stage++;
        if (flat) {
            rows.rows = data;
        } else {
            source.sections = data;
        }
    };
    void (^completion)(LDReloadOutcome *) = ^(LDReloadOutcome *outcome) {
    };
    switch (entry) {
    case LDAnchorEntryTable:
        [(UITableView *)view ld_reloadUsingStagedChangeset:staged withRowAnimation:UITableViewRowAnimationAutomatic anchoring:anchor
                                                 interrupt:nil completion:completion setData:setData];
        break;
    case LDAnchorEntryTablePerKind:
        [(UITableView *)view ld_reloadUsingStagedChangeset:staged
                                   deleteSectionsAnimation:UITableViewRowAnimationFade
                                   insertSectionsAnimation:UITableViewRowAnimationFade
                                   reloadSectionsAnimation:UITableViewRowAnimationFade
                                       deleteRowsAnimation:UITableViewRowAnimationFade
                                       insertRowsAnimation:UITableViewRowAnimationFade
                                       reloadRowsAnimation:UITableViewRowAnimationFade
                                      reconfiguringUpdates:(seed & 1) != 0
                                                 anchoring:anchor
                                                 interrupt:nil
                                                completion:completion
                                                   setData:setData];
        break;
    case LDAnchorEntryFlowVertical:
    case LDAnchorEntryFlowHorizontal:
    case LDAnchorEntryCompositional:
        [(UICollectionView *)view ld_reloadUsingStagedChangeset:staged interrupt:nil reconfiguringUpdates:(seed & 1) != 0
                                                      anchoring:anchor completion:completion setData:setData];
        break;
    case LDAnchorEntryAppKitTable:
        [(NSTableView *)view ld_reloadUsingStagedChangeset:staged deleteRowsAnimation:NSTableViewAnimationEffectFade
                                       insertRowsAnimation:NSTableViewAnimationEffectFade anchoring:anchor interrupt:nil
                                                completion:completion setData:setData];
        break;
    default:
        [(NSCollectionView *)view ld_reloadUsingStagedChangeset:staged anchoring:anchor interrupt:nil completion:completion setData:setData];
        break;
    }
    if (failure == nil && reference != nil) { failure = [LDAnchorMismatch(reference, view, anchor, LDAnchorWrites(view, scrollView) - writesBefore, @"after the reload") retain]; }
    if (appKit) {
        [(NSView *)view layoutSubtreeIfNeeded];
    } else {
        [(UIView *)view layoutIfNeeded];
    }
    if (failure == nil && reference != nil) { failure = [LDAnchorMismatch(reference, view, anchor, LDAnchorWrites(view, scrollView) - writesBefore, @"after a further layout") retain]; }
    if (!appKit) { [(LDStandInList *)[view ld_list] finishAnimations:YES]; }
    if (failure == nil && reference != nil) { failure = [LDAnchorMismatch(reference, view, anchor, LDAnchorWrites(view, scrollView) - writesBefore, @"after the animations") retain]; }
    *checked += stage;
    [reference release];
    [failure autorelease];
    return failure == nil ? nil : [NSString stringWithFormat:@"mode %ld, %lu stages: %@", (long)anchor, (unsigned long)stage, failure];
}

- (void)testEveryEntryPointKeepsTheAnchorOnRandomLayouts {
    NSUInteger failures = 0, checked = 0;
    uint64_t only = (uint64_t)[[[[NSProcessInfo processInfo] environment] objectForKey:@"LD_ANCHOR_SEED"] longLongValue];
    for (uint64_t seed = only ? only : 1; seed <= (only ? only : 200) && failures < 6; seed++) {
        for (LDAnchorEntry entry = 0; entry < LDAnchorEntryCount; entry++) {
            NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
            NSString *failure = [self failureOfTrial:seed entry:entry stages:&checked];
            if (failure != nil) {
                failures++;
                XCTFail(@"seed %llu, %@: %@", (unsigned long long)seed, LDAnchorEntryNames[entry], failure);
            }
            [pool drain];
        }
    }
    NSLog(@"scroll anchoring: %lu stages checked", (unsigned long)checked);
}

/* Rows r0 ..< count, with count extra rows x0 ... first when extra. */
static NSArray *LDAnchorRowsOf(NSUInteger extra, NSUInteger count) {
    NSMutableArray *models = [NSMutableArray array];
    for (NSUInteger k = 0; k < extra; k++) { [models addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"x%lu", (unsigned long)k] value:@"0"]]; }
    for (NSUInteger k = 0; k < count; k++) { [models addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"r%lu", (unsigned long)k] value:@"0"]]; }
    return models;
}

/* Five rows inserted above a table of 100 rows of 40, scrolled to 400, while the user touches,
 drags or decelerates: the batch is applied, the offset never written. */
- (void)testNoOffsetWriteWhileTheUserTouchesDragsOrDecelerates {
    for (NSUInteger state = 0; state < 4; state++) {
        UIWindow *window = [[[UIWindow alloc] init] autorelease];
        LDTestListDataSource *source = [[[LDTestListDataSource alloc] init] autorelease];
        source.sections = LDAnchorSections([NSArray arrayWithObject:LDAnchorRowsOf(0, 100)]);
        UITableView *table = [[[UITableView alloc] initWithFrame:CGRectMake(0, 0, 100, 200)] autorelease];
        table.rowHeight = 40;
        table.dataSource = source;
        [window addSubview:table];
        [table reloadData];
        table.contentOffset = CGPointMake(0, 400);
        if (state == 1) { [table ld_beginTouch]; }
        if (state == 2) { [table ld_beginDrag]; }
        if (state == 3) {
            [table ld_beginDrag];
            [table ld_endDragDecelerating:YES];
        }
        NSUInteger writes = table.ld_offsetWriteCount;
        LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:source.sections
                                                                        targetSections:LDAnchorSections([NSArray arrayWithObject:LDAnchorRowsOf(5, 100)])] autorelease];
        [table ld_reloadUsingStagedChangeset:staged withRowAnimation:UITableViewRowAnimationAutomatic anchoring:LDScrollAnchorVisibleContent interrupt:nil completion:nil setData:^(NSArray *data) {
            source.sections = data;
        }];
        XCTAssertEqual([table numberOfRowsInSection:0], (NSInteger)105, @"state %lu: the batch is applied", (unsigned long)state);
        if (state == 0) {
            XCTAssertTrue(table.contentOffset.y == 600, @"idle: anchored, %@", NSStringFromCGPoint(table.contentOffset));
        } else {
            XCTAssertEqual(table.ld_offsetWriteCount, writes, @"state %lu: no write", (unsigned long)state);
            XCTAssertTrue(table.contentOffset.y == 400, @"state %lu: %@", (unsigned long)state, NSStringFromCGPoint(table.contentOffset));
            XCTAssertTrue(state != 3 || table.decelerating, @"the deceleration runs on");
        }
    }
}

/* An NSTableView during a live scroll: the batch applied, the clip view not scrolled; after it,
 anchored. Outside a scroll view: applied, and nothing scrolled. */
- (void)testAppKitLeavesALiveScrollAndATableOutsideAScrollViewAlone {
    NSWindow *window = [[[NSWindow alloc] init] autorelease];
    window.contentView = [[[NSView alloc] init] autorelease];
    LDAnchorRows *rows = [[[LDAnchorRows alloc] init] autorelease];
    rows.rows = LDAnchorRowsOf(0, 100);
    NSScrollView *scrollView = [[[NSScrollView alloc] initWithFrame:NSMakeRect(0, 0, 100, 200)] autorelease];
    NSTableView *table = [[[NSTableView alloc] initWithFrame:NSMakeRect(0, 0, 100, 0)] autorelease];
    table.dataSource = rows;
    table.delegate = rows;
    scrollView.documentView = table;
    [window.contentView addSubview:scrollView];
    [table reloadData];
    [scrollView.contentView scrollToPoint:NSMakePoint(0, 400)];
    void (^setData)(NSArray *) = ^(NSArray *data) {
        rows.rows = data;
    };
    /* The glue observes live scrolls from its first anchored batch on (LDLiveScrolls is made
     then): one before this live scroll begins. */
    [table ld_reloadUsingStagedChangeset:[[[LDStagedChangeset alloc] initWithSource:rows.rows target:LDAnchorRowsOf(1, 100) section:0] autorelease]
                     deleteRowsAnimation:NSTableViewAnimationEffectFade
                     insertRowsAnimation:NSTableViewAnimationEffectFade
                               anchoring:LDScrollAnchorVisibleContent
                               interrupt:nil
                              completion:nil
                                 setData:setData];
    [scrollView.contentView scrollToPoint:NSMakePoint(0, 400)];
    [scrollView ld_beginLiveScroll];
    NSUInteger writes = scrollView.contentView.ld_offsetWriteCount;
    LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSource:rows.rows target:LDAnchorRowsOf(3, 100) section:0] autorelease];
    [table ld_reloadUsingStagedChangeset:staged deleteRowsAnimation:NSTableViewAnimationEffectFade insertRowsAnimation:NSTableViewAnimationEffectFade
                               anchoring:LDScrollAnchorVisibleContent interrupt:nil completion:nil setData:setData];
    XCTAssertEqual(table.numberOfRows, (NSInteger)103);
    XCTAssertEqual(scrollView.contentView.ld_offsetWriteCount, writes, @"no write during a live scroll");
    XCTAssertTrue(scrollView.contentView.bounds.origin.y == 400);
    [scrollView ld_endLiveScroll];
    CGFloat r0 = NSMinY([table rectOfRow:3]) - scrollView.contentView.bounds.origin.y;
    staged = [[[LDStagedChangeset alloc] initWithSource:rows.rows target:LDAnchorRowsOf(5, 100) section:0] autorelease];
    [table ld_reloadUsingStagedChangeset:staged deleteRowsAnimation:NSTableViewAnimationEffectFade insertRowsAnimation:NSTableViewAnimationEffectFade
                               anchoring:LDScrollAnchorVisibleContent interrupt:nil completion:nil setData:setData];
    XCTAssertTrue(scrollView.contentView.ld_offsetWriteCount > writes, @"after the live scroll: anchored");
    XCTAssertTrue(NSMinY([table rectOfRow:5]) - scrollView.contentView.bounds.origin.y == r0, @"r0 stays in place");

    NSTableView *loose = [[[NSTableView alloc] initWithFrame:NSMakeRect(0, 0, 100, 200)] autorelease];
    LDAnchorRows *looseRows = [[[LDAnchorRows alloc] init] autorelease];
    looseRows.rows = LDAnchorRowsOf(0, 20);
    loose.dataSource = looseRows;
    loose.delegate = looseRows;
    [window.contentView addSubview:loose];
    [loose reloadData];
    NSRect bounds = loose.bounds;
    staged = [[[LDStagedChangeset alloc] initWithSource:looseRows.rows target:LDAnchorRowsOf(4, 20) section:0] autorelease];
    [loose ld_reloadUsingStagedChangeset:staged deleteRowsAnimation:NSTableViewAnimationEffectFade insertRowsAnimation:NSTableViewAnimationEffectFade
                               anchoring:LDScrollAnchorBottom interrupt:nil completion:nil setData:^(NSArray *data) {
                                   looseRows.rows = data;
                               }];
    XCTAssertEqual(loose.numberOfRows, (NSInteger)24);
    XCTAssertTrue(NSEqualPoints(loose.bounds.origin, bounds.origin), @"%@", NSStringFromCGRect(loose.bounds));
}

@end


#endif
