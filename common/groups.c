#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"
#include "xalloc.h"

void
groups_init(struct groups *g, bool components)
{
	memset(g, 0, sizeof *g);
	g->components = components;
}

void
groups_free(struct groups *g)
{
	free(g->lead);
	memset(g, 0, sizeof *g);
}

void
groups_grow(struct groups *g, size_t n)
{
	if (n > g->cap) {
		size_t bytes = g->cap * sizeof *g->lead;

		g->lead = xgrow(g->lead, &bytes, n * sizeof *g->lead);
		g->cap = bytes / sizeof *g->lead;
	}
	for (; g->n < n; g->n++)
		g->lead[g->n] = (uint32_t)g->n;
}

/* The root of x's tree, halving the path on the way. */
static uint32_t
find(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

void
groups_pair(struct groups *g, uint32_t a, uint32_t b)
{
	if (a > b) {
		uint32_t t = a;

		a = b;
		b = t;
	}
	if (g->components) {
		/* the earlier root becomes the root: a component is named
		 * after its earliest record */
		a = find(g->lead, a);
		b = find(g->lead, b);
		if (a < b)
			g->lead[b] = a;
		else if (b < a)
			g->lead[a] = b;
	} else if (a < b && g->lead[a] == a && a < g->lead[b])
		g->lead[b] = a;
}

uint32_t
groups_of(struct groups *g, uint32_t r)
{
	return g->components ? find(g->lead, r) : g->lead[r];
}
