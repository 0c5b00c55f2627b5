/* 64-bit fingerprints written as 16 hex digits (simhash's output).
 * Parsing accepts either case and an optional 0x prefix, and nothing
 * else: a short, long or non-hex field is an error, never a silent 0. */
#ifndef CRAWLUTILS_FINGERPRINT_H
#define CRAWLUTILS_FINGERPRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FINGERPRINT_HEXLEN	16

bool fingerprint_parse(const char *p, size_t n, uint64_t *fp);
/* 16 lowercase hex digits into out (no NUL). */
void fingerprint_format(uint64_t fp, char out[FINGERPRINT_HEXLEN]);
/* The number of bits in which a and b differ. */
unsigned fingerprint_distance(uint64_t a, uint64_t b);

#endif
