/* A Bloom filter over keys (byte strings), as seen(1) keeps it.
 *
 * Sized for n keys at false-positive rate p by the standard formulas:
 * m = ceil(-n ln p / (ln 2)^2) bits, rounded up to a multiple of 64, and
 * k = round(-log2 p) probes (m/n ln 2), at least 1.
 *
 * Each key is hashed once, and the k bit positions are derived from the
 * hash by double hashing (Kirsch and Mitzenmacher).  They depend only on
 * the key's bytes, m and k, never on the machine:
 *	h1, h2 = the low and high 64 bits of XXH3_128bits(key), seed 0
 *	g_i    = h1 + i * h2  (mod 2^64), for i = 0 .. k-1
 *	pos_i  = floor(g_i * m / 2^64)
 * and bit pos is the bit of value 1 << (pos mod 8) in byte pos / 8.
 * A key is new unless all k of its bits are set; adding it sets them. */
#ifndef CRAWLUTILS_BLOOM_H
#define CRAWLUTILS_BLOOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BLOOM_MAX_K	64

struct bloom {
	uint64_t	 m;		/* bits, a multiple of 64 */
	unsigned	 k;		/* probes per key */
	unsigned char	*bits;		/* m / 8 bytes */
	uint64_t	 capacity;	/* the n it was sized for */
	double		 rate;		/* the p it was sized for */
	uint64_t	 count;		/* keys added that were new */
};

/* m and k for n keys at rate p (0 < p < 1, n >= 1); false if m would
 * not fit in 64 bits or k would exceed BLOOM_MAX_K. */
bool bloom_size(uint64_t n, double p, uint64_t *m, unsigned *k);
/* The same with at most kmax probes (0: no limit): when the k above is
 * larger, k = kmax and m = ceil(-k n / ln(1 - p^(1/k))), rounded up to a
 * multiple of 64, the bits that give rate p at n keys with k probes.
 * Fewer probes are fewer cache misses a key, at more bits a key. */
bool bloom_size_probes(uint64_t n, double p, unsigned kmax, uint64_t *m,
    unsigned *k);
/* An empty filter sized for n keys at rate p (bloom_size must be true);
 * the bits are allocated zeroed.  bloom_init_probes limits the probes. */
void bloom_init(struct bloom *b, uint64_t n, double p);
void bloom_init_probes(struct bloom *b, uint64_t n, double p, unsigned kmax);
/* An empty filter of m bits (a multiple of 64) and k probes. */
void bloom_alloc(struct bloom *b, uint64_t m, unsigned k);
void bloom_free(struct bloom *b);

/* The k bit positions of a key, for tests and other implementations. */
void bloom_positions(const void *key, size_t len, uint64_t m, unsigned k,
    uint64_t *pos);
/* Add the key; true if it was new (some bit of it was clear). */
bool bloom_add(struct bloom *b, const void *key, size_t len);
/* Start loading the key's bits into the cache, for a bloom_add or
 * bloom_test to come: a caller with many keys at hand prefetches them
 * all first, so that their cache misses overlap (seenlines, whose
 * filter is larger than the cache, keys a text's lines at once). */
void bloom_prefetch(const struct bloom *b, const void *key, size_t len);
/* Would the key be taken as seen?  The filter is not changed. */
bool bloom_test(const struct bloom *b, const void *key, size_t len);

/* The number of bits set. */
uint64_t bloom_popcount(const struct bloom *b);
/* The chance that a new key is taken as seen now: (set bits / m)^k. */
double bloom_fp_rate(const struct bloom *b);

#endif
