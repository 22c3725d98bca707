#import "LDStandInBatch.h"

#include <stdlib.h>

/* A completion kept until -finishAnimations:. Blocks are not objects on GCC's runtime (Debian's
 GNUstep), so a block is copied with Block_copy and kept in a box, never sent messages. */
@interface LDStandInCompletion : NSObject {
  @private
    void (^_block)(BOOL);
}
- (instancetype)initWithBlock:(void (^)(BOOL))block;
- (void)run:(BOOL)finished;
@end

@implementation LDStandInCompletion

- (instancetype)initWithBlock:(void (^)(BOOL))block {
    if ((self = [super init])) { _block = Block_copy(block); }
    return self;
}

- (void)dealloc {
    Block_release(_block);
    [super dealloc];
}

- (void)run:(BOOL)finished {
    _block(finished);
}

@end

NSString *LDStandInDescribeIndexSet(NSIndexSet *indexes) {
    NSMutableArray *parts = [NSMutableArray array];
    for (NSUInteger index = indexes.firstIndex; index != NSNotFound; index = [indexes indexGreaterThanIndex:index]) {
        [parts addObject:[NSString stringWithFormat:@"%lu", (unsigned long)index]];
    }
    return [NSString stringWithFormat:@"[%@]", [parts componentsJoinedByString:@", "]];
}

NSString *LDStandInDescribePath(NSIndexPath *indexPath) {
    NSMutableArray *parts = [NSMutableArray array];
    for (NSUInteger position = 0; position < indexPath.length; position++) {
        [parts addObject:[NSString stringWithFormat:@"%lu", (unsigned long)[indexPath indexAtPosition:position]]];
    }
    return [parts componentsJoinedByString:@"-"];
}

NSString *LDStandInDescribePaths(id<NSFastEnumeration> indexPaths) {
    NSMutableArray *parts = [NSMutableArray array];
    for (NSIndexPath *indexPath in indexPaths) { [parts addObject:LDStandInDescribePath(indexPath)]; }
    return [NSString stringWithFormat:@"[%@]", [parts componentsJoinedByString:@", "]];
}

/* Marks a row (or section) whose content is read from the data source after the batch. */
static id LDFresh(void) {
    static id fresh = nil;
    if (fresh == nil) { fresh = [[NSObject alloc] init]; }
    return fresh;
}

static void LDInvalid(NSString *format, ...) NS_FORMAT_FUNCTION(1, 2);
static void LDInvalid(NSString *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    NSString *reason = [[[NSString alloc] initWithFormat:format arguments:arguments] autorelease];
    va_end(arguments);
    [NSException raise:NSInternalInconsistencyException format:@"Invalid update: %@", reason];
}

static NSInteger LDSection(NSIndexPath *path) { return (NSInteger)[path indexAtPosition:0]; }
static NSInteger LDElement(NSIndexPath *path) { return (NSInteger)[path indexAtPosition:1]; }
static NSIndexPath *LDPath(NSInteger section, NSInteger element) {
    NSUInteger indexes[2] = {(NSUInteger)section, (NSUInteger)element};
    return [NSIndexPath indexPathWithIndexes:indexes length:2];
}

@implementation LDStandInList

@synthesize log = _log;
@synthesize batchCount = _batchCount;

- (instancetype)initWithSource:(id<LDStandInListSource>)source {
    if ((self = [super init])) {
        _source = source;
        _log = [[NSMutableArray alloc] init];
        _touchedContents = [[NSMutableArray alloc] init];
        _pendingCompletions = [[NSMutableArray alloc] init];
        _deletedSections = [[NSMutableArray alloc] init];
        _insertedSections = [[NSMutableArray alloc] init];
        _reloadedSections = [[NSMutableArray alloc] init];
        _movedSections = [[NSMutableArray alloc] init];
        _deletedElements = [[NSMutableArray alloc] init];
        _insertedElements = [[NSMutableArray alloc] init];
        _reloadedElements = [[NSMutableArray alloc] init];
        _movedElements = [[NSMutableArray alloc] init];
    }
    return self;
}

- (void)dealloc {
    [_log release];
    [_sectionContents release];
    [_elementContents release];
    [_touchedContents release];
    [_pendingCompletions release];
    [_deletedSections release];
    [_insertedSections release];
    [_reloadedSections release];
    [_movedSections release];
    [_deletedElements release];
    [_insertedElements release];
    [_reloadedElements release];
    [_movedElements release];
    [super dealloc];
}

- (NSArray *)touchedContents { return [[_touchedContents copy] autorelease]; }
- (NSArray *)sectionContents { return [[_sectionContents copy] autorelease]; }
- (NSArray<NSArray *> *)elementContents { return [[_elementContents copy] autorelease]; }
- (NSUInteger)pendingCompletionCount { return _pendingCompletions.count; }

- (void)logCall:(NSString *)call {
    [_log addObject:call];
}

- (id)contentForSection:(NSInteger)section {
    id<LDStandInContentSource> content = [_source ld_contentSource];
    id value = content != nil ? [content ld_standInContentForSection:section] : nil;
    return value != nil ? value : [NSNull null];
}

- (id)contentAtSection:(NSInteger)section element:(NSInteger)element {
    id<LDStandInContentSource> content = [_source ld_contentSource];
    id value = content != nil ? [content ld_standInContentAtIndexPath:LDPath(section, element)] : nil;
    return value != nil ? value : [NSNull null];
}

/* Reads everything from the data source. */
- (void)load {
    NSInteger sections = [_source ld_dataSourceNumberOfSections];
    NSMutableArray *sectionContents = [NSMutableArray arrayWithCapacity:(NSUInteger)sections];
    NSMutableArray *elementContents = [NSMutableArray arrayWithCapacity:(NSUInteger)sections];
    for (NSInteger section = 0; section < sections; section++) {
        [sectionContents addObject:[self contentForSection:section]];
        NSInteger count = [_source ld_dataSourceNumberOfElementsInSection:section];
        NSMutableArray *rows = [NSMutableArray arrayWithCapacity:(NSUInteger)count];
        for (NSInteger element = 0; element < count; element++) {
            [rows addObject:[self contentAtSection:section element:element]];
        }
        [elementContents addObject:rows];
    }
    [_sectionContents release];
    _sectionContents = [sectionContents retain];
    [_elementContents release];
    _elementContents = [elementContents retain];
}

- (void)loadIfNeeded {
    if (_elementContents == nil) { [self load]; }
}

- (NSInteger)numberOfSections {
    [self loadIfNeeded];
    return (NSInteger)_elementContents.count;
}

- (NSInteger)numberOfElementsInSection:(NSInteger)section {
    [self loadIfNeeded];
    if (section < 0 || section >= (NSInteger)_elementContents.count) {
        [NSException raise:NSRangeException
                    format:@"section %ld out of range: the view shows %lu sections", (long)section,
                           (unsigned long)_elementContents.count];
    }
    return (NSInteger)((NSArray *)[_elementContents objectAtIndex:(NSUInteger)section]).count;
}

- (void)reloadData {
    if (_inBatch) { [NSException raise:NSInternalInconsistencyException format:@"reloadData inside a batch update"]; }
    [self load];
}

- (void)clearBatch {
    _inBatch = NO;
    [_deletedSections removeAllObjects];
    [_insertedSections removeAllObjects];
    [_reloadedSections removeAllObjects];
    [_movedSections removeAllObjects];
    [_deletedElements removeAllObjects];
    [_insertedElements removeAllObjects];
    [_reloadedElements removeAllObjects];
    [_movedElements removeAllObjects];
}

- (void)performBatchUpdates:(void (^)(void))updates completion:(void (^)(BOOL))completion {
    if (_inBatch) { [NSException raise:NSInternalInconsistencyException format:@"nested batch updates"]; }
    [self loadIfNeeded];
    _inBatch = YES;
    @try {
        if (updates != nil) { updates(); }
        [self checkAndApplyBatch];
    } @finally {
        [self clearBatch];
    }
    _batchCount++;
    if (completion != nil) {
        LDStandInCompletion *kept = [[LDStandInCompletion alloc] initWithBlock:completion];
        [_pendingCompletions addObject:kept];
        [kept release];
    }
}

- (void)finishAnimations:(BOOL)finished {
    while (_pendingCompletions.count > 0) {
        LDStandInCompletion *completion = [[_pendingCompletions objectAtIndex:0] retain];
        [_pendingCompletions removeObjectAtIndex:0];
        [self logCall:[NSString stringWithFormat:@"completion %@", finished ? @"YES" : @"NO"]];
        [completion run:finished];
        [completion release];
    }
}

/* Records an operation, as a batch of its own outside performBatchUpdates. */
- (void)record:(id)operation into:(NSMutableArray *)list {
    if (_inBatch) {
        [list addObject:operation];
        return;
    }
    [self performBatchUpdates:^{
        [list addObject:operation];
    }
                   completion:nil];
}

- (NSArray *)numbers:(NSIndexSet *)indexes {
    NSMutableArray *numbers = [NSMutableArray array];
    for (NSUInteger index = indexes.firstIndex; index != NSNotFound; index = [indexes indexGreaterThanIndex:index]) {
        [numbers addObject:[NSNumber numberWithInteger:(NSInteger)index]];
    }
    return numbers;
}

- (void)deleteSections:(NSIndexSet *)sections { [self record:[self numbers:sections] into:_deletedSections]; }
- (void)insertSections:(NSIndexSet *)sections { [self record:[self numbers:sections] into:_insertedSections]; }
- (void)reloadSections:(NSIndexSet *)sections { [self record:[self numbers:sections] into:_reloadedSections]; }
- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection {
    NSArray *move = [NSArray arrayWithObjects:[NSNumber numberWithInteger:section],
                                              [NSNumber numberWithInteger:newSection], nil];
    [self record:[NSArray arrayWithObject:move] into:_movedSections];
}
- (void)checkPaths:(NSArray<NSIndexPath *> *)paths {
    for (NSIndexPath *path in paths) {
        if (![path isKindOfClass:[NSIndexPath class]] || path.length != 2) {
            [NSException raise:NSInvalidArgumentException format:@"%@ is not an index path of a section and a row", path];
        }
    }
}
- (void)deleteElements:(NSArray<NSIndexPath *> *)paths {
    [self checkPaths:paths];
    [self record:paths into:_deletedElements];
}
- (void)insertElements:(NSArray<NSIndexPath *> *)paths {
    [self checkPaths:paths];
    [self record:paths into:_insertedElements];
}
- (void)reloadElements:(NSArray<NSIndexPath *> *)paths {
    [self checkPaths:paths];
    [self record:paths into:_reloadedElements];
}
- (void)moveElement:(NSIndexPath *)path toElement:(NSIndexPath *)newPath {
    [self checkPaths:[NSArray arrayWithObjects:path, newPath, nil]];
    [self record:[NSArray arrayWithObject:[NSArray arrayWithObjects:path, newPath, nil]] into:_movedElements];
}

/* Flattens the lists of calls of one kind. */
static NSArray *LDFlatten(NSArray *calls) {
    NSMutableArray *all = [NSMutableArray array];
    for (NSArray *call in calls) { [all addObjectsFromArray:call]; }
    return all;
}

static NSMutableIndexSet *LDSectionSet(NSArray *numbers, NSInteger limit, NSString *operation, NSString *when) {
    NSMutableIndexSet *set = [NSMutableIndexSet indexSet];
    for (NSNumber *number in numbers) {
        NSInteger section = number.integerValue;
        if (section < 0 || section >= limit) {
            LDInvalid(@"attempt to %@ section %ld, but there are only %ld sections %@ the update", operation,
                      (long)section, (long)limit, when);
        }
        if ([set containsIndex:(NSUInteger)section]) {
            LDInvalid(@"attempt to %@ section %ld more than once in one update", operation, (long)section);
        }
        [set addIndex:(NSUInteger)section];
    }
    return set;
}

static NSMutableSet *LDElementSet(NSArray *paths, const NSInteger *counts, NSInteger sections, NSString *operation,
                                  NSString *when) {
    NSMutableSet *set = [NSMutableSet set];
    for (NSIndexPath *path in paths) {
        NSInteger section = LDSection(path), element = LDElement(path);
        if (section < 0 || section >= sections) {
            LDInvalid(@"attempt to %@ row %@, but there are only %ld sections %@ the update", operation,
                      LDStandInDescribePath(path), (long)sections, when);
        }
        if (element < 0 || element >= counts[section]) {
            LDInvalid(@"attempt to %@ row %@, but there are only %ld rows in section %ld %@ the update", operation,
                      LDStandInDescribePath(path), (long)counts[section], (long)section, when);
        }
        if ([set containsObject:path]) {
            LDInvalid(@"attempt to %@ row %@ more than once in one update", operation, LDStandInDescribePath(path));
        }
        [set addObject:path];
    }
    return set;
}

static void LDForbidSections(NSIndexSet *first, NSIndexSet *second, NSString *firstOperation, NSString *secondOperation) {
    for (NSUInteger index = first.firstIndex; index != NSNotFound; index = [first indexGreaterThanIndex:index]) {
        if ([second containsIndex:index]) {
            LDInvalid(@"attempt to %@ and %@ section %lu in one update", firstOperation, secondOperation,
                      (unsigned long)index);
        }
    }
}

static void LDForbidElements(NSSet *first, NSSet *second, NSString *firstOperation, NSString *secondOperation) {
    for (NSIndexPath *path in first) {
        if ([second containsObject:path]) {
            LDInvalid(@"attempt to %@ and %@ row %@ in one update", firstOperation, secondOperation,
                      LDStandInDescribePath(path));
        }
    }
}

- (void)checkAndApplyBatch {
    NSInteger sectionsBefore = (NSInteger)_elementContents.count;
    NSInteger sectionsAfter = [_source ld_dataSourceNumberOfSections];
    NSInteger *before = calloc((size_t)sectionsBefore + 1, sizeof *before);
    NSInteger *after = calloc((size_t)(sectionsAfter > 0 ? sectionsAfter : 0) + 1, sizeof *after);
    NSInteger *removed = calloc((size_t)sectionsBefore + 1, sizeof *removed);
    NSInteger *added = calloc((size_t)(sectionsAfter > 0 ? sectionsAfter : 0) + 1, sizeof *added);
    NSInteger *origins = calloc((size_t)(sectionsAfter > 0 ? sectionsAfter : 0) + 1, sizeof *origins);
    @try {
        for (NSInteger s = 0; s < sectionsBefore; s++) {
            before[s] = (NSInteger)((NSArray *)[_elementContents objectAtIndex:(NSUInteger)s]).count;
        }
        for (NSInteger t = 0; t < sectionsAfter; t++) { after[t] = [_source ld_dataSourceNumberOfElementsInSection:t]; }
        NSArray *sectionMoves = LDFlatten(_movedSections);
        NSMutableArray *moveSources = [NSMutableArray array], *moveTargets = [NSMutableArray array];
        for (NSArray *move in sectionMoves) {
            [moveSources addObject:[move objectAtIndex:0]];
            [moveTargets addObject:[move objectAtIndex:1]];
        }
        NSIndexSet *deleted = LDSectionSet(LDFlatten(_deletedSections), sectionsBefore, @"delete", @"before");
        NSIndexSet *reloaded = LDSectionSet(LDFlatten(_reloadedSections), sectionsBefore, @"reload", @"before");
        NSIndexSet *movedFrom = LDSectionSet(moveSources, sectionsBefore, @"move", @"before");
        NSIndexSet *inserted = LDSectionSet(LDFlatten(_insertedSections), sectionsAfter, @"insert", @"after");
        NSIndexSet *movedTo = LDSectionSet(moveTargets, sectionsAfter, @"move to", @"after");
        LDForbidSections(deleted, reloaded, @"delete", @"reload");
        LDForbidSections(deleted, movedFrom, @"delete", @"move");
        LDForbidSections(reloaded, movedFrom, @"reload", @"move");
        LDForbidSections(inserted, movedTo, @"insert", @"move to");
        NSInteger expectedSections = sectionsBefore - (NSInteger)deleted.count + (NSInteger)inserted.count;
        if (expectedSections != sectionsAfter) {
            LDInvalid(@"invalid number of sections. The number of sections contained in the view after the update "
                      @"(%ld) must be equal to the number of sections contained in the view before the update (%ld), "
                      @"plus or minus the number of sections inserted or deleted (%lu inserted, %lu deleted).",
                      (long)sectionsAfter, (long)sectionsBefore, (unsigned long)inserted.count,
                      (unsigned long)deleted.count);
        }
        /* Where each section after the batch was before it (-1: inserted). */
        for (NSInteger t = 0; t < sectionsAfter; t++) { origins[t] = -1; }
        for (NSArray *move in sectionMoves) {
            origins[[[move objectAtIndex:1] integerValue]] = [[move objectAtIndex:0] integerValue];
        }
        NSInteger staying = 0;
        for (NSInteger t = 0; t < sectionsAfter; t++) {
            if ([inserted containsIndex:(NSUInteger)t] || [movedTo containsIndex:(NSUInteger)t]) { continue; }
            while ([deleted containsIndex:(NSUInteger)staying] || [movedFrom containsIndex:(NSUInteger)staying]) {
                staying++;
            }
            origins[t] = staying++;
        }

        NSArray *elementMoves = LDFlatten(_movedElements);
        NSMutableArray *elementSources = [NSMutableArray array], *elementTargets = [NSMutableArray array];
        for (NSArray *move in elementMoves) {
            [elementSources addObject:[move objectAtIndex:0]];
            [elementTargets addObject:[move objectAtIndex:1]];
        }
        NSArray *deletedList = LDFlatten(_deletedElements), *reloadedList = LDFlatten(_reloadedElements),
                *insertedList = LDFlatten(_insertedElements);
        NSSet *deletedElements = LDElementSet(deletedList, before, sectionsBefore, @"delete", @"before");
        NSSet *reloadedElements = LDElementSet(reloadedList, before, sectionsBefore, @"reload", @"before");
        NSSet *movedFromElements = LDElementSet(elementSources, before, sectionsBefore, @"move", @"before");
        NSSet *insertedElements = LDElementSet(insertedList, after, sectionsAfter, @"insert", @"after");
        NSSet *movedToElements = LDElementSet(elementTargets, after, sectionsAfter, @"move to", @"after");
        NSArray *beforeKinds = [NSArray arrayWithObjects:deletedList, reloadedList, elementSources, nil];
        NSArray *beforeNames = [NSArray arrayWithObjects:@"delete", @"reload", @"move", nil];
        for (NSUInteger kind = 0; kind < beforeKinds.count; kind++) {
            for (NSIndexPath *path in [beforeKinds objectAtIndex:kind]) {
                NSUInteger section = (NSUInteger)LDSection(path);
                if ([deleted containsIndex:section] || [reloaded containsIndex:section]) {
                    LDInvalid(@"attempt to %@ row %@ of a section %@ in the same update", [beforeNames objectAtIndex:kind],
                              LDStandInDescribePath(path), [deleted containsIndex:section] ? @"deleted" : @"reloaded");
                }
            }
        }
        NSArray *afterKinds = [NSArray arrayWithObjects:insertedList, elementTargets, nil];
        NSArray *afterNames = [NSArray arrayWithObjects:@"insert", @"move", nil];
        for (NSUInteger kind = 0; kind < afterKinds.count; kind++) {
            for (NSIndexPath *path in [afterKinds objectAtIndex:kind]) {
                NSInteger section = LDSection(path);
                if ([inserted containsIndex:(NSUInteger)section] || (kind == 1 && [movedTo containsIndex:(NSUInteger)section])) {
                    LDInvalid(@"attempt to %@ row %@ into a section %@ in the same update", [afterNames objectAtIndex:kind],
                              LDStandInDescribePath(path), [inserted containsIndex:(NSUInteger)section] ? @"inserted" : @"moved");
                }
                if (origins[section] >= 0 && [reloaded containsIndex:(NSUInteger)origins[section]]) {
                    LDInvalid(@"attempt to %@ row %@ into a section reloaded in the same update",
                              [afterNames objectAtIndex:kind], LDStandInDescribePath(path));
                }
            }
        }
        LDForbidElements(deletedElements, reloadedElements, @"delete", @"reload");
        LDForbidElements(deletedElements, movedFromElements, @"delete", @"move");
        LDForbidElements(reloadedElements, movedFromElements, @"reload", @"move");
        LDForbidElements(insertedElements, movedToElements, @"insert", @"move to");

        for (NSIndexPath *path in deletedList) { removed[LDSection(path)]++; }
        for (NSIndexPath *path in elementSources) { removed[LDSection(path)]++; }
        for (NSIndexPath *path in insertedList) { added[LDSection(path)]++; }
        for (NSIndexPath *path in elementTargets) { added[LDSection(path)]++; }
        for (NSInteger t = 0; t < sectionsAfter; t++) {
            NSInteger s = origins[t];
            if (s < 0) { continue; }
            NSInteger expected = before[s] - removed[s] + added[t];
            if (expected != after[t]) {
                LDInvalid(@"invalid number of rows in section %ld. The number of rows contained in an existing section "
                          @"after the update (%ld) must be equal to the number of rows contained in that section before "
                          @"the update (%ld), plus the number of rows inserted or moved into that section (%ld), "
                          @"minus the number of rows deleted or moved out of that section (%ld) (section %ld before "
                          @"the update).",
                          (long)t, (long)after[t], (long)before[s], (long)added[t], (long)removed[s], (long)s);
            }
        }

        /* Accepted: what was there before, for the touched contents. */
        for (NSUInteger s = deleted.firstIndex; s != NSNotFound; s = [deleted indexGreaterThanIndex:s]) {
            [_touchedContents addObject:[_sectionContents objectAtIndex:s]];
        }
        for (NSUInteger s = reloaded.firstIndex; s != NSNotFound; s = [reloaded indexGreaterThanIndex:s]) {
            [_touchedContents addObject:[_sectionContents objectAtIndex:s]];
        }
        for (NSNumber *s in moveSources) { [_touchedContents addObject:[_sectionContents objectAtIndex:s.unsignedIntegerValue]]; }
        for (NSArray *list in beforeKinds) {
            for (NSIndexPath *path in list) {
                [_touchedContents addObject:[[_elementContents objectAtIndex:(NSUInteger)LDSection(path)]
                                                objectAtIndex:(NSUInteger)LDElement(path)]];
            }
        }

        /* The rows after the batch: staying rows keep their content. */
        NSMutableDictionary *movedIn = [NSMutableDictionary dictionary];
        for (NSArray *move in elementMoves) {
            NSIndexPath *from = [move objectAtIndex:0];
            [movedIn setObject:[[_elementContents objectAtIndex:(NSUInteger)LDSection(from)] objectAtIndex:(NSUInteger)LDElement(from)]
                        forKey:[move objectAtIndex:1]];
        }
        NSMutableArray *newSections = [NSMutableArray arrayWithCapacity:(NSUInteger)sectionsAfter];
        NSMutableArray *newElements = [NSMutableArray arrayWithCapacity:(NSUInteger)sectionsAfter];
        for (NSInteger t = 0; t < sectionsAfter; t++) {
            NSInteger s = origins[t];
            NSMutableArray *rows = [NSMutableArray arrayWithCapacity:(NSUInteger)after[t]];
            if (s < 0 || [reloaded containsIndex:(NSUInteger)s]) {
                [newSections addObject:[self contentForSection:t]];
                for (NSInteger e = 0; e < after[t]; e++) { [rows addObject:[self contentAtSection:t element:e]]; }
                [newElements addObject:rows];
                continue;
            }
            [newSections addObject:[_sectionContents objectAtIndex:(NSUInteger)s]];
            NSArray *old = [_elementContents objectAtIndex:(NSUInteger)s];
            NSMutableArray *stay = [NSMutableArray array];
            for (NSInteger e = 0; e < before[s]; e++) {
                NSIndexPath *path = LDPath(s, e);
                if ([deletedElements containsObject:path] || [movedFromElements containsObject:path]) { continue; }
                [stay addObject:[reloadedElements containsObject:path] ? LDFresh() : [old objectAtIndex:(NSUInteger)e]];
            }
            NSUInteger next = 0;
            for (NSInteger e = 0; e < after[t]; e++) {
                NSIndexPath *path = LDPath(t, e);
                id content;
                if ([insertedElements containsObject:path]) {
                    content = LDFresh();
                } else if ((content = [movedIn objectForKey:path]) == nil) {
                    content = [stay objectAtIndex:next++];
                }
                [rows addObject:content == LDFresh() ? [self contentAtSection:t element:e] : content];
            }
            if (next != stay.count) { LDInvalid(@"internal: %lu rows of section %ld left over", (unsigned long)(stay.count - next), (long)s); }
            [newElements addObject:rows];
        }
        [_sectionContents release];
        _sectionContents = [newSections retain];
        [_elementContents release];
        _elementContents = [newElements retain];

        /* What is there after the batch, for the touched contents. */
        for (NSUInteger t = inserted.firstIndex; t != NSNotFound; t = [inserted indexGreaterThanIndex:t]) {
            [_touchedContents addObject:[_sectionContents objectAtIndex:t]];
        }
        for (NSNumber *t in moveTargets) { [_touchedContents addObject:[_sectionContents objectAtIndex:t.unsignedIntegerValue]]; }
        for (NSArray *list in afterKinds) {
            for (NSIndexPath *path in list) {
                [_touchedContents addObject:[[_elementContents objectAtIndex:(NSUInteger)LDSection(path)]
                                                objectAtIndex:(NSUInteger)LDElement(path)]];
            }
        }
    } @finally {
        free(before);
        free(after);
        free(removed);
        free(added);
        free(origins);
    }
}

@end
