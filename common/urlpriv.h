/* What url.c (the parser) and urlnorm.c (normalization, policy, SURT)
 * share, private to them: the character classes of the standard's
 * percent-encode sets, and the few helpers of the parser that the
 * normalizer calls too. */
#ifndef CRAWLUTILS_URLPRIV_H
#define CRAWLUTILS_URLPRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "url.h"

typedef unsigned char uchar;

/* --- character classes ----------------------------------------------------- */

/* The percent-encode sets of the standard, and the stops of the loops. */
enum {
	C_C0		= 1 << 0,	/* C0 control percent-encode set */
	C_FRAG		= 1 << 1,	/* fragment */
	C_QUERY		= 1 << 2,	/* query */
	C_SQUERY	= 1 << 3,	/* special-query */
	C_PATH		= 1 << 4,	/* path */
	C_USER		= 1 << 5,	/* userinfo */
	C_FHOST		= 1 << 6,	/* forbidden host code point */
	C_FDOMAIN	= 1 << 7,	/* forbidden domain code point */
	C_PSTOP		= 1 << 8,	/* path: encode, or '/', '\\' */
	C_ALPHA		= 1 << 9,
	C_DIGIT		= 1 << 10,
	C_HEX		= 1 << 11,
	C_SCHEME	= 1 << 12,	/* alphanumeric, '+', '-', '.' */
	C_UNRES		= 1 << 13,	/* RFC 3986 unreserved */
	C_UPPER		= 1 << 14,
	C_HSTOP		= 1 << 15	/* ends a plain ASCII host */
};

#define IS_C0(c)	((c) < 0x20 || (c) > 0x7e)
#define IS_FRAG(c)	(IS_C0(c) || (c) == ' ' || (c) == '"' || (c) == '<' || \
			 (c) == '>' || (c) == '`')
#define IS_QUERY(c)	(IS_C0(c) || (c) == ' ' || (c) == '"' || (c) == '#' || \
			 (c) == '<' || (c) == '>')
#define IS_SQUERY(c)	(IS_QUERY(c) || (c) == '\'')
#define IS_PATH(c)	(IS_QUERY(c) || (c) == '?' || (c) == '^' || (c) == '`' || \
			 (c) == '{' || (c) == '}')
#define IS_USER(c)	(IS_PATH(c) || (c) == '/' || (c) == ':' || (c) == ';' || \
			 (c) == '=' || (c) == '@' || ((c) >= '[' && (c) <= '^') || \
			 (c) == '|')
#define IS_FHOST(c)	((c) == 0 || (c) == '\t' || (c) == '\n' || (c) == '\r' || \
			 (c) == ' ' || (c) == '#' || (c) == '/' || (c) == ':' || \
			 (c) == '<' || (c) == '>' || (c) == '?' || (c) == '@' || \
			 ((c) >= '[' && (c) <= '^') || (c) == '|')
#define IS_FDOMAIN(c)	(IS_FHOST(c) || (c) < 0x20 || (c) == '%' || (c) == 0x7f)
#define IS_UPPER(c)	((c) >= 'A' && (c) <= 'Z')
#define IS_ALPHA(c)	(IS_UPPER(c) || ((c) >= 'a' && (c) <= 'z'))
#define IS_DIGIT(c)	((c) >= '0' && (c) <= '9')
#define IS_HEX(c)	(IS_DIGIT(c) || ((c) >= 'a' && (c) <= 'f') || \
			 ((c) >= 'A' && (c) <= 'F'))
#define IS_UNRES(c)	(IS_ALPHA(c) || IS_DIGIT(c) || (c) == '-' || \
			 (c) == '.' || (c) == '_' || (c) == '~')

#define CL(c) (uint16_t)( \
	(IS_C0(c) ? C_C0 : 0) | (IS_FRAG(c) ? C_FRAG : 0) | \
	(IS_QUERY(c) ? C_QUERY : 0) | (IS_SQUERY(c) ? C_SQUERY : 0) | \
	(IS_PATH(c) ? C_PATH | C_PSTOP : 0) | (IS_USER(c) ? C_USER : 0) | \
	(IS_FHOST(c) ? C_FHOST : 0) | (IS_FDOMAIN(c) ? C_FDOMAIN : 0) | \
	((c) == '/' || (c) == '\\' ? C_PSTOP : 0) | \
	(IS_ALPHA(c) ? C_ALPHA | C_SCHEME : 0) | \
	(IS_DIGIT(c) ? C_DIGIT | C_SCHEME : 0) | (IS_HEX(c) ? C_HEX : 0) | \
	((c) == '+' || (c) == '-' || (c) == '.' ? C_SCHEME : 0) | \
	(IS_UNRES(c) ? C_UNRES : 0) | (IS_UPPER(c) ? C_UPPER : 0) | \
	(IS_FDOMAIN(c) || (c) > 0x7e ? C_HSTOP : 0))
#define CL4(c)	CL(c), CL((c) + 1), CL((c) + 2), CL((c) + 3)
#define CL16(c)	CL4(c), CL4((c) + 4), CL4((c) + 8), CL4((c) + 12)
#define CL64(c)	CL16(c), CL16((c) + 16), CL16((c) + 32), CL16((c) + 48)

static const uint16_t cls[256] = {
	CL64(0), CL64(64), CL64(128), CL64(192)
};

#undef CL
#define CL(c)	(char)(IS_UPPER(c) ? (c) | 0x20 : (c))
static const char lc[256] = {
	CL64(0), CL64(64), CL64(128), CL64(192)
};

#define HAS(c, set)	(cls[(uchar)(c)] & (set))


static inline unsigned
hexval(uchar c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static inline char
lower(uchar c)
{
	return lc[c];
}

static inline char *
put_decimal(char *o, unsigned long v)
{
	char d[20];
	int n = 0;

	do
		d[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n > 0)
		*o++ = d[--n];
	return o;
}

static inline long
default_port(unsigned scheme)
{
	switch (scheme) {
	case URL_HTTP: case URL_WS:	return 80;
	case URL_HTTPS: case URL_WSS:	return 443;
	case URL_FTP:			return 21;
	default:			return -1;
	}
}

/* The standard's "ends in a number" of an ASCII host. */
bool url_ends_in_number(const char *s, size_t n);
/* IDNA of s[0..n) into b, to Unicode if to_unicode, else to ASCII (a
 * cache of recent conversions before ICU); false on error. */
bool url_idna_convert(int to_unicode, const char *s, size_t n,
    struct buf *b);
/* Is there a label starting with "xn--" in the lowercase s[0..n)? */
bool url_has_ace_label(const char *s, size_t n);

#endif
