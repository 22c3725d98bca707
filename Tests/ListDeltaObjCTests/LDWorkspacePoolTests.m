#import <XCTest/XCTest.h>

#include "CListDelta.h"
#import "ListDeltaObjC.h"

/* The Objective-C layer diffs in the C core's shared pool (PoolTests in Swift prove its policy)
   and arms the timer that gives a large idle workspace's memory back after 5 seconds. */
@interface LDWorkspacePoolTests : XCTestCase
@end

@implementation LDWorkspacePoolTests

- (void)testALargeIdleWorkspaceGivesItsMemoryBackAfterFiveSeconds {
    ld_pool_t *pool = ld_pool_shared();
    size_t before = ld_pool_idle_bytes(pool);
    NSMutableArray *old = [NSMutableArray array], *new = [NSMutableArray array];
    NSTimeInterval diffed;
    @autoreleasepool {
        for (NSUInteger i = 0; i < 200000; i++) { [old addObject:[NSString stringWithFormat:@"%lu", (unsigned long)i]]; }
        for (NSUInteger i = 200000; i > 0; i--) { [new addObject:[old objectAtIndex:i - 1]]; }
        LDListIndexSetResult *result = LDListDiff(old, new, LDListDiffEquality);
        diffed = [NSDate timeIntervalSinceReferenceDate];
        XCTAssertEqual(result.moves.count, 199999u);
    }
    size_t large = ld_pool_idle_bytes(pool);
    XCTAssertTrue(large > before + (8u << 20), @"a diff of 200,000 elements idles with megabytes: %zu", large);
    /* Counted from the diff's end, not from here: releasing its result can take a second under
       the sanitizers. */
    NSTimeInterval warmUntil = diffed + 3.5;
    [NSThread sleepForTimeInterval:MAX(0, warmUntil - [NSDate timeIntervalSinceReferenceDate])];
    XCTAssertEqual(ld_pool_idle_bytes(pool), large, @"warm for 5 seconds after its last diff");
    NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:10];
    while (ld_pool_idle_bytes(pool) > before && [deadline timeIntervalSinceNow] > 0) {
        [NSThread sleepForTimeInterval:0.05];
    }
    XCTAssertTrue(ld_pool_idle_bytes(pool) <= before, @"trimmed: %zu bytes idle, %zu before", ld_pool_idle_bytes(pool),
                  before);
}

@end
