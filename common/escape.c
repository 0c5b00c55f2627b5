#include <string.h>

#include "escape.h"

/* The byte an escape sequence \c stands for, or 0 if c is not one of
 * the four escapes. */
static inline char
unescaped(char c)
{
	switch (c) {
	case '\\':	return '\\';
	case 't':	return '\t';
	case 'n':	return '\n';
	case 'r':	return '\r';
	default:	return 0;
	}
}

void
unescape_append(struct buf *b, const char *p, size_t n)
{
	const char *end, *bs;

	if (n == 0)
		return;		/* p may be NULL: no arithmetic on it */
	end = p + n;
	buf_reserve(b, n);	/* unescaping never lengthens */
	while ((bs = memchr(p, '\\', (size_t)(end - p))) != NULL) {
		char c = bs + 1 < end ? unescaped(bs[1]) : 0;

		memcpy(b->p + b->len, p, (size_t)(bs - p));
		b->len += (size_t)(bs - p);
		if (c) {
			b->p[b->len++] = c;
			p = bs + 2;
		} else {
			b->p[b->len++] = '\\';
			p = bs + 1;
		}
	}
	memcpy(b->p + b->len, p, (size_t)(end - p));
	b->len += (size_t)(end - p);
}

/* The letter that escapes byte c, or 0 if c is written as itself. */
static inline char
escape_letter(unsigned char c)
{
	switch (c) {
	case '\\':	return '\\';
	case '\t':	return 't';
	case '\n':	return 'n';
	case '\r':	return 'r';
	default:	return 0;
	}
}

/* Length of the run at p that needs no escaping. */
static size_t
plain_run(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (escape_letter((unsigned char)p[i]))
			break;
	return i;
}

void
escape_append(struct buf *b, const char *p, size_t n)
{
	while (n > 0) {
		size_t k = plain_run(p, n);

		buf_append(b, p, k);
		if (k == n)
			break;
		buf_putc(b, '\\');
		buf_putc(b, escape_letter((unsigned char)p[k]));
		p += k + 1;
		n -= k + 1;
	}
}

void
escape_write(struct out *o, const char *p, size_t n)
{
	while (n > 0) {
		size_t k = plain_run(p, n);
		char esc[2] = { '\\', 0 };

		out_write(o, p, k);
		if (k == n)
			break;
		esc[1] = escape_letter((unsigned char)p[k]);
		out_write(o, esc, 2);
		p += k + 1;
		n -= k + 1;
	}
}
