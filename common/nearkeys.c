#define _POSIX_C_SOURCE 200809L	/* O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fingerprint.h"
#include "nearkeys.h"
#include "radix.h"
#include "xalloc.h"

/* The tail of a record's key records: TAB RECORD TAB ID TAB FP[,FP...] */
static void
format_tail(struct buf *b, long long part, uintmax_t recno,
    const struct span *id, const uint64_t *fp, unsigned npos)
{
	char rec[48], hex[FINGERPRINT_HEXLEN];
	int nrec = snprintf(rec, sizeof rec, "\t%06lld.%012ju\t", part, recno);

	buf_append(b, rec, (size_t)nrec);
	buf_append(b, id->p, id->n);
	buf_putc(b, '\t');
	for (unsigned q = 0; q < npos; q++) {
		if (q)
			buf_putc(b, ',');
		fingerprint_format(fp[q], hex);
		buf_append(b, hex, sizeof hex);
	}
}

size_t
nearkeys_emit(struct out *o, const struct nearrecs *r,
    const struct nearidx_design *d, long long part, uintmax_t recno,
    const struct span *id, const uint64_t *fp)
{
	static struct buf tail;
	char key[NEARIDX_KEYMAX];
	size_t nw = 0;

	tail.len = 0;
	format_tail(&tail, part, recno, id, fp, r->npos);
	for (unsigned p = 0; p < r->npos; p++) {
		if (!nearrecs_valid(r, fp[p]))
			continue;
		for (unsigned t = 0; t < d->ntables; t++) {
			size_t n = nearidx_key_format(key, p * d->ntables + t,
			    nearidx_key(d, t, fp[p]), d->sel[t].bits);

			out_write(o, key, n);
			out_write(o, tail.p, tail.len);
			out_end_record(o);
			nw++;
		}
	}
	return nw;
}

/* --- partitions ---------------------------------------------------------- */

void
nearkeys_parts_init(struct nearkeys_parts *kp, unsigned nparts)
{
	memset(kp, 0, sizeof *kp);
	kp->nparts = nparts;
}

void
nearkeys_parts_free(struct nearkeys_parts *kp)
{
	free(kp->keys);
	buf_free(&kp->tails);
	free(kp->off);
	free(kp->rank);
	free(kp->table);
}

static int
cmp_table(const void *a, const void *b)
{
	char ka[16], kb[16];

	snprintf(ka, sizeof ka, "%03u.", *(const uint16_t *)a);
	snprintf(kb, sizeof kb, "%03u.", *(const uint16_t *)b);
	return strcmp(ka, kb);
}

/* The ranks of the tables: their numbers are written "%03u.", whose byte
 * order is not the numbers' from table 1000 on ("1000." < "999."), and
 * the line's byte order is the reduce's.  Within a table every key has
 * the same number of hex digits, so byte order is the keys' order. */
static void
rank_tables(struct nearkeys_parts *kp, unsigned ntab)
{
	kp->rank = xmalloc(ntab * sizeof *kp->rank);
	kp->table = xmalloc(ntab * sizeof *kp->table);
	for (unsigned t = 0; t < ntab; t++)
		kp->table[t] = (uint16_t)t;
	qsort(kp->table, ntab, sizeof *kp->table, cmp_table);
	for (unsigned i = 0; i < ntab; i++)
		kp->rank[kp->table[i]] = (uint16_t)i;
}

void
nearkeys_keep(struct nearkeys_parts *kp, const struct nearrecs *r,
    const struct nearidx_design *d, long long part, uintmax_t recno,
    const struct span *id, const uint64_t *fp)
{
	uint32_t idx = (uint32_t)kp->nrec;
	size_t first;

	if (kp->rank == NULL)
		rank_tables(kp, r->npos * d->ntables);
	if (kp->nrec + 2 > kp->caprec) {
		kp->caprec = kp->caprec ? kp->caprec * 2 : 1024;
		kp->off = xrealloc(kp->off, kp->caprec * sizeof *kp->off);
	}
	kp->off[idx] = kp->tails.len;
	format_tail(&kp->tails, part, recno, id, fp, r->npos);
	kp->off[idx + 1] = kp->tails.len;
	kp->nrec++;
	first = kp->nkeys;
	for (unsigned p = 0; p < r->npos; p++) {
		if (!nearrecs_valid(r, fp[p]))
			continue;
		for (unsigned t = 0; t < d->ntables; t++) {
			unsigned tab = p * d->ntables + t;
			uint64_t key = nearidx_key(d, t, fp[p]);
			uint16_t pj = (uint16_t)nearkeys_partition(tab, key,
			    kp->nparts);
			struct nearkeys_key *e;
			size_t j = first;

			if (kp->records) {	/* once a partition */
				while (j < kp->nkeys && kp->keys[j].part != pj)
					j++;
				if (j < kp->nkeys)
					continue;
				key = 0;
				tab = 0;
			}
			if (kp->nkeys == kp->capkeys) {
				kp->capkeys = kp->capkeys ? kp->capkeys * 2 : 4096;
				kp->keys = xrealloc(kp->keys,
				    kp->capkeys * sizeof *kp->keys);
			}
			e = &kp->keys[kp->nkeys++];
			e->key = key;
			e->idx = idx;
			e->part = pj;
			e->rank = kp->rank[tab];
		}
	}
}

/* Byte i of the field f (0 the key, 1 the rank, 2 the partition). */
static unsigned
digit(const struct nearkeys_key *e, int f, unsigned i)
{
	uint64_t v = f == 0 ? e->key : f == 1 ? e->rank : e->part;

	return (unsigned)(v >> (8 * i)) & 255;
}

/* Sort the keys by partition, then in the line's byte order: table (its
 * rank), key, and record, which is the order they were kept in.  An LSD
 * radix sort, stable, a pass a byte, the passes whose byte is the same
 * for all of them skipped: 4 passes for -k 5 and 4 partitions, 12 times
 * faster than qsort (384,672 keys of bench/cluster.sh's shard: 0.28 s
 * against 0.02 s of CPU time). */
static void
sort_keys(struct nearkeys_parts *kp)
{
	static const unsigned bytes[3] = { 8, 2, 2 };
	struct nearkeys_key *a = kp->keys, *b, *t;
	size_t n = kp->nkeys;

	if (n < 2)
		return;
	b = xmalloc(n * sizeof *b);
	for (int f = 0; f < 3; f++) {
		for (unsigned i = 0; i < bytes[f]; i++) {
			size_t count[256] = { 0 }, pos = 0;
			unsigned d0 = digit(&a[0], f, i);
			bool same = true;

			for (size_t j = 0; j < n; j++) {
				unsigned d = digit(&a[j], f, i);

				count[d]++;
				same = same && d == d0;
			}
			if (same)
				continue;
			for (unsigned d = 0; d < 256; d++) {
				size_t c = count[d];

				count[d] = pos;
				pos += c;
			}
			for (size_t j = 0; j < n; j++)
				b[count[digit(&a[j], f, i)]++] = a[j];
			t = a;
			a = b;
			b = t;
		}
	}
	if (a != kp->keys)
		kp->capkeys = n;	/* the scratch copy holds them now */
	free(b);
	kp->keys = a;
}

size_t
nearkeys_write_parts(struct nearkeys_parts *kp, const struct nearidx_design *d,
    const char *prefix)
{
	size_t plen = strlen(prefix), i = 0;
	char *path = xmalloc(plen + 16);

	sort_keys(kp);
	for (unsigned j = 0; j < kp->nparts; j++) {
		struct out o;
		int fd;

		snprintf(path, plen + 16, "%s.%u", prefix, j);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (fd < 0)
			diag_fatal("%s: %s", path, strerror(errno));
		out_init(&o, fd, path);
		for (; i < kp->nkeys && kp->keys[i].part == j; i++) {
			const struct nearkeys_key *e = &kp->keys[i];
			unsigned tab = kp->table[e->rank];
			char key[NEARIDX_KEYMAX];
			size_t n = kp->records ? 0 : nearidx_key_format(key,
			    tab, e->key, d->sel[tab % d->ntables].bits);
			size_t skip = kp->records;	/* the tail's TAB */

			out_write(&o, key, n);
			out_write(&o, kp->tails.p + kp->off[e->idx] + skip,
			    (size_t)(kp->off[e->idx + 1] - kp->off[e->idx]) -
			    skip);
			out_end_record(&o);
		}
		out_close(&o);
	}
	free(path);
	return kp->nkeys;
}

/* Split p[0..n) into exactly nwant TAB-separated fields. */
static bool
fields(const char *p, size_t n, struct span *f, int nwant)
{
	const char *end = p + n;
	int nf = 0;

	for (;;) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));

		if (nf == nwant)
			return false;
		f[nf].p = p;
		f[nf].n = (size_t)((tab ? tab : end) - p);
		nf++;
		if (tab == NULL)
			return nf == nwant;
		p = tab + 1;
	}
}

bool
nearkeys_fields(const char *p, size_t n, struct span f[4])
{
	return fields(p, n, f, 4);
}

bool
nearkeys_key_matches(const struct nearrecs *r, const struct nearidx_design *d,
    unsigned t, uint64_t key, const uint64_t *fp)
{
	return t < r->npos * d->ntables && nearrecs_valid(r,
	    fp[t / d->ntables]) && nearidx_key(d, t % d->ntables,
	    fp[t / d->ntables]) == key;
}

bool
nearkeys_parse(struct nearrecs *r, const struct nearidx_design *d,
    const char *p, size_t n, struct nearkeys_record *kr, char *why,
    size_t whylen)
{
	char q[DIAG_QUOTE_MAX];
	const struct span *f = kr->f;

	if (!nearkeys_fields(p, n, kr->f)) {
		snprintf(why, whylen, "not a record of --emit-keys (KEY TAB "
		    "RECORD TAB ID TAB FP): %zu fields", field_count(p, n));
		return false;
	}
	if (!nearidx_key_parse(f[0].p, f[0].n, &kr->table, &kr->key)) {
		snprintf(why, whylen, "field 1: '%s' is not a key of "
		    "--emit-keys", diag_quote(f[0].p, f[0].n, q, sizeof q));
		return false;
	}
	if (f[1].n == 0) {
		snprintf(why, whylen, "field 2: no record number");
		return false;
	}
	if (!nearrecs_parse_record_fps(r, f[3].p, f[3].n, 4, kr->fp, why,
	    whylen))
		return false;
	if (!nearkeys_key_matches(r, d, kr->table, kr->key, kr->fp)) {
		snprintf(why, whylen, "field 1: '%s' is not the key of the "
		    "fingerprint with -k %u --tables %u%s (give --from-keys "
		    "the options --emit-keys had)",
		    diag_quote(f[0].p, f[0].n, q, sizeof q), d->k, d->ntables,
		    r->keep_empty ? " --keep-empty" : "");
		return false;
	}
	return true;
}

void
nearkeys_reducer_init(struct nearkeys_reducer *red, struct nearsearch *srch)
{
	memset(red, 0, sizeof *red);
	red->srch = srch;
}

void
nearkeys_reducer_free(struct nearkeys_reducer *red)
{
	buf_free(&red->key);
	buf_free(&red->rid);
}

bool
nearkeys_earlier(const struct span *a, const struct span *b)
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
	const char *p = nearrecs_id(r, idx, &n);
	const char *tab = memchr(p, '\t', n);

	rec->p = p;
	rec->n = (size_t)(tab - p);
	id->p = tab + 1;
	id->n = n - rec->n - 1;
}

/* Write the pairs found, sorted, RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB
 * DISTANCE, the earlier RECORD first, and forget them; how many. */
static size_t
put_pairs(struct nearsearch *s, struct out *o)
{
	size_t n = s->npairs;

	radix_sort_u64(s->pairs, s->npairs);
	for (size_t i = 0; i < s->npairs; i++) {
		struct span ra, ia, rb, ib;

		split_id(s->recs, NEARSEARCH_A(s->pairs[i]), &ra, &ia);
		split_id(s->recs, NEARSEARCH_B(s->pairs[i]), &rb, &ib);
		if (nearkeys_earlier(&rb, &ra)) {
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
		nearsearch_write_distance(o, NEARSEARCH_D(s->pairs[i]));
		out_end_record(o);
	}
	s->npairs = 0;
	return n;
}

static void
reduce_bucket(struct nearkeys_reducer *red, struct out *o)
{
	struct nearsearch *s = red->srch;

	nearsearch_bucket(s, red->table);
	red->nwritten += put_pairs(s, o);
	nearrecs_clear(&s->recs->in);
	s->recs->nent = 0;
}

bool
nearkeys_reduce(struct nearkeys_reducer *red, struct out *o,
    const struct span f[4], unsigned t, const uint64_t *fp)
{
	bool unsorted = false;
	struct span id;

	if (!red->have_key || red->key.len != f[0].n ||
	    memcmp(red->key.p, f[0].p, f[0].n) != 0) {
		if (red->have_key) {
			struct span prev = { red->key.p, red->key.len };

			unsorted = nearkeys_earlier(&f[0], &prev);
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
	nearrecs_add(red->srch->recs, false, &id, fp);
	return unsorted;
}

void
nearkeys_reduce_end(struct nearkeys_reducer *red, struct out *o)
{
	if (red->have_key)
		reduce_bucket(red, o);
}

/* --- records by partition ------------------------------------------------- */

/* Has a record with the fingerprints fp a key in partition part? */
static bool
in_partition(const struct nearrecs *r, const struct nearidx_design *d,
    const uint64_t *fp, unsigned part, unsigned nparts)
{
	for (unsigned p = 0; p < r->npos; p++) {
		if (!nearrecs_valid(r, fp[p]))
			continue;
		for (unsigned t = 0; t < d->ntables; t++)
			if (nearkeys_partition(p * d->ntables + t,
			    nearidx_key(d, t, fp[p]), nparts) == part)
				return true;
	}
	return false;
}

bool
nearkeys_parse_rec(struct nearrecs *r, const struct nearidx_design *d,
    unsigned part, unsigned nparts, const char *p, size_t n,
    struct span f[3], uint64_t *fp, char *why, size_t whylen)
{
	if (!fields(p, n, f, 3)) {
		snprintf(why, whylen, "not a record of --emit-records (RECORD "
		    "TAB ID TAB FP): %zu fields", field_count(p, n));
		return false;
	}
	if (f[0].n == 0) {
		snprintf(why, whylen, "field 1: no record number");
		return false;
	}
	if (!nearrecs_parse_record_fps(r, f[2].p, f[2].n, 3, fp, why, whylen))
		return false;
	if (!in_partition(r, d, fp, part, nparts)) {
		snprintf(why, whylen, "no key of the record is in partition "
		    "%u of %u with -k %u --tables %u%s (give --from-records "
		    "the options --emit-records had)", part, nparts, d->k,
		    d->ntables, r->keep_empty ? " --keep-empty" : "");
		return false;
	}
	return true;
}

size_t
nearkeys_reduce_part(struct nearsearch *s, struct out *o, unsigned part,
    unsigned nparts)
{
	struct nearrecs *r = s->recs;
	const struct nearidx_design *d = &s->design;
	size_t n = r->in.n;
	struct nearidx_entry *e = xmalloc((n + 1) * sizeof *e);
	struct nearidx_entry *tmp = xmalloc((n + 1) * sizeof *tmp);

	for (unsigned p = 0; p < r->npos; p++) {
		for (unsigned t = 0; t < d->ntables; t++) {
			unsigned tab = p * d->ntables + t;
			size_t m = 0;

			/* the keys of the partition, sorted (stably: the
			 * records of a bucket stay in their order) */
			for (uint32_t i = 0; i < n; i++) {
				uint64_t f = r->in.fps[(size_t)i * r->npos + p];
				uint64_t key;

				if (!nearrecs_valid(r, f))
					continue;
				key = nearidx_key(d, t, f);
				if (nearkeys_partition(tab, key, nparts) != part)
					continue;
				e[m].fp = key;
				e[m++].idx = i;
			}
			nearidx_sort_fp(e, tmp, m);
			for (size_t a = 0, b; a < m; a = b) {
				for (b = a + 1; b < m && e[b].fp == e[a].fp; b++)
					;
				if (b - a < 2)
					continue;
				for (size_t j = a; j < b; j++)
					e[j].fp = r->in.fps[(size_t)e[j].idx *
					    r->npos + p];
				nearsearch_bucket_entries(s, tab, e + a, tmp,
				    b - a);
			}
		}
	}
	free(e);
	free(tmp);
	/* the records are in RECORD order: so are the pairs, sorted */
	return put_pairs(s, o);
}
