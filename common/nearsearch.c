#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "diag.h"
#include "fingerprint.h"
#include "nearsearch.h"
#include "progress.h"
#include "urlpath.h"
#include "xalloc.h"

void
ns_init(struct nearsearch *s, struct nearrecs *recs, unsigned k)
{
	memset(s, 0, sizeof *s);
	s->recs = recs;
	s->k = k;
}

void
ns_free(struct nearsearch *s)
{
	np_design_free(&s->design);
	free(s->pairs);
	s->pairs = NULL;
	s->npairs = s->cappairs = 0;
}

void
ns_design(struct nearsearch *s)
{
	if (s->design.mask != NULL)
		return;
	if (!np_design_init(&s->design, s->k,
	    s->ntables ? s->ntables : np_design_auto(s->k)))
		diag_fatal("no design of %u tables for -k %u", s->ntables, s->k);
}

static void
push_pair(struct nearsearch *s, uint64_t code)
{
	if (s->npairs == s->cappairs) {
		s->cappairs = s->cappairs ? 2 * s->cappairs : 4096;
		s->pairs = xrealloc(s->pairs, s->cappairs * sizeof *s->pairs);
	}
	s->pairs[s->npairs++] = code;
}

/* The ID of a record, after the TAB of "RECORD TAB ID" when keyed. */
static const char *
rule_id(const struct nearsearch *s, uint32_t idx, size_t *n)
{
	const char *p = nr_id(s->recs, idx, n);

	if (s->keyed) {
		const char *tab = memchr(p, '\t', *n);

		*n -= (size_t)(tab + 1 - p);
		p = tab + 1;
	}
	return p;
}

/* A pair the index found within k at position curpos. */
static void
on_pair(void *ctx, uint32_t a, uint32_t b, unsigned d)
{
	struct nearsearch *s = ctx;
	const struct nearrecs *r = s->recs;
	uint32_t nin = (uint32_t)r->in.n;

	if (r->npos > 1) {
		const uint64_t *fa = nr_fps(r, a), *fb = nr_fps(r, b);

		for (unsigned p = 0; p < r->npos; p++) {
			unsigned dp;

			if (p == s->curpos || !nr_valid(r, fa[p]) ||
			    !nr_valid(r, fb[p]))
				continue;
			dp = fp_distance(fa[p], fb[p]);
			if (dp <= s->k && p < s->curpos)
				return;
			if (dp < d)
				d = dp;
		}
	}
	if (s->distinct) {
		const char *pa, *pb;
		size_t na, nb;

		pa = rule_id(s, a, &na);
		pb = rule_id(s, b, &nb);
		if (urlpath_distinct_versions(pa, na, pb, nb))
			return;
	}
	if (b >= nin)		/* --against: the archive's first */
		push_pair(s, NS_CODE(b - nin, a, d));
	else if (s->by_second)
		push_pair(s, NS_CODE(b, a, d));
	else
		push_pair(s, NS_CODE(a, b, d));
}

uint64_t
ns_search(struct nearsearch *s, const uint32_t *reps, size_t nreps,
    uint32_t split)
{
	struct nearrecs *r = s->recs;
	struct np_search srch;
	struct np_entry *tmp;
	size_t ntmp;
	uint32_t *all = NULL;
	uint64_t compared;

	if (r->npos > 1 && reps == NULL)
		reps = all = nr_all(r, &nreps);
	ns_design(s);
	np_search_init(&srch, s->k, on_pair, s);
	srch.split = split;
	if (r->npos <= 1 && r->capent > r->nent + 1) {
		/* the doubling's slack would count against the 24 bytes */
		r->capent = r->nent + 1;
		r->ent = xrealloc(r->ent, r->capent * sizeof *r->ent);
	}
	ntmp = (r->npos > 1 ? nreps : r->nent) + 1;
	tmp = nr_alloc(ntmp * sizeof *tmp);
	for (unsigned p = 0; p < (r->npos ? r->npos : 1); p++) {
		s->curpos = p;
		if (r->npos > 1)
			nr_fill(r, p, reps, nreps);
		for (unsigned t = 0; t < s->design.ntables; t++) {
			struct np_entry *now = np_search_table(&srch, &s->design,
			    t, r->ent, tmp, r->nent);

			if (now != r->ent) {
				size_t c = r->capent;

				tmp = r->ent;
				r->ent = now;
				r->capent = ntmp;
				ntmp = c;
			}
			progress_note(true, "position %u, table %u of %u: %zu "
			    "pairs", p + 1, t + 1, s->design.ntables, s->npairs);
		}
	}
	compared = srch.compared;
	free(tmp);
	free(all);
	np_search_free(&srch);
	return compared;
}

void
ns_bucket(struct nearsearch *s, unsigned t)
{
	struct nearrecs *r = s->recs;
	struct np_entry *tmp;
	struct np_search srch;

	s->curpos = t / s->design.ntables;
	r->nent = 0;
	for (uint32_t i = 0; i < r->in.n; i++) {
		uint64_t f = r->in.fps[(size_t)i * r->npos + s->curpos];

		if (nr_valid(r, f))
			nr_push(r, f, i);
	}
	tmp = xmalloc((r->nent + 1) * sizeof *tmp);
	np_search_init(&srch, s->k, on_pair, s);
	np_search_bucket(&srch, &s->design, t % s->design.ntables, r->ent, tmp,
	    r->nent);
	np_search_free(&srch);
	free(tmp);
}

void
ns_write_distance(struct out *o, unsigned d)
{
	if (d >= 10)
		out_putc(o, (char)('0' + d / 10));
	out_putc(o, (char)('0' + d % 10));
}

static void
put_id(const struct nearsearch *s, struct out *o, uint32_t idx)
{
	size_t n;
	const char *p = nr_id(s->recs, idx, &n);

	out_write(o, p, n);
}

size_t
ns_write_pairs(struct nearsearch *s, struct out *o, uint32_t aoff)
{
	size_t n = s->npairs;

	np_sort_u64(s->pairs, s->npairs);
	for (size_t i = 0; i < s->npairs; i++) {
		uint64_t c = s->pairs[i];

		put_id(s, o, NS_A(c) + aoff);
		out_putc(o, '\t');
		put_id(s, o, NS_B(c));
		out_putc(o, '\t');
		ns_write_distance(o, NS_D(c));
		out_end_record(o);
	}
	s->npairs = 0;
	return n;
}

/* --- identical records ---------------------------------------------------- */

static uint64_t
class_hash(const struct nearsearch *s, uint32_t idx, struct buf *b)
{
	size_t n;
	const char *p = nr_id(s->recs, idx, &n);

	b->len = 0;
	urlpath_version_class(p, n, b);
	return b->len ? XXH64(b->p, b->len, 0) : 0;
}

/* Do records a and b have the same fingerprints (and version class)? */
static bool
same_record(const struct nearsearch *s, const struct np_entry *ea,
    const struct np_entry *eb, struct buf *ca, struct buf *cb)
{
	const struct nearrecs *r = s->recs;

	if (r->npos > 1) {
		if (memcmp(nr_fps(r, ea->idx), nr_fps(r, eb->idx),
		    r->npos * sizeof(uint64_t)) != 0)
			return false;
	} else if (ea->fp != eb->fp)
		return false;
	if (s->distinct) {
		class_hash(s, ea->idx, ca);
		class_hash(s, eb->idx, cb);
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

/* Sort the entries by all the fingerprints of their records, the first
 * position most significant; with distinct, a run of equal ones by
 * version class (by its hash, then by record).  The runs are found with
 * same_record(), which compares the version class too, so only records
 * already next to each other are sorted: two records of one class with
 * another between them stay apart, and are searched as two records (the
 * same result, more pairs compared). */
static void
sort_records(struct nearsearch *s, struct buf *ca, struct buf *cb)
{
	struct nearrecs *r = s->recs;
	struct np_entry *ent, *tmp;
	size_t n = r->nent;
	uint64_t *key = NULL;

	tmp = xmalloc((n + 1) * sizeof *tmp);
	for (unsigned p = r->npos; p-- > 0;) {
		if (r->npos > 1)
			for (size_t i = 0; i < n; i++)
				r->ent[i].fp = nr_fps(r, r->ent[i].idx)[p];
		np_sort_fp(r->ent, tmp, n);
	}
	free(tmp);
	if (!s->distinct)
		return;
	ent = r->ent;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && same_record(s, &ent[i], &ent[j], ca,
		    cb); j++)
			continue;
		if (j - i < 2)
			continue;
		key = xrealloc(key, (j - i) * sizeof *key);
		for (size_t m = i; m < j; m++)
			key[m - i] = (class_hash(s, ent[m].idx, ca) &
			    ~(uint64_t)NR_MAXREC) | ent[m].idx;
		qsort(key, j - i, sizeof *key, cmp_u64);
		for (size_t m = i; m < j; m++)
			ent[m].idx = (uint32_t)(key[m - i] & NR_MAXREC);
	}
	free(key);
}

uint32_t *
ns_collapse(struct nearsearch *s, size_t *nreps, uint64_t **dups,
    size_t *ndups)
{
	struct nearrecs *r = s->recs;
	struct buf ca = { 0 }, cb = { 0 };
	struct np_entry *ent;
	uint32_t *reps;
	uint64_t *w;
	size_t nr = 0, nd = 0, n;

	if (r->npos > 1) {
		/* the entries of the non-blank records */
		uint32_t *all = nr_all(r, &n);

		r->nent = 0;
		for (size_t i = 0; i < n; i++)
			if (!nr_blank(r, all[i]))
				nr_push(r, 0, all[i]);
		free(all);
	}
	sort_records(s, &ca, &cb);
	ent = r->ent;
	n = r->nent;
	*dups = NULL;
	reps = xmalloc((n + 1) * sizeof *reps);
	for (size_t i = 0, j; i < n; i = j) {
		uint32_t first = ent[i].idx;

		for (j = i + 1; j < n && same_record(s, &ent[i], &ent[j], &ca,
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
	r->nent = nr;
	buf_free(&ca);
	buf_free(&cb);
	np_sort_u64(*dups, nd);
	/* the first records in record order */
	w = xmalloc((nr + 1) * sizeof *w);
	for (size_t i = 0; i < nr; i++)
		w[i] = reps[i];
	np_sort_u64(w, nr);
	for (size_t i = 0; i < nr; i++)
		reps[i] = (uint32_t)w[i];
	free(w);
	*nreps = nr;
	*ndups = nd;
	return reps;
}
