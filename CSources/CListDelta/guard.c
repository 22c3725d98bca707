#include "CListDelta.h"

bool ld_count_mismatch(int64_t section_count, bool at_least, const int64_t *sections, const int64_t *element_counts,
                       size_t count, int64_t (*shown)(void *context, int64_t section), void *context,
                       ld_count_mismatch_t *out) {
    int64_t shown_sections = shown(context, -1);
    if (section_count >= 0 && (at_least ? shown_sections < section_count : shown_sections != section_count)) {
        *out = (ld_count_mismatch_t){ -1, section_count, shown_sections };
        return true;
    }
    for (size_t i = 0; i < count; i++) {
        int64_t section = sections != NULL ? sections[i] : (int64_t)i, actual = shown(context, section);
        if (actual != element_counts[i]) {
            *out = (ld_count_mismatch_t){ section, element_counts[i], actual };
            return true;
        }
    }
    return false;
}
