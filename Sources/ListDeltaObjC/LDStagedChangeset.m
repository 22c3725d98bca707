#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDStagedChangeset.h"

#import "LDStagedDiff.h"

@implementation LDStagedChangeset

@synthesize changesets = _changesets;

- (instancetype)initWithChangesets:(NSArray<LDChangeset *> *)changesets {
    if ((self = [super init])) { _changesets = [changesets copy]; }
    return self;
}

- (instancetype)initWithList:(NSArray *)source target:(NSArray *)target flatSection:(NSInteger)flatSection {
    NSError *error = nil;
    NSArray<LDChangeset *> *changesets = LDStagedDiff(source, target, flatSection, NULL, &error);
    if (changesets == nil) {
        LD_RELEASE(self);
        LDRaise(error);
    }
    return [self initWithChangesets:changesets];
}

- (instancetype)initWithSourceSections:(NSArray<LDArraySection *> *)sourceSections
                        targetSections:(NSArray<LDArraySection *> *)targetSections {
    return [self initWithList:sourceSections target:targetSections flatSection:NSNotFound];
}

- (instancetype)initWithSource:(NSArray<id<LDListDiffable>> *)source target:(NSArray<id<LDListDiffable>> *)target {
    return [self initWithSource:source target:target section:0];
}

- (instancetype)initWithSource:(NSArray<id<LDListDiffable>> *)source
                        target:(NSArray<id<LDListDiffable>> *)target
                       section:(NSInteger)section {
    NSError *invalid = LDFlatSectionError(section);
    if (invalid != nil) {
        LD_RELEASE(self);
        LDRaise(invalid);
    }
    return [self initWithList:source target:target flatSection:section];
}

+ (instancetype)stagedChangesetWithList:(NSArray *)source
                                 target:(NSArray *)target
                            flatSection:(NSInteger)flatSection
                                  error:(NSError **)error {
    NSArray<LDChangeset *> *changesets = LDStagedDiff(source, target, flatSection, NULL, error);
    return changesets == nil ? nil : LD_AUTORELEASE([[self alloc] initWithChangesets:changesets]);
}

+ (instancetype)stagedChangesetWithSourceSections:(NSArray<LDArraySection *> *)sourceSections
                                   targetSections:(NSArray<LDArraySection *> *)targetSections
                                            error:(NSError **)error {
    return [self stagedChangesetWithList:sourceSections target:targetSections flatSection:NSNotFound error:error];
}

+ (instancetype)stagedChangesetWithSource:(NSArray<id<LDListDiffable>> *)source
                                   target:(NSArray<id<LDListDiffable>> *)target
                                  section:(NSInteger)section
                                    error:(NSError **)error {
    NSError *invalid = LDFlatSectionError(section);
    if (invalid != nil) {
        if (error != NULL) *error = invalid;
        return nil;
    }
    return [self stagedChangesetWithList:source target:target flatSection:section error:error];
}

- (void)dealloc {
    LD_RELEASE(_changesets);
    LD_SUPER_DEALLOC();
}

- (NSUInteger)count {
    return _changesets.count;
}

- (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state
                                  objects:(id __unsafe_unretained _Nullable[_Nonnull])buffer
                                    count:(NSUInteger)length {
    return [_changesets countByEnumeratingWithState:state objects:buffer count:length];
}

- (BOOL)isEqual:(id)object {
    return object == self ||
        ([object isKindOfClass:[LDStagedChangeset class]] &&
         [_changesets isEqualToArray:((LDStagedChangeset *)object).changesets]);
}

- (NSUInteger)hash {
    return _changesets.hash;
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<%@ %p; %@>", NSStringFromClass([self class]), (void *)self, _changesets];
}

@end

#endif
