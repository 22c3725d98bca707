#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListMatch.h"

#import "LDMemory.h"

@implementation LDListMatch

- (instancetype)initWithOldObjects:(NSArray *)oldObjects newObjects:(NSArray *)newObjects oldToNew:(NSData *)oldToNew {
    if ((self = [super init])) {
        _oldObjects = [oldObjects copy];
        _newObjects = [newObjects copy];
        _oldToNew = [oldToNew copy];
        _lock = [[NSLock alloc] init];
    }
    return self;
}

- (void)dealloc {
    LD_RELEASE(_oldObjects);
    LD_RELEASE(_newObjects);
    LD_RELEASE(_oldToNew);
    LD_RELEASE(_lock);
    LD_RELEASE(_oldIndexes);
    LD_RELEASE(_newIndexes);
    LD_SUPER_DEALLOC();
}

- (NSInteger)newIndexOfOldIndex:(NSInteger)index {
    if (index < 0 || (NSUInteger)index >= _oldObjects.count) { return NSNotFound; }
    int32_t target = ((const int32_t *)_oldToNew.bytes)[index];
    return target < 0 ? NSNotFound : target;
}

/* Identifier to its last index (later occurrences overwrite earlier ones, as IGListKit's maps do). */
static NSMapTable *LDIndexesOfIdentifiers(NSArray *objects) {
    NSMapTable *indexes = [NSMapTable strongToStrongObjectsMapTable];
    NSUInteger count = objects.count;
    for (NSUInteger index = 0; index < count; index++) {
        id<LDListDiffable> object = [objects objectAtIndex:index];
        [indexes setObject:[NSNumber numberWithUnsignedInteger:index] forKey:[object diffIdentifier]];
    }
    return indexes;
}

static NSInteger LDIndexIn(NSMapTable *indexes, id<NSObject> identifier) {
    NSNumber *index = identifier == nil ? nil : [indexes objectForKey:identifier];
    return index == nil ? NSNotFound : index.integerValue;
}

- (NSInteger)oldIndexForIdentifier:(id<NSObject>)identifier {
    [_lock lock];
    if (_oldIndexes == nil) { _oldIndexes = LD_RETAIN(LDIndexesOfIdentifiers(_oldObjects)); }
    NSInteger index = LDIndexIn(_oldIndexes, identifier);
    [_lock unlock];
    return index;
}

- (NSInteger)newIndexForIdentifier:(id<NSObject>)identifier {
    [_lock lock];
    if (_newIndexes == nil) { _newIndexes = LD_RETAIN(LDIndexesOfIdentifiers(_newObjects)); }
    NSInteger index = LDIndexIn(_newIndexes, identifier);
    [_lock unlock];
    return index;
}

@end

#endif
