#define _DEFAULT_SOURCE		/* madvise */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "fingerprint.h"
#include "nearrecs.h"
#include "xalloc.h"

/* --- faulting pages in ahead ---------------------------------------------
 *
 * A page the records reach for the first time is cleared by the kernel
 * as the reading thread touches it: 3 GB of IDs, offsets and entries at
 * 100M records, cleared at 0.4 to 1.9 GB/s on the 2-core virtual machine
 * of the benchmarks (huge pages the slower: the host backs them anew).
 * With a second core free,
 * a thread faults them in (MADV_POPULATE_WRITE, which leaves the bytes
 * as they are) up to AHEAD bytes beyond what each array holds, no
 * further, so that the pages in use stay the ones the records fill
 * (AHEAD: not tuned).  Reading 100M planted records took 9.7 and 11.3 s
 * so where it took 15.6 and 14.9 without (alternate runs, the machine's
 * 2 cores loaded 2 to 2.6). */
#if defined(MADV_POPULATE_WRITE)
#define AHEAD	(8u << 20)

struct nearrecs_ahead {
	pthread_t	 th;
	pthread_mutex_t	 lock;
	pthread_cond_t	 idle;		/* busy went false */
	bool		 busy;		/* faulting in: the arrays stay */
	bool		 stop;
	struct {
		char	*base;
		size_t	 used, cap, done;	/* bytes */
	} a[3];
};

static void *
ahead_work(void *arg)
{
	struct nearrecs_ahead *ah = arg;
	long pg = sysconf(_SC_PAGESIZE);
	uintptr_t pmask = (uintptr_t)(pg > 0 ? pg : 4096) - 1;

	pthread_mutex_lock(&ah->lock);
	while (!ah->stop) {
		bool did = false;

		for (unsigned i = 0; i < 3; i++) {
			size_t to = ah->a[i].used + AHEAD, from = ah->a[i].done;
			uintptr_t lo, hi;

			if (to > ah->a[i].cap)
				to = ah->a[i].cap;
			if (ah->a[i].base == NULL || from >= to)
				continue;
			if (from < ah->a[i].used)
				from = ah->a[i].used;
			lo = ((uintptr_t)ah->a[i].base + from + pmask) & ~pmask;
			hi = ((uintptr_t)ah->a[i].base + to) & ~pmask;
			ah->a[i].done = to;
			if (hi > lo) {
				/* the lock free: the reader goes on, and
				 * waits only to move an array */
				ah->busy = true;
				pthread_mutex_unlock(&ah->lock);
				(void)madvise((void *)lo, hi - lo,
				    MADV_POPULATE_WRITE);
				pthread_mutex_lock(&ah->lock);
				ah->busy = false;
				pthread_cond_signal(&ah->idle);
			}
			did = true;
		}
		if (!did) {
			struct timespec ms = { 0, 1000000 };

			pthread_mutex_unlock(&ah->lock);
			nanosleep(&ms, NULL);
			pthread_mutex_lock(&ah->lock);
		}
	}
	pthread_mutex_unlock(&ah->lock);
	return NULL;
}

/* Tell the thread where the arrays are and how full (starting it). */
static void
ahead_note(struct nearrecs *r)
{
	struct nearrecs_ahead *ah = r->ah;
	struct nearrecs_part *p = &r->in;
	size_t ow = p->wide ? sizeof *p->off64 : sizeof *p->off32;
	char *base[3] = { p->ids.p, p->wide ? (char *)p->off64 :
	    (char *)p->off32, (char *)r->ent };
	size_t used[3] = { p->ids.len, p->n * ow, r->nent * sizeof *r->ent };
	size_t cap[3] = { p->ids.cap, p->cap * ow,
	    r->capent * sizeof *r->ent };

	if (ah == NULL) {
		ah = xmalloc(sizeof *ah);
		memset(ah, 0, sizeof *ah);
		pthread_mutex_init(&ah->lock, NULL);
		pthread_cond_init(&ah->idle, NULL);
		if (pthread_create(&ah->th, NULL, ahead_work, ah) != 0) {
			pthread_mutex_destroy(&ah->lock);
			pthread_cond_destroy(&ah->idle);
			free(ah);
			r->ahead = false;
			return;
		}
		r->ah = ah;
	}
	pthread_mutex_lock(&ah->lock);
	for (unsigned i = 0; i < 3; i++) {
		if (ah->a[i].base != base[i])	/* moved: faulted in again */
			ah->a[i].done = used[i];
		ah->a[i].base = base[i];
		ah->a[i].used = used[i];
		ah->a[i].cap = cap[i];
	}
	pthread_mutex_unlock(&ah->lock);
}

/* Before an array moves, the thread must not be faulting it in. */
static void
ahead_hold(struct nearrecs *r)
{
	if (r->ah != NULL) {
		pthread_mutex_lock(&r->ah->lock);
		while (r->ah->busy)
			pthread_cond_wait(&r->ah->idle, &r->ah->lock);
	}
}

static void
ahead_release(struct nearrecs *r)
{
	if (r->ah != NULL) {
		pthread_mutex_unlock(&r->ah->lock);
		ahead_note(r);
	}
}

void
nearrecs_added(struct nearrecs *r)
{
	struct nearrecs_ahead *ah = r->ah;

	if (ah == NULL)
		return;
	pthread_mutex_lock(&ah->lock);
	ah->stop = true;
	pthread_mutex_unlock(&ah->lock);
	pthread_join(ah->th, NULL);
	pthread_mutex_destroy(&ah->lock);
	pthread_cond_destroy(&ah->idle);
	free(ah);
	r->ah = NULL;
}
#else
static void
ahead_note(struct nearrecs *r)
{
	r->ahead = false;
}

static void
ahead_hold(struct nearrecs *r)
{
	(void)r;
}

static void
ahead_release(struct nearrecs *r)
{
	(void)r;
}

void
nearrecs_added(struct nearrecs *r)
{
	(void)r;
}
#endif

unsigned
nearrecs_parse_fps(const char *p, size_t n, uint64_t *fp, unsigned max)
{
	const char *end = p + n;
	unsigned nfp = 0;

	/* one fingerprint, the common case: no comma to look for */
	if (n == FINGERPRINT_HEXLEN && max > 0)
		return fingerprint_parse(p, n, fp) ? 1 : 0;
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
		ahead_hold(r);
		r->capent = r->capent ? 2 * r->capent : 4096;
		r->ent = xrealloc_huge(r->ent, r->capent * sizeof *r->ent);
		ahead_release(r);
	}
	r->ent[r->nent].fp = fp;
	r->ent[r->nent].idx = idx;
	r->nent++;
}

/* The IDs' offsets take 4 bytes each until the IDs reach this many
 * bytes, 8 from then on: 0.4 GB less at 100M records, and the kernel
 * clears each page the records take the first time it is touched (at
 * some 0.4 GB/s on the benchmarks' virtual machine: 18% of the CPU time
 * of 100M planted at k = 4).  CRAWLUTILS_NEARRECS_WIDE_AT sets it lower,
 * for the tests. */
static size_t
wide_at(void)
{
	static size_t at;

	if (at == 0) {
		const char *e = getenv("CRAWLUTILS_NEARRECS_WIDE_AT");
		unsigned long long v = e != NULL ? strtoull(e, NULL, 10) : 0;

		at = v > 0 && v < UINT32_MAX ? (size_t)v : UINT32_MAX;
	}
	return at;
}

/* Make the offsets of p 8 bytes each (the arrays move: the thread of
 * ahead waits). */
static void
widen(struct nearrecs *r, struct nearrecs_part *p)
{
	uint64_t *o;

	ahead_hold(r);
	o = xmalloc_huge((p->cap ? p->cap : 1) * sizeof *o);
	/* offsets 0 to n are written once a record is */
	for (size_t i = 0; p->n > 0 && i <= p->n; i++)
		o[i] = p->off32[i];
	free(p->off32);
	p->off32 = NULL;
	p->off64 = o;
	p->wide = true;
	ahead_release(r);
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

		ahead_hold(r);
		/* huge pages: the IDs are read at random when the pairs are
		 * written (nearsearch_write_pairs) */
		if (rs->wide)
			rs->off64 = xrealloc_huge(rs->off64, cap *
			    sizeof *rs->off64);
		else
			rs->off32 = xrealloc_huge(rs->off32, cap *
			    sizeof *rs->off32);
		rs->blank = xrealloc(rs->blank, cap / 8);
		memset(rs->blank + rs->cap / 8, 0, (cap - rs->cap) / 8);
		if (keep)
			rs->fps = xrealloc(rs->fps, cap * r->npos * sizeof *rs->fps);
		rs->cap = cap;
		ahead_release(r);
	}
	if (rs->ids.cap - rs->ids.len < id->n) {
		ahead_hold(r);
		buf_reserve(&rs->ids, id->n);
		xalloc_huge(rs->ids.p, rs->ids.cap);
		ahead_release(r);
	}
	if (!rs->wide && rs->ids.len + id->n >= wide_at())
		widen(r, rs);
	if (rs->wide) {
		if (rs->n == 0)
			rs->off64[0] = rs->ids.len;
		buf_append(&rs->ids, id->p, id->n);
		rs->off64[rs->n + 1] = rs->ids.len;
	} else {
		if (rs->n == 0)
			rs->off32[0] = (uint32_t)rs->ids.len;
		buf_append(&rs->ids, id->p, id->n);
		rs->off32[rs->n + 1] = (uint32_t)rs->ids.len;
	}
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
	/* the input's arrays, told how full now and then */
	if (r->ahead && !archive && (rs->n & 0x3fff) == 0)
		ahead_note(r);
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
	free(p->off32);
	free(p->off64);
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
	nearrecs_added(r);
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
