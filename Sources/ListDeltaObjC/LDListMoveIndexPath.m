#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListMoveIndexPath.h"

#import "LDMemory.h"

@implementation LDListMoveIndexPath

@synthesize from = _from;
@synthesize to = _to;

- (instancetype)initWithFrom:(NSIndexPath *)from to:(NSIndexPath *)to {
    if ((self = [super init])) {
        _from = [from copy];
        _to = [to copy];
    }
    return self;
}

- (void)dealloc {
    LD_RELEASE(_from);
    LD_RELEASE(_to);
    LD_SUPER_DEALLOC();
}

- (id)copyWithZone:(NSZone *)zone {
    return LD_RETAIN(self); // immutable
}

- (NSComparisonResult)compare:(LDListMoveIndexPath *)other {
    NSComparisonResult order = [_from compare:other.from];
    return order != NSOrderedSame ? order : [_to compare:other.to];
}

- (BOOL)isEqual:(id)object {
    if (object == self) { return YES; }
    if (![object isKindOfClass:[LDListMoveIndexPath class]]) { return NO; }
    LDListMoveIndexPath *other = object;
    return [_from isEqual:other.from] && [_to isEqual:other.to];
}

- (NSUInteger)hash {
    return _from.hash * 31u ^ _to.hash;
}

static NSString *LDPathDescription(NSIndexPath *path) {
    NSMutableString *text = [NSMutableString stringWithString:@"["];
    for (NSUInteger position = 0; position < path.length; position++) {
        [text appendFormat:position == 0 ? @"%lu" : @", %lu", (unsigned long)[path indexAtPosition:position]];
    }
    [text appendString:@"]"];
    return text;
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<%@ %p; from: %@; to: %@;>", NSStringFromClass([self class]), (void *)self,
                                      LDPathDescription(_from), LDPathDescription(_to)];
}

@end

#endif
