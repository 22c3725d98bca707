#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDListDiff.h"

#include <stdlib.h>

#import "LDCore.h"
#import "LDResultsInternal.h"

/* A flat diff in the core's terms, before it becomes index sets or index paths. */
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

/*
 * Matches @p oldArray with @p newArray in @p workspace and calls @p build with the diff; raises
 * the documented exception on error. The diff (owned by the workspace) is valid during @p build.
 */
static id LDDiffFlat(NSArray *oldArray, NSArray *newArray, LDListDiffOption option,
                     id (^build)(const LDFlatDiff *diff, LDListMatch *match)) {
    size_t oldCount = 0, newCount = 0;
    const void **oldObjects = NULL, **newObjects = NULL;
    LDIdentifierTable table = {0};
    ld_workspace_t *workspace = NULL;
    LDFlatDiff diff = {0};
    NSError *error = nil;
    id built = nil;
    @try {
        oldObjects = LDCopyObjects(oldArray, &oldCount);
        newObjects = LDCopyObjects(newArray, &newCount);
        workspace = LDWorkspaceTake();
        uint64_t *oldIdentities = NULL, *newIdentities = NULL;
        ld_status status = workspace == NULL ? LD_ERROR_ALLOC
            : ld_workspace_identities(workspace, oldCount, newCount, &oldIdentities, &newIdentities);
        if (status == LD_OK && !LDIdentifierTableCreate(&table, oldCount + newCount)) { status = LD_ERROR_ALLOC; }
        if (status != LD_OK) {
            error = LDMakeError(LDErrorCodeForStatus(status), nil);
            return nil;
        }
        size_t failed = 0;
        LDErrorCode code = LDIdentifierTableNumber(&table, oldObjects, oldCount, NO, oldIdentities, NULL, &failed);
        const void **failedObjects = oldObjects;
        if (code == 0) {
            code = LDIdentifierTableNumber(&table, newObjects, newCount, NO, newIdentities, NULL, &failed);
            failedObjects = newObjects;
        }
        if (code != 0) {
            NSString *reason = code != LDErrorInvalidInput ? nil
                : [NSString stringWithFormat:@"The diffIdentifier of %@ (index %lu of the %@ list) is nil.",
                                             LD_OBJECT(failedObjects[failed]), (unsigned long)failed,
                                             failedObjects == oldObjects ? @"old" : @"new"];
            error = LDMakeError(code, reason);
            return nil;
        }
        status = ld_heckel_diff(workspace, oldIdentities, oldCount, newIdentities, newCount, NULL, &diff.result);
        if (status != LD_OK) {
            error = LDMakeError(LDErrorCodeForStatus(status), nil);
            return nil;
        }
        diff.updated = malloc((oldCount ? oldCount : 1) * sizeof *diff.updated);
        if (diff.updated == NULL) {
            error = LDMakeError(LDErrorOutOfMemory, nil);
            return nil;
        }
        for (size_t index = 0; index < oldCount; index++) {
            int32_t target = diff.result.source_to_target[index];
            if (target >= 0 && LDChanged(LD_OBJECT(oldObjects[index]), LD_OBJECT(newObjects[target]), option)) {
                diff.updated[diff.updatedCount++] = (int32_t)index;
            }
        }
        NSData *oldToNew = [NSData dataWithBytes:diff.result.source_to_target length:oldCount * sizeof(int32_t)];
        LDListMatch *match = LD_AUTORELEASE([[LDListMatch alloc] initWithOldObjects:oldArray ? oldArray : [NSArray array]
                                                                         newObjects:newArray ? newArray : [NSArray array]
                                                                           oldToNew:oldToNew]);
        built = build(&diff, match);
    } @finally {
        free(diff.updated);
        if (workspace != NULL) { LDWorkspaceGive(workspace); }
        LDIdentifierTableFree(&table);
        free(oldObjects);
        free(newObjects);
    }
    if (error != nil) { LDRaise(error); }
    return built;
}

LDListIndexSetResult *LDListDiff(NSArray<id<LDListDiffable>> *oldArray, NSArray<id<LDListDiffable>> *newArray,
                                 LDListDiffOption option) {
    return LDDiffFlat(oldArray, newArray, option, ^id(const LDFlatDiff *diff, LDListMatch *match) {
        NSMutableArray<LDListMoveIndex *> *moves = [NSMutableArray arrayWithCapacity:diff->result.moved_count];
        for (size_t i = 0; i < diff->result.moved_count; i++) {
            ld_pair_t pair = diff->result.moved[i];
            LDListMoveIndex *move = [[LDListMoveIndex alloc] initWithFrom:pair.source to:pair.target];
            [moves addObject:move];
            LD_RELEASE(move);
        }
        return LD_AUTORELEASE([[LDListIndexSetResult alloc]
            initWithInserts:LDIndexSetOfAscending(diff->result.inserted, diff->result.inserted_count)
                    deletes:LDIndexSetOfAscending(diff->result.deleted, diff->result.deleted_count)
                    updates:LDIndexSetOfAscending(diff->updated, diff->updatedCount)
                      moves:moves
                      match:match]);
    });
}

static NSArray<NSIndexPath *> *LDPathsInSection(NSInteger section, const int32_t *indexes, size_t count) {
    NSMutableArray<NSIndexPath *> *paths = [NSMutableArray arrayWithCapacity:count];
    for (size_t i = 0; i < count; i++) { [paths addObject:LDIndexPath(section, indexes[i])]; }
    return paths;
}

LDListIndexPathResult *LDListDiffPaths(NSInteger fromSection, NSInteger toSection,
                                       NSArray<id<LDListDiffable>> *oldArray, NSArray<id<LDListDiffable>> *newArray,
                                       LDListDiffOption option) {
    return LDDiffFlat(oldArray, newArray, option, ^id(const LDFlatDiff *diff, LDListMatch *match) {
        NSMutableArray<LDListMoveIndexPath *> *moves = [NSMutableArray arrayWithCapacity:diff->result.moved_count];
        for (size_t i = 0; i < diff->result.moved_count; i++) {
            ld_pair_t pair = diff->result.moved[i];
            LDListMoveIndexPath *move = [[LDListMoveIndexPath alloc] initWithFrom:LDIndexPath(fromSection, pair.source)
                                                                               to:LDIndexPath(toSection, pair.target)];
            [moves addObject:move];
            LD_RELEASE(move);
        }
        return LD_AUTORELEASE([[LDListIndexPathResult alloc]
            initWithInserts:LDPathsInSection(toSection, diff->result.inserted, diff->result.inserted_count)
                    deletes:LDPathsInSection(fromSection, diff->result.deleted, diff->result.deleted_count)
                    updates:LDPathsInSection(fromSection, diff->updated, diff->updatedCount)
                      moves:moves
                      match:match
                fromSection:fromSection
                  toSection:toSection]);
    });
}

#endif
