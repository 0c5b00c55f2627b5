/* Unit tests of common/shingle.c. */
#include "shingle.h"

#include "unit.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

/* shingle_common against a plain count, on both of its paths (the merge,
 * and the binary search of a small set in one 32 times larger), and the
 * sets of a few texts. */
void
test_shingle(void)
{
	static uint64_t a[4000], b[4000];
	struct shingler sh;
	int bad = 0;

	for (int round = 0; round < 300; round++) {
		size_t na = rnd() % (round % 3 ? 200 : 20), nb = rnd() % 3000;
		size_t want = 0, i, j;
		uint64_t x = 0, y = 0;

		/* ascending, some values shared */
		for (i = 0; i < na; i++)
			a[i] = x += 1 + rnd() % 50;
		for (j = 0; j < nb; j++)
			b[j] = y += 1 + rnd() % (round % 2 ? 5 : 50);
		for (i = 0; i < na; i++)
			for (j = 0; j < nb; j++)
				want += a[i] == b[j];
		if (shingle_common(a, na, b, nb) != want ||
		    shingle_common(b, nb, a, na) != want)
			bad++;
	}
	ok(bad == 0, "shingle: shingle_common counts the shared hashes (%d "
	    "wrong)", bad);

	shingler_init(&sh, 3);
	ok(shingle_set(&sh, "a b c d", 7, false) == 2 && sh.ntok == 4,
	    "shingle: 4 tokens, two 3-shingles");
	ok(shingle_set(&sh, "a b a b a b", 11, false) == 2,
	    "shingle: a set: repeated shingles count once");
	ok(shingle_set(&sh, "X, y", 4, false) == 1 && sh.ntok == 2,
	    "shingle: a text shorter than a shingle is one shingle");
	ok(shingle_set(&sh, "... !!!", 7, false) == 0,
	    "shingle: no tokens, no shingles");
	{
		uint64_t s1[8], s2[8];
		size_t n1 = shingle_set(&sh, "The Year 2024 ends", 18, false);

		memcpy(s1, sh.v, n1 * sizeof *s1);
		ok(shingle_set(&sh, "the year 1999, ends", 19, false) == n1 &&
		    memcmp(s1, sh.v, n1 * sizeof *s1) == 0,
		    "shingle: case, punctuation and digits do not matter");
		n1 = shingle_set(&sh, "one\\ttwo\\nthree", 15, true);
		memcpy(s2, sh.v, n1 * sizeof *s2);
		ok(n1 == 1 && shingle_set(&sh, "one two three", 13, false) == 1 &&
		    s2[0] == sh.v[0], "shingle: escapes in a field separate");
	}
	{
		/* the 3-shingle hash is XXH3-64 of the token hashes, little
		 * endian, as simhash --shingle 3 makes its features */
		unsigned char w[24];
		const char *tok[3] = { "a", "b", "c" };

		for (int t = 0; t < 3; t++) {
			uint64_t h = XXH3_64bits(tok[t], 1);

			for (int k = 0; k < 8; k++)
				w[8 * t + k] = (unsigned char)(h >> 8 * k);
		}
		ok(shingle_set(&sh, "A B C", 5, false) == 1 &&
		    sh.v[0] == XXH3_64bits(w, sizeof w),
		    "shingle: the hash of a shingle is defined");
	}
	shingler_free(&sh);
	shingler_init(&sh, 1);
	ok(shingle_set(&sh, "x y x z", 7, false) == 3,
	    "shingle: --shingle 1 is the set of tokens");
	shingler_free(&sh);
}
