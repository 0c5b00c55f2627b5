#define _DEFAULT_SOURCE		/* madvise */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "diag.h"
#include "xalloc.h"

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		diag_fatal("out of memory");
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		diag_fatal("out of memory");
	return p;
}

void *
xgrow(void *p, size_t *cap, size_t need)
{
	size_t c = *cap ? *cap : 64;

	if (need <= *cap)
		return p;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			diag_fatal("out of memory");
		c *= 2;
	}
	*cap = c;
	return xrealloc(p, c);
}

void *
xgrow_array(void *p, size_t *cap, size_t need, size_t size)
{
	size_t bytes;

	if (need <= *cap)
		return p;
	if (need > SIZE_MAX / size)
		diag_fatal("out of memory");
	/* in bytes, as xgrow counts: each array grows exactly as it did
	 * when its module took this step itself */
	bytes = *cap * size;
	p = xgrow(p, &bytes, need * size);
	*cap = bytes / size;
	return p;
}

void
xalloc_huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	if (n >= (8u << 20)) {
		uintptr_t a = (uintptr_t)p & ~(uintptr_t)4095;
		uintptr_t e = ((uintptr_t)p + n + 4095) & ~(uintptr_t)4095;

		madvise((void *)a, e - a, MADV_HUGEPAGE);
	}
#else
	(void)p;
	(void)n;
#endif
}

void *
xmalloc_huge(size_t n)
{
	void *p = xmalloc(n);

	xalloc_huge(p, n);
	return p;
}

void *
xrealloc_huge(void *p, size_t n)
{
	p = xrealloc(p, n);
	xalloc_huge(p, n);
	return p;
}
