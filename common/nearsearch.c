#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fingerprint.h"
#include "nearsearch.h"
#include "par.h"
#include "progress.h"
#include "radix.h"
#include "versions.h"
#include "xalloc.h"

void
nearsearch_init(struct nearsearch *s, struct nearrecs *recs, unsigned k)
{
	memset(s, 0, sizeof *s);
	s->recs = recs;
	s->k = k;
}

void
nearsearch_free(struct nearsearch *s)
{
	nearidx_design_free(&s->design);
	free(s->pairs);
	s->pairs = NULL;
	s->npairs = s->cappairs = 0;
}

void
nearsearch_design(struct nearsearch *s)
{
	if (s->design.mask != NULL)
		return;
	if (!nearidx_design_init(&s->design, s->k,
	    s->ntables ? s->ntables : nearidx_design_auto(s->k)))
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
	const char *p = nearrecs_id(s->recs, idx, n);

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
		const uint64_t *fa = nearrecs_fps(r, a), *fb = nearrecs_fps(r,
		    b);

		for (unsigned p = 0; p < r->npos; p++) {
			unsigned dp;

			if (p == s->curpos || !nearrecs_valid(r, fa[p]) ||
			    !nearrecs_valid(r, fb[p]))
				continue;
			dp = fingerprint_distance(fa[p], fb[p]);
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
		if (versions_distinct(pa, na, pb, nb))
			return;
	}
	if (b >= nin)		/* --against: the archive's first */
		push_pair(s, NEARSEARCH_CODE(b - nin, a, d));
	else if (s->by_second)
		push_pair(s, NEARSEARCH_CODE(b, a, d));
	else
		push_pair(s, NEARSEARCH_CODE(a, b, d));
}

uint64_t
nearsearch_search(struct nearsearch *s, const uint32_t *reps, size_t nreps,
    uint32_t split)
{
	struct nearrecs *r = s->recs;
	struct nearidx_search srch;
	struct nearidx_entry *tmp;
	size_t ntmp, n;
	uint32_t *all = NULL;
	uint64_t compared;
	bool chained;

	nearrecs_added(r);
	if (r->npos > 1 && reps == NULL)
		reps = all = nearrecs_all(r, &nreps);
	nearsearch_design(s);
	nearidx_search_init(&srch, s->k, on_pair, s);
	srch.split = split;
	srch.nthreads = s->nthreads;
	if (r->npos <= 1 && r->capent > r->nent + 1) {
		/* the doubling's slack would count against the 24 bytes */
		r->capent = r->nent + 1;
		r->ent = xrealloc_huge(r->ent, r->capent * sizeof *r->ent);
	}
	/* the scratch copy only where the entries cannot be searched in
	 * place (nearidx_search_chained) */
	tmp = NULL;
	ntmp = 0;
	for (unsigned p = 0; p < (r->npos ? r->npos : 1); p++) {
		s->curpos = p;
		if (r->npos > 1)
			nearrecs_fill(r, p, reps, nreps);
		n = r->nent;
		chained = nearidx_search_chained(&srch, &s->design, &r->ent,
		    &r->capent, &r->nent);
		if (chained)
			progress_note(true, "position %u, %u tables: %zu pairs",
			    p + 1, s->design.ntables, s->npairs);
		else if (ntmp < n + 1) {  /* given back at the last position */
			free(tmp);
			ntmp = (r->npos > 1 && nreps > n ? nreps : n) + 1;
			tmp = xmalloc_huge(ntmp * sizeof *tmp);
		}
		for (unsigned t = 0, next; !chained && t < s->design.ntables;
		    t = next) {
			struct nearidx_entry *now = nearidx_search_tables(&srch,
			    &s->design, t, r->ent, tmp, &r->nent, &next);

			if (now != r->ent) {
				size_t c = r->capent;

				tmp = r->ent;
				r->ent = now;
				r->capent = ntmp;
				ntmp = c;
			}
			progress_note(true, "position %u, table %u of %u: %zu "
			    "pairs", p + 1, next, s->design.ntables, s->npairs);
			if (t == 0 && srch.ngroups > 0) {
				/* the groups' records take at most the 24
				 * bytes of each entry saved: give those back */
				r->capent = ntmp = r->nent + 1;
				r->ent = xrealloc_huge(r->ent, r->capent *
				    sizeof *r->ent);
				tmp = xrealloc_huge(tmp, ntmp * sizeof *tmp);
			}
		}
		/* the input's entries stay for the next part of --against;
		 * the scratch copy goes first, so that growing the entries
		 * back does not take more than the two did */
		if (p + 1 >= r->npos) {
			free(tmp);
			tmp = NULL;
			ntmp = 0;
		}
		if (r->capent < n + 1) {
			r->capent = n + 1;
			r->ent = xrealloc_huge(r->ent, r->capent * sizeof *r->ent);
		}
		r->nent = nearidx_expand(&srch, r->ent, r->nent);
	}
	compared = srch.compared;
	free(tmp);
	free(all);
	nearidx_search_free(&srch);
	return compared;
}

void
nearsearch_bucket(struct nearsearch *s, unsigned t)
{
	struct nearrecs *r = s->recs;
	struct nearidx_entry *tmp;
	unsigned p = t / s->design.ntables;

	r->nent = 0;
	for (uint32_t i = 0; i < r->in.n; i++) {
		uint64_t f = r->in.fps[(size_t)i * r->npos + p];

		if (nearrecs_valid(r, f))
			nearrecs_push(r, f, i);
	}
	tmp = xmalloc((r->nent + 1) * sizeof *tmp);
	nearsearch_bucket_entries(s, t, r->ent, tmp, r->nent);
	free(tmp);
}

void
nearsearch_bucket_entries(struct nearsearch *s, unsigned t,
    struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n)
{
	struct nearidx_search srch;

	s->curpos = t / s->design.ntables;
	nearidx_search_init(&srch, s->k, on_pair, s);
	nearidx_search_bucket(&srch, &s->design, t % s->design.ntables, e,
	    tmp, n);
	nearidx_search_free(&srch);
}

void
nearsearch_write_distance(struct out *o, unsigned d)
{
	if (d >= 10)
		out_putc(o, (char)('0' + d / 10));
	out_putc(o, (char)('0' + d % 10));
}

static void
put_id(const struct nearsearch *s, struct out *o, uint32_t idx)
{
	size_t n;
	const char *p = nearrecs_id(s->recs, idx, &n);

	out_write(o, p, n);
}

#define PAIRS_AHEAD	16

/* Begin loading the offset of record idx's ID. */
static inline void
prefetch_off(const struct nearrecs *r, uint32_t idx)
{
	__builtin_prefetch(nearrecs_off_addr(r, idx));
}

/* Pairs c[lo..hi) as lines at the end of b: ID1 TAB ID2 TAB DISTANCE. */
static void
format_pairs(const struct nearrecs *r, const uint64_t *c, size_t lo, size_t hi,
    uint32_t aoff, struct buf *b)
{
	for (size_t i = lo; i < hi; i++) {
		size_t na, nb;
		const char *pa, *pb;
		char *w;
		unsigned d = NEARSEARCH_D(c[i]);

		/* the second records' IDs are read at random, two loads
		 * each (offset, bytes) that miss the cache: begin them
		 * PAIRS_AHEAD and twice that many pairs before they are
		 * written (100M planted fingerprints, 25M pairs at k = 4:
		 * writing took 13 s of CPU time, a sixth of the run) */
		if (i + 2 * PAIRS_AHEAD < hi)
			prefetch_off(r, NEARSEARCH_B(c[i + 2 * PAIRS_AHEAD]));
		if (i + PAIRS_AHEAD < hi)
			__builtin_prefetch(nearrecs_id(r,
			    NEARSEARCH_B(c[i + PAIRS_AHEAD]), &na));
		pa = nearrecs_id(r, NEARSEARCH_A(c[i]) + aoff, &na);
		pb = nearrecs_id(r, NEARSEARCH_B(c[i]), &nb);
		buf_reserve(b, na + nb + 5);
		w = b->p + b->len;
		memcpy(w, pa, na);
		w += na;
		*w++ = '\t';
		memcpy(w, pb, nb);
		w += nb;
		*w++ = '\t';
		if (d >= 10)
			*w++ = (char)('0' + d / 10);
		*w++ = (char)('0' + d % 10);
		*w++ = '\n';
		b->len = (size_t)(w - b->p);
	}
}

/* A share of a block of pairs, formatted by one thread. */
struct format_job {
	const struct nearrecs *r;
	const uint64_t	*c;
	size_t		 lo, hi;
	uint32_t	 aoff;
	struct buf	 out;
};

static void *
format_work(void *arg)
{
	struct format_job *j = arg;

	j->out.len = 0;
	format_pairs(j->r, j->c, j->lo, j->hi, j->aoff, &j->out);
	return NULL;
}

/* Pairs formatted a block at a time, each thread a share of it, then
 * written in order: the block's lines take some 25 bytes a pair, 25 MB
 * a block with the threads' shares (not tuned).  25M pairs at 100M
 * planted fingerprints took 2 to 4 s so, 9 to 13 on one thread. */
#define WRITE_BLOCK	(1u << 20)

size_t
nearsearch_write_pairs(struct nearsearch *s, struct out *o, uint32_t aoff)
{
	size_t n = s->npairs;
	unsigned nw = s->nthreads > PAR_MAXTHREADS ? PAR_MAXTHREADS :
	    s->nthreads;

	radix_sort_u64(s->pairs, s->npairs);
	if (nw > 1 && n >= 2 * (size_t)nw * PAIRS_AHEAD && !o->line_buffered) {
		struct format_job *j = xmalloc(nw * sizeof *j);

		memset(j, 0, nw * sizeof *j);
		for (size_t lo = 0; lo < n; lo += WRITE_BLOCK) {
			size_t hi = n - lo < WRITE_BLOCK ? n : lo + WRITE_BLOCK;

			for (unsigned i = 0; i < nw; i++) {
				j[i].r = s->recs;
				j[i].c = s->pairs;
				j[i].aoff = aoff;
				j[i].lo = lo + (hi - lo) * i / nw;
				j[i].hi = lo + (hi - lo) * (i + 1) / nw;
			}
			par_run(format_work, j, sizeof *j, nw);
			for (unsigned i = 0; i < nw; i++)
				out_write(o, j[i].out.p, j[i].out.len);
		}
		for (unsigned i = 0; i < nw; i++)
			buf_free(&j[i].out);
		free(j);
	} else
		for (size_t i = 0; i < n; i++) {
			uint64_t c = s->pairs[i];

			if (i + 2 * PAIRS_AHEAD < n)
				prefetch_off(s->recs, NEARSEARCH_B(s->pairs[i +
				    2 * PAIRS_AHEAD]));
			if (i + PAIRS_AHEAD < n) {
				size_t len;

				__builtin_prefetch(nearrecs_id(s->recs,
				    NEARSEARCH_B(s->pairs[i + PAIRS_AHEAD]),
				    &len));
			}
			put_id(s, o, NEARSEARCH_A(c) + aoff);
			out_putc(o, '\t');
			put_id(s, o, NEARSEARCH_B(c));
			out_putc(o, '\t');
			nearsearch_write_distance(o, NEARSEARCH_D(c));
			out_end_record(o);
		}
	s->npairs = 0;
	return n;
}
