/*
 * Seeded random sectioned and flat lists animated through the glue on the stand-in
 * UITableView, UICollectionView and NSCollectionView: every batch is accepted, the completion
 * comes once after the animations, the data source ends with the target, and every row shows
 * its data (the rows the glue did not reload or insert kept content equal to the target's).
 */
#import <XCTest/XCTest.h>

#import "LDTestListHost.h"
#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

@interface LDStagedReloadRandomTests : XCTestCase
@end

static LDTestModel *LDModel(NSString *key, NSUInteger value) {
    return [LDTestModel modelWithKey:key value:[NSString stringWithFormat:@"%lu", (unsigned long)value]];
}

static NSMutableArray *LDRandomElements(LDTestRandom *random, NSUInteger count) {
    NSMutableArray *elements = [NSMutableArray array];
    for (NSUInteger i = 0; i < count; i++) {
        /* 24 keys: lists of up to 10 elements share some (duplicates). */
        [elements addObject:LDModel([NSString stringWithFormat:@"e%lu", (unsigned long)LDTestRandomBelow(random, 24)],
                                    LDTestRandomBelow(random, 2))];
    }
    return elements;
}

static NSArray *LDSectionsOf(NSArray *models, NSArray *elementLists) {
    NSMutableArray *sections = [NSMutableArray array];
    for (NSUInteger i = 0; i < models.count; i++) {
        [sections addObject:[LDArraySection sectionWithModel:[models objectAtIndex:i] elements:[elementLists objectAtIndex:i]]];
    }
    return sections;
}

/* A random source and a target made from it: sections deleted, inserted, swapped and changed;
 elements deleted, changed, inserted and moved across sections (into inserted ones too); now
 and then everything deleted or everything inserted. */
static void LDRandomPair(uint64_t seed, NSArray **sourceOut, NSArray **targetOut) {
    LDTestRandom random = {seed};
    NSMutableArray *models = [NSMutableArray array], *lists = [NSMutableArray array];
    NSUInteger sectionCount = LDTestRandomBelow(&random, 6);
    for (NSUInteger s = 0; s < sectionCount; s++) {
        /* Section keys from 8, so a section key repeats now and then. */
        [models addObject:LDModel([NSString stringWithFormat:@"S%lu", (unsigned long)LDTestRandomBelow(&random, 8)],
                                  LDTestRandomBelow(&random, 2))];
        [lists addObject:LDRandomElements(&random, LDTestRandomBelow(&random, 8))];
    }
    NSArray *source = LDSectionsOf(models, lists);
    NSUInteger mode = LDTestRandomBelow(&random, 12);
    if (mode == 0) {
        *sourceOut = source;
        *targetOut = [NSArray array];
        return;
    }
    NSMutableArray *targetModels = [NSMutableArray array], *targetLists = [NSMutableArray array];
    for (NSUInteger s = 0; s < models.count; s++) {
        if (LDTestRandomBelow(&random, 5) == 0) { continue; }
        LDTestModel *model = [models objectAtIndex:s];
        if (LDTestRandomBelow(&random, 6) == 0) { model = [LDTestModel modelWithKey:model.key value:@"9"]; }
        [targetModels addObject:model];
        NSMutableArray *elements = [NSMutableArray array];
        for (LDTestModel *element in [lists objectAtIndex:s]) {
            NSUInteger roll = LDTestRandomBelow(&random, 8);
            if (roll == 0) { continue; }
            [elements addObject:roll == 1 ? [LDTestModel modelWithKey:element.key value:@"7"] : element];
        }
        [targetLists addObject:elements];
    }
    NSUInteger inserts = LDTestRandomBelow(&random, 3);
    for (NSUInteger i = 0; i < inserts; i++) {
        NSUInteger at = LDTestRandomBelow(&random, targetModels.count + 1);
        [targetModels insertObject:LDModel([NSString stringWithFormat:@"S%lu", (unsigned long)LDTestRandomBelow(&random, 12)], 0)
                           atIndex:at];
        [targetLists insertObject:LDRandomElements(&random, LDTestRandomBelow(&random, 4)) atIndex:at];
    }
    NSUInteger swaps = LDTestRandomBelow(&random, 3);
    for (NSUInteger i = 0; i < swaps && targetModels.count > 1; i++) {
        NSUInteger a = LDTestRandomBelow(&random, targetModels.count), b = LDTestRandomBelow(&random, targetModels.count);
        [targetModels exchangeObjectAtIndex:a withObjectAtIndex:b];
        [targetLists exchangeObjectAtIndex:a withObjectAtIndex:b];
    }
    NSUInteger moves = targetLists.count > 0 ? LDTestRandomBelow(&random, 6) : 0;
    for (NSUInteger i = 0; i < moves; i++) {
        NSMutableArray *from = [targetLists objectAtIndex:LDTestRandomBelow(&random, targetLists.count)];
        if (from.count == 0) { continue; }
        NSUInteger at = LDTestRandomBelow(&random, from.count);
        id element = [[from objectAtIndex:at] retain];
        [from removeObjectAtIndex:at];
        NSMutableArray *to = [targetLists objectAtIndex:LDTestRandomBelow(&random, targetLists.count)];
        [to insertObject:element atIndex:LDTestRandomBelow(&random, to.count + 1)];
        [element release];
    }
    NSUInteger elementInserts = targetLists.count > 0 ? LDTestRandomBelow(&random, 4) : 0;
    for (NSUInteger i = 0; i < elementInserts; i++) {
        NSMutableArray *to = [targetLists objectAtIndex:LDTestRandomBelow(&random, targetLists.count)];
        [to insertObject:[LDRandomElements(&random, 1) objectAtIndex:0] atIndex:LDTestRandomBelow(&random, to.count + 1)];
    }
    *sourceOut = mode == 1 ? [NSArray array] : source;
    *targetOut = LDSectionsOf(targetModels, targetLists);
}

@implementation LDStagedReloadRandomTests

/* Animates source -> target on a view of kind; nil, or what went wrong. */
- (NSString *)failureAnimatingFrom:(NSArray *)source
                                to:(NSArray *)target
                              kind:(LDTestViewKind)kind
                       flatSection:(NSInteger)flatSection
                           context:(NSArray *)context
                     reconfiguring:(BOOL)reconfiguring {
    NSArray *shown = source;
    LDStagedChangeset *staged;
    if (flatSection == NSNotFound) {
        staged = [[[LDStagedChangeset alloc] initWithSourceSections:source targetSections:target] autorelease];
    } else {
        NSMutableArray *sections = [[context mutableCopy] autorelease];
        [sections insertObject:[LDArraySection sectionWithModel:LDModel(@"flat", 0) elements:source] atIndex:(NSUInteger)flatSection];
        shown = sections;
        staged = [[[LDStagedChangeset alloc] initWithSource:source target:target section:flatSection] autorelease];
    }
    LDTestListHost *host = [[[LDTestListHost alloc] initWithKind:kind sections:shown inWindow:YES] autorelease];
    host.flatSection = flatSection;
    host.reconfiguringUpdates = reconfiguring;
    @try {
        [host reloadUsingStagedChangeset:staged interrupt:nil];
    } @catch (NSException *exception) {
        return [NSString stringWithFormat:@"%@ raised %@: %@", LDTestViewKindName(kind), exception.name, exception.reason];
    }
    NSUInteger stages = staged.count;
    if (stages > 0 && host.completionCount != 0) { return @"completion before the animations ended"; }
    [host finishAnimations:YES];
    if (host.completionCount != 1) {
        return [NSString stringWithFormat:@"completion called %lu times", (unsigned long)host.completionCount];
    }
    if (![host.outcome isEqual:[LDReloadOutcome animatedOutcomeWithFinished:YES]]) {
        return [NSString stringWithFormat:@"outcome %@", host.outcome];
    }
    NSString *batchCall = kind == LDTestViewKindAppKitCollection ? @"performBatchUpdates:completionHandler:"
                                                                 : @"performBatchUpdates:completion:";
    if ([host countOfCalls:batchCall] != stages || [host countOfCalls:@"reloadData"] != 1) {
        return [NSString stringWithFormat:@"%lu batches for %lu stages, %lu reloads", (unsigned long)[host countOfCalls:batchCall],
                                          (unsigned long)stages, (unsigned long)[host countOfCalls:@"reloadData"]];
    }
    NSArray *data = host.dataSource.sections;
    NSArray *expected = flatSection == NSNotFound ? target : nil;
    if (flatSection != NSNotFound) {
        NSMutableArray *sections = [[context mutableCopy] autorelease];
        [sections insertObject:[LDArraySection sectionWithModel:LDModel(@"flat", 0) elements:target] atIndex:(NSUInteger)flatSection];
        expected = sections;
    }
    if (![LDTestDescribeSections(data) isEqualToString:LDTestDescribeSections(expected)]) {
        return [NSString stringWithFormat:@"data %@", LDTestDescribeSections(data)];
    }
    NSString *stale = [host staleContent];
    return stale != nil ? [NSString stringWithFormat:@"stale: %@; log %@", stale, host.list.log] : nil;
}

- (void)testRandomSectionedListsOnEveryView {
    NSUInteger failures = 0;
    for (uint64_t seed = 1; seed <= 400 && failures < 5; seed++) {
        NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
        NSArray *source = nil, *target = nil;
        LDRandomPair(seed, &source, &target);
        for (LDTestViewKind kind = LDTestViewKindTable; kind <= LDTestViewKindAppKitCollection; kind++) {
            NSString *failure = [self failureAnimatingFrom:source to:target kind:kind flatSection:NSNotFound context:nil
                                           reconfiguring:(seed & 1) != 0];
            if (failure != nil) {
                failures++;
                XCTFail(@"seed %llu (reconfiguring when odd), %@: %@ -> %@: %@", (unsigned long long)seed, LDTestViewKindName(kind),
                        LDTestDescribeSections(source), LDTestDescribeSections(target), failure);
            }
        }
        [pool release];
    }
}

- (void)testRandomFlatListsInOneSectionOfSeveral {
    NSUInteger failures = 0;
    NSArray *context = LDTestSections(@"X/ x1 x2 | Y/");
    for (uint64_t seed = 1; seed <= 200 && failures < 5; seed++) {
        NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
        LDTestRandom random = {seed * 7919};
        NSArray *source = LDRandomElements(&random, LDTestRandomBelow(&random, 12));
        NSArray *target = LDRandomElements(&random, LDTestRandomBelow(&random, 12));
        NSInteger flatSection = (NSInteger)LDTestRandomBelow(&random, 3);
        LDTestViewKind kind = (LDTestViewKind)LDTestRandomBelow(&random, 3);
        NSString *failure = [self failureAnimatingFrom:source to:target kind:kind flatSection:flatSection context:context
                                           reconfiguring:(seed & 2) != 0];
        if (failure != nil) {
            failures++;
            XCTFail(@"seed %llu, %@, section %ld: %@ -> %@: %@", (unsigned long long)seed, LDTestViewKindName(kind),
                    (long)flatSection, source, target, failure);
        }
        [pool release];
    }
}

@end

#endif
