/* What the fuzz targets share: a failure that aborts under the target's name (LDF_TARGET,
 * defined before this header), and a reader of the input's bytes that reads 0 once they run
 * out. */
#ifndef LDF_FUZZ_INPUT_H
#define LDF_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static inline void ldf_fail(const char *what) {
    fprintf(stderr, "%s: %s\n", LDF_TARGET, what);
    abort();
}

typedef struct {
    const uint8_t *data;
    size_t size;
} ldf_reader_t;

static inline uint8_t ldf_byte(ldf_reader_t *reader) {
    if (reader->size == 0) return 0;
    reader->size--;
    return *reader->data++;
}

#endif
