#import "UIKit/UIKit.h"

@interface UIView ()
/* The frame's size changed: the layout is stale. */
- (void)ld_didResize;
@end

/* What a concrete layout tells the abstract one (the abstract layout: NO, nothing). */
@interface UICollectionViewLayout ()
- (void)ld_setCollectionView:(UICollectionView *)collectionView;
- (void)ld_measureItemsInRect:(CGRect)rect fitting:(CGSize (^)(NSIndexPath *))fitting;
/* Whether items take estimated sizes until shown. */
- (BOOL)ld_estimates;
/* An item's size when shown, without a fitting size from the view. */
- (CGSize)ld_sizeOfItemAtIndexPath:(NSIndexPath *)indexPath;
/* Whether the layout scrolls along x. */
- (BOOL)ld_horizontal;
@end

@interface NSCollectionLayoutDimension ()
- (CGFloat)ld_lengthInViewOfSize:(CGSize)viewSize measured:(NSValue *)measured horizontal:(BOOL)horizontal;
@end

@interface NSCollectionLayoutSection ()
- (NSCollectionLayoutGroup *)ld_group;
@end

const UIEdgeInsets UIEdgeInsetsZero = {0, 0, 0, 0};
const NSDirectionalEdgeInsets NSDirectionalEdgeInsetsZero = {0, 0, 0, 0};
const CGFloat UITableViewAutomaticDimension = -1;
const CGSize UICollectionViewFlowLayoutAutomaticSize = {-1, -1};

/* UIKit's height of a cell with nothing to size it. */
static const CGFloat LDDefaultRowHeight = 44;

NSString *NSStringFromCGPoint(CGPoint point) {
    return [NSString stringWithFormat:@"{%g, %g}", (double)point.x, (double)point.y];
}

NSString *NSStringFromCGSize(CGSize size) {
    return [NSString stringWithFormat:@"{%g, %g}", (double)size.width, (double)size.height];
}

NSString *NSStringFromCGRect(CGRect rect) {
    return [NSString stringWithFormat:@"{%@, %@}", NSStringFromCGPoint(rect.origin), NSStringFromCGSize(rect.size)];
}

NSString *NSStringFromUIEdgeInsets(UIEdgeInsets insets) {
    return [NSString stringWithFormat:@"{%g, %g, %g, %g}", (double)insets.top, (double)insets.left, (double)insets.bottom,
                                      (double)insets.right];
}

/* GNUstep's own boxes for the CG (NS) types: its -getValue: loses a GSSizeValue's height. */
@implementation NSValue (NSValueUIGeometryExtensions)

+ (NSValue *)valueWithCGPoint:(CGPoint)point { return [self valueWithPoint:point]; }
+ (NSValue *)valueWithCGSize:(CGSize)size { return [self valueWithSize:size]; }
+ (NSValue *)valueWithCGRect:(CGRect)rect { return [self valueWithRect:rect]; }
+ (NSValue *)valueWithUIEdgeInsets:(UIEdgeInsets)insets { return [self valueWithBytes:&insets objCType:@encode(UIEdgeInsets)]; }
- (CGPoint)CGPointValue { return [self pointValue]; }
- (CGSize)CGSizeValue { return [self sizeValue]; }
- (CGRect)CGRectValue { return [self rectValue]; }

- (UIEdgeInsets)UIEdgeInsetsValue {
    UIEdgeInsets insets;
    [self getValue:&insets];
    return insets;
}

@end

@implementation UIView

@synthesize superview = _superview;
@synthesize safeAreaInsets = _safeAreaInsets;

- (instancetype)initWithFrame:(CGRect)frame {
    if ((self = [super init])) { _frame = frame; }
    return self;
}

- (instancetype)init {
    return [self initWithFrame:CGRectZero];
}

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

- (CGRect)frame {
    return _frame;
}

- (void)setFrame:(CGRect)frame {
    BOOL resized = !CGSizeEqualToSize(frame.size, _frame.size);
    _frame = frame;
    if (resized) { [self ld_didResize]; }
}

- (CGRect)bounds {
    CGRect bounds = {_boundsOrigin, _frame.size};
    return bounds;
}

- (void)setBounds:(CGRect)bounds {
    BOOL resized = !CGSizeEqualToSize(bounds.size, _frame.size);
    if (resized) {
        CGPoint centre = CGPointMake(CGRectGetMidX(_frame), CGRectGetMidY(_frame));
        _frame = CGRectMake(centre.x - bounds.size.width / 2, centre.y - bounds.size.height / 2, bounds.size.width,
                            bounds.size.height);
    }
    if (!CGPointEqualToPoint(bounds.origin, _boundsOrigin)) {
        _boundsOrigin = bounds.origin;
        [self setNeedsLayout];
    }
    if (resized) { [self ld_didResize]; }
}

- (void)ld_didResize {
    [self setNeedsLayout];
}

- (void)ld_setSafeAreaInsets:(UIEdgeInsets)safeAreaInsets {
    _safeAreaInsets = safeAreaInsets;
    [self setNeedsLayout];
}

- (void)setNeedsLayout {
    _needsLayout = YES;
}

- (void)layoutIfNeeded {
    if (!_needsLayout) { return; }
    _needsLayout = NO;
    [self layoutSubviews];
}

- (void)layoutSubviews {
}

@end

@implementation UIWindow

- (UIWindow *)window {
    return self;
}

@end

@implementation UIScrollView

@synthesize contentSize = _contentSize;
@synthesize contentInset = _contentInset;
@synthesize delegate = _delegate;
@synthesize tracking = _tracking;
@synthesize dragging = _dragging;
@synthesize decelerating = _decelerating;
@synthesize ld_offsetWriteCount = _ld_offsetWriteCount;

- (CGPoint)contentOffset {
    return self.bounds.origin;
}

/* Moves the bounds without counting a write: the view's own adjustments. */
- (void)ld_moveBoundsOrigin:(CGPoint)origin {
    CGRect bounds = self.bounds;
    bounds.origin = origin;
    [super setBounds:bounds];
}

- (void)setBounds:(CGRect)bounds {
    _ld_offsetWriteCount++;
    [super setBounds:bounds];
}

- (void)setContentOffset:(CGPoint)contentOffset {
    _ld_offsetWriteCount++;
    [self ld_moveBoundsOrigin:contentOffset];
}

- (void)setContentOffset:(CGPoint)contentOffset animated:(BOOL)animated {
    _decelerating = NO;
    self.contentOffset = contentOffset;
}

- (UIEdgeInsets)adjustedContentInset {
    UIEdgeInsets inset = _contentInset, safe = self.safeAreaInsets;
    return UIEdgeInsetsMake(inset.top + safe.top, inset.left + safe.left, inset.bottom + safe.bottom, inset.right + safe.right);
}

- (void)ld_clampContentOffsetHorizontally:(BOOL)horizontally {
    CGPoint offset = self.contentOffset;
    UIEdgeInsets inset = self.adjustedContentInset;
    /* At the leading edge the offset is within any content: no need to lay it out. */
    if ((horizontally ? offset.x == -inset.left : offset.y == -inset.top)) { return; }
    CGSize content = self.contentSize, size = self.bounds.size;
    if (horizontally) {
        offset.x = LDStandInClampedOffset(offset.x, inset.left, inset.right, content.width, size.width);
    } else {
        offset.y = LDStandInClampedOffset(offset.y, inset.top, inset.bottom, content.height, size.height);
    }
    [self ld_moveBoundsOrigin:offset];
}

- (void)ld_beginTouch {
    _tracking = YES;
}

- (void)ld_beginDrag {
    _tracking = YES;
    _dragging = YES;
}

- (void)ld_endDragDecelerating:(BOOL)decelerating {
    _tracking = NO;
    _dragging = NO;
    _decelerating = decelerating;
}

- (void)ld_endDeceleration {
    _decelerating = NO;
}

@end

/* After a reload or a batch: the offset kept within the new content along the axis, and the
 elements then in the bounds shown, until both hold. */
static void LDStandInSettleLayout(UIScrollView *view, BOOL horizontally) {
    for (;;) {
        [view setNeedsLayout];
        [view layoutIfNeeded];
        CGPoint before = view.contentOffset;
        [view ld_clampContentOffsetHorizontally:horizontally];
        if (CGPointEqualToPoint(before, view.contentOffset)) { return; }
    }
}

static NSString *LDAnimationName(UITableViewRowAnimation animation) {
    return [NSString stringWithFormat:@"%ld", (long)animation];
}

@implementation UITableView

@synthesize dataSource = _dataSource;
@synthesize ld_list = _ld_list;
@synthesize style = _style;
@synthesize rowHeight = _rowHeight;
@synthesize estimatedRowHeight = _estimatedRowHeight;
@synthesize sectionHeaderHeight = _sectionHeaderHeight;
@synthesize sectionFooterHeight = _sectionFooterHeight;
@dynamic delegate;

- (instancetype)initWithFrame:(CGRect)frame style:(UITableViewStyle)style {
    if ((self = [super initWithFrame:frame])) {
        _style = style;
        _rowHeight = _estimatedRowHeight = _sectionHeaderHeight = _sectionFooterHeight = UITableViewAutomaticDimension;
        _ld_list = [[LDStandInList alloc] initWithSource:self];
    }
    return self;
}

- (instancetype)initWithFrame:(CGRect)frame {
    return [self initWithFrame:frame style:UITableViewStylePlain];
}

- (void)dealloc {
    [_ld_list release];
    [_ld_geometry release];
    if (_ld_fittingHeightForRowAtIndexPath != NULL) { Block_release(_ld_fittingHeightForRowAtIndexPath); }
    [super dealloc];
}

- (CGFloat (^)(NSIndexPath *))ld_fittingHeightForRowAtIndexPath {
    return _ld_fittingHeightForRowAtIndexPath;
}

- (void)setLd_fittingHeightForRowAtIndexPath:(CGFloat (^)(NSIndexPath *))block {
    /* A block is not an object on GCC's runtime: copied and released with the Blocks runtime. */
    CGFloat (^copied)(NSIndexPath *) = block != NULL ? Block_copy(block) : NULL;
    if (_ld_fittingHeightForRowAtIndexPath != NULL) { Block_release(_ld_fittingHeightForRowAtIndexPath); }
    _ld_fittingHeightForRowAtIndexPath = copied;
}

/* A change to what the heights come from: every height is read again. */
- (void)ld_invalidateGeometry {
    [_ld_geometry release];
    _ld_geometry = nil;
    [self setNeedsLayout];
}

- (void)ld_didResize {
    [super ld_didResize];
    [self ld_invalidateGeometry];
}

- (void)setDelegate:(id<UITableViewDelegate>)delegate {
    [super setDelegate:delegate];
    [self ld_invalidateGeometry];
}

- (void)setRowHeight:(CGFloat)rowHeight {
    _rowHeight = rowHeight;
    [self ld_invalidateGeometry];
}

- (void)setEstimatedRowHeight:(CGFloat)estimatedRowHeight {
    _estimatedRowHeight = estimatedRowHeight;
    [self ld_invalidateGeometry];
}

- (void)setSectionHeaderHeight:(CGFloat)sectionHeaderHeight {
    _sectionHeaderHeight = sectionHeaderHeight;
    [self ld_invalidateGeometry];
}

- (void)setSectionFooterHeight:(CGFloat)sectionFooterHeight {
    _sectionFooterHeight = sectionFooterHeight;
    [self ld_invalidateGeometry];
}

- (BOOL)ld_estimates {
    return _estimatedRowHeight != 0 || [self.delegate respondsToSelector:@selector(tableView:estimatedHeightForRowAtIndexPath:)];
}

- (CGFloat)ld_realHeightOfRowAtIndexPath:(NSIndexPath *)indexPath {
    id<UITableViewDelegate> delegate = self.delegate;
    CGFloat height = [delegate respondsToSelector:@selector(tableView:heightForRowAtIndexPath:)]
                         ? [delegate tableView:self heightForRowAtIndexPath:indexPath]
                         : _rowHeight;
    if (height != UITableViewAutomaticDimension) { return height; }
    return _ld_fittingHeightForRowAtIndexPath != NULL ? _ld_fittingHeightForRowAtIndexPath(indexPath) : LDDefaultRowHeight;
}

- (CGFloat)ld_estimatedHeightOfRowAtIndexPath:(NSIndexPath *)indexPath {
    id<UITableViewDelegate> delegate = self.delegate;
    CGFloat estimate = [delegate respondsToSelector:@selector(tableView:estimatedHeightForRowAtIndexPath:)]
                           ? [delegate tableView:self estimatedHeightForRowAtIndexPath:indexPath]
                           : _estimatedRowHeight;
    if (estimate != UITableViewAutomaticDimension) { return estimate; }
    BOOL fixed = _rowHeight != UITableViewAutomaticDimension && ![delegate respondsToSelector:@selector(tableView:heightForRowAtIndexPath:)];
    return fixed ? _rowHeight : LDDefaultRowHeight;
}

/* The height the layout gives a row now: measured, estimated or real. */
- (CGFloat)ld_heightOfRowAtIndexPath:(NSIndexPath *)indexPath {
    if (![self ld_estimates]) { return [self ld_realHeightOfRowAtIndexPath:indexPath]; }
    NSNumber *measured = [_ld_list layoutValueAtIndexPath:indexPath];
    return measured != nil ? (CGFloat)measured.doubleValue : [self ld_estimatedHeightOfRowAtIndexPath:indexPath];
}

- (CGFloat)ld_heightOfSupplementInSection:(NSInteger)section footer:(BOOL)footer {
    id<UITableViewDelegate> delegate = self.delegate;
    SEL selector = footer ? @selector(tableView:heightForFooterInSection:) : @selector(tableView:heightForHeaderInSection:);
    CGFloat height = ![delegate respondsToSelector:selector] ? (footer ? _sectionFooterHeight : _sectionHeaderHeight)
                     : footer                                ? [delegate tableView:self heightForFooterInSection:section]
                                                             : [delegate tableView:self heightForHeaderInSection:section];
    return height == UITableViewAutomaticDimension ? 0 : height;
}

- (LDStandInFlowGeometry *)ld_geometry {
    if (_ld_geometry != nil) { return _ld_geometry; }
    LDStandInFlowParameters parameters = {.viewSize = self.bounds.size};
    CGFloat width = parameters.viewSize.width;
    _ld_geometry = [[LDStandInFlowGeometry alloc] initWithParameters:parameters
        sectionCounts:[_ld_list elementCounts]
        itemSize:^CGSize(NSInteger section, NSInteger row) {
            return CGSizeMake(width, [self ld_heightOfRowAtIndexPath:LDStandInIndexPath(section, row)]);
        }
        supplementSize:^CGSize(NSInteger section, BOOL footer) {
            return CGSizeMake(width, [self ld_heightOfSupplementInSection:section footer:footer]);
        }];
    [super setContentSize:_ld_geometry.contentSize];
    return _ld_geometry;
}

- (CGSize)contentSize {
    return [self ld_geometry].contentSize;
}

- (CGRect)rectForSection:(NSInteger)section {
    return [[self ld_geometry] frameOfSection:section];
}

- (CGRect)rectForHeaderInSection:(NSInteger)section {
    return [[self ld_geometry] headerFrameInSection:section];
}

- (CGRect)rectForFooterInSection:(NSInteger)section {
    return [[self ld_geometry] footerFrameInSection:section];
}

- (CGRect)rectForRowAtIndexPath:(NSIndexPath *)indexPath {
    return [[self ld_geometry] frameOfItemAtIndexPath:indexPath];
}

/* Shows the rows in the bounds: each estimated row not measured yet gets its real height, until
 the rows in the bounds are all measured. */
- (void)layoutSubviews {
    [super layoutSubviews];
    if (![self ld_estimates] || CGRectIsEmpty(self.bounds)) { return; }
    BOOL changed = YES;
    while (changed) {
        changed = NO;
        for (NSIndexPath *indexPath in [[self ld_geometry] indexPathsOfItemsInRect:self.bounds]) {
            if ([_ld_list layoutValueAtIndexPath:indexPath] != nil) { continue; }
            CGFloat height = [self ld_realHeightOfRowAtIndexPath:indexPath];
            changed = changed || height != [self rectForRowAtIndexPath:indexPath].size.height;
            [_ld_list setLayoutValue:[NSNumber numberWithDouble:height] atIndexPath:indexPath];
        }
        if (changed) { [self ld_invalidateGeometry]; }
    }
}

- (NSArray<NSIndexPath *> *)indexPathsForVisibleRows {
    [self layoutIfNeeded];
    return [[self ld_geometry] indexPathsOfItemsInRect:self.bounds];
}

- (void)ld_listDidUpdate {
    [self ld_invalidateGeometry];
    LDStandInSettleLayout(self, NO);
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

@implementation UICollectionViewLayoutAttributes

@synthesize indexPath = _indexPath;
@synthesize frame = _frame;

+ (instancetype)layoutAttributesForCellWithIndexPath:(NSIndexPath *)indexPath {
    UICollectionViewLayoutAttributes *attributes = [[[self alloc] init] autorelease];
    attributes.indexPath = indexPath;
    return attributes;
}

- (void)dealloc {
    [_indexPath release];
    [super dealloc];
}

- (CGSize)size {
    return _frame.size;
}

- (void)setSize:(CGSize)size {
    _frame.size = size;
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<%@ %@ %@>", [self class], LDStandInDescribePath(_indexPath), NSStringFromCGRect(_frame)];
}

@end

@implementation UICollectionViewLayout

@synthesize collectionView = _collectionView;

- (void)ld_setCollectionView:(UICollectionView *)collectionView {
    _collectionView = collectionView;
}

- (void)dealloc {
    [_ld_geometry release];
    [super dealloc];
}

- (void)prepareLayout {
}

- (void)invalidateLayout {
    [_ld_geometry release];
    _ld_geometry = nil;
    [_collectionView setNeedsLayout];
}

- (BOOL)ld_estimates {
    return NO;
}

- (CGSize)ld_sizeOfItemAtIndexPath:(NSIndexPath *)indexPath {
    return CGSizeZero;
}

- (BOOL)ld_horizontal {
    return NO;
}

- (LDStandInFlowGeometry *)ld_geometry {
    if (_ld_geometry == nil) { [self prepareLayout]; }
    return _ld_geometry;
}

- (CGSize)collectionViewContentSize {
    LDStandInFlowGeometry *geometry = [self ld_geometry];
    return geometry != nil ? geometry.contentSize : CGSizeZero;
}

- (UICollectionViewLayoutAttributes *)ld_attributesAt:(NSIndexPath *)indexPath {
    UICollectionViewLayoutAttributes *attributes = [UICollectionViewLayoutAttributes layoutAttributesForCellWithIndexPath:indexPath];
    attributes.frame = [[self ld_geometry] frameOfItemAtIndexPath:indexPath];
    return attributes;
}

- (UICollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath {
    return [[self ld_geometry] hasItemAtIndexPath:indexPath] ? [self ld_attributesAt:indexPath] : nil;
}

- (NSArray<UICollectionViewLayoutAttributes *> *)layoutAttributesForElementsInRect:(CGRect)rect {
    NSMutableArray *all = [NSMutableArray array];
    for (NSIndexPath *indexPath in [[self ld_geometry] indexPathsOfItemsInRect:rect]) { [all addObject:[self ld_attributesAt:indexPath]]; }
    return all;
}

/* Shows the items in the view's bounds: each estimated item not measured yet gets its fitting
 size, until the items in the bounds are all measured. */
- (void)ld_measureItemsInRect:(CGRect)rect fitting:(CGSize (^)(NSIndexPath *))fitting {
    if (![self ld_estimates] || CGRectIsEmpty(rect)) { return; }
    LDStandInList *list = self.collectionView.ld_list;
    BOOL changed = YES;
    while (changed) {
        changed = NO;
        for (NSIndexPath *indexPath in [[self ld_geometry] indexPathsOfItemsInRect:rect]) {
            if ([list layoutValueAtIndexPath:indexPath] != nil) { continue; }
            CGSize size = fitting != NULL ? fitting(indexPath) : [self ld_sizeOfItemAtIndexPath:indexPath];
            changed = changed || !CGSizeEqualToSize(size, [[self ld_geometry] frameOfItemAtIndexPath:indexPath].size);
            [list setLayoutValue:[NSValue valueWithCGSize:size] atIndexPath:indexPath];
        }
        if (changed) { [self invalidateLayout]; }
    }
}

@end

@implementation UICollectionViewFlowLayout

@synthesize itemSize = _itemSize;
@synthesize estimatedItemSize = _estimatedItemSize;
@synthesize minimumLineSpacing = _minimumLineSpacing;
@synthesize minimumInteritemSpacing = _minimumInteritemSpacing;
@synthesize sectionInset = _sectionInset;
@synthesize headerReferenceSize = _headerReferenceSize;
@synthesize footerReferenceSize = _footerReferenceSize;
@synthesize scrollDirection = _scrollDirection;

- (instancetype)init {
    if ((self = [super init])) {
        _itemSize = CGSizeMake(50, 50);
        _minimumLineSpacing = _minimumInteritemSpacing = 10;
    }
    return self;
}

- (void)setItemSize:(CGSize)itemSize { _itemSize = itemSize; [self invalidateLayout]; }
- (void)setEstimatedItemSize:(CGSize)estimatedItemSize { _estimatedItemSize = estimatedItemSize; [self invalidateLayout]; }
- (void)setMinimumLineSpacing:(CGFloat)spacing { _minimumLineSpacing = spacing; [self invalidateLayout]; }
- (void)setMinimumInteritemSpacing:(CGFloat)spacing { _minimumInteritemSpacing = spacing; [self invalidateLayout]; }
- (void)setSectionInset:(UIEdgeInsets)sectionInset { _sectionInset = sectionInset; [self invalidateLayout]; }
- (void)setHeaderReferenceSize:(CGSize)size { _headerReferenceSize = size; [self invalidateLayout]; }
- (void)setFooterReferenceSize:(CGSize)size { _footerReferenceSize = size; [self invalidateLayout]; }
- (void)setScrollDirection:(UICollectionViewScrollDirection)direction { _scrollDirection = direction; [self invalidateLayout]; }

- (BOOL)ld_horizontal {
    return _scrollDirection == UICollectionViewScrollDirectionHorizontal;
}

- (BOOL)ld_estimates {
    return !CGSizeEqualToSize(_estimatedItemSize, CGSizeZero);
}

/* An item's real size: the delegate's or itemSize. */
- (CGSize)ld_sizeOfItemAtIndexPath:(NSIndexPath *)indexPath {
    UICollectionView *view = self.collectionView;
    id delegate = view.delegate;
    if ([delegate respondsToSelector:@selector(collectionView:layout:sizeForItemAtIndexPath:)]) {
        return [(id<UICollectionViewDelegateFlowLayout>)delegate collectionView:view layout:self sizeForItemAtIndexPath:indexPath];
    }
    return _itemSize;
}

- (CGSize)ld_layoutSizeOfItemAtIndexPath:(NSIndexPath *)indexPath {
    if (![self ld_estimates]) { return [self ld_sizeOfItemAtIndexPath:indexPath]; }
    NSValue *measured = [self.collectionView.ld_list layoutValueAtIndexPath:indexPath];
    if (measured != nil) { return measured.CGSizeValue; }
    return CGSizeEqualToSize(_estimatedItemSize, UICollectionViewFlowLayoutAutomaticSize) ? _itemSize : _estimatedItemSize;
}

- (void)prepareLayout {
    [super prepareLayout];
    UICollectionView *view = self.collectionView;
    UIEdgeInsets inset = _sectionInset;
    LDStandInFlowParameters parameters = {
        .horizontal = [self ld_horizontal],
        .viewSize = view.bounds.size,
        .minimumLineSpacing = _minimumLineSpacing,
        .minimumInteritemSpacing = _minimumInteritemSpacing,
        .sectionInset = NSEdgeInsetsMake(inset.top, inset.left, inset.bottom, inset.right),
    };
    [_ld_geometry release];
    _ld_geometry = [[LDStandInFlowGeometry geometryWithParameters:parameters
        sectionCounts:[view.ld_list elementCounts]
        itemSize:^CGSize(NSInteger section, NSInteger item) {
            return [self ld_layoutSizeOfItemAtIndexPath:LDStandInIndexPath(section, item)];
        }
        headerSize:_headerReferenceSize
        footerSize:_footerReferenceSize] retain];
}

@end

typedef NS_ENUM(NSInteger, LDDimensionKind) {
    LDDimensionFractionalWidth,
    LDDimensionFractionalHeight,
    LDDimensionAbsolute,
    LDDimensionEstimated
};

@implementation NSCollectionLayoutDimension

@synthesize dimension = _dimension;

+ (instancetype)ld_dimensionOfKind:(LDDimensionKind)kind value:(CGFloat)value {
    NSCollectionLayoutDimension *dimension = [[[self alloc] init] autorelease];
    dimension->_ld_kind = kind;
    dimension->_dimension = value;
    return dimension;
}

+ (instancetype)fractionalWidthDimension:(CGFloat)fractionalWidth {
    return [self ld_dimensionOfKind:LDDimensionFractionalWidth value:fractionalWidth];
}

+ (instancetype)fractionalHeightDimension:(CGFloat)fractionalHeight {
    return [self ld_dimensionOfKind:LDDimensionFractionalHeight value:fractionalHeight];
}

+ (instancetype)absoluteDimension:(CGFloat)absoluteDimension {
    return [self ld_dimensionOfKind:LDDimensionAbsolute value:absoluteDimension];
}

+ (instancetype)estimatedDimension:(CGFloat)estimatedDimension {
    return [self ld_dimensionOfKind:LDDimensionEstimated value:estimatedDimension];
}

- (id)copyWithZone:(NSZone *)zone {
    return [self retain];
}

- (BOOL)isFractionalWidth { return _ld_kind == LDDimensionFractionalWidth; }
- (BOOL)isFractionalHeight { return _ld_kind == LDDimensionFractionalHeight; }
- (BOOL)isAbsolute { return _ld_kind == LDDimensionAbsolute; }
- (BOOL)isEstimated { return _ld_kind == LDDimensionEstimated; }

/* The length in a view of viewSize; an estimate is measured (along the axis) once known. */
- (CGFloat)ld_lengthInViewOfSize:(CGSize)viewSize measured:(NSValue *)measured horizontal:(BOOL)horizontal {
    switch ((LDDimensionKind)_ld_kind) {
    case LDDimensionFractionalWidth: return _dimension * viewSize.width;
    case LDDimensionFractionalHeight: return _dimension * viewSize.height;
    case LDDimensionAbsolute: return _dimension;
    case LDDimensionEstimated:
        if (measured == nil) { return _dimension; }
        return horizontal ? measured.CGSizeValue.width : measured.CGSizeValue.height;
    }
    return _dimension;
}

@end

@implementation NSCollectionLayoutSize

@synthesize widthDimension = _widthDimension;
@synthesize heightDimension = _heightDimension;

+ (instancetype)sizeWithWidthDimension:(NSCollectionLayoutDimension *)width heightDimension:(NSCollectionLayoutDimension *)height {
    NSCollectionLayoutSize *size = [[[self alloc] init] autorelease];
    size->_widthDimension = [width copy];
    size->_heightDimension = [height copy];
    return size;
}

- (void)dealloc {
    [_widthDimension release];
    [_heightDimension release];
    [super dealloc];
}

- (id)copyWithZone:(NSZone *)zone {
    return [self retain];
}

@end

@implementation NSCollectionLayoutItem

@synthesize layoutSize = _layoutSize;

+ (instancetype)itemWithLayoutSize:(NSCollectionLayoutSize *)layoutSize {
    NSCollectionLayoutItem *item = [[[self alloc] init] autorelease];
    item->_layoutSize = [layoutSize copy];
    return item;
}

- (void)dealloc {
    [_layoutSize release];
    [super dealloc];
}

- (id)copyWithZone:(NSZone *)zone {
    return [self retain];
}

@end

@implementation NSCollectionLayoutGroup

@synthesize subitems = _subitems;

+ (instancetype)ld_groupWithLayoutSize:(NSCollectionLayoutSize *)layoutSize subitems:(NSArray<NSCollectionLayoutItem *> *)subitems {
    NSCollectionLayoutGroup *group = [self itemWithLayoutSize:layoutSize];
    group->_subitems = [subitems copy];
    return group;
}

+ (instancetype)horizontalGroupWithLayoutSize:(NSCollectionLayoutSize *)layoutSize subitems:(NSArray<NSCollectionLayoutItem *> *)subitems {
    return [self ld_groupWithLayoutSize:layoutSize subitems:subitems];
}

+ (instancetype)verticalGroupWithLayoutSize:(NSCollectionLayoutSize *)layoutSize subitems:(NSArray<NSCollectionLayoutItem *> *)subitems {
    return [self ld_groupWithLayoutSize:layoutSize subitems:subitems];
}

- (void)dealloc {
    [_subitems release];
    [super dealloc];
}

@end

@implementation NSCollectionLayoutSection

@synthesize contentInsets = _contentInsets;
@synthesize interGroupSpacing = _interGroupSpacing;

+ (instancetype)sectionWithGroup:(NSCollectionLayoutGroup *)group {
    NSCollectionLayoutSection *section = [[[self alloc] init] autorelease];
    section->_group = [group copy];
    return section;
}

- (void)dealloc {
    [_group release];
    [super dealloc];
}

- (id)copyWithZone:(NSZone *)zone {
    NSCollectionLayoutSection *copy = [[[self class] sectionWithGroup:_group] retain];
    copy->_contentInsets = _contentInsets;
    copy->_interGroupSpacing = _interGroupSpacing;
    return copy;
}

- (NSCollectionLayoutGroup *)ld_group {
    return _group;
}

@end

@implementation UICollectionViewCompositionalLayoutConfiguration

@synthesize scrollDirection = _scrollDirection;

- (id)copyWithZone:(NSZone *)zone {
    UICollectionViewCompositionalLayoutConfiguration *copy = [[[self class] alloc] init];
    copy->_scrollDirection = _scrollDirection;
    return copy;
}

@end

@implementation UICollectionViewCompositionalLayout

- (instancetype)initWithSection:(NSCollectionLayoutSection *)section {
    return [self initWithSection:section configuration:[[[UICollectionViewCompositionalLayoutConfiguration alloc] init] autorelease]];
}

- (instancetype)initWithSection:(NSCollectionLayoutSection *)section
                  configuration:(UICollectionViewCompositionalLayoutConfiguration *)configuration {
    if ((self = [super init])) {
        _ld_section = [section copy];
        _configuration = [configuration copy];
    }
    return self;
}

- (void)dealloc {
    [_ld_section release];
    [_configuration release];
    [super dealloc];
}

- (UICollectionViewCompositionalLayoutConfiguration *)configuration {
    return [[_configuration copy] autorelease];
}

- (void)setConfiguration:(UICollectionViewCompositionalLayoutConfiguration *)configuration {
    UICollectionViewCompositionalLayoutConfiguration *copied = [configuration copy];
    [_configuration release];
    _configuration = copied;
    [self invalidateLayout];
}

- (BOOL)ld_horizontal {
    return _configuration.scrollDirection == UICollectionViewScrollDirectionHorizontal;
}

- (NSCollectionLayoutDimension *)ld_axisDimension {
    NSCollectionLayoutSize *size = [_ld_section ld_group].layoutSize;
    return [self ld_horizontal] ? size.widthDimension : size.heightDimension;
}

- (BOOL)ld_estimates {
    return [self ld_axisDimension].isEstimated;
}

/* Without a fitting size, an estimated item is as long as its estimate. */
- (CGSize)ld_sizeOfItemAtIndexPath:(NSIndexPath *)indexPath {
    CGFloat length = [self ld_axisDimension].dimension;
    return [self ld_horizontal] ? CGSizeMake(length, 0) : CGSizeMake(0, length);
}

- (void)prepareLayout {
    [super prepareLayout];
    UICollectionView *view = self.collectionView;
    BOOL horizontal = [self ld_horizontal];
    NSDirectionalEdgeInsets inset = _ld_section.contentInsets;
    CGSize viewSize = view.bounds.size;
    LDStandInFlowParameters parameters = {
        .horizontal = horizontal,
        .viewSize = viewSize,
        .minimumLineSpacing = _ld_section.interGroupSpacing,
        .sectionInset = NSEdgeInsetsMake(inset.top, inset.leading, inset.bottom, inset.trailing),
    };
    CGFloat across = horizontal ? viewSize.height - inset.top - inset.bottom : viewSize.width - inset.leading - inset.trailing;
    NSCollectionLayoutDimension *dimension = [self ld_axisDimension];
    LDStandInList *list = view.ld_list;
    [_ld_geometry release];
    _ld_geometry = [[LDStandInFlowGeometry geometryWithParameters:parameters
        sectionCounts:[list elementCounts]
        itemSize:^CGSize(NSInteger section, NSInteger item) {
            NSValue *measured = dimension.isEstimated ? [list layoutValueAtIndexPath:LDStandInIndexPath(section, item)] : nil;
            CGFloat length = [dimension ld_lengthInViewOfSize:viewSize measured:measured horizontal:horizontal];
            return horizontal ? CGSizeMake(length, across) : CGSizeMake(across, length);
        }
        headerSize:CGSizeZero
        footerSize:CGSizeZero] retain];
}

@end

@implementation UICollectionView

@synthesize dataSource = _dataSource;
@synthesize ld_list = _ld_list;
@synthesize collectionViewLayout = _collectionViewLayout;
@dynamic delegate;

- (instancetype)initWithFrame:(CGRect)frame collectionViewLayout:(UICollectionViewLayout *)layout {
    if ((self = [super initWithFrame:frame])) {
        _ld_list = [[LDStandInList alloc] initWithSource:self];
        self.collectionViewLayout = layout;
    }
    return self;
}

- (instancetype)initWithFrame:(CGRect)frame {
    return [self initWithFrame:frame collectionViewLayout:[[[UICollectionViewFlowLayout alloc] init] autorelease]];
}

- (void)dealloc {
    [_collectionViewLayout ld_setCollectionView:nil];
    [_collectionViewLayout release];
    [_ld_list release];
    if (_ld_fittingSizeForItemAtIndexPath != NULL) { Block_release(_ld_fittingSizeForItemAtIndexPath); }
    [super dealloc];
}

- (void)setCollectionViewLayout:(UICollectionViewLayout *)layout {
    [layout retain];
    [_collectionViewLayout ld_setCollectionView:nil];
    [_collectionViewLayout release];
    _collectionViewLayout = layout;
    [layout ld_setCollectionView:self];
    [layout invalidateLayout];
}

- (CGSize (^)(NSIndexPath *))ld_fittingSizeForItemAtIndexPath {
    return _ld_fittingSizeForItemAtIndexPath;
}

- (void)setLd_fittingSizeForItemAtIndexPath:(CGSize (^)(NSIndexPath *))block {
    CGSize (^copied)(NSIndexPath *) = block != NULL ? Block_copy(block) : NULL;
    if (_ld_fittingSizeForItemAtIndexPath != NULL) { Block_release(_ld_fittingSizeForItemAtIndexPath); }
    _ld_fittingSizeForItemAtIndexPath = copied;
}

- (void)setDelegate:(id<UICollectionViewDelegate>)delegate {
    [super setDelegate:delegate];
    [_collectionViewLayout invalidateLayout];
}

- (void)ld_didResize {
    [super ld_didResize];
    [_collectionViewLayout invalidateLayout];
}

- (BOOL)ld_scrollsHorizontally {
    return [_collectionViewLayout ld_horizontal];
}

- (CGSize)contentSize {
    return _collectionViewLayout.collectionViewContentSize;
}

- (UICollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath {
    return [_collectionViewLayout layoutAttributesForItemAtIndexPath:indexPath];
}

- (void)layoutSubviews {
    [super layoutSubviews];
    [_collectionViewLayout ld_measureItemsInRect:self.bounds fitting:_ld_fittingSizeForItemAtIndexPath];
}

- (NSArray<NSIndexPath *> *)indexPathsForVisibleItems {
    [self layoutIfNeeded];
    NSMutableArray *paths = [NSMutableArray array];
    for (UICollectionViewLayoutAttributes *attributes in [_collectionViewLayout layoutAttributesForElementsInRect:self.bounds]) {
        [paths addObject:attributes.indexPath];
    }
    return paths;
}

- (void)ld_listDidUpdate {
    [_collectionViewLayout invalidateLayout];
    LDStandInSettleLayout(self, [self ld_scrollsHorizontally]);
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
