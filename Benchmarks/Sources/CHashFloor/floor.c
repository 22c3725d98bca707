#include "CHashFloor.h"

#include <string.h>

size_t hf_capacity(size_t source_count) {
    size_t capacity = 8;
    while (capacity < 2 * source_count) capacity <<= 1;
    return capacity;
}

uint64_t hf_build_and_probe(hf_slot_t *slots, size_t capacity,
                            const uint64_t *source, size_t source_count,
                            const uint64_t *target, size_t target_count) {
    unsigned bits = 0;
    while (((size_t)1 << bits) < capacity) bits++;
    unsigned shift = 64 - bits;
    size_t mask = capacity - 1;
    memset(slots, 0, capacity * sizeof *slots);
    for (size_t i = 0; i < source_count; i++) {
        uint64_t key = source[i];
        size_t position = (size_t)((key * 0x9E3779B97F4A7C15ull) >> shift);
        while (slots[position].value != 0 && slots[position].key != key) position = (position + 1) & mask;
        if (slots[position].value == 0) slots[position] = (hf_slot_t){ key, i + 1 };
    }
    uint64_t sum = 0;
    for (size_t j = 0; j < target_count; j++) {
        uint64_t key = target[j];
        size_t position = (size_t)((key * 0x9E3779B97F4A7C15ull) >> shift);
        while (slots[position].value != 0) {
            if (slots[position].key == key) {
                sum += slots[position].value;
                break;
            }
            position = (position + 1) & mask;
        }
    }
    return sum;
}
