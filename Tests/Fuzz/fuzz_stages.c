/* libFuzzer target for the sectioned diff and the staging engine: each input becomes a
 * sectioned source and target (section and element identities from small alphabets, so
 * duplicates abound; empty sections; any section count from 0), content-changed flags and an
 * optional LCS budget. Every match and its stages are checked by ldc_check_stages, which
 * replays the stages under UIKit's batch-update rules. */
#include <CListDelta.h>
#include <CListDeltaChecks.h>

#include <stdio.h>
#include <stdlib.h>

#define LDF_TARGET "fuzz_stages"
#include "fuzz_input.h"

enum { LDF_MAX_SECTIONS = 12, LDF_MAX_PER_SECTION = 15, LDF_MAX_ELEMENTS = LDF_MAX_SECTIONS * LDF_MAX_PER_SECTION };

/* Reads one side: a count byte, then per section an identity-and-count byte, then per element
 * an identity-and-flag byte. Missing bytes read as 0. */
static void ldf_side(ldf_reader_t *reader, uint8_t section_alphabet, uint8_t element_alphabet, uint64_t *sections,
                     size_t *section_count, uint32_t *counts, uint64_t *elements, size_t *element_count,
                     uint8_t *changed) {
    *section_count = ldf_byte(reader) % (LDF_MAX_SECTIONS + 1);
    *element_count = 0;
    for (size_t s = 0; s < *section_count; s++) {
        uint8_t byte = ldf_byte(reader);
        sections[s] = byte % section_alphabet;
        counts[s] = (uint32_t)(byte >> 4) % (LDF_MAX_PER_SECTION + 1);
    }
    for (size_t s = 0; s < *section_count; s++) {
        for (uint32_t k = 0; k < counts[s]; k++) {
            uint8_t byte = ldf_byte(reader);
            elements[*element_count] = (byte & 0x7F) % element_alphabet;
            changed[*element_count] = byte >> 7;
            (*element_count)++;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ld_workspace_t *workspace;
    if (workspace == NULL && ld_workspace_create(NULL, &workspace) != LD_OK) ldf_fail("workspace");
    if (size < 2) return 0;

    uint8_t flags = data[0];
    uint8_t section_alphabet = (uint8_t)(data[1] % 8 + 1), element_alphabet = (uint8_t)((data[1] >> 3) % 32 + 1);
    ldf_reader_t reader = { data + 2, size - 2 };
    uint64_t source_sections[LDF_MAX_SECTIONS], target_sections[LDF_MAX_SECTIONS];
    uint32_t source_counts[LDF_MAX_SECTIONS], target_counts[LDF_MAX_SECTIONS];
    uint64_t source[LDF_MAX_ELEMENTS], target[LDF_MAX_ELEMENTS];
    uint8_t element_changed[LDF_MAX_ELEMENTS], target_flags[LDF_MAX_ELEMENTS], section_changed[LDF_MAX_SECTIONS];
    size_t source_section_count, target_section_count, source_count, target_count;
    ldf_side(&reader, section_alphabet, element_alphabet, source_sections, &source_section_count, source_counts, source,
             &source_count, element_changed);
    ldf_side(&reader, section_alphabet, element_alphabet, target_sections, &target_section_count, target_counts, target,
             &target_count, target_flags);
    for (size_t t = 0; t < target_section_count; t++) section_changed[t] = (uint8_t)(target_sections[t] + flags) & 1;

    bool lcs = flags & 1, with_element_flags = flags & 2, with_section_flags = flags & 4, budget = flags & 8;
    ld_options_t options = { 0 };
    options.limit_edits = budget;
    options.max_edits = (size_t)(flags >> 4);
    ld_sectioned_result_t match;
    ld_status status = ld_sectioned_diff(workspace, source_sections, source_section_count, target_sections,
                                         target_section_count, source_counts, target_counts, source, source_count,
                                         target, target_count, lcs ? LD_ALGORITHM_LCS : LD_ALGORITHM_HECKEL, &options,
                                         &match);
    if (status == LD_EDIT_BUDGET_EXCEEDED && lcs && budget) return 0;
    if (status != LD_OK) ldf_fail(ld_status_description(status));
    const uint8_t *element_flags = with_element_flags ? element_changed : NULL;
    const uint8_t *section_flags = with_section_flags ? section_changed : NULL;
    ld_stages_t stages;
    if ((status = ld_stage(workspace, &match, element_flags, section_flags, NULL, &stages)) != LD_OK) {
        ldf_fail(ld_status_description(status));
    }
    /* clang-format off */
    ldc_sectioned_lists_t lists = {
        source_sections, source_section_count, target_sections, target_section_count, source_counts, target_counts,
        source, source_count, target, target_count,
    };
    /* clang-format on */
    const char *failure = ldc_check_stages(lcs ? LDC_MYERS : LDC_HECKEL, &lists, element_flags, section_flags, &match,
                                           &stages);
    if (failure != NULL) ldf_fail(failure);
    return 0;
}
