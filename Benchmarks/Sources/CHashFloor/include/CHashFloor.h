#ifndef CHASHFLOOR_H
#define CHASHFLOOR_H

#include <stddef.h>
#include <stdint.h>

/*! @brief One slot of the floor's table: an identity and its 1-based source index (0 = empty). */
typedef struct {
    uint64_t key;
    uint64_t value;
} hf_slot_t;

/*! @brief The slots hf_build_and_probe() needs for @p source_count identities (load <= 1/2). */
size_t hf_capacity(size_t source_count);

/*!
 * @brief The cheapest work any identity-matching diff must do: clear an open-addressing table,
 *        insert every source identity, look up every target identity.
 * @param slots  hf_capacity(source_count) slots, allocated by the caller.
 * @return the sum of the matched source positions, so the work cannot be optimised away.
 */
uint64_t hf_build_and_probe(hf_slot_t *slots, size_t capacity,
                            const uint64_t *source, size_t source_count,
                            const uint64_t *target, size_t target_count);

#endif
