/* nearpairs(1)'s map/reduce records.
 *
 * Map (--emit-keys): for each fingerprint position p of a record whose
 * fingerprint there takes part (nearrecs_valid), and each table t, one record
 *	KEY TAB RECORD TAB ID TAB FP[,FP...]
 * KEY the table p * ntables + t and the fingerprint's key in it
 * (nearidx_key_format), RECORD "PART.NUMBER" (six and twelve digits: byte
 * order is record order), then the record's ID and all its fingerprints.
 *
 * Reduce (--from-keys): the key records of one KEY are one bucket.  Its
 * pairs within k, by the same rule as the one-shot search (nearsearch.h),
 * are written RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB DISTANCE, RECORD1
 * the earlier (in byte order), sorted within the bucket.
 *
 * Partitions (--emit-keys --partitions P): the key records of a map task
 * kept and written sorted in byte order, those of partition J to a file
 * PREFIX.J of their own, so that a reduce task merges the files of its
 * partition (sort -m) instead of sorting them.
 *
 * Records by partition (--emit-records --partitions P): a record once in
 * the file of each partition that holds one of its keys, as
 *	RECORD TAB ID TAB FP[,FP...]
 * in input order.  The reduce (--from-records --part J) keeps the records
 * of partition J, given in RECORD order, computes their keys again and
 * searches the buckets of the keys in J: the pairs --from-keys finds in
 * them, written sorted (RECORD order). */
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
size_t nearkeys_emit(struct out *o, const struct nearrecs *r,
    const struct nearidx_design *d, long long part, uintmax_t recno,
    const struct span *id, const uint64_t *fp);
/* A key record of --from-keys, read: its four fields, its table and
 * key, its record's fingerprints. */
struct nearkeys_record {
	struct span	 f[4];
	unsigned	 table;
	uint64_t	 key;
	uint64_t	 fp[NEARRECS_MAXPOS];
};
/* Read p[0..n) as a key record that --emit-keys with design d (and r's
 * keep_empty) writes: false with the reason in why (a record's rejection
 * message) when it is not one. */
bool nearkeys_parse(struct nearrecs *r, const struct nearidx_design *d,
    const char *p, size_t n, struct nearkeys_record *kr, char *why,
    size_t whylen);
/* The four fields of a key record; false if it has another number. */
bool nearkeys_fields(const char *p, size_t n, struct span f[4]);
/* Is key that of table t (counted over the positions) for the record's
 * fingerprints fp? */
bool nearkeys_key_matches(const struct nearrecs *r,
    const struct nearidx_design *d, unsigned t, uint64_t key,
    const uint64_t *fp);

/* The partition, from 0 to nparts - 1, of the key key of table t: the
 * table and the last hex digit of the key, (16 t + key % 16) % nparts, so
 * that up to 16 times the number of tables the partitions get as many
 * keys of each table. */
static inline unsigned
nearkeys_partition(unsigned t, uint64_t key, unsigned nparts)
{
	return (unsigned)((16 * (uint64_t)t + (key & 15)) % nparts);
}

#define NEARKEYS_MAXPARTS	65536

/* A map task's key records, kept: each as its partition, the rank of its
 * table (tables in the byte order of their numbers), its key and its
 * record (16 bytes); the rest of a key record, TAB RECORD TAB ID TAB FP,
 * is the same for all the keys of a record, formatted once in tails. */
struct nearkeys_key {
	uint64_t	 key;
	uint32_t	 idx;
	uint16_t	 part, rank;
};

struct nearkeys_parts {
	unsigned	 nparts;
	bool		 records;	/* a record once a partition */
	struct nearkeys_key	*keys;
	size_t		 nkeys, capkeys;
	struct buf	 tails;
	uint64_t	*off;		/* record i's tail: off[i] .. off[i + 1] */
	size_t		 nrec, caprec;
	uint16_t	*rank, *table;	/* table to rank, rank to table */
};

void nearkeys_parts_init(struct nearkeys_parts *kp, unsigned nparts);
void nearkeys_parts_free(struct nearkeys_parts *kp);
/* Keep the key records of a record (r: its npos and keep_empty); with
 * records set, the record once for each partition of its keys. */
void nearkeys_keep(struct nearkeys_parts *kp, const struct nearrecs *r,
    const struct nearidx_design *d, long long part, uintmax_t recno,
    const struct span *id, const uint64_t *fp);
/* Write the key records kept, sorted, partition J's to the file
 * PREFIX.J, made (empty or not) for every J (with records set, the
 * records, in order); returns how many.  A file that cannot be made or
 * written is fatal. */
size_t nearkeys_write_parts(struct nearkeys_parts *kp,
    const struct nearidx_design *d, const char *prefix);

struct nearkeys_reducer {
	struct nearsearch *srch;	/* keyed; its records are the bucket */
	struct buf	 key, rid;
	bool		 have_key;
	unsigned	 table;
	size_t		 nwritten;
};

void nearkeys_reducer_init(struct nearkeys_reducer *red,
    struct nearsearch *srch);
void nearkeys_reducer_free(struct nearkeys_reducer *red);
/* Take a valid key record (its fields f, table t, fingerprints fp),
 * writing the bucket before it when its key is another; returns true if
 * that key sorts after this one: the input is not sorted by key. */
bool nearkeys_reduce(struct nearkeys_reducer *red, struct out *o,
    const struct span f[4], unsigned t, const uint64_t *fp);
/* Write the last bucket. */
void nearkeys_reduce_end(struct nearkeys_reducer *red, struct out *o);

/* Does a come before b in byte order? */
bool nearkeys_earlier(const struct span *a, const struct span *b);
/* A record of --emit-records, p[0..n), read: its three fields and its
 * fingerprints; false with the reason in why when it is not one, or
 * when none of its keys is in partition part of nparts. */
bool nearkeys_parse_rec(struct nearrecs *r, const struct nearidx_design *d,
    unsigned part, unsigned nparts, const char *p, size_t n,
    struct span f[3], uint64_t *fp, char *why, size_t whylen);
/* Search the buckets of partition part of nparts over the records of s
 * (keyed: IDs "RECORD TAB ID", in RECORD order) and write their pairs,
 * sorted, RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB DISTANCE; returns how
 * many. */
size_t nearkeys_reduce_part(struct nearsearch *s, struct out *o,
    unsigned part, unsigned nparts);

#endif
