#import <XCTest/XCTest.h>

#import "LDTestModel.h"
#import "ListDeltaObjC.h"

/* A model whose identifier hashes like every other: numbering n of them takes n² comparisons. */
@interface LDSlowModel : NSObject <LDListDiffable> {
  @private
    NSNumber *_number;
}
+ (instancetype)modelWithNumber:(NSUInteger)number;
@end

@interface LDSlowKey : NSObject {
  @public
    NSUInteger _value;
}
@end

@implementation LDSlowKey
- (NSUInteger)hash {
    return 1;
}
- (BOOL)isEqual:(id)object {
    return [object isKindOfClass:[LDSlowKey class]] && ((LDSlowKey *)object)->_value == _value;
}
@end

@implementation LDSlowModel
+ (instancetype)modelWithNumber:(NSUInteger)number {
    LDSlowModel *model = [[[self alloc] init] autorelease];
    model->_number = [[NSNumber alloc] initWithUnsignedInteger:number];
    return model;
}
- (void)dealloc {
    [_number release];
    [super dealloc];
}
- (id<NSObject>)diffIdentifier {
    LDSlowKey *key = [[[LDSlowKey alloc] init] autorelease];
    key->_value = _number.unsignedIntegerValue;
    return key;
}
- (BOOL)isEqualToDiffableObject:(id<LDListDiffable>)object {
    return YES;
}
@end

@interface LDStagedDifferTests : XCTestCase
@end

@implementation LDStagedDifferTests

- (void)testTheNewestDiffWinsAndEachCompletionRunsOnce {
    dispatch_queue_t queue = dispatch_queue_create("test.diff", DISPATCH_QUEUE_SERIAL);
    dispatch_queue_t delivery = dispatch_queue_create("test.delivery", DISPATCH_QUEUE_SERIAL);
    LDStagedDiffer *differ = [[[LDStagedDiffer alloc] initWithQueue:queue deliveryQueue:delivery] autorelease];
    NSMutableArray *delivered = [NSMutableArray array];
    NSLock *lock = [[[NSLock alloc] init] autorelease];
    XCTestExpectation *last = [self expectationWithDescription:@"the newest diff is delivered"];
    NSArray *source = LDTestModels(@"a b c d e f g h");
    for (NSUInteger commit = 0; commit < 40; commit++) {
        NSArray *target = LDTestModels([NSString stringWithFormat:@"h g f e:%lu d c b a", (unsigned long)commit]);
        [differ diffFromSource:source target:target section:0 completion:^(LDStagedChangeset *staged, NSError *error) {
            [lock lock];
            [delivered addObject:[NSNumber numberWithUnsignedInteger:commit]];
            [lock unlock];
            if (staged == nil || error != nil) { NSLog(@"commit %lu: %@", (unsigned long)commit, error); }
            if (commit == 39) { [last fulfill]; }
        }];
    }
    [self waitForExpectationsWithTimeout:10 handler:nil];
    // Nothing delivered after the newest, and nothing twice.
    dispatch_sync(queue, ^{});
    dispatch_sync(delivery, ^{});
    [lock lock];
    XCTAssertEqualObjects([delivered lastObject], [NSNumber numberWithUnsignedInteger:39]);
    XCTAssertEqual([[NSSet setWithArray:delivered] count], delivered.count, @"%@", delivered);
    for (NSUInteger i = 1; i < delivered.count; i++) {
        XCTAssertTrue([[delivered objectAtIndex:i - 1] compare:[delivered objectAtIndex:i]] == NSOrderedAscending, @"%@", delivered);
    }
    [lock unlock];
    dispatch_release(queue);
    dispatch_release(delivery);
}

- (void)testACancelledDiffStopsAndDeliversNothing {
    dispatch_queue_t queue = dispatch_queue_create("test.diff", DISPATCH_QUEUE_SERIAL);
    dispatch_queue_t delivery = dispatch_queue_create("test.delivery", DISPATCH_QUEUE_SERIAL);
    LDStagedDiffer *differ = [[[LDStagedDiffer alloc] initWithQueue:queue deliveryQueue:delivery] autorelease];
    NSMutableArray *slow = [NSMutableArray array];
    for (NSUInteger i = 0; i < 40000; i++) { [slow addObject:[LDSlowModel modelWithNumber:i]]; }
    __block int called = 0;
    LDDiffTask *task = [differ diffFromSource:slow target:[NSArray array] section:0 completion:^(LDStagedChangeset *staged, NSError *error) {
        __atomic_add_fetch(&called, 1, __ATOMIC_SEQ_CST);
    }];
    [NSThread sleepForTimeInterval:0.05];
    NSDate *cancelled = [NSDate date];
    [task cancel];
    XCTAssertTrue(task.cancelled);
    // The queue is free again soon: the numbering polled the flag.
    dispatch_sync(queue, ^{});
    NSTimeInterval stopped = -[cancelled timeIntervalSinceNow];
    XCTAssertTrue(stopped < 5, @"the cancelled diff ran on for %.1f s", stopped);
    dispatch_sync(delivery, ^{});
    XCTAssertEqual(__atomic_load_n(&called, __ATOMIC_SEQ_CST), 0);
    dispatch_release(queue);
    dispatch_release(delivery);
}

@end
