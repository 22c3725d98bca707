/* A diffable test model: an identifier (its key) and a content value; shared by the tests. */
#import <Foundation/Foundation.h>

#import "ListDeltaObjC.h"

@interface LDTestModel : NSObject <LDListDiffable> {
  @private
    NSString *_key;
    NSString *_value;
}
@property (nonatomic, copy, readonly) NSString *key;
@property (nonatomic, copy, readonly) NSString *value;
+ (instancetype)modelWithKey:(NSString *)key value:(NSString *)value;
- (instancetype)initWithKey:(NSString *)key value:(NSString *)value;
@end

/* Models "k:v" from a string of space-separated "k" or "k:v" words ("k" means value "0"). */
NSArray<LDTestModel *> *LDTestModels(NSString *words);

/* The index path (section, item), with Foundation alone. */
NSIndexPath *LDTestPath(NSUInteger section, NSUInteger item);

/* A seeded generator (SplitMix64), as the Swift tests' SplitMix64. */
typedef struct LDTestRandom {
    uint64_t state;
} LDTestRandom;
uint64_t LDTestRandomNext(LDTestRandom *random);
/* A uniform integer in 0 ..< bound (0 when bound is 0), as SplitMix64.bounded(_:) in Swift. */
NSUInteger LDTestRandomBelow(LDTestRandom *random, NSUInteger bound);
/* Fewer than @p maxCount models, keys below @p keys and values below @p values, drawn in order. */
NSArray<LDTestModel *> *LDTestRandomModels(LDTestRandom *random, NSUInteger maxCount, NSUInteger keys, NSUInteger values);
