/* Unit tests of common/xalloc.c. */
#include "xalloc.h"

#include "unit.h"

/* xgrow_array: the capacity in elements as xgrow's bytes give it, the
 * elements kept across a move, no growth when there is room. */
void
test_xalloc(void)
{
	uint32_t *v = NULL, *was;
	size_t cap = 0, n, bad = 0;

	v = xgrow_array(v, &cap, 1, sizeof *v);
	ok(cap == 64 / sizeof *v, "xgrow_array: the first step holds 64 bytes "
	    "(%zu elements)", cap);
	for (n = 0; n < 100000; n++) {
		v = xgrow_array(v, &cap, n + 1, sizeof *v);
		v[n] = (uint32_t)n * 2654435761u;
	}
	for (n = 0; n < 100000; n++)
		bad += v[n] != (uint32_t)n * 2654435761u;
	was = v;
	v = xgrow_array(v, &cap, cap, sizeof *v);
	ok(bad == 0 && cap >= 100000 && v == was, "xgrow_array: 100000 "
	    "elements kept as they grew, none moved when there is room");
	free(v);
}
