#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uset.h>
#include <unicode/utf8.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "diag.h"
#include "textnorm.h"
#include "xalloc.h"

/*
 * White space collapsing is the hot path of sha256text: SHA-256 itself
 * runs near 2 GB/s, so the pass in front of it has to be several times
 * faster or it halves the throughput.  Most bytes of a text need no
 * change, so we look for the few places that do and copy the spans
 * between them.  A byte needs a look when it is
 *   - a control character (TAB, LF, CR, ... are white space),
 *   - a backslash in an escaped field,
 *   - the lead byte of a multi-byte White_Space character,
 *   - an ASCII space followed by a space or by one of the above
 *     (a single space between words is already normal).
 * The classes come from ICU's White_Space set at first use, so new
 * Unicode data cannot be missed; only the SIMD scan assumes that the
 * lead bytes are among C2, E1, E2 and E3, and is not used otherwise.
 */

enum {
	C_SPECIAL = 1,		/* control character or white space lead byte */
	C_BACKSLASH = 2,	/* special in escaped fields only */
};

static unsigned char cls[256];
/* The multi-byte White_Space characters as bit sets, so that a lead byte
 * is checked without decoding: bit (b1 & 63) of ws2[lead] for two-byte
 * characters, bit (b2 & 63) of ws3[lead & 15][b1 & 63] for three-byte
 * ones.  (Unicode has no four-byte white space.) */
static uint64_t ws2[256];
static uint64_t ws3[16][64];
static bool tables_ready;
static bool simd_ok;

static void
init_tables(void)
{
	UErrorCode err = U_ZERO_ERROR;
	USet *ws = uset_openEmpty();
	int32_t i, nitems;

	for (i = 0; i < 0x20; i++)
		cls[i] = C_SPECIAL;
	cls['\\'] = C_BACKSLASH;
	uset_applyIntPropertyValue(ws, UCHAR_WHITE_SPACE, 1, &err);
	if (U_FAILURE(err))
		diag_fatal("ICU: White_Space: %s", u_errorName(err));
	simd_ok = true;
	nitems = uset_getItemCount(ws);
	for (i = 0; i < nitems; i++) {
		UChar32 lo, hi, c;

		err = U_ZERO_ERROR;
		if (uset_getItem(ws, i, &lo, &hi, NULL, 0, &err) != 0)
			continue;	/* a string, not a range */
		for (c = lo; c <= hi; c++) {
			uint8_t u[4];
			int32_t len = 0;

			U8_APPEND_UNSAFE(u, len, c);
			/* The scans rely on ASCII white space being space
			 * or a control, and on there being none in four
			 * bytes: say so if ICU's data ever changes that. */
			if ((len == 1 && c != ' ' && c >= 0x20) || len == 4)
				diag_fatal("ICU: unexpected white space U+%04X",
				    (unsigned)c);
			if (len == 1)
				continue;
			cls[u[0]] |= C_SPECIAL;
			if (len == 2)
				ws2[u[0]] |= UINT64_C(1) << (u[1] & 63);
			else
				ws3[u[0] & 15][u[1] & 63] |= UINT64_C(1) << (u[2] & 63);
			if (u[0] != 0xc2 && (u[0] < 0xe1 || u[0] > 0xe3))
				simd_ok = false;
		}
	}
	uset_close(ws);
	tables_ready = true;
}

/* Collects output in a block so the sink sees few, large pieces. */
struct emitter {
	text_sink	*sink;
	void		*ctx;
	size_t		 len;
	bool		 any;		/* something was emitted */
	bool		 space;		/* a space is due before the next byte */
	char		 block[16384];
};

static void
emit(struct emitter *e, const char *p, size_t n)
{
	if (n == 0)
		return;
	if (e->space) {
		e->space = false;
		if (e->len == sizeof e->block) {
			e->sink(e->ctx, e->block, e->len);
			e->len = 0;
		}
		e->block[e->len++] = ' ';
	}
	e->any = true;
	if (sizeof e->block - e->len < n) {
		e->sink(e->ctx, e->block, e->len);
		e->len = 0;
		if (n >= sizeof e->block) {
			e->sink(e->ctx, p, n);
			return;
		}
	}
	memcpy(e->block + e->len, p, n);
	e->len += n;
}

/* The length of the multi-byte White_Space character at s, or 0. */
static inline int
unicode_space(const unsigned char *s, const unsigned char *end)
{
	if (s[0] < 0xe0)
		return end - s >= 2 && (s[1] & 0xc0) == 0x80 &&
		    (ws2[s[0]] >> (s[1] & 63) & 1) ? 2 : 0;
	return s[0] < 0xf0 && end - s >= 3 && (s[1] & 0xc0) == 0x80 &&
	    (s[2] & 0xc0) == 0x80 &&
	    (ws3[s[0] & 15][s[1] & 63] >> (s[2] & 63) & 1) ? 3 : 0;
}

/* Skip the run of white space at p; returns where it ends. */
static const unsigned char *
skip_space(const unsigned char *p, const unsigned char *end, bool escaped)
{
	while (p < end) {
		unsigned char c = *p;
		int k;

		if (c == ' ' || (c >= '\t' && c <= '\r'))
			p++;
		else if (c == '\\' && escaped && end - p >= 2 &&
		    (p[1] == 't' || p[1] == 'n' || p[1] == 'r'))
			p += 2;
		else if (c >= 0xc2 && (k = unicode_space(p, end)) > 0)
			p += k;
		else
			break;
	}
	return p;
}

/* The first byte at or after p that needs a look (see above), or end. */
static const unsigned char *
scan(const unsigned char *p, const unsigned char *end, unsigned mask)
{
#if defined(__SSE2__)
	if (simd_ok) {
		const __m128i ctl = _mm_set1_epi8(0x1f);
		const __m128i spc = _mm_set1_epi8(' ');
		const __m128i bsl = _mm_set1_epi8(mask & C_BACKSLASH ? '\\' : 0);
		const __m128i c2 = _mm_set1_epi8((char)0xc2);
		const __m128i e1 = _mm_set1_epi8((char)0xe1);
		const __m128i e2 = _mm_set1_epi8((char)0xe2);
		const __m128i e3 = _mm_set1_epi8((char)0xe3);

		/* 17: the byte after the block is looked at too */
		while (end - p >= 17) {
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
			__m128i s = _mm_cmpeq_epi8(_mm_min_epu8(x, ctl), x);
			unsigned ms, mp, flag;

			s = _mm_or_si128(s, _mm_cmpeq_epi8(x, bsl));
			s = _mm_or_si128(s, _mm_or_si128(
			    _mm_cmpeq_epi8(x, c2), _mm_cmpeq_epi8(x, e1)));
			s = _mm_or_si128(s, _mm_or_si128(
			    _mm_cmpeq_epi8(x, e2), _mm_cmpeq_epi8(x, e3)));
			ms = (unsigned)_mm_movemask_epi8(s);
			mp = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, spc));
			flag = ms | (mp & ((ms | mp) >> 1));
			if ((mp & 0x8000) &&
			    (p[16] == ' ' || (cls[p[16]] & mask)))
				flag |= 0x8000;
			if (flag)
				return p + __builtin_ctz(flag);
			p += 16;
		}
	}
#endif
	for (; p < end; p++) {
		if (cls[*p] & mask)
			return p;
		if (*p == ' ' &&
		    (p + 1 == end || p[1] == ' ' || (cls[p[1]] & mask)))
			return p;
	}
	return end;
}

void
textnorm_space(const char *in, size_t n, bool escaped, text_sink *sink,
    void *ctx)
{
	const unsigned char *end, *p, *s, *q;
	unsigned mask = C_SPECIAL | (escaped ? C_BACKSLASH : 0);
	struct emitter *e, e_stack;	/* not zeroed: 16 KB a call */

	/* before the arithmetic: an empty buffer's pointer may be NULL */
	if (n == 0)
		return;
	end = (const unsigned char *)in + n;
	if (!tables_ready)
		init_tables();
	e = &e_stack;
	e->sink = sink;
	e->ctx = ctx;
	e->len = 0;
	e->any = e->space = false;

	s = p = skip_space((const unsigned char *)in, end, escaped);
	while (p < end) {
		p = scan(p, end, mask);
		if (p == end)
			break;
		if (*p >= 0xc2 && unicode_space(p, end) == 0) {
			p++;	/* lead byte of a non-space: kept as is */
			continue;
		}
		q = skip_space(p, end, escaped);
		if (q == p + 1 && *p == ' ' && q < end) {
			p = q;		/* one space before a non-space */
			continue;
		}
		if (q != p) {		/* a run of white space */
			emit(e, (const char *)s, (size_t)(p - s));
			s = p = q;
			e->space = e->any && q < end;
			continue;
		}
		if (*p == '\\') {	/* escaped mode: not \t \n \r */
			if (end - p >= 2 && p[1] == '\\') {
				emit(e, (const char *)s, (size_t)(p + 1 - s));
				s = p = p + 2;
			} else
				p++;	/* stands for itself */
			continue;
		}
		p++;	/* a control that is not white space: kept as is */
	}
	emit(e, (const char *)s, (size_t)(end - s));
	if (e->len)
		sink(ctx, e->block, e->len);
}

static void
buf_sink(void *ctx, const char *p, size_t n)
{
	buf_append(ctx, p, n);
}

void
textnorm_space_buf(const char *p, size_t n, bool escaped, struct buf *b)
{
	textnorm_space(p, n, escaped, buf_sink, b);
}

/*
 * Unicode forms through ICU, which works on UTF-16: each valid UTF-8 run
 * is converted, transformed and converted back.  Buffers are kept
 * between calls; the usual ICU pattern of "try, and on
 * U_BUFFER_OVERFLOW_ERROR grow to the size it reported and retry".
 */
struct ubuf {
	UChar	*p;
	int32_t	 len;
	size_t	 cap;		/* in UChars */
};

static void
ubuf_reserve(struct ubuf *u, int32_t need)
{
	if ((size_t)need > u->cap) {
		size_t bytes = u->cap * sizeof(UChar);

		u->p = xgrow(u->p, &bytes, (size_t)need * sizeof(UChar));
		u->cap = bytes / sizeof(UChar);
	}
}

static void
icu_check(UErrorCode err, const char *what)
{
	if (U_FAILURE(err))
		diag_fatal("ICU: %s: %s", what, u_errorName(err));
}

static void
transform_run(const char *p, int32_t n, unsigned how, struct buf *b)
{
	static struct ubuf a, t;
	static const UNormalizer2 *nfkc;
	UErrorCode err = U_ZERO_ERROR;
	int32_t len;

	ubuf_reserve(&a, n);	/* UTF-16 never has more units than UTF-8 bytes */
	buf_reserve(b, (size_t)n);	/* about as long, and b->p not NULL */
	u_strFromUTF8(a.p, (int32_t)a.cap, &a.len, p, n, &err);
	icu_check(err, "from UTF-8");
	if (how & TEXTNORM_NFKC) {
		if (nfkc == NULL) {
			nfkc = unorm2_getNFKCInstance(&err);
			icu_check(err, "NFKC");
		}
		for (;;) {
			err = U_ZERO_ERROR;
			ubuf_reserve(&t, a.len);
			len = unorm2_normalize(nfkc, a.p, a.len, t.p,
			    (int32_t)t.cap, &err);
			if (err != U_BUFFER_OVERFLOW_ERROR)
				break;
			ubuf_reserve(&t, len);
		}
		icu_check(err, "NFKC");
		t.len = len;
		struct ubuf swap = a; a = t; t = swap;
	}
	if (how & TEXTNORM_CASEFOLD) {
		for (;;) {
			err = U_ZERO_ERROR;
			ubuf_reserve(&t, a.len);
			len = u_strFoldCase(t.p, (int32_t)t.cap, a.p, a.len,
			    U_FOLD_CASE_DEFAULT, &err);
			if (err != U_BUFFER_OVERFLOW_ERROR)
				break;
			ubuf_reserve(&t, len);
		}
		icu_check(err, "case folding");
		t.len = len;
		struct ubuf swap = a; a = t; t = swap;
	}
	for (;;) {
		int32_t cap = b->cap - b->len > INT32_MAX ? INT32_MAX :
		    (int32_t)(b->cap - b->len);

		err = U_ZERO_ERROR;
		u_strToUTF8(b->p + b->len, cap, &len, a.p, a.len, &err);
		if (err != U_BUFFER_OVERFLOW_ERROR)
			break;
		buf_reserve(b, (size_t)len);
	}
	icu_check(err, "to UTF-8");
	b->len += (size_t)len;
}

void
textnorm_unicode(const char *p, size_t n, unsigned how, struct buf *b)
{
	const uint8_t *s = (const uint8_t *)p;
	size_t i = 0, run = 0;

	/* ICU takes int32_t lengths: cut very long valid runs. */
	const size_t maxrun = (size_t)INT32_MAX / 4;

	while (i < n) {
		int32_t j = 0, len = n - i > 4 ? 4 : (int32_t)(n - i);
		UChar32 c;

		U8_NEXT(s + i, j, len, c);
		if (c < 0 || i - run >= maxrun) {
			if (i > run)
				transform_run(p + run, (int32_t)(i - run), how, b);
			if (c < 0) {
				buf_append(b, p + i, (size_t)j);
				run = i + (size_t)j;
			} else
				run = i;
		}
		i += (size_t)j;
	}
	if (n > run)
		transform_run(p + run, (int32_t)(n - run), how, b);
}

size_t
textnorm_width(const char *p, size_t n)
{
	const uint8_t *u = (const uint8_t *)p;
	size_t w = 0;
	int32_t i = 0, len = n > INT32_MAX ? INT32_MAX : (int32_t)n;

	while (i < len) {
		UChar32 c;
		int ea;

		U8_NEXT(u, i, len, c);
		if (c < 0x1100) {	/* nothing wide below U+1100 */
			w++;
			continue;
		}
		ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
		w += ea == U_EA_WIDE || ea == U_EA_FULLWIDTH ? 2 : 1;
	}
	return w;
}
