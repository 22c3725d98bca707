/*
 * Test support for the table and collection view glue: a data source over LDArraySection
 * objects, and a host that puts one of the stand-in views (UITableView, UICollectionView,
 * NSCollectionView; Tests/ObjCStandIns) in a window with that data source and calls the glue.
 * Only against the stand-ins: they check batches and log calls, which the SDKs' views do not.
 */
#import <Foundation/Foundation.h>

#if __has_include(<UIKit/UIKit.h>) && __has_include(<AppKit/AppKit.h>)
#import <AppKit/AppKit.h>
#import <UIKit/UIKit.h>
#endif

#import "ListDeltaObjC.h"

#if defined(LD_STANDIN_UIKIT) && defined(LD_STANDIN_APPKIT)
#define LD_TEST_STANDINS 1

/* Sections of LDTestModel elements, each section's model an LDTestModel: rows are their models. */
@interface LDTestListDataSource : NSObject <UITableViewDataSource, UICollectionViewDataSource,
                                            NSCollectionViewDataSource, LDStandInContentSource> {
  @private
    NSArray *_sections;
}
@property (nonatomic, copy) NSArray<LDArraySection *> *sections;
/* A flat list's setData: replaces the elements of one section. */
- (void)setElements:(NSArray *)elements inSection:(NSInteger)section;
@end

typedef NS_ENUM(NSInteger, LDTestViewKind) {
    LDTestViewKindTable,
    LDTestViewKindCollection,
    LDTestViewKindAppKitCollection,
};
FOUNDATION_EXTERN NSString *LDTestViewKindName(LDTestViewKind kind);

/* One stand-in view of a kind, in a window (or not), showing its data source's sections. */
@interface LDTestListHost : NSObject {
  @private
    LDTestViewKind _kind;
    LDTestListDataSource *_dataSource;
    id _view;
    id _window;
    NSInteger _flatSection;
    BOOL _reconfiguringUpdates;
    NSUInteger _completionCount;
    LDReloadOutcome *_outcome;
}
@property (nonatomic, readonly) LDTestViewKind kind;
@property (nonatomic, readonly) LDTestListDataSource *dataSource;
@property (nonatomic, readonly) id view;
@property (nonatomic, readonly) LDStandInList *list;
/* Where setData puts a flat list's elements; NSNotFound (the default) for sections. */
@property (nonatomic, assign) NSInteger flatSection;
/* Whether the glue reconfigures updated rows and items (UIKit's views only). */
@property (nonatomic, assign) BOOL reconfiguringUpdates;
/* How many times the glue called its completion, and the last outcome. */
@property (nonatomic, readonly) NSUInteger completionCount;
@property (nonatomic, readonly) LDReloadOutcome *outcome;

/* A view of kind showing sections, loaded (reloadData) and, if inWindow, in a window. */
- (instancetype)initWithKind:(LDTestViewKind)kind sections:(NSArray<LDArraySection *> *)sections inWindow:(BOOL)inWindow;
/* The glue of the view's class; setData installs data in the data source. */
- (void)reloadUsingStagedChangeset:(LDStagedChangeset *)stagedChangeset
                         interrupt:(BOOL (^)(LDChangeset *changeset))interrupt;
/* Ends the view's animations: the kept batch completions run. */
- (void)finishAnimations:(BOOL)finished;
/* Nil when every row and section shows its data source's content now; else the first one
 that does not. */
- (NSString *)staleContent;
/* The number of log entries equal to call. */
- (NSUInteger)countOfCalls:(NSString *)call;
@end

/* Sections from "A/ a b:1 | B:2/ | C/ c": sections separated by "|", each a model, "/", and
 its elements, in LDTestModels' words ("k" or "k:v"). */
FOUNDATION_EXTERN NSArray<LDArraySection *> *LDTestSections(NSString *text);

/* "s1:0[a:0 b:1] s2:0[]" */
FOUNDATION_EXTERN NSString *LDTestDescribeSections(NSArray<LDArraySection *> *sections);

#endif
