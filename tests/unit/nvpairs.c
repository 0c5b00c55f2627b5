/* Unit tests of common/nvpairs.c. */
#include "nvdocs.h"
#include "nvpairs.h"

#include "unit.h"

/* nearverify's threshold, its 4 decimals, and the pair store. */
void
test_nvpairs(void)
{
	static const char *const good[] = { "0", "1", "1.0", "0.25", ".25",
	    "0.123456789", "00.5", "0.3" };
	static const uint64_t want[][2] = { { 0, 1 }, { 1, 1 }, { 10, 10 },
	    { 25, 100 }, { 25, 100 }, { 123456789, 1000000000 }, { 5, 10 },
	    { 3, 10 } };
	static const char *const bad[] = { "1.5", "-1", "abc", "", ".",
	    "0.1234567891", "1.0001", "2", "0x1", "0.5 ", "10" };
	static const uint64_t frac[][2] = { { 1, 3 }, { 2, 3 }, { 1, 1 },
	    { 0, 0 }, { 1, 8 }, { 1, 20000 }, { 1, 20001 }, { 4, 7 } };
	static const char *const val[] = { "0.3333", "0.6667", "1.0000",
	    "0.0000", "0.1250", "0.0001", "0.0000", "0.5714" };
	struct nvpairs p;
	struct buf b = { 0 };
	uint64_t num = 99, den = 99;
	uintmax_t line;
	const char *f;
	int nbad = 0;

	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		if (!nvdocs_parse_min(good[i], &num, &den) || num != want[i][0] ||
		    den != want[i][1])
			nbad++;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (nvdocs_parse_min(bad[i], &num, &den))
			nbad++;
	ok(nbad == 0, "nvpairs: --min is a decimal from 0 to 1 with at most 9 "
	    "decimals, as a fraction (%d wrong)", nbad);
	nbad = 0;
	for (size_t i = 0; i < sizeof frac / sizeof *frac; i++) {
		char v[NVDOCS_VALUE_LEN];

		nvdocs_value(frac[i][0], frac[i][1], v);
		if (memcmp(v, val[i], NVDOCS_VALUE_LEN) != 0)
			nbad++;
	}
	ok(nbad == 0, "nvpairs: similarities to 4 decimals, half up (%d "
	    "wrong)", nbad);

	/* f1: lines 1-2 pairs, 3 not, 4-5 pairs; f2: 7 */
	nvpairs_init(&p);
	ok(nvpairs_add(&p, "a\tb", 3, "f1", 1) && nvpairs_add(&p, "b\tc\t4\tx", 7,
	    "f1", 2) && !nvpairs_add(&p, "abc", 3, "f1", 3) &&
	    nvpairs_add(&p, "c\ta\t", 4, "f1", 4) && nvpairs_add(&p, "a\ta", 3, "f1", 5) &&
	    nvpairs_add(&p, "\t", 1, "f2", 7) && p.n == 5 && p.nanchors == 3,
	    "nvpairs: records of two fields or more are pairs, one anchor a "
	    "run of lines");
	nvpairs_done(&p);
	ok(p.npaired == 4 && p.v[0].a == 0 && p.v[0].b == 1 &&
	    p.v[3].a == 0 && p.v[3].b == 0 && p.v[4].a == 3 && p.v[4].b == 3,
	    "nvpairs: IDs numbered once, in order; the empty ID is one");
	nbad = 0;
	{
		static const uintmax_t lines[] = { 1, 2, 4, 5, 7 };
		static const char *const recs[] = { "a\tb", "b\tc\t4\tx",
		    "c\ta\t", "a\ta", "\t" };

		for (size_t i = 0; i < 5; i++) {
			f = nvpairs_where(&p, i, &line);
			b.len = 0;
			nvpairs_record(&p, i, &b);
			if (line != lines[i] || strcmp(f, i < 4 ? "f1" : "f2") ||
			    !same(&b, recs[i], strlen(recs[i])))
				nbad++;
		}
	}
	ok(nbad == 0 && nvpairs_bytes(&p) > 0, "nvpairs: each pair's file, line "
	    "and record as read (%d wrong)", nbad);
	nvpairs_free(&p);
	buf_free(&b);
}
