#include <stdint.h>
#include <stdlib.h>

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
