/* The staged diff behind LDStagedChangeset and LDStagedDiffer; private. */
#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDChangeset.h"
#import "LDStagedChangeset.h"
#import "LDCore.h"

NS_ASSUME_NONNULL_BEGIN

/*
 * The stages from @p source to @p target: lists of LDArraySection, or, when @p flatSection is
 * not NSNotFound, flat lists of elements shown in that section. Polls @p cancel (NULL never
 * cancels), which the core's steps poll too. Nil and @p error on failure.
 */
NSArray<LDChangeset *> *_Nullable LDStagedDiff(NSArray *source, NSArray *target, NSInteger flatSection,
                                               const ld_cancel_token_t *_Nullable cancel,
                                               NSError *_Nullable *_Nullable error);

@interface LDChangeset (Internal)
/* The operations of the core's @p stage (index paths in @p flatSection when it is not NSNotFound). */
- (instancetype)initWithStage:(const ld_stage_t *)stage data:(NSArray *)data flatSection:(NSInteger)flatSection;
@end

@interface LDStagedChangeset (Internal)
- (instancetype)initWithChangesets:(NSArray<LDChangeset *> *)changesets;
@end

NS_ASSUME_NONNULL_END

#endif
