/* Allocation that never returns NULL: running out of memory is fatal
 * (message, status 2), as DESIGN.md asks. */
#ifndef CRAWLUTILS_XALLOC_H
#define CRAWLUTILS_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
/* Grow *cap (doubling) until it holds at least need bytes; reallocates p. */
void *xgrow(void *p, size_t *cap, size_t need);
/* xgrow for an array of elements of size bytes: *cap and need count
 * elements.  The one copy of the "grow by one more" step every growing
 * array of common/ takes:
 *	v = xgrow_array(v, &cap, n + 1, sizeof *v);
 *	v[n++] = x; */
void *xgrow_array(void *p, size_t *cap, size_t need, size_t size);

/* Advise the kernel to back the block p[0..n) with huge pages, when it
 * is 8 MB or more: for a table accessed at random (radix sort scatter, a
 * Bloom filter's probes) 2 MB pages save most page faults and TLB
 * misses.  The advice covers the whole pages of the block, malloc's
 * header included, so that a big block stays one mapping that realloc
 * can grow or move with mremap, without copying: advice on part of it
 * splits the mapping, mremap fails, and realloc copies (1.2 GB of
 * nearpairs' entries at 100M records, on pages touched for the first
 * time, cost 5 s of system time). */
void xalloc_huge(void *p, size_t n);
/* xmalloc and xrealloc with that advice, for a table scattered into at
 * random: nearpairs' entries, which the radix sort scatters, cost a
 * tenth of the page faults and TLB misses on 2 MB pages (measured at
 * 10M records).  A resized big block stays on them and is moved by
 * mremap, without a copy. */
void *xmalloc_huge(size_t n);
void *xrealloc_huge(void *p, size_t n);

#endif
