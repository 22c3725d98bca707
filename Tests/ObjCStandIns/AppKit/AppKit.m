#import "AppKit/AppKit.h"

@interface NSView ()
- (void)ld_setWindow:(NSWindow *)window;
@end

@implementation NSView

@synthesize superview = _superview;

- (void)dealloc {
    for (NSView *view in _subviews) { view->_superview = nil; }
    [_subviews release];
    [super dealloc];
}

- (NSWindow *)window {
    return _superview != nil ? _superview.window : _window;
}

- (void)ld_setWindow:(NSWindow *)window {
    _window = window;
}

- (void)addSubview:(NSView *)view {
    [view retain];
    [view removeFromSuperview];
    if (_subviews == nil) { _subviews = [[NSMutableArray alloc] init]; }
    [_subviews addObject:view];
    view->_superview = self;
    [view release];
}

- (void)removeFromSuperview {
    NSView *superview = _superview;
    if (superview == nil) { return; }
    _superview = nil;
    [superview->_subviews removeObjectIdenticalTo:self];
}

- (instancetype)animator {
    return self;
}

@end

@implementation NSWindow

- (void)dealloc {
    [_contentView ld_setWindow:nil];
    [_contentView release];
    [super dealloc];
}

- (NSView *)contentView {
    return _contentView;
}

- (void)setContentView:(NSView *)contentView {
    [contentView retain];
    [_contentView ld_setWindow:nil];
    [_contentView release];
    _contentView = contentView;
    [_contentView ld_setWindow:self];
}

@end

@implementation NSAnimationContext

@synthesize duration = _duration;

+ (void)runAnimationGroup:(void (NS_NOESCAPE ^)(NSAnimationContext *))changes completionHandler:(void (^)(void))completionHandler {
    NSAnimationContext *context = [[NSAnimationContext alloc] init];
    changes(context);
    [context release];
    if (completionHandler != nil) { completionHandler(); }
}

@end

@implementation NSCollectionView

@synthesize dataSource = _dataSource;
@synthesize ld_list = _ld_list;

- (instancetype)init {
    if ((self = [super init])) { _ld_list = [[LDStandInList alloc] initWithSource:self]; }
    return self;
}

- (void)dealloc {
    [_ld_list release];
    [super dealloc];
}

- (NSInteger)ld_dataSourceNumberOfSections {
    return [_dataSource respondsToSelector:@selector(numberOfSectionsInCollectionView:)] ? [_dataSource numberOfSectionsInCollectionView:self] : 1;
}

- (NSInteger)ld_dataSourceNumberOfElementsInSection:(NSInteger)section {
    return [_dataSource collectionView:self numberOfItemsInSection:section];
}

- (id<LDStandInContentSource>)ld_contentSource {
    /* Asked by selector: the GCC runtime does not unify protocol objects across files. */
    return [_dataSource respondsToSelector:@selector(ld_standInContentAtIndexPath:)] ? (id<LDStandInContentSource>)_dataSource : nil;
}

- (NSInteger)numberOfSections {
    return [_ld_list numberOfSections];
}

- (NSInteger)numberOfItemsInSection:(NSInteger)section {
    return [_ld_list numberOfElementsInSection:section];
}

- (void)reloadData {
    [_ld_list logCall:@"reloadData"];
    [_ld_list reloadData];
}

- (void)performBatchUpdates:(void (NS_NOESCAPE ^)(void))updates completionHandler:(void (^)(BOOL))completionHandler {
    [_ld_list logCall:@"performBatchUpdates:completionHandler:"];
    [_ld_list performBatchUpdates:updates completion:completionHandler];
}

- (void)insertSections:(NSIndexSet *)sections {
    [_ld_list logCall:[NSString stringWithFormat:@"insertSections: %@", LDStandInDescribeIndexSet(sections)]];
    [_ld_list insertSections:sections];
}

- (void)deleteSections:(NSIndexSet *)sections {
    [_ld_list logCall:[NSString stringWithFormat:@"deleteSections: %@", LDStandInDescribeIndexSet(sections)]];
    [_ld_list deleteSections:sections];
}

- (void)reloadSections:(NSIndexSet *)sections {
    [_ld_list logCall:[NSString stringWithFormat:@"reloadSections: %@", LDStandInDescribeIndexSet(sections)]];
    [_ld_list reloadSections:sections];
}

- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection {
    [_ld_list logCall:[NSString stringWithFormat:@"moveSection:toSection: %ld %ld", (long)section, (long)newSection]];
    [_ld_list moveSection:section toSection:newSection];
}

/* A set has no order: the model sees the paths sorted. */
static NSArray<NSIndexPath *> *LDSortedPaths(NSSet<NSIndexPath *> *paths) {
    return [[paths allObjects] sortedArrayUsingSelector:@selector(compare:)];
}

- (void)insertItemsAtIndexPaths:(NSSet<NSIndexPath *> *)indexPaths {
    NSArray *sorted = LDSortedPaths(indexPaths);
    [_ld_list logCall:[NSString stringWithFormat:@"insertItemsAtIndexPaths: %@", LDStandInDescribePaths(sorted)]];
    [_ld_list insertElements:sorted];
}

- (void)deleteItemsAtIndexPaths:(NSSet<NSIndexPath *> *)indexPaths {
    NSArray *sorted = LDSortedPaths(indexPaths);
    [_ld_list logCall:[NSString stringWithFormat:@"deleteItemsAtIndexPaths: %@", LDStandInDescribePaths(sorted)]];
    [_ld_list deleteElements:sorted];
}

- (void)reloadItemsAtIndexPaths:(NSSet<NSIndexPath *> *)indexPaths {
    NSArray *sorted = LDSortedPaths(indexPaths);
    [_ld_list logCall:[NSString stringWithFormat:@"reloadItemsAtIndexPaths: %@", LDStandInDescribePaths(sorted)]];
    [_ld_list reloadElements:sorted];
}

- (void)moveItemAtIndexPath:(NSIndexPath *)indexPath toIndexPath:(NSIndexPath *)newIndexPath {
    [_ld_list logCall:[NSString stringWithFormat:@"moveItemAtIndexPath:toIndexPath: %@ %@", LDStandInDescribePath(indexPath), LDStandInDescribePath(newIndexPath)]];
    [_ld_list moveElement:indexPath toElement:newIndexPath];
}

@end

@implementation NSTableView

@synthesize dataSource = _dataSource;
@synthesize ld_log = _ld_log;

- (instancetype)init {
    if ((self = [super init])) {
        _rows = [[NSMutableArray alloc] init];
        _ld_log = [[NSMutableArray alloc] init];
        _numberOfColumns = 2;
    }
    return self;
}

- (void)dealloc {
    [_rows release];
    [_ld_log release];
    [super dealloc];
}

- (NSInteger)numberOfColumns {
    return _numberOfColumns;
}

- (NSInteger)numberOfRows {
    return (NSInteger)_rows.count;
}

- (NSInteger)ld_dataSourceRowCount {
    return [_dataSource respondsToSelector:@selector(numberOfRowsInTableView:)] ? [_dataSource numberOfRowsInTableView:self] : 0;
}

- (id)ld_dataSourceContentAtRow:(NSUInteger)row {
    id source = _dataSource;
    if (![source conformsToProtocol:@protocol(LDStandInContentSource)]) { return [NSNull null]; }
    NSUInteger indexes[2] = {0, row};
    id content = [(id<LDStandInContentSource>)source ld_standInContentAtIndexPath:[NSIndexPath indexPathWithIndexes:indexes length:2]];
    return content != nil ? content : [NSNull null];
}

/* A row waiting to be loaded from the data source. */
static id LDUnloaded(void) {
    return @"<unloaded>";
}

- (void)ld_fail:(NSString *)reason {
    [NSException raise:NSInternalInconsistencyException format:@"NSTableView: %@", reason];
}

/* After the outermost endUpdates, or a call outside updates: load what is waiting, check the count. */
- (void)ld_settle {
    if (_updateLevel > 0) { return; }
    NSInteger expected = [self ld_dataSourceRowCount];
    if ((NSInteger)_rows.count != expected) {
        [self ld_fail:[NSString stringWithFormat:@"the table shows %lu rows after its updates, its data source %ld",
                                                 (unsigned long)_rows.count, (long)expected]];
    }
    for (NSUInteger row = 0; row < _rows.count; row++) {
        if ([_rows objectAtIndex:row] == LDUnloaded()) {
            [_rows replaceObjectAtIndex:row withObject:[self ld_dataSourceContentAtRow:row]];
        }
    }
}

- (void)reloadData {
    [_ld_log addObject:@"reloadData"];
    [_rows removeAllObjects];
    NSInteger count = [self ld_dataSourceRowCount];
    for (NSInteger row = 0; row < count; row++) { [_rows addObject:[self ld_dataSourceContentAtRow:(NSUInteger)row]]; }
}

- (void)beginUpdates {
    [_ld_log addObject:@"beginUpdates"];
    _updateLevel++;
}

- (void)endUpdates {
    [_ld_log addObject:@"endUpdates"];
    if (_updateLevel == 0) { [self ld_fail:@"endUpdates without beginUpdates"]; }
    _updateLevel--;
    [self ld_settle];
}

- (void)insertRowsAtIndexes:(NSIndexSet *)indexes withAnimation:(NSTableViewAnimationOptions)animationOptions {
    [_ld_log addObject:[NSString stringWithFormat:@"insertRowsAtIndexes:withAnimation: %@ %lu", LDStandInDescribeIndexSet(indexes),
                                                  (unsigned long)animationOptions]];
    // Each index is where a new row stands once all are inserted, ascending.
    for (NSUInteger index = indexes.firstIndex; index != NSNotFound; index = [indexes indexGreaterThanIndex:index]) {
        if (index > _rows.count) {
            [self ld_fail:[NSString stringWithFormat:@"insert at %lu of %lu rows", (unsigned long)index, (unsigned long)_rows.count]];
        }
        [_rows insertObject:LDUnloaded() atIndex:index];
    }
    [self ld_settle];
}

- (void)removeRowsAtIndexes:(NSIndexSet *)indexes withAnimation:(NSTableViewAnimationOptions)animationOptions {
    [_ld_log addObject:[NSString stringWithFormat:@"removeRowsAtIndexes:withAnimation: %@ %lu", LDStandInDescribeIndexSet(indexes),
                                                  (unsigned long)animationOptions]];
    if (indexes.count > 0 && indexes.lastIndex >= _rows.count) {
        [self ld_fail:[NSString stringWithFormat:@"remove %lu of %lu rows", (unsigned long)indexes.lastIndex, (unsigned long)_rows.count]];
    }
    [_rows removeObjectsAtIndexes:indexes];
    [self ld_settle];
}

- (void)moveRowAtIndex:(NSInteger)oldIndex toIndex:(NSInteger)newIndex {
    [_ld_log addObject:[NSString stringWithFormat:@"moveRowAtIndex:toIndex: %ld %ld", (long)oldIndex, (long)newIndex]];
    if (oldIndex < 0 || newIndex < 0 || (NSUInteger)oldIndex >= _rows.count || (NSUInteger)newIndex >= _rows.count) {
        [self ld_fail:[NSString stringWithFormat:@"move %ld to %ld of %lu rows", (long)oldIndex, (long)newIndex, (unsigned long)_rows.count]];
    }
    id row = [[_rows objectAtIndex:(NSUInteger)oldIndex] retain];
    [_rows removeObjectAtIndex:(NSUInteger)oldIndex];
    [_rows insertObject:row atIndex:(NSUInteger)newIndex];
    [row release];
    [self ld_settle];
}

- (void)reloadDataForRowIndexes:(NSIndexSet *)rowIndexes columnIndexes:(NSIndexSet *)columnIndexes {
    [_ld_log addObject:[NSString stringWithFormat:@"reloadDataForRowIndexes:columnIndexes: %@ %@", LDStandInDescribeIndexSet(rowIndexes),
                                                  LDStandInDescribeIndexSet(columnIndexes)]];
    if (rowIndexes.count > 0 && rowIndexes.lastIndex >= _rows.count) {
        [self ld_fail:[NSString stringWithFormat:@"reload %lu of %lu rows", (unsigned long)rowIndexes.lastIndex, (unsigned long)_rows.count]];
    }
    if (![columnIndexes isEqualToIndexSet:[NSIndexSet indexSetWithIndexesInRange:NSMakeRange(0, (NSUInteger)_numberOfColumns)]]) {
        [self ld_fail:@"a reload of some columns only"];
    }
    for (NSUInteger index = rowIndexes.firstIndex; index != NSNotFound; index = [rowIndexes indexGreaterThanIndex:index]) {
        [_rows replaceObjectAtIndex:index withObject:LDUnloaded()];
    }
    [self ld_settle];
}

- (NSString *)ld_staleContent {
    if ((NSInteger)_rows.count != [self ld_dataSourceRowCount]) {
        return [NSString stringWithFormat:@"%lu rows shown, %ld in the data source", (unsigned long)_rows.count,
                                          (long)[self ld_dataSourceRowCount]];
    }
    for (NSUInteger row = 0; row < _rows.count; row++) {
        id shown = [_rows objectAtIndex:row], held = [self ld_dataSourceContentAtRow:row];
        if (![shown isEqual:held]) { return [NSString stringWithFormat:@"row %lu shows %@, its data source holds %@", (unsigned long)row, shown, held]; }
    }
    return nil;
}

@end
