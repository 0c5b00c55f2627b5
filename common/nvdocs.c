/* nearverify(1)'s documents against its pairs: see nvdocs.h. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "nvdocs.h"
#include "xalloc.h"

bool
nvdocs_parse_min(const char *arg, uint64_t *num, uint64_t *den)
{
	const char *p = arg;
	uint64_t n = 0, d = 1;
	bool digits = false;

	while (*p >= '0' && *p <= '9') {
		if (n > 1)
			return false;
		n = n * 10 + (uint64_t)(*p++ - '0');
		digits = true;
	}
	if (*p == '.') {
		p++;
		while (*p >= '0' && *p <= '9') {
			if (d == UINT64_C(1000000000))
				return false;
			n = n * 10 + (uint64_t)(*p++ - '0');
			d *= 10;
			digits = true;
		}
	}
	if (!digits || *p != '\0' || n > d)
		return false;
	*num = n;
	*den = d;
	return true;
}

void
nvdocs_value(uint64_t num, uint64_t den, char v[NVDOCS_VALUE_LEN])
{
	uint64_t q = den ? (num * 20000 + den) / (2 * den) : 0;

	v[0] = (char)('0' + q / 10000);
	v[1] = '.';
	for (int i = 5; i > 1; i--, q /= 10)
		v[i] = (char)('0' + q % 10);
}

/* The adjacency lists, and every paired ID's count of pairs to do.  A
 * pair of an ID with itself is listed once. */
static void
index_pairs(struct nvdocs *d)
{
	const struct nvpairs *p = d->p;
	uint32_t np = p->npaired;
	size_t n = (size_t)np + 1;
	uint64_t *fill;

	d->adjoff = xmalloc((n + 1) * sizeof *d->adjoff);
	memset(d->adjoff, 0, (n + 1) * sizeof *d->adjoff);
	for (size_t i = 0; i < p->n; i++) {
		d->adjoff[p->v[i].a + 1]++;
		if (p->v[i].b != p->v[i].a)
			d->adjoff[p->v[i].b + 1]++;
	}
	d->pending = xmalloc(n * sizeof *d->pending);
	for (uint32_t x = 0; x < np; x++) {
		if (d->adjoff[x + 1] > UINT32_MAX)
			diag_fatal("one ID in more than %lu pairs",
			    (unsigned long)UINT32_MAX);
		d->pending[x] = (uint32_t)d->adjoff[x + 1];
		d->adjoff[x + 1] += d->adjoff[x];
	}
	d->adj = xmalloc((d->adjoff[np] + 1) * sizeof *d->adj);
	fill = xmalloc(n * sizeof *fill);
	memcpy(fill, d->adjoff, n * sizeof *fill);
	for (size_t i = 0; i < p->n; i++) {
		d->adj[fill[p->v[i].a]++] = (uint32_t)i;
		if (p->v[i].b != p->v[i].a)
			d->adj[fill[p->v[i].b]++] = (uint32_t)i;
	}
	free(fill);
	d->set = xmalloc(n * sizeof *d->set);
	memset(d->set, 0, n * sizeof *d->set);
	d->nset = xmalloc(n * sizeof *d->nset);
	memset(d->nset, 0, n * sizeof *d->nset);
	d->rank = xmalloc(n * sizeof *d->rank);
	d->byrank = xmalloc(n * sizeof *d->byrank);
}

void
nvdocs_init(struct nvdocs *d, struct nvpairs *p, unsigned size,
    const struct nvdocs_threshold *min, enum nvdocs_groups mode)
{
	memset(d, 0, sizeof *d);
	d->p = p;
	d->min = *min;
	d->mode = mode;
	index_pairs(d);
	shingler_init(&d->sh, size);
	d->capline = p->ids.n + 1;
	d->line = xmalloc(d->capline * sizeof *d->line);
	memset(d->line, 0, d->capline * sizeof *d->line);
	if (mode != NVDOCS_PAIRS)
		groups_init(&d->groups, mode == NVDOCS_COMPONENTS);
}

void
nvdocs_free(struct nvdocs *d)
{
	groups_free(&d->groups);
	shingler_free(&d->sh);
	for (uint32_t x = 0; x < d->p->npaired; x++)
		free(d->set[x]);
	free(d->set);
	free(d->nset);
	free(d->rank);
	free(d->byrank);
	free(d->pending);
	free(d->adj);
	free(d->adjoff);
	free(d->line);
	free(d->order);
	memset(d, 0, sizeof *d);
}

void
nvdocs_similarity(const struct nvdocs *d, size_t i, uint64_t *num,
    uint64_t *den)
{
	const struct nvpairs_pair *q = &d->p->v[i];
	uint64_t na = d->nset[q->a], nb = d->nset[q->b];

	*num = q->common;
	if (d->min.containment)
		*den = na < nb ? na : nb;
	else
		*den = na + nb - q->common;
}

bool
nvdocs_confirmed(const struct nvdocs *d, size_t i)
{
	uint64_t num, den;

	nvdocs_similarity(d, i, &num, &den);
	if (den == 0)
		return d->min.num == 0;
	/* num < 2^32, den < 2^33, min.den <= 10^9 < 2^30: no overflow */
	return num * d->min.den >= d->min.num * den;
}

/* One pair is done for x: its set goes when its last one is. */
static void
done(struct nvdocs *d, uint32_t x)
{
	if (--d->pending[x] == 0) {
		free(d->set[x]);
		d->set[x] = NULL;
		d->setbytes -= (size_t)d->nset[x] * sizeof **d->set;
		d->nsets--;
	}
}

/* Document x of a pair has come: its set, and every pair with a document
 * that came before it. */
static void
paired_doc(struct nvdocs *d, uint32_t x, const struct span *text)
{
	size_t n = shingle_set(&d->sh, text->p, text->n, true);

	if (n > UINT32_MAX)
		n = UINT32_MAX;		/* not reachable: 4G shingles */
	d->nshingled++;
	d->nset[x] = (uint32_t)n;
	d->set[x] = xmalloc((n ? n : 1) * sizeof **d->set);
	if (n > 0)	/* sh.v is NULL before the first shingle */
		memcpy(d->set[x], d->sh.v, n * sizeof **d->set);
	d->setbytes += n * sizeof **d->set;
	if (d->setbytes > d->peakbytes)
		d->peakbytes = d->setbytes;
	if (++d->nsets > d->peaksets)
		d->peaksets = d->nsets;
	d->rank[x] = d->nranked;
	d->byrank[d->nranked++] = x;
	if (d->mode != NVDOCS_PAIRS)
		groups_grow(&d->groups, d->nranked);
	for (uint64_t k = d->adjoff[x]; k < d->adjoff[x + 1]; k++) {
		struct nvpairs_pair *q = &d->p->v[d->adj[k]];
		uint32_t y = q->a == x ? q->b : q->a;

		if (y != x && d->line[y] == 0)
			continue;	/* done when y comes */
		q->common = (uint32_t)(y == x ? d->nset[x] :
		    shingle_common(d->set[x], d->nset[x], d->set[y],
		    d->nset[y]));
		if (d->mode != NVDOCS_PAIRS && nvdocs_confirmed(d, d->adj[k]))
			groups_pair(&d->groups, d->rank[y], d->rank[x]);
		if (y != x)
			done(d, y);
		done(d, x);
	}
}

bool
nvdocs_add(struct nvdocs *d, const struct span *id, const struct span *text,
    uintmax_t line, uint32_t *x)
{
	struct idtab *ids = &d->p->ids;
	bool added;

	*x = idtab_add(ids, id->p, id->n, &added);
	if (ids->n > d->capline) {
		size_t old = d->capline, bytes = d->capline * sizeof *d->line;

		d->line = xgrow(d->line, &bytes, ids->n * sizeof *d->line);
		d->capline = bytes / sizeof *d->line;
		memset(d->line + old, 0, (d->capline - old) * sizeof *d->line);
	}
	if (d->line[*x] != 0)
		return false;
	d->line[*x] = line;
	d->ndocs++;
	if (*x < d->p->npaired)
		paired_doc(d, *x, text);
	if (d->mode == NVDOCS_COMPONENTS) {
		d->order = xgrow_array(d->order, &d->caporder, d->norder + 1,
		    sizeof *d->order);
		d->order[d->norder++] = *x;
	}
	return true;
}

uint32_t
nvdocs_group(struct nvdocs *d, uint32_t x)
{
	return x < d->p->npaired ?
	    d->byrank[groups_of(&d->groups, d->rank[x])] : x;
}

static void
put_id(const struct nvdocs *d, uint32_t id, struct out *o)
{
	size_t n;
	const char *p = idtab_get(&d->p->ids, id, &n);

	out_write(o, p, n);
}

/* Pair i's record, TAB, its similarity (nvdocs_value), as one record. */
static void
nvdocs_put_pair(const struct nvdocs *d, size_t i, struct out *o)
{
	const struct nvpairs_pair *q = &d->p->v[i];
	char v[NVDOCS_VALUE_LEN];
	uint64_t num, den;
	const char *rest;
	size_t n;

	put_id(d, q->a, o);
	out_putc(o, '\t');
	put_id(d, q->b, o);
	rest = idtab_get(&d->p->rests, q->rest, &n);
	out_write(o, rest, n);
	out_putc(o, '\t');
	nvdocs_similarity(d, i, &num, &den);
	nvdocs_value(num, den, v);
	out_write(o, v, sizeof v);
	out_end_record(o);
}

void
nvdocs_put_group(struct nvdocs *d, uint32_t x, struct out *o)
{
	put_id(d, x, o);
	out_putc(o, '\t');
	put_id(d, nvdocs_group(d, x), o);
	out_end_record(o);
}

void
nvdocs_finish(struct nvdocs *d, struct stream *s, const char *docs, bool write,
    bool all)
{
	const char *file = s->file;
	struct buf rec = { 0 };
	char q[DIAG_QUOTE_MAX];

	for (size_t i = 0; i < d->p->n; i++) {
		const struct nvpairs_pair *p = &d->p->v[i];
		struct record r = { .header = false };
		const char *id;
		size_t n;

		if (nvdocs_complete(d, i)) {
			if (nvdocs_confirmed(d, i))
				d->nconfirmed++;
			else if (!all || !write)
				continue;
			if (write) {
				nvdocs_put_pair(d, i, &s->out);
				stream_wrote(s, 1);
			}
			continue;
		}
		rec.len = 0;
		nvpairs_record(d->p, i, &rec);
		r.p = rec.p;
		r.n = rec.len;
		/* the message names the pair's own file, not DOCS */
		s->file = nvpairs_where(d->p, i, &r.line);
		id = idtab_get(&d->p->ids, d->line[p->a] == 0 ? p->a : p->b, &n);
		stream_reject(s, &r, "ID '%s' is not in %s",
		    diag_quote(id, n, q, sizeof q), docs);
		s->file = file;
	}
	buf_free(&rec);
}

static double
mb(size_t bytes)
{
	return (double)bytes / 1048576.0;
}

void
nvdocs_report(const struct nvdocs *d)
{
	const struct nvpairs *p = d->p;
	size_t fixed = nvpairs_bytes(p) + ((size_t)p->npaired + 1) *
	    (sizeof *d->adjoff + sizeof *d->pending + sizeof *d->set +
	    sizeof *d->nset + sizeof *d->rank + sizeof *d->byrank) +
	    d->adjoff[p->npaired] * sizeof *d->adj +
	    p->ids.n * sizeof *d->line + d->caporder * sizeof *d->order +
	    d->groups.cap * sizeof *d->groups.lead;

	diag_warn("%zu pairs of %u IDs, %ju confirmed; %ju documents, %ju of "
	    "them in pairs", p->n, p->npaired, (uintmax_t)d->nconfirmed,
	    (uintmax_t)d->ndocs, (uintmax_t)d->nshingled);
	diag_warn("memory: shingle sets at most %.1f MB (%zu at once), pairs "
	    "and IDs %.1f MB", mb(d->peakbytes), d->peaksets, mb(fixed));
}
