/* Fuzz target: the keys of nearpairs' map/reduce records.  A key that
 * parses formats back to itself when written at its width; a formatted
 * key always parses to what it was made of. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nearidx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char out[NEARIDX_KEYMAX];
	unsigned t, t2, bits;
	uint64_t key, key2;
	const char *dot;
	size_t n;

	if (!nearidx_key_parse((const char *)data, size, &t, &key))
		return 0;
	dot = memchr(data, '.', size);
	if (dot == NULL || t > 9999)
		abort();
	bits = (unsigned)(size - (size_t)(dot + 1 - (const char *)data)) * 4;
	n = nearidx_key_format(out, t, key, bits);
	if (!nearidx_key_parse(out, n, &t2, &key2) || t2 != t || key2 != key)
		abort();
	if (dot - (const char *)data == 3 && (n != size || memcmp(out, data, n)))
		abort();
	return 0;
}
