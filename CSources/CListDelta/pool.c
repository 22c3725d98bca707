#if defined(__linux__)
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#endif

#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#if defined(__APPLE__)
#include <dispatch/dispatch.h>
#endif

/* The most idle workspaces a pool keeps, whatever its options ask. */
enum { LD_POOL_IDLE_CAPACITY = 16 };

typedef struct ld_idle_workspace {
    ld_workspace_t *workspace;
    /* The clock's reading when the workspace was given back. */
    uint64_t since;
} ld_idle_workspace_t;

struct ld_pool {
    pthread_mutex_t mutex;
    ld_pool_options_t options; /* every field set: the defaults filled in */
    size_t idle_count;
    ld_idle_workspace_t idle[LD_POOL_IDLE_CAPACITY]; /* the warmest last */
    /* Whether a binding was told when the next trim is due and has not called ld_pool_trim()
     * since: a later give is due no sooner, so it need not arm a timer again. */
    bool trim_pending;
    /* With options.trims_itself: the thread that trims when one is due, started on first need. */
    pthread_cond_t wake;
    pthread_t trimmer;
    bool trimmer_started, stopping, trim_armed;
    struct timespec trim_at; /* CLOCK_REALTIME, which pthread_cond_timedwait reads everywhere */
#if defined(__APPLE__)
    dispatch_source_t pressure;
#endif
};

static uint64_t ld_monotonic_nanoseconds(void *context) {
    (void)context;
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return 0;
    return (uint64_t)now.tv_sec * UINT64_C(1000000000) + (uint64_t)now.tv_nsec;
}

/* The policy ld_pool_t states. */
#define LD_POOL_DEFAULTS                                                                      \
    .idle_limit = 4, .small_bytes = (size_t)8 << 20, .large_retention = UINT64_C(5000000000), \
    .clock = ld_monotonic_nanoseconds

static ld_pool_options_t ld_pool_options_or_default(const ld_pool_options_t *options) {
    ld_pool_options_t chosen = options != NULL ? *options : (ld_pool_options_t){ 0 }, defaults = { LD_POOL_DEFAULTS };
    if (chosen.idle_limit == 0) chosen.idle_limit = defaults.idle_limit;
    if (chosen.idle_limit > LD_POOL_IDLE_CAPACITY) chosen.idle_limit = LD_POOL_IDLE_CAPACITY;
    if (chosen.small_bytes == 0) chosen.small_bytes = defaults.small_bytes;
    if (chosen.large_retention == 0) chosen.large_retention = defaults.large_retention;
    if (chosen.clock == NULL) chosen.clock = defaults.clock;
    return chosen;
}

static ld_pool_t ld_shared_pool = { .mutex = PTHREAD_MUTEX_INITIALIZER,
                                    .wake = PTHREAD_COND_INITIALIZER,
                                    .options = { LD_POOL_DEFAULTS, .trims_itself = true } };

ld_pool_t *ld_pool_shared(void) { return &ld_shared_pool; }

ld_status ld_pool_create(const ld_pool_options_t *options, ld_pool_t **out) {
    if (out == NULL) return LD_ERROR_INVALID;
    ld_pool_t *pool = malloc(sizeof *pool);
    if (pool == NULL) return LD_ERROR_ALLOC;
    *pool = (ld_pool_t){ .options = ld_pool_options_or_default(options) };
    if (pthread_mutex_init(&pool->mutex, NULL) != 0) {
        free(pool);
        return LD_ERROR_ALLOC;
    }
    if (pthread_cond_init(&pool->wake, NULL) != 0) {
        pthread_mutex_destroy(&pool->mutex);
        free(pool);
        return LD_ERROR_ALLOC;
    }
    *out = pool;
    return LD_OK;
}

void ld_pool_free(ld_pool_t *pool) {
    if (pool == NULL || pool == &ld_shared_pool) return;
    if (pool->trimmer_started) {
        pthread_mutex_lock(&pool->mutex);
        pool->stopping = true;
        pthread_cond_signal(&pool->wake);
        pthread_mutex_unlock(&pool->mutex);
        pthread_join(pool->trimmer, NULL);
#if defined(__APPLE__)
        if (pool->pressure != NULL) {
            dispatch_source_cancel(pool->pressure);
            dispatch_release(pool->pressure);
        }
#endif
    }
    for (size_t i = 0; i < pool->idle_count; i++) ld_workspace_free(pool->idle[i].workspace);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->mutex);
    free(pool);
}

ld_status ld_pool_take(ld_pool_t *pool, ld_workspace_t **out) {
    if (pool == NULL || out == NULL) return LD_ERROR_INVALID;
    ld_workspace_t *workspace = NULL;
    pthread_mutex_lock(&pool->mutex);
    if (pool->idle_count > 0) workspace = pool->idle[--pool->idle_count].workspace;
    pthread_mutex_unlock(&pool->mutex);
    if (workspace != NULL) {
        *out = workspace;
        return LD_OK;
    }
    return ld_workspace_create(NULL, out);
}

/* How long `idle` has been idle at `now`, by a clock that may wrap: 0 for a reading from before
 * it went idle (another thread read the clock first). */
static uint64_t ld_idled(const ld_idle_workspace_t *idle, uint64_t now) {
    uint64_t idled = now - idle->since;
    return idled > UINT64_MAX / 2 ? 0 : idled;
}

/* With the pool locked: the nanoseconds until the next idle workspace holding more than
 * small_bytes is due for a trim, at least 1 when one is overdue; 0 when none holds more. With
 * `trimming`, those due are reset first and count no more. */
static uint64_t ld_pool_next_trim(ld_pool_t *pool, uint64_t now, bool trimming) {
    uint64_t retention = pool->options.large_retention, next = 0;
    for (size_t i = 0; i < pool->idle_count; i++) {
        ld_idle_workspace_t *idle = &pool->idle[i];
        if (ld_workspace_bytes_held(idle->workspace) <= pool->options.small_bytes) continue;
        uint64_t idled = ld_idled(idle, now), due = idled >= retention ? 1 : retention - idled;
        if (idled >= retention && trimming) {
            ld_workspace_reset(idle->workspace);
        } else if (next == 0 || due < next) {
            next = due;
        }
    }
    return next;
}

static uint64_t ld_pool_trim_locked(ld_pool_t *pool);

/* The trimmer of a pool that trims itself: trims when the time armed comes, until stopped. */
static void *ld_pool_trimmer(void *context) {
    ld_pool_t *pool = context;
    pthread_mutex_lock(&pool->mutex);
    while (!pool->stopping) {
        if (!pool->trim_armed) {
            pthread_cond_wait(&pool->wake, &pool->mutex);
        } else if (pthread_cond_timedwait(&pool->wake, &pool->mutex, &pool->trim_at) == ETIMEDOUT) {
            pool->trim_armed = false;
            (void)ld_pool_trim_locked(pool);
        }
    }
    pthread_mutex_unlock(&pool->mutex);
    return NULL;
}

#if defined(__APPLE__)
static void ld_pool_purge_on_pressure(void *context) { ld_pool_purge(context); }
#endif

/* With the pool locked: whether a trim is pending after an answer of `next` ns (nonzero: one is
 * due then). A pool that trims itself has its thread (started, and on Apple platforms its
 * memory-pressure purge installed, the first time) trim then; one whose thread cannot start
 * counts no trim pending, so that the next give tries again. */
static bool ld_pool_pending(ld_pool_t *pool, uint64_t next) {
    if (next == 0 || !pool->options.trims_itself) return next > 0;
    if (!pool->trimmer_started) {
        if (pthread_create(&pool->trimmer, NULL, ld_pool_trimmer, pool) != 0) return false;
        pool->trimmer_started = true;
#if defined(__APPLE__)
        pool->pressure = dispatch_source_create(DISPATCH_SOURCE_TYPE_MEMORYPRESSURE, 0,
                                                DISPATCH_MEMORYPRESSURE_WARN | DISPATCH_MEMORYPRESSURE_CRITICAL,
                                                dispatch_get_global_queue(QOS_CLASS_UTILITY, 0));
        if (pool->pressure != NULL) {
            dispatch_set_context(pool->pressure, pool);
            dispatch_source_set_event_handler_f(pool->pressure, ld_pool_purge_on_pressure);
            dispatch_resume(pool->pressure);
        }
#endif
    }
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t nanoseconds = (uint64_t)now.tv_nsec + (next < UINT64_C(1) << 62 ? next : UINT64_C(1) << 62);
    pool->trim_at = (struct timespec){ .tv_sec = now.tv_sec + (time_t)(nanoseconds / 1000000000),
                                       .tv_nsec = (long)(nanoseconds % 1000000000) };
    pool->trim_armed = true;
    pthread_cond_signal(&pool->wake);
    return true;
}

uint64_t ld_pool_give(ld_pool_t *pool, ld_workspace_t *workspace) {
    if (pool == NULL || workspace == NULL) {
        ld_workspace_free(workspace);
        return 0;
    }
    uint64_t now = pool->options.clock(pool->options.clock_context);
    pthread_mutex_lock(&pool->mutex);
    bool kept = pool->idle_count < pool->options.idle_limit;
    if (kept) pool->idle[pool->idle_count++] = (ld_idle_workspace_t){ workspace, now };
    /* A workspace given back is due no sooner than those idle before it: with a trim pending,
     * the timer armed for it stands, and a diff's give costs no re-arming. */
    uint64_t next = pool->trim_pending ? 0 : ld_pool_next_trim(pool, now, false);
    pool->trim_pending = pool->trim_pending || ld_pool_pending(pool, next);
    pthread_mutex_unlock(&pool->mutex);
    if (!kept) ld_workspace_free(workspace);
    return next;
}

static uint64_t ld_pool_trim_locked(ld_pool_t *pool) {
    uint64_t next = ld_pool_next_trim(pool, pool->options.clock(pool->options.clock_context), true);
    pool->trim_pending = ld_pool_pending(pool, next);
    return next;
}

uint64_t ld_pool_trim(ld_pool_t *pool) {
    if (pool == NULL) return 0;
    pthread_mutex_lock(&pool->mutex);
    uint64_t next = ld_pool_trim_locked(pool);
    pthread_mutex_unlock(&pool->mutex);
    return next;
}

void ld_pool_purge(ld_pool_t *pool) {
    if (pool == NULL) return;
    pthread_mutex_lock(&pool->mutex);
    for (size_t i = 0; i < pool->idle_count; i++) ld_workspace_reset(pool->idle[i].workspace);
    pthread_mutex_unlock(&pool->mutex);
}

size_t ld_pool_idle_bytes(ld_pool_t *pool) {
    if (pool == NULL) return 0;
    size_t bytes = 0;
    pthread_mutex_lock(&pool->mutex);
    for (size_t i = 0; i < pool->idle_count; i++) bytes += ld_workspace_bytes_held(pool->idle[i].workspace);
    pthread_mutex_unlock(&pool->mutex);
    return bytes;
}
