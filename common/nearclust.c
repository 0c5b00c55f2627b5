#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "nearclust.h"
#include "progress.h"
#include "radix.h"
#include "versions.h"
#include "xalloc.h"

static uint64_t
class_hash(const struct nearsearch *s, uint32_t idx, struct buf *b)
{
	size_t n;
	const char *p = nearrecs_id(s->recs, idx, &n);

	b->len = 0;
	versions_class(p, n, b);
	return b->len ? XXH64(b->p, b->len, 0) : 0;
}

/* Do records a and b have the same fingerprints? */
static bool
same_fps(const struct nearsearch *s, const struct nearidx_entry *ea,
    const struct nearidx_entry *eb)
{
	const struct nearrecs *r = s->recs;

	if (r->npos > 1)
		return memcmp(nearrecs_fps(r, ea->idx),
		    nearrecs_fps(r, eb->idx), r->npos * sizeof(uint64_t)) == 0;
	return ea->fp == eb->fp;
}

/* ... and the same version class? */
static bool
same_record(const struct nearsearch *s, const struct nearidx_entry *ea,
    const struct nearidx_entry *eb, struct buf *ca, struct buf *cb)
{
	if (!same_fps(s, ea, eb))
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
 * version class (by its hash, then by record), so that the records of
 * one class are next to each other.  (Two classes of one hash could
 * still interleave: their records are then searched apart, the same
 * result with more pairs compared.) */
static void
sort_records(struct nearsearch *s, struct buf *ca)
{
	struct nearrecs *r = s->recs;
	struct nearidx_entry *ent, *tmp;
	size_t n = r->nent;
	uint64_t *key = NULL;

	tmp = xmalloc((n + 1) * sizeof *tmp);
	for (unsigned p = r->npos; p-- > 0;) {
		if (r->npos > 1)
			for (size_t i = 0; i < n; i++)
				r->ent[i].fp = nearrecs_fps(r,
				    r->ent[i].idx)[p];
		nearidx_sort_fp(r->ent, tmp, n);
	}
	free(tmp);
	if (!s->distinct)
		return;
	ent = r->ent;
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && same_fps(s, &ent[i], &ent[j]); j++)
			continue;
		if (j - i < 2)
			continue;
		key = xrealloc(key, (j - i) * sizeof *key);
		for (size_t m = i; m < j; m++)
			key[m - i] = (class_hash(s, ent[m].idx, ca) &
			    ~(uint64_t)NEARRECS_MAXREC) | ent[m].idx;
		qsort(key, j - i, sizeof *key, cmp_u64);
		for (size_t m = i; m < j; m++)
			ent[m].idx = (uint32_t)(key[m - i] & NEARRECS_MAXREC);
	}
	free(key);
}

uint32_t *
nearclust_collapse(struct nearsearch *s, size_t *nreps, uint64_t **dups,
    size_t *ndups)
{
	struct nearrecs *r = s->recs;
	struct buf ca = { 0 }, cb = { 0 };
	struct nearidx_entry *ent;
	uint32_t *reps;
	uint64_t *w;
	size_t nr = 0, nd = 0, n;

	if (r->npos > 1) {
		/* the entries of the non-blank records */
		uint32_t *all = nearrecs_all(r, &n);

		r->nent = 0;
		for (size_t i = 0; i < n; i++)
			if (!nearrecs_blank(r, all[i]))
				nearrecs_push(r, 0, all[i]);
		free(all);
	}
	sort_records(s, &ca);
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
	radix_sort_u64(*dups, nd);
	/* the first records in record order */
	w = xmalloc((nr + 1) * sizeof *w);
	for (size_t i = 0; i < nr; i++)
		w[i] = reps[i];
	radix_sort_u64(w, nr);
	for (size_t i = 0; i < nr; i++)
		reps[i] = (uint32_t)w[i];
	free(w);
	*nreps = nr;
	*ndups = nd;
	return reps;
}

uint64_t
nearclust_run(struct nearclust *c, struct nearsearch *s, bool components)
{
	struct nearrecs *r = s->recs;
	uint64_t compared;
	size_t nreps;
	uint32_t *reps;

	memset(c, 0, sizeof *c);
	reps = nearclust_collapse(s, &nreps, &c->dups, &c->ndups);
	progress_note(true, "%zu distinct fingerprints", nreps);
	/* clusters take the pairs by their later record */
	s->by_second = !components;
	compared = nearsearch_search(s, r->npos > 1 ? reps : NULL, nreps, 0);
	nearrecs_free_entries(r);
	free(reps);
	groups_init(&c->g, components);
	groups_grow(&c->g, r->in.n);
	radix_sort_u64(s->pairs, s->npairs);
	for (size_t i = 0; i < s->npairs; i++)
		groups_pair(&c->g, NEARSEARCH_A(s->pairs[i]),
		    NEARSEARCH_B(s->pairs[i]));
	return compared;
}

uint32_t
nearclust_group_of(struct nearclust *c, uint32_t r)
{
	if (c->next < c->ndups && (uint32_t)(c->dups[c->next] >> 32) == r)
		return groups_of(&c->g, (uint32_t)c->dups[c->next++]);
	return groups_of(&c->g, r);
}

void
nearclust_free(struct nearclust *c)
{
	free(c->dups);
	groups_free(&c->g);
}
