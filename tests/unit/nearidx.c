/* Unit tests of common/nearidx.c. */
#define _POSIX_C_SOURCE 200809L	/* setenv */
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
	c[2] += (uint64_t)a * 1000003 + b;	/* a < b: a checksum of the pairs */
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

/* The pairs of every table of d over fp[0..n), searched one table at a
 * time or a span of tables at a time (nearidx_search_tables): into
 * sum[3] as count_pair adds them. */
static void
search_all(const struct nearidx_design *d, unsigned k, const uint64_t *fp,
    size_t n, bool spans, uint64_t sum[3])
{
	struct nearidx_entry *e = malloc(n * sizeof *e), *tmp = malloc(n *
	    sizeof *tmp);
	struct nearidx_search s;
	size_t m = n;

	for (size_t i = 0; i < n; i++)
		e[i] = (struct nearidx_entry){ fp[i], (uint32_t)i };
	nearidx_search_init(&s, k, count_pair, sum);
	for (unsigned t = 0, next = 1; t < d->ntables; t = next) {
		struct nearidx_entry *now = spans ?
		    nearidx_search_tables(&s, d, t, e, tmp, &m, &next) :
		    nearidx_search_table(&s, d, t, e, tmp, &m);

		if (now != e) {
			tmp = e;
			e = now;
		}
		if (!spans)
			next = t + 1;
	}
	nearidx_search_free(&s);
	free(e);
	free(tmp);
}

/* The same searched in place (nearidx_search_chained) by nthreads
 * threads; false if it was not. */
static bool
search_chained(const struct nearidx_design *d, unsigned k, const uint64_t *fp,
    size_t n, unsigned nthreads, uint64_t sum[3])
{
	struct nearidx_entry *e = malloc(n * sizeof *e);
	struct nearidx_search s;
	size_t m = n, cap = n;
	bool done;

	for (size_t i = 0; i < n; i++)
		e[i] = (struct nearidx_entry){ fp[i], (uint32_t)i };
	nearidx_search_init(&s, k, count_pair, sum);
	s.nthreads = nthreads;
	/* 300,000 are too few to be worth it: chained as the tests ask */
	setenv("CRAWLUTILS_NEARIDX_CHAINS", "1", 1);
	done = nearidx_search_chained(&s, d, &e, &cap, &m);
	unsetenv("CRAWLUTILS_NEARIDX_CHAINS");
	/* the entries left, the groups' records put back: the input's */
	if (done && cap >= n) {
		uint64_t x = 0;

		m = nearidx_expand(&s, e, m);
		for (size_t i = 0; i < m; i++)
			x += e[i].fp * 31 + e[i].idx;
		for (size_t i = 0; i < n; i++)
			x -= fp[i] * 31 + i;
		done = m == n && x == 0;
	}
	nearidx_search_free(&s);
	free(e);
	return done;
}

/* splitmix64, so that this test leaves rnd()'s sequence to the others */
static uint64_t
mix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Enough fingerprints for the tables of one highest block to be searched
 * run by run (300,000 at k = 5: runs of some 300 a value of a 10-bit
 * block), copies among them: the same pairs as table by table. */
static void
test_nearidx_spans(void)
{
	enum { N = 300000 };
	struct nearidx_design d;
	uint64_t *fp = malloc(N * sizeof *fp), one[3] = { 0 }, span[3] = { 0 };
	uint64_t seed = 21;

	for (size_t i = 0; i < N; i++) {
		uint64_t r = mix64(&seed);

		if (i < 1000)		/* a bucket of copies, some near */
			fp[i] = 0x0123456789abcdefULL ^ (i % 5 ? 0 : r & r >> 7 &
			    r >> 13 & r >> 21);
		else if (i % 2 == 0)	/* near an earlier one */
			fp[i] = fp[mix64(&seed) % i] ^ (1ULL << (r & 63)) ^
			    (1ULL << (r >> 6 & 63)) ^ (1ULL << (r >> 12 & 63));
		else
			fp[i] = r;
	}
	ok(nearidx_design_init(&d, 5, 21), "nearidx: 21 tables for k = 5");
	search_all(&d, 5, fp, N, false, one);
	search_all(&d, 5, fp, N, true, span);
	ok(one[0] > 300000 && one[0] == span[0] && one[1] == span[1] &&
	    one[2] == span[2], "nearidx: tables searched in spans give the "
	    "pairs of tables one by one (%ju and %ju)", (uintmax_t)one[0],
	    (uintmax_t)span[0]);
	for (unsigned j = 1; j <= 2; j++) {
		uint64_t ch[3] = { 0 };
		bool done = search_chained(&d, 5, fp, N, j, ch);

		ok(done && one[0] == ch[0] && one[1] == ch[1] &&
		    one[2] == ch[2], "nearidx: spans searched in place, %u "
		    "threads, give the pairs of tables one by one (%ju and "
		    "%ju), the entries left whole", j, (uintmax_t)one[0],
		    (uintmax_t)ch[0]);
	}
	nearidx_design_free(&d);
	free(fp);
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
	test_nearidx_spans();
}
