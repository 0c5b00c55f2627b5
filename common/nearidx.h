/* Every pair of 64-bit fingerprints within K bits, without comparing all
 * pairs: the pigeonhole block index (Manku, Jain and Das Sarma, WWW 2007).
 *
 * Cut the 64 bits into B blocks.  Two fingerprints that differ in at most
 * K bits differ in at most K blocks, so they agree exactly on at least
 * B - K of them.  A table is keyed on one choice of B - K blocks; the
 * C(B, K) tables together hold every near pair in some bucket of equal
 * keys, and only the pairs in a bucket are compared.
 *
 * The search promises exactness: each pair within K is reported exactly
 * once, by the first table (in table order) in which the two agree, so
 * no set of pairs seen is needed to remove repeats.  A bucket too big to
 * compare all its pairs is split the same way on K + 1 further blocks of
 * the bits in which its members still differ, recursively; a bucket of
 * fingerprints all within K of each other is compared pair by pair,
 * since every pair is then an answer.  Identical fingerprints (mirror
 * copies) are searched as one entry, a group, whose pairs are listed
 * without being compared (nearidx_search_table): a few thousand copies of one
 * fingerprint in a bucket would otherwise be compared again in every
 * sub-block a straggler among them keeps apart.  Sorting is LSD radix
 * sort; nothing is hashed. */
#ifndef CRAWLUTILS_NEARIDX_H
#define CRAWLUTILS_NEARIDX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NEARIDX_MAXK		32	/* largest distance searched */
#define NEARIDX_MAXTABLES	999	/* largest design offered */

/* A fingerprint and the number of its record: 12 bytes, packed, so a
 * table and its sorting scratch take 24 bytes a fingerprint.  A record's
 * number is below NEARIDX_GROUP: idx NEARIDX_GROUP | g is group g of identical
 * fingerprints (nearidx_search_table). */
#define NEARIDX_GROUP	0x80000000u
struct nearidx_entry {
	uint64_t	fp;
	uint32_t	idx;
} __attribute__((packed));

/* Bits of a mask packed together, lowest first (what x86's PEXT does). */
struct nearidx_bitsel {
	unsigned	nseg;
	unsigned	bits;
	struct {
		uint64_t	mask;	/* after the shift */
		uint8_t		shift;
		uint8_t		out;
	} seg[32];
};

void nearidx_bitsel_init(struct nearidx_bitsel *b, uint64_t mask);

static inline uint64_t
nearidx_bitsel_get(const struct nearidx_bitsel *b, uint64_t x)
{
	uint64_t k = 0;

	for (unsigned i = 0; i < b->nseg; i++)
		k |= (x >> b->seg[i].shift & b->seg[i].mask) << b->seg[i].out;
	return k;
}

struct nearidx_design {
	unsigned	 k;
	unsigned	 nblocks;
	unsigned	 ntables;
	uint64_t	 block[64];	/* block 0 holds the highest bits */
	uint64_t	*mask;		/* the bits of each table's key */
	struct nearidx_bitsel *sel;
};

/* The design of ntables tables for distance k: false if no number of
 * blocks gives that many (nearidx_design_tables lists those that do). */
bool nearidx_design_init(struct nearidx_design *d, unsigned k,
    unsigned ntables);
void nearidx_design_free(struct nearidx_design *d);
/* The numbers of tables possible for k, smallest first, at most max of
 * them; returns how many there are (up to NEARIDX_MAXTABLES tables). */
unsigned nearidx_design_tables(unsigned k, unsigned *out, unsigned max);
/* The number of tables nearpairs chooses for k, by measurement. */
unsigned nearidx_design_auto(unsigned k);
/* Is ntables one of the numbers offered for k?  If not, choices gets
 * them as text ("4, 10, 20 or 35"), as many as fit in size. */
bool nearidx_design_offered(unsigned k, unsigned ntables, char *choices,
    size_t size);
/* The key of fp in table t, and its width in bits. */
static inline uint64_t
nearidx_key(const struct nearidx_design *d, unsigned t, uint64_t fp)
{
	return nearidx_bitsel_get(&d->sel[t], fp);
}

/* The key of a map/reduce record: "TABLE.HEX", the table number in
 * three digits or more, the key in (bits + 3) / 4 lowercase hex digits,
 * so that equal keys are equal strings and byte order sorts them.
 * Parsing takes any number of hex digits up to 16; false if it is not
 * such a key. */
#define NEARIDX_KEYMAX	32
size_t nearidx_key_format(char out[NEARIDX_KEYMAX], unsigned table,
    uint64_t key, unsigned bits);
bool nearidx_key_parse(const char *p, size_t n, unsigned *table, uint64_t *key);

/* Called once for each pair within k: a < b are the idx of the two
 * entries, d their distance, x their XOR. */
typedef void (*nearidx_pair_fn)(void *ctx, uint32_t a, uint32_t b, unsigned d);

struct nearidx_search {
	unsigned	 k;
	/* threads that search a span's runs (nearidx_search_tables); 0 or
	 * 1: this one alone.  The pairs are reported one at a time, by one
	 * thread or another, in no fixed order. */
	unsigned	 nthreads;
	/* 0: every pair; otherwise only pairs of one idx below split and
	 * one at or above it (an input joined with a part of an archive) */
	uint32_t	 split;
	nearidx_pair_fn	 pair;
	void		*ctx;
	uint64_t	 compared;	/* pairs of fingerprints compared */
	/* the groups of table 0: group g's records are
	 * gmember[gstart[g] .. gstart[g + 1]) */
	uint32_t	*gmember, *gstart;
	size_t		 ngroups, nmembers, capgroups, capmember;
	/* private */
	size_t		 brute_max;	/* a bucket compared pair by pair */
	uint64_t	*forbid;	/* a pair agreeing on one is not ours */
	size_t		 nforbid, capforbid;
	uint64_t	*fa, *fb;
	uint32_t	*ia, *ib, *ga, *gb;
	size_t		 capa, capb;
	uint32_t	*cnt;		/* a span's counters (search_run) */
};

void nearidx_search_init(struct nearidx_search *s, unsigned k,
    nearidx_pair_fn fn, void *ctx);
void nearidx_search_free(struct nearidx_search *s);
/* Sort e[0..*n) by the key of table t (tmp: scratch for *n entries),
 * and report the pairs that table t owns.  Returns e or tmp, whichever
 * the entries are left in.  Table 0 makes each run of identical
 * fingerprints in a bucket too big to compare pair by pair one entry, a
 * group (with a split, one for each side of it), reporting the pairs
 * within it at distance 0, and *n becomes the number of entries left;
 * the later tables search the groups as entries, and report a pair of
 * groups as the pairs of their records.  nearidx_expand() undoes it. */
struct nearidx_entry *nearidx_search_table(struct nearidx_search *s,
    const struct nearidx_design *d, unsigned t, struct nearidx_entry *e,
    struct nearidx_entry *tmp, size_t *n);
/* The same for tables t, t + 1 and on while their keys begin with the
 * block table t's begins with (6 tables of the 21 at k = 5): the entries
 * are sorted on that block once, and each run of one value of it is
 * sorted on the rest of each table's key and searched in turn while it
 * is in cache.  *next gets the number of the table after the last one
 * searched (t + 1 when the runs are too short to be worth it).  The
 * pairs reported are those of the tables one by one. */
struct nearidx_entry *nearidx_search_tables(struct nearidx_search *s,
    const struct nearidx_design *d, unsigned t, struct nearidx_entry *e,
    struct nearidx_entry *tmp, size_t *n, unsigned *next);
/* All the tables of d, as nearidx_search_tables() one span after the
 * other, with no scratch copy of the entries: the entries, e[0..*n),
 * are kept in blocks of a few KB where they lie, a chain of them for
 * each value of a span's top block (*e grows by some 16 MB a thread,
 * *cap says to how many entries); they are left in e[0..*n), in no
 * order.  Returns false, having done nothing, where that cannot be or
 * is not worth it: a table's key of one block, a top block of more than
 * 11 bits or of values too many for runs worth sorting, fewer than two
 * spans, or the spare blocks and each thread's copy of the longest run
 * and its scratch taking more than a quarter of a scratch copy (below
 * some 10M entries with two threads).  The environment variable
 * CRAWLUTILS_NEARIDX_CHAINS set to 0 never chains, to 1 chains whenever
 * the design allows (the tests). */
bool nearidx_search_chained(struct nearidx_search *s,
    const struct nearidx_design *d, struct nearidx_entry **e, size_t *cap,
    size_t *n);
/* The same for one bucket of table t: entries that share its key.
 * e is reordered (and its copies made groups, forgotten on return). */
void nearidx_search_bucket(struct nearidx_search *s,
    const struct nearidx_design *d, unsigned t, struct nearidx_entry *e,
    struct nearidx_entry *tmp, size_t n);

/* Undo the groups of table 0 on the m entries of e (room for all of
 * them, in any order): each group is replaced by its records; returns
 * their number.  The groups are forgotten. */
size_t nearidx_expand(struct nearidx_search *s, struct nearidx_entry *e,
    size_t m);

/* Sort e[0..n) by the whole fingerprint, stably (tmp: n entries). */
void nearidx_sort_fp(struct nearidx_entry *e, struct nearidx_entry *tmp,
    size_t n);

#endif
