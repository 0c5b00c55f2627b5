/* Unit tests of common/fingerprint.c. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

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
	/* every byte at every place of 16 digits: parsed as one at a time
	 * would (fingerprint.c reads 16 at once where it can) */
	{
		static const char digits[] = "0123456789abcdefABCDEF";
		bool same = true;

		for (int at = 0; at < 16; at++)
			for (int c = 0; c < 256; c++) {
				char in[17] = "f0e1d2c3b4a59687";
				const char *d = c ? strchr(digits, c) : NULL;
				uint64_t want = 0xf0e1d2c3b4a59687u, got = 0;
				bool okc;

				in[at] = (char)c;
				if (d != NULL) {
					unsigned val = (unsigned)(d - digits);

					val = val < 16 ? val : val - 6;
					want &= ~((uint64_t)15 << (60 - 4 * at));
					want |= (uint64_t)val << (60 - 4 * at);
				}
				okc = fingerprint_parse(in, 16, &got);
				if (okc != (d != NULL) || (okc && got != want))
					same = false;
			}
		ok(same, "parse: each byte at each place");
	}
	fingerprint_format(0xfedcba9876543210u, out);
	ok(memcmp(out, "fedcba9876543210", 16) == 0, "format");
	ok(fingerprint_distance(0, ~(uint64_t)0) == 64 && fingerprint_distance(5, 6) == 2 &&
	    fingerprint_distance(7, 7) == 0, "distance");
}
