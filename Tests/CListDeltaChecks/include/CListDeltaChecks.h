/*!
 * @file CListDeltaChecks.h
 * @brief Brute-force references and invariant checks for the C core, shared by the Swift
 *        tests and the libFuzzer target. Quadratic on purpose: use on small inputs only.
 */
#ifndef CLISTDELTACHECKS_H
#define CLISTDELTACHECKS_H

#include <CListDelta.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    LDC_HECKEL = 0,
    LDC_MYERS = 1,
} ldc_algorithm;

/*!
 * @brief Checks @p result against @p source / @p target by brute force.
 *
 * Both: the index maps are mutual inverses that pair equal identities; deletes and inserts are
 * exactly the unmatched indices, ascending; updates are exactly the matched pairs whose content
 * differs; replaying deletes, moves and inserts on the source gives the target.
 * Heckel: the k-th occurrence of an identity on each side are paired, the surplus unmatched.
 * Myers: the matched count equals the O(n·m) dynamic-programming LCS length.
 * Moves: every pair whose groups differ moves; within each group the staying pairs are in
 * order and the moves number the group's matched pairs minus their LIS (O(k²) reference),
 * which for Myers is none. Without groups everything is one group.
 *
 * @return NULL when every check passes, else a static description of the first failure.
 */
const char *ldc_check_result(ldc_algorithm algorithm, const uint64_t *source, size_t source_count,
                             const uint64_t *target, size_t target_count, const uint64_t *source_content,
                             const uint64_t *target_content, const uint32_t *source_groups,
                             const uint32_t *target_groups, const ld_result_t *result);

/*! @brief The length of a longest common subsequence, by O(n·m) dynamic programming. */
size_t ldc_lcs_length(const uint64_t *source, size_t source_count, const uint64_t *target, size_t target_count);

/*! @brief A sectioned list pair as ld_sectioned_diff() takes it. */
typedef struct {
    const uint64_t *source_sections;
    size_t source_section_count;
    const uint64_t *target_sections;
    size_t target_section_count;
    const uint32_t *source_section_counts;
    const uint32_t *target_section_counts;
    const uint64_t *source_elements;
    size_t source_element_count;
    const uint64_t *target_elements;
    size_t target_element_count;
} ldc_sectioned_lists_t;

/*!
 * @brief Checks a sectioned match and its stages against @p lists by brute force.
 *
 * The match: the section result passes ldc_check_result() on the section identities; the
 * elements of deleted sections are unmatched; over the matched sections' elements (grouped by
 * target section) the element result passes ldc_check_result() too: k-th occurrence with k-th
 * (Heckel) or an LCS (Myers), every pair that changes section moves and the fewest others
 * within each target section (O(k²) LIS); its full-flattening lists and the section starts are
 * consistent.
 *
 * The stages: each is present iff it has operations, holds only its own kinds, and the last
 * present one's data is the target while every other present one has a layout equal to the
 * one the rules give (built here independently). Then every present stage is replayed on a
 * plain model of the list (sections of element references, each with a model reference)
 * under UIKit's batch-update rules: the model's shape before the stage equals the stage's
 * counts before it; the stage's batch passes ld_check_batch (the core's one copy of the rules)
 * for the model's shape before it and its data's after it, else the failure names the rule it
 * breaks; the model's sections and elements then follow the check's origins, and what arrives
 * is taken from the data. After each stage the model shows the same items as the stage's data
 * (and no stale content: an element or section whose content changed is shown in its target
 * version wherever the data shows that), so after the last stage it is the target. Element
 * updates are exactly the matched elements flagged changed, section updates exactly the
 * matched sections flagged changed; moves are the match's moves.
 *
 * @param element_changed one flag per flat source element, or NULL (ld_stage()'s input).
 * @param section_changed one flag per target section, or NULL.
 * @return NULL when every check passes, else a description of the first failure (in storage
 *         local to the calling thread, valid until its next call).
 */
const char *ldc_check_stages(ldc_algorithm algorithm, const ldc_sectioned_lists_t *lists,
                             const uint8_t *element_changed, const uint8_t *section_changed,
                             const ld_sectioned_result_t *match, const ld_stages_t *stages);

/*! @brief An allocator that counts calls and live bytes, and can fail on a chosen call. */
typedef struct {
    size_t allocations; /*!< successful allocate calls */
    size_t deallocations;
    size_t live_bytes;
    size_t peak_live_bytes;
    long fail_at;    /*!< 0-based allocate call that returns NULL; -1 never */
    size_t attempts; /*!< allocate calls, failed ones included */
} ldc_counting_allocator;

/*! @brief An ld_allocator_t that routes through @p counter. */
ld_allocator_t ldc_make_allocator(ldc_counting_allocator *counter);

#ifdef __cplusplus
}
#endif

#endif /* CLISTDELTACHECKS_H */
