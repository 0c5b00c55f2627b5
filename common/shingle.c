#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Inlined: most tokens are a few bytes, where the call costs as much as
 * the hash. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "cli.h"
#include "radix.h"
#include "shingle.h"
#include "xalloc.h"

CLI_XXHASH_INLINED

void
shingler_init(struct shingler *sh, unsigned size)
{
	memset(sh, 0, sizeof *sh);
	sh->size = size < 1 ? 1 : size > SHINGLE_MAX ? SHINGLE_MAX : size;
}

void
shingler_free(struct shingler *sh)
{
	tokens_free(&sh->tok);
	free(sh->v);
	memset(sh, 0, sizeof *sh);
}

static void
le64(uint64_t v, unsigned char b[8])
{
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> 8 * i);
}

static void
push(struct shingler *sh, uint64_t h)
{
	sh->v = xgrow_array(sh->v, &sh->cap, sh->n + 1, sizeof *sh->v);
	sh->v[sh->n++] = h;
}

size_t
shingle_set(struct shingler *sh, const char *p, size_t n, bool escaped)
{
	/* the last size token hashes, a ring: slot i % size holds token i */
	uint64_t ring[SHINGLE_MAX];
	unsigned char buf[8 * SHINGLE_MAX];
	unsigned size = sh->size;
	size_t ntok = 0, i, j;
	struct token tk;

	sh->n = 0;
	tokens_init(&sh->tok, p, n,
	    TOKENS_DIGITS_ZERO | (escaped ? TOKENS_ESCAPED : 0));
	while (tokens_next(&sh->tok, &tk)) {
		ring[ntok % size] = XXH3_64bits(tk.p, tk.n);
		if (++ntok < size)
			continue;
		if (size == 1) {
			push(sh, ring[0]);
			continue;
		}
		for (i = 0; i < size; i++)
			le64(ring[(ntok + i) % size], buf + 8 * i);
		push(sh, XXH3_64bits(buf, 8 * (size_t)size));
	}
	/* a text shorter than a shingle is one shingle */
	if (ntok > 0 && ntok < size) {
		for (i = 0; i < ntok; i++)
			le64(ring[i], buf + 8 * i);
		push(sh, XXH3_64bits(buf, 8 * ntok));
	}
	radix_sort_u64(sh->v, sh->n);
	for (i = j = 0; i < sh->n; i++)
		if (j == 0 || sh->v[j - 1] != sh->v[i])
			sh->v[j++] = sh->v[i];
	sh->n = j;
	sh->ntok = ntok;
	return j;
}

/* The few hashes of a small set looked up in a much larger one: binary
 * search from where the last one was found. */
static size_t
common_search(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t c = 0, lo = 0;

	for (size_t i = 0; i < na && lo < nb; i++) {
		size_t hi = nb;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (b[mid] < a[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < nb && b[lo] == a[i])
			c++;
	}
	return c;
}

/* The merge, from a[i], b[j] on. */
static size_t
common_merge(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
    size_t i, size_t j)
{
	size_t c = 0;

	/* Without branches on the data: which side moves is as good as a
	 * coin toss, and a mispredicted branch a step cost three times the
	 * merge (measured on 500-shingle sets). */
	while (i < na && j < nb) {
		uint64_t x = a[i], y = b[j];

		c += x == y;
		i += x <= y;
		j += y <= x;
	}
	return c;
}

static size_t common_first(const uint64_t *, size_t, const uint64_t *,
    size_t);
static size_t (*common)(const uint64_t *, size_t, const uint64_t *, size_t) =
    common_first;

static size_t
common_scalar(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	return common_merge(a, na, b, nb, 0, 0);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* Four hashes of each set at a time: each of a's four against all of b's
 * (b's block turned three times), then the block with the smaller last
 * hash moves on, or both.  A shared hash meets its twin in exactly one
 * pair of blocks, so nothing counts twice.  The scalar merge is a chain
 * of dependent loads, one element a step; this takes half the CPU time
 * on sets of a few hundred shingles (nearverify's benchmark). */
__attribute__((target("avx2,popcnt"))) static size_t
common_avx2(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t i = 0, j = 0, c = 0;

	while (i + 4 <= na && j + 4 <= nb) {
		__m256i va = _mm256_loadu_si256((const __m256i *)(const void *)(a + i));
		__m256i vb = _mm256_loadu_si256((const __m256i *)(const void *)(b + j));
		__m256i m = _mm256_cmpeq_epi64(va, vb);
		uint64_t la = a[i + 3], lb = b[j + 3];

		m = _mm256_or_si256(m, _mm256_cmpeq_epi64(va,
		    _mm256_permute4x64_epi64(vb, 0x39)));
		m = _mm256_or_si256(m, _mm256_cmpeq_epi64(va,
		    _mm256_permute4x64_epi64(vb, 0x4e)));
		m = _mm256_or_si256(m, _mm256_cmpeq_epi64(va,
		    _mm256_permute4x64_epi64(vb, 0x93)));
		c += (size_t)__builtin_popcount((unsigned)_mm256_movemask_pd(
		    _mm256_castsi256_pd(m)));
		i += la <= lb ? 4 : 0;
		j += lb <= la ? 4 : 0;
	}
	return c + common_merge(a, na, b, nb, i, j);
}

static size_t
common_first(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	__builtin_cpu_init();
	common = getenv("CRAWLUTILS_NO_AVX2") == NULL &&
	    __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") ?
	    common_avx2 : common_scalar;
	return common(a, na, b, nb);
}
#else
static size_t
common_first(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	common = common_scalar;
	return common(a, na, b, nb);
}
#endif

size_t
shingle_common(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	if (na > nb)
		return shingle_common(b, nb, a, na);
	if (na * 32 < nb)
		return common_search(a, na, b, nb);
	return common(a, na, b, nb);
}
