#import "LDTestModel.h"

@implementation LDTestModel

@synthesize key = _key;
@synthesize value = _value;

+ (instancetype)modelWithKey:(NSString *)key value:(NSString *)value {
    return [[[self alloc] initWithKey:key value:value] autorelease];
}

- (instancetype)initWithKey:(NSString *)key value:(NSString *)value {
    if ((self = [super init])) {
        _key = [key copy];
        _value = [value copy];
    }
    return self;
}

- (void)dealloc {
    [_key release];
    [_value release];
    [super dealloc];
}

- (id<NSObject>)diffIdentifier {
    return _key;
}

- (BOOL)isEqualToDiffableObject:(id<LDListDiffable>)object {
    return [(id)object isKindOfClass:[LDTestModel class]] && [((LDTestModel *)object).value isEqualToString:_value];
}

- (NSString *)description {
    return [NSString stringWithFormat:@"%@:%@", _key, _value];
}

@end

NSArray<LDTestModel *> *LDTestModels(NSString *words) {
    NSMutableArray<LDTestModel *> *models = [NSMutableArray array];
    for (NSString *word in [words componentsSeparatedByString:@" "]) {
        if (word.length == 0) { continue; }
        NSArray<NSString *> *parts = [word componentsSeparatedByString:@":"];
        [models addObject:[LDTestModel modelWithKey:[parts objectAtIndex:0]
                                              value:parts.count > 1 ? [parts objectAtIndex:1] : @"0"]];
    }
    return models;
}

uint64_t LDTestRandomNext(LDTestRandom *random) {
    uint64_t z = (random->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

NSUInteger LDTestRandomBelow(LDTestRandom *random, NSUInteger bound) {
    // The high 64 bits of a 128-bit product, as the Swift tests' SplitMix64.bounded(_:).
    return (NSUInteger)(((unsigned __int128)LDTestRandomNext(random) * bound) >> 64);
}

NSArray<LDTestModel *> *LDTestRandomModels(LDTestRandom *random, NSUInteger maxCount, NSUInteger keys, NSUInteger values) {
    NSMutableArray<LDTestModel *> *models = [NSMutableArray array];
    NSUInteger count = LDTestRandomBelow(random, maxCount);
    for (NSUInteger i = 0; i < count; i++) {
        NSString *key = [NSString stringWithFormat:@"%lu", (unsigned long)LDTestRandomBelow(random, keys)];
        NSString *value = [NSString stringWithFormat:@"%lu", (unsigned long)LDTestRandomBelow(random, values)];
        [models addObject:[LDTestModel modelWithKey:key value:value]];
    }
    return models;
}

NSIndexPath *LDTestPath(NSUInteger section, NSUInteger item) {
    NSUInteger indexes[2] = {section, item};
    return [NSIndexPath indexPathWithIndexes:indexes length:2];
}
