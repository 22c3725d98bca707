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
