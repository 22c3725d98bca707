#ifndef CLISTDELTA_INTERNAL_H
#define CLISTDELTA_INTERNAL_H

#include "CListDelta.h"

#include <stdatomic.h>

/* Internal functions are hidden: a shared library built from the core exports only the
 * header's API (scripts/lint-c checks the list). */
#if defined(__GNUC__) || defined(__clang__)
#define LD_HIDDEN __attribute__((visibility("hidden")))
#else
#define LD_HIDDEN
#endif

/* For the per-element helpers: inlined, they let each loop keep its state in registers and
 * fold their constant flags away. */
#if defined(__GNUC__) || defined(__clang__)
#define LD_ALWAYS_INLINE inline __attribute__((always_inline))
#define LD_NOINLINE __attribute__((noinline))
#else
#define LD_ALWAYS_INLINE inline
#define LD_NOINLINE
#endif

/* A condition that comes in no pattern a branch predictor could learn: clang then selects by
 * arithmetic instead of branching. */
#if defined(__has_builtin)
#if __has_builtin(__builtin_unpredictable)
#define LD_UNPREDICTABLE(condition) __builtin_unpredictable(condition)
#endif
#endif
#ifndef LD_UNPREDICTABLE
#define LD_UNPREDICTABLE(condition) (condition)
#endif

/* Where a 64-bit key's search starts in a table of 2^(64 - shift) slots: the top bits of a
 * product by 2^64 / golden ratio, which spread consecutive keys evenly (Fibonacci hashing).
 * Folding the high half in first makes every bit of the key count. A random seed, XORed in
 * before the product, keeps runs of consecutive keys consecutive (so they still spread evenly)
 * but scatters any set crafted to share the top bits of the unseeded product. A 64-bit product,
 * unlike a 128-bit one, leaves the loops free to keep their state in any register. */
static inline size_t ld_spread(uint64_t key, uint64_t seed, unsigned shift) {
    return (size_t)((((key ^ (key >> 32)) ^ seed) * 0x9E3779B97F4A7C15ull) >> shift);
}

struct ld_cancel_token {
    atomic_bool cancelled;
    ld_allocator_t allocator;
};

/* The workspace's buffers, and which phase uses each. The phases: heckel (heckel.c: one hash
 * table over the smaller side, probed with the other; partition.c instead, "partition" below,
 * when the smaller side has 2^19 elements or more), myers (myers.c), unique LCS (unique_lcs.c,
 * which every LCS diff tries first, with the heckel match and the moves sort), moves (moves.c:
 * the lists of moves, by patience sort), sectioned (sectioned.c: a diff of the sections, then
 * one of their elements), staging (staging.c) and rows (rows.c). A phase reserves what it uses
 * (ld_workspace_reserve keeps a buffer's contents unless it must grow); a borrower is done with
 * a buffer before its writer fills it. ld_workspace_prepare reserves the result buffers and
 * SCRATCH for a diff and, where they are new, writes zeros over what every such diff writes. n
 * and m count a diff's source and target elements, S and T a sectioned diff's sections.
 *
 * buffer, size        written by: what it holds                 borrowed by: what it holds               lasts
 * ------------------  ----------------------------------------  ---------------------------------------  --------
 * SOURCE_TO_TARGET    heckel, partition, myers, unique LCS:     -                                        result
 * TARGET_TO_SOURCE    the index maps; sectioned spreads them
 *   4n, 4m bytes      over the full source, in place
 * DELETED             heckel, myers, unique LCS: the deletes;   partition: the source's indices beside   result
 *   4n bytes          sectioned lists them anew                 its keys; heckel and unique LCS, when
 *                                                               the target is probed: moves'
 *                                                               predecessors
 * INSERTED            heckel, myers, unique LCS: the inserts    partition: the target's indices beside   result
 *   4m bytes                                                    its keys
 * MOVED               moves, for heckel (and for myers, with    partition: one partition's table at a    result
 *   8 min(n, m)       groups): the moves; sectioned renumbers   time; moves: the sort's tails (read
 *   bytes             their sources in place                    before the first move is written);
 *                                                               unique LCS: the pairs it unmatches
 * UPDATED             heckel, myers, unique LCS: the updates    partition: both sides' bounds and one    result
 *   8 min(n, m)                                                 side's cursors; heckel and unique LCS,
 *   bytes                                                       when the target is probed: the matched
 *                                                               pairs in target order
 * SCRATCH             -                                         heckel: the table, then (source probed)  call
 *   its largest                                                 the matched pairs, moves' predecessors
 *   borrowing                                                   and summary, or (target probed) the
 *                                                               summary alone; partition: the keys,
 *                                                               then the matched pairs, predecessors
 *                                                               and summary; unique LCS: as heckel or
 *                                                               partition; myers: the two frontiers
 * SOURCE_IDENTITIES   the caller, to whom the buffers are lent  -                                        lent
 * TARGET_IDENTITIES   by ld_workspace_identities: the
 *   8n, 8m bytes      identities to diff
 * SECTION_MATCH       sectioned: the section match, copied      -                                        result
 *   4(3S + 3T +       out of the result buffers before the
 *   2 min(S, T) + 2)  element diff, and both sides' starts
 * KEPT_SOURCE         sectioned: the matched source sections'   -                                        elements
 *   8n bytes          elements' identities, when deleted
 *                     sections hold some, not all, of them
 * GROUPS              sectioned: the elements' groups, when     -                                        elements
 *   4(n + m) bytes    T >= 2
 * STAGES              staging: the stages' operations and       -                                        result
 *                     layouts (which also point into the match)
 * ROWS                rows: the row operations and the arrays   -                                        result
 *                     that place them; batch: the elements'
 *                     origins and flags; anchor: the sorted
 *                     operations
 * BATCH               batch: the sections' counts, origins,     -                                        result
 *                     flows and flags
 * CALLER_ROOM         the caller, to whom it is lent by         -                                        lent
 *   as asked          ld_workspace_room: its own bytes
 *
 * lasts: "result", a call hands it out, and it stays valid until the next call that reserves
 * the buffer (every diff reserves the result buffers; ld_stage, ld_immediate_rows,
 * ld_check_batch and ld_anchor_plan only STAGES, ROWS and BATCH, so a match stays valid through them), or a
 * reset; "call", within the call that reserves it; "elements", until a sectioned diff's element diff returns; "lent",
 * until the next ld_workspace_identities (ld_workspace_room for CALLER_ROOM), ld_workspace_reset or ld_workspace_free
 * (no diff reserves it). */
typedef enum {
    LD_BUFFER_SOURCE_TO_TARGET,
    LD_BUFFER_TARGET_TO_SOURCE,
    LD_BUFFER_DELETED,
    LD_BUFFER_INSERTED,
    LD_BUFFER_MOVED,
    LD_BUFFER_UPDATED,
    LD_BUFFER_SCRATCH,
    LD_BUFFER_SOURCE_IDENTITIES,
    LD_BUFFER_TARGET_IDENTITIES,
    LD_BUFFER_SECTION_MATCH,
    LD_BUFFER_KEPT_SOURCE,
    LD_BUFFER_GROUPS,
    LD_BUFFER_STAGES,
    LD_BUFFER_ROWS,
    LD_BUFFER_BATCH,
    LD_BUFFER_CALLER_ROOM,
    LD_BUFFER_COUNT
} ld_buffer_id;

typedef struct {
    void *pointer;
    size_t length;
} ld_buffer_t;

struct ld_workspace {
    ld_allocator_t allocator;
    uint64_t slot_seed; /* mixed into every identity before the hash table places it */
    ld_buffer_t buffers[LD_BUFFER_COUNT];
    size_t bytes_held;
    /* The match ld_sectioned_diff last returned, while its buffers hold it: ld_stage trusts it
     * instead of validating it again. Any reserve of another buffer, or a reset, forgets it. */
    ld_sectioned_result_t own_match;
    bool has_own_match;
};

/* Whether @p match is, field for field, the match ld_sectioned_diff last returned on @p
 * workspace and its buffers still hold. */
LD_HIDDEN bool ld_is_own_match(const ld_workspace_t *workspace, const ld_sectioned_result_t *match);

/* Who reads a diff: the caller of ld_heckel_diff() or ld_myers_diff(), or ld_sectioned_diff()
 * for its sections or for its elements, whose groups are the engine's own. */
typedef enum {
    LD_READ_BY_CALLER = 0,
    LD_READ_AS_SECTIONS = 1,
    LD_READ_AS_ELEMENTS = 2,
} ld_reader;

/* Where a move's two ends stand as its reader sees them, which decides when a move goes from a
 * place to the same place (moves.c keeps such a pair on the run whenever a longest run can):
 * the diff's own indices, for its caller; or, as ld_stage reports a sectioned diff's moves, the
 * source's place among the matched elements of its section (its index after the deletes) and
 * the target's index in its group; or nowhere, for the longest common subsequence of
 * unique_lcs.c, which moves nothing. */
typedef enum {
    LD_PLACES_AS_INDEXED = 0,
    LD_PLACES_AFTER_DELETES = 1,
    LD_PLACES_NONE = 2,
} ld_places;

/* Everything one diff reads and writes; both algorithms fill the two index maps and the
 * shared code derives the rest. */
typedef struct {
    const uint64_t *source;
    const uint64_t *target;
    size_t source_count;
    size_t target_count;
    const uint64_t *source_content; /* NULL when the caller gave no content hashes */
    const uint64_t *target_content;
    const ld_cancel_token_t *cancel;
    size_t max_edits;              /* SIZE_MAX when the caller set no budget */
    const uint32_t *source_groups; /* NULL when the caller gave no groups */
    const uint32_t *target_groups;
    ld_places places;
    int32_t *source_to_target;
    int32_t *target_to_source;
    int32_t *deleted;
    int32_t *inserted;
    ld_pair_t *moved;
    ld_pair_t *updated;
    size_t deleted_count;
    size_t inserted_count;
    size_t moved_count;
    size_t updated_count;
} ld_diff_t;

static inline bool ld_mul_size(size_t a, size_t b, size_t *out) {
    if (b != 0 && a > SIZE_MAX / b) return false;
    *out = a * b;
    return true;
}

static inline bool ld_add_size(size_t a, size_t b, size_t *out) {
    if (a > SIZE_MAX - b) return false;
    *out = a + b;
    return true;
}

static inline size_t ld_min_size(size_t a, size_t b) { return a < b ? a : b; }
static inline size_t ld_max_size(size_t a, size_t b) { return a > b ? a : b; }

static inline bool ld_is_cancelled(const ld_cancel_token_t *token) {
    return token != NULL && atomic_load_explicit(&token->cancelled, memory_order_relaxed);
}

/* Whether an argument array of `count` entries is there: NULL stands only for an empty one. */
#define LD_GIVEN(array, count) ((array) != NULL || (count) == 0)

/* seed.c: 64 bits from the system's random source, different on every call. */
LD_HIDDEN uint64_t ld_random_seed(void);

/* workspace.c */
LD_HIDDEN void *ld_allocate(const ld_allocator_t *allocator, size_t length);
LD_HIDDEN void ld_deallocate(const ld_allocator_t *allocator, void *pointer, size_t length);
LD_HIDDEN ld_allocator_t ld_allocator_or_default(const ld_allocator_t *allocator);
/* Makes buffer `id` hold at least count * size bytes; its contents stay unless it must grow. */
LD_HIDDEN ld_status ld_workspace_reserve(ld_workspace_t *workspace, ld_buffer_id id, size_t count, size_t size,
                                         void **out);
/* ld_workspace_reserve, saying whether the buffer is newly allocated (its pages untouched). */
LD_HIDDEN ld_status ld_workspace_reserve_fresh(ld_workspace_t *workspace, ld_buffer_id id, size_t count, size_t size,
                                               void **out, bool *out_fresh);

/* diff.c: ld_diff_begin validates the arguments, reserves the result buffers and fills
 * `diff` (the index maps are left unset; the algorithm reserves its own scratch), its places
 * those `reader` sees. Groups the engine wrote itself (LD_READ_AS_ELEMENTS) ascend by
 * construction: only builds that define LD_CHECK_OWN_MATCH check them, and call a failure the
 * engine's bug. The collect functions derive the lists from the index maps; ld_diff_publish
 * hands the result out. */
LD_HIDDEN ld_status ld_diff_begin(ld_workspace_t *workspace, const uint64_t *source, size_t source_count,
                                  const uint64_t *target, size_t target_count, const ld_options_t *options,
                                  ld_reader reader, const ld_result_t *out, ld_diff_t *diff);
/* diff.c: ld_heckel_diff() or ld_myers_diff() (by `algorithm`), told who reads the result. */
LD_HIDDEN ld_status ld_diff_for(ld_algorithm algorithm, ld_workspace_t *workspace, const uint64_t *source,
                                size_t source_count, const uint64_t *target, size_t target_count,
                                const ld_options_t *options, ld_reader reader, ld_result_t *out);
/* heckel.c, myers.c: each algorithm's match of a begun diff, which fills its index maps and lists. */
LD_HIDDEN ld_status ld_heckel_match(ld_workspace_t *workspace, ld_diff_t *diff);
LD_HIDDEN ld_status ld_lcs_match(ld_workspace_t *workspace, ld_diff_t *diff);
/* Reserves the buffers of a diff's result for these counts into `diff`. With `touch`, writes
 * zeros over the newly allocated ones that every diff writes in full, so that their pages are
 * in memory (see ld_workspace_prepare): the two index maps, and with `partitioned` the deleted
 * and inserted lists, which a partitioned match fills. */
LD_HIDDEN ld_status ld_reserve_results(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                                       ld_diff_t *diff, bool touch, bool partitioned);
/* memset of `length` bytes that polls the cancel token between chunks. */
LD_HIDDEN ld_status ld_fill(void *bytes, int value, size_t length, const ld_cancel_token_t *cancel);
/* memcpy of `length` bytes that polls the cancel token between chunks. */
LD_HIDDEN ld_status ld_copy(void *destination, const void *source, size_t length, const ld_cancel_token_t *cancel);
/* Matches the common prefix of both sides; its length goes to out_length. */
LD_HIDDEN ld_status ld_match_common_prefix(ld_diff_t *diff, size_t *out_length);
/* Matches the common suffix of both sides, within what the prefix left (groups ignored). */
LD_HIDDEN ld_status ld_match_common_suffix(ld_diff_t *diff, size_t prefix, size_t *out_length);
/* Appends the updated pairs among source indices [from, to). */
LD_HIDDEN ld_status ld_collect_updates(ld_diff_t *diff, size_t from, size_t to);
LD_HIDDEN ld_status ld_collect_deletes_and_updates(ld_diff_t *diff);
/* Appends the unmatched targets from `from` on and, unless `pairs` is NULL, lists the matched
 * pairs among them in target order into `pairs`, which has room for one per target from
 * `from` on; their count goes to `pair_count`. */
LD_HIDDEN ld_status ld_collect_inserts(ld_diff_t *diff, size_t from, ld_pair_t *pairs, size_t *pair_count);
LD_HIDDEN void ld_diff_publish(const ld_diff_t *diff, ld_result_t *out);

/* partition.c: whether matching through partitions pays for a diff of these counts. */
LD_HIDDEN bool ld_partitions_pay(size_t source_count, size_t target_count);
/* Reserves the scratch that a partitioned match of a diff of these counts takes and, with
 * `touch` when it is new, writes zeros over it. */
LD_HIDDEN ld_status ld_partitions_reserve(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                                          bool touch, const ld_cancel_token_t *cancel, void **out_scratch);
/* Matches source elements [start, source_end) with target elements [start, target_end)
 * through partitions, the k-th occurrence of an identity with the k-th, and fills both index
 * maps there; the scratch it hands back is then free: it holds at least 8 bytes per element of
 * both sides. Leaves
 * `out_spread` false, having written none of the maps, when a few identities fill too much of
 * one partition: the caller then matches with the single table. With `out_repeated`, it stops
 * early once an identity on both sides repeats on either, says whether one did, and then
 * leaves the maps unwritten. */
LD_HIDDEN ld_status ld_partitioned_match(ld_workspace_t *workspace, ld_diff_t *diff, size_t start, size_t source_end,
                                         size_t target_end, bool *out_spread, bool *out_repeated, void **out_scratch);

/* heckel.c: reserves the scratch that a Heckel diff (or the hash-table part of an LCS diff) of
 * counts no larger than these takes, without touching it. */
LD_HIDDEN ld_status ld_heckel_reserve(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                                      const ld_cancel_token_t *cancel);
/* heckel.c: reserves scratch for the table of a diff of these counts, untrimmed, and says how
 * many slots it has room for. With `touch` when the scratch is new, writes zeros over the slots,
 * which every diff of these counts clears. */
LD_HIDDEN ld_status ld_table_reserve(ld_workspace_t *workspace, size_t source_count, size_t target_count,
                                     size_t *out_most_slots, void **out_scratch, bool touch,
                                     const ld_cancel_token_t *cancel);
/* heckel.c: matches the elements of `plain` between `prefix` and the suffix through the single
 * table, stopping early when an identity on both sides repeats, and lists the matched pairs in
 * target order with room for their predecessors after them, as ld_heckel_diff does. */
LD_HIDDEN ld_status ld_unique_pairs_from_table(ld_workspace_t *workspace, ld_diff_t *plain, size_t prefix,
                                               size_t suffix, bool *out_repeated, ld_pair_t **out_pairs,
                                               size_t *out_pair_count, int32_t **out_predecessor,
                                               int32_t **out_summary);

/* unique_lcs.c: when every identity found on both sides of `diff` occurs once on each (after
 * the common prefix and suffix), matches a longest common subsequence through the hash table and
 * the patience sort, collects the deletes, inserts and updates, and sets `out_found`; it leaves
 * moves to the caller. Otherwise it leaves `out_found` false and the result unfinished.
 * LD_EDIT_BUDGET_EXCEEDED when the subsequence leaves more than diff->max_edits edits. */
LD_HIDDEN ld_status ld_unique_lcs(ld_workspace_t *workspace, ld_diff_t *diff, bool *out_found);

/* moves.c: fills diff->moved with the pairs off one longest increasing run of sources in
 * `pairs`, matched pairs in target order (those before them, the matched prefix, are on the
 * run), or with groups, the pairs whose groups differ and those off a longest run within
 * each group; of the longest runs, one that leaves the fewest pairs moving from a place to the
 * same place (diff->places). `predecessor` has one entry per pair, `summary` one per 16 pairs
 * and one more. The pairs' targets are rewritten, then restored from diff->source_to_target,
 * which must hold them. */
LD_HIDDEN ld_status ld_find_moves(ld_diff_t *diff, ld_pair_t *pairs, size_t pair_count, int32_t *predecessor,
                                  int32_t *summary);
/* moves.c: fills diff->moved with the matched pairs whose groups differ, by ascending target
 * (Myers, whose matches are in order within every group). Needs groups. */
LD_HIDDEN ld_status ld_collect_group_changes(ld_diff_t *diff);

/* How a loop of many small steps (a section, a row, a snake) polls the cancel token: a poller
 * counts elements of work and polls once more than LD_POLL_INTERVAL of them would run since
 * the last poll; zero-initialised (`{ .cancel = cancel }`), it polls at its first call. Call it
 * before each run of work of at most LD_POLL_INTERVAL elements, or after a run whose length is
 * known only once it ran (a snake). A pass over a range polls through LD_FOR_CHUNKS instead. */
typedef struct {
    const ld_cancel_token_t *cancel;
    size_t left; /* elements of work that may still run before the next poll */
} ld_poller_t;

/* False once the token is cancelled. */
static inline bool ld_poll(ld_poller_t *poller, size_t work) {
    if (work <= poller->left) {
        poller->left -= work;
        return true;
    }
    poller->left = work < LD_POLL_INTERVAL ? LD_POLL_INTERVAL - work : 0;
    return !ld_is_cancelled(poller->cancel);
}

/* The one shape of a polled pass over [begin, end): `body` runs once per chunk [chunk,
 * chunk_end) of at most LD_POLL_INTERVAL elements, each after a poll of `cancel`; once it is
 * cancelled, the caller returns LD_CANCELLED. Every chunk polls, however short: a relaxed load,
 * as cheap as counting work (ld_poll), and with nothing to keep alive across the chunk's loop,
 * which the diff's hottest loops need every register for. `body` may lower `end` to stop after
 * its chunk; `break` in it leaves the pass. The chunks keep the per-element loops inside them
 * free of polls, so that they vectorise:
 *
 *     LD_FOR_CHUNKS(cancel, chunk, chunk_end, 0, count, {
 *         for (size_t k = chunk; k < chunk_end; k++) sum += counts[k];
 *     });
 *
 * The body is an argument, not a block after the macro, so that the pass compiles as the loop
 * written out: the poll, then the chunk's end, then the body. Other expansions (a block after
 * an `if ... else`, the chunk's end before the poll) measured up to 5% more instructions in the
 * Heckel probe or the moves' patience sort, whose registers they laid out differently. */
#define LD_FOR_CHUNKS(cancel, chunk, chunk_end, begin, end, ...)             \
    for (size_t chunk = (begin); chunk < (end); chunk += LD_POLL_INTERVAL) { \
        if (ld_is_cancelled(cancel)) return LD_CANCELLED;                    \
        size_t chunk_end = ld_min_size((end), chunk + LD_POLL_INTERVAL);     \
        __VA_ARGS__                                                          \
    }

/* batch.c: an operation's bit in a section's or an element's flags. */
#define LD_MARK(operation) ((uint8_t)(1u << (operation)))

/* batch.c: marks a batch of one section's rows, `before` of them before it and `after` after
 * it, in `before_flags` (deletes, reloads, move sources) and `after_flags` (inserts, move
 * targets), both zeroed, with LD_MARK of each row's operations, and checks them against UIKit's
 * rules as ld_check_batch does: LD_ERROR_INVALID for a row out of range, listed twice, or named
 * by two operations UIKit forbids together; LD_CANCELLED once `poller` sees its token. */
LD_HIDDEN ld_status ld_mark_rows(size_t before, size_t after, uint8_t *before_flags, uint8_t *after_flags,
                                 const int32_t *deleted, size_t deleted_count, const int32_t *inserted,
                                 size_t inserted_count, const ld_pair_t *moved, size_t moved_count,
                                 const int32_t *reloaded, size_t reloaded_count, ld_poller_t *poller);

#endif /* CLISTDELTA_INTERNAL_H */
