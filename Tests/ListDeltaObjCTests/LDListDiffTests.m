#import <XCTest/XCTest.h>

#import "LDTestModel.h"
#import "ListDeltaObjC.h"

@interface LDListDiffTests : XCTestCase
@end

@implementation LDListDiffTests

- (void)testEmptyListsHaveNoChanges {
    LDListIndexSetResult *result = LDListDiff(nil, [NSArray array], LDListDiffEquality);
    XCTAssertFalse(result.hasChanges);
    XCTAssertEqual(result.changeCount, 0);
}

- (void)testEverythingInsertedIntoAnEmptyList {
    LDListIndexSetResult *result = LDListDiff(nil, LDTestModels(@"a b c"), LDListDiffEquality);
    XCTAssertEqualObjects(result.inserts, [NSIndexSet indexSetWithIndexesInRange:NSMakeRange(0, 3)]);
    XCTAssertEqual(result.deletes.count, 0u);
    XCTAssertEqual(result.changeCount, 3);
}

@end
