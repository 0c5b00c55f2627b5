/* Unit tests of common/simhash.c. */
#include "simhash.h"

#include "unit.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

static uint64_t
fingerprint(struct simhash *s, const char *p, int nfp, int j)
{
	uint64_t fp[SIMHASH_MAXFP];

	simhash_text(s, p, strlen(p), true, nfp, fp);
	return fp[j];
}

void
test_simhash(void)
{
	struct simhash s;
	struct buf in = { 0 };
	uint64_t h = XXH3_64bits("hello", 5), fp[3], ref[3];
	unsigned char le[8];
	int bad = 0;

	simhash_init(&s, &simhash_defaults);
	ok(fingerprint(&s, "", 1, 0) == 0 && fingerprint(&s, " ,.\\t!", 1, 0) == 0,
	    "simhash: no features, fingerprint 0");
	ok(fingerprint(&s, "Hello!", 1, 0) == h,
	    "simhash: one feature gives its XXH3-64");
	for (int i = 0; i < 8; i++)
		le[i] = (unsigned char)(h >> 8 * i);
	ok(fingerprint(&s, "hello", 3, 2) == XXH3_64bits_withSeed(le, 8, 2),
	    "simhash: fingerprint j hashes the feature hash with seed j");
	ok(fingerprint(&s, "hello", 3, 0) == h, "simhash: -n keeps fingerprint 0");
	ok(fingerprint(&s, "\xe4\xb8\xad", 1, 0) == XXH3_64bits("\xe4\xb8\xad", 3) &&
	    fingerprint(&s, "\xe4\xb8\xad\xe4\xb8\xad x", 1, 0) ==
	    XXH3_64bits("\xe4\xb8\xad", 3),
	    "simhash: a CJK character counted by code point has its bytes' hash");
	{
		/* A CJK character seen once weighs 35, one seen twice 200
		 * (simhash(1)): the bits of 甲甲乙丙丁, against the bits the
		 * plain count (100 each) would give. */
		static const char *const ch[4] = { "\xe7\x94\xb2",
		    "\xe4\xb9\x99", "\xe4\xb8\x99", "\xe4\xb8\x81" };
		uint64_t want = 0, plain = 0;

		for (int i = 0; i < 64; i++) {
			uint64_t a = 0, b = 0;

			for (int c = 0; c < 4; c++)
				if (XXH3_64bits(ch[c], 3) >> i & 1) {
					a += c ? 35 : 200;
					b += c ? 100 : 200;
				}
			want |= (uint64_t)(2 * a > 200 + 3 * 35) << i;
			plain |= (uint64_t)(2 * b > 200 + 3 * 100) << i;
		}
		ok(fingerprint(&s, "\xe7\x94\xb2\xe7\x94\xb2\xe4\xb9\x99"
		    "\xe4\xb8\x99\xe4\xb8\x81", 1, 0) == want && want != plain,
		    "simhash: a CJK character seen once weighs 0.35");
	}
	ok(fingerprint(&s, "The  QUICK brown\\nfox 1999", 1, 0) ==
	    fingerprint(&s, "the quick, brown fox (2024)", 1, 0),
	    "simhash: case, punctuation, white space and digits do not matter");
	/* every SIMD voter this CPU has agrees with the plain C votes */
	static const char *const voters[] = { "avx512", "avx2", "sse2" };
	int tried = 0;

	for (size_t v = 0; v < sizeof voters / sizeof *voters; v++) {
		if (!simhash_use_votes(voters[v]))
			continue;
		tried++;
		for (int iter = 0; iter < 2000; iter++) {
			size_t n = rnd() % 300;

			in.len = 0;
			for (size_t i = 0; i < n; i++) {
				const char *pc = tpieces[rnd() % ntpieces];

				buf_append(&in, pc, strlen(pc));
				if (rnd() % 3 == 0)
					buf_putc(&in, ' ');
			}
			simhash_use_votes(voters[v]);
			simhash_text(&s, in.p, in.len, true, 3, fp);
			simhash_portable_votes(true);
			simhash_text(&s, in.p, in.len, true, 3, ref);
			if (memcmp(fp, ref, sizeof fp) != 0)
				bad++;
		}
	}
	simhash_portable_votes(false);
	ok(bad == 0 && tried > 0, "simhash: %d SIMD voters agree with portable votes on 2000 texts each (%d differ)", tried, bad);
	simhash_free(&s);

	/* Weights too large for 32-bit counters are scaled down, which
	 * keeps their proportions: 3000 CJK characters of 200 kinds. */
	{
		struct simhash_params big = simhash_defaults;
		struct simhash sb;
		uint64_t a, b;

		in.len = 0;
		for (int i = 0; i < 3000; i++) {
			unsigned c = 0x4e00 + rnd() % 200;
			char u8[3] = { (char)(0xe0 | c >> 12),
			    (char)(0x80 | (c >> 6 & 63)), (char)(0x80 | (c & 63)) };

			buf_append(&in, u8, 3);
		}
		big.cjk_mul = 5000000;	/* a total of 1.5e10: a shift of 3 */
		big.cjk_once = 35 * 50000;
		simhash_init(&sb, &big);
		simhash_text(&sb, in.p, in.len, true, 1, &a);
		simhash_free(&sb);
		simhash_init(&sb, &simhash_defaults);
		simhash_text(&sb, in.p, in.len, true, 1, &b);
		simhash_free(&sb);
		ok(a == b && a != 0, "simhash: weights scaled down past 2^31 keep the fingerprint");
	}
	buf_free(&in);
}
