#if defined(__APPLE__) || defined(LD_OBJC_GNUSTEP)
#import "LDStagedDiff.h"

#include <stdlib.h>

#import "LDArraySection.h"

/* One side of a diff, flattened: its sections' models and every section's elements in order,
 * each section's elements read once. */
typedef struct LDSide {
    const void **sections; /* LDArraySection objects, or NULL for a flat list */
    size_t sectionCount;
    const void **models;
    const void **sectionElements; /* each section's elements array, which its section keeps */
    uint32_t *counts;
    const void **elements;
    size_t elementCount;
} LDSide;

static void LDSideFree(LDSide *side) {
    free(side->sections);
    free(side->models);
    free(side->sectionElements);
    free(side->counts);
    free(side->elements);
}

/* Flattens @p list; 0 or an LDErrorCode, with a description in @p reason. */
static LDErrorCode LDSideOf(NSArray *list, BOOL flat, const char *name, LDSide *side, NSString **reason) {
    if (flat) {
        side->sectionCount = 1;
        side->elements = LDCopyObjects(list, &side->elementCount);
        side->counts = malloc(sizeof *side->counts);
        if (side->counts == NULL) { return LDErrorOutOfMemory; }
        if (side->elementCount > UINT32_MAX) { return LDErrorTooLarge; }
        side->counts[0] = (uint32_t)side->elementCount;
        return 0;
    }
    side->sections = LDCopyObjects(list, &side->sectionCount);
    size_t room = side->sectionCount ? side->sectionCount : 1;
    side->models = malloc(room * sizeof *side->models);
    side->sectionElements = malloc(room * sizeof *side->sectionElements);
    side->counts = malloc(room * sizeof *side->counts);
    if (side->models == NULL || side->sectionElements == NULL || side->counts == NULL) { return LDErrorOutOfMemory; }
    size_t total = 0;
    for (size_t index = 0; index < side->sectionCount; index++) {
        id section = LD_OBJECT(side->sections[index]);
        if (![section isKindOfClass:[LDArraySection class]]) {
            *reason = [NSString stringWithFormat:@"%s section %lu is %@, not an LDArraySection.", name,
                                                 (unsigned long)index, section];
            return LDErrorInvalidInput;
        }
        LDArraySection *arraySection = section;
        id model = arraySection.model;
        if (model == nil) {
            *reason = [NSString stringWithFormat:@"%s section %lu has no model.", name, (unsigned long)index];
            return LDErrorInvalidInput;
        }
        side->models[index] = (__bridge const void *)model;
        NSArray *elements = arraySection.elements;
        side->sectionElements[index] = (__bridge const void *)elements;
        NSUInteger count = elements.count;
        if (count > UINT32_MAX || total + count < total) { return LDErrorTooLarge; }
        side->counts[index] = (uint32_t)count;
        total += count;
    }
    side->elementCount = total;
    side->elements = malloc((total ? total : 1) * sizeof *side->elements);
    if (side->elements == NULL) { return LDErrorOutOfMemory; }
    size_t start = 0;
    for (size_t index = 0; index < side->sectionCount; index++) {
        NSArray *elements = LD_OBJECT(side->sectionElements[index]);
        NSRange range = NSMakeRange(0, side->counts[index]);
#if __has_feature(objc_arc)
        [elements getObjects:(__unsafe_unretained id *)(void *)(side->elements + start) range:range];
#else
        [elements getObjects:(id *)(side->elements + start) range:range];
#endif
        start += range.length;
    }
    return 0;
}

static inline BOOL LDContentChanged(id<LDListDiffable> old, id<LDListDiffable> new) {
    return old != new && ![new isEqualToDiffableObject:old];
}

static inline BOOL LDPoll(const ld_cancel_token_t *cancel, size_t index) {
    return index % LD_POLL_INTERVAL == 0 && ld_cancel_token_is_cancelled(cancel);
}

/* The elements of a stage's data section @p k, gathered by the core's layout. */
static NSArray *LDGatherElements(const ld_stage_t *stage, size_t k, const LDSide *source, const LDSide *target,
                                 const void **buffer) {
    int32_t start = stage->data_section_starts[k], end = stage->data_section_starts[k + 1];
    for (int32_t position = start; position < end; position++) {
        int32_t element = stage->data_elements[position];
        buffer[position - start] = element >= 0 ? source->elements[element] : target->elements[~element];
    }
#if __has_feature(objc_arc)
    return [NSArray arrayWithObjects:(__unsafe_unretained id *)(void *)buffer count:(NSUInteger)(end - start)];
#else
    return [NSArray arrayWithObjects:(id *)buffer count:(NSUInteger)(end - start)];
#endif
}

/* The elements of a flat list, or of section @p index of a list of sections (read by LDSideOf
 * already), as an immutable array (an LDArraySection's elements are one already). */
static NSArray *LDListSection(NSArray *list, const LDSide *side, NSUInteger index) {
    if (side->sections == NULL) { return LD_AUTORELEASE([list copy]); }
    return LD_OBJECT(side->sectionElements[index]);
}

/* The elements of a stage's data section @p k: the list its origin names when one holds them
 * whole already (a source or target section, or a section of @p previous, the data of the present
 * stage before), else gathered by the core's layout. */
static NSArray *LDSectionElements(const ld_stage_t *stage, size_t k, NSArray *sourceList, NSArray *targetList,
                                  BOOL flat, NSArray *previous, const LDSide *source, const LDSide *target,
                                  const void **buffer) {
    ld_section_origin_t origin = stage->data_section_origins[k];
    switch (origin.kind) {
    case LD_ORIGIN_SOURCE_SECTION: return LDListSection(sourceList, source, (NSUInteger)origin.index);
    case LD_ORIGIN_TARGET_SECTION: return LDListSection(targetList, target, (NSUInteger)origin.index);
    case LD_ORIGIN_PREVIOUS_DATA:
        if (previous != nil) {
            return flat ? previous : ((LDArraySection *)[previous objectAtIndex:(NSUInteger)origin.index]).elements;
        }
        break;
    default: break;
    }
    return LDGatherElements(stage, k, source, target, buffer);
}

/* The data a stage installs: the target for the last stage, else each section's elements by
 * LDSectionElements(). */
static NSArray *LDStageData(const ld_stage_t *stage, NSArray *sourceList, NSArray *targetList, BOOL flat,
                            NSArray *previous, const LDSide *source, const LDSide *target, const void **buffer) {
    if (stage->data_is_target) { return targetList; }
    if (flat) { return LDSectionElements(stage, 0, sourceList, targetList, YES, previous, source, target, buffer); }
    NSMutableArray<LDArraySection *> *sections = [NSMutableArray arrayWithCapacity:stage->data_section_count];
    for (size_t k = 0; k < stage->data_section_count; k++) {
        int32_t model = stage->data_section_models[k];
        id<LDListDiffable> object = LD_OBJECT(model >= 0 ? source->models[model] : target->models[~model]);
        NSArray *elements = LDSectionElements(stage, k, sourceList, targetList, NO, previous, source, target, buffer);
        [sections addObject:[LDArraySection sectionWithModel:object elements:elements]];
    }
    return sections;
}

/* What a staged diff holds until it returns, freed whether it returns or raises. */
typedef struct LDStagedState {
    LDSide source, target;
    LDIdentifierTable sectionTable, elementTable;
    uint64_t *sectionIdentities;
    uint8_t *elementChanged, *sectionChanged;
    const void **buffer;
    ld_workspace_t *workspace;
} LDStagedState;

static void LDStagedStateFree(LDStagedState *state) {
    if (state->workspace != NULL) { (void)ld_pool_give(ld_pool_shared(), state->workspace); }
    LDIdentifierTableFree(&state->sectionTable);
    LDIdentifierTableFree(&state->elementTable);
    LDSideFree(&state->source);
    LDSideFree(&state->target);
    free(state->sectionIdentities);
    free(state->elementChanged);
    free(state->sectionChanged);
    free(state->buffer);
}

/* The stages into @p changesets; nil or an error. */
static NSError *LDStage(LDStagedState *state, NSArray *sourceList, NSArray *targetList, NSInteger flatSection,
                        const ld_cancel_token_t *cancel, NSMutableArray<LDChangeset *> *changesets) {
    BOOL flat = flatSection != NSNotFound;
    LDSide *source = &state->source, *target = &state->target;
    NSString *reason = nil;
    LDErrorCode code = LDSideOf(sourceList, flat, "source", source, &reason);
    if (code == 0) { code = LDSideOf(targetList, flat, "target", target, &reason); }
    if (code != 0) { return LDMakeError(code, reason); }
    state->workspace = LDWorkspaceTake();
    uint64_t *sourceIdentities = NULL, *targetIdentities = NULL;
    ld_status status = state->workspace == NULL ? LD_ERROR_ALLOC
        : ld_workspace_identities(state->workspace, source->elementCount, target->elementCount, &sourceIdentities,
                                  &targetIdentities);
    size_t sectionsBoth = source->sectionCount + target->sectionCount;
    state->sectionIdentities = calloc(sectionsBoth ? sectionsBoth : 1, sizeof *state->sectionIdentities);
    state->elementChanged = calloc(source->elementCount ? source->elementCount : 1, 1);
    state->sectionChanged = calloc(target->sectionCount ? target->sectionCount : 1, 1);
    state->buffer = malloc((source->elementCount + target->elementCount + 1) * sizeof *state->buffer);
    if (status == LD_OK && (state->sectionIdentities == NULL || state->elementChanged == NULL ||
                            state->sectionChanged == NULL || state->buffer == NULL)) {
        status = LD_ERROR_ALLOC;
    }
    if (status == LD_OK) {
        status = LDIdentifierTableCreate(&state->elementTable, source->elementCount + target->elementCount);
    }
    if (status == LD_OK && !flat) { status = LDIdentifierTableCreate(&state->sectionTable, sectionsBoth); }
    if (status != LD_OK) { return LDMakeError(LDErrorCodeForStatus(status), nil); }
    uint64_t *sectionIdentities = state->sectionIdentities;
    size_t failed = 0;
    const char *failedName = "source section model";
    if (!flat) {
        code = LDIdentifierTableNumber(&state->sectionTable, source->models, source->sectionCount, sectionIdentities,
                                       cancel, &failed);
        if (code == 0) {
            failedName = "target section model";
            code = LDIdentifierTableNumber(&state->sectionTable, target->models, target->sectionCount,
                                           sectionIdentities + source->sectionCount, cancel, &failed);
        }
    }
    if (code == 0) {
        failedName = "source element";
        code = LDIdentifierTableNumber(&state->elementTable, source->elements, source->elementCount,
                                       sourceIdentities, cancel, &failed);
    }
    if (code == 0) {
        failedName = "target element";
        code = LDIdentifierTableNumber(&state->elementTable, target->elements, target->elementCount,
                                       targetIdentities, cancel, &failed);
    }
    if (code != 0) {
        NSString *message = code != LDErrorInvalidInput ? nil
            : [NSString stringWithFormat:@"The diffIdentifier of %s %lu (in flat order) is nil.", failedName,
                                         (unsigned long)failed];
        return LDMakeError(code, message);
    }

    ld_options_t options = {0};
    options.cancel = cancel;
    ld_sectioned_result_t match;
    status = ld_sectioned_diff(state->workspace, sectionIdentities, source->sectionCount,
                               sectionIdentities + source->sectionCount, target->sectionCount, source->counts,
                               target->counts, sourceIdentities, source->elementCount, targetIdentities,
                               target->elementCount, LD_ALGORITHM_HECKEL, &options, &match);
    if (status != LD_OK) { return LDMakeError(LDErrorCodeForStatus(status), nil); }
    for (size_t index = 0; index < source->elementCount; index++) {
        if (LDPoll(cancel, index)) { return LDMakeError(LDErrorCancelled, nil); }
        int32_t matched = match.elements.source_to_target[index];
        state->elementChanged[index] =
            matched >= 0 && LDContentChanged(LD_OBJECT(source->elements[index]), LD_OBJECT(target->elements[matched]));
    }
    for (size_t index = 0; !flat && index < target->sectionCount; index++) {
        int32_t matched = match.sections.target_to_source[index];
        state->sectionChanged[index] =
            matched >= 0 && LDContentChanged(LD_OBJECT(source->models[matched]), LD_OBJECT(target->models[index]));
    }
    ld_stages_t stages;
    status = ld_stage(state->workspace, &match, state->elementChanged, flat ? NULL : state->sectionChanged, cancel, &stages);
    if (status != LD_OK) { return LDMakeError(LDErrorCodeForStatus(status), nil); }
    NSArray *previous = nil;
    for (size_t kind = 0; kind < LD_STAGE_COUNT; kind++) {
        const ld_stage_t *stage = &stages.stages[kind];
        if (!stage->present) { continue; }
        NSArray *data = LDStageData(stage, sourceList, targetList, flat, previous, source, target, state->buffer);
        previous = data;
        LDChangeset *changeset = [[LDChangeset alloc] initWithStage:stage data:data flatSection:flatSection];
        [changesets addObject:changeset];
        LD_RELEASE(changeset);
    }
    return nil;
}

NSArray<LDChangeset *> *LDStagedDiff(NSArray *sourceList, NSArray *targetList, NSInteger flatSection,
                                     const ld_cancel_token_t *cancel, NSError **errorOut) {
    LDStagedState state;
    memset(&state, 0, sizeof state);
    NSMutableArray<LDChangeset *> *changesets = [NSMutableArray arrayWithCapacity:LD_STAGE_COUNT];
    NSError *error = nil;
    @try {
        error = LDStage(&state, sourceList, targetList, flatSection, cancel, changesets);
    } @finally {
        LDStagedStateFree(&state);
    }
    if (error != nil) {
        if (errorOut != NULL) { *errorOut = error; }
        return nil;
    }
    return changesets;
}

#endif
