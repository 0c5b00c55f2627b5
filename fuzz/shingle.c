/* Fuzz target: nearverify's shingle sets (shingle.h).  The first byte
 * picks the shingle size; the rest is two texts split at the first NUL.
 * No crash; a set is ascending and distinct, has no shingle without a
 * token and one at most for each token; an escaped text has the set of
 * its unescaped form; shingle_common agrees with a plain merge, both on
 * the two texts' sets and on two sets made of the bytes themselves
 * (small steps, so that they share many values and the SIMD path and
 * the binary search of a small set in a large one are taken). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "shingle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t
plain_common(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t i = 0, j = 0, c = 0;

	while (i < na && j < nb) {
		if (a[i] < b[j])
			i++;
		else if (b[j] < a[i])
			j++;
		else {
			c++;
			i++;
			j++;
		}
	}
	return c;
}

static void
check_common(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t want = plain_common(a, na, b, nb);

	if (shingle_common(a, na, b, nb) != want ||
	    shingle_common(b, nb, a, na) != want ||
	    shingle_common(a, na, a, na) != na)
		abort();
}

static void
check_set(const struct shingler *sh)
{
	for (size_t i = 1; i < sh->n; i++)
		if (sh->v[i - 1] >= sh->v[i])
			abort();
	if ((sh->ntok == 0) != (sh->n == 0) || sh->n > sh->ntok)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct shingler sh;
	static unsigned shsize;
	static uint64_t *a, *b, *first;
	static size_t cap;
	const char *p = (const char *)data + 1, *nul;
	size_t n, na = 0, nb = 0, nfirst;
	uint64_t va = 0, vb = 0;
	struct buf u = { 0 };

	if (size < 1 || size > 1 << 16)
		return 0;
	if (shsize != (unsigned)(data[0] % SHINGLE_MAX + 1)) {
		shingler_free(&sh);
		shsize = data[0] % SHINGLE_MAX + 1;
		shingler_init(&sh, shsize);
	}
	if (cap < size) {
		free(a);
		free(b);
		free(first);
		cap = size;
		a = malloc(cap * sizeof *a);
		b = malloc(cap * sizeof *b);
		first = malloc(cap * sizeof *first);
		if (a == NULL || b == NULL || first == NULL)
			abort();
	}
	n = size - 1;
	nul = memchr(p, '\0', n);

	/* the first text, escaped and not */
	nfirst = shingle_set(&sh, p, nul ? (size_t)(nul - p) : n, true);
	check_set(&sh);
	if (nfirst > cap)
		abort();
	if (nfirst)
		memcpy(first, sh.v, nfirst * sizeof *first);
	unescape_append(&u, p, nul ? (size_t)(nul - p) : n);
	if (shingle_set(&sh, u.p, u.len, false) != nfirst ||
	    (nfirst && memcmp(sh.v, first, nfirst * sizeof *first) != 0))
		abort();
	buf_free(&u);
	/* and the second, against it */
	if (nul != NULL) {
		shingle_set(&sh, nul + 1, n - (size_t)(nul + 1 - p), false);
		check_set(&sh);
		check_common(first, nfirst, sh.v, sh.n);
	}

	/* sets from the bytes: the top bit says which, the rest the step */
	for (size_t i = 1; i < size; i++) {
		if (data[i] & 0x80)
			b[nb++] = vb += (data[i] & 0x7f) + 1;
		else
			a[na++] = va += data[i] + 1;
	}
	check_common(a, na, b, nb);
	return 0;
}
