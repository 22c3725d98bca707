#import "LDTestListHost.h"

#import "LDTestModel.h"

#if defined(LD_TEST_STANDINS)

@implementation LDTestListDataSource

@synthesize sections = _sections;

- (void)dealloc {
    [_sections release];
    [super dealloc];
}

- (void)setElements:(NSArray *)elements inSection:(NSInteger)section {
    NSMutableArray *sections = [[_sections mutableCopy] autorelease];
    LDArraySection *old = [sections objectAtIndex:(NSUInteger)section];
    [sections replaceObjectAtIndex:(NSUInteger)section withObject:[LDArraySection sectionWithModel:old.model elements:elements]];
    self.sections = sections;
}

- (NSInteger)count:(NSInteger)section {
    return (NSInteger)((LDArraySection *)[_sections objectAtIndex:(NSUInteger)section]).elements.count;
}

- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView {
    return (NSInteger)_sections.count;
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return [self count:section];
}

- (NSInteger)numberOfSectionsInCollectionView:(id)collectionView {
    return (NSInteger)_sections.count;
}

- (NSInteger)collectionView:(id)collectionView numberOfItemsInSection:(NSInteger)section {
    return [self count:section];
}

- (id)ld_standInContentForSection:(NSInteger)section {
    return ((LDArraySection *)[_sections objectAtIndex:(NSUInteger)section]).model;
}

- (id)ld_standInContentAtIndexPath:(NSIndexPath *)indexPath {
    LDArraySection *section = [_sections objectAtIndex:[indexPath indexAtPosition:0]];
    return [section.elements objectAtIndex:[indexPath indexAtPosition:1]];
}

@end

NSString *LDTestViewKindName(LDTestViewKind kind) {
    switch (kind) {
    case LDTestViewKindTable: return @"UITableView";
    case LDTestViewKindCollection: return @"UICollectionView";
    case LDTestViewKindAppKitCollection: return @"NSCollectionView";
    }
    return @"?";
}

NSArray<LDArraySection *> *LDTestSections(NSString *text) {
    NSMutableArray *sections = [NSMutableArray array];
    NSCharacterSet *space = [NSCharacterSet whitespaceCharacterSet];
    for (NSString *part in [text componentsSeparatedByString:@"|"]) {
        NSString *trimmed = [part stringByTrimmingCharactersInSet:space];
        if (trimmed.length == 0) { continue; }
        NSRange slash = [trimmed rangeOfString:@"/"];
        NSString *model = [[trimmed substringToIndex:slash.location] stringByTrimmingCharactersInSet:space];
        [sections addObject:[LDArraySection sectionWithModel:[LDTestModels(model) objectAtIndex:0]
                                                    elements:LDTestModels([trimmed substringFromIndex:NSMaxRange(slash)])]];
    }
    return sections;
}

NSString *LDTestDescribeSections(NSArray<LDArraySection *> *sections) {
    NSMutableArray *parts = [NSMutableArray array];
    for (LDArraySection *section in sections) {
        [parts addObject:[NSString stringWithFormat:@"%@[%@]", section.model, [section.elements componentsJoinedByString:@" "]]];
    }
    return [parts componentsJoinedByString:@" "];
}

@implementation LDTestListHost

@synthesize kind = _kind;
@synthesize dataSource = _dataSource;
@synthesize view = _view;
@synthesize flatSection = _flatSection;
@synthesize reconfiguringUpdates = _reconfiguringUpdates;
@synthesize completionCount = _completionCount;
@synthesize outcome = _outcome;

- (instancetype)initWithKind:(LDTestViewKind)kind sections:(NSArray<LDArraySection *> *)sections inWindow:(BOOL)inWindow {
    if ((self = [super init])) {
        _kind = kind;
        _flatSection = NSNotFound;
        _dataSource = [[LDTestListDataSource alloc] init];
        _dataSource.sections = sections;
        if (kind == LDTestViewKindAppKitCollection) {
            NSCollectionView *view = [[NSCollectionView alloc] init];
            view.dataSource = _dataSource;
            _view = view;
            if (inWindow) {
                NSWindow *window = [[NSWindow alloc] init];
                window.contentView = [[[NSView alloc] init] autorelease];
                [window.contentView addSubview:view];
                _window = window;
            }
        } else {
            UIView *view;
            if (kind == LDTestViewKindTable) {
                UITableView *table = [[UITableView alloc] init];
                table.dataSource = _dataSource;
                view = table;
            } else {
                UICollectionView *collection = [[UICollectionView alloc] init];
                collection.dataSource = _dataSource;
                view = collection;
            }
            _view = view;
            if (inWindow) {
                UIWindow *window = [[UIWindow alloc] init];
                [window addSubview:view];
                _window = window;
            }
        }
        [_view reloadData];
    }
    return self;
}

- (void)dealloc {
    [_window release];
    [_view release];
    [_dataSource release];
    [_outcome release];
    [super dealloc];
}

- (LDStandInList *)list {
    return [_view ld_list];
}

- (void)reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset interrupt:(BOOL (^)(LDChangeset *))interrupt {
    LDTestListDataSource *dataSource = _dataSource;
    NSInteger flatSection = _flatSection;
    void (^setData)(NSArray *) = ^(NSArray *data) {
        if (flatSection == NSNotFound) {
            dataSource.sections = data;
        } else {
            [dataSource setElements:data inSection:flatSection];
        }
    };
    void (^completion)(LDReloadOutcome *) = ^(LDReloadOutcome *outcome) {
        self->_completionCount++;
        [self->_outcome release];
        self->_outcome = [outcome retain];
    };
    switch (_kind) {
    case LDTestViewKindTable:
        if (_reconfiguringUpdates) {
            [(UITableView *)_view ld_reloadUsingStagedChangeset:stagedChangeset
                                        deleteSectionsAnimation:UITableViewRowAnimationFade
                                        insertSectionsAnimation:UITableViewRowAnimationFade
                                        reloadSectionsAnimation:UITableViewRowAnimationFade
                                            deleteRowsAnimation:UITableViewRowAnimationFade
                                            insertRowsAnimation:UITableViewRowAnimationFade
                                            reloadRowsAnimation:UITableViewRowAnimationFade
                                           reconfiguringUpdates:YES
                                                      interrupt:interrupt
                                                     completion:completion
                                                        setData:setData];
        } else {
            [(UITableView *)_view ld_reloadUsingStagedChangeset:stagedChangeset
                                               withRowAnimation:UITableViewRowAnimationAutomatic
                                                      interrupt:interrupt
                                                     completion:completion
                                                        setData:setData];
        }
        break;
    case LDTestViewKindCollection:
        [(UICollectionView *)_view ld_reloadUsingStagedChangeset:stagedChangeset
                                                       interrupt:interrupt
                                            reconfiguringUpdates:_reconfiguringUpdates
                                                      completion:completion
                                                         setData:setData];
        break;
    case LDTestViewKindAppKitCollection:
        [(NSCollectionView *)_view ld_reloadUsingStagedChangeset:stagedChangeset
                                                       interrupt:interrupt
                                                      completion:completion
                                                         setData:setData];
        break;
    }
}

- (void)finishAnimations:(BOOL)finished {
    [self.list finishAnimations:finished];
}

- (NSString *)staleContent {
    LDStandInList *list = self.list;
    NSArray *sections = _dataSource.sections;
    if (list.sectionContents.count != sections.count) {
        return [NSString stringWithFormat:@"the view shows %lu sections, the data source has %lu",
                                          (unsigned long)list.sectionContents.count, (unsigned long)sections.count];
    }
    for (NSUInteger s = 0; s < sections.count; s++) {
        LDArraySection *section = [sections objectAtIndex:s];
        NSString *shownSection = [[list.sectionContents objectAtIndex:s] description];
        if (![shownSection isEqualToString:[(id)section.model description]]) {
            return [NSString stringWithFormat:@"section %lu shows %@, its data is %@", (unsigned long)s, shownSection, section.model];
        }
        NSArray *rows = [list.elementContents objectAtIndex:s];
        if (rows.count != section.elements.count) {
            return [NSString stringWithFormat:@"section %lu shows %lu rows, its data has %lu", (unsigned long)s,
                                              (unsigned long)rows.count, (unsigned long)section.elements.count];
        }
        for (NSUInteger e = 0; e < rows.count; e++) {
            NSString *shown = [[rows objectAtIndex:e] description];
            NSString *data = [[section.elements objectAtIndex:e] description];
            if (![shown isEqualToString:data]) {
                return [NSString stringWithFormat:@"row %lu-%lu shows %@, its data is %@", (unsigned long)s,
                                                  (unsigned long)e, shown, data];
            }
        }
    }
    return nil;
}

- (NSUInteger)countOfCalls:(NSString *)call {
    NSUInteger count = 0;
    for (NSString *entry in self.list.log) { count += [entry isEqualToString:call]; }
    return count;
}

@end

#endif
