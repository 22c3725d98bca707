#import "AppKit/AppKit.h"

@interface NSView ()
- (void)ld_setWindow:(NSWindow *)window;
@end

@interface NSClipView ()
/* Moves the bounds without counting a write: the user's scrolling, the clip view's own
 constraining. */
- (void)ld_moveBoundsOrigin:(NSPoint)origin;
/* Keeps the bounds within the document. */
- (void)ld_constrain;
@end

NSString *const NSScrollViewWillStartLiveScrollNotification = @"NSScrollViewWillStartLiveScrollNotification";
NSString *const NSScrollViewDidLiveScrollNotification = @"NSScrollViewDidLiveScrollNotification";
NSString *const NSScrollViewDidEndLiveScrollNotification = @"NSScrollViewDidEndLiveScrollNotification";

@interface NSCollectionViewLayout ()
- (void)ld_setCollectionView:(NSCollectionView *)collectionView;
@end

@interface NSCollectionViewFlowLayout ()
- (NSArray<NSIndexPath *> *)ld_indexPathsOfItemsInRect:(NSRect)rect;
@end

@implementation NSView

@synthesize superview = _superview;
@synthesize needsLayout = _needsLayout;

- (instancetype)initWithFrame:(NSRect)frameRect {
    if ((self = [super init])) { _frame = frameRect; }
    return self;
}

- (instancetype)init {
    return [self initWithFrame:NSZeroRect];
}

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

- (NSRect)frame {
    return _frame;
}

- (void)setFrame:(NSRect)frame {
    BOOL resized = !NSEqualSizes(frame.size, _frame.size);
    _frame = frame;
    if (resized) { _needsLayout = YES; }
    if ([_superview isKindOfClass:[NSClipView class]]) { [(NSClipView *)_superview ld_constrain]; }
}

- (void)setFrameSize:(NSSize)newSize {
    NSRect frame = _frame;
    frame.size = newSize;
    self.frame = frame;
}

- (NSRect)bounds {
    NSRect bounds = {_boundsOrigin, _frame.size};
    return bounds;
}

- (void)setBounds:(NSRect)bounds {
    [self setBoundsOrigin:bounds.origin];
    [self setFrameSize:bounds.size];
}

- (void)setBoundsOrigin:(NSPoint)newOrigin {
    _boundsOrigin = newOrigin;
    _needsLayout = YES;
}

- (BOOL)isFlipped {
    return YES;
}

- (NSScrollView *)enclosingScrollView {
    for (NSView *view = _superview; view != nil; view = view.superview) {
        if ([view isKindOfClass:[NSScrollView class]]) { return (NSScrollView *)view; }
    }
    return nil;
}

- (NSRect)visibleRect {
    /* Up the tree in each superview's coordinates, clipped by clip views, then back. */
    NSRect rect = self.bounds;
    CGFloat dx = 0, dy = 0;
    for (NSView *view = self; view.superview != nil; view = view.superview) {
        CGFloat x = view.frame.origin.x - view.bounds.origin.x, y = view.frame.origin.y - view.bounds.origin.y;
        rect = NSOffsetRect(rect, x, y);
        dx += x;
        dy += y;
        if ([view.superview isKindOfClass:[NSClipView class]]) { rect = CGRectIntersection(rect, view.superview.bounds); }
        if (NSIsEmptyRect(rect)) { return NSZeroRect; }
    }
    return NSOffsetRect(rect, -dx, -dy);
}

- (void)layout {
}

- (void)layoutSubtreeIfNeeded {
    if (_needsLayout) {
        _needsLayout = NO;
        [self layout];
    }
    for (NSView *view in [[_subviews copy] autorelease]) { [view layoutSubtreeIfNeeded]; }
}

@end

@implementation NSClipView

@synthesize documentView = _documentView;
@synthesize contentInsets = _contentInsets;
@synthesize automaticallyAdjustsContentInsets = _automaticallyAdjustsContentInsets;
@synthesize ld_offsetWriteCount = _ld_offsetWriteCount;

- (instancetype)initWithFrame:(NSRect)frameRect {
    if ((self = [super initWithFrame:frameRect])) { _automaticallyAdjustsContentInsets = YES; }
    return self;
}

- (void)dealloc {
    [_documentView release];
    [super dealloc];
}

- (void)setDocumentView:(NSView *)documentView {
    [documentView retain];
    [_documentView removeFromSuperview];
    [_documentView release];
    _documentView = documentView;
    if (documentView != nil) { [self addSubview:documentView]; }
    [self ld_constrain];
}

- (void)setContentInsets:(NSEdgeInsets)contentInsets {
    _contentInsets = contentInsets;
    [self ld_constrain];
}

- (NSRect)constrainBoundsRect:(NSRect)proposedBounds {
    NSRect document = _documentView != nil ? _documentView.frame : NSZeroRect;
    NSEdgeInsets insets = _contentInsets;
    proposedBounds.origin.x = document.origin.x + LDStandInClampedOffset(proposedBounds.origin.x - document.origin.x, insets.left,
                                                                         insets.right, document.size.width, proposedBounds.size.width);
    proposedBounds.origin.y = document.origin.y + LDStandInClampedOffset(proposedBounds.origin.y - document.origin.y, insets.top,
                                                                         insets.bottom, document.size.height, proposedBounds.size.height);
    return proposedBounds;
}

- (void)ld_moveBoundsOrigin:(NSPoint)origin {
    [super setBoundsOrigin:origin];
    [_documentView setNeedsLayout:YES];
}

- (void)ld_constrain {
    [self ld_moveBoundsOrigin:[self constrainBoundsRect:self.bounds].origin];
}

- (void)setBoundsOrigin:(NSPoint)newOrigin {
    _ld_offsetWriteCount++;
    [self ld_moveBoundsOrigin:newOrigin];
}

- (void)scrollToPoint:(NSPoint)newOrigin {
    NSRect bounds = self.bounds;
    bounds.origin = newOrigin;
    [self setBoundsOrigin:[self constrainBoundsRect:bounds].origin];
}

- (NSRect)documentVisibleRect {
    if (_documentView == nil) { return NSZeroRect; }
    NSRect document = _documentView.frame, visible = CGRectIntersection(self.bounds, document);
    return NSOffsetRect(visible, -document.origin.x, -document.origin.y);
}

@end

@implementation NSScrollView

@synthesize contentView = _contentView;
@synthesize automaticallyAdjustsContentInsets = _automaticallyAdjustsContentInsets;
@synthesize ld_reflectCount = _ld_reflectCount;

- (instancetype)initWithFrame:(NSRect)frameRect {
    if ((self = [super initWithFrame:frameRect])) {
        _automaticallyAdjustsContentInsets = YES;
        _contentView = [[NSClipView alloc] initWithFrame:NSMakeRect(0, 0, frameRect.size.width, frameRect.size.height)];
        [self addSubview:_contentView];
    }
    return self;
}

- (void)dealloc {
    [_contentView release];
    [super dealloc];
}

- (void)setFrame:(NSRect)frame {
    [super setFrame:frame];
    [_contentView setFrameSize:frame.size];
    [_contentView ld_constrain];
}

- (NSView *)documentView {
    return _contentView.documentView;
}

- (void)setDocumentView:(NSView *)documentView {
    _contentView.documentView = documentView;
}

/* The insets the clip view uses: the title bar's when automatic (none here), else the app's. */
- (NSEdgeInsets)contentInsets {
    return _automaticallyAdjustsContentInsets ? NSEdgeInsetsZero : _contentInsets;
}

- (void)setContentInsets:(NSEdgeInsets)contentInsets {
    _contentInsets = contentInsets;
    _contentView.contentInsets = self.contentInsets;
}

- (void)setAutomaticallyAdjustsContentInsets:(BOOL)automaticallyAdjustsContentInsets {
    _automaticallyAdjustsContentInsets = automaticallyAdjustsContentInsets;
    _contentView.contentInsets = self.contentInsets;
}

- (NSRect)documentVisibleRect {
    return _contentView.documentVisibleRect;
}

- (void)reflectScrolledClipView:(NSClipView *)clipView {
    _ld_reflectCount++;
}

- (void)ld_beginLiveScroll {
    [[NSNotificationCenter defaultCenter] postNotificationName:NSScrollViewWillStartLiveScrollNotification object:self];
}

- (void)ld_liveScrollToPoint:(NSPoint)point {
    NSRect bounds = _contentView.bounds;
    bounds.origin = point;
    [_contentView ld_moveBoundsOrigin:[_contentView constrainBoundsRect:bounds].origin];
    [[NSNotificationCenter defaultCenter] postNotificationName:NSScrollViewDidLiveScrollNotification object:self];
}

- (void)ld_endLiveScroll {
    [[NSNotificationCenter defaultCenter] postNotificationName:NSScrollViewDidEndLiveScrollNotification object:self];
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

@implementation NSCollectionViewLayoutAttributes

@synthesize indexPath = _indexPath;
@synthesize frame = _frame;

+ (instancetype)layoutAttributesForItemWithIndexPath:(NSIndexPath *)indexPath {
    NSCollectionViewLayoutAttributes *attributes = [[[self alloc] init] autorelease];
    attributes.indexPath = indexPath;
    return attributes;
}

- (void)dealloc {
    [_indexPath release];
    [super dealloc];
}

@end

@implementation NSCollectionViewLayout

@synthesize collectionView = _collectionView;

- (void)ld_setCollectionView:(NSCollectionView *)collectionView {
    _collectionView = collectionView;
}

- (NSSize)collectionViewContentSize {
    return NSZeroSize;
}

- (void)prepareLayout {
}

- (void)invalidateLayout {
    [_collectionView setNeedsLayout:YES];
}

- (NSCollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath {
    return nil;
}

@end

@implementation NSCollectionViewFlowLayout

@synthesize itemSize = _itemSize;
@synthesize minimumLineSpacing = _minimumLineSpacing;
@synthesize minimumInteritemSpacing = _minimumInteritemSpacing;
@synthesize sectionInset = _sectionInset;
@synthesize headerReferenceSize = _headerReferenceSize;
@synthesize footerReferenceSize = _footerReferenceSize;
@synthesize scrollDirection = _scrollDirection;

- (instancetype)init {
    if ((self = [super init])) {
        _itemSize = NSMakeSize(50, 50);
        _minimumLineSpacing = _minimumInteritemSpacing = 10;
    }
    return self;
}

- (void)dealloc {
    [_ld_geometry release];
    [super dealloc];
}

- (void)invalidateLayout {
    [_ld_geometry release];
    _ld_geometry = nil;
    [super invalidateLayout];
}

- (void)setItemSize:(NSSize)itemSize { _itemSize = itemSize; [self invalidateLayout]; }
- (void)setMinimumLineSpacing:(CGFloat)spacing { _minimumLineSpacing = spacing; [self invalidateLayout]; }
- (void)setMinimumInteritemSpacing:(CGFloat)spacing { _minimumInteritemSpacing = spacing; [self invalidateLayout]; }
- (void)setSectionInset:(NSEdgeInsets)sectionInset { _sectionInset = sectionInset; [self invalidateLayout]; }
- (void)setHeaderReferenceSize:(NSSize)size { _headerReferenceSize = size; [self invalidateLayout]; }
- (void)setFooterReferenceSize:(NSSize)size { _footerReferenceSize = size; [self invalidateLayout]; }
- (void)setScrollDirection:(NSCollectionViewScrollDirection)direction { _scrollDirection = direction; [self invalidateLayout]; }

- (LDStandInFlowGeometry *)ld_geometry {
    if (_ld_geometry == nil) { [self prepareLayout]; }
    return _ld_geometry;
}

- (void)prepareLayout {
    [super prepareLayout];
    NSCollectionView *view = self.collectionView;
    LDStandInFlowParameters parameters = {
        .horizontal = _scrollDirection == NSCollectionViewScrollDirectionHorizontal,
        .viewSize = view.frame.size,
        .minimumLineSpacing = _minimumLineSpacing,
        .minimumInteritemSpacing = _minimumInteritemSpacing,
        .sectionInset = _sectionInset,
    };
    NSSize item = _itemSize;
    [_ld_geometry release];
    _ld_geometry = [[LDStandInFlowGeometry geometryWithParameters:parameters
        sectionCounts:[view.ld_list elementCounts]
        itemSize:^CGSize(NSInteger section, NSInteger index) {
            return item;
        }
        headerSize:_headerReferenceSize
        footerSize:_footerReferenceSize] retain];
}

- (NSSize)collectionViewContentSize {
    return [self ld_geometry].contentSize;
}

- (NSCollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath {
    if (![[self ld_geometry] hasItemAtIndexPath:indexPath]) { return nil; }
    NSCollectionViewLayoutAttributes *attributes = [NSCollectionViewLayoutAttributes layoutAttributesForItemWithIndexPath:indexPath];
    attributes.frame = [[self ld_geometry] frameOfItemAtIndexPath:indexPath];
    return attributes;
}

- (NSArray<NSIndexPath *> *)ld_indexPathsOfItemsInRect:(NSRect)rect {
    return [[self ld_geometry] indexPathsOfItemsInRect:rect];
}

@end

@implementation NSCollectionView

@synthesize dataSource = _dataSource;
@synthesize ld_list = _ld_list;
@synthesize collectionViewLayout = _collectionViewLayout;

- (instancetype)initWithFrame:(NSRect)frameRect {
    if ((self = [super initWithFrame:frameRect])) {
        _ld_list = [[LDStandInList alloc] initWithSource:self];
        self.collectionViewLayout = [[[NSCollectionViewFlowLayout alloc] init] autorelease];
    }
    return self;
}

- (void)dealloc {
    [_collectionViewLayout ld_setCollectionView:nil];
    [_collectionViewLayout release];
    [_ld_list release];
    [super dealloc];
}

- (void)setCollectionViewLayout:(NSCollectionViewLayout *)layout {
    [layout retain];
    [_collectionViewLayout ld_setCollectionView:nil];
    [_collectionViewLayout release];
    _collectionViewLayout = layout;
    [layout ld_setCollectionView:self];
    [layout invalidateLayout];
}

- (void)setFrame:(NSRect)frame {
    BOOL resized = !NSEqualSizes(frame.size, self.frame.size);
    [super setFrame:frame];
    if (resized) { [_collectionViewLayout invalidateLayout]; }
}

- (NSRect)frameForItemAtIndexPath:(NSIndexPath *)indexPath {
    NSCollectionViewLayoutAttributes *attributes = [self layoutAttributesForItemAtIndexPath:indexPath];
    return attributes != nil ? attributes.frame : NSZeroRect;
}

- (NSCollectionViewLayoutAttributes *)layoutAttributesForItemAtIndexPath:(NSIndexPath *)indexPath {
    return [_collectionViewLayout layoutAttributesForItemAtIndexPath:indexPath];
}

- (NSSet<NSIndexPath *> *)indexPathsForVisibleItems {
    if (![_collectionViewLayout isKindOfClass:[NSCollectionViewFlowLayout class]]) { return [NSSet set]; }
    return [NSSet setWithArray:[(NSCollectionViewFlowLayout *)_collectionViewLayout ld_indexPathsOfItemsInRect:self.visibleRect]];
}

/* Sizes the frame to the content along the scroll axis; the clip view constrains. */
- (void)ld_listDidUpdate {
    [_collectionViewLayout invalidateLayout];
    NSSize content = _collectionViewLayout.collectionViewContentSize, size = self.frame.size;
    BOOL horizontal = [_collectionViewLayout isKindOfClass:[NSCollectionViewFlowLayout class]] &&
                      ((NSCollectionViewFlowLayout *)_collectionViewLayout).scrollDirection == NSCollectionViewScrollDirectionHorizontal;
    [super setFrameSize:horizontal ? NSMakeSize(content.width, size.height) : NSMakeSize(size.width, content.height)];
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
@synthesize delegate = _delegate;
@synthesize rowHeight = _rowHeight;
@synthesize intercellSpacing = _intercellSpacing;

- (instancetype)initWithFrame:(NSRect)frameRect {
    if ((self = [super initWithFrame:frameRect])) {
        _rows = [[NSMutableArray alloc] init];
        _ld_log = [[NSMutableArray alloc] init];
        _numberOfColumns = 2;
        _rowHeight = 17;
        _intercellSpacing = NSMakeSize(3, 2);
    }
    return self;
}

- (void)dealloc {
    [_rows release];
    [_ld_log release];
    [_ld_geometry release];
    [super dealloc];
}

/* Rows and their heights as they stand: a column as wide as the table. */
- (LDStandInFlowGeometry *)ld_geometry {
    if (_ld_geometry != nil) { return _ld_geometry; }
    LDStandInFlowParameters parameters = {.viewSize = self.frame.size};
    CGFloat width = parameters.viewSize.width, spacing = _intercellSpacing.height, rowHeight = _rowHeight;
    id<NSTableViewDelegate> delegate = _delegate;
    BOOL delegated = [delegate respondsToSelector:@selector(tableView:heightOfRow:)];
    _ld_geometry = [[LDStandInFlowGeometry alloc] initWithParameters:parameters
        sectionCounts:[NSArray arrayWithObject:[NSNumber numberWithUnsignedInteger:_rows.count]]
        itemSize:^CGSize(NSInteger section, NSInteger row) {
            return CGSizeMake(width, (delegated ? [delegate tableView:self heightOfRow:row] : rowHeight) + spacing);
        }
        supplementSize:^CGSize(NSInteger section, BOOL footer) {
            return CGSizeZero;
        }];
    return _ld_geometry;
}

- (void)ld_invalidateGeometry {
    [_ld_geometry release];
    _ld_geometry = nil;
    [self setNeedsLayout:YES];
}

/* The frame's height follows the rows; the clip view constrains the scroll position to it. */
- (void)ld_tile {
    [self ld_invalidateGeometry];
    NSSize size = self.frame.size;
    size.height = [self ld_geometry].contentSize.height;
    [self setFrameSize:size];
}

- (void)setFrame:(NSRect)frame {
    BOOL resized = frame.size.width != self.frame.size.width;
    [super setFrame:frame];
    if (resized) { [self ld_invalidateGeometry]; }
}

- (void)setDelegate:(id<NSTableViewDelegate>)delegate {
    _delegate = delegate;
    [self ld_tile];
}

- (void)setRowHeight:(CGFloat)rowHeight {
    _rowHeight = rowHeight;
    [self ld_tile];
}

- (void)setIntercellSpacing:(NSSize)intercellSpacing {
    _intercellSpacing = intercellSpacing;
    [self ld_tile];
}

- (void)noteHeightOfRowsWithIndexesChanged:(NSIndexSet *)indexSet {
    [self ld_tile];
}

- (NSRect)rectOfRow:(NSInteger)row {
    return [[self ld_geometry] frameOfItemAtIndexPath:LDStandInIndexPath(0, row)];
}

- (NSRange)rowsInRect:(NSRect)rect {
    NSArray<NSIndexPath *> *rows = [[self ld_geometry] indexPathsOfItemsInRect:rect];
    if (rows.count == 0) { return NSMakeRange(0, 0); }
    return NSMakeRange([[rows objectAtIndex:0] indexAtPosition:1], rows.count);
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
    [self ld_invalidateGeometry];
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
    [self ld_tile];
}

- (void)reloadData {
    [_ld_log addObject:@"reloadData"];
    [_rows removeAllObjects];
    NSInteger count = [self ld_dataSourceRowCount];
    for (NSInteger row = 0; row < count; row++) { [_rows addObject:[self ld_dataSourceContentAtRow:(NSUInteger)row]]; }
    [self ld_tile];
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
