/* The candidate pairs of nearverify(1): see nvpairs.h. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "nvpairs.h"
#include "xalloc.h"

void
nvpairs_init(struct nvpairs *p)
{
	memset(p, 0, sizeof *p);
	idtab_init(&p->ids);
	idtab_init(&p->rests);
}

void
nvpairs_free(struct nvpairs *p)
{
	idtab_free(&p->ids);
	idtab_free(&p->rests);
	free(p->v);
	free(p->anchors);
	memset(p, 0, sizeof *p);
}

/* A new anchor starts at each file and after each line that is not a
 * kept pair. */
static void
add_anchor(struct nvpairs *p, const char *file, uintmax_t line)
{
	if (p->nanchors > 0) {
		const struct nvpairs_anchor *a = &p->anchors[p->nanchors - 1];

		if (a->file == file && a->line + (p->n - a->pair) == line)
			return;
	}
	p->anchors = xgrow_array(p->anchors, &p->capanchors, p->nanchors + 1,
	    sizeof *p->anchors);
	p->anchors[p->nanchors++] = (struct nvpairs_anchor){ p->n, line, file };
}

bool
nvpairs_add(struct nvpairs *p, const char *rec, size_t n, const char *file,
    uintmax_t line)
{
	const char *t1, *t2, *end = rec + n;
	struct nvpairs_pair *q;
	bool added;

	t1 = memchr(rec, '\t', n);
	if (t1 == NULL)
		return false;
	t2 = memchr(t1 + 1, '\t', (size_t)(end - t1 - 1));
	if (t2 == NULL)
		t2 = end;
	if (p->n == NVPAIRS_MAX)
		diag_fatal("more than %lu pairs: split the input",
		    (unsigned long)NVPAIRS_MAX);
	p->v = xgrow_array(p->v, &p->cap, p->n + 1, sizeof *p->v);
	add_anchor(p, file, line);
	q = &p->v[p->n++];
	q->a = idtab_add(&p->ids, rec, (size_t)(t1 - rec), &added);
	q->b = idtab_add(&p->ids, t1 + 1, (size_t)(t2 - t1 - 1), &added);
	q->rest = idtab_add(&p->rests, t2, (size_t)(end - t2), &added);
	q->common = 0;
	return true;
}

void
nvpairs_done(struct nvpairs *p)
{
	p->npaired = (uint32_t)p->ids.n;
}

const char *
nvpairs_where(const struct nvpairs *p, size_t i, uintmax_t *line)
{
	size_t lo = 0, hi = p->nanchors;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->anchors[mid].pair <= i)
			lo = mid;
		else
			hi = mid;
	}
	*line = p->anchors[lo].line + (i - p->anchors[lo].pair);
	return p->anchors[lo].file;
}

void
nvpairs_record(const struct nvpairs *p, size_t i, struct buf *b)
{
	const struct nvpairs_pair *q = &p->v[i];
	const char *s;
	size_t n;

	s = idtab_get(&p->ids, q->a, &n);
	buf_append(b, s, n);
	buf_putc(b, '\t');
	s = idtab_get(&p->ids, q->b, &n);
	buf_append(b, s, n);
	s = idtab_get(&p->rests, q->rest, &n);
	buf_append(b, s, n);
}

size_t
nvpairs_bytes(const struct nvpairs *p)
{
	return idtab_bytes(&p->ids) + idtab_bytes(&p->rests) +
	    p->cap * sizeof *p->v + p->capanchors * sizeof *p->anchors;
}
