#define _GNU_SOURCE		/* memrchr */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"

#if !defined(__GLIBC__) && !defined(__FreeBSD__) && !defined(__OpenBSD__) && \
    !defined(__NetBSD__) && !defined(__linux__)
static void *
memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	while (n-- > 0)
		if (p[n] == (unsigned char)c)
			return (void *)(p + n);
	return NULL;
}
#endif

bool
field_get(const char *rec, size_t len, int n, struct span *f)
{
	const char *p = rec, *end = rec + len, *t;

	if (n > 0) {
		while (--n > 0) {
			if ((t = memchr(p, '\t', (size_t)(end - p))) == NULL)
				return false;
			p = t + 1;
		}
		t = memchr(p, '\t', (size_t)(end - p));
		f->p = p;
		f->n = (size_t)((t ? t : end) - p);
		return true;
	}
	while (++n < 0) {
		if ((t = memrchr(rec, '\t', (size_t)(end - rec))) == NULL)
			return false;
		end = t;
	}
	t = memrchr(rec, '\t', (size_t)(end - rec));
	f->p = t ? t + 1 : rec;
	f->n = (size_t)(end - f->p);
	return true;
}

size_t
field_count(const char *rec, size_t len)
{
	const char *p = rec, *end = rec + len, *t;
	size_t n = 1;

	while ((t = memchr(p, '\t', (size_t)(end - p))) != NULL) {
		n++;
		p = t + 1;
	}
	return n;
}

bool
field_parse(const char *s, const char *end, int *n)
{
	char buf[16], *e;
	size_t len = end ? (size_t)(end - s) : strlen(s);
	long v;

	if (len == 0 || len >= sizeof buf)
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (!(buf[0] == '-' || (buf[0] >= '0' && buf[0] <= '9')))
		return false;
	errno = 0;
	v = strtol(buf, &e, 10);
	if (*e != '\0' || errno != 0 || v == 0 || v > INT_MAX || v < -INT_MAX)
		return false;
	*n = (int)v;
	return true;
}
