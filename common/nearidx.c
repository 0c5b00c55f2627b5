#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nearidx.h"
#include "par.h"
#include "xalloc.h"

/* A bucket this small is compared pair by pair: splitting it costs more
 * than it saves.  Measured at 10M planted fingerprints, k = 3, 4 tables
 * (CPU seconds, a loaded machine): 48: 4.4, 96: 4.2, 192: 3.4, 384: 4.4;
 * with AVX-512: 96: 7.2, 192: 3.9, 384: 3.8 and 5.1, 768: 5.3. */
#define BRUTE_MAX	192
/* The same where AVX-512 compares, for k of 5 and more, whose splits sort
 * k + 1 sub-blocks: at k = 5 on 5M planted fingerprints with 14 bits
 * cleared (buckets of 150 to 300, as 100M give), 192: 11.3 s of CPU
 * time, 384: 8.9, 768: 8.5, comparing 4 times the pairs; 10M planted:
 * 192: 11.1, 384: 10.4, 768: 12.5 (one run each, a loaded machine).
 * Without AVX-512 the 5M case was 11.0 s at 192, 11.5 at 768. */
#define BRUTE_MAX_WIDE	384
/* The same where AVX2 compares (brute_avx2), at k = 5 to AVX2_MAXK:
 * buckets of one table at k = 5 (3,000 buckets of n random and planted
 * fingerprints, ns of CPU time an entry, split / compared pair by pair,
 * on 2 cores of an AMD EPYC with AVX2 and no AVX-512, loaded about 4
 * times over): n = 500: 141 / 78, 700: 144 / 90, 1,000: 157 / 135.
 * 100M planted fingerprints give buckets of up to some 500. */
#define BRUTE_MAX_AVX2	1024

void
nearidx_bitsel_init(struct nearidx_bitsel *b, uint64_t mask)
{
	unsigned out = 0;

	b->nseg = 0;
	b->bits = 0;
	for (unsigned i = 0; i < 64;) {
		unsigned j = i;

		if (!(mask >> i & 1)) {
			i++;
			continue;
		}
		while (j < 64 && (mask >> j & 1))
			j++;
		/* a mask never has more than 32 runs of ones */
		b->seg[b->nseg].shift = (uint8_t)i;
		b->seg[b->nseg].out = (uint8_t)out;
		b->seg[b->nseg].mask = j - i == 64 ? ~0ULL : (1ULL << (j - i)) - 1;
		b->nseg++;
		out += j - i;
		i = j;
	}
	b->bits = out;
}

/* --- designs -------------------------------------------------------------- */

static uint64_t
choose(unsigned n, unsigned r)
{
	uint64_t c = 1;

	if (r > n)
		return 0;
	for (unsigned i = 1; i <= r; i++) {
		c = c * (n - r + i) / i;
		if (c > 1000000)
			return c;
	}
	return c;
}

unsigned
nearidx_design_tables(unsigned k, unsigned *out, unsigned max)
{
	unsigned n = 0;

	if (k == 0) {
		if (max > 0)
			out[0] = 1;
		return 1;
	}
	for (unsigned b = k + 1; b <= 64; b++) {
		uint64_t c = choose(b, k);

		if (c > NEARIDX_MAXTABLES)
			break;
		if (n < max)
			out[n] = (unsigned)c;
		n++;
	}
	return n;
}

/* k + 1 tables (the seed's 4 tables of 16 bits at k = 3), whose big
 * buckets the search splits in cache, beat more tables of longer keys
 * everywhere we measured (1M, 10M and 100M planted fingerprints, CPU
 * seconds): k = 3 at 10M: 4 tables 3.4, 10 tables 5.0, 20 tables 6.4; at
 * 100M: 4 tables 54, 20 tables 80 (user), and again 75 and 103 (user,
 * 100M planted, the whole run, 2026-12-01); k = 8 at 1M: 9 tables 3.3, 45
 * tables 4.8.  Only at k = 5 and 6 do C(k + 2, 2) tables win (k = 6 at
 * 1M: 7 tables 1.4, 28 tables 1.0; k = 5 at 10M: 6 tables 10.8, 21
 * tables 10.0).  So at k = 4, the route's (simhash -n 7 | nearpairs -k
 * 4), on 100M planted fingerprints, once each: 5 tables 81.8, 15 tables
 * 61.4 (AVX2, no AVX-512); at 10M 6.0 and 4.1 s; only at 1M do 5 win,
 * 0.31 against 0.36 (2026-12-06). */
unsigned
nearidx_design_auto(unsigned k)
{
	if (k == 0)
		return 1;
	if (k >= 4 && k <= 6)
		return (k + 2) * (k + 1) / 2;
	return k + 1;
}

bool
nearidx_design_offered(unsigned k, unsigned ntables, char *choices, size_t size)
{
	unsigned list[64], n = nearidx_design_tables(k, list, 64);
	size_t len = 0;

	for (unsigned i = 0; i < n && i < 64; i++)
		if (list[i] == ntables)
			return true;
	if (size > 0)
		choices[0] = '\0';
	for (unsigned i = 0; i < n && i < 64 && len + 16 < size; i++)
		len += (size_t)snprintf(choices + len, size - len, "%s%u",
		    i == 0 ? "" : i + 1 == n ? " or " : ", ", list[i]);
	return false;
}

bool
nearidx_design_init(struct nearidx_design *d, unsigned k, unsigned ntables)
{
	unsigned b, m, t, hi = 64, pick[64];

	memset(d, 0, sizeof *d);
	if (k > NEARIDX_MAXK)
		return false;
	if (k == 0) {
		if (ntables != 1)
			return false;
		b = 1;
	} else {
		for (b = k + 1; b <= 64 && choose(b, k) < ntables; b++)
			continue;
		if (b > 64 || choose(b, k) != ntables)
			return false;
	}
	d->k = k;
	d->nblocks = b;
	d->ntables = ntables;
	/* blocks as equal as can be, the larger ones first: 11,11,11,11,10,10 */
	for (unsigned i = 0; i < b; i++) {
		unsigned w = 64 / b + (i < 64 % b);

		d->block[i] = (w == 64 ? ~0ULL : ((1ULL << w) - 1)) << (hi - w);
		hi -= w;
	}
	/* tables: the (b - k)-subsets of the blocks in lexicographic order */
	m = b - k;
	d->mask = xmalloc(ntables * sizeof *d->mask);
	d->sel = xmalloc(ntables * sizeof *d->sel);
	for (unsigned i = 0; i < m; i++)
		pick[i] = i;
	for (t = 0; t < ntables; t++) {
		uint64_t mask = 0;
		int i;

		for (unsigned j = 0; j < m; j++)
			mask |= d->block[pick[j]];
		d->mask[t] = mask;
		nearidx_bitsel_init(&d->sel[t], mask);
		for (i = (int)m - 1; i >= 0 && pick[i] == b - m + (unsigned)i; i--)
			continue;
		if (i < 0)
			break;
		pick[i]++;
		for (unsigned j = (unsigned)i + 1; j < m; j++)
			pick[j] = pick[j - 1] + 1;
	}
	return true;
}

void
nearidx_design_free(struct nearidx_design *d)
{
	free(d->mask);
	free(d->sel);
	d->mask = NULL;
	d->sel = NULL;
}

size_t
nearidx_key_format(char out[NEARIDX_KEYMAX], unsigned table, uint64_t key,
    unsigned bits)
{
	unsigned w = bits ? (bits + 3) / 4 : 1;
	int n = snprintf(out, NEARIDX_KEYMAX, "%03u.", table);

	for (unsigned i = w; i-- > 0;) {
		out[(unsigned)n + i] = "0123456789abcdef"[key & 15];
		key >>= 4;
	}
	return (size_t)n + w;
}

bool
nearidx_key_parse(const char *p, size_t n, unsigned *table, uint64_t *key)
{
	size_t i = 0;
	unsigned t = 0;
	uint64_t v = 0;

	while (i < n && i < 4 && p[i] >= '0' && p[i] <= '9')
		t = t * 10 + (unsigned)(p[i++] - '0');
	if (i == 0 || i >= n || p[i] != '.' || n - i - 1 == 0 ||
	    n - i - 1 > 16)
		return false;
	for (i++; i < n; i++) {
		char c = p[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (uint64_t)(c - 'a' + 10);
		else
			return false;
	}
	*table = t;
	*key = v;
	return true;
}

/* --- sorting -------------------------------------------------------------- */

/* The key sort_sel sorts on: b's bits, or with one run of them (a
 * block, a sub-block) just that run, shifted down. */
static inline __attribute__((always_inline)) uint64_t
sel_key(const struct nearidx_bitsel *b, bool one, uint64_t fp)
{
	if (one)
		return fp >> b->seg[0].shift & b->seg[0].mask;
	return nearidx_bitsel_get(b, fp);
}

/* LSD radix sort of e[0..n) on the bits b selects, stable, with tmp as
 * the other buffer; returns the one that holds the result.  Digits of at
 * most 11 bits keep the counters in L1. */
static inline __attribute__((always_inline)) struct nearidx_entry *
sort_body(struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n,
    const struct nearidx_bitsel *b, bool one)
{
	uint32_t small[2048], *cnt = small;
	unsigned passes, dw;
	struct nearidx_entry *src = e, *dst = tmp;

	if (b->bits == 0 || n < 2)
		return e;
	passes = (b->bits + 10) / 11;
	dw = (b->bits + passes - 1) / passes;
	if (passes > 1)
		cnt = xmalloc(((size_t)passes << dw) * sizeof *cnt);
	memset(cnt, 0, ((size_t)passes << dw) * sizeof *cnt);
	for (size_t i = 0; i < n; i++) {
		uint64_t key = sel_key(b, one, e[i].fp);

		for (unsigned p = 0; p < passes; p++)
			cnt[(size_t)p << dw | (key >> (p * dw) & ((1u << dw) - 1))]++;
	}
	for (unsigned p = 0; p < passes; p++) {
		uint32_t *c = cnt + ((size_t)p << dw), sum = 0;
		unsigned sh = p * dw;
		uint64_t dmask = (1u << dw) - 1;
		bool trivial = false;
		struct nearidx_entry *t;

		for (size_t v = 0; v < (1u << dw); v++) {
			uint32_t x = c[v];

			if (x == n)
				trivial = true;
			c[v] = sum;
			sum += x;
		}
		if (trivial)
			continue;	/* one digit value: order unchanged */
		for (size_t i = 0; i < n; i++) {
			uint64_t key = sel_key(b, one, src[i].fp);

			dst[c[key >> sh & dmask]++] = src[i];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (cnt != small)
		free(cnt);
	return src;
}

static struct nearidx_entry *
sort_sel(struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n,
    const struct nearidx_bitsel *b)
{
	if (b->nseg == 1)
		return sort_body(e, tmp, n, b, true);
	return sort_body(e, tmp, n, b, false);
}

void
nearidx_sort_fp(struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n)
{
	struct nearidx_bitsel all;

	nearidx_bitsel_init(&all, ~0ULL);
	if (sort_sel(e, tmp, n, &all) != e)
		memcpy(e, tmp, n * sizeof *e);
}

/* --- searching ------------------------------------------------------------ */

static size_t brute_pick(unsigned k);

void
nearidx_search_init(struct nearidx_search *s, unsigned k, nearidx_pair_fn fn,
    void *ctx)
{
	size_t wide;

	memset(s, 0, sizeof *s);
	s->k = k;
	s->pair = fn;
	s->ctx = ctx;
	wide = brute_pick(k);
	s->brute_max = wide > 0 && k >= 5 ? wide : BRUTE_MAX;
}

void
nearidx_search_free(struct nearidx_search *s)
{
	free(s->forbid);
	free(s->gmember);
	free(s->gstart);
	free(s->fa);
	free(s->fb);
	free(s->ia);
	free(s->ib);
	free(s->ga);
	free(s->gb);
	free(s->cnt);
	memset(s, 0, sizeof *s);
}

static void
push_forbid(struct nearidx_search *s, uint64_t mask)
{
	if (s->nforbid == s->capforbid) {
		s->capforbid = s->capforbid ? 2 * s->capforbid : 64;
		s->forbid = xrealloc(s->forbid, s->capforbid * sizeof *s->forbid);
	}
	s->forbid[s->nforbid++] = mask;
}

/* Room for n fingerprints, their idx and the two halves of their folds
 * (brute_avx2). */
static void
reserve(uint64_t **f, uint32_t **ix, uint32_t **g, size_t *cap, size_t n)
{
	if (*cap >= n)
		return;
	*cap = n < 256 ? 256 : n;
	free(*f);
	free(*ix);
	free(*g);
	*f = xmalloc(*cap * sizeof **f);
	*ix = xmalloc(*cap * sizeof **ix);
	*g = xmalloc(2 * *cap * sizeof **g);
}

/* The records of entry idx: a group's, or the one. */
static inline const uint32_t *
members(const struct nearidx_search *s, const uint32_t *idx, size_t *n)
{
	uint32_t g = *idx & ~NEARIDX_GROUP;

	if (!(*idx & NEARIDX_GROUP)) {
		*n = 1;
		return idx;
	}
	*n = s->gstart[g + 1] - s->gstart[g];
	return s->gmember + s->gstart[g];
}

/* Is entry idx below the split (the records of a group are all on one
 * side of it)? */
static inline bool
below(const struct nearidx_search *s, uint32_t idx)
{
	size_t n;

	return *members(s, &idx, &n) < s->split;
}

static void
report(struct nearidx_search *s, uint32_t a, uint32_t b, unsigned d)
{
	if (a < b)
		s->pair(s->ctx, a, b, d);
	else
		s->pair(s->ctx, b, a, d);
}

/* Every pair of the records of entries a and b, one of them a group. */
static void
report_groups(struct nearidx_search *s, uint32_t a, uint32_t b, unsigned d)
{
	size_t na, nb;
	const uint32_t *ma = members(s, &a, &na), *mb = members(s, &b, &nb);

	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			report(s, ma[i], mb[j], d);
}

/* A pair within k that agrees on the bucket's key: report it unless it
 * agrees on a key that an earlier table or sub-block owns. */
static inline __attribute__((always_inline)) void
candidate(struct nearidx_search *s, uint32_t a, uint32_t b, uint64_t x,
    unsigned d)
{
	for (size_t f = 0; f < s->nforbid; f++)
		if ((x & s->forbid[f]) == 0)
			return;
	if ((a | b) & NEARIDX_GROUP)
		report_groups(s, a, b, d);
	else
		report(s, a, b, d);
}

/* Copy the fingerprints of e[0..n) to s->fa, or with a split, those
 * below it to s->fa and the others to s->fb; count the pairs compared. */
static void
gather(struct nearidx_search *s, const struct nearidx_entry *e, size_t n,
    size_t *na, size_t *nb)
{
	*na = *nb = 0;
	reserve(&s->fa, &s->ia, &s->ga, &s->capa, n + 8);
	if (s->split)
		reserve(&s->fb, &s->ib, &s->gb, &s->capb, n + 8);
	for (size_t i = 0; i < n; i++) {
		if (s->split == 0 || below(s, e[i].idx)) {
			s->fa[*na] = e[i].fp;
			s->ia[(*na)++] = e[i].idx;
		} else {
			s->fb[*nb] = e[i].fp;
			s->ib[(*nb)++] = e[i].idx;
		}
	}
	s->compared += s->split ? (uint64_t)*na * *nb :
	    (uint64_t)n * (n - 1) / 2;
}

/* A bucket this small is compared where it lies, without copying its
 * fingerprints out first: the sub-blocks of a split bucket leave groups
 * of 2 to 4 (a bucket of 381 in 6 sub-blocks of 7 bits at k = 5, 21
 * tables, 100M fingerprints), and copying cost more than comparing. */
#define FEW_MAX	8

static inline __attribute__((always_inline)) void
few_body(struct nearidx_search *s, const struct nearidx_entry *e, size_t n)
{
	size_t na = 0;

	for (size_t i = 0; i < n; i++) {
		bool bi = s->split && below(s, e[i].idx);

		na += bi;
		for (size_t j = i + 1; j < n; j++) {
			uint64_t x = e[i].fp ^ e[j].fp;
			unsigned d = (unsigned)__builtin_popcountll(x);

			if (d <= s->k && (!s->split ||
			    bi != below(s, e[j].idx)))
				candidate(s, e[i].idx, e[j].idx, x, d);
		}
	}
	s->compared += s->split ? (uint64_t)na * (n - na) :
	    (uint64_t)n * (n - 1) / 2;
}

/* Compare every pair of e[0..n) (or, with a split, every pair across it).
 * The body is compiled twice, with and without the POPCNT instruction
 * (see fingerprint.c): this loop is where the time goes. */
static inline __attribute__((always_inline)) void
brute_body(struct nearidx_search *s, const struct nearidx_entry *e, size_t n)
{
	const uint64_t *f;
	const uint32_t *ix;
	unsigned k = s->k;
	size_t na, nb;

	if (n <= FEW_MAX) {
		few_body(s, e, n);
		return;
	}
	gather(s, e, n, &na, &nb);
	f = s->fa;
	ix = s->ia;
	for (size_t i = 0; i < na; i++) {
		uint64_t a = f[i];
		/* all pairs: those after i; across the split: all of fb */
		const uint64_t *g = s->split ? s->fb : f + i + 1;
		const uint32_t *gx = s->split ? s->ib : ix + i + 1;
		size_t m = s->split ? nb : na - i - 1;

		for (size_t j = 0; j < m; j++) {
			uint64_t x = a ^ g[j];
			unsigned d = (unsigned)__builtin_popcountll(x);

			if (d <= k)
				candidate(s, ix[i], gx[j], x, d);
		}
	}
}

static void
brute_generic(struct nearidx_search *s, const struct nearidx_entry *e, size_t n)
{
	brute_body(s, e, n);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

__attribute__((target("popcnt"))) static void
brute_popcnt(struct nearidx_search *s, const struct nearidx_entry *e, size_t n)
{
	brute_body(s, e, n);
}

/* Eight comparisons an instruction where the CPU counts bits in vectors
 * (AVX-512 VPOPCNTDQ): the all-pairs loop of a bucket of 150 takes a
 * third of the time (measured at 10M fingerprints). */
#define AVX512 "avx512f,avx512vpopcntdq,popcnt"

__attribute__((target(AVX512))) static void
row_avx512(struct nearidx_search *s, uint64_t a, uint32_t ia, const uint64_t *f,
    const uint32_t *ix, size_t n)
{
	__m512i va = _mm512_set1_epi64((long long)a);
	__m512i vk = _mm512_set1_epi64((long long)s->k);

	for (size_t j = 0; j < n; j += 8) {
		__mmask8 live = n - j >= 8 ? 0xff : (__mmask8)((1u << (n - j)) - 1);
		__m512i x = _mm512_xor_si512(va, _mm512_maskz_loadu_epi64(live,
		    f + j));
		__mmask8 hit = _mm512_mask_cmple_epu64_mask(live,
		    _mm512_popcnt_epi64(x), vk);

		while (hit) {
			unsigned b = (unsigned)__builtin_ctz(hit);
			uint64_t y = a ^ f[j + b];

			hit &= (__mmask8)(hit - 1);
			candidate(s, ia, ix[j + b], y,
			    (unsigned)__builtin_popcountll(y));
		}
	}
}

__attribute__((target(AVX512))) static void
brute_avx512(struct nearidx_search *s, const struct nearidx_entry *e, size_t n)
{
	size_t na, nb;

	if (n <= FEW_MAX) {
		few_body(s, e, n);
		return;
	}
	gather(s, e, n, &na, &nb);
	for (size_t i = 0; i < na; i++) {
		if (s->split)
			row_avx512(s, s->fa[i], s->ia[i], s->fb, s->ib, nb);
		else
			row_avx512(s, s->fa[i], s->ia[i], s->fa + i + 1,
			    s->ia + i + 1, na - i - 1);
	}
}

/* Where the CPU has AVX2 but not AVX-512 VPOPCNTDQ, eight pairs are
 * ruled out at once on the fold of their fingerprints to 32 bits (the
 * XOR of the halves): its bits set are no more than the fingerprints',
 * so a pair within k is within k there; the bits of each byte are
 * counted by two table look-ups of its halves (VPSHUFB) and summed four
 * bytes at a time.  The few pairs left are compared whole.  At k = 5, in
 * a bucket of fingerprints that agree on a table's key of 18 bits, the
 * fold keeps at least 23 bits that vary, and some 1 pair in 190 is left;
 * at k = 8, 1 in 10, and beyond AVX2_MAXK the one-pair loop is faster. */
#define AVX2 "avx2,popcnt"
#define AVX2_MAXK	7

/* Lanes within k, as all ones, of the pairs whose folds' low and high
 * nibbles differ in lo and hi (32 bits a lane, each byte a nibble). */
__attribute__((target(AVX2))) static inline __m256i
within_avx2(__m256i lo, __m256i hi, __m256i kp1)
{
	const __m256i lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
	    2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
	__m256i c = _mm256_add_epi8(_mm256_shuffle_epi8(lut, lo),
	    _mm256_shuffle_epi8(lut, hi));

	c = _mm256_madd_epi16(_mm256_maddubs_epi16(c, _mm256_set1_epi8(1)),
	    _mm256_set1_epi16(1));
	return _mm256_cmpgt_epi32(kp1, c);
}

#define FOLD(fp)	((uint32_t)((fp) ^ (fp) >> 32))

/* The pairs of rows i + r of fa (the bits r of hit) with fingerprint b,
 * those within k. */
__attribute__((target(AVX2))) static void
hits_avx2(struct nearidx_search *s, const uint64_t *fa, const uint32_t *ia,
    size_t i, uint64_t b, uint32_t ib, unsigned hit)
{
	while (hit) {
		size_t r = i + (unsigned)__builtin_ctz(hit);
		uint64_t y = fa[r] ^ b;
		unsigned d = (unsigned)__builtin_popcountll(y);

		hit &= hit - 1;
		if (d <= s->k)
			candidate(s, ia[r], ib, y, d);
	}
}

/* The lanes within k of a tile's eight rows (the nibbles of their folds
 * alo, ahi) against the fold of fingerprint j, broadcast (its nibbles
 * glo[j], ghi[j]), as the bits of a mask. */
#define TILE(j) ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps( \
    within_avx2(_mm256_xor_si256(alo, _mm256_set1_epi32((int)glo[j])), \
    _mm256_xor_si256(ahi, _mm256_set1_epi32((int)ghi[j])), kp1))))

/* Rows fa[i..i + 8) (fewer at the end: rows, a mask) against fb[j0..m):
 * glo, ghi the nibbles of fb's folds; with diag set fb is fa and j0 is
 * i + 1, and of the first seven only the rows before j are compared. */
__attribute__((target(AVX2))) static inline __attribute__((always_inline)) void
tile_avx2(struct nearidx_search *s, const uint64_t *fa, const uint32_t *ia,
    const uint32_t *galo, const uint32_t *gahi, size_t i, unsigned rows,
    const uint64_t *fb, const uint32_t *ib, const uint32_t *glo,
    const uint32_t *ghi, size_t j0, size_t m, bool diag)
{
	__m256i alo = _mm256_loadu_si256((const __m256i *)(galo + i));
	__m256i ahi = _mm256_loadu_si256((const __m256i *)(gahi + i));
	__m256i kp1 = _mm256_set1_epi32((int)s->k + 1);
	size_t j = j0;

	if (diag)
		for (; j < m && j < i + 8; j++) {
			unsigned hit = TILE(j) & ((1u << (j - i)) - 1);

			if (hit)
				hits_avx2(s, fa, ia, i, fb[j], ib[j], hit);
		}
	for (; j + 1 < m; j += 2) {
		unsigned h0 = TILE(j) & rows, h1 = TILE(j + 1) & rows;

		if ((h0 | h1) == 0)
			continue;
		if (h0)
			hits_avx2(s, fa, ia, i, fb[j], ib[j], h0);
		if (h1)
			hits_avx2(s, fa, ia, i, fb[j + 1], ib[j + 1], h1);
	}
	if (j < m) {
		unsigned hit = TILE(j) & rows;

		if (hit)
			hits_avx2(s, fa, ia, i, fb[j], ib[j], hit);
	}
}

/* The nibbles of the folds of f[0..n) into g, the low ones, and g + n +
 * 8, the high ones (tile_avx2), and 8 more after each, read by the last
 * tile's load and masked out. */
static void
fold(uint32_t *g, uint64_t *f, size_t n)
{
	for (size_t i = 0; i < n + 8; i++) {
		uint32_t x = i < n ? FOLD(f[i]) : 0;

		if (i >= n)
			f[i] = 0;
		g[i] = x & 0x0f0f0f0fu;
		g[n + 8 + i] = x >> 4 & 0x0f0f0f0fu;
	}
}

/* The bucket eight rows at a time, a tile, each later fingerprint's fold
 * broadcast against the eight: a bucket holds some 50 fingerprints at
 * 100M (15 tables at k = 4), and one row at a time spent about half its
 * time starting and ending rows of 25 (perf, 100M planted at k = 4: the
 * comparing 38% of 67 s of CPU time).  10M planted with 2 bits of each
 * block cleared (buckets of some 75), k = 4, -j 1, the least of 3 runs:
 * 5.58 -> 5.30 s of CPU time, the same pairs. */
__attribute__((target(AVX2))) static void
brute_avx2(struct nearidx_search *s, const struct nearidx_entry *e, size_t n)
{
	size_t na, nb;

	if (n <= FEW_MAX) {
		few_body(s, e, n);
		return;
	}
	if (s->k > AVX2_MAXK) {
		brute_popcnt(s, e, n);
		return;
	}
	if (s->split) {
		gather(s, e, n, &na, &nb);
		fold(s->ga, s->fa, na);
		fold(s->gb, s->fb, nb);
	} else {
		/* gather() and fold() in one pass (they took 9% of the CPU
		 * time at 100M planted, k = 4, as two) */
		uint32_t *g;

		reserve(&s->fa, &s->ia, &s->ga, &s->capa, n + 8);
		g = s->ga;
		for (size_t i = 0; i < n; i++) {
			uint64_t fp = e[i].fp;
			uint32_t x = FOLD(fp);

			s->fa[i] = fp;
			s->ia[i] = e[i].idx;
			g[i] = x & 0x0f0f0f0fu;
			g[n + 8 + i] = x >> 4 & 0x0f0f0f0fu;
		}
		for (size_t i = n; i < n + 8; i++)
			g[i] = g[n + 8 + i] = 0;
		na = n;
		nb = 0;
		s->compared += (uint64_t)n * (n - 1) / 2;
	}
	for (size_t i = 0; i < na; i += 8) {
		unsigned rows = na - i >= 8 ? 0xffu : (1u << (na - i)) - 1;

		if (s->split)
			tile_avx2(s, s->fa, s->ia, s->ga, s->ga + na + 8, i,
			    rows, s->fb, s->ib, s->gb, s->gb + nb + 8, 0, nb,
			    false);
		else
			tile_avx2(s, s->fa, s->ia, s->ga, s->ga + na + 8, i,
			    rows, s->fa, s->ia, s->ga, s->ga + na + 8, i + 1,
			    na, true);
	}
}

static void (*brute)(struct nearidx_search *, const struct nearidx_entry *,
    size_t);

/* The comparing loop for this CPU (chosen once); the size of bucket it
 * compares pair by pair at k >= 5 if it is a vector loop at k, else 0. */
static size_t
brute_pick(unsigned k)
{
	if (brute == NULL) {
		__builtin_cpu_init();
		if (getenv("CRAWLUTILS_NO_AVX512") == NULL &&
		    __builtin_cpu_supports("avx512f") &&
		    __builtin_cpu_supports("avx512vpopcntdq"))
			brute = brute_avx512;
		else if (getenv("CRAWLUTILS_NO_AVX2") == NULL &&
		    __builtin_cpu_supports("avx2") &&
		    __builtin_cpu_supports("popcnt"))
			brute = brute_avx2;
		else if (__builtin_cpu_supports("popcnt"))
			brute = brute_popcnt;
		else
			brute = brute_generic;
	}
	if (brute == brute_avx512)
		return BRUTE_MAX_WIDE;
	return brute == brute_avx2 && k <= AVX2_MAXK ? BRUTE_MAX_AVX2 : 0;
}
#else
#define brute brute_generic
static size_t
brute_pick(unsigned k)
{
	(void)k;
	return 0;
}
#endif

static unsigned
log2ceil(size_t n)
{
	unsigned l = 0;

	while (l < 63 && ((size_t)1 << l) < n)
		l++;
	return l;
}

/* e[0..n) agree on every bit outside free: find their pairs.  A bucket
 * small enough is compared pair by pair.  Otherwise it is split by the
 * pigeonhole again: the bits in which its members differ are cut into
 * k + 1 disjoint sub-blocks, a pair within k agrees on at least one of
 * them, and each sub-block's groups are searched in turn, a pair being
 * owned by the first sub-block it agrees on. */
static void
search(struct nearidx_search *s, struct nearidx_entry *e,
    struct nearidx_entry *tmp, size_t n, uint64_t free_bits)
{
	struct nearidx_entry *cur = e, *oth = tmp;
	uint64_t and = ~0ULL, or = 0, same, vary, sub[NEARIDX_MAXK + 1];
	size_t lo = 0, hi = 0, save;
	unsigned nv, w, k = s->k;

	if (n < 2)
		return;
	if (s->split) {
		for (size_t i = 0; i < n; i++)
			if (below(s, e[i].idx))
				lo++;
		hi = n - lo;
		if (lo == 0 || hi == 0)
			return;
	}
	if (n <= s->brute_max) {
		brute(s, e, n);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		and &= e[i].fp;
		or |= e[i].fp;
	}
	same = ~(and ^ or);
	for (size_t f = 0; f < s->nforbid; f++)
		if ((s->forbid[f] & ~same) == 0)
			return;		/* every pair here agrees on it */
	vary = free_bits & ~same;
	nv = (unsigned)__builtin_popcountll(vary);
	if (nv <= k) {
		brute(s, e, n);		/* every pair is within k */
		return;
	}
	w = nv / (k + 1);
	if (w > log2ceil(n))
		w = log2ceil(n);
	/* 16 bits sort in two of sort_sel()'s passes; more would take a
	 * third, and are reached only by buckets of over 65,536 records,
	 * which 16 bits already part into groups of a few (not measured
	 * against other caps) */
	if (w > 16)
		w = 16;
	if ((1ULL << w) <= k + 1) {
		/* k + 1 sub-blocks of w bits leave groups of about n / 2^w:
		 * some (k + 1) n^2 / 2^(w + 1) pairs to compare, no fewer
		 * than brute force's n^2 / 2.  Splitting on regardless made
		 * a bucket of fingerprints that differ in a few bits recurse
		 * for minutes at a large k (300 similar pages at k = 30). */
		brute(s, e, n);
		return;
	}
	for (unsigned j = 0; j <= k; j++) {
		sub[j] = 0;
		for (unsigned b = 0; b < w; b++) {
			uint64_t top = 1ULL << (63 - __builtin_clzll(vary));

			sub[j] |= top;
			vary &= ~top;
		}
	}
	save = s->nforbid;
	for (unsigned j = 0; j <= k; j++) {
		struct nearidx_bitsel sel;
		size_t start = 0;

		nearidx_bitsel_init(&sel, sub[j]);
		if (sort_sel(cur, oth, n, &sel) != cur) {
			struct nearidx_entry *t = cur;

			cur = oth;
			oth = t;
		}
		/* a search leaves its entries where it found them */
		while (start < n) {
			uint64_t v = cur[start].fp & sub[j];
			size_t end = start + 1;

			while (end < n && (cur[end].fp & sub[j]) == v)
				end++;
			if (end - start > 1)
				search(s, cur + start, oth + start, end - start,
				    free_bits & ~sub[j]);
			start = end;
		}
		push_forbid(s, sub[j]);
	}
	s->nforbid = save;
	if (cur != e)
		memcpy(e, cur, n * sizeof *e);
}

/* Room for one more group of n records. */
static void
grow_groups(struct nearidx_search *s, size_t n)
{
	size_t m = s->nmembers;

	if (s->ngroups + 2 > s->capgroups) {
		s->capgroups = 2 * s->ngroups + 64;
		s->gstart = xrealloc(s->gstart, s->capgroups *
		    sizeof *s->gstart);
	}
	if (m + n > s->capmember) {
		s->capmember = 2 * (m + n) < 256 ? 256 : 2 * (m + n);
		s->gmember = xrealloc(s->gmember, s->capmember *
		    sizeof *s->gmember);
	}
}

/* Add a group of the records of e[0..n) (n > 1), its pairs reported if
 * asked; returns its entry's idx. */
static uint32_t
add_group(struct nearidx_search *s, const struct nearidx_entry *e, size_t n,
    bool pairs)
{
	size_t m = s->nmembers;

	grow_groups(s, n);
	for (size_t i = 0; i < n; i++)
		s->gmember[m + i] = e[i].idx;
	if (pairs)
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				report(s, e[i].idx, e[j].idx, 0);
	s->gstart[s->ngroups] = (uint32_t)m;
	s->nmembers = m + n;
	s->gstart[s->ngroups + 1] = (uint32_t)s->nmembers;
	return NEARIDX_GROUP | (uint32_t)s->ngroups++;
}

/* Make each run of identical fingerprints in e[0..n) one entry, a group
 * (with a split, one for each side of it; two groups of one fingerprint
 * are then a pair like any other), and return the number of entries
 * left.  With pairs set, the pairs within a group are reported, at
 * distance 0, as the first table would. */
static size_t
collapse(struct nearidx_search *s, struct nearidx_entry *e,
    struct nearidx_entry *tmp, size_t n, bool pairs)
{
	size_t m = 0;

	nearidx_sort_fp(e, tmp, n);
	for (size_t i = 0, j; i < n; i = j) {
		uint64_t fp = e[i].fp;
		size_t lo = 0;

		for (j = i + 1; j < n && e[j].fp == fp; j++)
			continue;
		if (j - i == 1 || s->split == 0) {
			uint32_t idx = j - i == 1 ? e[i].idx :
			    add_group(s, e + i, j - i, pairs);

			e[m].fp = fp;
			e[m++].idx = idx;
			continue;
		}
		/* a group for each side: those below the split first */
		for (size_t q = i; q < j; q++)
			if (e[q].idx < s->split) {
				struct nearidx_entry t = e[i + lo];

				e[i + lo++] = e[q];
				e[q] = t;
			}
		if (lo > 0) {
			uint32_t idx = lo == 1 ? e[i].idx :
			    add_group(s, e + i, lo, false);

			e[m].fp = fp;
			e[m++].idx = idx;
		}
		if (j - i - lo > 0) {
			uint32_t idx = j - i - lo == 1 ? e[i + lo].idx :
			    add_group(s, e + i + lo, j - i - lo, false);

			e[m].fp = fp;
			e[m++].idx = idx;
		}
	}
	return m;
}

size_t
nearidx_expand(struct nearidx_search *s, struct nearidx_entry *e, size_t m)
{
	size_t n = m - s->ngroups + s->nmembers, w = n;

	for (size_t i = m; i-- > 0;) {
		uint64_t fp = e[i].fp;
		uint32_t idx = e[i].idx;
		size_t k;
		const uint32_t *mem = members(s, &idx, &k);

		while (k-- > 0) {
			e[--w].fp = fp;
			e[w].idx = mem[k];
		}
	}
	s->ngroups = s->nmembers = 0;
	return n;
}

void
nearidx_search_bucket(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n)
{
	/* identical fingerprints: table 0 owns their pairs */
	if (n > s->brute_max)
		n = collapse(s, e, tmp, n, t == 0);
	s->nforbid = 0;
	for (unsigned u = 0; u < t; u++)
		push_forbid(s, d->mask[u]);
	search(s, e, tmp, n, ~d->mask[t]);
	s->nforbid = 0;
	s->ngroups = s->nmembers = 0;
}

/* A run of one value of a span's top block shorter than this (on
 * average) is not worth a counting sort of its own: clearing and summing
 * its counters (up to 1,024 a run at k = 5) would cost more than its
 * entries.  Not tuned: the runs are 10,000 to 20,000 at k = 5, 21 tables,
 * on 10M fingerprints, where the whole run took half the CPU time of one
 * sort through memory a table (see nearidx_search_tables). */
#define REFINE_MIN	256

/* The highest block of table t's key. */
static uint64_t
top_block(const struct nearidx_design *d, unsigned t)
{
	uint64_t top = 0;

	for (unsigned b = 0; b < d->nblocks && top == 0; b++)
		top = d->block[b] & d->mask[t];
	return top;
}

/* One bucket e[start..start+m) of table t (of key mask): its pairs
 * reported, its entries moved down to e[w..] (table 0 keeps one of each
 * group of copies of a big bucket).  Returns w past them.  Only a big
 * bucket is worth sorting to find its copies: a small one is compared
 * pair by pair in any case (at 100M fingerprints half the buckets of
 * table 0 hold more than 192, and sorting them on all 64 bits took more
 * time than their copies cost the tables after it). */
static inline size_t
one_bucket(struct nearidx_search *s, unsigned t, uint64_t mask,
    struct nearidx_entry *e, struct nearidx_entry *tmp, size_t start,
    size_t m, size_t w)
{
	if (t == 0 && m > s->brute_max)
		m = collapse(s, e + start, tmp + start, m, true);
	if (w != start)
		memmove(e + w, e + start, m * sizeof *e);
	if (m > 1)
		search(s, e + w, tmp + w, m, ~mask);
	return w + m;
}

/* Report the pairs table t owns in e[0..n), sorted by its key (tmp:
 * scratch for n entries), bucket by bucket; table 0 makes groups of the
 * copies in its big buckets, moving the entries left down.  Returns the
 * number of entries left. */
static size_t
search_buckets(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n)
{
	uint64_t mask = d->mask[t];
	size_t start = 0, w = 0;

	s->nforbid = 0;
	for (unsigned u = 0; u < t; u++)
		push_forbid(s, d->mask[u]);
	while (start < n) {
		uint64_t v = e[start].fp & mask;
		size_t end = start + 1, m;

		while (end < n && (e[end].fp & mask) == v)
			end++;
		m = end - start;
		w = one_bucket(s, t, mask, e, tmp, start, m, w);
		start = end;
	}
	s->nforbid = 0;
	return w;
}

struct nearidx_entry *
nearidx_search_table(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, struct nearidx_entry *e, struct nearidx_entry *tmp, size_t *np)
{
	if (sort_sel(e, tmp, *np, &d->sel[t]) != e) {
		struct nearidx_entry *x = e;

		e = tmp;
		tmp = x;
	}
	*np = search_buckets(s, d, t, e, tmp, *np);
	return e;
}

/* search_buckets() for entries sorted by one pass of a counting sort,
 * whose counters end[0..nv) now say where each bucket ends: no scan for
 * the bucket's ends, whose branches missed their guess a bucket each
 * (search_buckets took 9% of the CPU time at 10M planted, k = 4). */
static size_t
search_counted(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, struct nearidx_entry *e, struct nearidx_entry *tmp,
    const uint32_t *end, size_t nv)
{
	uint64_t mask = d->mask[t];
	size_t start = 0, w = 0;

	s->nforbid = 0;
	for (unsigned u = 0; u < t; u++)
		push_forbid(s, d->mask[u]);
	for (size_t v = 0; v < nv; v++) {
		size_t m = end[v] - start;

		if (m == 0)
			continue;
		w = one_bucket(s, t, mask, e, tmp, start, m, w);
		start = end[v];
	}
	s->nforbid = 0;
	return w;
}

/* The tables of a span counted in one pass at most this many (each
 * 2,048 counters, 8 KB). */
#define FUSE_MAX	8

/* Can the sorts of a span's run on rest[0..nt) be counted in one pass:
 * each a single run of 1 to 11 bits (one pass of sort_sel())? */
static bool
fusable(const struct nearidx_bitsel *rest, unsigned nt)
{
	if (nt > FUSE_MAX)
		return false;
	for (unsigned u = 0; u < nt; u++)
		if (rest[u].nseg != 1 || rest[u].bits == 0 ||
		    rest[u].bits > 11)
			return false;
	return true;
}

/* The tables t to end - 1 of a span over one run of its top block,
 * e[0..*mp) (tmp: scratch for as many), sorted on the rest of each key in
 * turn while the run is in cache (rest: those keys' bits but the top
 * block's); returns e or tmp, whichever holds the entries left, and
 * their number in *mp. */
static struct nearidx_entry *
run_tables(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, unsigned end, const struct nearidx_bitsel *rest,
    struct nearidx_entry *e, struct nearidx_entry *tmp, size_t *mp)
{
	struct nearidx_entry *cur = e, *oth = tmp;
	unsigned nt = end - t;
	size_t m = *mp;
	bool counted = false;

	/* The counts of every table's key in one pass over the run: they do
	 * not depend on the order the sorts leave it in, so the sorts that
	 * follow only move the entries (sort_sel() took 13% of the CPU time
	 * at 100M planted, k = 4, counting and moving); the counts go stale
	 * if table 0 makes groups, and the sorts count again. */
	if (m >= 2 && fusable(rest, nt)) {
		uint32_t *c;

		if (s->cnt == NULL)
			s->cnt = xmalloc(FUSE_MAX * 2048 * sizeof *s->cnt);
		c = s->cnt;
		memset(c, 0, nt * 2048 * sizeof *c);
		for (size_t i = 0; i < m; i++) {
			uint64_t fp = cur[i].fp;

			for (unsigned u = 0; u < nt; u++)
				c[u << 11 | (fp >> rest[u].seg[0].shift &
				    rest[u].seg[0].mask)]++;
		}
		counted = true;
	}
	for (unsigned u = t; u < end; u++) {
		if (counted) {
			const struct nearidx_bitsel *b = &rest[u - t];
			uint32_t *c = s->cnt + ((size_t)(u - t) << 11), sum = 0;
			size_t nv = (size_t)1 << b->bits, m2;
			bool trivial = false;
			struct nearidx_entry *x;

			for (size_t v = 0; v < nv; v++) {
				uint32_t y = c[v];

				if (y == m)
					trivial = true;
				c[v] = sum;
				sum += y;
			}
			if (trivial) {	/* one bucket: order unchanged */
				m2 = search_buckets(s, d, u, cur, oth, m);
			} else {
				for (size_t i = 0; i < m; i++)
					oth[c[cur[i].fp >> b->seg[0].shift &
					    b->seg[0].mask]++] = cur[i];
				x = cur;
				cur = oth;
				oth = x;
				/* the counters now hold each bucket's end */
				m2 = search_counted(s, d, u, cur, oth, c, nv);
			}
			if (m2 != m)
				counted = false;
			m = m2;
			continue;
		}
		if (sort_sel(cur, oth, m, &rest[u - t]) != cur) {
			struct nearidx_entry *x = cur;

			cur = oth;
			oth = x;
		}
		m = search_buckets(s, d, u, cur, oth, m);
	}
	*mp = m;
	return cur;
}

/* run_tables(), the entries left moved to out; returns their number. */
static size_t
search_run(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, unsigned end, const struct nearidx_bitsel *rest,
    struct nearidx_entry *e, struct nearidx_entry *tmp, size_t m,
    struct nearidx_entry *out)
{
	struct nearidx_entry *cur = run_tables(s, d, t, end, rest, e, tmp, &m);

	if (cur != out)
		memmove(out, cur, m * sizeof *e);
	return m;
}

/* --- threads -------------------------------------------------------------- */

/* A span of fewer entries is searched by one thread.  Not tuned: it
 * only keeps threads from small inputs (10M planted fingerprints at
 * k = 4 take some 2 s of CPU time in their 5 spans, so a span of 2^18
 * entries some 10 ms, against tens of us to start a thread). */
#define PAR_MIN		(1u << 18)
/* Pairs a worker keeps before it passes them on under the lock (not
 * tuned: 25M pairs at 100M fingerprints are 6,000 turns of the lock). */
#define PAIRBUF		4096

struct par_span {			/* what the workers share */
	struct nearidx_search	*main;
	const struct nearidx_design *d;
	const struct nearidx_bitsel *rest;
	struct nearidx_entry	*e, *tmp, *dst;
	uint64_t		 top;
	const size_t		*bound;	/* chunk i is bound[i] .. bound[i + 1] */
	size_t			 nchunks;
	unsigned		 t, end;
	_Atomic size_t		 next;	/* the next chunk */
	pthread_mutex_t		 lock;	/* around main->pair */
};

struct par_run {
	size_t		 a, m;		/* a run at a of dst, m entries left */
	unsigned	 w;		/* its worker */
};

struct par_worker {
	struct par_span	*sp;
	struct nearidx_search s;
	unsigned	 no;
	struct par_run	*runs;		/* with groups made: table 0 */
	size_t		 nruns, capruns;
	size_t		 npairs;
	uint32_t	 pairs[PAIRBUF][3];
};

static void
par_flush(struct par_worker *w)
{
	struct nearidx_search *m = w->sp->main;

	if (w->npairs == 0)
		return;
	pthread_mutex_lock(&w->sp->lock);
	for (size_t i = 0; i < w->npairs; i++)
		m->pair(m->ctx, w->pairs[i][0], w->pairs[i][1], w->pairs[i][2]);
	pthread_mutex_unlock(&w->sp->lock);
	w->npairs = 0;
}

/* A worker's pairs go to the search's own function in batches, one
 * thread at a time: the pairs are sorted before they are written, so the
 * order they come in does not show. */
static void
par_pair(void *ctx, uint32_t a, uint32_t b, unsigned d)
{
	struct par_worker *w = ctx;

	if (w->npairs == PAIRBUF)
		par_flush(w);
	w->pairs[w->npairs][0] = a;
	w->pairs[w->npairs][1] = b;
	w->pairs[w->npairs++][2] = d;
}

/* Take chunks of the span's entries and search each run of its top block
 * that begins in one, leaving its entries where the run lay, in dst. */
static void *
par_work(void *arg)
{
	struct par_worker *w = arg;
	struct par_span *sp = w->sp;
	const struct nearidx_entry *e = sp->e;

	for (;;) {
		size_t c = atomic_fetch_add(&sp->next, 1), a, b, q;

		if (c >= sp->nchunks)
			break;
		q = sp->bound[c + 1];
		for (a = sp->bound[c]; a < q; a = b) {
			uint64_t v = e[a].fp & sp->top;
			size_t m;

			for (b = a + 1; b < q && (e[b].fp & sp->top) == v; b++)
				continue;
			m = search_run(&w->s, sp->d, sp->t, sp->end, sp->rest,
			    sp->e + a, sp->tmp + a, b - a, sp->dst + a);
			if (sp->t == 0) {
				if (w->nruns == w->capruns) {
					w->capruns = 2 * w->capruns + 64;
					w->runs = xrealloc(w->runs, w->capruns *
					    sizeof *w->runs);
				}
				w->runs[w->nruns++] = (struct par_run){ a, m,
				    w->no };
			}
		}
	}
	par_flush(w);
	return NULL;
}

/* The chunks of e[0..n), sorted on the block hi selects (one run of
 * bits): about nchunks of equal size, each moved back to the start of
 * the run it falls in, so that no run is cut and the workers read only
 * their own runs' entries.  bound gets nchunks + 1 offsets. */
static void
par_bounds(const struct nearidx_entry *e, size_t n,
    const struct nearidx_bitsel *hi, size_t *bound, size_t nchunks)
{
	bound[0] = 0;
	bound[nchunks] = n;
	for (size_t c = 1; c < nchunks; c++) {
		size_t lo = bound[c - 1], up = n * c / nchunks;
		uint64_t v;

		if (up < lo)
			up = lo;
		v = sel_key(hi, true, e[up].fp);
		/* the first entry of v's run, between lo and up */
		while (lo < up) {
			size_t mid = lo + (up - lo) / 2;

			if (sel_key(hi, true, e[mid].fp) < v)
				lo = mid + 1;
			else
				up = mid;
		}
		bound[c] = lo;
	}
}

static int
run_order(const void *x, const void *y)
{
	const struct par_run *a = x, *b = y;

	return (a->a > b->a) - (a->a < b->a);
}

/* A worker's groups, appended to the search's in their order. */
static void
append_groups(struct nearidx_search *s, const struct nearidx_search *ws)
{
	for (size_t g = 0; g < ws->ngroups; g++) {
		size_t len = ws->gstart[g + 1] - ws->gstart[g];

		grow_groups(s, len);
		memcpy(s->gmember + s->nmembers, ws->gmember + ws->gstart[g],
		    len * sizeof *s->gmember);
		s->gstart[s->ngroups] = (uint32_t)s->nmembers;
		s->nmembers += len;
		s->gstart[++s->ngroups] = (uint32_t)s->nmembers;
	}
}

/* Table 0's groups were made by each worker, numbered from 0: number
 * them on from the search's (none yet at table 0), and move the runs'
 * entries left down together; returns their number. */
static size_t
par_join_groups(struct nearidx_search *s, struct par_worker *wk, unsigned nw,
    struct nearidx_entry *dst)
{
	struct par_run *runs;
	size_t nruns = 0, w = 0, off[PAR_MAXTHREADS];

	for (unsigned i = 0; i < nw; i++) {
		struct nearidx_search *ws = &wk[i].s;

		off[i] = s->ngroups;
		append_groups(s, ws);
		nruns += wk[i].nruns;
	}
	runs = xmalloc((nruns ? nruns : 1) * sizeof *runs);
	nruns = 0;
	for (unsigned i = 0; i < nw; i++) {
		memcpy(runs + nruns, wk[i].runs, wk[i].nruns * sizeof *runs);
		nruns += wk[i].nruns;
	}
	qsort(runs, nruns, sizeof *runs, run_order);
	for (size_t r = 0; r < nruns; r++) {
		struct nearidx_entry *p = dst + runs[r].a;

		if (off[runs[r].w] > 0)
			for (size_t i = 0; i < runs[r].m; i++)
				if (p[i].idx & NEARIDX_GROUP)
					p[i].idx += (uint32_t)off[runs[r].w];
		if (w != runs[r].a)
			memmove(dst + w, p, runs[r].m * sizeof *p);
		w += runs[r].m;
	}
	free(runs);
	return w;
}

/* The runs of a span (sorted on its top block) searched by s->nthreads
 * threads, this one among them; returns the number of entries left, in
 * dst. */
static size_t
par_span(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, unsigned end, const struct nearidx_bitsel *rest,
    const struct nearidx_bitsel *hi, struct nearidx_entry *e,
    struct nearidx_entry *tmp, size_t n, struct nearidx_entry *dst)
{
	struct par_span sp = { .main = s, .d = d, .rest = rest, .e = e,
	    .tmp = tmp, .dst = dst, .top = top_block(d, t), .t = t, .end = end };
	unsigned nw = s->nthreads > PAR_MAXTHREADS ? PAR_MAXTHREADS :
	    s->nthreads;
	struct par_worker *wk;
	size_t left = n, *bound;

	/* 16 chunks a thread (not tuned): a thread on a core that another
	 * program shares takes fewer of them */
	sp.nchunks = 16 * (size_t)nw;
	bound = xmalloc((sp.nchunks + 1) * sizeof *bound);
	par_bounds(e, n, hi, bound, sp.nchunks);
	sp.bound = bound;
	atomic_init(&sp.next, 0);
	pthread_mutex_init(&sp.lock, NULL);
	wk = xmalloc(nw * sizeof *wk);
	memset(wk, 0, nw * sizeof *wk);
	for (unsigned i = 0; i < nw; i++) {
		struct nearidx_search *ws = &wk[i].s;

		wk[i].sp = &sp;
		wk[i].no = i;
		ws->k = s->k;
		ws->split = s->split;
		ws->brute_max = s->brute_max;
		ws->pair = par_pair;
		ws->ctx = &wk[i];
		if (t > 0) {	/* table 0's groups, read only */
			ws->gmember = s->gmember;
			ws->gstart = s->gstart;
			ws->ngroups = s->ngroups;
			ws->nmembers = s->nmembers;
		}
	}
	par_run(par_work, wk, sizeof *wk, nw);
	pthread_mutex_destroy(&sp.lock);
	if (t == 0)
		left = par_join_groups(s, wk, nw, dst);
	for (unsigned i = 0; i < nw; i++) {
		struct nearidx_search *ws = &wk[i].s;

		s->compared += ws->compared;
		if (t > 0)
			ws->gmember = ws->gstart = NULL;
		nearidx_search_free(ws);
		free(wk[i].runs);
	}
	free(wk);
	free(bound);
	return left;
}

/* One pass of a sort through memory on a block of at most 11 bits,
 * each thread counting, then moving, its slice of the entries: the
 * span's one pass through memory, a fifth of the work at k = 4. */
struct par_sort {
	const struct nearidx_bitsel *b;
	const struct nearidx_entry *src;
	struct nearidx_entry *dst;
	size_t		 lo, hi;
	uint32_t	 cnt[2048];
};

static void *
par_count(void *arg)
{
	struct par_sort *ps = arg;

	memset(ps->cnt, 0, sizeof ps->cnt);
	for (size_t i = ps->lo; i < ps->hi; i++)
		ps->cnt[sel_key(ps->b, true, ps->src[i].fp)]++;
	return NULL;
}

static void *
par_move(void *arg)
{
	struct par_sort *ps = arg;

	for (size_t i = ps->lo; i < ps->hi; i++)
		ps->dst[ps->cnt[sel_key(ps->b, true, ps->src[i].fp)]++] =
		    ps->src[i];
	return NULL;
}

/* sort_sel() of e[0..n) on one run of at most 11 bits, by nw threads. */
static struct nearidx_entry *
par_sort_top(struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n,
    const struct nearidx_bitsel *b, unsigned nw)
{
	struct par_sort *ps = xmalloc(nw * sizeof *ps);
	uint32_t sum = 0;

	for (unsigned i = 0; i < nw; i++) {
		ps[i].b = b;
		ps[i].src = e;
		ps[i].dst = tmp;
		ps[i].lo = n * i / nw;
		ps[i].hi = n * (i + 1) / nw;
	}
	par_run(par_count, ps, sizeof *ps, nw);
	/* each value's entries of slice i after those of the slices before:
	 * stable, as sort_sel() */
	for (size_t v = 0; v < ((size_t)1 << b->bits); v++)
		for (unsigned i = 0; i < nw; i++) {
			uint32_t x = ps[i].cnt[v];

			ps[i].cnt[v] = sum;
			sum += x;
		}
	par_run(par_move, ps, sizeof *ps, nw);
	free(ps);
	return tmp;
}

struct nearidx_entry *
nearidx_search_tables(struct nearidx_search *s, const struct nearidx_design *d,
    unsigned t, struct nearidx_entry *e, struct nearidx_entry *tmp, size_t *np,
    unsigned *next)
{
	uint64_t top = top_block(d, t);
	size_t n = *np, w = 0;
	unsigned end = t + 1;
	struct nearidx_bitsel hi, *rest;
	struct nearidx_entry *dst;

	nearidx_bitsel_init(&hi, top);
	if (top == d->mask[t] && s->nthreads > 1 && n >= PAR_MIN &&
	    hi.nseg == 1) {
		/* a key of one block (k + 1 tables): its buckets are the
		 * runs, shared among the threads as a span's are */
		struct nearidx_bitsel none;

		nearidx_bitsel_init(&none, 0);
		if (sort_sel(e, tmp, n, &hi) != e) {
			struct nearidx_entry *x = e;

			e = tmp;
			tmp = x;
		}
		*np = par_span(s, d, t, t + 1, &none, &hi, e, tmp, n, e);
		*next = t + 1;
		return e;
	}
	if (n < 2 || top == d->mask[t] ||
	    (n >> __builtin_popcountll(top)) < REFINE_MIN) {
		*next = t + 1;
		return nearidx_search_table(s, d, t, e, tmp, np);
	}
	while (end < d->ntables && top_block(d, end) == top)
		end++;
	rest = xmalloc((end - t) * sizeof *rest);
	for (unsigned u = t; u < end; u++)
		nearidx_bitsel_init(&rest[u - t], d->mask[u] & ~top);
	/* the one pass through memory of the whole span */
	if ((s->nthreads > 1 && n >= PAR_MIN && hi.nseg == 1 && hi.bits <= 11 ?
	    par_sort_top(e, tmp, n, &hi, s->nthreads > PAR_MAXTHREADS ?
	    PAR_MAXTHREADS : s->nthreads) : sort_sel(e, tmp, n, &hi)) != e) {
		struct nearidx_entry *x = e;

		e = tmp;
		tmp = x;
	}
	/* each table's sort moves a run to the other buffer: after an odd
	 * number of them the runs are left in tmp, and copied only when a
	 * sort had nothing to move or table 0 made groups */
	dst = (end - t) % 2 ? tmp : e;
	if (s->nthreads > 1 && n >= PAR_MIN && hi.nseg == 1)
		w = par_span(s, d, t, end, rest, &hi, e, tmp, n, dst);
	else
		for (size_t a = 0, b; a < n; a = b) {
			uint64_t v = e[a].fp & top;

			for (b = a + 1; b < n && (e[b].fp & top) == v; b++)
				continue;
			/* the run stays in cache through every table of
			 * the span */
			w += search_run(s, d, t, end, rest, e + a, tmp + a,
			    b - a, dst + w);
		}
	free(rest);
	*np = w;
	*next = end;
	return dst;
}

/* --- searching in place: chains of blocks -------------------------------- */

/* The spans of a design searched over the entries where they lie, without
 * the second copy of them that the sorts on the top blocks take (1.2 GB
 * at 100M fingerprints, each of its pages cleared by the kernel on first
 * touch, at 0.3 to 0.6 GB/s on the 2-core virtual machine of the
 * benchmarks, whose host backs a guest's pages anew): the entries are
 * kept in blocks of CHAIN_B, a chain of blocks for each value of the top
 * block of the span to come.  A worker takes a value, copies its chains'
 * blocks into a buffer of its own (the run, in cache), frees the blocks,
 * searches the span's tables on the run (run_tables) and adds the entries
 * left to its chains of the next span's top block, in blocks freed
 * before.  The first span's chains are made from the entries as they lie,
 * each block freed once read; after the last span the blocks are moved
 * together again.  The spare blocks: those a worker fills in part (one
 * a value at most: the chains a span reads are empty before the next
 * span's are made), those it keeps free, and some for the blocks the
 * first span reads in part. */

/* Entries a block: 100M planted fingerprints, k = 4, two threads, each
 * round with the scratch copy's search (wall / CPU seconds, a machine
 * shared with other jobs): 128: 33.7/47.5 against 27.0/49.5, 45.4/51.7
 * against 51.4/51.6; 512: 25.2/45.7 against 51.4/51.6, 24.8/43.2 against
 * 31.1/46.6 (longer stretches of a chain for the loads to run ahead on);
 * on a round loaded 3 times over, 512: 50.4/49.9, 1,024: 51.8/51.3,
 * against 50.7/49.6.  The blocks a worker fills in part are the most of
 * the spare ones: 16 MB a thread at 512. */
#define CHAIN_B		512
#define CHAIN_MAXV	2048	/* values of a top block: 11 bits at most */
/* Free blocks a worker keeps at most (not tuned: a turn of the pool's
 * lock moves half of them). */
#define CHAIN_HOARD	512
#define CHAIN_SPARE	(CHAIN_MAXV + CHAIN_HOARD + 8)	/* a worker */
#define CHAIN_NONE	UINT32_MAX

struct chain {
	uint32_t	 first, last;
	uint32_t	 fill;		/* entries in the last block */
	uint32_t	 nblk;		/* blocks */
};

struct chain_set {		/* a worker's chain for each value */
	struct chain	 v[CHAIN_MAXV];
};

struct chains;

struct chain_worker {
	struct par_worker pw;		/* its search and its pairs */
	struct chains	*c;
	struct chain_set *cur, *nxt;	/* a span's chains, the next's */
	struct chain	 out;		/* the runs searched, one by one */
	uint32_t	 gfix;		/* added to the groups in out */
	size_t		 lo, hi;	/* the first span's blocks */
	struct nearidx_entry *buf, *buf2;	/* a run and its scratch */
	size_t		 cap;		/* their room */
	size_t		 nfree;
	uint32_t	 free[CHAIN_HOARD];
};

struct chains {
	struct par_span	 sp;		/* main, and the lock of the pool */
	const struct nearidx_design *d;
	struct nearidx_entry *e;	/* block b: e[b * CHAIN_B ..] */
	size_t		 n;		/* entries, before the first span */
	uint32_t	*next;		/* each block's next in its chain */
	uint32_t	*pool;		/* free blocks, under sp.lock */
	size_t		 npool;
	unsigned	 nw;
	unsigned	 t, end;	/* the span's tables */
	const struct nearidx_bitsel *rest;
	unsigned	 nsh;		/* the next span's top block */
	uint64_t	 nmask;
	size_t		 nv;		/* values of the span's top block */
	_Atomic size_t	 nextv;
	struct chain_worker *wk;
};

static uint32_t
chain_get(struct chain_worker *w)
{
	struct chains *c = w->c;

	if (w->nfree == 0) {
		pthread_mutex_lock(&c->sp.lock);
		while (c->npool > 0 && w->nfree < CHAIN_HOARD / 2)
			w->free[w->nfree++] = c->pool[--c->npool];
		pthread_mutex_unlock(&c->sp.lock);
		if (w->nfree == 0)	/* CHAIN_SPARE is short: a bug */
			abort();
	}
	return w->free[--w->nfree];
}

static void
chain_put(struct chain_worker *w, uint32_t b)
{
	struct chains *c = w->c;

	if (w->nfree == CHAIN_HOARD) {
		pthread_mutex_lock(&c->sp.lock);
		while (w->nfree > CHAIN_HOARD / 2)
			c->pool[c->npool++] = w->free[--w->nfree];
		pthread_mutex_unlock(&c->sp.lock);
	}
	w->free[w->nfree++] = b;
}

static void
chain_init(struct chain *ch)
{
	ch->first = ch->last = CHAIN_NONE;
	ch->fill = CHAIN_B;
	ch->nblk = 0;
}

static void
chain_set_init(struct chain_set *cs)
{
	for (size_t v = 0; v < CHAIN_MAXV; v++)
		chain_init(&cs->v[v]);
}

/* A block more at the end of chain ch. */
static inline void
chain_grow(struct chain_worker *w, struct chain *ch)
{
	uint32_t b = chain_get(w);

	if (ch->last == CHAIN_NONE)
		ch->first = b;
	else
		w->c->next[ch->last] = b;
	ch->last = b;
	ch->fill = 0;
	ch->nblk++;
}

/* Add e[0..m) to w's chains of the next span's top block: as a sort's
 * pass, read in order, each entry written to its value's place. */
static void
chain_emit(struct chain_worker *w, const struct nearidx_entry *e, size_t m)
{
	struct chains *c = w->c;
	struct chain_set *cs = w->nxt;
	unsigned sh = c->nsh;
	uint64_t mask = c->nmask;

	for (size_t i = 0; i < m; i++) {
		struct chain *ch = &cs->v[e[i].fp >> sh & mask];

		if (ch->fill == CHAIN_B)
			chain_grow(w, ch);
		c->e[(size_t)ch->last * CHAIN_B + ch->fill++] = e[i];
	}
}

/* Add e[0..m) to the end of chain ch. */
static void
chain_append(struct chain_worker *w, struct chain *ch,
    const struct nearidx_entry *e, size_t m)
{
	while (m > 0) {
		size_t k;

		if (ch->fill == CHAIN_B)
			chain_grow(w, ch);
		k = CHAIN_B - ch->fill < m ? CHAIN_B - ch->fill : m;
		memcpy(w->c->e + (size_t)ch->last * CHAIN_B + ch->fill, e,
		    k * sizeof *e);
		ch->fill += (uint32_t)k;
		e += k;
		m -= k;
	}
}

/* The entries of value v of every worker's chains, into w's buffer, their
 * blocks freed; returns their number. */
static size_t
chain_gather(struct chain_worker *w, size_t v)
{
	struct chains *c = w->c;
	size_t m = 0;

	for (unsigned u = 0; u < c->nw; u++) {
		const struct chain *ch = &c->wk[u].cur->v[v];

		if (ch->nblk > 0)
			m += (ch->nblk - 1) * (size_t)CHAIN_B + ch->fill;
	}
	if (m > w->cap) {	/* more than the sample showed */
		w->cap = m + m / 4;
		free(w->buf);
		free(w->buf2);
		w->buf = xmalloc(w->cap * sizeof *w->buf);
		w->buf2 = xmalloc(w->cap * sizeof *w->buf2);
	}
	m = 0;
	for (unsigned u = 0; u < c->nw; u++) {
		const struct chain_worker *o = &c->wk[u];
		uint32_t b = o->cur->v[v].first, last = o->cur->v[v].last;

		while (b != CHAIN_NONE) {
			size_t len = b == last ? o->cur->v[v].fill : CHAIN_B;
			/* read before the block is freed and taken again */
			uint32_t nb = b == last ? CHAIN_NONE : c->next[b];

			memcpy(w->buf + m, c->e + (size_t)b * CHAIN_B,
			    len * sizeof *w->buf);
			m += len;
			chain_put(w, b);
			b = nb;
		}
	}
	return m;
}

/* The first span's chains, from the blocks lo to hi of the entries as
 * they lie, each freed once read. */
static void *
chain_first(void *arg)
{
	struct chain_worker *w = arg;
	struct chains *c = w->c;

	for (size_t b = w->lo; b < w->hi; b++) {
		size_t a = b * CHAIN_B, z = a + CHAIN_B < c->n ? a + CHAIN_B :
		    c->n;

		chain_emit(w, c->e + a, z - a);
		chain_put(w, (uint32_t)b);
	}
	return NULL;
}

/* A span: take values of its top block, search each one's run, chain the
 * entries left by the next span's top block. */
static void *
chain_work(void *arg)
{
	struct chain_worker *w = arg;
	struct chains *c = w->c;

	for (;;) {
		size_t v = atomic_fetch_add(&c->nextv, 1), m;
		struct nearidx_entry *e;

		if (v >= c->nv)
			break;
		m = chain_gather(w, v);
		if (m == 0)
			continue;
		e = run_tables(&w->pw.s, c->d, c->t, c->end, c->rest, w->buf,
		    w->buf2, &m);
		/* kept in order, and chained by the next top block in a pass
		 * of its own (chain_spread): chained here, a run's entries
		 * went to some 2,000 places that the search had pushed out
		 * of the cache (chain_emit took 12% of the CPU time at 100M
		 * planted, k = 4, where the sort's pass had taken 8) */
		chain_append(w, &w->out, e, m);
	}
	par_flush(&w->pw);
	return NULL;
}

/* The next span's chains, from the entries of w's runs, each block freed
 * once read (table 0's groups numbered on as they go). */
static void *
chain_spread(void *arg)
{
	struct chain_worker *w = arg;
	struct chains *c = w->c;
	uint32_t b = w->out.first;

	while (b != CHAIN_NONE) {
		struct nearidx_entry *e = c->e + (size_t)b * CHAIN_B;
		size_t len = b == w->out.last ? w->out.fill : CHAIN_B;
		uint32_t nb = b == w->out.last ? CHAIN_NONE : c->next[b];

		if (w->gfix > 0)
			for (size_t i = 0; i < len; i++)
				if (e[i].idx & NEARIDX_GROUP)
					e[i].idx += w->gfix;
		chain_emit(w, e, len);
		chain_put(w, b);
		b = nb;
	}
	chain_init(&w->out);
	return NULL;
}

/* After the last span, its entries (the workers' out chains) moved
 * together to the start of the blocks; returns their number. */
static size_t
chain_compact(struct chains *c, size_t nblk)
{
	struct nearidx_entry *tail = xmalloc(c->nw * CHAIN_B * sizeof *tail);
	uint8_t *full = xmalloc(nblk);
	size_t nfull = 0, ntail = 0, slot = 0;

	memset(full, 0, nblk);
	/* the last block of each chain goes last, copied out first: it may
	 * lie where a full block is to go */
	for (unsigned u = 0; u < c->nw; u++) {
		const struct chain *ch = &c->wk[u].out;
		uint32_t b = ch->first, last = ch->last;

		for (; b != CHAIN_NONE && b != last; b = c->next[b]) {
			full[b] = 1;
			nfull++;
		}
		if (last != CHAIN_NONE) {
			memcpy(tail + ntail, c->e + (size_t)last * CHAIN_B,
			    ch->fill * sizeof *tail);
			ntail += ch->fill;
		}
	}
	/* the full blocks beyond the first nfull into the free places
	 * among them (there are as many) */
	for (size_t b = nfull; b < nblk; b++) {
		if (!full[b])
			continue;
		while (full[slot])
			slot++;
		memcpy(c->e + slot * CHAIN_B, c->e + b * CHAIN_B,
		    CHAIN_B * sizeof *c->e);
		full[slot++] = 1;
	}
	memcpy(c->e + nfull * CHAIN_B, tail, ntail * sizeof *tail);
	free(tail);
	free(full);
	return nfull * CHAIN_B + ntail;
}

/* The values of each span's top block over every CHAIN_SAMPLE-th entry of
 * slice lo..hi (nearidx_search_chained: the runs' sizes).  A sample is
 * enough to choose: a run bigger than it showed has its worker's buffers
 * grown (chain_gather), and at 100M fingerprints 1 in 16 counts a run
 * of the 6M that would decline some 380,000 times.  Counting them all
 * took 1.3 to 1.9% of the CPU time at 100M planted, k = 4. */
#define CHAIN_SAMPLE	16
struct chain_count {
	const struct nearidx_entry *e;
	size_t		 lo, hi;
	unsigned	 nspans;
	const uint64_t	*tops;
	uint32_t	*cnt;		/* CHAIN_MAXV a span */
};

static void *
chain_count(void *arg)
{
	struct chain_count *cc = arg;
	unsigned sh[NEARIDX_MAXTABLES], ns = cc->nspans;

	for (unsigned i = 0; i < ns; i++)
		sh[i] = (unsigned)__builtin_ctzll(cc->tops[i]);
	for (size_t i = cc->lo; i < cc->hi; i += CHAIN_SAMPLE) {
		uint64_t fp = cc->e[i].fp;

		for (unsigned j = 0; j < ns; j++)
			cc->cnt[(size_t)j * CHAIN_MAXV +
			    ((fp & cc->tops[j]) >> sh[j])]++;
	}
	return NULL;
}

/* Table 0's groups, each worker's numbered from 0: numbered on from the
 * search's (none yet), the entries' numbers mended as they are spread;
 * from now on the workers read the search's. */
static void
chain_groups(struct chains *c)
{
	struct nearidx_search *s = c->sp.main;

	for (unsigned j = 0; j < c->nw; j++) {
		struct nearidx_search *ws = &c->wk[j].pw.s;

		c->wk[j].gfix = (uint32_t)s->ngroups;
		append_groups(s, ws);
		free(ws->gmember);
		free(ws->gstart);
	}
	for (unsigned j = 0; j < c->nw; j++) {
		struct nearidx_search *ws = &c->wk[j].pw.s;

		ws->gmember = s->gmember;
		ws->gstart = s->gstart;
		ws->ngroups = s->ngroups;
		ws->nmembers = s->nmembers;
	}
}

bool
nearidx_search_chained(struct nearidx_search *s,
    const struct nearidx_design *d, struct nearidx_entry **ep, size_t *capp,
    size_t *np)
{
	const char *env = getenv("CRAWLUTILS_NEARIDX_CHAINS");
	bool force = env != NULL && strcmp(env, "1") == 0;
	size_t n = *np, maxrun = 0, nsrc, nblk, extra;
	unsigned start[NEARIDX_MAXTABLES + 1], nspans = 0, nw;
	uint64_t tops[NEARIDX_MAXTABLES];
	struct chain_count *cc;
	struct chains c;

	if (env != NULL && strcmp(env, "0") == 0)
		return false;
	/* every span's top block one run of at most 11 bits, not its
	 * whole key, whose values have runs worth sorting on their own */
	for (unsigned t = 0, end; t < d->ntables; t = end) {
		uint64_t top = top_block(d, t);
		unsigned bits = (unsigned)__builtin_popcountll(top);

		if (top == d->mask[t] || bits > 11 || (!force &&
		    (n >> bits) < REFINE_MIN))
			return false;
		for (end = t + 1; end < d->ntables &&
		    top_block(d, end) == top; end++)
			continue;
		tops[nspans] = top;
		start[nspans++] = t;
	}
	start[nspans] = d->ntables;
	if (nspans < 2 || n < 2)
		return false;
	nw = s->nthreads < 2 || n < PAR_MIN ? 1 : s->nthreads >
	    PAR_MAXTHREADS ? PAR_MAXTHREADS : s->nthreads;
	nsrc = (n + CHAIN_B - 1) / CHAIN_B;
	nblk = nsrc + (size_t)nw * CHAIN_SPARE;
	/* the spare blocks and the chains' links, without the runs (below) */
	extra = (nblk - nsrc) * CHAIN_B + nblk * 8 / sizeof **ep;
	if (nblk >= CHAIN_NONE || (!force && extra > n / 4))
		return false;

	/* the longest run of any span: each worker holds one and its
	 * scratch; with the spare blocks and the chains' links, they are
	 * to take no more than a quarter of the copy saved (at 100M
	 * planted fingerprints, two threads: 36 MB against 1.2 GB; below
	 * some 10.5M fingerprints, 5.3M with one thread, the spare blocks
	 * alone take more) */
	cc = xmalloc(nw * sizeof *cc);
	for (unsigned i = 0; i < nw; i++) {
		cc[i] = (struct chain_count){ .e = *ep, .lo = n * i / nw,
		    .hi = n * (i + 1) / nw, .nspans = nspans, .tops = tops };
		cc[i].cnt = xmalloc((size_t)nspans * CHAIN_MAXV *
		    sizeof *cc[i].cnt);
		memset(cc[i].cnt, 0, (size_t)nspans * CHAIN_MAXV *
		    sizeof *cc[i].cnt);
	}
	par_run(chain_count, cc, sizeof *cc, nw);
	for (size_t v = 0; v < (size_t)nspans * CHAIN_MAXV; v++) {
		size_t sum = 0;

		for (unsigned i = 0; i < nw; i++)
			sum += cc[i].cnt[v];
		if (sum * CHAIN_SAMPLE > maxrun)
			maxrun = sum * CHAIN_SAMPLE;
	}
	for (unsigned i = 0; i < nw; i++)
		free(cc[i].cnt);
	free(cc);
	if (!force && extra + 2 * nw * (maxrun + 1) > n / 4)
		return false;

	memset(&c, 0, sizeof c);
	*ep = xrealloc_huge(*ep, nblk * CHAIN_B * sizeof **ep);
	*capp = nblk * CHAIN_B;
	c.sp.main = s;
	pthread_mutex_init(&c.sp.lock, NULL);
	c.d = d;
	c.e = *ep;
	c.n = n;
	c.nw = nw;
	c.next = xmalloc(nblk * sizeof *c.next);
	c.pool = xmalloc(nblk * sizeof *c.pool);
	for (size_t b = nblk; b-- > nsrc;)
		c.pool[c.npool++] = (uint32_t)b;
	c.wk = xmalloc(nw * sizeof *c.wk);
	memset(c.wk, 0, nw * sizeof *c.wk);
	for (unsigned i = 0; i < nw; i++) {
		struct chain_worker *w = &c.wk[i];
		struct nearidx_search *ws = &w->pw.s;

		w->c = &c;
		w->pw.sp = &c.sp;
		w->pw.no = i;
		ws->k = s->k;
		ws->split = s->split;
		ws->brute_max = s->brute_max;
		ws->pair = par_pair;
		ws->ctx = &w->pw;
		w->cur = xmalloc(sizeof *w->cur);
		w->nxt = xmalloc(sizeof *w->nxt);
		chain_set_init(w->nxt);
		w->cap = maxrun + maxrun / 8 + CHAIN_B;
		w->buf = xmalloc(w->cap * sizeof *w->buf);
		w->buf2 = xmalloc(w->cap * sizeof *w->buf2);
		w->lo = nsrc * i / nw;
		w->hi = nsrc * (i + 1) / nw;
	}
	c.nsh = (unsigned)__builtin_ctzll(tops[0]);
	c.nmask = tops[0] >> c.nsh;
	par_run(chain_first, c.wk, sizeof *c.wk, nw);

	for (unsigned i = 0; i < nspans; i++) {
		unsigned t = start[i], end = start[i + 1];
		struct nearidx_bitsel *rest = xmalloc((end - t) * sizeof *rest);

		for (unsigned u = t; u < end; u++)
			nearidx_bitsel_init(&rest[u - t], d->mask[u] & ~tops[i]);
		for (unsigned j = 0; j < nw; j++) {
			struct chain_set *x = c.wk[j].cur;

			c.wk[j].cur = c.wk[j].nxt;
			c.wk[j].nxt = x;
			chain_set_init(x);
			chain_init(&c.wk[j].out);
		}
		c.t = t;
		c.end = end;
		c.rest = rest;
		c.nv = (size_t)1 << __builtin_popcountll(tops[i]);
		atomic_init(&c.nextv, 0);
		par_run(chain_work, c.wk, sizeof *c.wk, nw);
		free(rest);
		if (t == 0)
			chain_groups(&c);
		if (i + 1 < nspans) {
			c.nsh = (unsigned)__builtin_ctzll(tops[i + 1]);
			c.nmask = tops[i + 1] >> c.nsh;
			par_run(chain_spread, c.wk, sizeof *c.wk, nw);
		}
		for (unsigned j = 0; j < nw; j++)
			c.wk[j].gfix = 0;
	}
	*np = chain_compact(&c, nblk);

	pthread_mutex_destroy(&c.sp.lock);
	for (unsigned i = 0; i < nw; i++) {
		struct chain_worker *w = &c.wk[i];

		s->compared += w->pw.s.compared;
		w->pw.s.gmember = w->pw.s.gstart = NULL;
		nearidx_search_free(&w->pw.s);
		free(w->cur);
		free(w->nxt);
		free(w->buf);
		free(w->buf2);
	}
	free(c.wk);
	free(c.next);
	free(c.pool);
	return true;
}
