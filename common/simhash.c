#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "diag.h"
#include "simhash.h"
#include "xalloc.h"

/*
 * The default weights, chosen on part A of the labelled evaluation in
 * bench/simeval.c and confirmed on part B (simhash(1) has the table):
 *   - a word seen once weighs 0.35, a word seen c > 1 times weighs c:
 *     typos and edits make words seen once, so they count less;
 *   - no word carries more than 6% of the text's total weight, so that
 *     "the" cannot set the bits by itself;
 *   - a CJK character weighs its count: damping or capping characters
 *     like words, or weighting them 2 g^1.25, lost recall on Chinese
 *     (0.86 against 0.91 within 4 bits on part A, 0.92 against 0.93 on
 *     part B) and precision with it.
 */
const struct simhash_params simhash_defaults = {
	.tokflags = TOK_DIGITS_ZERO,
	.shingle = 1,
	.weight = SIMHASH_W_DEFAULT,
	.once = 35,
	.word_cap = 60,
	.cjk_mul = 100,
	.cjk_exp = 4,
	.cjk_cap = 0,
	.seed = 0,
};

struct simhash_slot {
	uint64_t	key;		/* the feature's hash */
	uint32_t	count;		/* saturates */
	uint32_t	gen;		/* in use when equal to simhash.gen */
	uint64_t	weight;
	bool		cjk;
};

/* g^(e/4) from exact products and square roots, which IEEE 754 rounds
 * the same way everywhere (pow() does not promise that). */
static double
power_quarters(uint32_t g, unsigned e)
{
	double r = sqrt(sqrt((double)g)), x = 1;

	for (unsigned i = 0; i < e / 4; i++)
		x *= g;
	for (unsigned i = 0; i < e % 4; i++)
		x *= r;
	return x;
}

void
simhash_init(struct simhash *s, const struct simhash_params *par)
{
	memset(s, 0, sizeof *s);
	s->par = *par;
	if (s->par.shingle < 1)
		s->par.shingle = 1;
	if (s->par.shingle > SIMHASH_MAXSHINGLE)
		s->par.shingle = SIMHASH_MAXSHINGLE;
	for (uint32_t g = 1; g < 64; g++)
		s->cjk_table[g] = (uint64_t)(par->cjk_mul *
		    power_quarters(g, par->cjk_exp) + 0.5);
}

void
simhash_free(struct simhash *s)
{
	tok_free(&s->tok);
	free(s->slot);
	free(s->used);
	memset(s, 0, sizeof *s);
}

static void
grow(struct simhash *s)
{
	size_t n = s->nslot ? s->nslot * 2 : 1024, i;
	struct simhash_slot *slot = xmalloc(n * sizeof *slot);
	uint32_t *used = xmalloc(n / 2 * sizeof *used);

	if (n > (size_t)UINT32_MAX)
		diag_fatal("too many distinct features in one text");
	memset(slot, 0, n * sizeof *slot);
	for (i = 0; i < s->nused; i++) {
		const struct simhash_slot *o = &s->slot[s->used[i]];
		size_t j = (size_t)o->key & (n - 1);

		while (slot[j].gen == s->gen)
			j = (j + 1) & (n - 1);
		slot[j] = *o;
		used[i] = (uint32_t)j;
	}
	free(s->slot);
	free(s->used);
	s->slot = slot;
	s->used = used;
	s->nslot = n;
}

static void
count(struct simhash *s, uint64_t key, bool cjk)
{
	size_t mask, j;

	if ((s->nused + 1) * 2 > s->nslot)
		grow(s);
	mask = s->nslot - 1;
	for (j = (size_t)key & mask; s->slot[j].gen == s->gen;
	    j = (j + 1) & mask)
		if (s->slot[j].key == key) {
			if (s->slot[j].count != UINT32_MAX)
				s->slot[j].count++;
			return;
		}
	s->slot[j].key = key;
	s->slot[j].count = 1;
	s->slot[j].gen = s->gen;
	s->slot[j].cjk = cjk;
	s->used[s->nused++] = (uint32_t)j;
}

static void
le64(uint64_t v, unsigned char b[8])
{
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> 8 * i);
}

/* Count the features of the text. */
static void
features(struct simhash *s, const char *p, size_t n, bool escaped)
{
	unsigned char ring[8 * SIMHASH_MAXSHINGLE];
	unsigned sh = s->par.shingle, ntok = 0;
	struct token tk;

	tok_init(&s->tok, p, n, s->par.tokflags | (escaped ? TOK_ESCAPED : 0));
	while (tok_next(&s->tok, &tk)) {
		uint64_t h = XXH3_64bits_withSeed(tk.p, tk.n, s->par.seed);

		if (sh == 1) {
			count(s, h, tk.cjk);
			continue;
		}
		/* The last sh token hashes, oldest first. */
		if (ntok < sh)
			le64(h, ring + 8 * ntok++);
		else {
			memmove(ring, ring + 8, 8 * (sh - 1));
			le64(h, ring + 8 * (sh - 1));
		}
		if (ntok == sh)
			count(s, XXH3_64bits_withSeed(ring, 8 * sh,
			    s->par.seed), false);
	}
	/* A text shorter than a shingle is one shingle. */
	if (sh > 1 && ntok > 0 && ntok < sh)
		count(s, XXH3_64bits_withSeed(ring, 8 * ntok, s->par.seed),
		    false);
}

static uint64_t
weight(const struct simhash *sh, const struct simhash_slot *sl)
{
	const struct simhash_params *par = &sh->par;
	uint32_t c = sl->count;

	switch (par->weight) {
	case SIMHASH_W_TF:
		return c;
	case SIMHASH_W_LOG:
		return 1 + (uint64_t)(31 - __builtin_clz(c));
	case SIMHASH_W_BINARY:
		return 1;
	}
	if (sl->cjk)
		return c < 64 && sh->cjk_table[c] ? sh->cjk_table[c] :
		    (uint64_t)(par->cjk_mul * power_quarters(c, par->cjk_exp) + 0.5);
	return c == 1 ? par->once : 100 * (uint64_t)c;
}

/*
 * Voting: acc[i] sums the weights of the features with bit i set.
 * Adding a weight to 64 counters one bit at a time is the slow way (a
 * loop of 64 tests and branches per feature); instead a table turns a
 * group of bits into lane masks, and one SIMD AND and ADD updates 4 (SSE2)
 * or 8 (AVX2) counters.  The sums are integers, so every version gives the
 * same answer.
 */
typedef void vote_fn(uint32_t *acc, uint64_t h, uint32_t w);

static void
vote_generic(uint32_t *acc, uint64_t h, uint32_t w)
{
	for (int i = 0; i < 64; i++)
		acc[i] += w & (uint32_t)-(int32_t)(h >> i & 1);
}

#if defined(__x86_64__) && defined(__GNUC__)
static uint32_t lanes4[16][4] __attribute__((aligned(16)));
static uint32_t lanes8[256][8] __attribute__((aligned(32)));

static void
vote_sse2(uint32_t *acc, uint64_t h, uint32_t w)
{
	__m128i wv = _mm_set1_epi32((int)w);

	for (int k = 0; k < 16; k++, h >>= 4) {
		__m128i *a = (__m128i *)(void *)(acc + 4 * k);
		__m128i m = _mm_load_si128((const __m128i *)(const void *)
		    lanes4[h & 15]);

		*a = _mm_add_epi32(*a, _mm_and_si128(m, wv));
	}
}

__attribute__((target("avx2"))) static void
vote_avx2(uint32_t *acc, uint64_t h, uint32_t w)
{
	__m256i wv = _mm256_set1_epi32((int)w);

	for (int k = 0; k < 8; k++, h >>= 8) {
		__m256i *a = (__m256i *)(void *)(acc + 8 * k);
		__m256i m = _mm256_load_si256((const __m256i *)(const void *)
		    lanes8[h & 255]);

		_mm256_store_si256(a, _mm256_add_epi32(_mm256_load_si256(a),
		    _mm256_and_si256(m, wv)));
	}
}

static vote_fn *
vote_pick(void)
{
	for (int v = 0; v < 16; v++)
		for (int i = 0; i < 4; i++)
			lanes4[v][i] = v >> i & 1 ? UINT32_MAX : 0;
	for (int v = 0; v < 256; v++)
		for (int i = 0; i < 8; i++)
			lanes8[v][i] = v >> i & 1 ? UINT32_MAX : 0;
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") ? vote_avx2 : vote_sse2;
}
#else
static vote_fn *
vote_pick(void)
{
	return vote_generic;
}
#endif

static vote_fn *vote;

void
simhash_text(struct simhash *s, const char *p, size_t n, bool escaped,
    int nfp, uint64_t *fp)
{
	uint32_t acc[SIMHASH_MAXFP][64] __attribute__((aligned(32)));
	uint64_t total = 0, capw = UINT64_MAX, capc = UINT64_MAX, sum = 0;
	unsigned shift = 0;
	size_t i;

	if (vote == NULL)
		vote = vote_pick();
	(void)vote_generic;
	if (nfp < 1 || nfp > SIMHASH_MAXFP)
		nfp = nfp < 1 ? 1 : SIMHASH_MAXFP;
	if (++s->gen == 0) {		/* wrapped: forget every slot */
		if (s->slot)
			memset(s->slot, 0, s->nslot * sizeof *s->slot);
		s->gen = 1;
	}
	s->nused = 0;
	features(s, p, n, escaped);
	for (int j = 0; j < nfp; j++)
		fp[j] = 0;
	if (s->nused == 0)
		return;

	for (i = 0; i < s->nused; i++) {
		struct simhash_slot *sl = &s->slot[s->used[i]];

		sl->weight = weight(s, sl);
		total += sl->weight;
	}
	if (s->par.weight == SIMHASH_W_DEFAULT) {
		if (s->par.word_cap)
			capw = total / 1000 * s->par.word_cap +
			    total % 1000 * s->par.word_cap / 1000;
		if (s->par.cjk_cap)
			capc = total / 1000 * s->par.cjk_cap +
			    total % 1000 * s->par.cjk_cap / 1000;
		capw = capw ? capw : 1;
		capc = capc ? capc : 1;
	}
	for (i = 0; i < s->nused; i++) {
		struct simhash_slot *sl = &s->slot[s->used[i]];
		uint64_t cap = sl->cjk ? capc : capw;

		if (sl->weight > cap)
			sl->weight = cap;
		sum += sl->weight;
	}
	/* 32-bit counters: scale the weights down if they could overflow. */
	while (sum >> shift >= UINT64_C(1) << 31)
		shift++;
	memset(acc, 0, sizeof acc[0] * (size_t)nfp);
	sum = 0;
	for (i = 0; i < s->nused; i++) {
		const struct simhash_slot *sl = &s->slot[s->used[i]];
		uint32_t w = (uint32_t)(sl->weight >> shift);
		unsigned char key[8];

		if (w == 0)
			continue;
		sum += w;
		vote(acc[0], sl->key, w);
		if (nfp == 1)
			continue;
		le64(sl->key, key);
		for (int j = 1; j < nfp; j++)
			vote(acc[j], XXH3_64bits_withSeed(key, 8, (uint64_t)j), w);
	}
	for (int j = 0; j < nfp; j++)
		for (int b = 0; b < 64; b++)
			if (2 * (uint64_t)acc[j][b] > sum)
				fp[j] |= UINT64_C(1) << b;
}
