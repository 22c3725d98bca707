#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListDiff.h"

#include <stdlib.h>

#import "LDCore.h"
#import "LDResultsInternal.h"

/* A flat diff in the core's terms, before it becomes index sets. */
typedef struct LDFlatDiff {
    ld_result_t result;
    int32_t *updated; /* old indexes, ascending */
    size_t updatedCount;
} LDFlatDiff;

/* Whether the matched objects @p old and @p new differ, as @p option compares them. */
static inline BOOL LDChanged(id<LDListDiffable> old, id<LDListDiffable> new, LDListDiffOption option) {
    if (old == new) { return NO; }
    return option == LDListDiffPointerPersonality || ![new isEqualToDiffableObject:old];
}

/* What a flat diff holds until it returns, freed whether it returns or raises. */
typedef struct LDFlatState {
    size_t oldCount, newCount;
    const void **oldObjects, **newObjects;
    LDIdentifierTable table;
    ld_workspace_t *workspace;
    LDFlatDiff diff;
} LDFlatState;

static void LDFlatStateFree(LDFlatState *state) {
    free(state->diff.updated);
    if (state->workspace != NULL) { (void)ld_pool_give(ld_pool_shared(), state->workspace); }
    LDIdentifierTableFree(&state->table);
    free(state->oldObjects);
    free(state->newObjects);
}

/* Fills @p state->diff from the two lists; nil or an error. */
static NSError *LDMatchFlat(LDFlatState *state, NSArray *oldArray, NSArray *newArray, LDListDiffOption option) {
    state->oldObjects = LDCopyObjects(oldArray, &state->oldCount);
    state->newObjects = LDCopyObjects(newArray, &state->newCount);
    size_t oldCount = state->oldCount, newCount = state->newCount;
    state->workspace = LDWorkspaceTake();
    uint64_t *oldIdentities = NULL, *newIdentities = NULL;
    ld_status status = state->workspace == NULL ? LD_ERROR_ALLOC
        : ld_workspace_identities(state->workspace, oldCount, newCount, &oldIdentities, &newIdentities);
    if (status == LD_OK) { status = LDIdentifierTableCreate(&state->table, oldCount + newCount); }
    if (status != LD_OK) { return LDMakeError(LDErrorCodeForStatus(status), nil); }
    size_t failed = 0;
    const void **failedObjects = state->oldObjects;
    LDErrorCode code = LDIdentifierTableNumber(&state->table, state->oldObjects, oldCount, oldIdentities, NULL, &failed);
    if (code == 0) {
        failedObjects = state->newObjects;
        code = LDIdentifierTableNumber(&state->table, state->newObjects, newCount, newIdentities, NULL, &failed);
    }
    if (code != 0) {
        NSString *reason = code != LDErrorInvalidInput ? nil
            : [NSString stringWithFormat:@"The diffIdentifier of %@ (index %lu of the %@ list) is nil.",
                                         LD_OBJECT(failedObjects[failed]), (unsigned long)failed,
                                         failedObjects == state->oldObjects ? @"old" : @"new"];
        return LDMakeError(code, reason);
    }
    LDFlatDiff *diff = &state->diff;
    status = ld_heckel_diff(state->workspace, oldIdentities, oldCount, newIdentities, newCount, NULL, &diff->result);
    if (status != LD_OK) { return LDMakeError(LDErrorCodeForStatus(status), nil); }
    diff->updated = malloc((oldCount ? oldCount : 1) * sizeof *diff->updated);
    if (diff->updated == NULL) { return LDMakeError(LDErrorOutOfMemory, nil); }
    for (size_t index = 0; index < oldCount; index++) {
        int32_t target = diff->result.source_to_target[index];
        if (target >= 0 && LDChanged(LD_OBJECT(state->oldObjects[index]), LD_OBJECT(state->newObjects[target]), option)) {
            diff->updated[diff->updatedCount++] = (int32_t)index;
        }
    }
    return nil;
}

LDListIndexSetResult *LDListDiff(NSArray<id<LDListDiffable>> *oldArray, NSArray<id<LDListDiffable>> *newArray,
                                 LDListDiffOption option) {
    LDFlatState state = {0};
    NSError *error = nil;
    LDListIndexSetResult *result = nil;
    @try {
        error = LDMatchFlat(&state, oldArray, newArray, option);
        if (error == nil) {
            const LDFlatDiff *diff = &state.diff;
            NSData *oldToNew = [NSData dataWithBytes:diff->result.source_to_target length:state.oldCount * sizeof(int32_t)];
            LDListMatch *match = LD_AUTORELEASE([[LDListMatch alloc] initWithOldObjects:oldArray ? oldArray : [NSArray array]
                                                                             newObjects:newArray ? newArray : [NSArray array]
                                                                               oldToNew:oldToNew]);
            result = LD_AUTORELEASE([[LDListIndexSetResult alloc]
                initWithInserts:LDIndexSetOfAscending(diff->result.inserted, diff->result.inserted_count)
                        deletes:LDIndexSetOfAscending(diff->result.deleted, diff->result.deleted_count)
                        updates:LDIndexSetOfAscending(diff->updated, diff->updatedCount)
                          moves:LDMovesOfPairs(diff->result.moved, diff->result.moved_count)
                          match:match]);
        }
    } @finally {
        LDFlatStateFree(&state);
    }
    if (error != nil) { LDRaise(error); }
    return result;
}

LDListIndexPathResult *LDListDiffPaths(NSInteger fromSection, NSInteger toSection,
                                       NSArray<id<LDListDiffable>> *oldArray, NSArray<id<LDListDiffable>> *newArray,
                                       LDListDiffOption option) {
    LDListIndexSetResult *indexes = LDListDiff(oldArray, newArray, option); // before the alloc: it may raise
    return LD_AUTORELEASE([[LDListIndexPathResult alloc] initWithIndexes:indexes
                                                             fromSection:fromSection
                                                               toSection:toSection]);
}

#endif
