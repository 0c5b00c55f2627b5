/* The candidate pairs nearverify(1) reads before the documents, kept
 * until every document has come: each pair's two IDs (numbers in one
 * ID table, so that an ID named by many pairs is kept once), the rest of
 * its record from the TAB after ID2 on (interned), the shingles its two
 * texts share once both are known, and where it was read, for messages:
 * a pair's file and line are found from anchors, one per run of pairs on
 * consecutive lines of one file, not stored per pair. */
#ifndef CRAWLUTILS_NVPAIRS_H
#define CRAWLUTILS_NVPAIRS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "idtab.h"

#define NVPAIRS_MAX	UINT32_MAX	/* pairs: their numbers are 32 bits */

struct nvpairs_pair {
	uint32_t	 a, b;		/* numbers in ids */
	uint32_t	 rest;		/* a number in rests */
	uint32_t	 common;	/* shared shingles, once counted */
};

/* Pair i of a run that starts at an anchor is on line line + (i - pair)
 * of file. */
struct nvpairs_anchor {
	size_t		 pair;
	uintmax_t	 line;
	const char	*file;
};

struct nvpairs {
	/* The IDs of the pairs first (numbers below npaired, set by
	 * nvpairs_done), then any others the caller adds (DOCS' IDs). */
	struct idtab	 ids;
	uint32_t	 npaired;
	struct idtab	 rests;
	struct nvpairs_pair	*v;
	size_t		 n, cap;
	struct nvpairs_anchor *anchors;
	size_t		 nanchors, capanchors;
};

void nvpairs_init(struct nvpairs *p);
void nvpairs_free(struct nvpairs *p);
/* The pair of record rec[0..n) (ID1 TAB ID2 [TAB ...]), read on line
 * line of file (a string kept as long as p is); false if the record has
 * a single field.  Fatal beyond NVPAIRS_MAX pairs. */
bool nvpairs_add(struct nvpairs *p, const char *rec, size_t n, const char *file,
    uintmax_t line);
/* No more pairs: the IDs numbered so far are the paired ones. */
void nvpairs_done(struct nvpairs *p);
/* The file and line of pair i. */
const char *nvpairs_where(const struct nvpairs *p, size_t i, uintmax_t *line);
/* Pair i's record as it was read, without its line end, appended to b. */
void nvpairs_record(const struct nvpairs *p, size_t i, struct buf *b);
/* Bytes held, for memory reports. */
size_t nvpairs_bytes(const struct nvpairs *p);

#endif
