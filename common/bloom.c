#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "bloom.h"
#include "diag.h"
#include "fingerprint.h"

bool
bloom_size(uint64_t n, double p, uint64_t *m, unsigned *k)
{
	double ln2 = log(2.0), bits, probes;

	if (n == 0 || !(p > 0 && p < 1))
		return false;
	bits = ceil(-(double)n * log(p) / (ln2 * ln2));
	probes = round(-log2(p));
	/* 2^63 bits is 1 EiB: any larger is no filter we could hold. */
	if (!(bits < 9.2e18) || probes > BLOOM_MAX_K)
		return false;
	*m = ((uint64_t)bits + 63) / 64 * 64;
	if (*m == 0)
		*m = 64;
	*k = probes < 1 ? 1 : (unsigned)probes;
	return true;
}

void
bloom_alloc(struct bloom *b, uint64_t m, unsigned k)
{
	memset(b, 0, sizeof *b);
	b->m = m;
	b->k = k;
	/* calloc hands out untouched zero pages: a large filter costs
	 * memory only as keys reach its pages. */
	if (m / 8 > SIZE_MAX || (b->bits = calloc((size_t)(m / 8), 1)) == NULL)
		diag_fatal("out of memory for a Bloom filter of %llu bits",
		    (unsigned long long)m);
}

bool
bloom_size_probes(uint64_t n, double p, unsigned kmax, uint64_t *m,
    unsigned *k)
{
	double bits;

	if (!bloom_size(n, p, m, k))
		return false;
	if (kmax == 0 || *k <= kmax)
		return true;
	/* (1 - e^(-kn/m))^k = p, solved for m */
	*k = kmax;
	bits = ceil(-(double)kmax * (double)n / log1p(-pow(p, 1.0 / kmax)));
	if (!(bits < 9.2e18))
		return false;
	*m = ((uint64_t)bits + 63) / 64 * 64;
	return true;
}

void
bloom_init(struct bloom *b, uint64_t n, double p)
{
	bloom_init_probes(b, n, p, 0);
}

void
bloom_init_probes(struct bloom *b, uint64_t n, double p, unsigned kmax)
{
	uint64_t m;
	unsigned k;

	if (!bloom_size_probes(n, p, kmax, &m, &k))
		diag_fatal("no Bloom filter for %llu keys at rate %g",
		    (unsigned long long)n, p);
	bloom_alloc(b, m, k);
	b->capacity = n;
	b->rate = p;
}

void
bloom_free(struct bloom *b)
{
	free(b->bits);
	b->bits = NULL;
}

/* floor(g * m / 2^64): Lemire's range reduction, a multiply instead of
 * a division, and exact integer arithmetic on every machine. */
static inline uint64_t
reduce(uint64_t g, uint64_t m)
{
#ifdef __SIZEOF_INT128__
	__extension__ typedef unsigned __int128 u128;

	return (uint64_t)(((u128)g * m) >> 64);
#else
	uint64_t gl = g & 0xffffffff, gh = g >> 32;
	uint64_t ml = m & 0xffffffff, mh = m >> 32;
	uint64_t ll = gl * ml, lh = gl * mh, hl = gh * ml, hh = gh * mh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);

	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

void
bloom_positions(const void *key, size_t len, uint64_t m, unsigned k,
    uint64_t *pos)
{
	XXH128_hash_t h = XXH3_128bits(key, len);
	uint64_t g = h.low64;

	for (unsigned i = 0; i < k; i++, g += h.high64)
		pos[i] = reduce(g, m);
}

void
bloom_prefetch(const struct bloom *b, const void *key, size_t len)
{
	XXH128_hash_t h = XXH3_128bits(key, len);
	uint64_t g = h.low64;

	for (unsigned i = 0; i < b->k; i++, g += h.high64)
		__builtin_prefetch(b->bits + (reduce(g, b->m) >> 3), 1);
}

bool
bloom_add(struct bloom *b, const void *key, size_t len)
{
	XXH128_hash_t h = XXH3_128bits(key, len);
	uint64_t g = h.low64;
	unsigned clear = 0;

	/* The k loads do not depend on each other, so the CPU overlaps
	 * their cache misses; no branch on a bit until the end. */
	for (unsigned i = 0; i < b->k; i++, g += h.high64) {
		uint64_t pos = reduce(g, b->m);
		unsigned char bit = (unsigned char)(1u << (pos & 7));
		unsigned char *p = b->bits + (pos >> 3);

		clear |= ~*p & bit;
		*p |= bit;
	}
	if (clear)
		b->count++;
	return clear != 0;
}

bool
bloom_test(const struct bloom *b, const void *key, size_t len)
{
	XXH128_hash_t h = XXH3_128bits(key, len);
	uint64_t g = h.low64;

	for (unsigned i = 0; i < b->k; i++, g += h.high64) {
		uint64_t pos = reduce(g, b->m);

		if (!(b->bits[pos >> 3] & (1u << (pos & 7))))
			return false;
	}
	return true;
}

uint64_t
bloom_popcount(const struct bloom *b)
{
	uint64_t n = 0, w;

	for (uint64_t i = 0; i < b->m / 8; i += 8) {
		memcpy(&w, b->bits + i, 8);
		/* fingerprint_distance for its POPCNT dispatch */
		n += fingerprint_distance(w, 0);
	}
	return n;
}

double
bloom_fp_rate(const struct bloom *b)
{
	return pow((double)bloom_popcount(b) / (double)b->m, b->k);
}
