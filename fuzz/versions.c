/* Fuzz target: the URL path and version rule of nearpairs.  Splits the
 * input at the first NUL into two IDs: the rule is symmetric, an ID is
 * never a distinct version of itself, and two IDs with the same version
 * class are distinct versions of the same IDs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "versions.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *a = (const char *)data, *nul;
	const char *b;
	size_t na, nb;
	struct span p;
	struct buf ca = { 0 }, cb = { 0 };

	if (size > 4096)
		return 0;
	nul = memchr(a, '\0', size);
	na = nul ? (size_t)(nul - a) : size;
	b = nul ? nul + 1 : a;
	nb = nul ? size - na - 1 : size;
	if (versions_path(a, na, &p) && (p.p < a || p.p + p.n > a + na))
		abort();
	if (versions_distinct(a, na, b, nb) !=
	    versions_distinct(b, nb, a, na))
		abort();
	if (versions_distinct(a, na, a, na))
		abort();
	versions_class(a, na, &ca);
	versions_class(b, nb, &cb);
	if (ca.len == cb.len && (ca.len == 0 || memcmp(ca.p, cb.p, ca.len) == 0) &&
	    versions_distinct(a, na, b, nb))
		abort();
	buf_free(&ca);
	buf_free(&cb);
	return 0;
}
