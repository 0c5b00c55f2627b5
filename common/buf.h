/* A growable byte buffer.  Bytes, not strings: it may hold NULs and is
 * not NUL-terminated unless buf_cstr() is asked for. */
#ifndef CRAWLUTILS_BUF_H
#define CRAWLUTILS_BUF_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

struct buf {
	char	*p;
	size_t	 len;
	size_t	 cap;
};

static inline void
buf_reserve(struct buf *b, size_t extra)
{
	if (b->cap - b->len < extra)
		b->p = xgrow(b->p, &b->cap, b->len + extra);
}

static inline void
buf_append(struct buf *b, const void *p, size_t n)
{
	buf_reserve(b, n);
	if (n)
		memcpy(b->p + b->len, p, n);
	b->len += n;
}

static inline void
buf_putc(struct buf *b, char c)
{
	buf_reserve(b, 1);
	b->p[b->len++] = c;
}

/* The contents followed by a NUL that is not counted in len. */
static inline const char *
buf_cstr(struct buf *b)
{
	buf_reserve(b, 1);
	b->p[b->len] = '\0';
	return b->p;
}

static inline void
buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

#endif
