/* nearpairs — every pair of records whose fingerprints are within k bits,
 * without comparing all pairs (the search itself is common/nearidx.c). */
#define _DEFAULT_SOURCE		/* clock_gettime, madvise */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>

#include <xxhash.h>

#include "cli.h"
#include "fingerprint.h"
#include "groups.h"
#include "nearidx.h"
#include "out.h"
#include "stream.h"
#include "urlpath.h"
#include "xalloc.h"

static const char help[] =
"Usage: nearpairs [-k K] [-i N] [-f N] [--clusters | --components] [options] [file ...]\n"
"       nearpairs --against FILE [--self] [options] [file ...]\n"
"       nearpairs --emit-keys [--part N] [options] [file ...]\n"
"       nearpairs --from-keys [options] [file ...]\n"
"Every pair of records whose 64-bit fingerprints (16 hex digits) are\n"
"within K bits, as ID1 TAB ID2 TAB DISTANCE, ID1 the earlier record,\n"
"each pair once, ordered by ID1's record and then ID2's.  Exact: the\n"
"pairs brute force would give, found with a pigeonhole block index.\n"
"\n"
"  -k, --max-distance K pairs within K bits (0 to 32, default 3)\n"
"  -i, --id-field N     the ID field (default 1; -1 is the last)\n"
"  -f, --field N        the fingerprint field (default -1); it may hold\n"
"                       several, comma-separated: one index each\n"
"      --tables N       the number of tables (default: chosen by K and the\n"
"                       number of records; K+1 with --emit-keys)\n"
"      --keep-empty     pair the fingerprint 0 too (left out by default)\n"
"      --distinct-versions  never pair URLs whose paths differ in a\n"
"                       version-like segment (/v1/ /v2/, /1.2/, /2023/)\n"
"      --clusters       ID TAB CLUSTER for each record: the earliest\n"
"                       cluster leader within K, or the record itself\n"
"      --components     ID TAB COMPONENT: connected components instead\n"
"      --against FILE   pairs between the input and FILE (ID TAB FP\n"
"                       records, streamed): FILE's ID first\n"
"      --self           with --against: the input's own pairs as well\n"
"      --emit-keys      map step: KEY TAB RECORD TAB ID TAB FP per table\n"
"      --part N         with --emit-keys: this map task's number\n"
"      --from-keys      reduce step: read key-sorted --emit-keys records,\n"
"                       write RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB DISTANCE\n"
"      --progress       report progress on stderr (default on a terminal)\n"
CLI_HELP_COMMON;

enum {
	OPT_TABLES = OPT_PROGRAM,
	OPT_KEEP_EMPTY,
	OPT_DISTINCT,
	OPT_CLUSTERS,
	OPT_COMPONENTS,
	OPT_AGAINST,
	OPT_SELF,
	OPT_EMIT,
	OPT_PART,
	OPT_FROM,
	OPT_PROGRESS,
};

static const struct option longopts[] = {
	{ "max-distance",	required_argument,	NULL, 'k' },
	{ "id-field",		required_argument,	NULL, 'i' },
	{ "field",		required_argument,	NULL, 'f' },
	{ "tables",		required_argument,	NULL, OPT_TABLES },
	{ "keep-empty",		no_argument,		NULL, OPT_KEEP_EMPTY },
	{ "distinct-versions",	no_argument,		NULL, OPT_DISTINCT },
	{ "clusters",		no_argument,		NULL, OPT_CLUSTERS },
	{ "components",		no_argument,		NULL, OPT_COMPONENTS },
	{ "against",		required_argument,	NULL, OPT_AGAINST },
	{ "self",		no_argument,		NULL, OPT_SELF },
	{ "emit-keys",		no_argument,		NULL, OPT_EMIT },
	{ "part",		required_argument,	NULL, OPT_PART },
	{ "from-keys",		no_argument,		NULL, OPT_FROM },
	{ "progress",		no_argument,		NULL, OPT_PROGRESS },
	CLI_LONGOPTS_COMMON,
	{ NULL,			0,			NULL, 0 }
};

#define MAXPOS		64		/* fingerprints in one field */
#define MAXREC		((1u << 29) - 1)	/* records; see pair_code() */

static unsigned k = 3;
static int idfield = 1, fpfield = -1;
static unsigned ntables;		/* 0: choose */
static bool keep_empty, distinct, clusters, components, self, emit, from;
static bool progress;
static char *against;
static long long part;

static struct stream s;
static unsigned npos;			/* fingerprints a record, from the first */
static struct np_design design;
static char idname[256] = "id";		/* -H: the ID column's name */
static size_t nidname = 2;

/* Records held in memory: their IDs in one arena, and, when a record has
 * several fingerprints, all of them.  With one, the fingerprints live in
 * the table entries alone, which keeps a table and its scratch copy at
 * 24 bytes a fingerprint. */
struct recset {
	struct buf	 ids;
	uint64_t	*off;		/* ID i is ids.p[off[i] .. off[i + 1]) */
	size_t		 n, cap;
	uint64_t	*fps;		/* npos > 1: n * npos */
	uint8_t		*blank;		/* a bit a record: in no table */
};

static struct recset in, arc;		/* the input; a chunk of --against */
static uint32_t nin;			/* idx from nin on are arc's */
static bool keep_fps;			/* fingerprints in the recset too */
static struct np_entry *ent;
static size_t nent, capent;

/* Pairs found: a, b (29 bits each) and the distance (6 bits), so that
 * sorting the numbers sorts the pairs. */
static uint64_t *pairs;
static size_t npairs, cappairs;
static unsigned curpos;			/* the position being searched */
static bool by_second;			/* code pairs as (b, a) */

static uint64_t
pair_code(uint32_t a, uint32_t b, unsigned d)
{
	return (uint64_t)a << 35 | (uint64_t)b << 6 | d;
}

#define CODE_A(c)	((uint32_t)((c) >> 35))
#define CODE_B(c)	((uint32_t)((c) >> 6 & MAXREC))
#define CODE_D(c)	((unsigned)((c) & 63))

/* --- progress ------------------------------------------------------------ */

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double t0, tlast;

static void note(bool phase, const char *fmt, ...) DIAG_PRINTF(2, 3);

/* A progress line, at most one a second unless it ends a phase. */
static void
note(bool phase, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	double t;

	if (!progress)
		return;
	t = now();
	if (!phase && t - tlast < 1.0)
		return;
	tlast = t;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_warn("%.1f s: %s", t - t0, msg);
}

/* --- records ------------------------------------------------------------- */

/* The tables are scattered into at random by the radix sort: on 2 MB
 * pages they cost a tenth of the page faults and TLB misses (measured
 * at 10M records). */
static void *
big_alloc(size_t n)
{
	void *p;

	if (n < (8u << 20))
		return xmalloc(n ? n : 1);
	if (posix_memalign(&p, 2u << 20, n) != 0)
		diag_fatal("out of memory");
#ifdef MADV_HUGEPAGE
	madvise(p, n, MADV_HUGEPAGE);
#endif
	return p;
}

static bool
valid_fp(uint64_t fp)
{
	return fp != 0 || keep_empty;
}

static const uint64_t *
fps_of(uint32_t idx)
{
	return idx < nin ? in.fps + (size_t)idx * npos :
	    arc.fps + (size_t)(idx - nin) * npos;
}

static void
id_of(uint32_t idx, const char **p, size_t *n)
{
	const struct recset *rs = idx < nin ? &in : &arc;
	size_t i = idx < nin ? idx : idx - nin;

	*p = rs->ids.p + rs->off[i];
	*n = (size_t)(rs->off[i + 1] - rs->off[i]);
}

static bool
is_blank(uint32_t idx)
{
	const struct recset *rs = idx < nin ? &in : &arc;
	size_t i = idx < nin ? idx : idx - nin;

	return rs->blank[i / 8] >> (i % 8) & 1;
}

/* Parse the fingerprints of field f: false with a message if it is not
 * one or more comma-separated fingerprints, npos of them once known. */
static bool
parse_fps(const struct record *r, const struct span *f, int fieldno,
    uint64_t *fp, unsigned *nfp)
{
	const char *p = f->p, *end = f->p + f->n;
	char q[DIAG_QUOTE_MAX];
	unsigned n = 0;

	for (;;) {
		const char *c = memchr(p, ',', (size_t)(end - p));
		const char *e = c ? c : end;

		if (n == MAXPOS || !fp_parse(p, (size_t)(e - p), &fp[n])) {
			stream_reject(&s, r, "field %d: '%s' is not a fingerprint "
			    "(16 hex digits, or several separated by commas)",
			    fieldno, diag_quote(f->p, f->n, q, sizeof q));
			return false;
		}
		n++;
		if (c == NULL)
			break;
		p = c + 1;
	}
	if (npos != 0 && n != npos) {
		stream_reject(&s, r, "field %d: %u fingerprints, where the first "
		    "record had %u", fieldno, n, npos);
		return false;
	}
	npos = n;
	*nfp = n;
	return true;
}

/* The ID and fingerprints of a record, or false when it is rejected. */
static bool
parse_record(const struct record *r, struct span *id, uint64_t *fp)
{
	struct span f;
	unsigned n;

	if (!field_get(r->p, r->n, idfield, id)) {
		stream_reject(&s, r, "no field %d: the record has %zu", idfield,
		    field_count(r->p, r->n));
		return false;
	}
	if (!field_get(r->p, r->n, fpfield, &f)) {
		stream_reject(&s, r, "no field %d: the record has %zu", fpfield,
		    field_count(r->p, r->n));
		return false;
	}
	return parse_fps(r, &f, fpfield, fp, &n);
}

static void
push_entry(uint64_t fp, uint32_t idx)
{
	if (nent == capent) {
		struct np_entry *e;

		capent = capent ? 2 * capent : 4096;
		e = big_alloc(capent * sizeof *ent);
		if (nent)
			memcpy(e, ent, nent * sizeof *ent);
		free(ent);
		ent = e;
	}
	ent[nent].fp = fp;
	ent[nent].idx = idx;
	nent++;
}

/* Keep a record: its ID, its fingerprints, its entry when it has one. */
static void
add_record(struct recset *rs, uint32_t base, const struct span *id,
    const uint64_t *fp)
{
	bool blank = true;

	if (base + rs->n >= MAXREC)
		diag_fatal("more than %u records: split the input, or use "
		    "--emit-keys and --from-keys", MAXREC);
	if (rs->n + 2 > rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 1024;

		rs->off = xrealloc(rs->off, cap * sizeof *rs->off);
		rs->blank = xrealloc(rs->blank, cap / 8);
		memset(rs->blank + rs->cap / 8, 0, (cap - rs->cap) / 8);
		if (keep_fps || npos > 1)
			rs->fps = xrealloc(rs->fps, cap * npos * sizeof *rs->fps);
		rs->cap = cap;
	}
	if (rs->n == 0)
		rs->off[0] = rs->ids.len;
	buf_append(&rs->ids, id->p, id->n);
	rs->off[rs->n + 1] = rs->ids.len;
	for (unsigned p = 0; p < npos; p++)
		if (valid_fp(fp[p]))
			blank = false;
	if (keep_fps || npos > 1)
		memcpy(rs->fps + rs->n * npos, fp, npos * sizeof *fp);
	else if (!blank)
		push_entry(fp[0], base + (uint32_t)rs->n);
	if (blank)
		rs->blank[rs->n / 8] |= (uint8_t)(1u << (rs->n % 8));
	else
		rs->blank[rs->n / 8] &= (uint8_t)~(1u << (rs->n % 8));
	rs->n++;
}

static void
recset_clear(struct recset *rs)
{
	rs->n = 0;
	rs->ids.len = 0;
}

static void
recset_free(struct recset *rs)
{
	buf_free(&rs->ids);
	free(rs->off);
	free(rs->fps);
	free(rs->blank);
	memset(rs, 0, sizeof *rs);
}

static void
remember_header(const struct record *r)
{
	struct span id;

	if (field_get(r->p, r->n, idfield, &id) && id.n < sizeof idname) {
		memcpy(idname, id.p, id.n);
		nidname = id.n;
	}
}

/* Read records into rs until max of them or the end; false at the end. */
static bool
read_records(struct recset *rs, uint32_t base, size_t max)
{
	struct record r;
	struct span id;
	uint64_t fp[MAXPOS];

	while (rs->n < max) {
		if (!stream_next(&s, &r))
			return false;
		if (r.header) {
			if (rs == &in)
				remember_header(&r);
			continue;
		}
		if (!parse_record(&r, &id, fp))
			continue;
		add_record(rs, base, &id, fp);
		if ((rs->n & 0xffff) == 0)
			note(false, "%zu records read", rs->n);
	}
	return true;
}

/* --- searching ----------------------------------------------------------- */

static void
push_pair(uint64_t code)
{
	if (npairs == cappairs) {
		cappairs = cappairs ? 2 * cappairs : 4096;
		pairs = xrealloc(pairs, cappairs * sizeof *pairs);
	}
	pairs[npairs++] = code;
}

/* A pair the index found within k at position curpos.  With several
 * fingerprints a record, it belongs to the first position where the two
 * are within k, and its distance is the smallest. */
static void
on_pair(void *ctx, uint32_t a, uint32_t b, unsigned d)
{
	(void)ctx;
	if (npos > 1) {
		const uint64_t *fa = fps_of(a), *fb = fps_of(b);

		for (unsigned p = 0; p < npos; p++) {
			unsigned dp;

			if (p == curpos || !valid_fp(fa[p]) || !valid_fp(fb[p]))
				continue;
			dp = fp_distance(fa[p], fb[p]);
			if (dp <= k && p < curpos)
				return;
			if (dp < d)
				d = dp;
		}
	}
	if (distinct) {
		const char *pa, *pb;
		size_t na, nb;

		id_of(a, &pa, &na);
		id_of(b, &pb, &nb);
		if (from) {	/* "RECORD TAB ID" */
			const char *ta = memchr(pa, '\t', na);
			const char *tb = memchr(pb, '\t', nb);

			na -= (size_t)(ta + 1 - pa);
			pa = ta + 1;
			nb -= (size_t)(tb + 1 - pb);
			pb = tb + 1;
		}
		if (urlpath_distinct_versions(pa, na, pb, nb))
			return;
	}
	if (b >= nin)		/* --against: the archive's first */
		push_pair(pair_code(b - nin, a, d));
	else if (by_second)
		push_pair(pair_code(b, a, d));
	else
		push_pair(pair_code(a, b, d));
}

/* The entries of position p for the records idx (or all of in and arc). */
static void
fill_position(unsigned p, const uint32_t *idx, size_t n)
{
	nent = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t fp = fps_of(idx[i])[p];

		if (valid_fp(fp))
			push_entry(fp, idx[i]);
	}
}

static uint32_t *
all_records(size_t *n)
{
	uint32_t *idx;

	*n = in.n + arc.n;
	idx = xmalloc((*n ? *n : 1) * sizeof *idx);
	for (size_t i = 0; i < *n; i++)
		idx[i] = (uint32_t)(i < in.n ? i : nin + (i - in.n));
	return idx;
}

/* The design: k + 1 tables (the seed's 4 tables of 16 bits at k = 3),
 * whose big buckets the search splits in cache, beat more tables of
 * longer keys everywhere we measured (1M, 10M and 100M planted
 * fingerprints, CPU seconds): k = 3 at 10M: 4 tables 3.4, 10 tables 5.0,
 * 20 tables 6.4; at 100M: 4 tables 54, 20 tables 80 (user); k = 8 at 1M:
 * 9 tables 3.3, 45 tables 4.8.  Only at k = 5 and 6
 * do C(k + 2, 2) tables win (k = 6 at 1M: 7 tables 1.4, 28 tables 1.0;
 * k = 5 at 10M: 6 tables 10.8, 21 tables 10.0). */
static unsigned
auto_tables(void)
{
	if (k == 0)
		return 1;
	if (k == 5 || k == 6)
		return (k + 2) * (k + 1) / 2;
	return k + 1;
}

static void
set_design(void)
{
	if (design.mask != NULL)
		return;
	if (!np_design_init(&design, k, ntables ? ntables : auto_tables()))
		diag_fatal("no design of %u tables for -k %u", ntables, k);
}

/* Search every table of every position over the current entries (npos 1)
 * or over the records reps (npos > 1; NULL: all of in and arc). */
static void
search_all(const uint32_t *reps, size_t nreps, uint32_t split)
{
	struct np_search srch;
	struct np_entry *tmp;
	size_t ntmp;
	uint32_t *all = NULL;

	if (npos > 1 && reps == NULL)
		reps = all = all_records(&nreps);
	set_design();
	np_search_init(&srch, k, on_pair, NULL);
	srch.split = split;
	if (npos <= 1 && capent > nent + 1) {
		/* the doubling's slack would count against the 24 bytes */
		capent = nent + 1;
		ent = xrealloc(ent, capent * sizeof *ent);
	}
	ntmp = (npos > 1 ? nreps : nent) + 1;
	tmp = big_alloc(ntmp * sizeof *tmp);
	for (unsigned p = 0; p < (npos ? npos : 1); p++) {
		curpos = p;
		if (npos > 1)
			fill_position(p, reps, nreps);
		for (unsigned t = 0; t < design.ntables; t++) {
			struct np_entry *now = np_search_table(&srch, &design,
			    t, ent, tmp, nent);

			if (now != ent) {
				size_t c = capent;

				tmp = ent;
				ent = now;
				capent = ntmp;
				ntmp = c;
			}
			note(true, "position %u, table %u of %u: %zu pairs", p + 1,
			    t + 1, design.ntables, npairs);
		}
	}
	if (cli.verbose)
		diag_warn("%u tables of %u blocks; %ju fingerprint pairs compared",
		    design.ntables, design.nblocks, (uintmax_t)srch.compared);
	free(tmp);
	free(all);
	np_search_free(&srch);
}

/* --- output -------------------------------------------------------------- */

static void
put_id(uint32_t idx)
{
	const char *p;
	size_t n;

	id_of(idx, &p, &n);
	out_write(&s.out, p, n);
}

static void
put_distance(unsigned d)
{
	char num[2];

	if (d >= 10)
		out_putc(&s.out, (char)('0' + d / 10));
	num[0] = (char)('0' + d % 10);
	out_write(&s.out, num, 1);
}

static void
put_header(const char *a, const char *b, const char *c)
{
	if (!cli.header)
		return;
	out_write(&s.out, idname, nidname);
	out_write(&s.out, a, strlen(a));
	out_putc(&s.out, '\t');
	if (b != NULL) {
		out_write(&s.out, idname, nidname);
		out_write(&s.out, b, strlen(b));
		out_putc(&s.out, '\t');
	}
	out_write(&s.out, c, strlen(c));
	out_end_record(&s.out);
}

/* Write the pairs found, sorted; aoff is added to the first IDs' idx. */
static void
write_pairs(uint32_t aoff)
{
	note(true, "sorting %zu pairs", npairs);
	np_sort_u64(pairs, npairs);
	for (size_t i = 0; i < npairs; i++) {
		uint64_t c = pairs[i];

		put_id(CODE_A(c) + aoff);
		out_putc(&s.out, '\t');
		put_id(CODE_B(c));
		out_putc(&s.out, '\t');
		put_distance(CODE_D(c));
		out_end_record(&s.out);
	}
	s.nwritten += npairs;
	npairs = 0;
}

/* --- clusters ------------------------------------------------------------ */

static uint64_t
class_hash(uint32_t idx, struct buf *b)
{
	const char *p;
	size_t n;

	b->len = 0;
	id_of(idx, &p, &n);
	urlpath_version_class(p, n, b);
	return b->len ? XXH64(b->p, b->len, 0) : 0;
}

/* Do records a and b have the same fingerprints (and version class)? */
static bool
same_record(const struct np_entry *ea, const struct np_entry *eb,
    struct buf *ca, struct buf *cb)
{
	if (npos > 1) {
		if (memcmp(fps_of(ea->idx), fps_of(eb->idx),
		    npos * sizeof(uint64_t)) != 0)
			return false;
	} else if (ea->fp != eb->fp)
		return false;
	if (distinct) {
		class_hash(ea->idx, ca);
		class_hash(eb->idx, cb);
		return ca->len == cb->len &&
		    (ca->len == 0 || memcmp(ca->p, cb->p, ca->len) == 0);
	}
	return true;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Identical records (mirror copies) cluster together without their pairs
 * being listed: each run of equal fingerprints (and, with
 * --distinct-versions, equal version class) is searched as one record,
 * its first.  Returns those first records, ascending; *dups gets the
 * others as (record, first) codes, ascending. */
static uint32_t *
collapse(size_t *nreps, uint64_t **dups, size_t *ndups)
{
	struct np_entry *tmp;
	struct buf ca = { 0 }, cb = { 0 };
	uint32_t *reps;
	size_t nr = 0, nd = 0, n;

	if (npos > 1) {
		/* the entries of the non-blank records, sorted by all their
		 * fingerprints, the first position most significant */
		uint32_t *all = all_records(&n);

		nent = 0;
		for (size_t i = 0; i < n; i++)
			if (!is_blank(all[i]))
				push_entry(0, all[i]);
		free(all);
	}
	n = nent;
	tmp = xmalloc((n + 1) * sizeof *tmp);
	for (unsigned p = npos; p-- > 0;) {
		if (npos > 1)
			for (size_t i = 0; i < n; i++)
				ent[i].fp = fps_of(ent[i].idx)[p];
		np_sort_fp(ent, tmp, n);
	}
	free(tmp);
	if (distinct) {
		/* within a run of equal fingerprints, by version class */
		uint64_t *key = NULL;

		for (size_t i = 0, j; i < n; i = j) {
			for (j = i + 1; j < n && same_record(&ent[i], &ent[j],
			    &ca, &cb); j++)
				continue;
			if (j - i < 2)
				continue;
			key = xrealloc(key, (j - i) * sizeof *key);
			for (size_t m = i; m < j; m++)
				key[m - i] = (class_hash(ent[m].idx, &ca) &
				    ~(uint64_t)MAXREC) | ent[m].idx;
			qsort(key, j - i, sizeof *key, cmp_u64);
			for (size_t m = i; m < j; m++)
				ent[m].idx = (uint32_t)(key[m - i] & MAXREC);
		}
		free(key);
	}
	*dups = NULL;
	reps = xmalloc((n + 1) * sizeof *reps);
	for (size_t i = 0, j; i < n; i = j) {
		uint32_t first = ent[i].idx;

		for (j = i + 1; j < n && same_record(&ent[i], &ent[j], &ca,
		    &cb); j++) {
			if (ent[j].idx < first)
				first = ent[j].idx;
		}
		for (size_t m = i; m < j; m++) {
			if (ent[m].idx == first)
				continue;
			if (nd % 4096 == 0)
				*dups = xrealloc(*dups, (nd + 4096) * sizeof **dups);
			(*dups)[nd++] = (uint64_t)ent[m].idx << 32 | first;
		}
		ent[nr].fp = ent[i].fp;
		ent[nr].idx = first;
		reps[nr++] = first;
	}
	nent = nr;
	buf_free(&ca);
	buf_free(&cb);
	np_sort_u64(*dups, nd);
	{
		/* the first records in record order */
		uint64_t *w = xmalloc((nr + 1) * sizeof *w);

		for (size_t i = 0; i < nr; i++)
			w[i] = reps[i];
		np_sort_u64(w, nr);
		for (size_t i = 0; i < nr; i++)
			reps[i] = (uint32_t)w[i];
		free(w);
	}
	*nreps = nr;
	*ndups = nd;
	return reps;
}

static void
run_clusters(void)
{
	struct groups g;
	uint64_t *dups;
	size_t nreps, ndups, di = 0;
	uint32_t *reps;

	nin = (uint32_t)in.n;
	reps = collapse(&nreps, &dups, &ndups);
	note(true, "%zu distinct fingerprints", nreps);
	by_second = clusters;
	search_all(npos > 1 ? reps : NULL, nreps, 0);
	free(ent);
	ent = NULL;
	nent = capent = 0;
	free(reps);
	groups_init(&g, components);
	groups_grow(&g, in.n);
	/* coded (later, earlier) for clusters: sorted by the later record */
	np_sort_u64(pairs, npairs);
	for (size_t i = 0; i < npairs; i++)
		groups_pair(&g, CODE_A(pairs[i]), CODE_B(pairs[i]));
	put_header("", NULL, clusters ? "cluster" : "component");
	for (uint32_t r = 0; r < in.n; r++) {
		uint32_t l;

		if (di < ndups && (uint32_t)(dups[di] >> 32) == r)
			l = groups_of(&g, (uint32_t)dups[di++]);
		else
			l = groups_of(&g, r);
		put_id(r);
		out_putc(&s.out, '\t');
		put_id(l);
		out_end_record(&s.out);
		s.nwritten++;
	}
	free(dups);
	groups_free(&g);
}

/* --- --against ----------------------------------------------------------- */

static void
run_against(void)
{
	char *paths[1];
	size_t chunk;

	nin = (uint32_t)in.n;
	chunk = in.n > (1u << 20) ? in.n : (1u << 20);
	if (chunk > MAXREC - in.n)
		chunk = MAXREC - in.n;
	put_header("1", "2", "distance");
	paths[0] = against;
	stream_more(&s, 1, paths);
	for (;;) {
		bool more = read_records(&arc, nin, chunk);

		if (arc.n > 0) {
			note(true, "%zu archive records read", arc.n);
			search_all(NULL, 0, nin);
			write_pairs(nin);
		}
		if (npos == 1) {
			/* keep the input's entries for the next chunk */
			size_t m = 0;

			for (size_t i = 0; i < nent; i++)
				if (ent[i].idx < nin)
					ent[m++] = ent[i];
			nent = m;
		}
		recset_clear(&arc);
		if (!more)
			break;
	}
	if (self) {
		search_all(NULL, 0, 0);
		write_pairs(0);
	}
}

/* --- map/reduce ---------------------------------------------------------- */

static void
run_emit(void)
{
	struct record r;
	struct span id;
	uint64_t fp[MAXPOS];
	char rec[48], key[NP_KEYMAX], hex[FP_HEXLEN];
	int nrec;

	set_design();
	while (stream_next(&s, &r)) {
		if (r.header || !parse_record(&r, &id, fp))
			continue;
		nrec = snprintf(rec, sizeof rec, "%06lld.%012ju", part,
		    s.nread);
		if ((s.nread & 0xffff) == 0)
			note(false, "%ju records read", s.nread);
		for (unsigned p = 0; p < npos; p++) {
			if (!valid_fp(fp[p]))
				continue;
			for (unsigned t = 0; t < design.ntables; t++) {
				size_t n = np_key_format(key,
				    p * design.ntables + t, np_key(&design, t,
				    fp[p]), design.sel[t].bits);
				out_write(&s.out, key, n);
				out_putc(&s.out, '\t');
				out_write(&s.out, rec, (size_t)nrec);
				out_putc(&s.out, '\t');
				out_write(&s.out, id.p, id.n);
				out_putc(&s.out, '\t');
				for (unsigned q = 0; q < npos; q++) {
					if (q)
						out_putc(&s.out, ',');
					fp_format(fp[q], hex);
					out_write(&s.out, hex, sizeof hex);
				}
				out_end_record(&s.out);
				s.nwritten++;
			}
		}
	}
}

/* One group of key records (a bucket of one table).  Each ID is kept
 * as "RECORD TAB ID", and a pair is put in record order when written. */
static struct buf gkey;
static bool gkey_set, unsorted;

static void
split_id(uint32_t idx, struct span *rec, struct span *id)
{
	const char *p;
	size_t n;
	const char *tab;

	id_of(idx, &p, &n);
	tab = memchr(p, '\t', n);
	rec->p = p;
	rec->n = (size_t)(tab - p);
	id->p = tab + 1;
	id->n = n - rec->n - 1;
}

static bool
earlier(const struct span *a, const struct span *b)
{
	size_t m = a->n < b->n ? a->n : b->n;
	int c = memcmp(a->p, b->p, m);

	return c < 0 || (c == 0 && a->n < b->n);
}

static void
reduce_group(unsigned table)
{
	struct np_entry *tmp;
	struct np_search srch;

	nin = (uint32_t)in.n;
	curpos = table / design.ntables;
	nent = 0;
	for (uint32_t i = 0; i < in.n; i++) {
		uint64_t f = in.fps[(size_t)i * npos + curpos];

		if (valid_fp(f))
			push_entry(f, i);
	}
	tmp = xmalloc((nent + 1) * sizeof *tmp);
	np_search_init(&srch, k, on_pair, NULL);
	np_search_bucket(&srch, &design, table % design.ntables, ent, tmp,
	    nent);
	np_search_free(&srch);
	free(tmp);
	np_sort_u64(pairs, npairs);
	for (size_t i = 0; i < npairs; i++) {
		struct span ra, ia, rb, ib;

		split_id(CODE_A(pairs[i]), &ra, &ia);
		split_id(CODE_B(pairs[i]), &rb, &ib);
		if (earlier(&rb, &ra)) {
			struct span t = ra;

			ra = rb;
			rb = t;
			t = ia;
			ia = ib;
			ib = t;
		}
		out_write(&s.out, ra.p, ra.n);
		out_putc(&s.out, '\t');
		out_write(&s.out, rb.p, rb.n);
		out_putc(&s.out, '\t');
		out_write(&s.out, ia.p, ia.n);
		out_putc(&s.out, '\t');
		out_write(&s.out, ib.p, ib.n);
		out_putc(&s.out, '\t');
		put_distance(CODE_D(pairs[i]));
		out_end_record(&s.out);
	}
	s.nwritten += npairs;
	npairs = 0;
	recset_clear(&in);
	nent = 0;
}

/* The fields of a key record, or false (rejected). */
static bool
key_fields(const struct record *r, struct span f[4])
{
	const char *p = r->p, *end = r->p + r->n;
	int nf = 0;

	for (;;) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));

		if (nf == 4)
			break;
		f[nf].p = p;
		f[nf].n = (size_t)((tab ? tab : end) - p);
		nf++;
		if (tab == NULL)
			break;
		p = tab + 1;
	}
	if (nf != 4 || field_count(r->p, r->n) != 4) {
		stream_reject(&s, r, "not a record of --emit-keys (KEY TAB "
		    "RECORD TAB ID TAB FP): %zu fields", field_count(r->p, r->n));
		return false;
	}
	return true;
}

static void
run_from(void)
{
	struct record r;
	unsigned table = 0;
	struct buf rid = { 0 };

	keep_fps = true;
	set_design();
	while (stream_next(&s, &r)) {
		struct span f[4], id;
		char q[DIAG_QUOTE_MAX];
		uint64_t fp[MAXPOS], key;
		unsigned t, n;

		if (r.header || !key_fields(&r, f))
			continue;
		if (!np_key_parse(f[0].p, f[0].n, &t, &key)) {
			stream_reject(&s, &r, "field 1: '%s' is not a key of "
			    "--emit-keys", diag_quote(f[0].p, f[0].n, q,
			    sizeof q));
			continue;
		}
		if (f[1].n == 0) {
			stream_reject(&s, &r, "field 2: no record number");
			continue;
		}
		if (!parse_fps(&r, &f[3], 4, fp, &n))
			continue;
		if (t >= npos * design.ntables ||
		    !valid_fp(fp[t / design.ntables]) ||
		    np_key(&design, t % design.ntables,
		    fp[t / design.ntables]) != key) {
			stream_reject(&s, &r, "field 1: '%s' is not the key of "
			    "the fingerprint with -k %u --tables %u%s (give "
			    "--from-keys the options --emit-keys had)",
			    diag_quote(f[0].p, f[0].n, q, sizeof q), k,
			    design.ntables, keep_empty ? " --keep-empty" : "");
			continue;
		}
		if (!gkey_set || gkey.len != f[0].n ||
		    memcmp(gkey.p, f[0].p, f[0].n) != 0) {
			if (gkey_set) {
				struct span prev = { gkey.p, gkey.len };

				if (earlier(&f[0], &prev) && !unsorted) {
					unsorted = true;
					stream_trouble(&s, "%s:%ju: the input is "
					    "not sorted by key (sort it with "
					    "LC_ALL=C sort)", s.file, r.line);
				}
				reduce_group(table);
			}
			gkey.len = 0;
			buf_append(&gkey, f[0].p, f[0].n);
			gkey_set = true;
			table = t;
		}
		if ((s.nread & 0xffff) == 0)
			note(false, "%ju key records read", s.nread);
		rid.len = 0;
		buf_append(&rid, f[1].p, f[1].n);
		buf_putc(&rid, '\t');
		buf_append(&rid, f[2].p, f[2].n);
		id.p = rid.p;
		id.n = rid.len;
		add_record(&in, 0, &id, fp);
	}
	if (gkey_set)
		reduce_group(table);
	buf_free(&gkey);
	buf_free(&rid);
}

/* --- main ---------------------------------------------------------------- */

static void
run_pairs(void)
{
	nin = (uint32_t)in.n;
	put_header("1", "2", "distance");
	search_all(NULL, 0, 0);
	free(ent);
	ent = NULL;
	nent = capent = 0;
	write_pairs(0);
}

int
main(int argc, char *argv[])
{
	const char *tables_arg = NULL;
	int ch;

	cli_init("nearpairs", help, argv);
	while ((ch = getopt_long(argc, argv, "k:i:f:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'k':
			k = (unsigned)cli_number("-k", optarg, 0, NP_MAXK);
			break;
		case 'i':
			if (!field_parse(optarg, NULL, &idfield))
				cli_usage_error("-i: '%s' is not a field number "
				    "(1 is the first, -1 the last)", optarg);
			break;
		case 'f':
			if (!field_parse(optarg, NULL, &fpfield))
				cli_usage_error("-f: '%s' is not a field number "
				    "(1 is the first, -1 the last)", optarg);
			break;
		case OPT_TABLES:
			tables_arg = optarg;
			break;
		case OPT_KEEP_EMPTY:
			keep_empty = true;
			break;
		case OPT_DISTINCT:
			distinct = true;
			break;
		case OPT_CLUSTERS:
			clusters = true;
			break;
		case OPT_COMPONENTS:
			components = true;
			break;
		case OPT_AGAINST:
			against = optarg;
			break;
		case OPT_SELF:
			self = true;
			break;
		case OPT_EMIT:
			emit = true;
			break;
		case OPT_PART:
			part = cli_number("--part", optarg, 0, 999999);
			break;
		case OPT_FROM:
			from = true;
			break;
		case OPT_PROGRESS:
			progress = true;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if (clusters + components + (against != NULL) + emit + from > 1)
		cli_usage_error("choose one of --clusters, --components, "
		    "--against, --emit-keys and --from-keys");
	if (self && against == NULL)
		cli_usage_error("--self goes with --against");
	if (part && !emit)
		cli_usage_error("--part goes with --emit-keys");
	if (tables_arg != NULL) {
		unsigned list[64], n;
		char msg[512];
		size_t len = 0;

		ntables = (unsigned)cli_number("--tables", tables_arg, 1,
		    NP_MAXTABLES);
		n = np_design_tables(k, list, 64);
		for (unsigned i = 0; i < n && i < 64; i++)
			if (list[i] == ntables)
				goto ok;
		for (unsigned i = 0; i < n && i < 64 && len < sizeof msg - 16; i++)
			len += (size_t)snprintf(msg + len, sizeof msg - len,
			    "%s%u", i == 0 ? "" : i + 1 == n ? " or " : ", ",
			    list[i]);
		cli_usage_error("--tables: %u tables cannot be made for -k %u: "
		    "choose %s", ntables, k, msg);
	}
ok:
	if ((emit || from) && ntables == 0)
		ntables = k == 0 ? 1 : k + 1;
	if (against != NULL) {
		FILE *f;

		if (strcmp(against, "-") == 0) {
			for (int i = optind; i < argc; i++)
				if (strcmp(argv[i], "-") == 0)
					cli_usage_error("--against - and an input "
					    "- cannot both be the standard input");
			if (optind == argc)
				cli_usage_error("--against -: name the input "
				    "files");
		} else if ((f = fopen(against, "r")) == NULL)
			diag_fatal("%s: %s", against, strerror(errno));
		else
			fclose(f);
	}
	if (!progress && isatty(STDERR_FILENO) && !diag_quiet)
		progress = true;
	t0 = tlast = now();

	stream_open(&s, argc - optind, argv + optind);
	if (emit)
		run_emit();
	else if (from)
		run_from();
	else {
		read_records(&in, 0, SIZE_MAX);
		note(true, "%zu records read", in.n);
		if (clusters || components)
			run_clusters();
		else if (against != NULL)
			run_against();
		else
			run_pairs();
	}
	note(true, "done: %ju written", s.nwritten);
	np_design_free(&design);
	recset_free(&in);
	recset_free(&arc);
	free(ent);
	free(pairs);
	return stream_close(&s);
}
