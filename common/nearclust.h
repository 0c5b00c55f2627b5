/* nearpairs(1)'s --clusters and --components over the input records of
 * a search (nearsearch.h), by the rules of groups.h.
 *
 * Identical records (mirror copies: the same fingerprints and, with
 * --distinct-versions, the same versions_class) join the group of
 * the first of them without their pairs being listed: the search sees
 * only that first record, and the others take its group, which is what
 * their pairs would give them (they are within 0 bits of the same
 * records, and the version rule treats them alike). */
#ifndef CRAWLUTILS_NEARCLUST_H
#define CRAWLUTILS_NEARCLUST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "groups.h"
#include "nearsearch.h"

struct nearclust {
	struct groups	 g;
	uint64_t	*dups;		/* record << 32 | first, ascending */
	size_t		 ndups, next;
};

/* Leave one entry for each run of identical records, the first record's
 * (at position 0), and return those first records, ascending (*nreps of
 * them).  *dups gets the others as record << 32 | first, ascending
 * (*ndups; free it). */
uint32_t *nearclust_collapse(struct nearsearch *s, size_t *nreps,
    uint64_t **dups, size_t *ndups);
/* Search the input records (s->recs: the input, its entries made) and
 * group them; returns the pairs of fingerprints compared. */
uint64_t nearclust_run(struct nearclust *c, struct nearsearch *s,
    bool components);
/* The group of each record, asked for in record order from 0: the ID of
 * its cluster's leader or its component's earliest record. */
uint32_t nearclust_group_of(struct nearclust *c, uint32_t r);
void nearclust_free(struct nearclust *c);

#endif
