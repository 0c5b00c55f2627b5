#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "out.h"
#include "xalloc.h"

void
out_init(struct out *o, int fd, const char *name)
{
	out_init_size(o, fd, name, OUT_BUFSIZE);
}

void
out_init_size(struct out *o, int fd, const char *name, size_t size)
{
	o->fd = fd;
	o->name = name;
	o->cap = size;
	o->buf = xmalloc(o->cap);
	o->len = 0;
	o->line_buffered = false;
}

static _Noreturn void
write_failed(struct out *o, int err)
{
	if (err == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
	}
	if (o->name)
		diag_fatal("%s: write error: %s", o->name, strerror(err));
	diag_fatal("write error: %s", strerror(err));
}

static void
write_all(struct out *o, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(o->fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			write_failed(o, errno);
		}
		p += w;
		n -= (size_t)w;
	}
}

void
out_flush(struct out *o)
{
	if (o->len) {
		write_all(o, o->buf, o->len);
		o->len = 0;
	}
}

void
out_write_slow(struct out *o, const void *p, size_t n)
{
	out_flush(o);
	if (n >= o->cap)
		write_all(o, p, n);	/* large: skip the copy */
	else {
		memcpy(o->buf, p, n);
		o->len = n;
	}
}

void
out_close(struct out *o)
{
	out_flush(o);
	if (close(o->fd) < 0 && errno != EINTR)
		write_failed(o, errno);
	free(o->buf);
	o->buf = NULL;
	o->cap = 0;
}
