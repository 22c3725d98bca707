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
const char *ldc_check_result(ldc_algorithm algorithm,
                             const uint64_t *source, size_t source_count,
                             const uint64_t *target, size_t target_count,
                             const uint64_t *source_content, const uint64_t *target_content,
                             const uint32_t *source_groups, const uint32_t *target_groups,
                             const ld_result_t *result);

/*! @brief The length of a longest common subsequence, by O(n·m) dynamic programming. */
size_t ldc_lcs_length(const uint64_t *source, size_t source_count,
                      const uint64_t *target, size_t target_count);

/*! @brief An allocator that counts calls and live bytes, and can fail on a chosen call. */
typedef struct {
    size_t allocations;       /*!< successful allocate calls */
    size_t deallocations;
    size_t live_bytes;
    size_t peak_live_bytes;
    long fail_at;             /*!< 0-based allocate call that returns NULL; -1 never */
    size_t attempts;          /*!< allocate calls, failed ones included */
} ldc_counting_allocator;

/*! @brief An ld_allocator_t that routes through @p counter. */
ld_allocator_t ldc_make_allocator(ldc_counting_allocator *counter);

#ifdef __cplusplus
}
#endif

#endif /* CLISTDELTACHECKS_H */
