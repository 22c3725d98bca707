#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDCore.h"

#include <objc/runtime.h>
#include <stdlib.h>

NSString *const LDErrorDomain = @"ListDeltaErrorDomain";

// MARK: Identifier numbering

ld_status LDIdentifierTableCreate(LDIdentifierTable *table, size_t capacity) {
    memset(table, 0, sizeof *table);
    ld_status status = ld_numbering_create(NULL, capacity, &table->numbering);
    if (status == LD_OK) {
        table->identifiers = malloc((capacity ? capacity : 1) * sizeof *table->identifiers);
        if (table->identifiers == NULL) { status = LD_ERROR_ALLOC; }
    }
    if (status != LD_OK) { LDIdentifierTableFree(table); }
    return status;
}

void LDIdentifierTableFree(LDIdentifierTable *table) {
    for (size_t number = 0; number < table->count; number++) { LD_RELEASE_POINTER(table->identifiers[number]); }
    free(table->identifiers);
    ld_numbering_free(table->numbering);
    memset(table, 0, sizeof *table);
}

/* The core's question of a candidate (ld_number): whether identifier, of context, is equal to the numbered one. */
typedef struct LDCandidateQuestion {
    const LDIdentifierTable *table;
    id identifier;
} LDCandidateQuestion;

static int LDEqualsNumbered(void *context, uint64_t number) {
    const LDCandidateQuestion *question = context;
    if (number == question->table->count) { return 0; } /* the new number: numbered */
    id known = LD_OBJECT(question->table->identifiers[number]);
    return known == question->identifier || [known isEqual:question->identifier];
}

LDErrorCode LDIdentifierTableNumber(LDIdentifierTable *table, const void *const *objects, size_t count, uint64_t *numbers,
                                    const ld_cancel_token_t *cancel, size_t *failedIndex) {
    // Lists are mostly of one class: each method is looked up once per run of a class, not per
    // element (a send costs a lookup call with GNUstep's runtime).
    SEL identifierSelector = @selector(diffIdentifier), hashSelector = @selector(hash);
    Class objectClass = Nil, identifierClass = Nil;
    id (*identifierOf)(id, SEL) = NULL;
    NSUInteger (*hashOf)(id, SEL) = NULL;
    for (size_t index = 0; index < count; index++) {
        if (index % LD_POLL_INTERVAL == 0 && ld_cancel_token_is_cancelled(cancel)) { return LDErrorCancelled; }
        id object = LD_OBJECT(objects[index]);
        Class currentClass = object_getClass(object);
        if (currentClass != objectClass) {
            objectClass = currentClass;
            identifierOf = (id (*)(id, SEL))(void (*)(void))class_getMethodImplementation(currentClass, identifierSelector);
        }
        id identifier = identifierOf(object, identifierSelector);
        if (identifier == nil) {
            *failedIndex = index;
            return LDErrorInvalidInput;
        }
        Class currentIdentifierClass = object_getClass(identifier);
        if (currentIdentifierClass != identifierClass) {
            identifierClass = currentIdentifierClass;
            hashOf = (NSUInteger (*)(id, SEL))(void (*)(void))class_getMethodImplementation(currentIdentifierClass,
                                                                                     hashSelector);
        }
        LDCandidateQuestion question = {table, identifier};
        bool isNew;
        ld_status status = ld_number(table->numbering, hashOf(identifier, hashSelector), LDEqualsNumbered, &question,
                                     cancel, &numbers[index], &isNew);
        if (status != LD_OK) { return status == LD_CANCELLED ? LDErrorCancelled : LDErrorInternal; }
        if (isNew) { table->identifiers[table->count++] = LD_RETAINED_POINTER(identifier); }
    }
    return 0;
}

// MARK: Workspaces

ld_workspace_t *LDWorkspaceTake(void) {
    ld_workspace_t *workspace = NULL;
    return ld_pool_take(ld_pool_shared(), &workspace) == LD_OK ? workspace : NULL;
}

// MARK: Errors

LDErrorCode LDErrorCodeForStatus(ld_status status) {
    switch (status) {
    case LD_CANCELLED: return LDErrorCancelled;
    case LD_ERROR_ALLOC: return LDErrorOutOfMemory;
    case LD_ERROR_OVERFLOW: return LDErrorTooLarge;
    default: return LDErrorInternal;
    }
}

NSError *LDMakeError(LDErrorCode code, NSString *description) {
    if (description == nil) {
        switch (code) {
        case LDErrorCancelled: description = @"The diff was cancelled."; break;
        case LDErrorInvalidInput: description = @"An input of the diff was unusable."; break;
        case LDErrorTooLarge: description = @"A list holds more elements than ListDelta can index (2^30 - 1, LD_MAX_COUNT)."; break;
        case LDErrorOutOfMemory: description = @"The memory for the diff could not be allocated."; break;
        case LDErrorInternal: description = @"An invariant of ListDelta failed; please report this bug."; break;
        }
    }
    NSDictionary *info = [NSDictionary dictionaryWithObject:(id)description forKey:NSLocalizedDescriptionKey];
    return [NSError errorWithDomain:LDErrorDomain code:code userInfo:info];
}

NSError *LDFlatSectionError(NSInteger section) {
    if (section >= 0 && section != NSNotFound) return nil;
    return LDMakeError(LDErrorInvalidInput,
                       [NSString stringWithFormat:@"A flat list's section must be >= 0, not %ld.", (long)section]);
}

void LDRaise(NSError *error) {
    NSString *name = error.code == LDErrorOutOfMemory ? NSMallocException
        : error.code == LDErrorInternal                ? NSInternalInconsistencyException
                                                       : NSInvalidArgumentException;
    [[NSException exceptionWithName:name reason:error.localizedDescription userInfo:nil] raise];
    abort(); // -raise does not return
}

// MARK: Foundation helpers

NSIndexPath *LDIndexPath(NSInteger section, NSInteger item) {
    NSUInteger indexes[2] = {(NSUInteger)section, (NSUInteger)item};
    return [NSIndexPath indexPathWithIndexes:indexes length:2];
}

const void **LDCopyObjects(NSArray *array, size_t *count) {
    NSUInteger objectCount = array.count;
    *count = objectCount;
    if (objectCount == 0) { return NULL; }
    const void **objects = malloc(objectCount * sizeof *objects);
    if (objects == NULL) { LDRaise(LDMakeError(LDErrorOutOfMemory, nil)); }
#if __has_feature(objc_arc)
    // CFArray-style access without retains: the array keeps every object alive.
    [array getObjects:(__unsafe_unretained id *)(void *)objects range:NSMakeRange(0, objectCount)];
#else
    [array getObjects:(id *)objects range:NSMakeRange(0, objectCount)];
#endif
    return objects;
}

NSArray<LDListMoveIndex *> *LDMovesOfPairs(const ld_pair_t *pairs, size_t count) {
    NSMutableArray<LDListMoveIndex *> *moves = [NSMutableArray arrayWithCapacity:count];
    for (size_t i = 0; i < count; i++) {
        LDListMoveIndex *move = [[LDListMoveIndex alloc] initWithFrom:pairs[i].source to:pairs[i].target];
        [moves addObject:move];
        LD_RELEASE(move);
    }
    return moves;
}

NSIndexSet *LDIndexSetOfAscending(const int32_t *indexes, size_t count) {
    NSMutableIndexSet *set = [NSMutableIndexSet indexSet];
    size_t runStart = 0;
    for (size_t i = 1; i <= count; i++) {
        if (i == count || indexes[i] != indexes[i - 1] + 1) {
            [set addIndexesInRange:NSMakeRange((NSUInteger)indexes[runStart], i - runStart)];
            runStart = i;
        }
    }
    return set;
}

#endif
