#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDArraySection.h"
#import "LDChangeset.h"

NS_ASSUME_NONNULL_BEGIN

/**
 The difference between two lists as up to five changesets, each one batch update that UIKit
 and AppKit accept, applied in order: element updates; deletes; section inserts and moves;
 element inserts and moves; section updates. The Swift layer's @c StagedChangeset; the stages
 and their data come from ListDelta's C core.

 Sections are matched by their models' @c -diffIdentifier, elements by theirs, with @c -hash and
 @c -isEqual: (two different identifiers are never matched, however their hashes collide;
 duplicates are matched k-th with k-th). A matched element whose @c -isEqualToDiffableObject:
 says NO is reloaded; so is a matched section whose model says so. Elements may move across
 sections; the moves are the fewest within each section.

 The initialisers raise @c NSInvalidArgumentException for unusable input (a nil identifier, a
 section that is not an @c LDArraySection, more than 2^30 - 1 elements) and
 @c NSMallocException when out of memory; the class methods with an @c error parameter return
 nil and the error instead.
 */
NS_SWIFT_NAME(ListStagedChangeset)
@interface LDStagedChangeset : NSObject <NSFastEnumeration> {
  @private
    NSArray<LDChangeset *> *_changesets;
}

/** The stages, in the order to apply them; empty when the two lists show the same. */
@property (nonatomic, copy, readonly) NSArray<LDChangeset *> *changesets;

/** The number of stages. */
@property (nonatomic, assign, readonly) NSUInteger count;

/** The stages from @c sourceSections to @c targetSections. */
- (instancetype)initWithSourceSections:(NSArray<LDArraySection *> *)sourceSections
                        targetSections:(NSArray<LDArraySection *> *)targetSections;

/** The stages from @c source to @c target, a flat list in section 0. */
- (instancetype)initWithSource:(NSArray<id<LDListDiffable>> *)source target:(NSArray<id<LDListDiffable>> *)target;

/** The stages from @c source to @c target, a flat list shown in @c section. */
- (instancetype)initWithSource:(NSArray<id<LDListDiffable>> *)source
                        target:(NSArray<id<LDListDiffable>> *)target
                       section:(NSInteger)section;

/** As @c -initWithSourceSections:targetSections:, returning nil and @c error on failure. */
+ (nullable instancetype)stagedChangesetWithSourceSections:(NSArray<LDArraySection *> *)sourceSections
                                           targetSections:(NSArray<LDArraySection *> *)targetSections
                                                    error:(NSError *_Nullable *_Nullable)error;

/** As @c -initWithSource:target:section:, returning nil and @c error on failure. */
+ (nullable instancetype)stagedChangesetWithSource:(NSArray<id<LDListDiffable>> *)source
                                            target:(NSArray<id<LDListDiffable>> *)target
                                           section:(NSInteger)section
                                             error:(NSError *_Nullable *_Nullable)error;

- (instancetype)init LD_UNAVAILABLE;
+ (instancetype)new LD_UNAVAILABLE;

@end

NS_ASSUME_NONNULL_END

#endif
