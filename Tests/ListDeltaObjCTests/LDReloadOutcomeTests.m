#import <XCTest/XCTest.h>

#import "ListDeltaObjC.h"

@interface LDReloadOutcomeTests : XCTestCase
@end

@implementation LDReloadOutcomeTests

- (void)testEqualOutcomesAreEqualWithEqualHashes {
    XCTAssertEqualObjects([LDReloadOutcome animatedOutcomeWithFinished:YES], [LDReloadOutcome animatedOutcomeWithFinished:YES]);
    XCTAssertEqual([[LDReloadOutcome outOfSyncOutcomeWithSection:2 expectedCount:5 actualCount:4] hash],
                   [[LDReloadOutcome outOfSyncOutcomeWithSection:2 expectedCount:5 actualCount:4] hash]);
    XCTAssertEqualObjects([LDReloadOutcome outOfSyncOutcomeWithSection:2 expectedCount:5 actualCount:4],
                          [LDReloadOutcome outOfSyncOutcomeWithSection:2 expectedCount:5 actualCount:4]);
}

- (void)testOutcomesThatDifferInAnyFieldAreNotEqual {
    NSArray *outcomes = [NSArray arrayWithObjects:[LDReloadOutcome animatedOutcomeWithFinished:YES],
                                                  [LDReloadOutcome animatedOutcomeWithFinished:NO],
                                                  [LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonNotInWindow],
                                                  [LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonInterrupted],
                                                  [LDReloadOutcome outOfSyncOutcomeWithSection:NSNotFound expectedCount:2 actualCount:3],
                                                  [LDReloadOutcome outOfSyncOutcomeWithSection:0 expectedCount:2 actualCount:3],
                                                  [LDReloadOutcome outOfSyncOutcomeWithSection:0 expectedCount:4 actualCount:3],
                                                  [LDReloadOutcome outOfSyncOutcomeWithSection:0 expectedCount:2 actualCount:4], nil];
    for (NSUInteger i = 0; i < outcomes.count; i++) {
        for (NSUInteger j = 0; j < outcomes.count; j++) {
            BOOL equal = [[outcomes objectAtIndex:i] isEqual:[outcomes objectAtIndex:j]];
            XCTAssertEqual(equal, i == j, @"%@ vs %@", [outcomes objectAtIndex:i], [outcomes objectAtIndex:j]);
        }
    }
}

- (void)testFieldsAndDescriptionsSayWhatHappened {
    LDReloadOutcome *animated = [LDReloadOutcome animatedOutcomeWithFinished:NO];
    XCTAssertEqual(animated.kind, LDReloadOutcomeKindAnimated);
    XCTAssertFalse(animated.finished);
    XCTAssertEqual(animated.reason, LDReloadReasonNone);
    XCTAssertEqual(animated.mismatchSection, NSNotFound);

    LDReloadOutcome *section = [LDReloadOutcome outOfSyncOutcomeWithSection:3 expectedCount:5 actualCount:4];
    XCTAssertEqual(section.kind, LDReloadOutcomeKindReloaded);
    XCTAssertEqual(section.reason, LDReloadReasonViewOutOfSync);
    XCTAssertEqual(section.mismatchSection, 3);
    XCTAssertEqual(section.expectedCount, 5);
    XCTAssertEqual(section.actualCount, 4);
    XCTAssertTrue([section.description rangeOfString:@"section 3 shows 4 elements, the diff starts from 5"].location != NSNotFound,
                  @"%@", section);
    LDReloadOutcome *sections = [LDReloadOutcome outOfSyncOutcomeWithSection:NSNotFound expectedCount:2 actualCount:1];
    XCTAssertTrue([sections.description rangeOfString:@"the view shows 1 sections, the diff starts from 2"].location != NSNotFound,
                  @"%@", sections);
    XCTAssertTrue([[LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonNotInWindow].description
                      rangeOfString:@"not in a window"].location != NSNotFound);
}

- (void)testAReloadWithoutAMismatchNeedsItsReason {
    XCTAssertThrowsSpecificNamed([LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonViewOutOfSync], NSException,
                                 NSInvalidArgumentException);
    XCTAssertThrowsSpecificNamed([LDReloadOutcome reloadedOutcomeWithReason:LDReloadReasonNone], NSException,
                                 NSInvalidArgumentException);
}

- (void)testCopyIsTheSameValue {
    LDReloadOutcome *outcome = [LDReloadOutcome outOfSyncOutcomeWithSection:1 expectedCount:1 actualCount:0];
    LDReloadOutcome *copy = [[outcome copy] autorelease];
    XCTAssertEqualObjects(copy, outcome);
}

@end
