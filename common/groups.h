/* Groups of records from their pairs, as nearpairs(1) and nearverify(1)
 * write them with --clusters and --components.  Records are numbered
 * 0, 1, ... in input order.
 *
 *   - Clusters do not chain: each record, in input order, joins the
 *     cluster of the earliest cluster leader it is paired with, or
 *     leads a new cluster.  Give every pair (a, b), a < b, before any
 *     pair whose later record comes after b: ordered by the later record
 *     (the earlier ones in any order), so that whether a leads is known
 *     when b is placed.
 *   - Components are the connected components of the pairs, in any
 *     order, each named by its earliest record.
 *
 * groups_of() is a record's leader or its component's earliest record,
 * final once the pairs of every record up to it (clusters) or all pairs
 * (components) have been given. */
#ifndef CRAWLUTILS_GROUPS_H
#define CRAWLUTILS_GROUPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct groups {
	bool		 components;
	uint32_t	*lead;		/* clusters: the leader; components:
					   the union-find parent */
	size_t		 n, cap;
};

void groups_init(struct groups *g, bool components);
void groups_free(struct groups *g);
/* Make room for records 0 to n - 1, each alone so far. */
void groups_grow(struct groups *g, size_t n);
/* Records a and b are paired (either order; a pair of a record with
 * itself changes nothing). */
void groups_pair(struct groups *g, uint32_t a, uint32_t b);
uint32_t groups_of(struct groups *g, uint32_t r);

#endif
