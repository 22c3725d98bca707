/*
 * listdelta-objc-bench: times LDListDiff on IGListKit's use case, lists of NSString-identified
 * objects, as Benchmarks/README.md describes (Wobjc10k, Wobjc100k). Built and run by
 * scripts/bench-objc (GNUstep on Linux); the same source builds with Xcode against Foundation.
 */
#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#import "ListDeltaObjC.h"

/* SplitMix64, as Benchmarks/README.md's generator. */
static uint64_t LDBenchNext(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static NSUInteger LDBenchBelow(uint64_t *state, NSUInteger bound) {
    return (NSUInteger)(LDBenchNext(state) % bound);
}

/* n strings; the new list deletes 10% of them at random, inserts 10% new ones at random
   places, and moves 2% of the rest to random places. */
static void LDBenchWorkload(NSUInteger n, uint64_t seed, NSArray **oldOut, NSArray **newOut) {
    uint64_t state = seed;
    NSMutableArray *old = [NSMutableArray arrayWithCapacity:n];
    for (NSUInteger i = 0; i < n; i++) { [old addObject:[NSString stringWithFormat:@"item-%lu", (unsigned long)i]]; }
    NSMutableArray *new = [NSMutableArray arrayWithArray:old];
    for (NSUInteger k = 0; k < n / 10; k++) { [new removeObjectAtIndex:LDBenchBelow(&state, new.count)]; }
    for (NSUInteger k = 0; k < n / 10; k++) {
        NSString *inserted = [NSString stringWithFormat:@"new-%lu", (unsigned long)k];
        [new insertObject:inserted atIndex:LDBenchBelow(&state, new.count + 1)];
    }
    for (NSUInteger k = 0; k < n / 50; k++) {
        NSUInteger from = LDBenchBelow(&state, new.count);
        id moving = [[new objectAtIndex:from] retain];
        [new removeObjectAtIndex:from];
        [new insertObject:moving atIndex:LDBenchBelow(&state, new.count + 1)];
        [moving release];
    }
    *oldOut = old;
    *newOut = new;
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
    printf("| workload | n | LDListDiff median ms | min ms | max ms | inserts | deletes | moves |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    NSUInteger sizes[2] = {10000, 100000};
    for (int s = 0; s < 2; s++) {
        NSArray *old = nil, *new = nil;
        LDBenchWorkload(sizes[s], 42, &old, &new);
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
        printf("| Wobjc%s | %lu | %.3g | %.3g | %.3g | %lu | %lu | %lu |\n", s == 0 ? "10k" : "100k",
               (unsigned long)sizes[s], times[runs / 2], times[0], times[runs - 1], (unsigned long)result.inserts.count,
               (unsigned long)result.deletes.count, (unsigned long)result.moves.count);
        [result release];
        free(times);
    }
    [pool release];
    return 0;
}
