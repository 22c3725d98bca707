#include "internal.h"

#include <errno.h>
#include <time.h>

#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
#include <stdlib.h>
#define LD_HAVE_ARC4RANDOM 1
#elif defined(__linux__)
#include <sys/random.h>
#define LD_HAVE_GETRANDOM 1
#endif

/* SplitMix64's output function: a bijection that spreads every input bit over the output. */
static uint64_t ld_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Where the system gives no random bytes (a sandbox without getrandom, say), the clock, an
 * address that moves with ASLR and a counter still make each seed different, if guessable. */
static uint64_t ld_fallback_entropy(void) {
    static atomic_uint_fast64_t counter;
    uint64_t count = (uint64_t)atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    int local = 0;
    uint64_t entropy = (uint64_t)clock() ^ ((uint64_t)time(NULL) << 20) ^ (uint64_t)(uintptr_t)&local;
    return ld_mix(entropy + count * 0x9E3779B97F4A7C15ull);
}

uint64_t ld_random_seed(void) {
    uint64_t seed = 0;
#if defined(LD_HAVE_ARC4RANDOM)
    arc4random_buf(&seed, sizeof seed);
#elif defined(LD_HAVE_GETRANDOM)
    int saved_errno = errno; /* the library never changes errno */
    if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) != (ssize_t)sizeof seed) seed = ld_fallback_entropy();
    errno = saved_errno;
#else
    seed = ld_fallback_entropy();
#endif
    return seed;
}
