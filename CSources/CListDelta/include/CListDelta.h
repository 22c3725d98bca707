/*!
 * @file CListDelta.h
 * @brief ListDelta's C core: list diffs over arrays of 64-bit identities.
 *
 * A caller maps each list element to a 64-bit identity (and optionally a 64-bit content hash),
 * then asks a reusable workspace for a Heckel diff (O(n + m), minimal moves) or a Myers diff
 * (a longest common subsequence, inserts and deletes only). The result points into the
 * workspace and stays valid until the workspace is used again. Every function reports failure
 * through ::ld_status; none aborts, prints or sets errno.
 *
 * Thread safety: the library's one global state is the shared workspace pool (ld_pool_shared()),
 * behind a mutex. A workspace is used by one thread at a time; a cancel token may be cancelled
 * from any thread while a diff polls it on another; a pool may be used from any thread.
 */
#ifndef CLISTDELTA_H
#define CLISTDELTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*! @brief Elements of work between two polls of a cancel token, in the core and both bindings:
 *         well under a millisecond. A power of two. */
#define LD_POLL_INTERVAL 4096

/*! @brief The outcome of every fallible call. */
typedef enum ld_status {
    /*! Success. */
    LD_OK = 0,
    /*! The caller's arguments break a documented rule. Its causes: a required pointer is NULL
     *  (the workspace, the result, an out-parameter, or an array whose count is non-zero);
     *  content hashes or groups given for one side only while the other side is non-empty;
     *  target groups that decrease; and any further rule a function's documentation lists
     *  under this status. The workspace stays usable. */
    LD_ERROR_INVALID = 1,
    /*! The allocator returned NULL. */
    LD_ERROR_ALLOC = 2,
    /*! A count exceeds ::LD_MAX_COUNT, or a buffer's byte size would not fit in size_t. */
    LD_ERROR_OVERFLOW = 3,
    /*! The diff observed its cancel token and stopped. */
    LD_CANCELLED = 4,
    /*! LCS only: the edit distance exceeds the caller's budget (ld_options_t::max_edits). */
    LD_EDIT_BUDGET_EXCEEDED = 5,
    /*! An internal invariant failed: a bug in ListDelta, never the caller's error; please
     *  report it with the input. No result is given and the workspace stays usable. */
    LD_ERROR_INTERNAL = 6,
} ld_status;

/*! @brief The largest source or target count a diff accepts (indices fit in int32_t). */
#define LD_MAX_COUNT ((size_t)0x3FFFFFFF)

/*! @brief A short, static, human-readable description of @p status. */
const char *ld_status_description(ld_status status);

/* MARK: Hashing */

/*!
 * @brief Hashes @p length bytes with @p seed to 64 bits.
 * @param bytes   @p length bytes; may be NULL when @p length is 0.
 * @param out_hash receives the hash; untouched on error.
 * @return LD_OK, or LD_ERROR_INVALID when @p bytes is NULL with a non-zero @p length or
 *         @p out_hash is NULL.
 * @note XXH3-64 where the package was built with the system libxxhash (trait `SystemXXHash`,
 *       Linux); a portable multiply-mix hash elsewhere. Values differ between the two builds and
 *       may change between versions: use them within one process only. O(length).
 */
ld_status ld_hash64(const void *bytes, size_t length, uint64_t seed, uint64_t *out_hash);

/*! @brief The hash function ld_hash64() was built with: "xxh3" or "portable". */
const char *ld_hash64_backend(void);

/* MARK: Allocation */

/*!
 * @brief Where a workspace or token gets its memory. Pass NULL anywhere for malloc/free.
 * @note @c allocate returns NULL on failure; @c deallocate receives the length that was
 *       allocated. Tests inject failures and count live bytes through this.
 * @note On Linux the default (NULL) allocator aligns each buffer of 32 MB or more (lists of
 *       about 4 million elements) to 2 MB with posix_memalign and advises the kernel to back it
 *       with transparent huge pages (MADV_HUGEPAGE; ignored where the kernel's setting is
 *       `never`): a first diff of that size then faults once per 2 MB, not per 4 KB. A fault
 *       cannot be interrupted, so a cancel that arrives during one waits for it: on a cold
 *       workspace, polling can lag by one 2 MB fault.
 */
typedef struct ld_allocator {
    void *(*allocate)(void *context, size_t length);
    void (*deallocate)(void *context, void *pointer, size_t length);
    void *context;
} ld_allocator_t;

/* MARK: Cancellation */

/*! @brief An opaque flag that a diff polls; cancel it from any thread. */
typedef struct ld_cancel_token ld_cancel_token_t;

/*!
 * @brief Creates an uncancelled token.
 * @param allocator NULL for malloc/free; it must outlive the token.
 * @return LD_OK, LD_ERROR_INVALID (@p out is NULL) or LD_ERROR_ALLOC; @p out untouched on error.
 */
ld_status ld_cancel_token_create(const ld_allocator_t *allocator, ld_cancel_token_t **out);

/*! @brief Requests cancellation; safe from any thread, at any time, any number of times. */
void ld_cancel_token_cancel(ld_cancel_token_t *token);

/*! @brief Whether ld_cancel_token_cancel() was called since creation or the last reset. */
bool ld_cancel_token_is_cancelled(const ld_cancel_token_t *token);

/*! @brief Clears the flag so the token can serve another diff. */
void ld_cancel_token_reset(ld_cancel_token_t *token);

/*! @brief Frees @p token (NULL is ignored). No diff may still be polling it. */
void ld_cancel_token_free(ld_cancel_token_t *token);

/* MARK: Workspace */

/*! @brief Opaque, reusable memory for diffs and their results. */
typedef struct ld_workspace ld_workspace_t;

/*!
 * @brief Creates an empty workspace; it allocates on first use.
 * @param allocator NULL for malloc/free; it must outlive the workspace.
 * @return LD_OK, LD_ERROR_INVALID (@p out is NULL) or LD_ERROR_ALLOC; @p out untouched on error.
 */
ld_status ld_workspace_create(const ld_allocator_t *allocator, ld_workspace_t **out);

/*!
 * @brief Returns all memory the workspace holds to its allocator; it stays usable.
 * @note Invalidates the last result. Call it to shed memory after a very large diff.
 */
void ld_workspace_reset(ld_workspace_t *workspace);

/*! @brief Frees @p workspace and everything it holds (NULL is ignored). */
void ld_workspace_free(ld_workspace_t *workspace);

/*! @brief Bytes the workspace currently holds: after a diff, that diff's peak extra memory. */
size_t ld_workspace_bytes_held(const ld_workspace_t *workspace);

/*!
 * @brief Room in the workspace for the identities of a diff's two lists, to fill and then
 *        pass to ld_heckel_diff() or ld_myers_diff() as @c source and @c target.
 *
 * A diff leaves these arrays alone, so a warm workspace diffs a stream of large lists without
 * touching fresh memory for their identities either. Distinct elements of the arrays may be
 * written from different threads at once.
 *
 * @param out_source receives room for @p source_count identities, @p out_target for
 *        @p target_count; their contents are unspecified until written.
 * @return LD_OK, LD_ERROR_INVALID (a NULL pointer), LD_ERROR_OVERFLOW (a count above
 *         ::LD_MAX_COUNT) or LD_ERROR_ALLOC; the out-parameters are untouched on error.
 * @note Valid until the next call of this function, a reset or the free of the workspace; they
 *       count in the bytes it holds.
 */
ld_status ld_workspace_identities(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                                  uint64_t **out_source, uint64_t **out_target);

/*!
 * @brief Room in the workspace for @p bytes of the caller's own: a binding's copy of the
 *        elements it diffs, warm between diffs as the identities are.
 *
 * A binding whose lists come in sections reads them through one list of all their elements;
 * kept here, that list touches no fresh memory in a stream of diffs either.
 *
 * @param out_room receives room for @p bytes, aligned as the workspace's allocator aligns (the
 *        default, malloc, for any type); its contents are unspecified.
 * @return LD_OK, LD_ERROR_INVALID (a NULL pointer) or LD_ERROR_ALLOC; @p out_room is untouched
 *         on error.
 * @note Valid until the next call of this function, a reset or the free of the workspace; no
 *       diff touches it, and it counts in the bytes the workspace holds.
 */
ld_status ld_workspace_room(ld_workspace_t *workspace, size_t bytes, void **out_room);

/*!
 * @brief Readies the workspace for a Heckel diff (or an LCS diff of unique identities) of
 *        @p source_count and @p target_count elements: reserves the memory it takes and, where
 *        that memory is new, writes to the parts every such diff writes, so that their pages
 *        are in memory when it starts.
 *
 * A cold workspace's first large diff otherwise spends much of its time on first-touch page
 * faults. This function may run on another thread while the caller fills the identity arrays
 * that ld_workspace_identities() lent, which it leaves alone; otherwise the workspace is used
 * by one thread at a time. On a workspace already large enough it returns at once.
 *
 * @param cancel NULL, or a token polled at least every 32 KiB written.
 * @return LD_OK, LD_ERROR_INVALID (@p workspace is NULL), LD_ERROR_OVERFLOW, LD_ERROR_ALLOC or
 *         LD_CANCELLED; after an error the workspace stays usable.
 */
ld_status ld_workspace_prepare(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                               const ld_cancel_token_t *cancel);

/* MARK: Diffing */

/*! @brief A matched element: its index in the source and in the target. */
typedef struct ld_pair {
    int32_t source;
    int32_t target;
} ld_pair_t;

/*! @brief Optional inputs of a diff. A NULL pointer to them, or a zero-initialised struct
 *  (`ld_options_t options = {0};`), means the defaults: no content hashes, no cancel token, no
 *  edit budget, no groups. */
typedef struct ld_options {
    /*! One content hash per source element, or NULL. Give both sides or neither. */
    const uint64_t *source_content;
    /*! One content hash per target element, or NULL. */
    const uint64_t *target_content;
    /*! Polled at least every 4,096 elements of work; NULL never cancels. */
    const ld_cancel_token_t *cancel;
    /*! LCS only, and only when @c limit_edits is true: the largest edit distance (deletes +
     *  inserts) to compute; 0 then admits identical lists only. */
    size_t max_edits;
    /*! Whether @c max_edits limits an LCS diff; false (the default) sets no budget. */
    bool limit_edits;
    /*! The group (a section, say) of each source element, or NULL for a single group: a
     *  matched pair whose two groups differ always moves, and the fewest moves are found
     *  within each group. Give both sides or neither. */
    const uint32_t *source_groups;
    /*! The group of each target element, or NULL; the ids must not decrease along the target
     *  (each group is a contiguous stretch of it, as sections are). */
    const uint32_t *target_groups;
} ld_options_t;

/*!
 * @brief A diff, owned by the workspace and valid until the workspace's next use.
 *
 * Applying it: delete @c deleted and the sources of @c moved (in descending source order),
 * then insert @c inserted and the targets of @c moved (in ascending target order); the
 * elements of @c updated changed content but kept their identity.
 */
typedef struct ld_result {
    /*! For each source index, its matched target index, or -1 when deleted. */
    const int32_t *source_to_target;
    size_t source_count;
    /*! For each target index, its matched source index, or -1 when inserted. */
    const int32_t *target_to_source;
    size_t target_count;
    /*! Unmatched source indices, ascending. */
    const int32_t *deleted;
    size_t deleted_count;
    /*! Unmatched target indices, ascending. */
    const int32_t *inserted;
    size_t inserted_count;
    /*! Matched pairs off a longest increasing run of target positions, by ascending target:
     *  the fewest moves that turn the survivors' order into the target's, for this pairing of
     *  duplicates (k-th occurrence with k-th). With groups, every pair whose groups differ
     *  and, within each group, the pairs off a longest increasing run of the pairs whose
     *  groups agree. Of the longest runs, one that leaves the fewest moves in place (source
     *  index equal to target index; for ld_sectioned_diff(), as ld_stage() reports them: see
     *  there): none whenever a longest run leaves none. Myers matches in order, so its moves
     *  are only the pairs whose groups differ: none without groups. */
    const ld_pair_t *moved;
    size_t moved_count;
    /*! Matched pairs whose content hashes differ, by ascending source; empty without hashes. */
    const ld_pair_t *updated;
    size_t updated_count;
} ld_result_t;

/*!
 * @brief Matches identities of @p source against @p target (Heckel), with minimal moves.
 *
 * Equal identities match in order: the k-th occurrence of an identity in the source matches
 * its k-th occurrence in the target; surplus occurrences are deletes or inserts.
 *
 * The hash table's slot function is seeded per workspace from the system's random source, so
 * no fixed set of identities (a list crafted by a server, say) collides in every process.
 * When both lists hold at least 2^19 elements, both are first split by hash into partitions
 * whose tables fit in the cache, and each is matched alone; the result is the same.
 *
 * @param workspace    a workspace not in use by another thread.
 * @param source       @p source_count identities; may be NULL when the count is 0.
 * @param target       @p target_count identities; may be NULL when the count is 0.
 * @param options      NULL, or content hashes, a cancel token, groups (max_edits is ignored).
 * @param out          receives the result; untouched on error.
 * @return LD_OK, LD_ERROR_INVALID (also: groups for one side only, or target groups that
 *         decrease), LD_ERROR_OVERFLOW, LD_ERROR_ALLOC or LD_CANCELLED. On any error the
 *         workspace stays usable and the previous result is no longer valid.
 * @note O(n + m) expected time plus O(k log k) for the k matched elements' moves (one
 *       comparison per move to check that none is in place; a second sort of k log k when one
 *       is), O(n + m) space: at most 30 bytes per element of n + m. A warm workspace allocates
 *       nothing for a diff whose counts are each no larger than an earlier one's.
 */
ld_status ld_heckel_diff(ld_workspace_t *workspace, const uint64_t *source, size_t source_count, const uint64_t *target,
                         size_t target_count, const ld_options_t *options, ld_result_t *out);

/*!
 * @brief Finds a longest common subsequence of @p source and @p target.
 *
 * The result has the fewest deletes + inserts of any script (duplicates included) and no moves.
 * After the common prefix and suffix, when every identity found on both sides occurs once on
 * each, the subsequence is a longest increasing run of the pairs matched by the hash table
 * of ld_heckel_diff(); otherwise linear-space Myers searches for it.
 *
 * @param options  NULL, or content hashes, a cancel token, an edit budget and groups.
 * @return as ld_heckel_diff(), plus LD_EDIT_BUDGET_EXCEEDED when options->limit_edits is set
 *         and the edit distance is larger than options->max_edits (callers then fall back to
 *         a Heckel diff), and LD_ERROR_INTERNAL should an invariant of the search fail.
 * @note With unique identities, O(n + m) expected time plus O(k log k) for the k matched
 *       elements, the memory of ld_heckel_diff(). Otherwise O((n + m) · D) time for edit
 *       distance D (O(n + m + D²) expected), O(n + m) space, and with a budget at most
 *       O((n + m) · max_edits) before giving up. A difference of the counts above the budget is
 *       refused at once.
 */
ld_status ld_myers_diff(ld_workspace_t *workspace, const uint64_t *source, size_t source_count, const uint64_t *target,
                        size_t target_count, const ld_options_t *options, ld_result_t *out);

/* MARK: Sectioned diffs and staging */

/*! @brief Which matcher ld_sectioned_diff() runs on sections and on elements. */
typedef enum ld_algorithm {
    /*! ld_heckel_diff(): linear time, the fewest moves for its pairing. */
    LD_ALGORITHM_HECKEL = 0,
    /*! ld_myers_diff(): a longest common subsequence, moves only where sections change. */
    LD_ALGORITHM_LCS = 1,
} ld_algorithm;

/*!
 * @brief A sectioned diff, owned by the workspace and valid until the workspace's next use
 *        (ld_stage() on the same workspace leaves it valid).
 *
 * Elements are numbered by the full flattening of each side: all elements of section 0, then
 * of section 1, and so on; element @c k of source section @c s has flat index
 * <tt>source_section_starts[s] + k</tt>.
 */
typedef struct ld_sectioned_result {
    /*! The match of the section identities, as ld_heckel_diff() or ld_myers_diff() reports
     *  it (no updates): @c moved holds the fewest section moves for its pairing, none in place
     *  whenever that can be (a section whose index after the section deletes equals its target
     *  index, as the stage of ld_stage() reports section moves). */
    ld_result_t sections;
    /*! The match of the elements over the full flattenings: @c source_to_target is -1 for
     *  every element of a deleted section, @c deleted lists them too (all unmatched source
     *  elements, ascending), @c inserted all unmatched target elements, @c moved every matched
     *  pair whose element changes section (its source section's target index differs from its
     *  target section) and the fewest others within each target section, by ascending target;
     *  no updates. Of the fewest, none in place whenever that can be: in place, as the stage
     *  of ld_stage() reports it, is a move between equal paths (the element's index among its
     *  section's matched elements, after the deletes, equal to its target index in the same
     *  section). */
    ld_result_t elements;
    /*! Where each source section starts in the source flattening: source section count + 1
     *  entries, the last the source element count. */
    const int32_t *source_section_starts;
    /*! Where each target section starts in the target flattening: target section count + 1
     *  entries. */
    const int32_t *target_section_starts;
} ld_sectioned_result_t;

/*!
 * @brief Matches sections by identity, then their elements by identity across sections.
 *
 * Sections are matched as ld_heckel_diff() or ld_myers_diff() matches a list (the k-th
 * occurrence of an identity with the k-th, for Heckel). Only the elements of matched source
 * sections take part in the element match: UIKit cannot move an element out of a section it
 * deletes, so the elements of a deleted section are deleted with it, and a target element of
 * the same identity is inserted (or matched to another source element). Each element's group
 * is its target section (a source element's, its section's target index): every element that
 * changes section moves, and the fewest moves are found within each target section.
 *
 * A flat list is one section on each side; it costs about what ld_heckel_diff() of its
 * elements costs.
 *
 * @param workspace             a workspace not in use by another thread.
 * @param source_sections       @p source_section_count section identities; may be NULL when
 *                              the count is 0.
 * @param target_sections       @p target_section_count section identities; likewise.
 * @param source_section_counts the element count of every source section; may be NULL when
 *                              there are no source sections. They must add up to
 *                              @p source_element_count.
 * @param target_section_counts likewise for the target.
 * @param source_elements       @p source_element_count element identities: every source
 *                              section's, flattened in order; may be NULL when the count is 0.
 * @param target_elements       @p target_element_count target element identities, likewise.
 * @param algorithm             ::LD_ALGORITHM_HECKEL or ::LD_ALGORITHM_LCS, for both matches.
 * @param options               NULL, or a cancel token and an edit budget (LCS only; it bounds
 *                              the section diff and the element diff each). Its content and
 *                              group fields must be NULL.
 * @param out                   receives the result; untouched on error.
 * @return LD_OK; LD_ERROR_INVALID (a NULL workspace or @p out, a NULL array with a non-zero
 *         count, section counts whose sum is not the element count, an unknown algorithm, or
 *         content or groups in @p options); LD_ERROR_OVERFLOW (a count above ::LD_MAX_COUNT,
 *         checked after the NULL arrays); LD_ERROR_ALLOC; LD_CANCELLED;
 *         LD_EDIT_BUDGET_EXCEEDED (LCS: either diff exceeds the budget); LD_ERROR_INTERNAL should
 *         a check of its own work fail (builds that define LD_CHECK_OWN_MATCH). On any error the
 *         workspace stays usable and its previous results are no longer valid.
 * @note O(S + T + n + m) expected time for S and T sections and n and m elements, plus the
 *       element diff's O(k log k) for k matched elements with Heckel (with LCS, the bounds
 *       that ld_myers_diff() gives). Space: the element diff's, plus 16 bytes per section of
 *       S + T, plus 8 bytes per source element when the source has two sections or more (room
 *       for the matched sections' identities), plus 4 per element of n + m when the target has
 *       two sections or more (the groups). A warm workspace allocates nothing for a diff whose
 *       six counts are each no larger than an earlier one's.
 */
ld_status ld_sectioned_diff(ld_workspace_t *workspace, const uint64_t *source_sections, size_t source_section_count,
                            const uint64_t *target_sections, size_t target_section_count,
                            const uint32_t *source_section_counts, const uint32_t *target_section_counts,
                            const uint64_t *source_elements, size_t source_element_count,
                            const uint64_t *target_elements, size_t target_element_count, ld_algorithm algorithm,
                            const ld_options_t *options, ld_sectioned_result_t *out);

/*! @brief An element's position: its section and its index within that section. */
typedef struct ld_path {
    int32_t section;
    int32_t element;
} ld_path_t;

/*! @brief An element move: from @c source (in the list before the batch) to @c target (in the
 *         list after it). */
typedef struct ld_path_move {
    ld_path_t source;
    ld_path_t target;
} ld_path_move_t;

/*! @brief The operations of one batch, as @c performBatchUpdates receives them: deletes,
 *         updates (which the view reloads) and move sources name the list before the batch;
 *         inserts and move targets the list after it. Each array may be NULL when its count is
 *         0, and may come in any order. A stage's operations are one (ld_stage_t::batch). */
typedef struct ld_batch {
    const int32_t *section_deleted;
    size_t section_deleted_count;
    const int32_t *section_inserted;
    size_t section_inserted_count;
    const int32_t *section_updated;
    size_t section_updated_count;
    const ld_pair_t *section_moved;
    size_t section_moved_count;
    const ld_path_t *element_deleted;
    size_t element_deleted_count;
    const ld_path_t *element_inserted;
    size_t element_inserted_count;
    const ld_path_t *element_updated;
    size_t element_updated_count;
    const ld_path_move_t *element_moved;
    size_t element_moved_count;
} ld_batch_t;

/*!
 * @brief The five stages of a staged changeset, in the order they must be applied.
 *
 * UIKit's @c performBatchUpdates reads deletes, reloads and move sources in the list before the
 * batch and inserts and move targets in the list after it; it cannot move an element out of a
 * section it deletes or into one it inserts or moves, reloads a section only in a batch of its
 * own, and only once the section is where the target has it. Five batches, each applied on the
 * data of the one before, respect all of this:
 */
typedef enum ld_stage_kind {
    /*! 1. @c element_updated: matched elements whose content changed, at their source paths,
     *  reloaded while nothing has moved yet. */
    LD_STAGE_ELEMENT_UPDATES = 0,
    /*! 2. @c section_deleted (source indices, ascending) and @c element_deleted (source paths of
     *  unmatched elements of matched sections, ascending; a deleted section takes its elements
     *  with it). */
    LD_STAGE_DELETES = 1,
    /*! 3. @c section_inserted (target indices, ascending; each arrives holding its unmatched
     *  target elements) and @c section_moved (from the section's index after the deletes, to its
     *  target index; the section match's moves only, by ascending target). */
    LD_STAGE_SECTION_INSERTS_AND_MOVES = 2,
    /*! 4. @c element_inserted (target paths of unmatched elements of matched sections, ascending)
     *  and @c element_moved (from the path after stage 3: the target index of the element's
     *  source section and its index there after the deletes; to its target path; the element
     *  match's moves, by ascending target). Elements moving into a section inserted in stage 3
     *  move here, a batch later. */
    LD_STAGE_ELEMENT_INSERTS_AND_MOVES = 3,
    /*! 5. @c section_updated: target indices of matched sections whose own content changed,
     *  reloaded alone, where the target has them. */
    LD_STAGE_SECTION_UPDATES = 4,
} ld_stage_kind;

/*! @brief The number of stages: ld_stages_t::stages is indexed by ::ld_stage_kind. */
#define LD_STAGE_COUNT 5

/*!
 * @brief What a section of a stage's data holds that a binding may already hold as one list:
 *        ld_section_origin_t::kind.
 */
typedef enum ld_origin_kind {
    /*! None known: the binding gathers the elements its references name. */
    LD_ORIGIN_GATHERED = 0,
    /*! Exactly the elements of source section @c index, in order, as in the source. */
    LD_ORIGIN_SOURCE_SECTION = 1,
    /*! Exactly the elements of target section @c index, in order, as in the target. */
    LD_ORIGIN_TARGET_SECTION = 2,
    /*! Exactly the elements of section @c index of the data of the present stage before. */
    LD_ORIGIN_PREVIOUS_DATA = 3,
} ld_origin_kind;

/*! @brief Where a section of a stage's data stands whole already, so that a binding shares the
 *         list it holds instead of gathering a new one: an ::ld_origin_kind and its index. */
typedef struct ld_section_origin {
    int32_t kind;
    int32_t index;
} ld_section_origin_t;

/*!
 * @brief One stage: its operations, the shape the view must show before it, and the layout of
 *        the data it installs.
 *
 * Only the operations of the stage's kind are non-empty. An array may be NULL when its count
 * is 0; every array is owned by the workspace (or is one of the match's) and valid as long as
 * the ld_stages_t it came in.
 *
 * Data layout, when @c data_is_target is false: the list after the stage has
 * @c data_section_count sections. Section @c k's model is @c data_section_models[k]: a source
 * section index when non-negative, else the bitwise complement (~t) of a target section index.
 * Its elements are <tt>data_elements[data_section_starts[k] ..< data_section_starts[k + 1]]</tt>,
 * each a flat source element index when non-negative, else the complement (~j) of a flat target
 * element index: the element's version shown (a matched element is shown in its target version
 * from stage 1 on, so reloading it in stage 1 installs that version). Matched sections keep their
 * source model until stage 5 reloads them. The data of each stage, when not the target:
 *  - 1: every source section (source model), its matched elements in their target version,
 *    the others (and every element of a deleted section) as in the source;
 *  - 2: the matched source sections in source order (source model), holding their matched
 *    elements (target versions) in source order;
 *  - 3: the target's sections in target order: matched ones as after stage 2, inserted ones with
 *    their target model and only their unmatched target elements, in order;
 *  - 4: the target's sections and elements, matched sections still with their source model.
 */
typedef struct ld_stage {
    /*! Whether the stage has operations, and so a batch. */
    bool present;
    /*! The stage's operations, performed as one batch (see ::ld_stage_kind). */
    ld_batch_t batch;

    /*! The section count the view must show before the stage. */
    size_t section_count_before;
    /*! The element count of each of those sections: the source's before the first present
     *  stage, else the data of the present stage before. */
    const int32_t *element_counts_before;

    /*! Whether the stage's data is the target (it is the last present stage); the layout
     *  fields are then NULL, except the section count. */
    bool data_is_target;
    /*! The number of sections in the stage's data. */
    size_t data_section_count;
    /*! Each section's model: >= 0 a source section, < 0 the complement of a target section. */
    const int32_t *data_section_models;
    /*! Where each section's elements start in @c data_elements: @c data_section_count + 1
     *  entries. */
    const int32_t *data_section_starts;
    /*! The elements: >= 0 a flat source element, < 0 the complement of a flat target element. */
    const int32_t *data_elements;
    /*! For each section, a list its elements already are, when one is (a section left as it was
     *  is the same list from stage to stage): @c data_section_count entries. */
    const ld_section_origin_t *data_section_origins;
} ld_stage_t;

/*! @brief The stages of a sectioned diff, indexed by ::ld_stage_kind; owned by the workspace
 *         and valid until its next use. */
typedef struct ld_stages {
    ld_stage_t stages[LD_STAGE_COUNT];
    /*! How many stages are present: 0 when source and target show the same. */
    size_t present_count;
} ld_stages_t;

/*!
 * @brief Sorts @p match into UIKit's five stages, with each stage's data layout and the shape
 *        the view must show before it.
 *
 * A binding builds every batch and every stage's data from the result by gathering: it needs
 * no rule of its own. The operations and layouts are described at ::ld_stage_kind and
 * ld_stage_t. A stage is present iff it has operations; the last present stage's data is the
 * target, and every other present stage has its own layout.
 *
 * @param workspace       a workspace not in use by another thread; typically the one that
 *                        holds @p match, which stays valid (the stages may point into it).
 * @param match           an unchanged result of ld_sectioned_diff(). The result that call
 *                        last returned on @p workspace (field for field, its buffers not reused
 *                        since) is trusted as it is (builds that define LD_CHECK_OWN_MATCH,
 *                        as SwiftPM's debug configuration and the fuzzers do, check it and
 *                        report LD_ERROR_INTERNAL); any other match has the indices this
 *                        function follows range-checked (LD_ERROR_INVALID when one is out of
 *                        range) and is not otherwise verified.
 * @param element_changed one flag per flat source element: non-zero when the element is
 *                        matched and its content changed (it is reloaded in stage 1). Flags of
 *                        unmatched elements are ignored. NULL: none changed.
 * @param section_changed one flag per target section: non-zero when the section is matched and
 *                        its model's content changed (it is reloaded in stage 5). Flags of
 *                        inserted sections are ignored. NULL: none changed.
 * @param cancel          NULL, or a token polled at least every 4,096 elements of work.
 * @param out             receives the stages; untouched on error.
 * @return LD_OK; LD_ERROR_INVALID (a NULL workspace, @p match or @p out, a NULL array in
 *         @p match with a non-zero count, or an index out of range); LD_ERROR_OVERFLOW (a count
 *         above ::LD_MAX_COUNT, or a size that does not fit in size_t); LD_ERROR_ALLOC;
 *         LD_CANCELLED; LD_ERROR_INTERNAL should an invariant of the staging fail. On any error
 *         the workspace stays usable, @p match stays valid and the previous stages are no
 *         longer valid.
 * @note O(S + T + n + m) time and space for S and T sections and n and m elements: it reserves
 *       at most 21 bytes per element of n + m and 28 per section of S + T (plus 16), whether or
 *       not every stage needs its part, and writes only the layouts of the stages that show
 *       them. A warm workspace allocates nothing for stages whose counts are each no larger
 *       than an earlier call's.
 */
ld_status ld_stage(ld_workspace_t *workspace, const ld_sectioned_result_t *match, const uint8_t *element_changed,
                   const uint8_t *section_changed, const ld_cancel_token_t *cancel, ld_stages_t *out);

/* MARK: Batch rules (UIKit's performBatchUpdates) */

/*! @brief One kind of operation in a batch. */
typedef enum ld_batch_operation {
    LD_BATCH_DELETE = 0,
    LD_BATCH_INSERT = 1,
    LD_BATCH_RELOAD = 2,
    LD_BATCH_MOVE_FROM = 3,
    LD_BATCH_MOVE_TO = 4,
} ld_batch_operation;

/*! @brief The rule of UIKit's a batch breaks (each one an @c NSInternalInconsistencyException,
 *         or a list UIKit corrupts), or ::LD_BATCH_VALID. */
typedef enum ld_batch_rule {
    LD_BATCH_VALID = 0,
    /*! @c path.section is outside its side's list of @c actual sections. */
    LD_BATCH_SECTION_OUT_OF_RANGE = 1,
    /*! @c path.element is outside its section, which has @c actual elements. */
    LD_BATCH_ELEMENT_OUT_OF_RANGE = 2,
    /*! @c path.section is listed twice by one kind of operation. */
    LD_BATCH_DUPLICATE_SECTION = 3,
    /*! @c path is listed twice by one kind of operation. */
    LD_BATCH_DUPLICATE_ELEMENT = 4,
    /*! @c path.section is both @c operation and @c other_operation: deleted and reloaded,
     *  deleted and moved, reloaded and moved, or inserted where another moves to. */
    LD_BATCH_CONFLICTING_SECTIONS = 5,
    /*! @c path is both @c operation and @c other_operation, as for sections. */
    LD_BATCH_CONFLICTING_ELEMENTS = 6,
    /*! @c path is deleted, reloaded or moved out of a section deleted in the batch. */
    LD_BATCH_ELEMENT_IN_DELETED_SECTION = 7,
    /*! @c path is in a section reloaded in the batch (before it, or after it, in what the
     *  reloaded section becomes). */
    LD_BATCH_ELEMENT_IN_RELOADED_SECTION = 8,
    /*! @c path is inserted or moved into a section inserted in the batch, or moved into a
     *  section moved in it. */
    LD_BATCH_ELEMENT_INTO_CHANGING_SECTION = 9,
    /*! The list after the batch has @c actual sections, not @c expected: the count before,
     *  less deletes, plus inserts. */
    LD_BATCH_SECTION_COUNT_MISMATCH = 10,
    /*! Section @c path.section after the batch has @c actual elements, not @c expected: its
     *  count before, less deletes and moves out, plus inserts and moves in. */
    LD_BATCH_ELEMENT_COUNT_MISMATCH = 11,
} ld_batch_rule;

/*! @brief What ld_check_batch() found; its arrays are owned by the workspace and valid until
 *         its next use. */
typedef struct ld_batch_check {
    /*! The first rule the batch breaks, in the order the enumeration lists them (within one
     *  rule: deletes, reloads, move sources, inserts, move targets, each in its list's order;
     *  a conflict names its smallest section or path), or ::LD_BATCH_VALID. */
    ld_batch_rule rule;
    /*! The operation the rule names, and for a conflict the other one. */
    ld_batch_operation operation, other_operation;
    /*! The section (and element) the rule names. */
    ld_path_t path;
    /*! For a rule about one listed operation: its index in its list (for a move, in the moves),
     *  a list of element paths when @c names_element, else of sections. */
    size_t item;
    bool names_element;
    /*! The counts a rule compares (see ::ld_batch_rule). */
    int64_t expected, actual;
    /*! The sections before the batch and their element counts: the caller's, or derived (NULL
     *  when the section operations break a rule before they are). */
    const int32_t *counts_before;
    size_t section_count_before;
    /*! A valid batch: for each section after it, the section before it that it shows, or -1
     *  (inserted); NULL otherwise. */
    const int32_t *section_origins;
    /*! A valid batch: for each element after it (the sections' elements one after another),
     *  the element before it that it shows (counted the same way), or -1 when it arrives:
     *  inserted, in an inserted section, or reloaded when the call said so; NULL otherwise. */
    const int32_t *element_origins;
    size_t element_count;
} ld_batch_check_t;

/*! @brief Options of ld_check_batch(), or-ed together; 0 for none. */
typedef enum ld_batch_check_option {
    /*! A reloaded element arrives (-1) in the element origins, as its data does, instead of
     *  standing for the element it was, as its position does. */
    LD_BATCH_RELOADS_ARRIVE = 1,
    /*! The list before the batch is unknown (a batch built by hand, the view not asked): its
     *  counts are derived from the counts after as the only ones the batch can be valid for
     *  (the sections: the count after, less inserts, plus deletes; a surviving section: its
     *  count after, less what the batch adds to it, plus what it removes; a section the
     *  batch deletes: 0, for an element operation in it breaks a rule), reported in
     *  @c counts_before, and the batch is checked against them; @p counts_before and
     *  @p sections_before are ignored. */
    LD_BATCH_DERIVE_COUNTS_BEFORE = 2,
} ld_batch_check_option;

/*!
 * @brief Checks @p batch against UIKit's batch-update rules for a list whose sections hold
 *        @p counts_before elements before it and @p counts_after after it, and when it is valid
 *        says where each section and element after it comes from, as a list view performs it.
 *
 * @param workspace       a workspace not in use by another thread.
 * @param counts_before   each section's count before the batch; may be NULL when
 *                        @p sections_before is 0.
 * @param counts_after    each section's count after the batch; may be NULL when
 *                        @p sections_after is 0.
 * @param options         ::ld_batch_check_option values, or-ed; 0 for none.
 * @param out             receives the outcome, valid or not; untouched on error.
 * @return LD_OK (a valid batch or not: see @c out->rule); LD_ERROR_INVALID (a NULL workspace,
 *         @p batch or @p out, a NULL array with a non-zero count, a negative count);
 *         LD_ERROR_OVERFLOW (more than ::LD_MAX_COUNT sections or elements on a side);
 *         LD_ERROR_ALLOC.
 * @note O(S + T + n + m + k) time for S and T sections, n and m elements and k operations;
 *       13 bytes per section of S + T (plus 12), 1 per element before and 5 per element after.
 *       A warm workspace allocates nothing for a batch whose counts are
 *       each no larger than an earlier call's.
 */
ld_status ld_check_batch(ld_workspace_t *workspace, const ld_batch_t *batch, const int32_t *counts_before,
                         size_t sections_before, const int32_t *counts_after, size_t sections_after, uint32_t options,
                         ld_batch_check_t *out);

/* MARK: Scroll anchoring */

/*! @brief What a list view keeps in place through a batch that changes rows above what it shows;
 *         see ld_anchor_plan(). */
typedef enum ld_scroll_anchor {
    /*! Nothing: the view keeps its content offset, as UIKit and AppKit do. */
    LD_SCROLL_ANCHOR_NONE = 0,
    /*! The first row on screen that survives the batch keeps its distance from the visible top. */
    LD_SCROLL_ANCHOR_VISIBLE_CONTENT = 1,
    /*! A view at its top edge before the batch is at its top edge after it; elsewhere, as
     *  ::LD_SCROLL_ANCHOR_VISIBLE_CONTENT. */
    LD_SCROLL_ANCHOR_TOP = 2,
    /*! A view at its bottom edge before the batch is at its bottom edge after it; elsewhere, as
     *  ::LD_SCROLL_ANCHOR_VISIBLE_CONTENT. */
    LD_SCROLL_ANCHOR_BOTTOM = 3,
} ld_scroll_anchor;

/*! @brief A scroll view along its scroll axis (y, or x for a horizontal one), in points: its
 *         content offset, the length of its bounds, its content's length, and its adjusted
 *         content insets at the leading (top, left) and trailing (bottom, right) ends. Its
 *         offsets run from -inset_leading to the larger of that and
 *         content_length + inset_trailing - length; a view within half a point of an end is
 *         at that edge. */
typedef struct ld_viewport {
    double offset, length, content_length, inset_leading, inset_trailing;
} ld_viewport_t;

/*! @brief A row a view shows before a batch: its path, and its frame's leading edge along the
 *         scroll axis, in the content's coordinates. */
typedef struct ld_visible_row {
    ld_path_t path;
    double leading;
} ld_visible_row_t;

/*! @brief What ld_anchor_plan() keeps through a batch. */
typedef struct ld_anchor_plan {
    /*! ::LD_SCROLL_ANCHOR_NONE (leave the offset), ::LD_SCROLL_ANCHOR_VISIBLE_CONTENT (keep
     *  @c path's distance), ::LD_SCROLL_ANCHOR_TOP or ::LD_SCROLL_ANCHOR_BOTTOM (pin that edge). */
    ld_scroll_anchor keep;
    /*! ::LD_SCROLL_ANCHOR_VISIBLE_CONTENT: the anchor row's path after the batch. */
    ld_path_t path;
    /*! ::LD_SCROLL_ANCHOR_VISIBLE_CONTENT: the anchor row's leading edge less the visible top
     *  (offset + inset_leading) before the batch. */
    double distance;
} ld_anchor_plan_t;

/*!
 * @brief Decides, before a batch, what a view showing @p rows keeps in place through it: the
 *        edge it is pinned to, or the row that anchors it and where that row will be.
 *
 * The anchor is the row of @p rows with the smallest leading edge (the first by index path
 * among equals, whatever order @p rows lists them in) that survives the batch: one it neither
 * deletes nor leaves in a deleted section (a reloaded row, or a row of a reloaded section,
 * survives). Its path after the batch follows
 * UIKit's rules, as the view performs them: a moved row goes to its move's target; any other
 * survivor shifts past the deletes, move sources, inserts and move targets of its section, and
 * with its section past those of the sections (a moved section goes to its move's target).
 * When none survives, or @p mode is ::LD_SCROLL_ANCHOR_NONE, nothing is kept.
 *
 * @param workspace a workspace not in use by another thread (its previous results are no
 *                  longer valid afterwards).
 * @param batch     the batch, valid for the view (ld_check_batch() says which are).
 * @param before    the view before the batch.
 * @param rows      the rows it shows, in any order; may be NULL when @p row_count is 0.
 * @param out       receives the plan; untouched on error.
 * @return LD_OK; LD_ERROR_INVALID (a NULL workspace, @p batch, @p before or @p out, a NULL
 *         array with a non-zero count, an unknown @p mode, a negative path, a viewport or edge
 *         that is not finite, a negative length); LD_ERROR_OVERFLOW (a count above
 *         ::LD_MAX_COUNT); LD_ERROR_ALLOC.
 * @note O((k + r) log k) time for k operations and r rows, at most 40 bytes per operation: the size of
 *       the list does not count. A warm workspace allocates nothing for a batch no larger than
 *       an earlier call's.
 */
ld_status ld_anchor_plan(ld_workspace_t *workspace, ld_scroll_anchor mode, const ld_batch_t *batch,
                         const ld_viewport_t *before, const ld_visible_row_t *rows, size_t row_count,
                         ld_anchor_plan_t *out);

/*!
 * @brief The content offset that carries out @p plan once the view has laid out the batch:
 *        the anchor row's distance from the visible top kept, or the pinned edge, clamped to
 *        the offsets @p after allows; @p after's own offset when nothing is kept.
 *
 * @param anchor_leading the anchor row's leading edge after the batch (ignored unless
 *                       @c plan->keep is ::LD_SCROLL_ANCHOR_VISIBLE_CONTENT).
 * @param out_offset     receives the offset to set.
 * @return LD_OK; LD_ERROR_INVALID (a NULL pointer, an unknown plan, a value that is not
 *         finite, a negative length); @p out_offset is untouched on error.
 */
ld_status ld_anchor_offset(const ld_anchor_plan_t *plan, const ld_viewport_t *after, double anchor_leading,
                           double *out_offset);

/*! @brief A list view as ld_anchor_keep() drives it once it has performed a batch: the binding's
 *         callbacks, each given @c context. */
typedef struct ld_anchor_view {
    void *context;
    /*! Whether the user touches, drags or decelerates the view (AppKit: scrolls it live). */
    bool (*user_is_scrolling)(void *context);
    /*! Lays the view out now, so that it reports its new data's frames and content size. */
    void (*layout)(void *context);
    /*! The view along its scroll axis now. */
    ld_viewport_t (*viewport)(void *context);
    /*! Sets @p out to the leading edge of the laid-out row at @p path; false when the view has
     *  no row there. */
    bool (*leading_edge)(void *context, ld_path_t path, double *out);
    /*! Scrolls the view to @p offset along its axis, without stopping a deceleration. */
    void (*set_offset)(void *context, double offset);
} ld_anchor_view_t;

/*!
 * @brief Carries out @p plan on a view that has performed the batch: lays it out, sets the
 *        offset that ld_anchor_offset() gives when it differs from the view's, and again until a layout
 *        moves neither the viewport nor the anchor (rows whose estimated heights become real
 *        ones once shown, self-sizing cells, move it), at most 4 layouts.
 *
 * Stops, leaving the offset alone, when the user scrolls, when the view has no row at the
 * anchor's path, or when it reports a geometry that is not finite.
 *
 * @return LD_OK; LD_ERROR_INVALID (a NULL @p plan, @p view or callback, an unknown plan).
 */
ld_status ld_anchor_keep(const ld_anchor_plan_t *plan, const ld_anchor_view_t *view);

/*! @brief The kinds of a batch's operations, in the order a view is sent them (UIKit's), which
 *         both bindings' view adapters walk: each kind that has operations, once. */
typedef enum ld_operation_kind {
    LD_SECTIONS_DELETED,
    LD_SECTIONS_INSERTED,
    LD_SECTIONS_RELOADED,
    LD_SECTIONS_MOVED,
    LD_ELEMENTS_DELETED,
    LD_ELEMENTS_INSERTED,
    LD_ELEMENTS_RELOADED,
    LD_ELEMENTS_MOVED,
    LD_OPERATION_KIND_COUNT
} ld_operation_kind;

/* MARK: The guard before a batch */

/*! @brief The first count a view shows that differs from the one a batch starts from. */
typedef struct ld_count_mismatch {
    /*! The section whose element count differs, or -1 for the number of sections. */
    int64_t section;
    int64_t expected;
    int64_t actual;
} ld_count_mismatch_t;

/*!
 * @brief The guard both bindings run before each batch, which turns UIKit's most common crash
 *        (data changed behind the diff's back) into a reload: compares the number of sections a
 *        view shows, then the element count of each of @p count sections, with those the batch
 *        starts from, and stops at the first that differs.
 * @param section_count   the sections the view must show; negative: not checked.
 * @param at_least        whether the view may show more sections (a flat list's view, whose one
 *                        section must exist).
 * @param sections        the sections whose element counts are checked, or NULL for 0 to
 *                        @p count - 1.
 * @param element_counts  the elements each of those sections must show.
 * @param shown           the count the view shows: of sections for -1, else of the elements in
 *                        that section (asked only once the section count agreed).
 * @return true, with @p out set, at the first difference; false when every count agrees.
 * @note O(count) calls of @p shown at most.
 */
bool ld_count_mismatch(int64_t section_count, bool at_least, const int64_t *sections, const int64_t *element_counts,
                       size_t count, int64_t (*shown)(void *context, int64_t section), void *context,
                       ld_count_mismatch_t *out);

/* MARK: Immediate row operations (NSTableView) */

/*! @brief What one immediate row operation does; see ld_row_operation_t. */
typedef enum ld_row_operation_kind {
    /*! Reload @c count rows, listed ascending at @c rows (indices before the batch; the reloads
     *  come first, while they still stand there). */
    LD_ROWS_RELOAD = 0,
    /*! Remove @c count rows, listed ascending at @c rows, all at once. */
    LD_ROWS_REMOVE = 1,
    /*! Insert @c count rows, so that they stand at @c first ..< @c first + @c count. */
    LD_ROWS_INSERT = 2,
    /*! Move one row from index @c first to index @c to (remove it, then insert it there). */
    LD_ROW_MOVE = 3,
} ld_row_operation_kind;

/*! @brief One call to a list view whose every call acts at once on its rows as they are then,
 *         as NSTableView's do between @c beginUpdates and @c endUpdates. */
typedef struct ld_row_operation {
    ld_row_operation_kind kind;
    /*! ::LD_ROWS_INSERT: the first index; ::LD_ROW_MOVE: the row's index before the move. */
    int32_t first;
    /*! ::LD_ROW_MOVE: the row's index after the move. */
    int32_t to;
    /*! ::LD_ROWS_RELOAD, ::LD_ROWS_REMOVE, ::LD_ROWS_INSERT: the number of rows. */
    size_t count;
    /*! ::LD_ROWS_RELOAD, ::LD_ROWS_REMOVE: the rows, ascending; NULL otherwise. */
    const int32_t *rows;
} ld_row_operation_t;

/*! @brief Immediate row operations, owned by the workspace and valid until its next use. */
typedef struct ld_row_operations {
    const ld_row_operation_t *operations;
    size_t count;
} ld_row_operations_t;

/*!
 * @brief Translates a batch of one section, whose indices follow UIKit's rules (deletes,
 *        reloads and move sources in the list before the batch; inserts and move targets in the
 *        list after it), into operations that each act at once, in order, on a list of
 *        @p row_count rows: NSTableView's between @c beginUpdates and @c endUpdates.
 *
 * Reloads come first, then one removal of every deleted row; then, in ascending target order,
 * each inserted row (runs of adjacent ones merged) and each moved row is placed right after the
 * row that precedes it in the target. Only rows the batch moves are moved: the rows that stay
 * never are. The lists may come in any order.
 *
 * @param workspace a workspace not in use by another thread (its previous results are no
 *                  longer valid afterwards).
 * @param deleted, inserted, moved, reloaded the batch; each may be NULL when its count is 0.
 * @param cancel    NULL, or a token polled at least every 4,096 rows of work.
 * @param out       receives the operations; untouched on error.
 * @return LD_OK; LD_ERROR_INVALID (a NULL workspace or @p out, a NULL array with a non-zero
 *         count, or a batch UIKit would reject for a list of @p row_count rows: an index out of
 *         range, one listed twice in a list, a row both deleted and reloaded or moved, reloaded
 *         and moved, or a target both inserted and moved to); LD_ERROR_OVERFLOW (a count above
 *         ::LD_MAX_COUNT); LD_ERROR_ALLOC; LD_CANCELLED.
 * @note O((n + k) log n) time for n rows and k operations, O(n + k) space: at most 42 bytes per
 *       row before the batch, 17 per row after it and 32 per insert or move, plus 120. A warm
 *       workspace allocates nothing for a batch whose counts are each no larger than an earlier
 *       call's.
 */
ld_status ld_immediate_rows(ld_workspace_t *workspace, size_t row_count, const int32_t *deleted, size_t deleted_count,
                            const int32_t *inserted, size_t inserted_count, const ld_pair_t *moved, size_t moved_count,
                            const int32_t *reloaded, size_t reloaded_count, const ld_cancel_token_t *cancel,
                            ld_row_operations_t *out);

/* MARK: Identifier numbering */

/*!
 * @brief Numbers identifiers so that equal ones share a number: exact identities for a diff of
 *        identifiers the caller can only hash and compare (the Objective-C binding's objects,
 *        the Swift layer's after two identifiers shared a 64-bit identity).
 *
 * The caller keeps its identifiers, by number, and compares them; the numbering keeps their
 * hashes and finds the candidates: only identifiers of the same hash, as a dictionary of them
 * would. A type whose values hash alike (even a constant hash) is numbered exactly, at the cost
 * of the comparisons; a hash that differs for equal identifiers gives them different numbers:
 * a valid diff with fewer matches.
 */
typedef struct ld_numbering ld_numbering_t;

/*!
 * @brief Creates an empty numbering for at most @p capacity distinct identifiers.
 * @param allocator NULL for malloc/free; copied, it must outlive the numbering.
 * @return LD_OK, LD_ERROR_INVALID (@p out is NULL), LD_ERROR_OVERFLOW (@p capacity above
 *         ::LD_MAX_COUNT, or its bytes beyond size_t) or LD_ERROR_ALLOC; @p out untouched on
 *         error.
 * @note One allocation of 24 to 36 bytes per identifier of @p capacity, plus 120.
 */
ld_status ld_numbering_create(const ld_allocator_t *allocator, size_t capacity, ld_numbering_t **out);

/*! @brief Frees @p numbering (NULL is ignored). */
void ld_numbering_free(ld_numbering_t *numbering);

/*!
 * @brief Numbers an identifier of hash @p hash: the number of the first identifier numbered
 *        with that hash (newest first) that @p equal says it equals, else the next unused
 *        number (numbers count up from 0), which the caller keeps the identifier as.
 * @param equal    called with each candidate's number until it answers 1 (the identifier
 *                 equals that one; 0: not), then, when none did, with the new number, where 0
 *                 numbers the identifier; -1 stops.
 * @param cancel   NULL, or a token polled every ::LD_POLL_INTERVAL comparisons of the numbering.
 * @param out_new  set to whether the number is new.
 * @return LD_OK; LD_ERROR_INVALID (a NULL argument, @p equal stopped, or @c capacity distinct
 *         identifiers numbered already: the numbering unchanged); LD_CANCELLED.
 * @note O(1) expected besides the comparisons: the table is at most a third full.
 */
ld_status ld_number(ld_numbering_t *numbering, uint64_t hash, int (*equal)(void *context, uint64_t number),
                    void *context, const ld_cancel_token_t *cancel, uint64_t *out_number, bool *out_new);

/* MARK: Workspace pool */

/*!
 * @brief How a pool keeps idle workspaces; a zeroed struct (`ld_pool_options_t o = {0};`), or
 *        a zero field, means the default.
 */
typedef struct ld_pool_options {
    /*! Idle workspaces kept at most, up to 16; 0: 4 (one per thread that diffs at once,
     *  typically). A workspace given back to a full pool is freed. */
    size_t idle_limit;
    /*! Bytes an idle workspace may hold and stay warm for as long as it idles; 0: 8 MiB
     *  (a Heckel diff of about 100,000 elements a side). */
    size_t small_bytes;
    /*! Nanoseconds a workspace holding more than @c small_bytes stays warm after it was given
     *  back; then ld_pool_trim() resets it. 0: 5 seconds. */
    uint64_t large_retention;
    /*! The pool's clock, in nanoseconds: only differences of two readings matter. NULL: the
     *  system's monotonic clock. Tests pass a clock they move by hand. */
    uint64_t (*clock)(void *context);
    /*! Passed to @c clock. */
    void *clock_context;
    /*! Whether the pool keeps its policy on time by itself, as the shared pool does: see
     *  ::ld_pool_t. false (the default): the caller trims. */
    bool trims_itself;
} ld_pool_options_t;

/*!
 * @brief Warm workspaces reused across diffs, for any number of threads: a workspace that has
 *        diffed lists of some size diffs lists up to that size without allocating.
 *
 * The policy, which every binding shares through ld_pool_shared(), and the one place it is
 * stated: at most 4 idle workspaces; one holding at most 8 MiB stays warm while idle; a larger
 * one gives its memory back 5 seconds after its last diff, so that a stream of large diffs never
 * starts cold; ld_pool_purge() gives everything back at once (::ld_pool_options_t sets other
 * figures). A pool that trims itself (@c trims_itself, the shared pool) runs that policy alone:
 * its own thread, started when a large workspace first idles, calls ld_pool_trim() when a
 * give or a trim says a trim is due; on Apple platforms the system's memory-pressure warning
 * purges it. Any other pool leaves the timing to its caller, who arms a timer for each nonzero
 * answer of a give or a trim and calls ld_pool_trim() when it fires.
 */
typedef struct ld_pool ld_pool_t;

/*!
 * @brief Creates an empty pool.
 * @param options NULL, or the policy (see ::ld_pool_options_t); copied.
 * @return LD_OK, LD_ERROR_INVALID (@p out is NULL) or LD_ERROR_ALLOC; @p out untouched on error.
 */
ld_status ld_pool_create(const ld_pool_options_t *options, ld_pool_t **out);

/*!
 * @brief Frees @p pool and its idle workspaces, after stopping its thread (NULL and the shared
 *        pool are ignored). Every workspace taken from it must have been given back.
 */
void ld_pool_free(ld_pool_t *pool);

/*! @brief The process-wide pool, with the default policy, trimming itself, that the Swift and
 *         Objective-C bindings share; never freed. */
ld_pool_t *ld_pool_shared(void);

/*!
 * @brief A workspace for one diff: the most recently given idle one (the warmest), or a new one.
 * @return LD_OK, LD_ERROR_INVALID (@p pool or @p out is NULL) or LD_ERROR_ALLOC; @p out
 *         untouched on error.
 * @note O(1); a new workspace allocates on first use.
 */
ld_status ld_pool_take(ld_pool_t *pool, ld_workspace_t **out);

/*!
 * @brief Gives back @p workspace, taken from @p pool, to idle; or frees it when the pool
 *        already keeps @c idle_limit idle workspaces (or @p pool is NULL).
 * @return When no trim is pending: the nanoseconds after which ld_pool_trim() has work (the
 *         first idle workspace holding more than @c small_bytes is due; at least 1 when one is
 *         overdue), and a trim is pending from then on. 0 when a trim is pending already (a
 *         workspace given back is due no sooner than those before it) or none holds more. A
 *         binding arms its timer for a nonzero answer, so that a stream of diffs arms it
 *         once, never putting off a trim already due.
 */
uint64_t ld_pool_give(ld_pool_t *pool, ld_workspace_t *workspace);

/*!
 * @brief Resets the idle workspaces that hold more than @c small_bytes and were given back at
 *        least @c large_retention ago (as the pool's clock reads now).
 * @return The nanoseconds until the next such workspace is due, or 0 when none holds more;
 *         a trim is pending after a nonzero answer, for which the binding re-arms its timer.
 * @note O(idle workspaces) besides the memory given back.
 */
uint64_t ld_pool_trim(ld_pool_t *pool);

/*! @brief Resets every idle workspace: their memory goes back to the system; they stay usable.
 *         Diffs running meanwhile keep theirs. */
void ld_pool_purge(ld_pool_t *pool);

/*! @brief Bytes held by the idle workspaces of @p pool now. */
size_t ld_pool_idle_bytes(ld_pool_t *pool);

#ifdef __cplusplus
}
#endif

#endif /* CLISTDELTA_H */
