/* Unit tests of common/bloom.c. */
#include <math.h>

#include "bloom.h"

#include "unit.h"

void
test_bloom(void)
{
	static const struct {
		uint64_t n;
		double p;
		uint64_t m;
		unsigned k;
	} sizes[] = {
		{ 1000000, 0.01, 9585088, 7 },
		{ 1000000, 0.001, 14377600, 10 },
		{ 10000000, 0.01, 95850624, 7 },
		{ 100000000, 0.01, 958505856, 7 },
		{ 1000000000, 0.001, 14377587584, 10 },
		{ 1, 0.5, 64, 1 },
	};
	/* XXH3_128bits as xxhsum -H2 prints it, and the positions worked
	 * out from it by hand (Python integers) for m = 10^6, k = 7. */
	static const struct {
		const char *key;
		uint64_t pos[7];
	} probes[] = {
		{ "https://example.com/", { 624779, 938197, 251614, 565031,
		    878448, 191865, 505283 } },
		{ "a", { 901461, 563322, 225182, 887043, 548903, 210763,
		    872624 } },
		{ "", { 375026, 975277, 575528, 175778, 776029, 376280,
		    976530 } },
	};
	struct bloom b;
	uint64_t m, pos[7];
	unsigned k;
	char key[32];
	int fn = 0, fp = 0;

	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		bool sized = bloom_size(sizes[i].n, sizes[i].p, &m, &k);

		ok(sized && m == sizes[i].m && k == sizes[i].k,
		    "bloom: n %llu p %g: m %llu k %u",
		    (unsigned long long)sizes[i].n, sizes[i].p,
		    (unsigned long long)m, k);
	}
	ok(!bloom_size(0, 0.01, &m, &k) && !bloom_size(10, 0, &m, &k) &&
	    !bloom_size(10, 1, &m, &k) && !bloom_size(10, 1e-30, &m, &k),
	    "bloom: no filter for 0 keys, p 0, p 1, or more than 64 probes");
	for (size_t i = 0; i < sizeof probes / sizeof *probes; i++) {
		bloom_positions(probes[i].key, strlen(probes[i].key), 1000000,
		    7, pos);
		ok(memcmp(pos, probes[i].pos, sizeof pos) == 0,
		    "bloom: the bit positions of '%s' are pinned",
		    probes[i].key);
	}

	/* No false negatives; about the false positives asked for. */
	bloom_init(&b, 20000, 0.01);
	for (int i = 0; i < 20000; i++) {
		snprintf(key, sizeof key, "key%d", i);
		fp += !bloom_add(&b, key, strlen(key));
	}
	ok(fp < 40, "bloom: %d of 20000 new keys taken as seen while the "
	    "filter fills", fp);
	fp = 0;
	for (int i = 0; i < 20000; i++) {
		snprintf(key, sizeof key, "key%d", i);
		fn += !bloom_test(&b, key, strlen(key)) ||
		    bloom_add(&b, key, strlen(key));
		snprintf(key, sizeof key, "other%d", i);
		fp += bloom_test(&b, key, strlen(key));
	}
	ok(fn == 0, "bloom: every key added is found again (%d missed)", fn);
	ok(fp > 140 && fp < 260, "bloom: %d false positives in 20000, "
	    "about 200", fp);
	ok(b.count <= 20000 && b.count > 19900 &&
	    bloom_popcount(&b) <= b.count * b.k &&
	    bloom_popcount(&b) >= b.count, "bloom: count %llu, %llu bits set",
	    (unsigned long long)b.count,
	    (unsigned long long)bloom_popcount(&b));
	ok(bloom_fp_rate(&b) > 0.008 && bloom_fp_rate(&b) < 0.012,
	    "bloom: estimated rate at capacity %g", bloom_fp_rate(&b));
	bloom_free(&b);
}

/* The false-positive rate at capacity: 10^6 keys added, 10^6 others
 * looked up, within 20% of the rate asked for (10039 and 1000 expected:
 * the standard deviation is about 1% and 3% of that). */
void
test_bloom_rate(void)
{
	static const double rates[] = { 0.01, 0.001 };
	char key[32];

	for (size_t r = 0; r < sizeof rates / sizeof *rates; r++) {
		struct bloom b;
		int fp = 0, fn = 0, n;

		bloom_init(&b, 1000000, rates[r]);
		for (int i = 0; i < 1000000; i++) {
			n = snprintf(key, sizeof key, "https://k%d/", i);
			bloom_add(&b, key, (size_t)n);
		}
		for (int i = 0; i < 1000000; i++) {
			n = snprintf(key, sizeof key, "https://q%d/", i);
			fp += bloom_test(&b, key, (size_t)n);
			n = snprintf(key, sizeof key, "https://k%d/", i);
			fn += !bloom_test(&b, key, (size_t)n);
		}
		ok(fn == 0 && fp > 0.8 * rates[r] * 1e6 &&
		    fp < 1.2 * rates[r] * 1e6, "bloom: p = %g at 10^6 keys: "
		    "%d false positives in 10^6, %d false negatives",
		    rates[r], fp, fn);
		bloom_free(&b);
	}
}

void
test_bloom_probes(void)
{
	uint64_t m = 0, m0;
	unsigned k = 0, k0;
	bool sized;

	/* seenlines' default: 8 probes, 21.1 bits a line for 1e-4 */
	sized = bloom_size_probes(10000000, 1e-4, 8, &m, &k);
	ok(sized && k == 8 && m == 210454144, "bloom_size_probes: m %llu k %u",
	    (unsigned long long)m, k);
	ok(bloom_size(10000000, 1e-4, &m0, &k0) && k0 == 13 &&
	    bloom_size_probes(10000000, 1e-4, 0, &m, &k) && m == m0 && k == k0 &&
	    bloom_size_probes(10000000, 1e-4, 13, &m, &k) && m == m0,
	    "bloom_size_probes: no cap, or one above k, is bloom_size");
	/* the rate at capacity is the rate asked for */
	bloom_size_probes(10000000, 1e-4, 8, &m, &k);
	ok(fabs(pow(1 - exp(-8.0 * 1e7 / (double)m), 8) - 1e-4) < 1e-7,
	    "bloom_size_probes: rate at n");
}
