#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDArraySection.h"

#import "LDMemory.h"

@implementation LDArraySection

@synthesize model = _model;
@synthesize elements = _elements;

+ (instancetype)sectionWithModel:(id<LDListDiffable>)model elements:(NSArray *)elements {
    return LD_AUTORELEASE([[self alloc] initWithModel:model elements:elements]);
}

- (instancetype)initWithModel:(id<LDListDiffable>)model elements:(NSArray *)elements {
    if ((self = [super init])) {
        _model = LD_RETAIN(model);
        _elements = elements != nil ? [elements copy] : [[NSArray alloc] init];
    }
    return self;
}

- (void)dealloc {
    LD_RELEASE(_model);
    LD_RELEASE(_elements);
    LD_SUPER_DEALLOC();
}

- (BOOL)isEqual:(id)object {
    if (object == self) { return YES; }
    if (![object isKindOfClass:[LDArraySection class]]) { return NO; }
    LDArraySection *other = object;
    return [(id)_model isEqual:other.model] && [_elements isEqualToArray:other.elements];
}

- (NSUInteger)hash {
    return [(id)_model hash] * 31u ^ _elements.count;
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<%@ %p; model: %@; elements: %@>", NSStringFromClass([self class]),
                                      (void *)self, _model, _elements];
}

@end

#endif
