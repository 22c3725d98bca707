/*
 * listdelta-objc-bench: times LDListDiff on IGListKit's use case, lists of NSString-identified
 * objects, as Benchmarks/README.md describes (Wobjc10k, Wobjc100k). Built and run by
 * scripts/bench-objc (GNUstep on Linux); the same source builds with Xcode against Foundation.
 */
#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#import "ListDeltaObjC.h"

/* Benchmarks/README.md's generator: SplitMix64, bounded draws from the high half of a 128-bit
   product. */
typedef struct LDBenchRandom {
    uint64_t state;
} LDBenchRandom;

static uint64_t LDBenchNext(LDBenchRandom *random) {
    uint64_t z = (random->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static size_t LDBenchBounded(LDBenchRandom *random, size_t bound) {
    return (size_t)(((unsigned __int128)LDBenchNext(random) * bound) >> 64);
}

/* The first k steps of a Fisher-Yates shuffle of 0 ..< n, into chosen[0 ..< k]. */
static void LDBenchChooseDistinct(LDBenchRandom *random, size_t k, size_t n, int64_t *chosen) {
    int64_t *values = malloc(sizeof *values * (n ? n : 1));
    for (size_t i = 0; i < n; i++) { values[i] = (int64_t)i; }
    for (size_t i = 0; i < k; i++) {
        size_t j = i + LDBenchBounded(random, n - i);
        int64_t swap = values[i];
        values[i] = values[j];
        values[j] = swap;
    }
    memcpy(chosen, values, k * sizeof *chosen);
    free(values);
}

/* `items` at random gaps of `base` (a gap in 0 ... count per item, drawn in turn); items drawn
   for one gap keep their order. Returns the new count in `out`. */
static size_t LDBenchInsertAtGaps(LDBenchRandom *random, const int64_t *base, size_t count, const int64_t *items,
                                  size_t itemCount, int64_t *out) {
    size_t *gap = malloc(sizeof *gap * (itemCount ? itemCount : 1));
    size_t *atGap = calloc(count + 2, sizeof *atGap);
    for (size_t k = 0; k < itemCount; k++) { atGap[(gap[k] = LDBenchBounded(random, count + 1)) + 1]++; }
    for (size_t g = 1; g <= count + 1; g++) { atGap[g] += atGap[g - 1]; } /* items before gap g */
    size_t *placed = calloc(count + 1, sizeof *placed);
    for (size_t k = 0; k < itemCount; k++) {
        out[atGap[gap[k]] + gap[k] + placed[gap[k]]++] = items[k];
    }
    for (size_t b = 0; b < count; b++) { out[atGap[b + 1] + b] = base[b]; }
    free(gap);
    free(atGap);
    free(placed);
    return count + itemCount;
}

/* flat(n, deletes, inserts, moves) of Benchmarks/README.md, seed 42: the target's identities. */
static size_t LDBenchFlat(size_t n, size_t deletes, size_t inserts, size_t moves, int64_t *target) {
    LDBenchRandom random = {42};
    int64_t *chosen = malloc(sizeof *chosen * (n + 1));
    bool *gone = calloc(n + 1, sizeof *gone);
    LDBenchChooseDistinct(&random, deletes, n, chosen);
    for (size_t k = 0; k < deletes; k++) { gone[chosen[k]] = true; }
    int64_t *survivors = malloc(sizeof *survivors * (n + 1)), *fresh = malloc(sizeof *fresh * (inserts + 1));
    size_t survivorCount = 0;
    for (size_t i = 0; i < n; i++) {
        if (!gone[i]) { survivors[survivorCount++] = (int64_t)i; }
    }
    for (size_t k = 0; k < inserts; k++) { fresh[k] = (int64_t)(n + k); }
    int64_t *afterInsert = malloc(sizeof *afterInsert * (n + inserts + 1));
    size_t afterCount = LDBenchInsertAtGaps(&random, survivors, survivorCount, fresh, inserts, afterInsert);
    LDBenchChooseDistinct(&random, moves, survivorCount, chosen);
    int64_t *moved = malloc(sizeof *moved * (moves + 1));
    memset(gone, 0, (n + 1) * sizeof *gone);
    for (size_t k = 0; k < moves; k++) { gone[(moved[k] = survivors[chosen[k]])] = true; }
    size_t restCount = 0;
    for (size_t i = 0; i < afterCount; i++) {
        if (afterInsert[i] >= (int64_t)n || !gone[afterInsert[i]]) { afterInsert[restCount++] = afterInsert[i]; }
    }
    size_t count = LDBenchInsertAtGaps(&random, afterInsert, restCount, moved, moves, target);
    free(chosen);
    free(gone);
    free(survivors);
    free(fresh);
    free(afterInsert);
    free(moved);
    return count;
}

/* FNV-1a over each identity as 8 little-endian bytes, as Benchmarks/README.md's checksums. */
static uint64_t LDBenchChecksum(const int64_t *values, size_t count) {
    uint64_t hash = UINT64_C(0xCBF29CE484222325);
    for (size_t i = 0; i < count; i++) {
        uint64_t bits = (uint64_t)values[i];
        for (int b = 0; b < 8; b++, bits >>= 8) { hash = (hash ^ (bits & 0xFF)) * UINT64_C(0x100000001B3); }
    }
    return hash;
}

/* The workload as NSStrings "item-k" (Wstr100k's spelling): the old list 0 ..< n, the new one
   flat(n, n / 10, n / 10, n / 50). */
static uint64_t LDBenchWorkload(NSUInteger n, NSArray **oldOut, NSArray **newOut) {
    int64_t *target = malloc(sizeof *target * (n + n / 10 + 1));
    size_t count = LDBenchFlat(n, n / 10, n / 10, n / 50, target);
    NSMutableArray *old = [NSMutableArray arrayWithCapacity:n];
    for (NSUInteger i = 0; i < n; i++) { [old addObject:[NSString stringWithFormat:@"item-%lu", (unsigned long)i]]; }
    NSMutableArray *new = [NSMutableArray arrayWithCapacity:count];
    for (size_t i = 0; i < count; i++) {
        [new addObject:[NSString stringWithFormat:@"item-%lld", (long long)target[i]]];
    }
    uint64_t checksum = LDBenchChecksum(target, count);
    free(target);
    *oldOut = [NSArray arrayWithArray:old];
    *newOut = [NSArray arrayWithArray:new];
    return checksum;
}

static double LDBenchNow(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int LDBenchCompare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    int runs = argc > 1 ? atoi(argv[1]) : 11;
    if (runs < 1) { runs = 1; }
    printf("| workload | n | LDListDiff median ms | min ms | max ms | inserts | deletes | moves | target checksum |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
    NSUInteger sizes[2] = {10000, 100000};
    for (int s = 0; s < 2; s++) {
        NSArray *old = nil, *new = nil;
        uint64_t checksum = LDBenchWorkload(sizes[s], &old, &new);
        double *times = malloc(sizeof(double) * (size_t)runs);
        LDListIndexSetResult *result = nil;
        for (int run = -1; run < runs; run++) { // one warm-up
            NSAutoreleasePool *inner = [[NSAutoreleasePool alloc] init];
            double start = LDBenchNow();
            result = [LDListDiff(old, new, LDListDiffEquality) retain];
            double elapsed = LDBenchNow() - start;
            if (run >= 0) { times[run] = elapsed * 1e3; }
            if (run < runs - 1) { [result release]; }
            [inner release];
        }
        qsort(times, (size_t)runs, sizeof(double), LDBenchCompare);
        printf("| Wobjc%s | %lu | %.3g | %.3g | %.3g | %lu | %lu | %lu | `%016llx` |\n", s == 0 ? "10k" : "100k",
               (unsigned long)sizes[s], times[runs / 2], times[0], times[runs - 1], (unsigned long)result.inserts.count,
               (unsigned long)result.deletes.count, (unsigned long)result.moves.count, (unsigned long long)checksum);
        [result release];
        free(times);
    }
    [pool release];
    return 0;
}
