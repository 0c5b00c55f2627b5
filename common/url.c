/* The WHATWG basic URL parser, written as one pass over the input that
 * appends the serialization to the output as it goes (the way ada's
 * url_aggregator does), with the state machine of the standard folded
 * into functions per state.  Hand-written because the libraries at hand
 * (libxml2's xmlParseURI, uriparser) implement RFC 3986, which rejects
 * what browsers accept, and because a crawl normalizes millions of URLs:
 * the parse is a few table lookups per byte.  ICU does IDNA. */
#define _GNU_SOURCE		/* memrchr */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <unicode/uidna.h>
#include <xxhash.h>

#include "diag.h"
#include "url.h"
#include "urlpriv.h"
#include "xalloc.h"

/* --- percent-encoding (the character classes are in urlpriv.h) ------------ */

static const char hexdig[] = "0123456789ABCDEF";

static inline char *
pct(char *o, uchar c)
{
	o[0] = '%';
	o[1] = hexdig[c >> 4];
	o[2] = hexdig[c & 15];
	return o + 3;
}

/* Append s[0..n) percent-encoding the bytes in set. */
static char *
encode(char *o, const uchar *s, size_t n, unsigned set)
{
	for (size_t i = 0; i < n; i++) {
		if (HAS(s[i], set))
			o = pct(o, s[i]);
		else
			*o++ = (char)s[i];
	}
	return o;
}

/* --- the parser's state ------------------------------------------------------ */

struct parser {
	struct url		*u;
	const struct url	*base;
	char			*o;		/* next output byte */
	size_t			 reserve;	/* output room the rest may need */
	bool			 special;
};

#define OFF(P, q)	((size_t)((q) - (P)->u->href.p))
#define AT(P, off)	((P)->u->href.p + (off))

/* Make room for n more output bytes, and the reservation again after
 * them.  Only a host after IDNA needs it: url_parse() says why the rest
 * fits in the reservation it makes at the start. */
static void
room(struct parser *P, size_t n)
{
	struct buf *b = &P->u->href;

	b->len = OFF(P, P->o);
	buf_reserve(b, n + P->reserve);
	P->o = b->p + b->len;
}

static void
put(struct parser *P, const void *s, size_t n)
{
	memcpy(P->o, s, n);
	P->o += n;
}

/* --- IPv4 and IPv6 ----------------------------------------------------------- */

/* An IPv4 number (decimal, 0x hex, 0 octal); false on failure.  Values
 * saturate above 2^32, which is enough to fail the range checks. */
static bool
ipv4_number(const char *s, size_t n, uint64_t *v)
{
	unsigned radix = 10;

	if (n == 0)
		return false;
	if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		radix = 16;
		s += 2;
		n -= 2;
	} else if (n >= 2 && s[0] == '0') {
		radix = 8;
		s++;
		n--;
	}
	*v = 0;
	for (size_t i = 0; i < n; i++) {
		uchar c = (uchar)s[i];
		unsigned d;

		if (radix == 16 ? !HAS(c, C_HEX) :
		    !(HAS(c, C_DIGIT) && c - '0' < (int)radix))
			return false;
		d = hexval(c);
		if (*v < (1ULL << 40))
			*v = *v * radix + d;
	}
	return true;
}

/* The standard's "ends in a number" of an ASCII host. */
bool
url_ends_in_number(const char *s, size_t n)
{
	const char *last;
	uint64_t v;

	if (n > 0 && s[n - 1] == '.')
		n--;
	/* the last label of most hosts ends in a letter past 'f' */
	if (n == 0 || (HAS(s[n - 1], C_ALPHA) && !HAS(s[n - 1], C_HEX) &&
	    s[n - 1] != 'x' && s[n - 1] != 'X'))
		return false;
	last = memrchr(s, '.', n);
	last = last ? last + 1 : s;
	n -= (size_t)(last - s);
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!HAS(last[i], C_DIGIT))
			return n >= 2 && last[0] == '0' &&
			    (last[1] == 'x' || last[1] == 'X') &&
			    ipv4_number(last, n, &v);
	return true;
}

static bool
ipv4_parse(const char *s, size_t n, uint32_t *addr)
{
	uint64_t num[4], last;
	size_t nparts = 0;
	const char *end = s + n, *dot;

	if (n > 0 && s[n - 1] == '.')
		end--;
	for (;;) {
		dot = memchr(s, '.', (size_t)(end - s));
		if (nparts == 4)
			return false;
		if (!ipv4_number(s, (size_t)((dot ? dot : end) - s),
		    &num[nparts++]))
			return false;
		if (dot == NULL)
			break;
		s = dot + 1;
	}
	last = num[nparts - 1];
	for (size_t i = 0; i + 1 < nparts; i++)
		if (num[i] > 255)
			return false;
	if (last >= 1ULL << (8 * (5 - nparts)))
		return false;
	for (size_t i = 0; i + 1 < nparts; i++)
		last += num[i] << (8 * (3 - i));
	*addr = (uint32_t)last;
	return true;
}

static char *
ipv4_write(char *o, uint32_t a)
{
	for (int i = 3; i >= 0; i--) {
		o = put_decimal(o, a >> (8 * i) & 255);
		if (i)
			*o++ = '.';
	}
	return o;
}

/* The IPv6 parser of the standard, on the text between the brackets. */
static bool
ipv6_parse(const uchar *s, size_t n, uint16_t a[8])
{
	const uchar *end = s + n;
	int piece = 0, compress = -1;

	memset(a, 0, 8 * sizeof a[0]);
	if (s < end && *s == ':') {
		if (s + 1 >= end || s[1] != ':')
			return false;
		s += 2;
		compress = ++piece;
	}
	while (s < end) {
		unsigned value = 0, len = 0;

		if (piece == 8)
			return false;
		if (*s == ':') {
			if (compress >= 0)
				return false;
			s++;
			compress = ++piece;
			continue;
		}
		while (len < 4 && s < end && HAS(*s, C_HEX)) {
			value = value * 16 + hexval(*s++);
			len++;
		}
		if (s < end && *s == '.') {
			int seen = 0;

			if (len == 0)
				return false;
			s -= len;
			if (piece > 6)
				return false;
			while (s < end) {
				int v = -1;

				if (seen > 0) {
					if (*s == '.' && seen < 4)
						s++;
					else
						return false;
				}
				if (s >= end || !HAS(*s, C_DIGIT))
					return false;
				while (s < end && HAS(*s, C_DIGIT)) {
					if (v == 0)
						return false;
					v = (v < 0 ? 0 : v * 10) + (*s++ - '0');
					if (v > 255)
						return false;
				}
				a[piece] = (uint16_t)(a[piece] * 0x100 + v);
				if (++seen == 2 || seen == 4)
					piece++;
			}
			if (seen != 4)
				return false;
			break;
		}
		if (s < end && *s == ':') {
			if (++s == end)
				return false;
		} else if (s < end)
			return false;
		a[piece++] = (uint16_t)value;
	}
	if (compress >= 0) {
		int swaps = piece - compress;

		for (piece = 7; piece != 0 && swaps > 0; piece--, swaps--) {
			uint16_t t = a[piece];

			a[piece] = a[compress + swaps - 1];
			a[compress + swaps - 1] = t;
		}
	} else if (piece != 8)
		return false;
	return true;
}

static char *
ipv6_write(char *o, const uint16_t a[8])
{
	static const char hx[] = "0123456789abcdef";
	int best = -1, bestlen = 1;

	for (int i = 0; i < 8;) {
		int j = i;

		while (j < 8 && a[j] == 0)
			j++;
		if (j - i > bestlen) {
			best = i;
			bestlen = j - i;
		}
		i = j > i ? j : i + 1;
	}
	*o++ = '[';
	for (int i = 0; i < 8; i++) {
		if (i == best) {
			*o++ = ':';
			if (i == 0)
				*o++ = ':';
			i += bestlen - 1;
			continue;
		}
		for (int sh = 12, lead = 1; sh >= 0; sh -= 4) {
			unsigned d = a[i] >> sh & 15;

			if (d || !lead || sh == 0) {
				*o++ = hx[d];
				lead = 0;
			}
		}
		if (i < 7)
			*o++ = ':';
	}
	*o++ = ']';
	return o;
}

/* --- IDNA -------------------------------------------------------------------- */

/* UTS #46 as the standard asks: CheckHyphens and VerifyDnsLength off
 * (ICU always checks both, so their errors are masked), CheckBidi and
 * CheckJoiners on, UseSTD3ASCIIRules off, nontransitional. */
#define IDNA_OPTIONS	(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | \
	UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE)
#define IDNA_IGNORED	(UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG | \
	UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN | \
	UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4)

static const UIDNA *
idna(void)
{
	static UIDNA *h;
	UErrorCode err = U_ZERO_ERROR;

	if (h == NULL) {
		h = uidna_openUTS46(IDNA_OPTIONS, &err);
		if (U_FAILURE(err))
			diag_fatal("ICU: uidna_openUTS46: %s", u_errorName(err));
	}
	return h;
}

/* ICU's IDNA costs a few hundred ns a host, and a crawl meets the same
 * hosts again and again: a cache of recent conversions, keyed by the
 * whole input (compared, not just hashed), two ways a set, the most
 * recently used first. */
#define IDNA_SLOTS	1024	/* 512 sets of 2 */
#define IDNA_KEYMAX	64
#define IDNA_VALMAX	128

struct idna_slot {
	uint8_t	 klen;		/* 0: empty */
	uint8_t	 vlen;
	bool	 ok;
	char	 key[IDNA_KEYMAX];
	char	 val[IDNA_VALMAX];
};

static struct idna_slot *idna_cache[2];	/* to ASCII, to Unicode */

/* Convert s[0..n) with ICU into b (replacing its contents); false if the
 * name has an error the standard does not ignore. */
static bool
idna_icu(int to_unicode, const char *s, size_t n, struct buf *b)
{
	for (;;) {
		UErrorCode err = U_ZERO_ERROR;
		UIDNAInfo info = UIDNA_INFO_INITIALIZER;
		int32_t len;

		if (n > INT32_MAX / 2)
			return false;
		len = (to_unicode ? uidna_nameToUnicodeUTF8 :
		    uidna_nameToASCII_UTF8)(idna(), s, (int32_t)n, b->p,
		    (int32_t)(b->cap > INT32_MAX ? INT32_MAX : b->cap), &info,
		    &err);
		if (err == U_BUFFER_OVERFLOW_ERROR) {
			b->len = 0;
			buf_reserve(b, (size_t)len + 1);
			continue;
		}
		if (U_FAILURE(err) || (info.errors & ~IDNA_IGNORED) != 0 ||
		    len == 0)
			return false;
		b->len = (size_t)len;
		return true;
	}
}

/* The conversion of s[0..n) in b; false on error.  b is the caller's. */
bool
url_idna_convert(int to_unicode, const char *s, size_t n, struct buf *b)
{
	struct idna_slot *slot = NULL;
	bool ok;

	if (n > 0 && n <= IDNA_KEYMAX) {
		if (idna_cache[to_unicode] == NULL)
			idna_cache[to_unicode] = calloc(IDNA_SLOTS,
			    sizeof (struct idna_slot));
		if (idna_cache[to_unicode] != NULL) {
			struct idna_slot t;

			slot = &idna_cache[to_unicode][XXH3_64bits(s, n) %
			    (IDNA_SLOTS / 2) * 2];
			for (int way = 0; way < 2; way++) {
				if (slot[way].klen != n ||
				    memcmp(slot[way].key, s, n) != 0)
					continue;
				if (way == 1) {
					t = slot[0];
					slot[0] = slot[1];
					slot[1] = t;
				}
				b->len = 0;
				buf_append(b, slot->val, slot->vlen);
				return slot->ok;
			}
			/* the least recent goes */
			slot[1] = slot[0];
		}
	}
	if (b->cap < 256) {
		b->len = 0;
		buf_reserve(b, 256);
	}
	ok = idna_icu(to_unicode, s, n, b);
	if (slot != NULL && (!ok || b->len <= IDNA_VALMAX)) {
		slot->klen = (uint8_t)n;
		memcpy(slot->key, s, n);
		slot->ok = ok;
		slot->vlen = ok ? (uint8_t)b->len : 0;
		if (ok)
			memcpy(slot->val, b->p, b->len);
	}
	return ok;
}

/* Is there a label starting with "xn--" in the lowercase s[0..n)? */
bool
url_has_ace_label(const char *s, size_t n)
{
	for (size_t i = 0; i + 4 <= n; i++)
		if (s[i] == 'x' && (i == 0 || s[i - 1] == '.') &&
		    memcmp(s + i, "xn--", 4) == 0)
			return true;
	return false;
}

/* --- hosts ------------------------------------------------------------------- */

/* The host parser of a special URL's host s[0..n), n > 0: domain to
 * ASCII, then an IPv4 address if it ends in a number.  ASCII hosts are
 * lowercased here and never reach ICU. */
static enum url_error
domain(struct parser *P, const uchar *s, size_t n)
{
	struct url *u = P->u;
	char *h = P->o, *o = h;
	unsigned any = 0;
	size_t len;

	for (size_t i = 0; i < n; i++) {
		any |= s[i] == '%' || s[i] >= 0x80;
		*o++ = lower(s[i]);
	}
	len = n;
	if (any) {
		/* percent-decode; ASCII that needs no IDNA is lowercased */
		struct buf *t = &u->tmp;
		bool ascii = true;

		t->len = 0;
		buf_reserve(t, n);
		for (size_t i = 0; i < n; i++) {
			uchar c = s[i];

			if (c == '%' && i + 2 < n && HAS(s[i + 1], C_HEX) &&
			    HAS(s[i + 2], C_HEX)) {
				c = (uchar)(hexval(s[i + 1]) << 4 | hexval(s[i + 2]));
				i += 2;
			}
			ascii &= c < 0x80;
			t->p[t->len++] = (char)c;
		}
		for (size_t i = 0; i < t->len; i++)
			h[i] = lower((uchar)t->p[i]);
		len = t->len;
		any = !ascii;
	}
	/* The standard lets an ASCII domain through as it is, "xn--"
	 * labels and all: only the others go through IDNA. */
	if (any) {
		/* u->tmp, not u->in: u->in may hold the input */
		if (!url_idna_convert(0, h, len, &u->tmp))
			return URL_ERR_IDNA;
		P->o = h;
		room(P, u->tmp.len);
		h = P->o;
		memcpy(h, u->tmp.p, u->tmp.len);
		len = u->tmp.len;
	}
	for (size_t i = 0; i < len; i++)
		if (HAS(h[i], C_FDOMAIN))
			return URL_ERR_HOST_CHAR;
	if (url_ends_in_number(h, len)) {
		uint32_t a;

		if (!ipv4_parse(h, len, &a))
			return URL_ERR_IPV4;
		P->o = ipv4_write(h, a);
		u->host_type = URL_HOST_IPV4;
		return URL_OK;
	}
	P->o = h + len;
	u->host_type = URL_HOST_DOMAIN;
	return URL_OK;
}

/* The host parser; opaque for a non-special URL. */
static enum url_error
host(struct parser *P, const uchar *s, size_t n, bool opaque)
{
	struct url *u = P->u;

	if (n > 0 && s[0] == '[') {
		uint16_t a[8];

		if (n < 2 || s[n - 1] != ']' || !ipv6_parse(s + 1, n - 2, a))
			return URL_ERR_IPV6;
		P->o = ipv6_write(P->o, a);
		u->host_type = URL_HOST_IPV6;
		return URL_OK;
	}
	if (!opaque)
		return domain(P, s, n);
	for (size_t i = 0; i < n; i++)
		if (HAS(s[i], C_FHOST))
			return URL_ERR_HOST_CHAR;
	P->o = encode(P->o, s, n, C_C0);
	u->host_type = n ? URL_HOST_OPAQUE : URL_HOST_EMPTY;
	return URL_OK;
}

/* --- path, query, fragment ------------------------------------------------- */

static enum url_error query(struct parser *, const uchar *, const uchar *);
static enum url_error fragment(struct parser *, const uchar *, const uchar *);

/* Is s[0..n) "." or ".." (also as %2e, either case)? 1, 2 or 0. */
static int
dot_segment(const char *s, size_t n)
{
	int dots = 0;

	while (n > 0) {
		if (s[0] == '.') {
			s++;
			n--;
		} else if (n >= 3 && s[0] == '%' && s[1] == '2' &&
		    (s[2] == 'e' || s[2] == 'E')) {
			s += 3;
			n -= 3;
		} else
			return 0;
		if (++dots > 2)
			return 0;
	}
	return dots;
}

static bool
drive_letter(const char *s, size_t n, bool normalized)
{
	return n == 2 && HAS(s[0], C_ALPHA) &&
	    (s[1] == ':' || (!normalized && s[1] == '|'));
}

/* Does s start with a Windows drive letter (as a whole segment)? */
static bool
starts_with_drive_letter(const uchar *s, const uchar *end)
{
	return end - s >= 2 && HAS(s[0], C_ALPHA) &&
	    (s[1] == ':' || s[1] == '|') && (end - s == 2 || s[2] == '/' ||
	    s[2] == '\\' || s[2] == '?' || s[2] == '#');
}

/* Remove the last segment of the path that ends at o. */
static char *
shorten(struct parser *P, char *o)
{
	char *ps = AT(P, P->u->path_start);

	if (o == ps)
		return o;
	if (P->u->scheme == URL_FILE && o - ps == 3 &&
	    drive_letter(ps + 1, 2, true))
		return o;
	while (*--o != '/')
		continue;
	return o;
}

/* The path state: segments from p, the first one starting at p. */
static enum url_error
path(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;
	char *o = P->o, *seg = o;
	bool special = P->special;
	uchar c;

	*o++ = '/';
	for (;;) {
		while (p < end && !HAS(*p, C_PSTOP))
			*o++ = (char)*p++;
		c = p < end ? *p : 0;
		if (p == end || c == '/' || c == '?' || c == '#' ||
		    (c == '\\' && special)) {
			bool slash = p < end && (c == '/' || c == '\\');
			char *s = seg + 1;
			size_t n = (size_t)(o - s);
			int dots = n && n <= 6 && (*s == '.' || *s == '%') ?
			    dot_segment(s, n) : 0;

			if (dots == 2) {
				o = shorten(P, seg);
				if (!slash)
					*o++ = '/';
			} else if (dots == 1) {
				o = seg;
				if (!slash)
					*o++ = '/';
			} else if (u->scheme == URL_FILE &&
			    OFF(P, seg) == u->path_start && drive_letter(s, n, false))
				s[1] = ':';
			if (!slash)
				break;
			p++;
			seg = o;
			*o++ = '/';
			continue;
		}
		if (HAS(c, C_PATH))
			o = pct(o, c);
		else
			*o++ = (char)c;	/* '\\' in a non-special URL */
		p++;
	}
	P->o = o;
	u->path_end = OFF(P, o);
	if (p == end)
		return URL_OK;
	return c == '?' ? query(P, p + 1, end) : fragment(P, p + 1, end);
}

static enum url_error
opaque_path(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;
	char *o = P->o;

	u->opaque_path = true;
	u->path_start = OFF(P, o);
	for (; p < end && *p != '?' && *p != '#'; p++) {
		if (*p == ' ' && p + 1 < end && (p[1] == '?' || p[1] == '#'))
			o = pct(o, ' ');
		else if (HAS(*p, C_C0))
			o = pct(o, *p);
		else
			*o++ = (char)*p;
	}
	P->o = o;
	u->path_end = OFF(P, o);
	if (p == end)
		return URL_OK;
	return *p == '?' ? query(P, p + 1, end) : fragment(P, p + 1, end);
}

static enum url_error
query(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;
	unsigned set = P->special ? C_SQUERY : C_QUERY;
	char *o = P->o;

	*o++ = '?';
	u->has_query = true;
	u->query_start = OFF(P, o);
#if defined(__SSE2__)
	/* Long queries are the rule on some sites: 16 bytes at a time, the
	 * bytes before the first one in the set (or '#') copied at once.
	 * Compared as signed, bytes from 0x80 up are below ' ' + 1.  The
	 * output has room for the 16 bytes stored where fewer count. */
	{
		const __m128i sp = _mm_set1_epi8(' ' + 1), del = _mm_set1_epi8(0x7f),
		    dq = _mm_set1_epi8('"'), hash = _mm_set1_epi8('#'),
		    lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>'),
		    ap = _mm_set1_epi8(P->special ? '\'' : '"');

		while (end - p >= 16) {
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
			unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
			    _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(x, sp),
			    _mm_cmpeq_epi8(x, del)), _mm_or_si128(
			    _mm_cmpeq_epi8(x, dq), _mm_cmpeq_epi8(x, hash))),
			    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, lt),
			    _mm_cmpeq_epi8(x, gt)), _mm_cmpeq_epi8(x, ap))));
			int k = m ? __builtin_ctz(m) : 16;

			_mm_storeu_si128((__m128i *)(void *)o, x);
			o += k;
			p += k;
			if (k < 16) {
				if (*p == '#')
					break;
				o = pct(o, *p++);
			}
		}
	}
#endif
	for (; p < end; p++) {
		if (!HAS(*p, set))
			*o++ = (char)*p;
		else if (*p == '#')
			break;
		else
			o = pct(o, *p);
	}
	P->o = o;
	u->query_end = OFF(P, o);
	return p < end ? fragment(P, p + 1, end) : URL_OK;
}

static enum url_error
fragment(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;
	char *o = P->o;

	*o++ = '#';
	u->has_fragment = true;
	u->frag_start = OFF(P, o);
	for (; p < end; p++) {
		if (HAS(*p, C_FRAG))
			o = pct(o, *p);
		else
			*o++ = (char)*p;
	}
	P->o = o;
	return URL_OK;
}

/* The path start state, after an authority. */
static enum url_error
path_start(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;

	u->path_start = u->path_end = OFF(P, P->o);
	if (P->special) {
		if (p < end && (*p == '/' || *p == '\\'))
			p++;
		return path(P, p, end);
	}
	if (p == end)
		return URL_OK;
	if (*p == '?')
		return query(P, p + 1, end);
	if (*p == '#')
		return fragment(P, p + 1, end);
	return path(P, *p == '/' ? p + 1 : p, end);
}

/* --- authority ----------------------------------------------------------- */

static void
set_no_userinfo(struct url *u, size_t off)
{
	u->user_start = u->user_end = u->pass_start = u->pass_end = off;
}

static enum url_error authority_slow(struct parser *, const uchar *,
    const uchar *);

/* The port digits s[0..n), n > 0, after the host; written unless they
 * are the scheme's default. */
static enum url_error
port(struct parser *P, const uchar *s, size_t n)
{
	unsigned long v = 0;

	for (size_t i = 0; i < n; i++) {
		if (!HAS(s[i], C_DIGIT))
			return URL_ERR_PORT;
		if (v <= 65535)
			v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v > 65535)
		return URL_ERR_PORT_RANGE;
	if ((long)v != default_port(P->u->scheme)) {
		*P->o++ = ':';
		P->o = put_decimal(P->o, v);
		P->u->port = (long)v;
	}
	return URL_OK;
}

/* The authority state and what follows: userinfo, host, port, path.
 * Most hosts are plain ASCII with no userinfo: one pass copies them in
 * lowercase; anything else takes the general way. */
static enum url_error
authority(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;
	const uchar *q = p, *pe;
	char *o = P->o + 2, *h = o;
	enum url_error err;

	if (!P->special)
		return authority_slow(P, p, end);
	while (q < end && !HAS(*q, C_HSTOP))
		*o++ = lower(*q++);
	pe = q;
	if (q < end && *q == ':')
		while (++pe < end && HAS(*pe, C_DIGIT))
			continue;
	if ((pe < end && *pe != '/' && *pe != '?' && *pe != '#' &&
	    *pe != '\\') || q == p)
		return authority_slow(P, p, end);
	P->o[0] = P->o[1] = '/';
	set_no_userinfo(u, OFF(P, h));
	u->host_start = OFF(P, h);
	if (url_ends_in_number(h, (size_t)(o - h))) {
		uint32_t a;

		if (!ipv4_parse(h, (size_t)(o - h), &a))
			return URL_ERR_IPV4;
		o = ipv4_write(h, a);
		u->host_type = URL_HOST_IPV4;
	} else
		u->host_type = URL_HOST_DOMAIN;
	P->o = o;
	u->host_end = OFF(P, o);
	if (pe - q > 1 && (err = port(P, q + 1, (size_t)(pe - q - 1))) != URL_OK)
		return err;
	return path_start(P, pe, end);
}

static enum url_error
authority_slow(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;
	const uchar *ae, *at = NULL, *hp = p, *colon = NULL, *he;
	enum url_error err;
	bool inside = false;

	for (ae = p; ae < end; ae++) {
		uchar c = *ae;

		if (c == '/' || c == '?' || c == '#' || (c == '\\' && P->special))
			break;
		if (c == '@')
			at = ae;
	}
	put(P, "//", 2);
	set_no_userinfo(u, OFF(P, P->o));
	if (at != NULL) {
		const uchar *ue = memchr(p, ':', (size_t)(at - p));

		if (at + 1 == ae)
			return URL_ERR_HOST_MISSING;
		if (ue == NULL)
			ue = at;
		P->o = encode(P->o, p, (size_t)(ue - p), C_USER);
		u->user_end = u->pass_start = u->pass_end = OFF(P, P->o);
		if (ue + 1 < at) {
			*P->o++ = ':';
			u->pass_start = OFF(P, P->o);
			P->o = encode(P->o, ue + 1, (size_t)(at - ue - 1), C_USER);
			u->pass_end = OFF(P, P->o);
		}
		if (u->pass_end > u->user_start)
			*P->o++ = '@';
		hp = at + 1;
	}
	for (he = hp; he < ae; he++) {
		if (*he == '[')
			inside = true;
		else if (*he == ']')
			inside = false;
		else if (*he == ':' && !inside) {
			colon = he;
			break;
		}
	}
	if (he == hp && (colon != NULL || P->special))
		return URL_ERR_HOST_MISSING;
	u->host_start = OFF(P, P->o);
	if ((err = host(P, hp, (size_t)(he - hp), !P->special)) != URL_OK)
		return err;
	u->host_end = OFF(P, P->o);
	if (colon != NULL && colon + 1 < ae &&
	    (err = port(P, colon + 1, (size_t)(ae - colon - 1))) != URL_OK)
		return err;
	return path_start(P, ae, end);
}

/* --- copying from the base --------------------------------------------------- */

/* The base's "//userinfo@host:port", if it has a host. */
static void
copy_authority(struct parser *P, const struct url *b)
{
	struct url *u = P->u;
	size_t start = OFF(P, P->o), shift;

	u->host_type = b->host_type;
	u->port = b->port;
	if (b->host_type == URL_HOST_NONE) {
		set_no_userinfo(u, start);
		u->host_start = u->host_end = start;
		return;
	}
	shift = start - (b->scheme_end + 1);
	put(P, b->href.p + b->scheme_end + 1, b->path_start - b->scheme_end - 1);
	u->user_start = b->user_start + shift;
	u->user_end = b->user_end + shift;
	u->pass_start = b->pass_start + shift;
	u->pass_end = b->pass_end + shift;
	u->host_start = b->host_start + shift;
	u->host_end = b->host_end + shift;
}

static void
copy_path(struct parser *P, const struct url *b)
{
	P->u->path_start = OFF(P, P->o);
	put(P, b->href.p + b->path_start, b->path_end - b->path_start);
	P->u->path_end = OFF(P, P->o);
}

static void
copy_query(struct parser *P, const struct url *b)
{
	if (!b->has_query)
		return;
	*P->o++ = '?';
	P->u->has_query = true;
	P->u->query_start = OFF(P, P->o);
	put(P, b->href.p + b->query_start, b->query_end - b->query_start);
	P->u->query_end = OFF(P, P->o);
}

static void
copy_scheme(struct parser *P, const struct url *b)
{
	put(P, b->href.p, b->scheme_end + 1);
	P->u->scheme_end = b->scheme_end;
	P->u->scheme = b->scheme;
	P->special = b->scheme != URL_OTHER;
}

/* --- the states after the scheme ------------------------------------------- */

static const uchar *
skip_slashes(const uchar *p, const uchar *end)
{
	while (p < end && (*p == '/' || *p == '\\'))
		p++;
	return p;
}

/* A reference that starts with the base's path: the base URL without
 * its fragment (no more input), with another query or fragment, or with
 * a path resolved against the base's directory. */
static enum url_error
with_base_path(struct parser *P, const uchar *p, const uchar *end,
    const struct url *b)
{
	copy_path(P, b);
	if (p == end) {
		copy_query(P, b);
		return URL_OK;
	}
	if (*p == '?')
		return query(P, p + 1, end);
	if (*p == '#') {
		copy_query(P, b);
		return fragment(P, p + 1, end);
	}
	P->o = shorten(P, P->o);
	return path(P, p, end);
}

/* The relative state: a reference resolved against a base that is not
 * a file URL and has no opaque path.  The scheme is written. */
static enum url_error
relative(struct parser *P, const uchar *p, const uchar *end,
    const struct url *b)
{
	struct url *u = P->u;

	if (p < end && (*p == '/' || (*p == '\\' && P->special))) {
		p++;
		if (P->special && p < end && (*p == '/' || *p == '\\'))
			return authority(P, skip_slashes(p, end), end);
		if (p < end && *p == '/')
			return authority(P, p + 1, end);
		copy_authority(P, b);
		u->path_start = OFF(P, P->o);
		return path(P, p, end);
	}
	copy_authority(P, b);
	return with_base_path(P, p, end, b);
}

/* A file URL's host is the base's: replace the "//" written with the
 * base's "//host". */
static void
file_host_from(struct parser *P, const struct url *b)
{
	P->o -= 2;
	copy_authority(P, b);
}

/* Is the first segment of b's path a normalized Windows drive letter? */
static bool
base_drive_letter(const struct url *b)
{
	const char *s = b->href.p + b->path_start, *e = b->href.p + b->path_end;

	return e - s >= 3 && (e - s == 3 || s[3] == '/') &&
	    drive_letter(s + 1, 2, true);
}

/* The file state; b is the base if it is a file URL.  "file:" is written. */
static enum url_error
file(struct parser *P, const uchar *p, const uchar *end, const struct url *b)
{
	struct url *u = P->u;
	enum url_error err;

	u->scheme = URL_FILE;
	P->special = true;
	put(P, "//", 2);
	set_no_userinfo(u, OFF(P, P->o));
	u->host_start = u->host_end = OFF(P, P->o);
	u->host_type = URL_HOST_EMPTY;
	if (p < end && (*p == '/' || *p == '\\')) {
		p++;
		if (p < end && (*p == '/' || *p == '\\')) {
			const uchar *he;

			/* the file host state */
			for (he = ++p; he < end && *he != '/' && *he != '\\' &&
			    *he != '?' && *he != '#'; he++)
				continue;
			if (drive_letter((const char *)p, (size_t)(he - p), false)) {
				u->path_start = OFF(P, P->o);
				return path(P, p, end);
			}
			if (he > p) {
				if ((err = host(P, p, (size_t)(he - p), false)) != URL_OK)
					return err;
				if (P->o - AT(P, u->host_start) == 9 &&
				    memcmp(AT(P, u->host_start), "localhost", 9) == 0) {
					P->o = AT(P, u->host_start);
					u->host_type = URL_HOST_EMPTY;
				}
				u->host_end = OFF(P, P->o);
			}
			return path_start(P, he, end);
		}
		if (b != NULL) {
			file_host_from(P, b);
			u->path_start = OFF(P, P->o);
			if (!starts_with_drive_letter(p, end) &&
			    base_drive_letter(b)) {
				*P->o++ = '/';
				put(P, b->href.p + b->path_start + 1, 2);
			}
		} else
			u->path_start = OFF(P, P->o);
		return path(P, p, end);
	}
	if (b == NULL) {
		u->path_start = OFF(P, P->o);
		return path(P, p, end);
	}
	file_host_from(P, b);
	if (starts_with_drive_letter(p, end)) {
		u->path_start = OFF(P, P->o);
		return path(P, p, end);
	}
	return with_base_path(P, p, end, b);
}

static enum url_scheme
scheme_id(const char *s, size_t n)
{
	switch (n) {
	case 2:
		return memcmp(s, "ws", 2) == 0 ? URL_WS : URL_OTHER;
	case 3:
		return memcmp(s, "wss", 3) == 0 ? URL_WSS :
		    memcmp(s, "ftp", 3) == 0 ? URL_FTP : URL_OTHER;
	case 4:
		return memcmp(s, "http", 4) == 0 ? URL_HTTP :
		    memcmp(s, "file", 4) == 0 ? URL_FILE : URL_OTHER;
	case 5:
		return memcmp(s, "https", 5) == 0 ? URL_HTTPS : URL_OTHER;
	default:
		return URL_OTHER;
	}
}

/* Does s[0..n) hold a TAB, LF or CR (returned), and a '%' (*pct)?
 * Eight bytes at a time: such bytes are rare, so most URLs are scanned
 * without a branch per byte. */
static bool
scan_input(const uchar *s, size_t n, bool *pct)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = ones << 7;
	uint64_t x, y, low = 0, pc = 0;
	size_t i = 0;

	if (n >= 8) {
		/* bytes below 14, and '%' bytes, in the words, the last one
		 * overlapping */
		for (; i + 8 <= n; i += 8) {
			memcpy(&x, s + i, 8);
			y = x ^ ones * '%';
			low |= (x - ones * 14) & ~x & highs;
			pc |= (y - ones) & ~y & highs;
		}
		memcpy(&x, s + n - 8, 8);
		y = x ^ ones * '%';
		low |= (x - ones * 14) & ~x & highs;
		pc |= (y - ones) & ~y & highs;
		*pct = pc != 0;
		if (low == 0)
			return false;
	} else
		*pct = memchr(s, '%', n) != NULL;
	for (i = 0; i < n; i++)
		if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
			return true;
	return false;
}

/* --- the parser ---------------------------------------------------------------- */

void
url_init(struct url *u)
{
	memset(u, 0, sizeof *u);
}

void
url_free(struct url *u)
{
	buf_free(&u->href);
	buf_free(&u->in);
	buf_free(&u->tmp);
}

static enum url_error
parse(struct parser *P, const uchar *p, const uchar *end)
{
	struct url *u = P->u;
	const struct url *b = P->base;
	const uchar *q = p;

	/* most URLs start so */
	if (end - p >= 6 && memcmp(p, "http", 4) == 0 &&
	    (p[4] == ':' || (p[4] == 's' && p[5] == ':')))
		q = p + (p[4] == 's' ? 5 : 4);
	else if (q < end && HAS(*q, C_ALPHA))
		while (++q < end && HAS(*q, C_SCHEME))
			continue;
	if (q > p && q < end && *q == ':') {
		char *o = P->o;

		for (; p < q; p++)
			*o++ = lower(*p);
		u->scheme_end = OFF(P, o);
		u->scheme = (unsigned char)scheme_id(P->o, u->scheme_end);
		*o++ = ':';
		P->o = o;
		P->special = u->scheme != URL_OTHER;
		p++;
		if (u->scheme == URL_FILE)
			return file(P, p, end,
			    b != NULL && b->scheme == URL_FILE ? b : NULL);
		if (P->special) {
			if (b != NULL && b->scheme == u->scheme &&
			    !(end - p >= 2 && p[0] == '/' && p[1] == '/'))
				return relative(P, p, end, b);
			return authority(P, skip_slashes(p, end), end);
		}
		if (p < end && *p == '/') {
			if (p + 1 < end && p[1] == '/')
				return authority(P, p + 2, end);
			set_no_userinfo(u, OFF(P, P->o));
			u->host_start = u->host_end = OFF(P, P->o);
			u->path_start = OFF(P, P->o);
			return path(P, p + 1, end);
		}
		set_no_userinfo(u, OFF(P, P->o));
		u->host_start = u->host_end = OFF(P, P->o);
		return opaque_path(P, p, end);
	}
	/* no scheme */
	if (b == NULL)
		return p == end ? URL_ERR_EMPTY : URL_ERR_NO_SCHEME;
	if (b->opaque_path) {
		if (p == end || *p != '#')
			return URL_ERR_BASE_OPAQUE;
		put(P, b->href.p, b->has_fragment ? b->frag_start - 1 :
		    b->href.len);
		u->scheme_end = b->scheme_end;
		u->scheme = b->scheme;
		P->special = b->scheme != URL_OTHER;
		set_no_userinfo(u, b->user_start);
		u->host_start = u->host_end = b->host_start;
		u->opaque_path = true;
		u->path_start = b->path_start;
		u->path_end = b->path_end;
		u->has_query = b->has_query;
		u->query_start = b->query_start;
		u->query_end = b->query_end;
		return fragment(P, p + 1, end);
	}
	copy_scheme(P, b);
	if (b->scheme == URL_FILE)
		return file(P, p, end, b);
	return relative(P, p, end, b);
}

enum url_error
url_parse(struct url *u, const char *in, size_t n, const struct url *base)
{
	struct parser P;
	const uchar *s = (const uchar *)in;
	enum url_error err;

	while (n > 0 && s[0] <= ' ') {
		s++;
		n--;
	}
	while (n > 0 && s[n - 1] <= ' ')
		n--;
	if (scan_input(s, n, &u->pct)) {
		struct buf *t = &u->in;

		t->len = 0;
		buf_reserve(t, n);
		for (size_t i = 0; i < n; i++)
			if (s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
				t->p[t->len++] = (char)s[i];
		s = (const uchar *)t->p;
		n = t->len;
	}
	P.u = u;
	P.base = base;
	P.special = false;
	/* The invariant the parser's unchecked writes (put(), pct(),
	 * *P->o++, the 16-byte stores of query()) rely on: the output
	 * never passes P.reserve bytes.  3 a byte of input, since a byte
	 * percent-encoded is three; the base's href, since what a
	 * reference takes from its base is a part of it; and 64 for what
	 * neither counts: the delimiters the serialization adds ("//" and
	 * "/" of "file:///x", the "/" of an empty special path, the "/."
	 * that url_parse() inserts at the end), an IPv4 host written longer
	 * than it came ("1" is "0.0.0.1", 15 bytes at most), and the bytes
	 * past the output's end that query()'s last 16-byte store may
	 * write (15 at most).  A host after IDNA is the one output not
	 * bounded by its input: domain() asks room() for it. */
	P.reserve = 3 * n + (base ? base->href.len : 0) + 64;
	u->href.len = 0;
	buf_reserve(&u->href, P.reserve);
	P.o = u->href.p;
	u->port = -1;
	u->scheme = URL_OTHER;
	u->host_type = URL_HOST_NONE;
	u->opaque_path = u->has_query = u->has_fragment = false;
	u->path_start = u->path_end = 0;
	u->pct |= base != NULL && base->pct;
	if ((err = parse(&P, s, s + n)) != URL_OK)
		return err;
	u->href.len = OFF(&P, P.o);
	if (!u->has_query)
		u->query_start = u->query_end = u->path_end;
	if (!u->has_fragment)
		u->frag_start = u->href.len;
	/* A path starting with an empty segment would read as a host:
	 * the standard writes "/." before it. */
	if (u->host_type == URL_HOST_NONE && !u->opaque_path &&
	    u->path_end - u->path_start >= 2 &&
	    u->href.p[u->path_start + 1] == '/') {
		char *ps = u->href.p + u->path_start;

		memmove(ps + 2, ps, u->href.len - u->path_start);
		ps[0] = '/';
		ps[1] = '.';
		u->href.len += 2;
		u->path_start += 2;
		u->path_end += 2;
		u->query_start += 2;
		u->query_end += 2;
		u->frag_start += 2;
	}
	return URL_OK;
}

const char *
url_strerror(enum url_error e)
{
	switch (e) {
	case URL_OK:			return "no error";
	case URL_ERR_EMPTY:		return "empty";
	case URL_ERR_NO_SCHEME:		return "relative reference (no scheme), "
					    "and no base URL";
	case URL_ERR_BASE_OPAQUE:	return "relative reference, and the base "
					    "URL cannot be a base";
	case URL_ERR_HOST_MISSING:	return "missing host";
	case URL_ERR_HOST_CHAR:		return "forbidden character in host";
	case URL_ERR_IDNA:		return "invalid international domain name";
	case URL_ERR_IPV4:		return "invalid IPv4 address";
	case URL_ERR_IPV6:		return "invalid IPv6 address";
	case URL_ERR_PORT:		return "invalid port";
	case URL_ERR_PORT_RANGE:	return "port out of range";
	}
	return "unknown error";
}
