/* Unit tests of common/nearidx.c. */
#include "nearidx.h"
#include "radix.h"

#include "unit.h"

/* The pairs a search reports, as "a,b,d;" */
static void
collect(void *ctx, uint32_t a, uint32_t b, unsigned d)
{
	char s[48];

	snprintf(s, sizeof s, "%u,%u,%u;", a, b, d);
	buf_append(ctx, s, strlen(s));
}

static void
count_pair(void *ctx, uint32_t a, uint32_t b, unsigned d)
{
	uint64_t *c = ctx;

	c[0]++;
	c[1] += d;
	c[2] += (uint64_t)a * 1000 + b;	/* a < b: a checksum of the pairs */
}

/* A bucket of 300 copies of one fingerprint and 60 near it: the copies
 * are one entry, their pairs listed, not compared. */
static void
test_nearidx_copies(const struct nearidx_design *d)
{
	enum { N = 360 };
	struct nearidx_entry e[N], tmp[N];
	struct nearidx_search s;
	uint64_t fp[N], want[3] = { 0 }, got[3] = { 0 };

	for (uint32_t i = 0; i < N; i++) {
		fp[i] = 0x0123456789abcdefULL;
		if (i % 6 == 5)		/* 1 to 3 low bits flipped */
			fp[i] ^= (uint64_t)(i % 7 + 1) << (i % 40);
		e[i] = (struct nearidx_entry){ fp[i], N - 1 - i };
	}
	for (uint32_t i = 0; i < N; i++)
		for (uint32_t j = i + 1; j < N; j++) {
			unsigned dd = (unsigned)__builtin_popcountll(fp[i] ^ fp[j]);

			if (dd <= 3)
				count_pair(want, N - 1 - j, N - 1 - i, dd);
		}
	nearidx_search_init(&s, 3, count_pair, got);
	/* all agree on block 0: table 0 owns every pair */
	nearidx_search_bucket(&s, d, 0, e, tmp, N);
	ok(got[0] == want[0] && got[1] == want[1] && got[2] == want[2],
	    "nearidx: a bucket of copies gives every pair once");
	ok(s.compared < 300 * 299 / 2, "nearidx: copies are not compared "
	    "pair by pair (%ju compared)", (uintmax_t)s.compared);
	nearidx_search_free(&s);
}

void
test_nearidx(void)
{
	struct nearidx_design d;
	struct nearidx_bitsel sel;
	struct nearidx_search s;
	unsigned list[8], n;
	uint64_t u[300];
	struct nearidx_entry e[6], tmp[6];
	struct buf got = { 0 };
	bool sorted = true;

	n = nearidx_design_tables(3, list, 8);
	ok(n == 16 && list[0] == 4 && list[1] == 10 && list[2] == 20 &&
	    list[3] == 35, "nearidx: designs for k = 3");
	ok(nearidx_design_tables(0, list, 8) == 1 && list[0] == 1,
	    "nearidx: one design for k = 0");
	ok(nearidx_design_init(&d, 3, 20) && d.nblocks == 6 &&
	    d.block[0] == 0xffe0000000000000ULL && d.block[5] == 0x3ff &&
	    d.mask[0] == 0xffffffff80000000ULL && d.sel[0].bits == 33 &&
	    d.mask[19] == 0x7fffffff, "nearidx: Manku's 20 tables, 11,11,11,11,10,10");
	nearidx_design_free(&d);
	ok(!nearidx_design_init(&d, 3, 5) && !nearidx_design_init(&d, 0, 2) &&
	    !nearidx_design_init(&d, NEARIDX_MAXK + 1, 1), "nearidx: impossible designs");
	nearidx_bitsel_init(&sel, 0xf0f0);
	ok(sel.bits == 8 && nearidx_bitsel_get(&sel, 0x1234) == 0x13,
	    "nearidx: bits packed lowest first");
	for (size_t i = 0; i < 300; i++)
		u[i] = (uint64_t)rnd() << 32 | rnd();
	u[7] = u[8];
	radix_sort_u64(u, 300);
	for (size_t i = 1; i < 300; i++)
		sorted = sorted && u[i - 1] <= u[i];
	ok(sorted, "nearidx: 64-bit sort");
	/* one bucket of table 1 (block 1 equal): the pair 0-1 agrees on
	 * block 0 too, so table 0 owns it and table 1 must not report it */
	ok(nearidx_design_init(&d, 3, 4), "nearidx: 4 tables");
	e[0] = (struct nearidx_entry){ 0x1111222233334444ULL, 0 };
	e[1] = (struct nearidx_entry){ 0x1111222233334447ULL, 1 };
	e[2] = (struct nearidx_entry){ 0x1110222233334444ULL, 2 };
	e[3] = (struct nearidx_entry){ 0x9999222233334444ULL, 3 };
	nearidx_search_init(&s, 3, collect, &got);
	nearidx_search_bucket(&s, &d, 1, e, tmp, 4);
	ok(got.len == 12 && memcmp(got.p, "0,2,1;1,2,3;", 12) == 0,
	    "nearidx: a bucket reports only the pairs its table owns");
	got.len = 0;
	nearidx_search_bucket(&s, &d, 0, e, tmp, 2);
	ok(got.len == 6 && memcmp(got.p, "0,1,2;", 6) == 0,
	    "nearidx: table 0 owns the pair that agrees on block 0");
	nearidx_search_free(&s);
	test_nearidx_copies(&d);
	nearidx_design_free(&d);
	buf_free(&got);
}
