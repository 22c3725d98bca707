#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListMoveIndex.h"

#import "LDMemory.h"

@implementation LDListMoveIndex

@synthesize from = _from;
@synthesize to = _to;

- (instancetype)initWithFrom:(NSInteger)from to:(NSInteger)to {
    if ((self = [super init])) {
        _from = from;
        _to = to;
    }
    return self;
}

- (id)copyWithZone:(NSZone *)zone {
    return LD_RETAIN(self); // immutable
}

- (NSComparisonResult)compare:(LDListMoveIndex *)other {
    if (_from != other.from) { return _from < other.from ? NSOrderedAscending : NSOrderedDescending; }
    if (_to != other.to) { return _to < other.to ? NSOrderedAscending : NSOrderedDescending; }
    return NSOrderedSame;
}

- (BOOL)isEqual:(id)object {
    if (object == self) { return YES; }
    if (![object isKindOfClass:[LDListMoveIndex class]]) { return NO; }
    LDListMoveIndex *other = object;
    return _from == other.from && _to == other.to;
}

- (NSUInteger)hash {
    return (NSUInteger)_from * 31u ^ (NSUInteger)_to;
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<%@ %p; from: %ld; to: %ld;>", NSStringFromClass([self class]), (void *)self,
                                      (long)_from, (long)_to];
}

@end

#endif
