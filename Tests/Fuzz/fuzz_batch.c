/* libFuzzer target for ld_check_batch: each input becomes a list of sections before a batch,
 * the batch (indices that may break any of UIKit's rules) and the counts after it, mostly the
 * ones the batch implies. The verdict must match a brute-force reading of the rules; a valid
 * batch's origins must match a replay of it, and the counts derived from the counts after must
 * be the ones it was valid for. */
#include <CListDelta.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LDF_TARGET "fuzz_batch"
#include "fuzz_input.h"

enum { LDF_MAX_SECTIONS = 6, LDF_MAX_ELEMENTS = 6, LDF_MAX_OPS = 8 };

/* An index a little beyond `range`, now and then a negative one. */
static int32_t ldf_index(ldf_reader_t *reader, size_t range) {
    uint8_t byte = ldf_byte(reader);
    return byte == 255 ? -1 : (int32_t)(byte % (range + 1));
}

typedef struct {
    int32_t sections[4][LDF_MAX_OPS]; /* deleted, inserted, reloaded, then moves' sources */
    int32_t section_targets[LDF_MAX_OPS];
    size_t section_counts[4]; /* [3]: moves */
    ld_path_t elements[4][LDF_MAX_OPS];
    ld_path_t element_targets[LDF_MAX_OPS];
    size_t element_counts[4];
} ldf_batch_t;

static bool ldf_in(const int32_t *list, size_t count, int32_t value) {
    for (size_t k = 0; k < count; k++) {
        if (list[k] == value) return true;
    }
    return false;
}

static bool ldf_path_in(const ld_path_t *list, size_t count, ld_path_t path) {
    for (size_t k = 0; k < count; k++) {
        if (list[k].section == path.section && list[k].element == path.element) return true;
    }
    return false;
}

static bool ldf_indices_ok(const int32_t *list, size_t count, size_t limit) {
    for (size_t k = 0; k < count; k++) {
        if (list[k] < 0 || (size_t)list[k] >= limit || ldf_in(list, k, list[k])) return false;
    }
    return true;
}

static bool ldf_paths_ok(const ld_path_t *list, size_t count, const int32_t *counts, size_t sections) {
    for (size_t k = 0; k < count; k++) {
        ld_path_t p = list[k];
        if (p.section < 0 || (size_t)p.section >= sections || p.element < 0 || p.element >= counts[p.section] ||
            ldf_path_in(list, k, p)) {
            return false;
        }
    }
    return true;
}

static bool ldf_disjoint(const int32_t *a, size_t ac, const int32_t *b, size_t bc) {
    for (size_t k = 0; k < bc; k++) {
        if (ldf_in(a, ac, b[k])) return false;
    }
    return true;
}

static bool ldf_paths_disjoint(const ld_path_t *a, size_t ac, const ld_path_t *b, size_t bc) {
    for (size_t k = 0; k < bc; k++) {
        if (ldf_path_in(a, ac, b[k])) return false;
    }
    return true;
}

/* Each section after the batch: its section before, or -1; the section operations are valid. */
static void ldf_section_origins(const ldf_batch_t *b, size_t sb, size_t sa, int32_t *origins) {
    size_t next = 0;
    for (size_t t = 0; t < sa; t++) {
        origins[t] = -1;
        if (ldf_in(b->sections[1], b->section_counts[1], (int32_t)t)) continue;
        bool moved = false;
        for (size_t k = 0; k < b->section_counts[3]; k++) {
            if (b->section_targets[k] == (int32_t)t) {
                origins[t] = b->sections[3][k];
                moved = true;
            }
        }
        if (moved) continue;
        while (next < sb && (ldf_in(b->sections[0], b->section_counts[0], (int32_t)next) ||
                             ldf_in(b->sections[3], b->section_counts[3], (int32_t)next))) {
            next++;
        }
        origins[t] = (int32_t)next++;
    }
}

/* UIKit's rules, the slow way; `origins` receives the section origins of a valid batch. */
static bool ldf_valid(const ldf_batch_t *b, const int32_t *before, size_t sb, const int32_t *after, size_t sa,
                      int32_t *origins) {
    const size_t *sc = b->section_counts, *ec = b->element_counts;
    if (!ldf_indices_ok(b->sections[0], sc[0], sb) || !ldf_indices_ok(b->sections[2], sc[2], sb) ||
        !ldf_indices_ok(b->sections[3], sc[3], sb) || !ldf_indices_ok(b->sections[1], sc[1], sa) ||
        !ldf_indices_ok(b->section_targets, sc[3], sa) || !ldf_disjoint(b->sections[0], sc[0], b->sections[2], sc[2]) ||
        !ldf_disjoint(b->sections[0], sc[0], b->sections[3], sc[3]) ||
        !ldf_disjoint(b->sections[2], sc[2], b->sections[3], sc[3]) ||
        !ldf_disjoint(b->sections[1], sc[1], b->section_targets, sc[3]) || sb - sc[0] + sc[1] != sa) {
        return false;
    }
    ldf_section_origins(b, sb, sa, origins);
    const ld_path_t *deleted = b->elements[0], *inserted = b->elements[1], *reloaded = b->elements[2];
    const ld_path_t *sources = b->elements[3], *targets = b->element_targets;
    if (!ldf_paths_ok(deleted, ec[0], before, sb) || !ldf_paths_ok(reloaded, ec[2], before, sb) ||
        !ldf_paths_ok(sources, ec[3], before, sb) || !ldf_paths_ok(inserted, ec[1], after, sa) ||
        !ldf_paths_ok(targets, ec[3], after, sa) || !ldf_paths_disjoint(deleted, ec[0], reloaded, ec[2]) ||
        !ldf_paths_disjoint(deleted, ec[0], sources, ec[3]) || !ldf_paths_disjoint(reloaded, ec[2], sources, ec[3]) ||
        !ldf_paths_disjoint(inserted, ec[1], targets, ec[3])) {
        return false;
    }
    for (int list = 0; list < 4; list++) {
        bool after_side = list == 1;
        for (size_t k = 0; k < ec[list] + (list == 3 ? ec[3] : 0); k++) {
            ld_path_t p = k < ec[list] ? b->elements[list][k] : targets[k - ec[list]];
            bool into = after_side || k >= ec[list];
            int32_t origin = into ? origins[p.section] : p.section;
            if (!into && (ldf_in(b->sections[0], sc[0], p.section) || ldf_in(b->sections[2], sc[2], p.section))) {
                return false;
            }
            if (into && (origin < 0 || ldf_in(b->sections[2], sc[2], origin) ||
                         (list == 3 && ldf_in(b->section_targets, sc[3], p.section)))) {
                return false;
            }
        }
    }
    for (size_t t = 0; t < sa; t++) {
        if (origins[t] < 0) continue;
        int32_t expected = before[origins[t]];
        for (size_t k = 0; k < ec[0]; k++) expected -= deleted[k].section == origins[t];
        for (size_t k = 0; k < ec[3]; k++)
            expected += (targets[k].section == (int32_t)t) - (sources[k].section == origins[t]);
        for (size_t k = 0; k < ec[1]; k++) expected += inserted[k].section == (int32_t)t;
        if (expected != after[t]) return false;
    }
    return true;
}

/* The origins of a valid batch by replaying it: each position after it holds the flat index
 * before it of what it shows, or -1 for what arrives. */
static size_t ldf_replay(const ldf_batch_t *b, const int32_t *before, size_t sb, const int32_t *after, size_t sa,
                         const int32_t *origins, bool reloads_arrive, int32_t *out) {
    int32_t starts[LDF_MAX_SECTIONS + 1] = { 0 };
    for (size_t s = 0; s < sb; s++) starts[s + 1] = starts[s] + before[s];
    size_t written = 0;
    for (size_t t = 0; t < sa; t++) {
        int32_t s = origins[t], staying = 0;
        for (int32_t e = 0; e < after[t]; e++) {
            ld_path_t here = { (int32_t)t, e };
            int32_t origin = -1;
            for (size_t k = 0; k < b->element_counts[3]; k++) {
                ld_path_t from = b->elements[3][k], to = b->element_targets[k];
                if (to.section == here.section && to.element == e) origin = starts[from.section] + from.element;
            }
            if (origin < 0 && s >= 0 && !ldf_path_in(b->elements[1], b->element_counts[1], here)) {
                for (;; staying++) {
                    ld_path_t p = { s, staying };
                    if (!ldf_path_in(b->elements[0], b->element_counts[0], p) &&
                        !ldf_path_in(b->elements[3], b->element_counts[3], p)) {
                        break;
                    }
                }
                ld_path_t p = { s, staying++ };
                bool arrives = reloads_arrive && ldf_path_in(b->elements[2], b->element_counts[2], p);
                origin = arrives ? -1 : starts[s] + p.element;
            }
            out[written++] = origin;
        }
    }
    return written;
}

static ld_batch_t ldf_core_batch(const ldf_batch_t *b, ld_pair_t *section_moves, ld_path_move_t *element_moves) {
    for (size_t k = 0; k < b->section_counts[3]; k++) {
        section_moves[k] = (ld_pair_t){ b->sections[3][k], b->section_targets[k] };
    }
    for (size_t k = 0; k < b->element_counts[3]; k++) {
        element_moves[k] = (ld_path_move_t){ b->elements[3][k], b->element_targets[k] };
    }
    return (ld_batch_t){ b->sections[0], b->section_counts[0], b->sections[1], b->section_counts[1],
                         b->sections[2], b->section_counts[2], section_moves,  b->section_counts[3],
                         b->elements[0], b->element_counts[0], b->elements[1], b->element_counts[1],
                         b->elements[2], b->element_counts[2], element_moves,  b->element_counts[3] };
}

/* The batch and both sides' counts from the input; the counts after are the ones the batch
 * implies when it can, unless the input asks for a perturbed one. */
static void ldf_read(ldf_reader_t *r, ldf_batch_t *b, int32_t *before, size_t *sb, int32_t *after, size_t *sa) {
    *sb = ldf_byte(r) % (LDF_MAX_SECTIONS + 1);
    for (size_t s = 0; s < *sb; s++) before[s] = ldf_byte(r) % (LDF_MAX_ELEMENTS + 1);
    memset(b, 0, sizeof *b);
    for (int list = 0; list < 4; list++) b->section_counts[list] = ldf_byte(r) % 3;
    if (b->section_counts[0] > *sb) b->section_counts[0] = *sb;
    size_t grown = *sb - b->section_counts[0] + b->section_counts[1];
    *sa = grown <= LDF_MAX_SECTIONS ? grown : LDF_MAX_SECTIONS;
    for (int list = 0; list < 4; list++) {
        for (size_t k = 0; k < b->section_counts[list]; k++) {
            b->sections[list][k] = ldf_index(r, list == 1 ? *sa : *sb);
            if (list == 3) b->section_targets[k] = ldf_index(r, *sa);
        }
    }
    for (size_t t = 0; t < *sa; t++) after[t] = 0;
    for (int list = 0; list < 4; list++) {
        b->element_counts[list] = ldf_byte(r) % (LDF_MAX_OPS / 2 + 1);
        for (size_t k = 0; k < b->element_counts[list]; k++) {
            b->elements[list][k] = (ld_path_t){ ldf_index(r, list == 1 ? *sa : *sb), ldf_index(r, LDF_MAX_ELEMENTS) };
            if (list == 3) b->element_targets[k] = (ld_path_t){ ldf_index(r, *sa), ldf_index(r, LDF_MAX_ELEMENTS) };
        }
    }
}

/* A valid batch's origins against a replay, and the counts derived from its counts after. */
static void ldf_check_valid(ld_workspace_t *workspace, const ldf_batch_t *b, const ld_batch_t *batch,
                            const ld_batch_check_t *found, const int32_t *before, size_t sb, const int32_t *after,
                            size_t sa, const int32_t *origins, uint32_t options) {
    ld_batch_check_t out = *found;
    int32_t replayed[LDF_MAX_SECTIONS * 64];
    if (memcmp(out.section_origins, origins, sa * sizeof *origins) != 0) ldf_fail("section origins");
    size_t count = ldf_replay(b, before, sb, after, sa, origins, options & LD_BATCH_RELOADS_ARRIVE, replayed);
    if (out.element_count != count || memcmp(out.element_origins, replayed, count * sizeof *replayed) != 0) {
        ldf_fail("element origins");
    }
    if (ld_check_batch(workspace, batch, NULL, 0, after, sa, options | LD_BATCH_DERIVE_COUNTS_BEFORE, &out) != LD_OK ||
        out.rule != LD_BATCH_VALID || out.section_count_before != sb) {
        ldf_fail("derived counts rejected a valid batch");
    }
    for (size_t s = 0; s < sb; s++) {
        if (!ldf_in(b->sections[0], b->section_counts[0], (int32_t)s) && out.counts_before[s] != before[s]) {
            ldf_fail("derived counts");
        }
    }
}

/* The verdict against the brute force; for a valid batch its origins and derived counts; for
 * any batch, counts derived from its counts after are ones it is valid for, if it is for any. */
static void ldf_check(ld_workspace_t *workspace, const ldf_batch_t *b, const int32_t *before, size_t sb,
                      const int32_t *after, size_t sa, bool reloads_arrive) {
    int32_t origins[LDF_MAX_SECTIONS];
    bool valid = ldf_valid(b, before, sb, after, sa, origins);
    ld_pair_t section_moves[LDF_MAX_OPS];
    ld_path_move_t element_moves[LDF_MAX_OPS];
    ld_batch_t batch = ldf_core_batch(b, section_moves, element_moves);
    ld_batch_check_t out;
    uint32_t options = reloads_arrive ? LD_BATCH_RELOADS_ARRIVE : 0;
    if (ld_check_batch(workspace, &batch, before, sb, after, sa, options, &out) != LD_OK) ldf_fail("status");
    if ((out.rule == LD_BATCH_VALID) != valid) ldf_fail(valid ? "a valid batch rejected" : "an invalid batch accepted");
    if (valid) ldf_check_valid(workspace, b, &batch, &out, before, sb, after, sa, origins, options);
    ld_batch_check_t derived; /* for any batch: counts it is valid for, if any */
    if (ld_check_batch(workspace, &batch, NULL, 0, after, sa, options | LD_BATCH_DERIVE_COUNTS_BEFORE, &derived) !=
        LD_OK) {
        ldf_fail("status, deriving");
    }
    int32_t derived_origins[LDF_MAX_SECTIONS];
    if (derived.rule == LD_BATCH_VALID &&
        !ldf_valid(b, derived.counts_before, derived.section_count_before, after, sa, derived_origins)) {
        ldf_fail("derived counts the batch is invalid for");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ldf_reader_t reader = { data, size };
    ldf_batch_t batch;
    int32_t before[LDF_MAX_SECTIONS], after[LDF_MAX_SECTIONS], origins[LDF_MAX_SECTIONS];
    size_t sb, sa;
    ldf_read(&reader, &batch, before, &sb, after, &sa);
    /* The counts after that the batch implies (for an invalid one, near them); then, as the
     * input asks, one perturbed. */
    ldf_section_origins(&batch, sb, sa, origins);
    for (size_t t = 0; t < sa; t++) {
        int32_t s = origins[t], count = s >= 0 && s < (int32_t)sb ? before[s] : 0;
        for (size_t k = 0; k < batch.element_counts[0]; k++) count -= batch.elements[0][k].section == s;
        for (size_t k = 0; k < batch.element_counts[3]; k++) {
            count += (batch.element_targets[k].section == (int32_t)t) - (batch.elements[3][k].section == s);
        }
        for (size_t k = 0; k < batch.element_counts[1]; k++) count += batch.elements[1][k].section == (int32_t)t;
        after[t] = count < 0 ? 0 : count;
    }
    uint8_t perturb = ldf_byte(&reader);
    if (sa > 0 && perturb % 4 == 0) after[perturb % sa] = (after[perturb % sa] + 1 + perturb / 4 % 3) % 9;
    ld_workspace_t *workspace;
    if (ld_workspace_create(NULL, &workspace) != LD_OK) ldf_fail("workspace");
    ldf_check(workspace, &batch, before, sb, after, sa, perturb & 1);
    ld_workspace_free(workspace);
    return 0;
}
