#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fingerprint.h"
#include "nearrecs.h"
#include "xalloc.h"

unsigned
nearrecs_parse_fps(const char *p, size_t n, uint64_t *fp, unsigned max)
{
	const char *end = p + n;
	unsigned nfp = 0;

	for (;;) {
		const char *c = memchr(p, ',', (size_t)(end - p));
		const char *e = c ? c : end;

		if (nfp == max ||
		    !fingerprint_parse(p, (size_t)(e - p), &fp[nfp]))
			return 0;
		nfp++;
		if (c == NULL)
			return nfp;
		p = c + 1;
	}
}

bool
nearrecs_parse_record_fps(struct nearrecs *r, const char *p, size_t n,
    int fieldno, uint64_t *fp, char *why, size_t whylen)
{
	char q[DIAG_QUOTE_MAX];
	unsigned nfp = nearrecs_parse_fps(p, n, fp, NEARRECS_MAXPOS);

	if (nfp == 0) {
		snprintf(why, whylen, "field %d: '%s' is not a fingerprint "
		    "(16 hex digits, or several separated by commas)",
		    fieldno, diag_quote(p, n, q, sizeof q));
		return false;
	}
	if (r->npos != 0 && nfp != r->npos) {
		snprintf(why, whylen, "field %d: %u fingerprints, where the "
		    "first record had %u", fieldno, nfp, r->npos);
		return false;
	}
	r->npos = nfp;
	return true;
}

void
nearrecs_push(struct nearrecs *r, uint64_t fp, uint32_t idx)
{
	if (r->nent == r->capent) {
		r->capent = r->capent ? 2 * r->capent : 4096;
		r->ent = xrealloc_huge(r->ent, r->capent * sizeof *r->ent);
	}
	r->ent[r->nent].fp = fp;
	r->ent[r->nent].idx = idx;
	r->nent++;
}

void
nearrecs_add(struct nearrecs *r, bool archive, const struct span *id,
    const uint64_t *fp)
{
	struct nearrecs_part *rs = archive ? &r->arc : &r->in;
	uint32_t base = archive ? (uint32_t)r->in.n : 0;
	bool keep = r->keep_fps || r->npos > 1, blank = true;

	if (base + rs->n >= NEARRECS_MAXREC)
		diag_fatal("more than %u records: split the input, or use "
		    "--emit-keys and --from-keys", NEARRECS_MAXREC);
	if (rs->n + 2 > rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 1024;

		/* huge pages: the IDs are read at random when the pairs are
		 * written (nearsearch_write_pairs) */
		rs->off = xrealloc_huge(rs->off, cap * sizeof *rs->off);
		rs->blank = xrealloc(rs->blank, cap / 8);
		memset(rs->blank + rs->cap / 8, 0, (cap - rs->cap) / 8);
		if (keep)
			rs->fps = xrealloc(rs->fps, cap * r->npos * sizeof *rs->fps);
		rs->cap = cap;
	}
	if (rs->n == 0)
		rs->off[0] = rs->ids.len;
	if (rs->ids.cap - rs->ids.len < id->n) {
		buf_reserve(&rs->ids, id->n);
		xalloc_huge(rs->ids.p, rs->ids.cap);
	}
	buf_append(&rs->ids, id->p, id->n);
	rs->off[rs->n + 1] = rs->ids.len;
	for (unsigned p = 0; p < r->npos; p++)
		if (nearrecs_valid(r, fp[p]))
			blank = false;
	if (keep)
		memcpy(rs->fps + rs->n * r->npos, fp, r->npos * sizeof *fp);
	else if (!blank)
		nearrecs_push(r, fp[0], base + (uint32_t)rs->n);
	if (blank)
		rs->blank[rs->n / 8] |= (uint8_t)(1u << (rs->n % 8));
	else
		rs->blank[rs->n / 8] &= (uint8_t)~(1u << (rs->n % 8));
	rs->n++;
}

void
nearrecs_clear(struct nearrecs_part *p)
{
	p->n = 0;
	p->ids.len = 0;
}

void
nearrecs_drop_archive(struct nearrecs *r)
{
	if (r->npos == 1) {
		/* the entries of the input stay for the next part */
		size_t m = 0;

		for (size_t i = 0; i < r->nent; i++)
			if (r->ent[i].idx < r->in.n)
				r->ent[m++] = r->ent[i];
		r->nent = m;
	}
	nearrecs_clear(&r->arc);
}

static void
part_free(struct nearrecs_part *p)
{
	buf_free(&p->ids);
	free(p->off);
	free(p->fps);
	free(p->blank);
	memset(p, 0, sizeof *p);
}

void
nearrecs_free_entries(struct nearrecs *r)
{
	free(r->ent);
	r->ent = NULL;
	r->nent = r->capent = 0;
}

void
nearrecs_free(struct nearrecs *r)
{
	part_free(&r->in);
	part_free(&r->arc);
	nearrecs_free_entries(r);
}

bool
nearrecs_blank(const struct nearrecs *r, uint32_t idx)
{
	const struct nearrecs_part *p = idx < r->in.n ? &r->in : &r->arc;
	size_t i = idx < r->in.n ? idx : idx - r->in.n;

	return p->blank[i / 8] >> (i % 8) & 1;
}

uint32_t *
nearrecs_all(const struct nearrecs *r, size_t *n)
{
	uint32_t *idx;

	*n = r->in.n + r->arc.n;
	idx = xmalloc((*n ? *n : 1) * sizeof *idx);
	for (size_t i = 0; i < *n; i++)
		idx[i] = (uint32_t)i;
	return idx;
}

void
nearrecs_fill(struct nearrecs *r, unsigned p, const uint32_t *idx, size_t n)
{
	r->nent = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t fp = nearrecs_fps(r, idx[i])[p];

		if (nearrecs_valid(r, fp))
			nearrecs_push(r, fp, idx[i]);
	}
}
