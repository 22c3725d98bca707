/* libFuzzer target for the C core: each input becomes a source and a target list (with
 * duplicates from a small alphabet), optional content hashes, optional groups (sections) and
 * an optional Myers budget;
 * every result is checked by the brute-force references of CListDeltaChecks. */
#include <CListDelta.h>
#include <CListDeltaChecks.h>

#include <stdio.h>
#include <stdlib.h>

#define LDF_TARGET "fuzz_diff"
#include "fuzz_input.h"

enum { LDF_MAX_COUNT = 160 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ld_workspace_t *workspace;
    if (workspace == NULL && ld_workspace_create(NULL, &workspace) != LD_OK) ldf_fail("workspace");
    if (size < 3) return 0;

    uint8_t flags = data[0], alphabet = (uint8_t)(data[1] % 32 + 1);
    bool with_groups = data[1] & 0x80;
    data += 2;
    size -= 2;
    size_t source_count = (size_t)data[0] % (LDF_MAX_COUNT + 1);
    if (source_count > size - 1) source_count = size - 1;
    size_t target_count = size - 1 - source_count;
    if (target_count > LDF_MAX_COUNT) target_count = LDF_MAX_COUNT;
    const uint8_t *bytes = data + 1;

    uint64_t source[LDF_MAX_COUNT], target[LDF_MAX_COUNT];
    uint64_t source_content[LDF_MAX_COUNT], target_content[LDF_MAX_COUNT];
    uint32_t source_groups[LDF_MAX_COUNT], target_groups[LDF_MAX_COUNT];
    for (size_t i = 0; i < source_count; i++) {
        source[i] = bytes[i] % alphabet;
        source_content[i] = bytes[i] / alphabet % 2;
        source_groups[i] = bytes[i] >> 6; /* any group, target's or not */
    }
    for (size_t j = 0; j < target_count; j++) {
        uint8_t byte = bytes[source_count + j];
        target[j] = byte % alphabet;
        target_content[j] = byte / alphabet % 2;
        target_groups[j] = (j > 0 ? target_groups[j - 1] : 0) + (byte >> 6 == 3); /* never decreasing */
    }

    bool with_content = flags & 1, myers = flags & 2;
    ld_options_t options = {
        .source_content = with_content ? source_content : NULL,
        .target_content = with_content ? target_content : NULL,
        .max_edits = (size_t)(flags >> 3),
        .limit_edits = myers && (flags & 4),
        .source_groups = with_groups ? source_groups : NULL,
        .target_groups = with_groups ? target_groups : NULL,
    };
    ld_result_t result;
    ld_status status = (myers ? ld_myers_diff : ld_heckel_diff)(workspace, source_count ? source : NULL, source_count,
                                                                target_count ? target : NULL, target_count, &options,
                                                                &result);
    if (status == LD_EDIT_BUDGET_EXCEEDED) {
        size_t distance = source_count + target_count - 2 * ldc_lcs_length(source, source_count, target, target_count);
        if (!options.limit_edits || distance <= options.max_edits) ldf_fail("budget refused a diff within it");
        return 0;
    }
    if (status != LD_OK) ldf_fail(ld_status_description(status));
    const char *failure = ldc_check_result(myers ? LDC_MYERS : LDC_HECKEL, source, source_count, target, target_count,
                                           options.source_content, options.target_content, options.source_groups,
                                           options.target_groups, &result);
    if (failure != NULL) ldf_fail(failure);
    if (options.limit_edits && result.deleted_count + result.inserted_count > options.max_edits) {
        ldf_fail("Myers returned a script over its budget");
    }
    return 0;
}
