#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Inlined: most features are a few bytes, where the call costs as much
 * as the hash. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "cli.h"
#include "diag.h"
#include "simhash.h"
#include "xalloc.h"

CLI_XXHASH_INLINED

/*
 * The default weights, chosen on part A of the labelled evaluation in
 * bench/simeval.c and confirmed on part B (simhash(1) has the table):
 *   - a feature seen once weighs 0.35, one seen c > 1 times weighs c:
 *     typos, edits, footers and templates make features seen once, so
 *     they count less.  For CJK characters this raised recall of edits of
 *     at most 5% within 4 bits from 0.904 to 0.916 on part A and from
 *     0.943 to 0.954 on part B (means over XXH3-64 seeds 0 to 5), with
 *     fewer 30% rewrites and different pages within 4 bits;
 *   - no word carries more than 6% of the text's total weight, so that
 *     "the" cannot set the bits by itself;
 *   - CJK characters are not capped, and weigh their count otherwise:
 *     capping them like words, weighting them 2 g^1.25 (with a 5% cap),
 *     g^0.5, g^0.75 or g^1.5, and pairs of characters instead of or with
 *     single ones all lost recall on Chinese.
 */
const struct simhash_params simhash_defaults = {
	.tokflags = TOKENS_DIGITS_ZERO,
	.shingle = 1,
	.weight = SIMHASH_W_DEFAULT,
	.once = 35,
	.word_cap = 60,
	.cjk_mul = 100,
	.cjk_exp = 4,
	.cjk_cap = 0,
	.cjk_once = 35,
	.seed = 0,
};

/* 16 bytes: the table of a long text should stay in the cache. */
struct simhash_slot {
	uint64_t	key;		/* the feature's hash */
	uint32_t	count;		/* saturates; the top bit: CJK */
	uint32_t	gen;		/* in use when equal to simhash.gen */
};

#define CJK_BIT		UINT32_C(0x80000000)
#define MAXCOUNT	(CJK_BIT - 1)

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
	tokens_free(&s->tok);
	free(s->cpcount);
	free(s->cpseen);
	free(s->slot);
	free(s->used);
	free(s->bh);
	free(s->wf);
	free(s->bw);
	free(s->bs);
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
count(struct simhash *s, uint64_t key, bool cjk, uint32_t n)
{
	size_t mask, j;

	if ((s->nused + 1) * 2 > s->nslot)
		grow(s);
	mask = s->nslot - 1;
	for (j = (size_t)key & mask; s->slot[j].gen == s->gen;
	    j = (j + 1) & mask)
		if (s->slot[j].key == key) {
			uint32_t c = s->slot[j].count & MAXCOUNT;

			c = MAXCOUNT - c < n ? MAXCOUNT : c + n;
			s->slot[j].count = c | (s->slot[j].count & CJK_BIT);
			return;
		}
	s->slot[j].key = key;
	s->slot[j].count = (n < MAXCOUNT ? n : MAXCOUNT) | (cjk ? CJK_BIT : 0);
	s->slot[j].gen = s->gen;
	s->used[s->nused++] = (uint32_t)j;
}

/* Little-endian bytes of v in one 8-byte store: written a byte at a time
 * and read back by XXH3 as two 4-byte loads, they stalled store
 * forwarding, a quarter of simhash -n 3's time on Chinese text. */
static void
le64(uint64_t v, unsigned char b[8])
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	memcpy(b, &v, 8);
}

/* Count the features of the text. */
static void
features(struct simhash *s, const char *p, size_t n, bool escaped)
{
	unsigned char ring[8 * SIMHASH_MAXSHINGLE];
	unsigned sh = s->par.shingle, ntok = 0;
	struct token tk;

	tokens_init(&s->tok, p, n,
	    s->par.tokflags | (escaped ? TOKENS_ESCAPED : 0));
	while (tokens_next(&s->tok, &tk)) {
		uint64_t h;

		/* Chinese text is mostly characters of the BMP seen many
		 * times: count them by code point, hash each one once. */
		if (sh == 1 && tk.cjk && tk.cp >= 0 && tk.cp < 0x10000) {
			if (s->cpcount == NULL) {
				s->cpcount = xmalloc(0x10000 * sizeof *s->cpcount);
				memset(s->cpcount, 0, 0x10000 * sizeof *s->cpcount);
				s->cpseen = xmalloc(0x10000 * sizeof *s->cpseen);
			}
			if (s->cpcount[tk.cp]++ == 0)
				s->cpseen[s->ncpseen++] = (uint16_t)tk.cp;
			else if (s->cpcount[tk.cp] == UINT32_MAX)
				s->cpcount[tk.cp]--;
			continue;
		}
		h = XXH3_64bits_withSeed(tk.p, tk.n, s->par.seed);
		if (sh == 1) {
			count(s, h, tk.cjk, 1);
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
			    s->par.seed), false, 1);
	}
	/* A text shorter than a shingle is one shingle. */
	if (sh > 1 && ntok > 0 && ntok < sh)
		count(s, XXH3_64bits_withSeed(ring, 8 * ntok, s->par.seed),
		    false, 1);
}

static inline uint64_t
weight(const struct simhash *sh, uint32_t c, bool cjk)
{
	const struct simhash_params *par = &sh->par;

	switch (par->weight) {
	case SIMHASH_W_TF:
		return c;
	case SIMHASH_W_LOG:
		return 1 + (uint64_t)(31 - __builtin_clz(c));
	case SIMHASH_W_BINARY:
		return 1;
	}
	if (cjk && c == 1 && par->cjk_once)
		return par->cjk_once;
	if (cjk)
		return c < 64 && sh->cjk_table[c] ? sh->cjk_table[c] :
		    (uint64_t)(par->cjk_mul * power_quarters(c, par->cjk_exp) + 0.5);
	return c == 1 ? par->once : 100 * (uint64_t)c;
}

/*
 * Voting: acc[i] sums the weights of the features with bit i set.
 * Adding a weight to 64 counters one bit at a time is the slow way (a
 * loop of 64 tests and branches per feature); instead a table turns a
 * group of bits into lane masks, and one SIMD AND and ADD updates 4 (SSE2)
 * or 8 (AVX2) counters, which stay in registers for a whole batch of
 * features.  The sums are integers, so every version gives the same
 * answer.
 */
typedef void vote_fn(uint32_t *acc, const uint64_t *h, const uint32_t *w,
    size_t n);

static void
vote_generic(uint32_t *acc, const uint64_t *h, const uint32_t *w, size_t n)
{
	for (size_t f = 0; f < n; f++)
		for (int i = 0; i < 64; i++)
			acc[i] += w[f] & (uint32_t)-(int32_t)(h[f] >> i & 1);
}

#if defined(__x86_64__) && defined(__GNUC__)
static uint32_t lanes4[16][4] __attribute__((aligned(16)));
static uint32_t lanes8[256][8] __attribute__((aligned(32)));

static void
vote_sse2(uint32_t *acc, const uint64_t *h, const uint32_t *w, size_t n)
{
	/* 16 accumulators do not fit in 16 registers with the rest: two
	 * passes of 8, over the low and the high half of the hashes. */
	for (int half = 0; half < 2; half++) {
		__m128i a[8];

		for (int k = 0; k < 8; k++)
			a[k] = _mm_load_si128((const __m128i *)(const void *)
			    (acc + 32 * half + 4 * k));
		for (size_t f = 0; f < n; f++) {
			__m128i wv = _mm_set1_epi32((int)w[f]);
			uint32_t x = (uint32_t)(h[f] >> 32 * half);

			for (int k = 0; k < 8; k++, x >>= 4)
				a[k] = _mm_add_epi32(a[k], _mm_and_si128(wv,
				    _mm_load_si128((const __m128i *)(const void *)
				    lanes4[x & 15])));
		}
		for (int k = 0; k < 8; k++)
			_mm_store_si128((__m128i *)(void *)
			    (acc + 32 * half + 4 * k), a[k]);
	}
}

/* The votes of one byte of a hash: its 8 bits as lane masks, ANDed with
 * the weight.  The accumulators are named variables in vote_avx2: as an
 * array, gcc kept them on the stack, a load and store a byte. */
__attribute__((target("avx2"))) static inline __m256i
vote8(__m256i a, __m256i wv, uint64_t x, int byte)
{
	return _mm256_add_epi32(a, _mm256_and_si256(wv, _mm256_load_si256(
	    (const __m256i *)(const void *)lanes8[x >> 8 * byte & 255])));
}

__attribute__((target("avx2"))) static void
vote_avx2(uint32_t *acc, const uint64_t *h, const uint32_t *w, size_t n)
{
	__m256i *v = (__m256i *)(void *)acc;
	__m256i a0 = _mm256_loadu_si256(v), a1 = _mm256_loadu_si256(v + 1);
	__m256i a2 = _mm256_loadu_si256(v + 2), a3 = _mm256_loadu_si256(v + 3);
	__m256i a4 = _mm256_loadu_si256(v + 4), a5 = _mm256_loadu_si256(v + 5);
	__m256i a6 = _mm256_loadu_si256(v + 6), a7 = _mm256_loadu_si256(v + 7);

	for (size_t f = 0; f < n; f++) {
		__m256i wv = _mm256_set1_epi32((int)w[f]);
		uint64_t x = h[f];

		a0 = vote8(a0, wv, x, 0);
		a1 = vote8(a1, wv, x, 1);
		a2 = vote8(a2, wv, x, 2);
		a3 = vote8(a3, wv, x, 3);
		a4 = vote8(a4, wv, x, 4);
		a5 = vote8(a5, wv, x, 5);
		a6 = vote8(a6, wv, x, 6);
		a7 = vote8(a7, wv, x, 7);
	}
	_mm256_storeu_si256(v, a0);
	_mm256_storeu_si256(v + 1, a1);
	_mm256_storeu_si256(v + 2, a2);
	_mm256_storeu_si256(v + 3, a3);
	_mm256_storeu_si256(v + 4, a4);
	_mm256_storeu_si256(v + 5, a5);
	_mm256_storeu_si256(v + 6, a6);
	_mm256_storeu_si256(v + 7, a7);
}

/* Where AVX-512 is, a mask register takes 16 bits of a hash as they are:
 * four masked adds a feature and no table, against eight loads, ANDs and
 * adds for AVX2 (on Chinese text, where features are many and short,
 * voting was a third of simhash -n 3's time). */
__attribute__((target("avx512f"))) static void
vote_avx512(uint32_t *acc, const uint64_t *h, const uint32_t *w, size_t n)
{
	/* four named accumulators: as an array, gcc kept them in memory */
	__m512i a0 = _mm512_loadu_si512((const void *)acc);
	__m512i a1 = _mm512_loadu_si512((const void *)(acc + 16));
	__m512i a2 = _mm512_loadu_si512((const void *)(acc + 32));
	__m512i a3 = _mm512_loadu_si512((const void *)(acc + 48));

	for (size_t f = 0; f < n; f++) {
		__m512i wv = _mm512_set1_epi32((int)w[f]);
		uint64_t x = h[f];

		a0 = _mm512_mask_add_epi32(a0, (__mmask16)x, a0, wv);
		a1 = _mm512_mask_add_epi32(a1, (__mmask16)(x >> 16), a1, wv);
		a2 = _mm512_mask_add_epi32(a2, (__mmask16)(x >> 32), a2, wv);
		a3 = _mm512_mask_add_epi32(a3, (__mmask16)(x >> 48), a3, wv);
	}
	_mm512_storeu_si512((void *)acc, a0);
	_mm512_storeu_si512((void *)(acc + 16), a1);
	_mm512_storeu_si512((void *)(acc + 32), a2);
	_mm512_storeu_si512((void *)(acc + 48), a3);
}

static void
lanes_init(void)
{
	for (int v = 0; v < 16; v++)
		for (int i = 0; i < 4; i++)
			lanes4[v][i] = v >> i & 1 ? UINT32_MAX : 0;
	for (int v = 0; v < 256; v++)
		for (int i = 0; i < 8; i++)
			lanes8[v][i] = v >> i & 1 ? UINT32_MAX : 0;
}

/* Can this CPU run fn?  Unless the caller asked for fn by name, the
 * environment can rule out the wider code, as for nearpairs and
 * nearverify: to compare, or to measure. */
static bool
vote_usable(vote_fn *fn, bool asked)
{
	if (fn == vote_avx512)
		return __builtin_cpu_supports("avx512f") &&
		    (asked || getenv("CRAWLUTILS_NO_AVX512") == NULL);
	if (fn == vote_avx2)
		return __builtin_cpu_supports("avx2") &&
		    (asked || getenv("CRAWLUTILS_NO_AVX2") == NULL);
	return true;
}

/* The voter called name ("portable", "sse2", "avx2", "avx512"), or the
 * fastest this CPU has for NULL; NULL if the CPU lacks it. */
static vote_fn *
vote_find(const char *name)
{
	static const struct {
		const char	*name;
		vote_fn		*fn;
	} voters[] = {	/* fastest first */
		{ "avx512", vote_avx512 },
		{ "avx2", vote_avx2 },
		{ "sse2", vote_sse2 },
		{ "portable", vote_generic },
	};

	lanes_init();
	__builtin_cpu_init();
	for (size_t i = 0; i < sizeof voters / sizeof *voters; i++)
		if ((name == NULL || strcmp(name, voters[i].name) == 0) &&
		    vote_usable(voters[i].fn, name != NULL))
			return voters[i].fn;
	return NULL;
}
#else
static vote_fn *
vote_find(const char *name)
{
	return name == NULL || strcmp(name, "portable") == 0 ?
	    vote_generic : NULL;
}
#endif

static vote_fn *vote;

void
simhash_portable_votes(bool on)
{
	vote = on ? vote_generic : NULL;
}

bool
simhash_use_votes(const char *name)
{
	vote_fn *fn = vote_find(name);

	if (fn == NULL)
		return false;
	vote = fn;
	return true;
}

/* The UTF-8 of a BMP code point, as the tokenizer gave it. */
static size_t
utf8_bmp(unsigned c, unsigned char u[3])
{
	if (c < 0x80) {
		u[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		u[0] = (unsigned char)(0xc0 | c >> 6);
		u[1] = (unsigned char)(0x80 | (c & 63));
		return 2;
	}
	u[0] = (unsigned char)(0xe0 | c >> 12);
	u[1] = (unsigned char)(0x80 | (c >> 6 & 63));
	u[2] = (unsigned char)(0x80 | (c & 63));
	return 3;
}

static uint64_t
cap_of(uint64_t total, unsigned thousandths)
{
	uint64_t c;

	if (thousandths == 0)
		return UINT64_MAX;
	c = total / 1000 * thousandths + total % 1000 * thousandths / 1000;
	return c ? c : 1;
}

/* Room for n features in the arrays of the votes. */
static void
batch_reserve(struct simhash *s, size_t n)
{
	size_t cap;

	if (n <= s->capbatch)
		return;
	cap = s->capbatch * sizeof *s->bh;
	s->bh = xgrow(s->bh, &cap, n * sizeof *s->bh);
	s->capbatch = cap / sizeof *s->bh;
	s->bw = xrealloc(s->bw, s->capbatch * sizeof *s->bw);
	s->bs = xrealloc(s->bs, s->capbatch * sizeof *s->bs);
	s->wf = xrealloc(s->wf, s->capbatch * sizeof *s->wf);
}

#define WF_CJK	(UINT64_C(1) << 63)	/* in wf: the feature is CJK */

void
simhash_text(struct simhash *s, const char *p, size_t n, bool escaped,
    int nfp, uint64_t *fp)
{
	uint32_t acc[SIMHASH_MAXFP][64] __attribute__((aligned(32)));
	uint64_t total = 0, capw = UINT64_MAX, capc = UINT64_MAX, sum = 0, w;
	unsigned shift = 0;
	size_t i, nv, nf;

	if (vote == NULL)
		vote = vote_find(NULL);
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
	if (s->nused == 0 && s->ncpseen == 0)
		return;

	/* The features (words, then CJK characters counted by code point)
	 * with their hashes and weights, capped at a share of the total. */
	nf = s->nused + s->ncpseen;
	batch_reserve(s, nf);
	for (i = 0; i < s->nused; i++) {
		const struct simhash_slot *sl = &s->slot[s->used[i]];

		w = weight(s, sl->count & MAXCOUNT, sl->count & CJK_BIT);
		total += w;
		s->bh[i] = sl->key;
		s->wf[i] = w | (sl->count & CJK_BIT ? WF_CJK : 0);
	}
	for (size_t j = 0; j < s->ncpseen; j++, i++) {
		unsigned c = s->cpseen[j];
		unsigned char u[3];

		w = weight(s, s->cpcount[c], true);
		s->cpcount[c] = 0;
		total += w;
		s->bh[i] = XXH3_64bits_withSeed(u, utf8_bmp(c, u), s->par.seed);
		s->wf[i] = w | WF_CJK;
	}
	s->ncpseen = 0;
	if (s->par.weight == SIMHASH_W_DEFAULT) {
		capw = cap_of(total, s->par.word_cap);
		capc = cap_of(total, s->par.cjk_cap);
	}
	for (i = 0; i < nf; i++) {
		uint64_t cap = s->wf[i] & WF_CJK ? capc : capw;

		w = s->wf[i] & ~WF_CJK;
		s->wf[i] = w < cap ? w : cap;
		sum += s->wf[i];
	}
	/* 32-bit counters: scale the weights down if they could overflow. */
	while (sum >> shift >= UINT64_C(1) << 31)
		shift++;
	sum = 0;
	for (i = nv = 0; i < nf; i++) {
		if ((w = s->wf[i] >> shift) == 0)
			continue;
		sum += w;
		s->bh[nv] = s->bh[i];
		s->bw[nv++] = (uint32_t)w;
	}
	s->nbatch = nv;

	memset(acc, 0, sizeof acc[0] * (size_t)nfp);
	vote(acc[0], s->bh, s->bw, s->nbatch);
	for (int j = 1; j < nfp; j++) {
		for (i = 0; i < s->nbatch; i++) {
			unsigned char key[8];

			le64(s->bh[i], key);
			s->bs[i] = XXH3_64bits_withSeed(key, 8, (uint64_t)j);
		}
		vote(acc[j], s->bs, s->bw, s->nbatch);
	}
	for (int j = 0; j < nfp; j++)
		for (int b = 0; b < 64; b++)
			if (2 * (uint64_t)acc[j][b] > sum)
				fp[j] |= UINT64_C(1) << b;
}
