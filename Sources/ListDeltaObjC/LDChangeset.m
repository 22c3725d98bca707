#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDStagedDiff.h"

@implementation LDChangeset

@synthesize data = _data;
@synthesize sectionDeleted = _sectionDeleted;
@synthesize sectionInserted = _sectionInserted;
@synthesize sectionUpdated = _sectionUpdated;
@synthesize sectionMoved = _sectionMoved;
@synthesize elementDeleted = _elementDeleted;
@synthesize elementInserted = _elementInserted;
@synthesize elementUpdated = _elementUpdated;
@synthesize elementMoved = _elementMoved;
@synthesize flatSection = _flatSection;

- (instancetype)initWithData:(NSArray *)data
              sectionDeleted:(NSIndexSet *)sectionDeleted
             sectionInserted:(NSIndexSet *)sectionInserted
              sectionUpdated:(NSIndexSet *)sectionUpdated
                sectionMoved:(NSArray<LDListMoveIndex *> *)sectionMoved
              elementDeleted:(NSArray<NSIndexPath *> *)elementDeleted
             elementInserted:(NSArray<NSIndexPath *> *)elementInserted
              elementUpdated:(NSArray<NSIndexPath *> *)elementUpdated
                elementMoved:(NSArray<LDListMoveIndexPath *> *)elementMoved
                 flatSection:(NSInteger)flatSection
         elementCountsBefore:(NSData *)elementCountsBefore {
    if ((self = [super init])) {
        _data = [data copy];
        _sectionDeleted = [sectionDeleted copy];
        _sectionInserted = [sectionInserted copy];
        _sectionUpdated = [sectionUpdated copy];
        _sectionMoved = [sectionMoved copy];
        _elementDeleted = [elementDeleted copy];
        _elementInserted = [elementInserted copy];
        _elementUpdated = [elementUpdated copy];
        _elementMoved = [elementMoved copy];
        _flatSection = flatSection;
        _elementCountsBefore = [elementCountsBefore copy];
    }
    return self;
}

- (void)dealloc {
    LD_RELEASE(_data);
    LD_RELEASE(_sectionDeleted);
    LD_RELEASE(_sectionInserted);
    LD_RELEASE(_sectionUpdated);
    LD_RELEASE(_sectionMoved);
    LD_RELEASE(_elementDeleted);
    LD_RELEASE(_elementInserted);
    LD_RELEASE(_elementUpdated);
    LD_RELEASE(_elementMoved);
    LD_RELEASE(_elementCountsBefore);
    LD_SUPER_DEALLOC();
}

- (NSInteger)numberOfSectionsBefore {
    return (NSInteger)(_elementCountsBefore.length / sizeof(int32_t));
}

- (NSInteger)numberOfElementsBeforeInSection:(NSInteger)section {
    if (section < 0 || section >= self.numberOfSectionsBefore) { return NSNotFound; }
    return ((const int32_t *)_elementCountsBefore.bytes)[section];
}

- (NSInteger)changeCount {
    return (NSInteger)(_sectionDeleted.count + _sectionInserted.count + _sectionUpdated.count + _sectionMoved.count +
                       _elementDeleted.count + _elementInserted.count + _elementUpdated.count + _elementMoved.count);
}

- (BOOL)hasChanges {
    return self.changeCount > 0;
}

- (BOOL)isEqual:(id)object {
    if (object == self) { return YES; }
    if (![object isKindOfClass:[LDChangeset class]]) { return NO; }
    LDChangeset *other = object;
    return [_data isEqualToArray:other.data] && [_sectionDeleted isEqualToIndexSet:other.sectionDeleted] &&
        [_sectionInserted isEqualToIndexSet:other.sectionInserted] &&
        [_sectionUpdated isEqualToIndexSet:other.sectionUpdated] && [_sectionMoved isEqualToArray:other.sectionMoved] &&
        [_elementDeleted isEqualToArray:other.elementDeleted] &&
        [_elementInserted isEqualToArray:other.elementInserted] &&
        [_elementUpdated isEqualToArray:other.elementUpdated] && [_elementMoved isEqualToArray:other.elementMoved] &&
        _flatSection == other.flatSection && [_elementCountsBefore isEqualToData:other->_elementCountsBefore];
}

- (NSUInteger)hash {
    return _data.count * 31u ^ (NSUInteger)self.changeCount;
}

- (NSString *)description {
    NSMutableString *text = [NSMutableString stringWithFormat:@"<%@ %p;", NSStringFromClass([self class]), (void *)self];
    if (_sectionDeleted.count) { [text appendFormat:@" sectionDeleted: %@;", _sectionDeleted]; }
    if (_sectionInserted.count) { [text appendFormat:@" sectionInserted: %@;", _sectionInserted]; }
    if (_sectionUpdated.count) { [text appendFormat:@" sectionUpdated: %@;", _sectionUpdated]; }
    if (_sectionMoved.count) { [text appendFormat:@" sectionMoved: %@;", _sectionMoved]; }
    if (_elementDeleted.count) { [text appendFormat:@" elementDeleted: %@;", _elementDeleted]; }
    if (_elementInserted.count) { [text appendFormat:@" elementInserted: %@;", _elementInserted]; }
    if (_elementUpdated.count) { [text appendFormat:@" elementUpdated: %@;", _elementUpdated]; }
    if (_elementMoved.count) { [text appendFormat:@" elementMoved: %@;", _elementMoved]; }
    [text appendFormat:@" data: %lu %@>", (unsigned long)_data.count, _flatSection == NSNotFound ? @"sections" : @"elements"];
    return text;
}

@end

#endif
