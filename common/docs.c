#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "docs.h"
#include "escape.h"

#define READ_CHUNK	(256 * 1024)

void
docs_open(struct docs *d, int npaths, char **paths, size_t max)
{
	memset(d, 0, sizeof *d);
	stream_open(&d->s, npaths, paths);
	d->s.noun = "documents";
	d->max = max;
}

/* Read fd into d->data, up to max + 1 bytes; false on a read error. */
static bool
slurp(struct docs *d, int fd, bool *too_big)
{
	struct stat st;

	d->data.len = 0;
	*too_big = false;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uintmax_t)st.st_size > d->max) {
		*too_big = true;
		return true;
	}
	for (;;) {
		size_t want;
		ssize_t n;

		if (d->data.cap - d->data.len < READ_CHUNK / 2)
			buf_reserve(&d->data, READ_CHUNK);
		want = d->data.cap - d->data.len;
		if (want > d->max + 1 - d->data.len)
			want = d->max + 1 - d->data.len;
		do
			n = read(fd, d->data.p + d->data.len, want);
		while (n < 0 && errno == EINTR);
		if (n < 0)
			return false;
		if (n == 0)
			return true;
		d->data.len += (size_t)n;
		if (d->data.len > d->max) {
			*too_big = true;
			d->data.len = 0;
			return true;
		}
	}
}

bool
docs_next(struct docs *d, struct doc *doc)
{
	struct stream *s = &d->s;

	while (s->next < s->npaths) {
		const char *path = s->paths[s->next++];
		bool ok, stdin_ = strcmp(path, "-") == 0;
		int fd;

		if (stdin_)
			fd = STDIN_FILENO;
		else if ((fd = open(path, O_RDONLY)) < 0) {
			stream_trouble(s, "%s: %s", path, strerror(errno));
			continue;
		}
		ok = slurp(d, fd, &doc->too_big);
		if (!ok)
			stream_trouble(s, "%s: read error: %s", path,
			    strerror(errno));
		if (!stdin_)
			close(fd);
		if (!ok)
			continue;
		s->nread++;
		doc->file = path;
		doc->p = d->data.p ? d->data.p : "";
		doc->n = d->data.len;
		return true;
	}
	return false;
}

void
docs_reject(struct docs *d, const struct doc *doc, const char *id,
    const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	d->s.nrejected++;
	if (!diag_quiet)
		diag_warn("%s: %s", doc->file, msg);
	if (d->s.have_rej) {
		escape_write(&d->s.rej, id, strlen(id));
		out_putc(&d->s.rej, '\t');
		escape_write(&d->s.rej, msg, strlen(msg));
		out_end_record(&d->s.rej);
	}
}

int
docs_close(struct docs *d)
{
	buf_free(&d->data);
	return stream_close(&d->s);
}
