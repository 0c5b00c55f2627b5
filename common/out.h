/* Buffered output over a file descriptor.
 *
 * Every write is checked.  A write error is fatal: "prog: NAME: write
 * error: reason", status 2.  EPIPE (a reader such as `head -1` went away
 * while SIGPIPE is ignored) restores SIGPIPE's default action and raises
 * it, so the shell sees 141 and nothing is printed.  out_close() flushes
 * and closes, and checks both, so `prog > /dev/full` fails loudly. */
#ifndef CRAWLUTILS_OUT_H
#define CRAWLUTILS_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct out {
	int		 fd;
	const char	*name;		/* for messages; NULL for stdout */
	char		*buf;
	size_t		 len;
	size_t		 cap;
	bool		 line_buffered;	/* flush at every out_end_record() */
};

#define OUT_BUFSIZE	(256 * 1024)

void out_init(struct out *o, int fd, const char *name);
/* The same with a buffer of size bytes (at least 1) */
void out_init_size(struct out *o, int fd, const char *name, size_t size);
void out_flush(struct out *o);
void out_write_slow(struct out *o, const void *p, size_t n);
void out_close(struct out *o);

static inline void
out_write(struct out *o, const void *p, size_t n)
{
	if (o->cap - o->len >= n) {
		memcpy(o->buf + o->len, p, n);
		o->len += n;
	} else
		out_write_slow(o, p, n);
}

static inline void
out_putc(struct out *o, char c)
{
	if (o->len == o->cap)
		out_flush(o);
	o->buf[o->len++] = c;
}

/* End a record: LF, and a flush when line buffered. */
static inline void
out_end_record(struct out *o)
{
	out_putc(o, '\n');
	if (o->line_buffered)
		out_flush(o);
}

#endif
