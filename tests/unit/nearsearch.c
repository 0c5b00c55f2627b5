/* Unit tests of common/nearsearch.c. */
#include "fingerprint.h"
#include "groups.h"
#include "nearclust.h"
#include "nearidx.h"
#include "nearrecs.h"
#include "nearsearch.h"
#include "out.h"
#include "radix.h"

#include "unit.h"

static uint64_t
rnd64(void)
{
	return (uint64_t)rnd() << 32 ^ rnd();
}

static uint64_t
flip_bits(uint64_t fp, unsigned d)
{
	while (d-- > 0)
		fp ^= 1ULL << (rnd() % 64);
	return fp;
}

/* Every pair the search must find, by comparing all of them: within k at
 * some position where both take part, at the smallest distance there;
 * with split, only pairs across it, the later record's first. */
static size_t
brute_pairs(const struct nearrecs *r, unsigned k, uint32_t split,
    uint64_t *out)
{
	uint32_t n = (uint32_t)(r->in.n + r->arc.n);
	size_t np = 0;

	for (uint32_t a = 0; a < n; a++)
		for (uint32_t b = a + 1; b < n; b++) {
			const uint64_t *fa = nearrecs_fps(r, a), *fb = nearrecs_fps(r, b);
			unsigned best = 65;

			if (split && (a >= split || b < split))
				continue;
			for (unsigned p = 0; p < r->npos; p++) {
				unsigned d = fingerprint_distance(fa[p], fb[p]);

				if (nearrecs_valid(r, fa[p]) && nearrecs_valid(r, fb[p]) &&
				    d < best)
					best = d;
			}
			if (best <= k)
				out[np++] = split ? NEARSEARCH_CODE(b - split, a, best) :
				    NEARSEARCH_CODE(a, b, best);
		}
	radix_sort_u64(out, np);
	return np;
}

/* n records of npos fingerprints: random, or near an earlier one (0 to
 * k + 2 bits away in each position), some of them 0. */
static void
fill_recs(struct nearrecs *r, bool archive, unsigned n, unsigned k)
{
	uint64_t fp[4];
	char id[32];

	for (unsigned i = 0; i < n; i++) {
		size_t all = r->in.n + r->arc.n;

		for (unsigned p = 0; p < r->npos; p++) {
			unsigned c = rnd() % 10;

			if (c == 0)
				fp[p] = 0;
			else if (c < 6 && all > 0)
				fp[p] = flip_bits(nearrecs_fps(r, (uint32_t)(rnd() %
				    all))[p], rnd() % (k + 3));
			else
				fp[p] = rnd64();
		}
		snprintf(id, sizeof id, "r%u", i);
		add_rec(r, archive, id, fp);
	}
}

/* Does the search find exactly the pairs brute force does? */
static bool
search_exact(unsigned npos, unsigned k, unsigned ntables, bool keep_empty,
    bool against)
{
	struct nearrecs r = { .npos = npos, .keep_empty = keep_empty,
	    .keep_fps = true };
	struct nearsearch s;
	uint64_t want[40000];
	size_t nwant;
	bool same_pairs;

	fill_recs(&r, false, 150, k);
	if (against)
		fill_recs(&r, true, 100, k);
	nearsearch_init(&s, &r, k);
	s.ntables = ntables;
	if (npos == 1) {
		/* the entries a one-shot run makes */
		uint32_t *all;
		size_t n;

		all = nearrecs_all(&r, &n);
		nearrecs_fill(&r, 0, all, n);
		free(all);
	}
	nearsearch_search(&s, NULL, 0, against ? (uint32_t)r.in.n : 0);
	nwant = brute_pairs(&r, k, against ? (uint32_t)r.in.n : 0, want);
	radix_sort_u64(s.pairs, s.npairs);
	same_pairs = s.npairs == nwant && (nwant == 0 ||
	    memcmp(s.pairs, want, nwant * sizeof *want) == 0);
	nearsearch_free(&s);
	nearrecs_free(&r);
	return same_pairs;
}

/* Do --clusters and --components (identical records collapsed) give
 * what the rules of groups.h give on every pair brute force finds? */
static bool
groups_exact(unsigned npos, unsigned k, bool components)
{
	struct nearrecs r = { .npos = npos, .keep_fps = true };
	struct nearsearch s;
	struct nearclust c;
	struct groups g;
	static uint64_t want[40000];
	size_t nwant;
	bool same_groups = true;

	fill_recs(&r, false, 200, k);
	/* mirror copies of a few records */
	for (unsigned i = 0; i < 60; i++) {
		uint32_t j = rnd() % 20;
		uint64_t fp[4];
		char id[32];

		memcpy(fp, nearrecs_fps(&r, j), npos * sizeof *fp);
		snprintf(id, sizeof id, "copy%u", j);
		add_rec(&r, false, id, fp);
	}
	if (npos == 1) {
		/* the entries a one-shot run makes */
		uint32_t *all;
		size_t n;

		all = nearrecs_all(&r, &n);
		nearrecs_fill(&r, 0, all, n);
		free(all);
	}
	nwant = brute_pairs(&r, k, 0, want);
	for (size_t i = 0; i < nwant; i++)	/* by the later record */
		want[i] = NEARSEARCH_CODE(NEARSEARCH_B(want[i]), NEARSEARCH_A(want[i]), 0);
	radix_sort_u64(want, nwant);
	groups_init(&g, components);
	groups_grow(&g, r.in.n);
	for (size_t i = 0; i < nwant; i++)
		groups_pair(&g, NEARSEARCH_A(want[i]), NEARSEARCH_B(want[i]));
	nearsearch_init(&s, &r, k);
	nearclust_run(&c, &s, components);
	for (uint32_t i = 0; i < r.in.n; i++)
		same_groups = nearclust_group_of(&c, i) == groups_of(&g, i) &&
		    same_groups;
	nearclust_free(&c);
	groups_free(&g);
	nearsearch_free(&s);
	nearrecs_free(&r);
	return same_groups;
}

void
test_nearsearch(void)
{
	struct nearrecs r = { .npos = 1 };
	struct nearsearch s;
	static const char *ids[] = { "https://h/v1/a", "https://h/v2/a",
	    "https://h/v1/a?x", "https://h/v2/b", "other" };
	uint64_t fp[2], *dups;
	uint32_t *reps;
	size_t nreps, ndups;
	struct out o;
	struct buf got = { 0 };
	int f;
	bool all = true;
	char msg[64];

	ok(nearidx_design_auto(0) == 1 && nearidx_design_auto(3) == 4 &&
	    nearidx_design_auto(4) == 15 &&
	    nearidx_design_auto(5) == 21 && nearidx_design_auto(6) == 28 &&
	    nearidx_design_auto(8) == 9, "nearidx: the tables chosen for k");
	ok(nearidx_design_offered(3, 20, msg, sizeof msg) &&
	    !nearidx_design_offered(3, 7, msg, sizeof msg) &&
	    strncmp(msg, "4, 10, 20, 35, ", 15) == 0 &&
	    !nearidx_design_offered(0, 2, msg, sizeof msg) && strcmp(msg, "1") == 0,
	    "nearidx: the numbers of tables offered, as text");
	for (unsigned k = 0; k <= 8; k++)
		all = all && search_exact(1, k, 0, false, false) &&
		    search_exact(2, k, 0, k % 2, false);
	ok(all, "nearsearch: the pairs of brute force, k = 0 to 8, one and two "
	    "fingerprints a record");
	ok(search_exact(1, 3, 20, false, false) &&
	    search_exact(3, 4, 15, true, false),
	    "nearsearch: the same with other designs");
	ok(search_exact(1, 3, 0, false, true) &&
	    search_exact(2, 5, 0, false, true),
	    "nearsearch: pairs across the input and an archive only, the "
	    "archive's first");
	/* versions: the same fingerprint, never paired across versions */
	for (unsigned i = 0; i < 5; i++) {
		fp[0] = i == 3 ? 0xff : 0xfe;
		add_rec(&r, false, ids[i], fp);
	}
	nearsearch_init(&s, &r, 3);
	s.distinct = true;
	nearsearch_search(&s, NULL, 0, 0);
	radix_sort_u64(s.pairs, s.npairs);
	ok(s.npairs == 6 && s.pairs[0] == NEARSEARCH_CODE(0, 2, 0) &&
	    s.pairs[1] == NEARSEARCH_CODE(0, 4, 0) && s.pairs[2] == NEARSEARCH_CODE(1, 3, 1) &&
	    s.pairs[3] == NEARSEARCH_CODE(1, 4, 0) && s.pairs[4] == NEARSEARCH_CODE(2, 4, 0) &&
	    s.pairs[5] == NEARSEARCH_CODE(3, 4, 1), "nearsearch: --distinct-versions");
	f = capture_start(&o);
	ok(nearsearch_write_pairs(&s, &o, 0) == 6 && s.npairs == 0,
	    "nearsearch: pairs written and forgotten");
	nearsearch_write_distance(&o, 64);
	capture_end(&o, f, &got);
	ok(SAME(&got, "https://h/v1/a\thttps://h/v1/a?x\t0\n"
	    "https://h/v1/a\tother\t0\nhttps://h/v2/a\thttps://h/v2/b\t1\n"
	    "https://h/v2/a\tother\t0\nhttps://h/v1/a?x\tother\t0\n"
	    "https://h/v2/b\tother\t1\n64"),
	    "nearsearch: ID1 TAB ID2 TAB DISTANCE, sorted");
	/* identical records: one entry for each, the first; with
	 * --distinct-versions one for each version class */
	s.distinct = false;
	r.nent = 0;
	for (uint32_t i = 0; i < 5; i++)
		nearrecs_push(&r, i == 3 ? 0xff : 0xfe, i);
	reps = nearclust_collapse(&s, &nreps, &dups, &ndups);
	ok(nreps == 2 && reps[0] == 0 && reps[1] == 3 && ndups == 3 &&
	    dups[0] == ((uint64_t)1 << 32 | 0) && dups[2] == ((uint64_t)4 << 32 | 0) &&
	    r.nent == 2 && r.ent[0].fp == 0xfe && r.ent[0].idx == 0,
	    "nearsearch: identical records collapse");
	free(reps);
	free(dups);
	s.distinct = true;
	r.nent = 0;
	for (uint32_t i = 0; i < 5; i++) {
		uint32_t x = i == 1 ? 2 : i == 2 ? 1 : i;	/* 0 and 2 next */

		nearrecs_push(&r, x == 3 ? 0xff : 0xfe, x);
	}
	reps = nearclust_collapse(&s, &nreps, &dups, &ndups);
	ok(nreps == 4 && reps[0] == 0 && reps[1] == 1 && reps[2] == 3 &&
	    reps[3] == 4 && ndups == 1 && dups[0] == ((uint64_t)2 << 32 | 0),
	    "nearsearch: identical records collapse within a version class");
	free(reps);
	free(dups);
	nearsearch_free(&s);
	nearrecs_free(&r);
	buf_free(&got);
	ok(groups_exact(1, 3, false) && groups_exact(1, 3, true) &&
	    groups_exact(2, 5, false) && groups_exact(2, 2, true),
	    "nearclust: clusters and components with mirror copies collapsed "
	    "are those of all the pairs");
}
