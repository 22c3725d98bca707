/*
 * XWWidget's pattern: a collection view shows widgets, each a group of sections of items;
 * widgets are swapped in and out. The widgets that stay untouched get no operation at all: no
 * batch touches their sections or their items (asserted from what the stand-in views saw).
 */
#import <XCTest/XCTest.h>

#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

@interface LDXWWidgetPatternTests : XCTestCase
@end

/* The sections of widget w: 1 to 3 sections "w<n>.s<i>" of 0 to 5 items "w<n>.s<i>.i<j>". */
static NSArray *LDWidget(NSUInteger widget, LDTestRandom *random) {
    NSMutableArray *sections = [NSMutableArray array];
    NSUInteger count = 1 + LDTestRandomBelow(random, 3);
    for (NSUInteger s = 0; s < count; s++) {
        NSString *key = [NSString stringWithFormat:@"w%lu.s%lu", (unsigned long)widget, (unsigned long)s];
        NSMutableArray *items = [NSMutableArray array];
        NSUInteger itemCount = LDTestRandomBelow(random, 6);
        for (NSUInteger i = 0; i < itemCount; i++) {
            [items addObject:[LDTestModel modelWithKey:[NSString stringWithFormat:@"%@.i%lu", key, (unsigned long)i] value:@"0"]];
        }
        [sections addObject:[LDArraySection sectionWithModel:[LDTestModel modelWithKey:key value:@"0"] elements:items]];
    }
    return sections;
}

static NSArray *LDFlattenWidgets(NSArray *widgets) {
    NSMutableArray *sections = [NSMutableArray array];
    for (NSArray *widget in widgets) { [sections addObjectsFromArray:widget]; }
    return sections;
}

static NSString *LDWidgetOf(id content) {
    NSString *key = [content isKindOfClass:[LDTestModel class]] ? ((LDTestModel *)content).key : @"?";
    return [[key componentsSeparatedByString:@"."] objectAtIndex:0];
}

@implementation LDXWWidgetPatternTests

- (void)testUntouchedWidgetsGetNoOperations {
    for (uint64_t seed = 1; seed <= 60; seed++) {
        for (LDTestViewKind kind = LDTestViewKindCollection; kind <= LDTestViewKindAppKitCollection; kind++) {
            NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
            LDTestRandom random = {seed};
            NSMutableArray *widgets = [NSMutableArray array], *names = [NSMutableArray array];
            NSUInteger next = 0;
            NSUInteger count = 3 + LDTestRandomBelow(&random, 6);
            for (NSUInteger w = 0; w < count; w++) {
                [widgets addObject:LDWidget(next, &random)];
                [names addObject:[NSString stringWithFormat:@"w%lu", (unsigned long)next++]];
            }
            NSArray *source = LDFlattenWidgets(widgets);
            /* Swap widgets in and out: replace some, remove some, add some; the rest stay. */
            NSMutableSet *changed = [NSMutableSet set];
            NSUInteger swaps = 1 + LDTestRandomBelow(&random, 3);
            for (NSUInteger i = 0; i < swaps && widgets.count > 0; i++) {
                NSUInteger at = LDTestRandomBelow(&random, widgets.count);
                NSUInteger roll = LDTestRandomBelow(&random, 3);
                if (roll != 2) {
                    [changed addObject:[names objectAtIndex:at]];
                    [widgets removeObjectAtIndex:at];
                    [names removeObjectAtIndex:at];
                }
                if (roll != 1) {
                    NSString *name = [NSString stringWithFormat:@"w%lu", (unsigned long)next];
                    [changed addObject:name];
                    [widgets insertObject:LDWidget(next++, &random) atIndex:at];
                    [names insertObject:name atIndex:at];
                }
            }
            NSArray *target = LDFlattenWidgets(widgets);
            LDTestListHost *host = [[[LDTestListHost alloc] initWithKind:kind sections:source inWindow:YES] autorelease];
            LDStagedChangeset *staged = [[[LDStagedChangeset alloc] initWithSourceSections:source targetSections:target] autorelease];
            @try {
                [host reloadUsingStagedChangeset:staged interrupt:nil];
                [host finishAnimations:YES];
            } @catch (NSException *exception) {
                XCTFail(@"seed %llu, %@: %@", (unsigned long long)seed, LDTestViewKindName(kind), exception.reason);
                [pool release];
                continue;
            }
            XCTAssertEqualObjects(host.outcome, [LDReloadOutcome animatedOutcomeWithFinished:YES]);
            XCTAssertNil([host staleContent], @"seed %llu", (unsigned long long)seed);
            XCTAssertTrue(host.list.touchedContents.count > 0, @"seed %llu: nothing animated", (unsigned long long)seed);
            for (id content in host.list.touchedContents) {
                XCTAssertTrue([changed containsObject:LDWidgetOf(content)],
                              @"seed %llu, %@: %@ of an untouched widget got an operation (swapped: %@); log %@",
                              (unsigned long long)seed, LDTestViewKindName(kind), content, changed, host.list.log);
            }
            [pool release];
        }
    }
}

@end

#endif
