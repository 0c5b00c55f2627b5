#include <string.h>

#include "fingerprint.h"

static const signed char hexval[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};	/* digit value + 1; 0 means "not a hex digit" */

#if defined(__SSE2__)
#include <emmintrin.h>

/* 16 hex digits at once (SSE2, which every x86-64 has): each byte is
 * checked to be a digit or, with bit 5 set (upper case to lower), a
 * letter a to f, and its value is its low nibble, plus 9 for a letter.
 * Reading 100M records, the digits one at a time took 2% of nearpairs'
 * CPU time. */
static bool
parse16(const char *p, uint64_t *fp)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i l = _mm_or_si128(v, _mm_set1_epi8(0x20));
	/* bytes of 0x80 and over are negative: neither digits nor letters */
	__m128i dig = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
	    _mm_cmpgt_epi8(_mm_set1_epi8('9' + 1), v));
	__m128i alpha = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)),
	    _mm_cmpgt_epi8(_mm_set1_epi8('f' + 1), l));
	__m128i d, w;
	uint64_t x;

	if (_mm_movemask_epi8(_mm_or_si128(dig, alpha)) != 0xffff)
		return false;
	d = _mm_add_epi8(_mm_and_si128(v, _mm_set1_epi8(0x0f)),
	    _mm_and_si128(alpha, _mm_set1_epi8(9)));
	/* each pair of digits (a 16-bit lane, the first in its low byte) to
	 * one byte, first digit high, then the 8 bytes in reading order */
	w = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(d, _mm_set1_epi16(0xff)),
	    4), _mm_srli_epi16(d, 8));
	w = _mm_packus_epi16(w, w);
	x = (uint64_t)_mm_cvtsi128_si64(w);
	*fp = __builtin_bswap64(x);
	return true;
}
#endif

bool
fingerprint_parse(const char *p, size_t n, uint64_t *fp)
{
	uint64_t v = 0;

#if defined(__SSE2__)
	if (n == FINGERPRINT_HEXLEN)
		return parse16(p, fp);
#endif
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
