#include <stdio.h>
#include <string.h>

#include "fingerprint.h"
#include "nearkeys.h"

size_t
nk_emit(struct out *o, const struct nearrecs *r, const struct np_design *d,
    long long part, uintmax_t recno, const struct span *id,
    const uint64_t *fp)
{
	char rec[48], key[NP_KEYMAX], hex[FP_HEXLEN];
	int nrec = snprintf(rec, sizeof rec, "%06lld.%012ju", part, recno);
	size_t nw = 0;

	for (unsigned p = 0; p < r->npos; p++) {
		if (!nr_valid(r, fp[p]))
			continue;
		for (unsigned t = 0; t < d->ntables; t++) {
			size_t n = np_key_format(key, p * d->ntables + t,
			    np_key(d, t, fp[p]), d->sel[t].bits);

			out_write(o, key, n);
			out_putc(o, '\t');
			out_write(o, rec, (size_t)nrec);
			out_putc(o, '\t');
			out_write(o, id->p, id->n);
			out_putc(o, '\t');
			for (unsigned q = 0; q < r->npos; q++) {
				if (q)
					out_putc(o, ',');
				fp_format(fp[q], hex);
				out_write(o, hex, sizeof hex);
			}
			out_end_record(o);
			nw++;
		}
	}
	return nw;
}

bool
nk_fields(const char *p, size_t n, struct span f[4])
{
	const char *end = p + n;
	int nf = 0;

	for (;;) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));

		if (nf == 4)
			return false;
		f[nf].p = p;
		f[nf].n = (size_t)((tab ? tab : end) - p);
		nf++;
		if (tab == NULL)
			return nf == 4;
		p = tab + 1;
	}
}

bool
nk_key_matches(const struct nearrecs *r, const struct np_design *d,
    unsigned t, uint64_t key, const uint64_t *fp)
{
	return t < r->npos * d->ntables && nr_valid(r, fp[t / d->ntables]) &&
	    np_key(d, t % d->ntables, fp[t / d->ntables]) == key;
}

void
nk_reducer_init(struct nk_reducer *red, struct nearsearch *srch)
{
	memset(red, 0, sizeof *red);
	red->srch = srch;
}

void
nk_reducer_free(struct nk_reducer *red)
{
	buf_free(&red->key);
	buf_free(&red->rid);
}

/* Does a come before b in byte order? */
static bool
earlier(const struct span *a, const struct span *b)
{
	size_t m = a->n < b->n ? a->n : b->n;
	int c = memcmp(a->p, b->p, m);

	return c < 0 || (c == 0 && a->n < b->n);
}

/* The RECORD and ID of a bucket record, kept as "RECORD TAB ID". */
static void
split_id(const struct nearrecs *r, uint32_t idx, struct span *rec,
    struct span *id)
{
	size_t n;
	const char *p = nr_id(r, idx, &n);
	const char *tab = memchr(p, '\t', n);

	rec->p = p;
	rec->n = (size_t)(tab - p);
	id->p = tab + 1;
	id->n = n - rec->n - 1;
}

static void
reduce_bucket(struct nk_reducer *red, struct out *o)
{
	struct nearsearch *s = red->srch;

	ns_bucket(s, red->table);
	np_sort_u64(s->pairs, s->npairs);
	for (size_t i = 0; i < s->npairs; i++) {
		struct span ra, ia, rb, ib;

		split_id(s->recs, NS_A(s->pairs[i]), &ra, &ia);
		split_id(s->recs, NS_B(s->pairs[i]), &rb, &ib);
		if (earlier(&rb, &ra)) {
			struct span t = ra;

			ra = rb;
			rb = t;
			t = ia;
			ia = ib;
			ib = t;
		}
		out_write(o, ra.p, ra.n);
		out_putc(o, '\t');
		out_write(o, rb.p, rb.n);
		out_putc(o, '\t');
		out_write(o, ia.p, ia.n);
		out_putc(o, '\t');
		out_write(o, ib.p, ib.n);
		out_putc(o, '\t');
		ns_write_distance(o, NS_D(s->pairs[i]));
		out_end_record(o);
	}
	red->nwritten += s->npairs;
	s->npairs = 0;
	nr_clear(&s->recs->in);
	s->recs->nent = 0;
}

bool
nk_reduce(struct nk_reducer *red, struct out *o, const struct span f[4],
    unsigned t, const uint64_t *fp)
{
	bool unsorted = false;
	struct span id;

	if (!red->have_key || red->key.len != f[0].n ||
	    memcmp(red->key.p, f[0].p, f[0].n) != 0) {
		if (red->have_key) {
			struct span prev = { red->key.p, red->key.len };

			unsorted = earlier(&f[0], &prev);
			reduce_bucket(red, o);
		}
		red->key.len = 0;
		buf_append(&red->key, f[0].p, f[0].n);
		red->have_key = true;
		red->table = t;
	}
	red->rid.len = 0;
	buf_append(&red->rid, f[1].p, f[1].n);
	buf_putc(&red->rid, '\t');
	buf_append(&red->rid, f[2].p, f[2].n);
	id.p = red->rid.p;
	id.n = red->rid.len;
	nr_add(red->srch->recs, false, &id, fp);
	return unsorted;
}

void
nk_reduce_end(struct nk_reducer *red, struct out *o)
{
	if (red->have_key)
		reduce_bucket(red, o);
}
