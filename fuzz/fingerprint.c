/* Fuzz target: fingerprint parsing.  Whatever parses formats back to the
 * same value; only 16 hex digits (after an optional 0x) parse. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fingerprint.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t fp, again;
	char hex[FP_HEXLEN];

	if (!fp_parse((const char *)data, size, &fp))
		return 0;
	if (size != FP_HEXLEN && size != FP_HEXLEN + 2)
		abort();
	fp_format(fp, hex);
	if (!fp_parse(hex, sizeof hex, &again) || again != fp ||
	    fp_distance(fp, again) != 0 || fp_distance(fp, ~fp) != 64)
		abort();
	return 0;
}
