#import "LDAnchoringReference.h"

#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

/* What the reference reads of a view, along its scroll axis. */
typedef struct {
    BOOL horizontal;
    CGFloat offset, leadingInset, trailingInset, viewLength, contentLength;
} LDReferenceAxis;

static BOOL LDAppKitView(id view) {
    return [view isKindOfClass:[NSTableView class]] || [view isKindOfClass:[NSCollectionView class]];
}

static NSClipView *LDClipView(NSView *view) {
    NSClipView *clip = (NSClipView *)view.superview;
    if (![clip isKindOfClass:[NSClipView class]]) {
        [NSException raise:NSInvalidArgumentException format:@"%@ is not the document view of a scroll view", view];
    }
    return clip;
}

static BOOL LDHorizontal(id view) {
    if ([view isKindOfClass:[UICollectionView class]]) {
        id layout = ((UICollectionView *)view).collectionViewLayout;
        if ([layout isKindOfClass:[UICollectionViewCompositionalLayout class]]) {
            return ((UICollectionViewCompositionalLayout *)layout).configuration.scrollDirection == UICollectionViewScrollDirectionHorizontal;
        }
        return [layout isKindOfClass:[UICollectionViewFlowLayout class]] &&
               ((UICollectionViewFlowLayout *)layout).scrollDirection == UICollectionViewScrollDirectionHorizontal;
    }
    if ([view isKindOfClass:[NSCollectionView class]]) {
        id layout = ((NSCollectionView *)view).collectionViewLayout;
        return [layout isKindOfClass:[NSCollectionViewFlowLayout class]] &&
               ((NSCollectionViewFlowLayout *)layout).scrollDirection == NSCollectionViewScrollDirectionHorizontal;
    }
    return NO;
}

CGPoint LDReferenceOffset(id view) {
    return LDAppKitView(view) ? LDClipView(view).bounds.origin : ((UIScrollView *)view).contentOffset;
}

static LDReferenceAxis LDAxis(id view) {
    LDReferenceAxis axis = {.horizontal = LDHorizontal(view)};
    CGPoint offset = LDReferenceOffset(view);
    CGSize size, content;
    CGFloat top, left, bottom, right;
    if (LDAppKitView(view)) {
        NSClipView *clip = LDClipView(view);
        NSEdgeInsets insets = clip.contentInsets;
        size = clip.bounds.size;
        content = ((NSView *)view).frame.size;
        top = insets.top, left = insets.left, bottom = insets.bottom, right = insets.right;
    } else {
        UIScrollView *scrollView = view;
        UIEdgeInsets insets = scrollView.adjustedContentInset;
        size = scrollView.bounds.size;
        content = scrollView.contentSize;
        top = insets.top, left = insets.left, bottom = insets.bottom, right = insets.right;
    }
    axis.offset = axis.horizontal ? offset.x : offset.y;
    axis.leadingInset = axis.horizontal ? left : top;
    axis.trailingInset = axis.horizontal ? right : bottom;
    axis.viewLength = axis.horizontal ? size.width : size.height;
    axis.contentLength = axis.horizontal ? content.width : content.height;
    return axis;
}

static CGFloat LDHighestOffset(LDReferenceAxis axis) {
    return MAX(-axis.leadingInset, axis.contentLength + axis.trailingInset - axis.viewLength);
}

static CGFloat LDClamp(CGFloat offset, LDReferenceAxis axis) {
    return MIN(MAX(offset, -axis.leadingInset), LDHighestOffset(axis));
}

static CGRect LDFrame(id view, NSIndexPath *indexPath) {
    if ([view isKindOfClass:[UITableView class]]) { return [(UITableView *)view rectForRowAtIndexPath:indexPath]; }
    if ([view isKindOfClass:[UICollectionView class]]) {
        return [(UICollectionView *)view layoutAttributesForItemAtIndexPath:indexPath].frame;
    }
    if ([view isKindOfClass:[NSTableView class]]) { return [(NSTableView *)view rectOfRow:(NSInteger)[indexPath indexAtPosition:1]]; }
    return [(NSCollectionView *)view frameForItemAtIndexPath:indexPath];
}

static CGFloat LDLeadingEdge(id view, NSIndexPath *indexPath, BOOL horizontal) {
    CGRect frame = LDFrame(view, indexPath);
    return horizontal ? CGRectGetMinX(frame) : CGRectGetMinY(frame);
}

/* The rows on screen, after a layout pass, by leading edge (then index path). */
static NSArray<NSIndexPath *> *LDVisible(id view, BOOL horizontal) {
    NSArray *paths;
    if ([view isKindOfClass:[UITableView class]]) {
        paths = [(UITableView *)view indexPathsForVisibleRows];
    } else if ([view isKindOfClass:[UICollectionView class]]) {
        paths = [(UICollectionView *)view indexPathsForVisibleItems];
    } else if ([view isKindOfClass:[NSTableView class]]) {
        NSTableView *table = view;
        [table layoutSubtreeIfNeeded];
        NSRange rows = [table rowsInRect:table.visibleRect];
        NSMutableArray *rowPaths = [NSMutableArray array];
        for (NSUInteger row = rows.location; row < NSMaxRange(rows); row++) { [rowPaths addObject:LDTestPath(0, row)]; }
        paths = rowPaths;
    } else {
        [(NSView *)view layoutSubtreeIfNeeded];
        paths = [[(NSCollectionView *)view indexPathsForVisibleItems] allObjects];
    }
    return [paths sortedArrayUsingComparator:^NSComparisonResult(NSIndexPath *a, NSIndexPath *b) {
        CGFloat ea = LDLeadingEdge(view, a, horizontal), eb = LDLeadingEdge(view, b, horizontal);
        return ea < eb ? NSOrderedAscending : ea > eb ? NSOrderedDescending : [a compare:b];
    }];
}

/* Every index path the view shows now. */
static NSArray<NSIndexPath *> *LDAllPaths(id view) {
    NSMutableArray *paths = [NSMutableArray array];
    if ([view isKindOfClass:[NSTableView class]]) {
        for (NSInteger row = 0; row < ((NSTableView *)view).numberOfRows; row++) { [paths addObject:LDTestPath(0, (NSUInteger)row)]; }
        return paths;
    }
    NSInteger sections = [view numberOfSections];
    for (NSInteger section = 0; section < sections; section++) {
        NSInteger count = [view isKindOfClass:[UITableView class]] ? [(UITableView *)view numberOfRowsInSection:section]
                                                                   : [view numberOfItemsInSection:section];
        for (NSInteger item = 0; item < count; item++) { [paths addObject:LDTestPath((NSUInteger)section, (NSUInteger)item)]; }
    }
    return paths;
}

@implementation LDAnchoringReference

@synthesize visibleIdentifiers = _visibleIdentifiers;
@synthesize distances = _distances;
@synthesize offsetBefore = _offsetBefore;
@synthesize wasAtLeadingEdge = _atLeadingEdge;
@synthesize wasAtTrailingEdge = _atTrailingEdge;

- (instancetype)initWithView:(id)view identifier:(LDReferenceIdentifier)identifier {
    if ((self = [super init])) {
        _view = [view retain];
        _identifier = Block_copy(identifier);
        LDReferenceAxis axis = LDAxis(view);
        NSMutableArray *identifiers = [NSMutableArray array];
        NSMutableArray *distances = [NSMutableArray array];
        CGFloat top = axis.offset + axis.leadingInset;
        for (NSIndexPath *indexPath in LDVisible(view, axis.horizontal)) {
            [identifiers addObject:identifier(indexPath)];
            [distances addObject:[NSNumber numberWithDouble:LDLeadingEdge(view, indexPath, axis.horizontal) - top]];
        }
        _visibleIdentifiers = [identifiers copy];
        _distances = [distances copy];
        _offsetBefore = LDReferenceOffset(view);
        _atLeadingEdge = axis.offset == -axis.leadingInset;
        _atTrailingEdge = axis.offset == LDHighestOffset(axis);
    }
    return self;
}

- (void)dealloc {
    [_view release];
    Block_release(_identifier);
    [_visibleIdentifiers release];
    [_distances release];
    [super dealloc];
}

/* The index in visibleIdentifiers of the anchor, and its index path now; NSNotFound if none. */
- (NSUInteger)anchorIndex:(NSIndexPath **)indexPath {
    NSMutableDictionary *now = [NSMutableDictionary dictionary];
    for (NSIndexPath *path in LDAllPaths(_view)) {
        id identity = _identifier(path);
        if ([now objectForKey:identity] == nil) { [now setObject:path forKey:identity]; }
    }
    for (NSUInteger k = 0; k < _visibleIdentifiers.count; k++) {
        NSIndexPath *path = [now objectForKey:[_visibleIdentifiers objectAtIndex:k]];
        if (path != nil) {
            *indexPath = path;
            return k;
        }
    }
    return NSNotFound;
}

- (id)anchorIdentifier {
    NSIndexPath *path = nil;
    NSUInteger k = [self anchorIndex:&path];
    return k == NSNotFound ? nil : [_visibleIdentifiers objectAtIndex:k];
}

- (CGFloat)anchorDistanceNow {
    NSIndexPath *path = nil;
    if ([self anchorIndex:&path] == NSNotFound) { return NAN; }
    LDReferenceAxis axis = LDAxis(_view);
    return LDLeadingEdge(_view, path, axis.horizontal) - (axis.offset + axis.leadingInset);
}

- (CGPoint)withAxisOffset:(CGFloat)offset horizontal:(BOOL)horizontal {
    CGPoint point = _offsetBefore;
    if (horizontal) {
        point.x = offset;
    } else {
        point.y = offset;
    }
    return point;
}

- (CGPoint)keptOffset {
    LDReferenceAxis axis = LDAxis(_view);
    return [self withAxisOffset:LDClamp(axis.horizontal ? _offsetBefore.x : _offsetBefore.y, axis) horizontal:axis.horizontal];
}

- (CGPoint)expectedOffsetForMode:(LDReferenceAnchorMode)mode {
    LDReferenceAxis axis = LDAxis(_view);
    if (mode == LDReferenceAnchorModeOff) { return [self keptOffset]; }
    if (mode == LDReferenceAnchorModeBottom && _atTrailingEdge) {
        return [self withAxisOffset:LDHighestOffset(axis) horizontal:axis.horizontal];
    }
    if (mode == LDReferenceAnchorModeTop && _atLeadingEdge) {
        return [self withAxisOffset:-axis.leadingInset horizontal:axis.horizontal];
    }
    NSIndexPath *path = nil;
    NSUInteger k = [self anchorIndex:&path];
    if (k == NSNotFound) { return [self keptOffset]; }
    CGFloat distance = [[_distances objectAtIndex:k] doubleValue];
    CGFloat offset = LDLeadingEdge(_view, path, axis.horizontal) - distance - axis.leadingInset;
    return [self withAxisOffset:LDClamp(offset, axis) horizontal:axis.horizontal];
}

@end

#endif
