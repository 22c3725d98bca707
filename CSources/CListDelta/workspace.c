#if defined(__linux__)
#define _DEFAULT_SOURCE /* posix_memalign and madvise under -std=c11 */
#endif

#include "internal.h"

#include <stdlib.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__linux__) && defined(MADV_HUGEPAGE)
/* The size of a transparent huge page on x86-64 and (with 4 KB pages) ARM64. */
#define LD_HUGE_PAGE ((size_t)2 << 20)

/* A buffer of at least 32 MB is aligned to a huge page and the kernel is asked to back it with
 * huge pages (see ld_allocator_t). The advice is only advice: where it is refused, the buffer
 * is an ordinary one. */
static void *ld_malloc(void *context, size_t length) {
    (void)context;
    if (length < 16 * LD_HUGE_PAGE) return malloc(length);
    void *memory = NULL;
    if (posix_memalign(&memory, LD_HUGE_PAGE, length) != 0) return NULL;
    (void)madvise(memory, length & ~(LD_HUGE_PAGE - 1), MADV_HUGEPAGE);
    return memory;
}
#else
static void *ld_malloc(void *context, size_t length) {
    (void)context;
    return malloc(length);
}
#endif

static void ld_free(void *context, void *pointer, size_t length) {
    (void)context;
    (void)length;
    free(pointer);
}

ld_allocator_t ld_allocator_or_default(const ld_allocator_t *allocator) {
    if (allocator != NULL && allocator->allocate != NULL && allocator->deallocate != NULL) {
        return *allocator;
    }
    return (ld_allocator_t){ .allocate = ld_malloc, .deallocate = ld_free, .context = NULL };
}

void *ld_allocate(const ld_allocator_t *allocator, size_t length) {
    return allocator->allocate(allocator->context, length == 0 ? 1 : length);
}

void ld_deallocate(const ld_allocator_t *allocator, void *pointer, size_t length) {
    if (pointer != NULL) allocator->deallocate(allocator->context, pointer, length == 0 ? 1 : length);
}

ld_status ld_workspace_create(const ld_allocator_t *allocator, ld_workspace_t **out) {
    if (out == NULL) return LD_ERROR_INVALID;
    ld_allocator_t chosen = ld_allocator_or_default(allocator);
    ld_workspace_t *workspace = ld_allocate(&chosen, sizeof *workspace);
    if (workspace == NULL) return LD_ERROR_ALLOC;
    *workspace = (ld_workspace_t){ .allocator = chosen, .slot_seed = ld_random_seed() };
    *out = workspace;
    return LD_OK;
}

void ld_workspace_reset(ld_workspace_t *workspace) {
    if (workspace == NULL) return;
    for (size_t i = 0; i < LD_BUFFER_COUNT; i++) {
        ld_buffer_t *buffer = &workspace->buffers[i];
        ld_deallocate(&workspace->allocator, buffer->pointer, buffer->length);
        *buffer = (ld_buffer_t){ 0 };
    }
    workspace->bytes_held = 0;
    workspace->has_own_match = false;
}

void ld_workspace_free(ld_workspace_t *workspace) {
    if (workspace == NULL) return;
    ld_workspace_reset(workspace);
    ld_allocator_t allocator = workspace->allocator;
    ld_deallocate(&allocator, workspace, sizeof *workspace);
}

size_t ld_workspace_bytes_held(const ld_workspace_t *workspace) {
    return workspace == NULL ? 0 : workspace->bytes_held;
}

ld_status ld_workspace_reserve(ld_workspace_t *workspace, ld_buffer_id id, size_t count, size_t size, void **out) {
    bool fresh;
    return ld_workspace_reserve_fresh(workspace, id, count, size, out, &fresh);
}

ld_status ld_workspace_reserve_fresh(ld_workspace_t *workspace, ld_buffer_id id, size_t count, size_t size, void **out,
                                     bool *out_fresh) {
    size_t length;
    if (!ld_mul_size(count, size, &length)) return LD_ERROR_OVERFLOW;
    /* The match's buffers are reused; the stages', the rows', the batch's and the lent ones hold
     * none of it. */
    bool holds_no_match = id == LD_BUFFER_STAGES || id == LD_BUFFER_ROWS || id == LD_BUFFER_BATCH ||
                          id == LD_BUFFER_SOURCE_IDENTITIES || id == LD_BUFFER_TARGET_IDENTITIES ||
                          id == LD_BUFFER_CALLER_ROOM;
    if (!holds_no_match) workspace->has_own_match = false;
    ld_buffer_t *buffer = &workspace->buffers[id];
    *out_fresh = buffer->pointer == NULL || buffer->length < length;
    if (*out_fresh) {
        ld_deallocate(&workspace->allocator, buffer->pointer, buffer->length);
        workspace->bytes_held -= buffer->length;
        *buffer = (ld_buffer_t){ 0 };
        void *pointer = ld_allocate(&workspace->allocator, length);
        if (pointer == NULL) return LD_ERROR_ALLOC;
        *buffer = (ld_buffer_t){ .pointer = pointer, .length = length };
        workspace->bytes_held += length;
    }
    *out = buffer->pointer;
    return LD_OK;
}

ld_status ld_workspace_identities(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                                  uint64_t **out_source, uint64_t **out_target) {
    if (workspace == NULL || out_source == NULL || out_target == NULL) return LD_ERROR_INVALID;
    if (source_count > LD_MAX_COUNT || target_count > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    void *source, *target;
    ld_status status;
    if ((status = ld_workspace_reserve(workspace, LD_BUFFER_SOURCE_IDENTITIES, source_count, sizeof(uint64_t),
                                       &source)) ||
        (status = ld_workspace_reserve(workspace, LD_BUFFER_TARGET_IDENTITIES, target_count, sizeof(uint64_t),
                                       &target))) {
        return status;
    }
    *out_source = source;
    *out_target = target;
    return LD_OK;
}

ld_status ld_workspace_room(ld_workspace_t *workspace, size_t bytes, void **out_room) {
    if (workspace == NULL || out_room == NULL) return LD_ERROR_INVALID;
    return ld_workspace_reserve(workspace, LD_BUFFER_CALLER_ROOM, bytes, 1, out_room);
}
ld_status ld_workspace_prepare(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                               const ld_cancel_token_t *cancel) {
    if (workspace == NULL) return LD_ERROR_INVALID;
    if (source_count > LD_MAX_COUNT || target_count > LD_MAX_COUNT) return LD_ERROR_OVERFLOW;
    ld_diff_t diff = { .cancel = cancel };
    bool partitioned = ld_partitions_pay(source_count, target_count);
    void *scratch;
    ld_status status = ld_reserve_results(workspace, source_count, target_count, &diff, true, partitioned);
    if (status != LD_OK) return status;
    if (partitioned) return ld_partitions_reserve(workspace, source_count, target_count, true, cancel, &scratch);
    size_t most_slots;
    return ld_table_reserve(workspace, source_count, target_count, &most_slots, &scratch, true, cancel);
}

static bool ld_results_equal(const ld_result_t *a, const ld_result_t *b) {
    return a->source_to_target == b->source_to_target && a->source_count == b->source_count &&
           a->target_to_source == b->target_to_source && a->target_count == b->target_count &&
           a->deleted == b->deleted && a->deleted_count == b->deleted_count && a->inserted == b->inserted &&
           a->inserted_count == b->inserted_count && a->moved == b->moved && a->moved_count == b->moved_count &&
           a->updated == b->updated && a->updated_count == b->updated_count;
}

bool ld_is_own_match(const ld_workspace_t *workspace, const ld_sectioned_result_t *match) {
    const ld_sectioned_result_t *own = &workspace->own_match;
    return workspace->has_own_match && ld_results_equal(&match->sections, &own->sections) &&
           ld_results_equal(&match->elements, &own->elements) &&
           match->source_section_starts == own->source_section_starts &&
           match->target_section_starts == own->target_section_starts;
}
