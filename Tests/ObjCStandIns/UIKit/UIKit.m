#import "UIKit/UIKit.h"

@implementation UIView

@synthesize superview = _superview;

- (void)dealloc {
    for (UIView *view in _subviews) { view->_superview = nil; }
    [_subviews release];
    [super dealloc];
}

- (UIWindow *)window {
    return _superview.window;
}

- (void)addSubview:(UIView *)view {
    [view retain];
    [view removeFromSuperview];
    if (_subviews == nil) { _subviews = [[NSMutableArray alloc] init]; }
    [_subviews addObject:view];
    view->_superview = self;
    [view release];
}

- (void)removeFromSuperview {
    UIView *superview = _superview;
    if (superview == nil) { return; }
    _superview = nil;
    [superview->_subviews removeObjectIdenticalTo:self];
}

@end

@implementation UIWindow

- (UIWindow *)window {
    return self;
}

@end

@implementation UIScrollView
@end

static NSString *LDAnimationName(UITableViewRowAnimation animation) {
    return [NSString stringWithFormat:@"%ld", (long)animation];
}

@implementation UITableView

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
    return [_dataSource respondsToSelector:@selector(numberOfSectionsInTableView:)] ? [_dataSource numberOfSectionsInTableView:self] : 1;
}

- (NSInteger)ld_dataSourceNumberOfElementsInSection:(NSInteger)section {
    return [_dataSource tableView:self numberOfRowsInSection:section];
}

- (id<LDStandInContentSource>)ld_contentSource {
    /* Asked by selector: the GCC runtime does not unify protocol objects across files. */
    return [_dataSource respondsToSelector:@selector(ld_standInContentAtIndexPath:)] ? (id<LDStandInContentSource>)_dataSource : nil;
}

- (NSInteger)numberOfSections {
    return [_ld_list numberOfSections];
}

- (NSInteger)numberOfRowsInSection:(NSInteger)section {
    return [_ld_list numberOfElementsInSection:section];
}

- (void)reloadData {
    [_ld_list logCall:@"reloadData"];
    [_ld_list reloadData];
}

- (void)performBatchUpdates:(void (NS_NOESCAPE ^)(void))updates completion:(void (^)(BOOL))completion {
    [_ld_list logCall:@"performBatchUpdates:completion:"];
    [_ld_list performBatchUpdates:updates completion:completion];
}

- (void)insertSections:(NSIndexSet *)sections withRowAnimation:(UITableViewRowAnimation)animation {
    [_ld_list logCall:[NSString stringWithFormat:@"insertSections:withRowAnimation: %@ %@", LDStandInDescribeIndexSet(sections), LDAnimationName(animation)]];
    [_ld_list insertSections:sections];
}

- (void)deleteSections:(NSIndexSet *)sections withRowAnimation:(UITableViewRowAnimation)animation {
    [_ld_list logCall:[NSString stringWithFormat:@"deleteSections:withRowAnimation: %@ %@", LDStandInDescribeIndexSet(sections), LDAnimationName(animation)]];
    [_ld_list deleteSections:sections];
}

- (void)reloadSections:(NSIndexSet *)sections withRowAnimation:(UITableViewRowAnimation)animation {
    [_ld_list logCall:[NSString stringWithFormat:@"reloadSections:withRowAnimation: %@ %@", LDStandInDescribeIndexSet(sections), LDAnimationName(animation)]];
    [_ld_list reloadSections:sections];
}

- (void)moveSection:(NSInteger)section toSection:(NSInteger)newSection {
    [_ld_list logCall:[NSString stringWithFormat:@"moveSection:toSection: %ld %ld", (long)section, (long)newSection]];
    [_ld_list moveSection:section toSection:newSection];
}

- (void)insertRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation {
    [_ld_list logCall:[NSString stringWithFormat:@"insertRowsAtIndexPaths:withRowAnimation: %@ %@", LDStandInDescribePaths(indexPaths), LDAnimationName(animation)]];
    [_ld_list insertElements:indexPaths];
}

- (void)deleteRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation {
    [_ld_list logCall:[NSString stringWithFormat:@"deleteRowsAtIndexPaths:withRowAnimation: %@ %@", LDStandInDescribePaths(indexPaths), LDAnimationName(animation)]];
    [_ld_list deleteElements:indexPaths];
}

- (void)reloadRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths withRowAnimation:(UITableViewRowAnimation)animation {
    [_ld_list logCall:[NSString stringWithFormat:@"reloadRowsAtIndexPaths:withRowAnimation: %@ %@", LDStandInDescribePaths(indexPaths), LDAnimationName(animation)]];
    [_ld_list reloadElements:indexPaths];
}

- (void)reconfigureRowsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths {
    [_ld_list logCall:[NSString stringWithFormat:@"reconfigureRowsAtIndexPaths: %@", LDStandInDescribePaths(indexPaths)]];
    [_ld_list reloadElements:indexPaths];
}

- (void)moveRowAtIndexPath:(NSIndexPath *)indexPath toIndexPath:(NSIndexPath *)newIndexPath {
    [_ld_list logCall:[NSString stringWithFormat:@"moveRowAtIndexPath:toIndexPath: %@ %@", LDStandInDescribePath(indexPath), LDStandInDescribePath(newIndexPath)]];
    [_ld_list moveElement:indexPath toElement:newIndexPath];
}

@end

@implementation UICollectionView

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

- (void)performBatchUpdates:(void (NS_NOESCAPE ^)(void))updates completion:(void (^)(BOOL))completion {
    [_ld_list logCall:@"performBatchUpdates:completion:"];
    [_ld_list performBatchUpdates:updates completion:completion];
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

- (void)insertItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths {
    [_ld_list logCall:[NSString stringWithFormat:@"insertItemsAtIndexPaths: %@", LDStandInDescribePaths(indexPaths)]];
    [_ld_list insertElements:indexPaths];
}

- (void)deleteItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths {
    [_ld_list logCall:[NSString stringWithFormat:@"deleteItemsAtIndexPaths: %@", LDStandInDescribePaths(indexPaths)]];
    [_ld_list deleteElements:indexPaths];
}

- (void)reloadItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths {
    [_ld_list logCall:[NSString stringWithFormat:@"reloadItemsAtIndexPaths: %@", LDStandInDescribePaths(indexPaths)]];
    [_ld_list reloadElements:indexPaths];
}

- (void)reconfigureItemsAtIndexPaths:(NSArray<NSIndexPath *> *)indexPaths {
    [_ld_list logCall:[NSString stringWithFormat:@"reconfigureItemsAtIndexPaths: %@", LDStandInDescribePaths(indexPaths)]];
    [_ld_list reloadElements:indexPaths];
}

- (void)moveItemAtIndexPath:(NSIndexPath *)indexPath toIndexPath:(NSIndexPath *)newIndexPath {
    [_ld_list logCall:[NSString stringWithFormat:@"moveItemAtIndexPath:toIndexPath: %@ %@", LDStandInDescribePath(indexPath), LDStandInDescribePath(newIndexPath)]];
    [_ld_list moveElement:indexPath toElement:newIndexPath];
}

@end
