/* Unit tests of common/fingerprint.c. */
#include "fingerprint.h"

#include "unit.h"

void
test_fingerprint(void)
{
	uint64_t fp;
	char out[16];

	ok(fingerprint_parse("0123456789abcdef", 16, &fp) && fp == 0x0123456789abcdefu, "parse");
	ok(fingerprint_parse("0X0123456789ABCDEF", 18, &fp) && fp == 0x0123456789abcdefu, "parse 0X, upper case");
	ok(!fingerprint_parse("0123456789abcde", 15, &fp) && !fingerprint_parse("0123456789abcdef0", 17, &fp) &&
	    !fingerprint_parse("0123456789abcdeg", 16, &fp) && !fingerprint_parse("", 0, &fp) &&
	    !fingerprint_parse("0x", 2, &fp) && !fingerprint_parse("0123456789abcd\0f", 16, &fp),
	    "reject short, long, non-hex, empty, NUL");
	fingerprint_format(0xfedcba9876543210u, out);
	ok(memcmp(out, "fedcba9876543210", 16) == 0, "format");
	ok(fingerprint_distance(0, ~(uint64_t)0) == 64 && fingerprint_distance(5, 6) == 2 &&
	    fingerprint_distance(7, 7) == 0, "distance");
}
