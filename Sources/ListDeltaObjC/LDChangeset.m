#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDStagedDiff.h"

/* Index paths of the core's @p paths, all in @p flatSection when it is not NSNotFound. */
static NSArray<NSIndexPath *> *LDPaths(const ld_path_t *paths, size_t count, NSInteger flatSection) {
    NSMutableArray<NSIndexPath *> *result = [NSMutableArray arrayWithCapacity:count];
    for (size_t i = 0; i < count; i++) {
        [result addObject:LDIndexPath(flatSection != NSNotFound ? flatSection : paths[i].section, paths[i].element)];
    }
    return result;
}

static NSArray<LDListMoveIndexPath *> *LDPathMoves(const ld_path_move_t *moves, size_t count, NSInteger flatSection) {
    NSMutableArray<LDListMoveIndexPath *> *result = [NSMutableArray arrayWithCapacity:count];
    for (size_t i = 0; i < count; i++) {
        ld_path_move_t move = moves[i];
        LDListMoveIndexPath *object = [[LDListMoveIndexPath alloc]
            initWithFrom:LDIndexPath(flatSection != NSNotFound ? flatSection : move.source.section, move.source.element)
                      to:LDIndexPath(flatSection != NSNotFound ? flatSection : move.target.section, move.target.element)];
        [result addObject:object];
        LD_RELEASE(object);
    }
    return result;
}

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

- (instancetype)initWithStage:(const ld_stage_t *)stage data:(NSArray *)data flatSection:(NSInteger)flatSection {
    if ((self = [super init])) {
        const ld_batch_t *b = &stage->batch;
        _data = [data copy];
        _sectionDeleted = [LDIndexSetOfAscending(b->section_deleted, b->section_deleted_count) copy];
        _sectionInserted = [LDIndexSetOfAscending(b->section_inserted, b->section_inserted_count) copy];
        _sectionUpdated = [LDIndexSetOfAscending(b->section_updated, b->section_updated_count) copy];
        _sectionMoved = [LDMovesOfPairs(b->section_moved, b->section_moved_count) copy];
        _elementDeleted = [LDPaths(b->element_deleted, b->element_deleted_count, flatSection) copy];
        _elementInserted = [LDPaths(b->element_inserted, b->element_inserted_count, flatSection) copy];
        _elementUpdated = [LDPaths(b->element_updated, b->element_updated_count, flatSection) copy];
        _elementMoved = [LDPathMoves(b->element_moved, b->element_moved_count, flatSection) copy];
        _flatSection = flatSection;
        _elementCountsBefore = [[NSData alloc] initWithBytes:stage->element_counts_before
                                                      length:stage->section_count_before * sizeof(int32_t)];
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

static BOOL LDSameSet(NSArray *lhs, NSArray *rhs) {
    return [[NSSet setWithArray:lhs] isEqualToSet:[NSSet setWithArray:rhs]];
}

- (BOOL)isEqual:(id)object {
    if (object == self) { return YES; }
    if (![object isKindOfClass:[LDChangeset class]]) { return NO; }
    LDChangeset *other = object;
    return [_data isEqualToArray:other.data] && [_sectionDeleted isEqualToIndexSet:other.sectionDeleted] &&
        [_sectionInserted isEqualToIndexSet:other.sectionInserted] &&
        [_sectionUpdated isEqualToIndexSet:other.sectionUpdated] && LDSameSet(_sectionMoved, other.sectionMoved) &&
        LDSameSet(_elementDeleted, other.elementDeleted) && LDSameSet(_elementInserted, other.elementInserted) &&
        LDSameSet(_elementUpdated, other.elementUpdated) && LDSameSet(_elementMoved, other.elementMoved);
}

- (NSUInteger)hash {
    // Only what equal changesets share: the lists of paths and moves may name an operation twice.
    return _data.hash * 31u ^ (_sectionDeleted.count + _sectionInserted.count * 7u + _sectionUpdated.count * 13u);
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
