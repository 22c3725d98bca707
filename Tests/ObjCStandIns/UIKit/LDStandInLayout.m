#import "UIKit/LDStandInLayout.h"

NSIndexPath *LDStandInIndexPath(NSInteger section, NSInteger item) {
    NSUInteger indexes[2] = {(NSUInteger)section, (NSUInteger)item};
    return [NSIndexPath indexPathWithIndexes:indexes length:2];
}

CGFloat LDStandInClampedOffset(CGFloat offset, CGFloat leadingInset, CGFloat trailingInset, CGFloat contentLength,
                               CGFloat viewLength) {
    CGFloat lowest = -leadingInset, highest = MAX(lowest, contentLength + trailingInset - viewLength);
    return MIN(MAX(offset, lowest), highest);
}

/* A rectangle from lengths along the flow's axis (main) and across it (cross). */
static CGRect LDFlowRect(BOOL horizontal, CGFloat main, CGFloat cross, CGFloat mainLength, CGFloat crossLength) {
    return horizontal ? CGRectMake(main, cross, mainLength, crossLength) : CGRectMake(cross, main, crossLength, mainLength);
}

@implementation LDStandInFlowGeometry

@synthesize contentSize = _contentSize;

- (instancetype)initWithParameters:(LDStandInFlowParameters)parameters
                     sectionCounts:(NSArray<NSNumber *> *)sectionCounts
                          itemSize:(CGSize (^NS_NOESCAPE)(NSInteger, NSInteger))itemSize
                    supplementSize:(CGSize (^NS_NOESCAPE)(NSInteger, BOOL))supplementSize {
    if ((self = [super init])) {
        _parameters = parameters;
        _itemFrames = [[NSMutableData alloc] init];
        _supplementFrames = [[NSMutableData alloc] init];
        _sectionStarts = [[NSMutableArray alloc] init];
        [self layOutCounts:sectionCounts itemSize:itemSize supplementSize:supplementSize];
    }
    return self;
}

+ (instancetype)geometryWithParameters:(LDStandInFlowParameters)parameters
                         sectionCounts:(NSArray<NSNumber *> *)sectionCounts
                              itemSize:(CGSize (^NS_NOESCAPE)(NSInteger, NSInteger))itemSize
                            headerSize:(CGSize)headerSize
                            footerSize:(CGSize)footerSize {
    return [[[self alloc] initWithParameters:parameters
                               sectionCounts:sectionCounts
                                    itemSize:itemSize
                              supplementSize:^CGSize(NSInteger section, BOOL footer) {
                                  return footer ? footerSize : headerSize;
                              }] autorelease];
}

- (void)dealloc {
    [_itemFrames release];
    [_supplementFrames release];
    [_sectionStarts release];
    [super dealloc];
}

- (void)layOutCounts:(NSArray<NSNumber *> *)counts
            itemSize:(CGSize (^NS_NOESCAPE)(NSInteger, NSInteger))itemSize
      supplementSize:(CGSize (^NS_NOESCAPE)(NSInteger, BOOL))supplementSize {
    BOOL h = _parameters.horizontal;
    NSEdgeInsets inset = _parameters.sectionInset;
    CGFloat crossLength = h ? _parameters.viewSize.height : _parameters.viewSize.width;
    CGFloat mainLeading = h ? inset.left : inset.top, mainTrailing = h ? inset.right : inset.bottom;
    CGFloat crossLeading = h ? inset.top : inset.left, crossTrailing = h ? inset.bottom : inset.right;
    CGFloat available = crossLength - crossLeading - crossTrailing, main = 0;
    NSInteger total = 0;
    for (NSNumber *count in counts) { total += count.integerValue; }
    [_itemFrames setLength:(NSUInteger)total * sizeof(CGRect)];
    [_supplementFrames setLength:counts.count * 2 * sizeof(CGRect)];
    CGRect *frames = _itemFrames.mutableBytes, *supplements = _supplementFrames.mutableBytes;
    CGSize *sizes = malloc(sizeof(CGSize) * (size_t)MAX(total, 1));
    NSInteger flat = 0;
    for (NSUInteger s = 0; s < counts.count; s++) {
        NSInteger section = (NSInteger)s, count = [[counts objectAtIndex:s] integerValue];
        [_sectionStarts addObject:[NSNumber numberWithInteger:flat]];
        CGSize header = supplementSize(section, NO), footer = supplementSize(section, YES);
        CGFloat headerLength = h ? header.width : header.height, footerLength = h ? footer.width : footer.height;
        supplements[2 * s] = LDFlowRect(h, main, 0, headerLength, crossLength);
        main += headerLength + mainLeading;
        for (NSInteger item = 0; item < count; item++) { sizes[flat + item] = itemSize(section, item); }
        NSInteger lineStart = 0;
        while (lineStart < count) {
            /* The items of one line: as many as fit, at least one. */
            NSInteger lineEnd = lineStart;
            CGFloat used = 0, lineLength = 0;
            while (lineEnd < count) {
                CGSize size = sizes[flat + lineEnd];
                CGFloat cross = h ? size.height : size.width;
                if (lineEnd > lineStart && used + _parameters.minimumInteritemSpacing + cross > available) { break; }
                used += (lineEnd > lineStart ? _parameters.minimumInteritemSpacing : 0) + cross;
                lineLength = MAX(lineLength, h ? size.width : size.height);
                lineEnd++;
            }
            NSInteger n = lineEnd - lineStart;
            CGFloat itemsCross = used - (CGFloat)(n - 1) * _parameters.minimumInteritemSpacing;
            CGFloat gap = n > 1 ? (available - itemsCross) / (CGFloat)(n - 1) : 0;
            CGFloat cross = crossLeading + (n == 1 ? (available - itemsCross) / 2 : 0);
            for (NSInteger item = lineStart; item < lineEnd; item++) {
                CGSize size = sizes[flat + item];
                CGFloat itemMain = h ? size.width : size.height, itemCross = h ? size.height : size.width;
                frames[flat + item] = LDFlowRect(h, main + (lineLength - itemMain) / 2, cross, itemMain, itemCross);
                cross += itemCross + gap;
            }
            main += lineLength + (lineEnd < count ? _parameters.minimumLineSpacing : 0);
            lineStart = lineEnd;
        }
        main += mainTrailing;
        supplements[2 * s + 1] = LDFlowRect(h, main, 0, footerLength, crossLength);
        main += footerLength;
        flat += count;
    }
    free(sizes);
    _contentSize = h ? CGSizeMake(main, crossLength) : CGSizeMake(crossLength, main);
}

- (NSInteger)numberOfSections {
    return (NSInteger)_sectionStarts.count;
}

- (NSInteger)numberOfItemsInSection:(NSInteger)section {
    if (section < 0 || section >= (NSInteger)_sectionStarts.count) { return 0; }
    NSInteger end = section + 1 < (NSInteger)_sectionStarts.count
                        ? [[_sectionStarts objectAtIndex:(NSUInteger)section + 1] integerValue]
                        : (NSInteger)(_itemFrames.length / sizeof(CGRect));
    return end - [[_sectionStarts objectAtIndex:(NSUInteger)section] integerValue];
}

- (BOOL)hasItemAtIndexPath:(NSIndexPath *)indexPath {
    if (indexPath.length != 2) { return NO; }
    NSInteger section = (NSInteger)[indexPath indexAtPosition:0], item = (NSInteger)[indexPath indexAtPosition:1];
    return item >= 0 && item < [self numberOfItemsInSection:section];
}

- (CGRect)frameOfItemAtIndexPath:(NSIndexPath *)indexPath {
    if (![self hasItemAtIndexPath:indexPath]) { return CGRectZero; }
    NSInteger section = (NSInteger)[indexPath indexAtPosition:0], item = (NSInteger)[indexPath indexAtPosition:1];
    const CGRect *frames = _itemFrames.bytes;
    return frames[[[_sectionStarts objectAtIndex:(NSUInteger)section] integerValue] + item];
}

- (CGRect)supplement:(NSInteger)section footer:(BOOL)footer {
    if (section < 0 || section >= (NSInteger)_sectionStarts.count) { return CGRectZero; }
    const CGRect *supplements = _supplementFrames.bytes;
    return supplements[2 * section + (footer ? 1 : 0)];
}

- (CGRect)headerFrameInSection:(NSInteger)section {
    return [self supplement:section footer:NO];
}

- (CGRect)footerFrameInSection:(NSInteger)section {
    return [self supplement:section footer:YES];
}

- (CGRect)frameOfSection:(NSInteger)section {
    if (section < 0 || section >= (NSInteger)_sectionStarts.count) { return CGRectZero; }
    CGRect header = [self headerFrameInSection:section], footer = [self footerFrameInSection:section];
    return _parameters.horizontal ? CGRectMake(header.origin.x, 0, CGRectGetMaxX(footer) - header.origin.x, header.size.height)
                                  : CGRectMake(0, header.origin.y, header.size.width, CGRectGetMaxY(footer) - header.origin.y);
}

- (NSArray<NSIndexPath *> *)indexPathsOfItemsInRect:(CGRect)rect {
    NSMutableArray *paths = [NSMutableArray array];
    const CGRect *frames = _itemFrames.bytes;
    for (NSUInteger s = 0; s < _sectionStarts.count; s++) {
        NSInteger start = [[_sectionStarts objectAtIndex:s] integerValue], count = [self numberOfItemsInSection:(NSInteger)s];
        for (NSInteger item = 0; item < count; item++) {
            if (CGRectIntersectsRect(frames[start + item], rect)) { [paths addObject:LDStandInIndexPath((NSInteger)s, item)]; }
        }
    }
    return paths;
}

@end
