/* Fuzz target: fingerprint parsing.  Only 16 hex digits (after an
 * optional 0x) parse, and what parses formats back to the same digits
 * in lower case.  A list of fingerprints (nearpairs' field) parses when
 * each of its comma-separated parts does and there are few enough, and
 * then formats back to itself in the same way. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fingerprint.h"
#include "nearrecs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* p[0..n) formats back from fp: lower case, without 0x. */
static bool
formats_back(const char *p, size_t n, uint64_t fp)
{
	char hex[FINGERPRINT_HEXLEN];

	if (n == FINGERPRINT_HEXLEN + 2) {
		p += 2;
		n -= 2;
	}
	if (n != FINGERPRINT_HEXLEN)
		return false;
	fingerprint_format(fp, hex);
	for (size_t i = 0; i < FINGERPRINT_HEXLEN; i++)
		if (hex[i] != tolower((unsigned char)p[i]))
			return false;
	return true;
}

static void
check_list(const char *p, size_t n, unsigned max)
{
	uint64_t fp[NEARRECS_MAXPOS];
	unsigned k = nearrecs_parse_fps(p, n, fp, max), parts = 1;
	const char *q = p, *end = p + n, *c;

	for (c = p; (c = memchr(c, ',', (size_t)(end - c))) != NULL; c++)
		parts++;
	if (k == 0)
		return;
	if (k != parts || k > max)
		abort();
	for (unsigned i = 0; i < k; i++) {
		c = memchr(q, ',', (size_t)(end - q));
		if (!formats_back(q, (size_t)((c ? c : end) - q), fp[i]))
			abort();
		q = c ? c + 1 : end;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	uint64_t fp, again;
	char hex[FINGERPRINT_HEXLEN];

	check_list(p, size, NEARRECS_MAXPOS);
	check_list(p, size, 2);
	if (!fingerprint_parse(p, size, &fp))
		return 0;
	if (!formats_back(p, size, fp))
		abort();
	fingerprint_format(fp, hex);
	if (!fingerprint_parse(hex, sizeof hex, &again) || again != fp ||
	    fingerprint_distance(fp, again) != 0 ||
	    fingerprint_distance(fp, ~fp) != 64 ||
	    fingerprint_distance(fp, fp ^ 1) != 1)
		abort();
	return 0;
}
