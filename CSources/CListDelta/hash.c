#include "CListDelta.h"

#ifdef LD_USE_XXHASH
/* Inlined from the system header: identifiers are short, and for 16 bytes or fewer the call
 * into the shared library costs as much as the hash. */
#define XXH_INLINE_ALL
#include <xxhash.h>

static uint64_t ld_hash_bytes(const void *bytes, size_t length, uint64_t seed) {
    return XXH3_64bits_withSeed(bytes, length, seed);
}

const char *ld_hash64_backend(void) { return "xxh3"; }

#else
#include <string.h>

/* Portable fallback: 16-byte blocks folded through 64x64->128-bit multiplies. */
static const uint64_t LD_K0 = 0x8EBC6AF09C88C6E3ull;
static const uint64_t LD_K1 = 0x589965CC75374CC3ull;
static const uint64_t LD_K2 = 0x1D8E4E27C47D124Full;
static const uint64_t LD_K3 = 0x9E3779B97F4A7C15ull;

static inline uint64_t ld_fold_multiply(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
    __uint128_t product = (__uint128_t)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
#else
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    uint64_t cross = (lo_lo >> 32) + (uint32_t)hi_lo + lo_hi;
    uint64_t high = hi_hi + (hi_lo >> 32) + (cross >> 32);
    uint64_t low = (cross << 32) | (uint32_t)lo_lo;
    return low ^ high;
#endif
}

static inline uint64_t ld_read64(const unsigned char *bytes) {
    uint64_t value;
    memcpy(&value, bytes, sizeof value);
    return value;
}

static uint64_t ld_hash_bytes(const void *bytes, size_t length, uint64_t seed) {
    const unsigned char *cursor = bytes;
    uint64_t state = ld_fold_multiply(seed ^ LD_K0, (uint64_t)length ^ LD_K1);
    size_t remaining = length;
    while (remaining >= 16) {
        uint64_t first = ld_read64(cursor), second = ld_read64(cursor + 8);
        state = ld_fold_multiply(first ^ state ^ LD_K1, second ^ LD_K2) + (state << 29 | state >> 35);
        cursor += 16;
        remaining -= 16;
    }
    uint64_t first = 0, second = 0;
    if (remaining > 8) {
        memcpy(&first, cursor, 8);
        memcpy(&second, cursor + 8, remaining - 8);
    } else if (remaining > 0) {
        memcpy(&first, cursor, remaining);
    }
    state = ld_fold_multiply(first ^ state ^ LD_K2, second ^ LD_K3) ^ state;
    return ld_fold_multiply(state ^ LD_K3, LD_K0);
}

const char *ld_hash64_backend(void) { return "portable"; }

#endif

ld_status ld_hash64(const void *bytes, size_t length, uint64_t seed, uint64_t *out_hash) {
    if ((bytes == NULL && length != 0) || out_hash == NULL) return LD_ERROR_INVALID;
    *out_hash = ld_hash_bytes(bytes, length, seed);
    return LD_OK;
}
