/* The records nearpairs(1) holds in memory to search them, each known by
 * its number (idx): the input's from 0, then those of the part of the
 * --against archive being searched from in.n on.  A record keeps its ID
 * (the bytes, any bytes, in one arena) and its fingerprints, npos of them,
 * the same number for every record.  A fingerprint 0 takes no part in the
 * search unless keep_empty is set; a record without any other is blank.
 *
 * The entries (fingerprint and idx) are what the tables sort.  With one
 * fingerprint a record and keep_fps unset, a record's fingerprint lives
 * in its entry alone, added with the record, so that the entries and the
 * sort's scratch copy take 24 bytes a fingerprint; otherwise the records
 * keep their fingerprints and nearrecs_fill() makes the entries of one
 * position at a time. */
#ifndef CRAWLUTILS_NEARRECS_H
#define CRAWLUTILS_NEARRECS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "field.h"
#include "nearidx.h"

#define NEARRECS_MAXPOS	64		/* fingerprints a record */
#define NEARRECS_MAXREC	((1u << 29) - 1) /* records; see nearsearch.h */

struct nearrecs_part {
	struct buf	 ids;
	/* ID i is ids.p[off[i] .. off[i + 1]): off32 while the IDs take
	 * less than wide_at bytes (4 GB), off64 from then on (wide) */
	uint32_t	*off32;
	uint64_t	*off64;
	bool		 wide;
	size_t		 n, cap;
	uint64_t	*fps;		/* n * npos, when kept */
	uint8_t		*blank;		/* a bit a record */
};

struct nearrecs_ahead;

struct nearrecs {
	unsigned	 npos;		/* 0 until the first record is parsed */
	bool		 keep_empty;
	/* while records are added, a thread of its own faults in the pages
	 * the IDs, their offsets and the entries will take next */
	bool		 ahead;
	struct nearrecs_ahead	*ah;
	bool		 keep_fps;	/* fingerprints in the records, always */
	struct nearrecs_part	 in, arc;
	struct nearidx_entry	*ent;
	size_t		 nent, capent;
};

/* Parse one or more comma-separated fingerprints (fingerprint_parse's
 * form) into fp: their number, or 0 if p[0..n) is not that (more than max
 * is not). */
unsigned nearrecs_parse_fps(const char *p, size_t n, uint64_t *fp,
    unsigned max);
/* The fingerprints of a record's field fieldno, p[0..n), into fp: false
 * with the reason in why (a record's rejection message) when they are
 * not one or more comma-separated fingerprints, or not as many as the
 * first record had (r->npos, set by the first). */
bool nearrecs_parse_record_fps(struct nearrecs *r, const char *p, size_t n,
    int fieldno, uint64_t *fp, char *why, size_t whylen);

void nearrecs_free(struct nearrecs *r);
/* The records added, for now: stop the thread of ahead (if it runs). */
void nearrecs_added(struct nearrecs *r);
/* Add a record of npos fingerprints to the input or to the archive part;
 * fatal beyond NEARRECS_MAXREC records in all. */
void nearrecs_add(struct nearrecs *r, bool archive, const struct span *id,
    const uint64_t *fp);
/* Forget the records of a part (not their entries). */
void nearrecs_clear(struct nearrecs_part *p);
/* Forget the archive part, and its entries with one fingerprint a
 * record (the input's stay, for the next part). */
void nearrecs_drop_archive(struct nearrecs *r);
static inline bool
nearrecs_valid(const struct nearrecs *r, uint64_t fp)
{
	return fp != 0 || r->keep_empty;
}

static inline const uint64_t *
nearrecs_fps(const struct nearrecs *r, uint32_t idx)
{
	return idx < r->in.n ? r->in.fps + (size_t)idx * r->npos :
	    r->arc.fps + (size_t)(idx - r->in.n) * r->npos;
}

static inline const char *
nearrecs_id(const struct nearrecs *r, uint32_t idx, size_t *n)
{
	const struct nearrecs_part *p = idx < r->in.n ? &r->in : &r->arc;
	size_t i = idx < r->in.n ? idx : idx - r->in.n;

	size_t a, b;

	if (p->wide) {
		a = (size_t)p->off64[i];
		b = (size_t)p->off64[i + 1];
	} else {
		a = p->off32[i];
		b = p->off32[i + 1];
	}
	*n = b - a;
	return p->ids.p + a;
}

/* The address of the offset of record idx's ID (to prefetch it). */
static inline const void *
nearrecs_off_addr(const struct nearrecs *r, uint32_t idx)
{
	const struct nearrecs_part *p = idx < r->in.n ? &r->in : &r->arc;
	size_t i = idx < r->in.n ? idx : idx - r->in.n;

	return p->wide ? (const void *)(p->off64 + i) :
	    (const void *)(p->off32 + i);
}

bool nearrecs_blank(const struct nearrecs *r, uint32_t idx);
/* Every record's idx, in order (free it). */
uint32_t *nearrecs_all(const struct nearrecs *r, size_t *n);
void nearrecs_free_entries(struct nearrecs *r);
void nearrecs_push(struct nearrecs *r, uint64_t fp, uint32_t idx);
/* The entries of position p of the records idx[0..n), in that order. */
void nearrecs_fill(struct nearrecs *r, unsigned p, const uint32_t *idx,
    size_t n);

#endif
