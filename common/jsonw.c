#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <unicode/utf8.h>

#include "jsonw.h"

static void
put(struct jsonw *w, const void *p, size_t n)
{
	if (w->o != NULL)
		out_write(w->o, p, n);
	else
		buf_append(w->b, p, n);
}

static void
putc_(struct jsonw *w, char c)
{
	if (w->o != NULL)
		out_putc(w->o, c);
	else
		buf_putc(w->b, c);
}

void
jsonw_init_out(struct jsonw *w, struct out *o)
{
	w->o = o;
	w->b = NULL;
	w->depth = 0;
}

void
jsonw_init_buf(struct jsonw *w, struct buf *b)
{
	w->o = NULL;
	w->b = b;
	w->depth = 0;
}

/* The escaped body of a string, without its quotes.  Runs of bytes that
 * need nothing are copied in one call. */
static void
body(struct jsonw *w, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t run = 0, i = 0;

	while (i < n) {
		unsigned char c = u[i];
		char esc[8];
		size_t elen = 0, skip = 1;

		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0x80) {
			/* ICU's U8_NEXT: an invalid sequence is one maximal
			 * subpart, as the WHATWG decoder counts them */
			int32_t k = 0;
			UChar32 cp;

			U8_NEXT(u + i, k, (int32_t)(n - i < 4 ? n - i : 4), cp);
			if (cp >= 0 && cp != 0x2028 && cp != 0x2029) {
				i += (size_t)k;
				continue;
			}
			if (cp >= 0)
				elen = (size_t)snprintf(esc, sizeof esc,
				    "\\u%04x", (unsigned)cp);
			else {
				memcpy(esc, "\xef\xbf\xbd", 3);
				elen = 3;
			}
			skip = (size_t)k;
		} else {
			esc[0] = '\\';
			elen = 2;
			switch (c) {
			case '"':  esc[1] = '"'; break;
			case '\\': esc[1] = '\\'; break;
			case '\b': esc[1] = 'b'; break;
			case '\f': esc[1] = 'f'; break;
			case '\n': esc[1] = 'n'; break;
			case '\r': esc[1] = 'r'; break;
			case '\t': esc[1] = 't'; break;
			default:
				memcpy(esc + 1, "u00", 3);
				esc[4] = hex[c >> 4];
				esc[5] = hex[c & 15];
				elen = 6;
			}
		}
		if (i > run)
			put(w, s + run, i - run);
		put(w, esc, elen);
		i += skip;
		run = i;
	}
	if (n > run)
		put(w, s + run, n - run);
}

/* The comma before a value, its key, and the colon. */
static void
key(struct jsonw *w, const char *k)
{
	if (w->depth > 0) {
		if (w->more[w->depth - 1])
			putc_(w, ',');
		w->more[w->depth - 1] = true;
	}
	if (k != NULL) {
		putc_(w, '"');
		body(w, k, strlen(k));
		put(w, "\":", 2);
	}
}

static void
open_(struct jsonw *w, const char *k, char c)
{
	key(w, k);
	if (w->depth == JSONW_MAX_DEPTH)
		abort();
	putc_(w, c);
	w->more[w->depth++] = false;
}

static void
close_(struct jsonw *w, char c)
{
	if (w->depth == 0)
		abort();
	w->depth--;
	putc_(w, c);
}

void
jsonw_begin(struct jsonw *w, const char *k)
{
	open_(w, k, '{');
}

void
jsonw_end(struct jsonw *w)
{
	close_(w, '}');
}

void
jsonw_begin_array(struct jsonw *w, const char *k)
{
	open_(w, k, '[');
}

void
jsonw_end_array(struct jsonw *w)
{
	close_(w, ']');
}

void
jsonw_str(struct jsonw *w, const char *k, const char *s, size_t n)
{
	key(w, k);
	putc_(w, '"');
	body(w, s, n);
	putc_(w, '"');
}

void
jsonw_int(struct jsonw *w, const char *k, intmax_t v)
{
	char num[32];

	key(w, k);
	put(w, num, (size_t)snprintf(num, sizeof num, "%" PRIdMAX, v));
}

void
jsonw_uint(struct jsonw *w, const char *k, uintmax_t v)
{
	char num[32];

	key(w, k);
	put(w, num, (size_t)snprintf(num, sizeof num, "%" PRIuMAX, v));
}

void
jsonw_bool(struct jsonw *w, const char *k, bool v)
{
	key(w, k);
	if (v)
		put(w, "true", 4);
	else
		put(w, "false", 5);
}

void
jsonw_quote(struct buf *b, const char *s, size_t n)
{
	struct jsonw w;

	jsonw_init_buf(&w, b);
	buf_putc(b, '"');
	body(&w, s, n);
	buf_putc(b, '"');
}
