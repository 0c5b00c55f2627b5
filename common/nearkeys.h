/* nearpairs(1)'s map/reduce records.
 *
 * Map (--emit-keys): for each fingerprint position p of a record whose
 * fingerprint there takes part (nr_valid), and each table t, one record
 *	KEY TAB RECORD TAB ID TAB FP[,FP...]
 * KEY the table p * ntables + t and the fingerprint's key in it
 * (np_key_format), RECORD "PART.NUMBER" (six and twelve digits: byte
 * order is record order), then the record's ID and all its fingerprints.
 *
 * Reduce (--from-keys): the key records of one KEY are one bucket.  Its
 * pairs within k, by the same rule as the one-shot search (nearsearch.h),
 * are written RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB DISTANCE, RECORD1
 * the earlier (in byte order), sorted within the bucket. */
#ifndef CRAWLUTILS_NEARKEYS_H
#define CRAWLUTILS_NEARKEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "field.h"
#include "nearsearch.h"
#include "out.h"

/* Write the key records of a record; returns how many. */
size_t nk_emit(struct out *o, const struct nearrecs *r,
    const struct np_design *d, long long part, uintmax_t recno,
    const struct span *id, const uint64_t *fp);
/* The four fields of a key record; false if it has another number. */
bool nk_fields(const char *p, size_t n, struct span f[4]);
/* Is key that of table t (counted over the positions) for the record's
 * fingerprints fp? */
bool nk_key_matches(const struct nearrecs *r, const struct np_design *d,
    unsigned t, uint64_t key, const uint64_t *fp);

struct nk_reducer {
	struct nearsearch *srch;	/* keyed; its records are the bucket */
	struct buf	 key, rid;
	bool		 have_key;
	unsigned	 table;
	size_t		 nwritten;
};

void nk_reducer_init(struct nk_reducer *red, struct nearsearch *srch);
void nk_reducer_free(struct nk_reducer *red);
/* Take a valid key record (its fields f, table t, fingerprints fp),
 * writing the bucket before it when its key is another; returns true if
 * that key sorts after this one: the input is not sorted by key. */
bool nk_reduce(struct nk_reducer *red, struct out *o, const struct span f[4],
    unsigned t, const uint64_t *fp);
/* Write the last bucket. */
void nk_reduce_end(struct nk_reducer *red, struct out *o);

#endif
