/* nearverify(1)'s documents against its pairs (nvpairs.h).  DOCS is
 * streamed once: a document named by some pair has its shingle set
 * (shingle.h) kept from when it comes until its last pair is done, and
 * the shingles a pair's texts share are counted when the later of the
 * two comes, so memory holds the sets of the pairs still open, not of
 * every document.
 *
 * A pair's similarity is the Jaccard index |A and B| / |A or B| of its
 * texts' sets or, with containment, |A and B| / min(|A|, |B|), kept as a
 * fraction (0 / 0 counts as 0); a pair is confirmed when it is at least
 * the threshold num / den, compared exactly.  With groups, the confirmed
 * pairs make clusters or components (groups.h) of the paired documents
 * in DOCS order; a document in no pair is its own group. */
#ifndef CRAWLUTILS_NVDOCS_H
#define CRAWLUTILS_NVDOCS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "field.h"
#include "groups.h"
#include "nvpairs.h"
#include "out.h"
#include "shingle.h"
#include "stream.h"

#define NVDOCS_VALUE_LEN	6	/* "0.3333": a similarity as written */

struct nvdocs_threshold {
	bool		 containment;
	uint64_t	 num, den;	/* den 1 to 10^9 */
};

enum nvdocs_groups { NVDOCS_PAIRS, NVDOCS_CLUSTERS, NVDOCS_COMPONENTS };

struct nvdocs {
	struct nvpairs	*p;
	struct nvdocs_threshold min;
	enum nvdocs_groups	 mode;
	struct groups	 groups;
	struct shingler	 sh;
	/* For each paired ID: its pairs (adjacency lists of pair numbers),
	 * the pairs still to be done, its shingle set while they last, and
	 * its rank among the paired documents in DOCS order. */
	uint64_t	*adjoff;
	uint32_t	*adj;
	uint32_t	*pending;
	uint64_t	**set;
	uint32_t	*nset;
	uint32_t	*rank;
	uint32_t	*byrank;	/* the ID of each rank */
	uint32_t	 nranked;
	uint64_t	*line;		/* the line of DOCS an ID came from;
					   0: none (yet) */
	size_t		 capline;
	uint32_t	*order;		/* NVDOCS_COMPONENTS: -d's IDs, in order */
	size_t		 norder, caporder;
	size_t		 setbytes, peakbytes, nsets, peaksets;
	uint64_t	 ndocs, nshingled, nconfirmed;
};

/* "0.3", ".25", "1", "0" ...: a decimal from 0 to 1 with at most nine
 * decimals, as a fraction; false if arg is not that. */
bool nvdocs_parse_min(const char *arg, uint64_t *num, uint64_t *den);
/* num / den rounded half up to 4 decimals, in integers (the same digits
 * in every locale): v gets "0.3333" (no NUL); den 0 gives "0.0000". */
void nvdocs_value(uint64_t num, uint64_t den, char v[NVDOCS_VALUE_LEN]);

/* Start on DOCS once all of p's pairs are read (nvpairs_done): shingles of
 * size tokens (1 to SHINGLE_MAX). */
void nvdocs_init(struct nvdocs *d, struct nvpairs *p, unsigned size,
    const struct nvdocs_threshold *min, enum nvdocs_groups mode);
void nvdocs_free(struct nvdocs *d);
/* The document id, its text field text (escaped), on line line of DOCS:
 * its ID's number in *x; false, doing nothing, if that ID was already on
 * a line (d->line[*x]). */
bool nvdocs_add(struct nvdocs *d, const struct span *id,
    const struct span *text, uintmax_t line, uint32_t *x);
/* The group of the document x added last: the ID of its cluster's
 * leader, or of its component's earliest document once all have come. */
uint32_t nvdocs_group(struct nvdocs *d, uint32_t x);

/* Whether both documents of pair i have come. */
static inline bool
nvdocs_complete(const struct nvdocs *d, size_t i)
{
	return d->line[d->p->v[i].a] != 0 && d->line[d->p->v[i].b] != 0;
}

/* Of a complete pair. */
void nvdocs_similarity(const struct nvdocs *d, size_t i, uint64_t *num,
    uint64_t *den);
bool nvdocs_confirmed(const struct nvdocs *d, size_t i);
/* Document x's ID, TAB, its group's (nvdocs_group), as one record. */
void nvdocs_put_group(struct nvdocs *d, uint32_t x, struct out *o);
/* Once DOCS is read: each pair naming an ID that DOCS (named docs) lacks
 * is rejected through s, reported at its own file and line; the others
 * are counted (d->nconfirmed), and with write the confirmed ones (all:
 * every one) are written to s->out in input order. */
void nvdocs_finish(struct nvdocs *d, struct stream *s, const char *docs,
    bool write, bool all);
/* -v: the counts and the memory used, on stderr. */
void nvdocs_report(const struct nvdocs *d);

#endif
