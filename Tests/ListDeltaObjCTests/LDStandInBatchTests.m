/* The stand-in views check batches as UIKit does: the glue's tests are only as good as this. */
#import <XCTest/XCTest.h>

#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

@interface LDStandInBatchTests : XCTestCase
@end

@implementation LDStandInBatchTests

static NSIndexPath *LDP(NSUInteger section, NSUInteger row) {
    NSUInteger indexes[2] = {section, row};
    return [NSIndexPath indexPathWithIndexes:indexes length:2];
}

/* The reason the table view gave for rejecting updates from before to after, or nil. */
- (NSString *)rejectionFrom:(NSString *)before to:(NSString *)after updates:(void (^)(UITableView *tableView))updates {
    LDTestListHost *host = [[[LDTestListHost alloc] initWithKind:LDTestViewKindTable sections:LDTestSections(before)
                                                        inWindow:YES] autorelease];
    UITableView *tableView = host.view;
    NSArray *target = LDTestSections(after);
    @try {
        [tableView performBatchUpdates:^{
            host.dataSource.sections = target;
            updates(tableView);
        }
                            completion:nil];
    } @catch (NSException *exception) {
        if (![exception.name isEqualToString:NSInternalInconsistencyException]) {
            return [NSString stringWithFormat:@"(not UIKit's exception) %@: %@", exception.name, exception.reason];
        }
        return exception.reason;
    }
    NSString *stale = [host staleContent];
    return stale != nil ? [NSString stringWithFormat:@"(accepted, but) %@", stale] : nil;
}

- (void)assertRejectedFrom:(NSString *)before
                        to:(NSString *)after
                   because:(NSString *)words
                   updates:(void (^)(UITableView *tableView))updates {
    NSString *reason = [self rejectionFrom:before to:after updates:updates];
    XCTAssertNotNil(reason, @"accepted: %@ -> %@", before, after);
    if (reason != nil) { XCTAssertTrue([reason rangeOfString:words].location != NSNotFound, @"%@", reason); }
}

- (void)testAValidBatchIsAcceptedAndRowsKeepTheirContentThroughMoves {
    NSString *reason = [self rejectionFrom:@"A/ a b c | B/ d e | C/" to:@"A/ c x | B/ d a | C/ e"
                                   updates:^(UITableView *tableView) {
                                       [tableView deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)]
                                                        withRowAnimation:UITableViewRowAnimationFade];
                                       [tableView insertRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)]
                                                        withRowAnimation:UITableViewRowAnimationFade];
                                       [tableView moveRowAtIndexPath:LDP(0, 0) toIndexPath:LDP(1, 1)];
                                       [tableView moveRowAtIndexPath:LDP(1, 1) toIndexPath:LDP(2, 0)];
                                   }];
    XCTAssertNil(reason);
}

- (void)testARowThatChangedButWasNotReloadedShowsStaleContent {
    NSString *reason = [self rejectionFrom:@"A/ a b" to:@"A/ a b:1" updates:^(UITableView *tableView) {}];
    XCTAssertTrue([reason hasPrefix:@"(accepted, but) row 0-1 shows b:0"], @"%@", reason);
    XCTAssertNil([self rejectionFrom:@"A/ a b" to:@"A/ a b:1" updates:^(UITableView *tableView) {
        [tableView reloadRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)] withRowAnimation:UITableViewRowAnimationNone];
    }]);
    XCTAssertNil([self rejectionFrom:@"A/ a b" to:@"A:1/ a b:1" updates:^(UITableView *tableView) {
        [tableView reloadSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationNone];
    }]);
}

- (void)testTheCountRule {
    [self assertRejectedFrom:@"A/ a b" to:@"A/ a" because:@"invalid number of rows in section 0" updates:^(UITableView *t) {}];
    [self assertRejectedFrom:@"A/ a b" to:@"A/ a b" because:@"invalid number of rows in section 0" updates:^(UITableView *t) {
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ a | B/ b" to:@"A/ a b | B/ b" because:@"invalid number of rows in section 1"
                     updates:^(UITableView *t) {
                         [t moveRowAtIndexPath:LDP(1, 0) toIndexPath:LDP(0, 1)];
                     }];
    [self assertRejectedFrom:@"A/ | B/" to:@"A/" because:@"invalid number of sections" updates:^(UITableView *t) {}];
    [self assertRejectedFrom:@"" to:@"A/" because:@"invalid number of sections" updates:^(UITableView *t) {}];
    [self assertRejectedFrom:@"A/ | B/" to:@"A/ | B/" because:@"invalid number of sections" updates:^(UITableView *t) {
        [t deleteSections:[NSIndexSet indexSetWithIndex:1] withRowAnimation:UITableViewRowAnimationFade];
    }];
}

- (void)testIndicesInRangeOfTheCountsBeforeAndAfter {
    [self assertRejectedFrom:@"A/ a b" to:@"A/ a" because:@"attempt to delete row 0-2" updates:^(UITableView *t) {
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 2)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ a b" to:@"A/ a b c" because:@"attempt to insert row 0-3" updates:^(UITableView *t) {
        [t insertRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 3)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ a" to:@"A/ a | B/" because:@"attempt to insert section 2" updates:^(UITableView *t) {
        [t insertSections:[NSIndexSet indexSetWithIndex:2] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ a" to:@"A/ a" because:@"attempt to reload section 1" updates:^(UITableView *t) {
        [t reloadSections:[NSIndexSet indexSetWithIndex:1] withRowAnimation:UITableViewRowAnimationFade];
    }];
}

- (void)testNoMoveIntoAMovedSection {
    [self assertRejectedFrom:@"A/ a b | B/ c" to:@"B/ c a | A/ b" because:@"into a section moved" updates:^(UITableView *t) {
        [t moveSection:1 toSection:0];
        [t moveRowAtIndexPath:LDP(0, 0) toIndexPath:LDP(0, 1)];
    }];
}

- (void)testNoDuplicates {
    [self assertRejectedFrom:@"A/ a b c" to:@"A/ c" because:@"more than once" updates:^(UITableView *t) {
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ | B/ | C/" to:@"C/ | A/ | B/" because:@"more than once" updates:^(UITableView *t) {
        [t moveSection:2 toSection:0];
        [t moveSection:2 toSection:1];
    }];
}

- (void)testNoElementBothDeletedAndMovedOrReloaded {
    [self assertRejectedFrom:@"A/ a b" to:@"A/ b" because:@"attempt to delete and move row 0-0" updates:^(UITableView *t) {
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
        [t moveRowAtIndexPath:LDP(0, 0) toIndexPath:LDP(0, 0)];
        [t insertRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ a b" to:@"A/ b" because:@"attempt to delete and reload row 0-0" updates:^(UITableView *t) {
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
        [t reloadRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ a b" to:@"A/ b a" because:@"attempt to reload and move row 0-0" updates:^(UITableView *t) {
        [t reloadRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
        [t moveRowAtIndexPath:LDP(0, 0) toIndexPath:LDP(0, 1)];
    }];
}

- (void)testNoMoveOutOfADeletedSectionOrIntoAnInsertedOne {
    [self assertRejectedFrom:@"A/ a | B/ b" to:@"B/ b a" because:@"attempt to move row 0-0 of a section deleted"
                     updates:^(UITableView *t) {
                         [t deleteSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationFade];
                         [t moveRowAtIndexPath:LDP(0, 0) toIndexPath:LDP(0, 1)];
                     }];
    [self assertRejectedFrom:@"A/ a b" to:@"A/ a | B/ b" because:@"attempt to move row 1-0 into a section inserted"
                     updates:^(UITableView *t) {
                         [t insertSections:[NSIndexSet indexSetWithIndex:1] withRowAnimation:UITableViewRowAnimationFade];
                         [t moveRowAtIndexPath:LDP(0, 1) toIndexPath:LDP(1, 0)];
                     }];
    [self assertRejectedFrom:@"A/ a" to:@"A/ a | B/ b" because:@"attempt to insert row 1-0 into a section inserted"
                     updates:^(UITableView *t) {
                         [t insertSections:[NSIndexSet indexSetWithIndex:1] withRowAnimation:UITableViewRowAnimationFade];
                         [t insertRowsAtIndexPaths:[NSArray arrayWithObject:LDP(1, 0)] withRowAnimation:UITableViewRowAnimationFade];
                     }];
}

- (void)testASectionIsReloadedOnlyWithoutOtherOperationsOnIt {
    [self assertRejectedFrom:@"A/ a" to:@"A:1/ a b" because:@"into a section reloaded" updates:^(UITableView *t) {
        [t reloadSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationFade];
        [t insertRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ a b" to:@"A:1/ a" because:@"of a section reloaded" updates:^(UITableView *t) {
        [t reloadSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationFade];
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    [self assertRejectedFrom:@"A/ | B/" to:@"B/ | A:1/" because:@"attempt to reload and move section 0" updates:^(UITableView *t) {
        [t reloadSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationFade];
        [t moveSection:0 toSection:1];
    }];
    [self assertRejectedFrom:@"A/ | B/" to:@"B/" because:@"attempt to delete and reload section 0" updates:^(UITableView *t) {
        [t reloadSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationFade];
        [t deleteSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationFade];
    }];
}

- (void)testNoInsertWhereAMoveArrivesAndNoRowOperationInADeletedSection {
    [self assertRejectedFrom:@"A/ | B/" to:@"B/ | A/" because:@"attempt to insert and move to section 1"
                     updates:^(UITableView *t) {
                         [t moveSection:0 toSection:1];
                         [t insertSections:[NSIndexSet indexSetWithIndex:1] withRowAnimation:UITableViewRowAnimationFade];
                     }];
    [self assertRejectedFrom:@"A/ a b" to:@"A/ b a" because:@"attempt to insert and move to row 0-1"
                     updates:^(UITableView *t) {
                         [t moveRowAtIndexPath:LDP(0, 0) toIndexPath:LDP(0, 1)];
                         [t insertRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)] withRowAnimation:UITableViewRowAnimationFade];
                         [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 1)] withRowAnimation:UITableViewRowAnimationFade];
                     }];
    [self assertRejectedFrom:@"A/ a | B/ b" to:@"B/ b" because:@"attempt to delete row 0-0 of a section deleted"
                     updates:^(UITableView *t) {
                         [t deleteSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationFade];
                         [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, 0)] withRowAnimation:UITableViewRowAnimationFade];
                     }];
}

- (void)testAReasonNamesTheIndexAsGivenEvenBeyondWhatTheCoreReads {
    NSString *reason = [self rejectionFrom:@"A/ a b" to:@"A/ b" updates:^(UITableView *t) {
        [t deleteRowsAtIndexPaths:[NSArray arrayWithObject:LDP(0, NSNotFound)] withRowAnimation:UITableViewRowAnimationFade];
    }];
    NSString *expected = [NSString stringWithFormat:@"Invalid update: attempt to delete row 0-%lu, but there are only 2 rows "
                                                    @"in section 0 before the update", (unsigned long)NSNotFound];
    XCTAssertEqualObjects(reason, expected);
    [self assertRejectedFrom:@"A/" to:@"A/" because:@"attempt to reload section 4294967296, but there are only 1 sections"
                     updates:^(UITableView *t) {
                         [t reloadSections:[NSIndexSet indexSetWithIndex:4294967296u] withRowAnimation:UITableViewRowAnimationFade];
                     }];
}

- (void)testAnOperationOutsideABatchIsABatchOfItsOwn {
    LDTestListHost *host = [[[LDTestListHost alloc] initWithKind:LDTestViewKindAppKitCollection
                                                        sections:LDTestSections(@"A/ a b") inWindow:YES] autorelease];
    NSCollectionView *view = host.view;
    host.dataSource.sections = LDTestSections(@"A/ b");
    XCTAssertNoThrow([view deleteItemsAtIndexPaths:[NSSet setWithObject:LDP(0, 0)]]);
    XCTAssertEqual(view.ld_list.batchCount, 1u);
    XCTAssertNil([host staleContent]);
    XCTAssertThrowsSpecificNamed([view deleteItemsAtIndexPaths:[NSSet setWithObject:LDP(0, 0)]], NSException,
                                 NSInternalInconsistencyException);
}

- (void)testCountsAreWhatTheViewLastLoadedNotWhatTheDataSourceHolds {
    LDTestListHost *host = [[[LDTestListHost alloc] initWithKind:LDTestViewKindCollection
                                                        sections:LDTestSections(@"A/ a b") inWindow:YES] autorelease];
    UICollectionView *view = host.view;
    host.dataSource.sections = LDTestSections(@"A/ a b c | B/");
    XCTAssertEqual(view.numberOfSections, 1);
    XCTAssertEqual([view numberOfItemsInSection:0], 2);
    [view reloadData];
    XCTAssertEqual(view.numberOfSections, 2);
    XCTAssertEqual([view numberOfItemsInSection:0], 3);
}

@end

#endif
