/* Allocation that never returns NULL: running out of memory is fatal
 * (message, status 2), as DESIGN.md asks. */
#ifndef CRAWLUTILS_XALLOC_H
#define CRAWLUTILS_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
/* Grow *cap (doubling) until it holds at least need bytes; reallocates p. */
void *xgrow(void *p, size_t *cap, size_t need);

#endif
