/* nearpairs(1)'s search over the records of nearrecs.h: every table of
 * the design at every fingerprint position, and the pairs it finds.
 *
 * A pair within k is kept once: with several fingerprints a record, at
 * the first position where the two are within k, with the smallest
 * distance over the positions (a fingerprint 0 counts only with
 * keep_empty); with distinct set, never when the IDs are URLs of two
 * versions (versions.h); when keyed, an ID is "RECORD TAB ID" and the
 * rule looks at the ID after the TAB.
 *
 * A pair is kept as a number, a << 35 | b << 6 | distance (29 bits a
 * record, hence NEARRECS_MAXREC), so that sorting the numbers sorts the pairs:
 * a is the earlier record, b the later (the other way round when
 * by_second is set); a pair of the archive and the input puts the
 * archive's record first, counted from the archive's first. */
#ifndef CRAWLUTILS_NEARSEARCH_H
#define CRAWLUTILS_NEARSEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nearidx.h"
#include "nearrecs.h"
#include "out.h"

#define NEARSEARCH_CODE(a, b, d) \
	((uint64_t)(a) << 35 | (uint64_t)(b) << 6 | (d))
#define NEARSEARCH_A(c)		((uint32_t)((c) >> 35))
#define NEARSEARCH_B(c)		((uint32_t)((c) >> 6 & NEARRECS_MAXREC))
#define NEARSEARCH_D(c)		((unsigned)((c) & 63))

struct nearsearch {
	unsigned	 k;
	unsigned	 ntables;	/* 0: nearidx_design_auto() */
	unsigned	 nthreads;	/* nearidx_search's */
	bool		 distinct;
	bool		 keyed;
	bool		 by_second;
	struct nearrecs	*recs;
	struct nearidx_design design;	/* made by nearsearch_design() */
	uint64_t	*pairs;
	size_t		 npairs, cappairs;
	/* private */
	unsigned	 curpos;
};

void nearsearch_init(struct nearsearch *s, struct nearrecs *recs, unsigned k);
void nearsearch_free(struct nearsearch *s);
/* Make the design of ntables tables (the first call; fatal if there is
 * none). */
void nearsearch_design(struct nearsearch *s);
/* Search the entries (one fingerprint a record) or the records reps
 * (several; reps NULL: every record), every position and table.  split:
 * as nearidx_search's.  Returns the pairs of fingerprints compared. */
uint64_t nearsearch_search(struct nearsearch *s, const uint32_t *reps,
    size_t nreps, uint32_t split);
/* Search one bucket of table t of the design at position t / ntables:
 * the input records, all sharing that key. */
void nearsearch_bucket(struct nearsearch *s, unsigned t);
/* The same for a bucket given as its entries e[0..n), the fingerprints
 * at that position of the records idx, in the order of their idx (tmp:
 * scratch for n entries); e is reordered. */
void nearsearch_bucket_entries(struct nearsearch *s, unsigned t,
    struct nearidx_entry *e, struct nearidx_entry *tmp, size_t n);

/* Write the pairs found, sorted, as ID1 TAB ID2 TAB DISTANCE (aoff added
 * to the first records' number), and forget them; returns how many. */
size_t nearsearch_write_pairs(struct nearsearch *s, struct out *o,
    uint32_t aoff);
/* A distance (0 to 64) in decimal. */
void nearsearch_write_distance(struct out *o, unsigned d);

#endif
