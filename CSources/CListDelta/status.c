#include "CListDelta.h"

const char *ld_status_description(ld_status status) {
    /* clang-format off */
    switch (status) {
    case LD_OK: return "success";
    case LD_ERROR_INVALID: return "an argument breaks a documented rule (see ld_status in CListDelta.h)";
    case LD_ERROR_ALLOC: return "memory allocation failed";
    case LD_ERROR_OVERFLOW: return "a count exceeds LD_MAX_COUNT or a size overflows";
    case LD_CANCELLED: return "the diff was cancelled";
    case LD_EDIT_BUDGET_EXCEEDED: return "the edit distance exceeds the budget";
    case LD_ERROR_INTERNAL: return "an internal invariant failed: a bug in ListDelta, please report it";
    }
    /* clang-format on */
    return "unknown status";
}
