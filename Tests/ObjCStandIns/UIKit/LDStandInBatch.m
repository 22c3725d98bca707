#import "LDStandInBatch.h"
#import "LDStandInLayout.h"

#include <CListDelta.h>

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
        if (ld_workspace_create(NULL, &_workspace) != LD_OK) {
            [NSException raise:NSMallocException format:@"LDStandInList: no workspace for its batch checks"];
        }
    }
    return self;
}

- (void)dealloc {
    [_log release];
    [_sectionContents release];
    [_elementContents release];
    [_elementLayouts release];
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
    ld_workspace_free(_workspace);
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
    id value = content != nil ? [content ld_standInContentAtIndexPath:LDStandInIndexPath(section, element)] : nil;
    return value != nil ? value : [NSNull null];
}

/* Reads everything from the data source. */
- (void)load {
    NSInteger sections = [_source ld_dataSourceNumberOfSections];
    NSMutableArray *sectionContents = [NSMutableArray arrayWithCapacity:(NSUInteger)sections];
    NSMutableArray *elementContents = [NSMutableArray arrayWithCapacity:(NSUInteger)sections];
    NSMutableArray *elementLayouts = [NSMutableArray arrayWithCapacity:(NSUInteger)sections];
    for (NSInteger section = 0; section < sections; section++) {
        [sectionContents addObject:[self contentForSection:section]];
        NSInteger count = [_source ld_dataSourceNumberOfElementsInSection:section];
        NSMutableArray *rows = [NSMutableArray arrayWithCapacity:(NSUInteger)count];
        NSMutableArray *layouts = [NSMutableArray arrayWithCapacity:(NSUInteger)count];
        for (NSInteger element = 0; element < count; element++) {
            [rows addObject:[self contentAtSection:section element:element]];
            [layouts addObject:[NSNull null]];
        }
        [elementContents addObject:rows];
        [elementLayouts addObject:layouts];
    }
    [_sectionContents release];
    _sectionContents = [sectionContents retain];
    [_elementContents release];
    _elementContents = [elementContents retain];
    [_elementLayouts release];
    _elementLayouts = [elementLayouts retain];
}

- (id)layoutValueAtIndexPath:(NSIndexPath *)indexPath {
    [self loadIfNeeded];
    id value = [[_elementLayouts objectAtIndex:[indexPath indexAtPosition:0]] objectAtIndex:[indexPath indexAtPosition:1]];
    return value == [NSNull null] ? nil : value;
}

- (void)setLayoutValue:(id)value atIndexPath:(NSIndexPath *)indexPath {
    [self loadIfNeeded];
    [[_elementLayouts objectAtIndex:[indexPath indexAtPosition:0]] replaceObjectAtIndex:[indexPath indexAtPosition:1]
                                                                            withObject:value != nil ? value : [NSNull null]];
}

- (void)loadIfNeeded {
    if (_elementContents == nil) { [self load]; }
}

- (NSInteger)numberOfSections {
    [self loadIfNeeded];
    return (NSInteger)_elementContents.count;
}

- (NSArray<NSNumber *> *)elementCounts {
    [self loadIfNeeded];
    NSMutableArray *counts = [NSMutableArray arrayWithCapacity:_elementContents.count];
    for (NSArray *rows in _elementContents) { [counts addObject:[NSNumber numberWithUnsignedInteger:rows.count]]; }
    return counts;
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
    [_source ld_listDidUpdate];
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
    [_source ld_listDidUpdate];
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

/* An index as the core reads it: clamped to int32_t (a rule about a range names the recorded
 index instead). */
static int32_t LDCoreIndex(NSInteger index) {
    return index < INT32_MIN ? INT32_MIN : index > INT32_MAX ? INT32_MAX : (int32_t)index;
}

static ld_path_t LDCorePath(NSIndexPath *path) {
    ld_path_t core = {LDCoreIndex(LDSection(path)), LDCoreIndex(LDElement(path))};
    return core;
}

/* `length` zeroed bytes that live as long as the autorelease pool; never NULL (GNUstep gives
 NULL for no bytes). */
static void *LDScratch(NSUInteger length) {
    return [[NSMutableData dataWithLength:length > 0 ? length : 1] mutableBytes];
}

/* A recorded list in the core's types, in autoreleased storage: section numbers, section moves
 ([source, target] numbers), index paths, index path moves ([source, target] paths). */
static const int32_t *LDCoreSections(NSArray *numbers) {
    int32_t *sections = LDScratch(numbers.count * sizeof *sections);
    for (NSUInteger k = 0; k < numbers.count; k++) { sections[k] = LDCoreIndex([[numbers objectAtIndex:k] integerValue]); }
    return sections;
}

static const ld_pair_t *LDCoreSectionMoves(NSArray *moves) {
    ld_pair_t *pairs = LDScratch(moves.count * sizeof *pairs);
    for (NSUInteger k = 0; k < moves.count; k++) {
        NSArray *move = [moves objectAtIndex:k];
        pairs[k].source = LDCoreIndex([[move objectAtIndex:0] integerValue]);
        pairs[k].target = LDCoreIndex([[move objectAtIndex:1] integerValue]);
    }
    return pairs;
}

static const ld_path_t *LDCorePaths(NSArray *paths) {
    ld_path_t *core = LDScratch(paths.count * sizeof *core);
    for (NSUInteger k = 0; k < paths.count; k++) { core[k] = LDCorePath([paths objectAtIndex:k]); }
    return core;
}

static const ld_path_move_t *LDCorePathMoves(NSArray *moves) {
    ld_path_move_t *core = LDScratch(moves.count * sizeof *core);
    for (NSUInteger k = 0; k < moves.count; k++) {
        NSArray *move = [moves objectAtIndex:k];
        core[k].source = LDCorePath([move objectAtIndex:0]);
        core[k].target = LDCorePath([move objectAtIndex:1]);
    }
    return core;
}

/* The batch of `lists`: sections deleted, inserted, reloaded and moved, then elements likewise
 (the order of ld_batch_t's fields and of ld_batch_operation). */
static ld_batch_t LDCoreBatch(NSArray *lists) {
    NSArray *l[8];
    for (NSUInteger k = 0; k < 8; k++) { l[k] = [lists objectAtIndex:k]; }
    ld_batch_t batch = {
        .section_deleted = LDCoreSections(l[0]), .section_deleted_count = l[0].count,
        .section_inserted = LDCoreSections(l[1]), .section_inserted_count = l[1].count,
        .section_updated = LDCoreSections(l[2]), .section_updated_count = l[2].count,
        .section_moved = LDCoreSectionMoves(l[3]), .section_moved_count = l[3].count,
        .element_deleted = LDCorePaths(l[4]), .element_deleted_count = l[4].count,
        .element_inserted = LDCorePaths(l[5]), .element_inserted_count = l[5].count,
        .element_updated = LDCorePaths(l[6]), .element_updated_count = l[6].count,
        .element_moved = LDCorePathMoves(l[7]), .element_moved_count = l[7].count,
    };
    return batch;
}

/* The index or path a range rule names, as recorded (the core read it clamped). */
static NSString *LDListedOperand(NSArray *lists, const ld_batch_check_t *check) {
    BOOL move = check->operation >= LD_BATCH_MOVE_FROM;
    NSUInteger list = (check->names_element ? 4 : 0) + (move ? (NSUInteger)LD_BATCH_MOVE_FROM : check->operation);
    id listed = [[lists objectAtIndex:list] objectAtIndex:check->item];
    if (move) { listed = [listed objectAtIndex:check->operation == LD_BATCH_MOVE_TO ? 1 : 0]; }
    return check->names_element ? LDStandInDescribePath(listed) : [listed description];
}

static BOOL LDListed(const int32_t *sections, size_t count, int32_t section) {
    for (size_t k = 0; k < count; k++) {
        if (sections[k] == section) { return YES; }
    }
    return NO;
}

/* UIKit's words for the rule `check` names. */
static NSString *LDReason(const ld_batch_check_t *check, const ld_batch_t *batch, NSArray *lists) {
    static NSString *const names[] = {@"delete", @"insert", @"reload", @"move", @"move to"};
    NSString *operation = names[check->operation], *other = names[check->other_operation];
    BOOL before = check->operation != LD_BATCH_INSERT && check->operation != LD_BATCH_MOVE_TO;
    NSString *when = before ? @"before" : @"after", *into = before ? @"of" : @"into";
    NSString *verb = check->operation == LD_BATCH_MOVE_TO ? @"move" : operation;
    NSString *path = [NSString stringWithFormat:@"%d-%d", check->path.section, check->path.element];
    int section = check->path.section;
    long long actual = check->actual;
    switch (check->rule) {
    case LD_BATCH_SECTION_OUT_OF_RANGE:
        return [NSString stringWithFormat:@"attempt to %@ %@ %@, but there are only %lld sections %@ the update",
                                          operation, check->names_element ? @"row" : @"section",
                                          LDListedOperand(lists, check), actual, when];
    case LD_BATCH_ELEMENT_OUT_OF_RANGE:
        return [NSString stringWithFormat:@"attempt to %@ row %@, but there are only %lld rows in section %d %@ the update",
                                          operation, LDListedOperand(lists, check), actual, section, when];
    case LD_BATCH_DUPLICATE_SECTION:
        return [NSString stringWithFormat:@"attempt to %@ section %d more than once in one update", operation, section];
    case LD_BATCH_DUPLICATE_ELEMENT:
        return [NSString stringWithFormat:@"attempt to %@ row %@ more than once in one update", operation, path];
    case LD_BATCH_CONFLICTING_SECTIONS:
        return [NSString stringWithFormat:@"attempt to %@ and %@ section %d in one update", operation, other, section];
    case LD_BATCH_CONFLICTING_ELEMENTS:
        return [NSString stringWithFormat:@"attempt to %@ and %@ row %@ in one update", operation, other, path];
    case LD_BATCH_ELEMENT_IN_DELETED_SECTION:
        return [NSString stringWithFormat:@"attempt to %@ row %@ of a section deleted in the same update", verb, path];
    case LD_BATCH_ELEMENT_IN_RELOADED_SECTION:
        return [NSString stringWithFormat:@"attempt to %@ row %@ %@ a section reloaded in the same update", verb, path, into];
    case LD_BATCH_ELEMENT_INTO_CHANGING_SECTION: {
        BOOL inserted = LDListed(batch->section_inserted, batch->section_inserted_count, check->path.section);
        return [NSString stringWithFormat:@"attempt to %@ row %@ into a section %@ in the same update", verb, path,
                                          inserted ? @"inserted" : @"moved"];
    }
    case LD_BATCH_SECTION_COUNT_MISMATCH:
        return [NSString stringWithFormat:@"invalid number of sections. The number of sections contained in the view after "
                                          @"the update (%lld) must be equal to the number of sections contained in the view "
                                          @"before the update (%lu), plus or minus the number of sections inserted or "
                                          @"deleted (%lu inserted, %lu deleted).", actual,
                                          (unsigned long)check->section_count_before,
                                          (unsigned long)batch->section_inserted_count,
                                          (unsigned long)batch->section_deleted_count];
    default:
        return [NSString stringWithFormat:@"invalid number of rows in section %d. The number of rows contained in an existing "
                                          @"section after the update (%lld) must be equal to the number of rows contained in "
                                          @"that section before the update, plus the number of rows inserted or moved into "
                                          @"that section, minus the number of rows deleted or moved out of that section (%lld).",
                                          section, actual, (long long)check->expected];
    }
}

/* The recorded lists, flattened, in LDCoreBatch's order. */
- (NSArray *)recordedLists {
    return [NSArray arrayWithObjects:LDFlatten(_deletedSections), LDFlatten(_insertedSections), LDFlatten(_reloadedSections),
                                     LDFlatten(_movedSections), LDFlatten(_deletedElements), LDFlatten(_insertedElements),
                                     LDFlatten(_reloadedElements), LDFlatten(_movedElements), nil];
}

- (void)touchSection:(int32_t)section {
    [_touchedContents addObject:[_sectionContents objectAtIndex:(NSUInteger)section]];
}

- (void)touchElement:(ld_path_t)path {
    NSArray *rows = [_elementContents objectAtIndex:(NSUInteger)path.section];
    [_touchedContents addObject:[rows objectAtIndex:(NSUInteger)path.element]];
}

/* What the view shows where the batch's operations name the list before it (deletes, reloads,
 move sources), or, with `after`, the list after it (inserts, move targets). */
- (void)touch:(const ld_batch_t *)b after:(BOOL)after {
    if (after) {
        for (size_t k = 0; k < b->section_inserted_count; k++) { [self touchSection:b->section_inserted[k]]; }
        for (size_t k = 0; k < b->section_moved_count; k++) { [self touchSection:b->section_moved[k].target]; }
        for (size_t k = 0; k < b->element_inserted_count; k++) { [self touchElement:b->element_inserted[k]]; }
        for (size_t k = 0; k < b->element_moved_count; k++) { [self touchElement:b->element_moved[k].target]; }
        return;
    }
    for (size_t k = 0; k < b->section_deleted_count; k++) { [self touchSection:b->section_deleted[k]]; }
    for (size_t k = 0; k < b->section_updated_count; k++) { [self touchSection:b->section_updated[k]]; }
    for (size_t k = 0; k < b->section_moved_count; k++) { [self touchSection:b->section_moved[k].source]; }
    for (size_t k = 0; k < b->element_deleted_count; k++) { [self touchElement:b->element_deleted[k]]; }
    for (size_t k = 0; k < b->element_updated_count; k++) { [self touchElement:b->element_updated[k]]; }
    for (size_t k = 0; k < b->element_moved_count; k++) { [self touchElement:b->element_moved[k].source]; }
}

/* The view after a valid batch: each section and row shows what the one it comes from showed
 (the check's origins); a row that arrives (inserted or reloaded) and every row of an inserted
 or reloaded section is read from the data source. */
- (void)apply:(const ld_batch_t *)batch check:(const ld_batch_check_t *)check countsAfter:(const int32_t *)after
     sections:(NSInteger)sectionsAfter {
    NSMutableArray *shown = [NSMutableArray array], *shownLayouts = [NSMutableArray array];
    for (NSArray *rows in _elementContents) { [shown addObjectsFromArray:rows]; }
    for (NSArray *layouts in _elementLayouts) { [shownLayouts addObjectsFromArray:layouts]; }
    NSMutableArray *newSections = [NSMutableArray arrayWithCapacity:(NSUInteger)sectionsAfter];
    NSMutableArray *newElements = [NSMutableArray arrayWithCapacity:(NSUInteger)sectionsAfter];
    NSMutableArray *newLayouts = [NSMutableArray arrayWithCapacity:(NSUInteger)sectionsAfter];
    const int32_t *origin = check->element_origins;
    for (NSInteger t = 0; t < sectionsAfter; t++) {
        int32_t s = check->section_origins[t];
        BOOL fresh = s < 0 || LDListed(batch->section_updated, batch->section_updated_count, s);
        [newSections addObject:fresh ? [self contentForSection:t] : [_sectionContents objectAtIndex:(NSUInteger)s]];
        NSMutableArray *rows = [NSMutableArray arrayWithCapacity:(NSUInteger)after[t]];
        NSMutableArray *layouts = [NSMutableArray arrayWithCapacity:(NSUInteger)after[t]];
        for (NSInteger e = 0; e < after[t]; e++, origin++) {
            BOOL loaded = fresh || *origin < 0;
            [rows addObject:loaded ? [self contentAtSection:t element:e] : [shown objectAtIndex:(NSUInteger)*origin]];
            [layouts addObject:loaded ? [NSNull null] : [shownLayouts objectAtIndex:(NSUInteger)*origin]];
        }
        [newElements addObject:rows];
        [newLayouts addObject:layouts];
    }
    [_sectionContents release];
    _sectionContents = [newSections retain];
    [_elementContents release];
    _elementContents = [newElements retain];
    [_elementLayouts release];
    _elementLayouts = [newLayouts retain];
}

/* Checks the batch with the C core's rules (ld_check_batch) against the counts the view shows
 and those the data source holds, then applies it. */
- (void)checkAndApplyBatch {
    NSArray *lists = [self recordedLists];
    ld_batch_t batch = LDCoreBatch(lists);
    NSInteger sectionsBefore = (NSInteger)_elementContents.count, sectionsAfter = [_source ld_dataSourceNumberOfSections];
    if (sectionsAfter < 0) { LDInvalid(@"the data source has %ld sections", (long)sectionsAfter); }
    int32_t *before = LDScratch((NSUInteger)sectionsBefore * sizeof *before);
    int32_t *after = LDScratch((NSUInteger)sectionsAfter * sizeof *after);
    for (NSInteger s = 0; s < sectionsBefore; s++) {
        before[s] = LDCoreIndex((NSInteger)((NSArray *)[_elementContents objectAtIndex:(NSUInteger)s]).count);
    }
    for (NSInteger t = 0; t < sectionsAfter; t++) { after[t] = LDCoreIndex([_source ld_dataSourceNumberOfElementsInSection:t]); }
    ld_batch_check_t check;
    ld_status status = ld_check_batch(_workspace, &batch, before, (size_t)sectionsBefore, after, (size_t)sectionsAfter,
                                      LD_BATCH_RELOADS_ARRIVE, &check);
    if (status != LD_OK) { LDInvalid(@"the counts cannot be checked: %s", ld_status_description(status)); }
    if (check.rule != LD_BATCH_VALID) { LDInvalid(@"%@", LDReason(&check, &batch, lists)); }
    [self touch:&batch after:NO];
    [self apply:&batch check:&check countsAfter:after sections:sectionsAfter];
    [self touch:&batch after:YES];
}

@end
