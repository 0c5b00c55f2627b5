#include <string.h>

#include "fingerprint.h"

static const signed char hexval[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};	/* digit value + 1; 0 means "not a hex digit" */

bool
fingerprint_parse(const char *p, size_t n, uint64_t *fp)
{
	uint64_t v = 0;

	if (n == FINGERPRINT_HEXLEN + 2 && p[0] == '0' &&
	    (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		n -= 2;
	}
	if (n != FINGERPRINT_HEXLEN)
		return false;
	for (size_t i = 0; i < FINGERPRINT_HEXLEN; i++) {
		int d = hexval[(unsigned char)p[i]];

		if (d == 0)
			return false;
		v = v << 4 | (uint64_t)(d - 1);
	}
	*fp = v;
	return true;
}

void
fingerprint_format(uint64_t fp, char out[FINGERPRINT_HEXLEN])
{
	static const char hex[] = "0123456789abcdef";

	for (int i = FINGERPRINT_HEXLEN - 1; i >= 0; i--) {
		out[i] = hex[fp & 15];
		fp >>= 4;
	}
}

/*
 * The baseline x86-64 target has no POPCNT instruction, so the builtin
 * alone compiles to a dozen shifts and masks.  We build a POPCNT version
 * too and pick one at the first call from what the CPU says: the
 * instruction where the CPU has it, no SIGILL where it does not, and
 * plain C on every other architecture.
 */
static unsigned
distance_generic(uint64_t a, uint64_t b)
{
	return (unsigned)__builtin_popcountll(a ^ b);
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"))) static unsigned
distance_popcnt(uint64_t a, uint64_t b)
{
	return (unsigned)__builtin_popcountll(a ^ b);
}

static unsigned distance_first(uint64_t a, uint64_t b);
static unsigned (*distance)(uint64_t, uint64_t) = distance_first;

static unsigned
distance_first(uint64_t a, uint64_t b)
{
	__builtin_cpu_init();
	distance = __builtin_cpu_supports("popcnt") ? distance_popcnt :
	    distance_generic;
	return distance(a, b);
}
#else
#define distance distance_generic
#endif

unsigned
fingerprint_distance(uint64_t a, uint64_t b)
{
	return distance(a, b);
}
