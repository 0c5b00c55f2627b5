#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "readwin.h"
#include "xalloc.h"

void
reader_reset(struct reader *r, int fd)
{
	if (r->buf == NULL) {
		r->cap = READWIN_CHUNK;
		r->buf = xmalloc(r->cap);
	}
	r->fd = fd;
	r->start = r->end = r->scanned = 0;
	r->lineno = 0;
	r->eof = false;
	r->bom_done = false;
	r->err = 0;
}

void
reader_free(struct reader *r)
{
	free(r->buf);
	r->buf = NULL;
	r->cap = 0;
}

/* Read more after the unconsumed bytes; moves them to the front first,
 * and grows the buffer when they fill it.  Returns bytes read, 0 at end
 * of file, -1 on error. */
static ssize_t
fill(struct reader *r)
{
	ssize_t n;

	if (r->start > 0) {
		r->end = readwin_shift(r->buf, r->start, r->end);
		r->start = 0;
	}
	r->buf = readwin_room(r->buf, &r->cap, r->end, r->end);
	n = readwin_read(r->fd, r->buf + r->end, r->cap - r->end);
	if (n < 0) {
		r->err = errno;
		return -1;
	}
	if (n == 0)
		r->eof = true;
	r->end += (size_t)n;
	return n;
}

/* The record at start is longer than max and has no LF yet: copy it and
 * everything up to the next LF to spill without keeping it.  A CR right
 * before the LF is not part of the record, so a CR that ends a chunk is
 * held back until we see what follows it. */
static enum read_status
skip_long(struct reader *r)
{
	bool held_cr = false;

	for (;;) {
		char *p, *lf;
		size_t n;

		if (r->start == r->end) {
			if (r->eof)
				break;	/* a CR held back ended the input */
			if (fill(r) < 0)
				return READ_ERROR;
			continue;
		}
		p = r->buf + r->start;
		lf = memchr(p, '\n', r->end - r->start);
		n = lf ? (size_t)(lf - p) : r->end - r->start;
		if (held_cr && !(lf && n == 0) && r->spill)
			out_putc(r->spill, '\r');
		held_cr = false;
		if (n > 0 && p[n - 1] == '\r') {
			held_cr = lf == NULL;
			n--;
		}
		if (r->spill)
			out_write(r->spill, p, n);
		if (lf != NULL) {
			r->start = (size_t)(lf - r->buf) + 1;
			break;
		}
		r->start = r->end;
	}
	if (r->spill)
		out_end_record(r->spill);
	r->scanned = 0;
	return READ_TOOLONG;
}

enum read_status
reader_next(struct reader *r, const char **rec, size_t *len)
{
	char *lf;
	size_t n;

	if (!r->bom_done) {
		/* A UTF-8 byte order mark marks the encoding of the file;
		 * it is not part of the first record's first field. */
		/* Read on only while what came so far could begin one: an
		 * interactive "x\n" must not wait for a third byte. */
		r->bom_done = true;
		while (r->end - r->start < 3 && !r->eof &&
		    (r->end == r->start || memcmp(r->buf + r->start,
		    "\xef\xbb\xbf", r->end - r->start) == 0))
			if (fill(r) < 0)
				return READ_ERROR;
		if (r->end - r->start >= 3 &&
		    memcmp(r->buf + r->start, "\xef\xbb\xbf", 3) == 0)
			r->start += 3;
	}
	for (;;) {
		n = r->end - r->start;
		lf = memchr(r->buf + r->start + r->scanned, '\n',
		    n - r->scanned);
		if (lf != NULL)
			break;
		r->scanned = n;
		if (r->max && n > 0 && n - 1 > r->max) {	/* - 1: a CR may end it */
			r->lineno++;
			return skip_long(r);
		}
		if (r->eof) {
			if (n == 0)
				return READ_EOF;
			lf = r->buf + r->end;	/* last line without LF */
			break;
		}
		if (fill(r) < 0)
			return READ_ERROR;
	}
	r->lineno++;
	*rec = r->buf + r->start;
	*len = (size_t)(lf - *rec);
	r->start = lf < r->buf + r->end ? (size_t)(lf - r->buf) + 1 : r->end;
	r->scanned = 0;
	if (*len > 0 && (*rec)[*len - 1] == '\r')
		(*len)--;
	if (r->max && *len > r->max) {
		if (r->spill) {
			out_write(r->spill, *rec, *len);
			out_end_record(r->spill);
		}
		return READ_TOOLONG;
	}
	return READ_RECORD;
}
