/* Sorting 64-bit numbers: an in-place MSD radix sort, for the pair and
 * key lists of nearpairs, nearverify, shingle sets and line counts, which
 * may be the largest arrays a program holds (no scratch copy). */
#ifndef CRAWLUTILS_RADIX_H
#define CRAWLUTILS_RADIX_H

#include <stddef.h>
#include <stdint.h>

/* Sort a[0..n) in place, ascending. */
void radix_sort_u64(uint64_t *a, size_t n);

#endif
