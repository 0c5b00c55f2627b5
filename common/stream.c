#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "stream.h"

static char stdin_name[] = "-";
static char *stdin_only[] = { stdin_name, NULL };

void
stream_open(struct stream *s, int npaths, char **paths)
{
	memset(s, 0, sizeof *s);
	if (npaths == 0) {
		paths = stdin_only;
		npaths = 1;
	}
	s->paths = paths;
	s->npaths = npaths;
	out_init(&s->out, STDOUT_FILENO, NULL);
	s->out.line_buffered = cli.line_buffered || isatty(STDOUT_FILENO);
	if (cli.rejects != NULL) {
		int fd = open(cli.rejects, O_WRONLY | O_CREAT | O_TRUNC, 0666);

		if (fd < 0)
			diag_fatal("%s: %s", cli.rejects, strerror(errno));
		out_init(&s->rej, fd, cli.rejects);
		s->rej.line_buffered = cli.line_buffered;
		s->have_rej = true;
	}
	s->rd.max = cli.max_record;
	s->rd.spill = s->have_rej ? &s->rej : NULL;
}

void
stream_more(struct stream *s, int npaths, char **paths, bool own_header)
{
	if (own_header)
		s->header_seen = false;
	s->paths = paths;
	s->npaths = npaths;
	s->next = 0;
}

void
stream_trouble(struct stream *s, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_warn("%s", msg);
	s->status = 2;
}

/* Open the next input; false when there is none left. */
static bool
next_input(struct stream *s)
{
	while (s->next < s->npaths) {
		const char *path = s->paths[s->next++];
		int fd;

		if (strcmp(path, "-") == 0)
			fd = STDIN_FILENO;
		else if ((fd = open(path, O_RDONLY)) < 0) {
			stream_trouble(s, "%s: %s", path, strerror(errno));
			continue;
		}
		s->file = path;
		reader_reset(&s->rd, fd);
		s->reading = true;
		return true;
	}
	return false;
}

static void
end_input(struct stream *s)
{
	if (s->rd.fd != STDIN_FILENO)
		close(s->rd.fd);
	s->reading = false;
}

bool
stream_next(struct stream *s, struct record *r)
{
	for (;;) {
		enum read_status st;

		if (!s->reading && !next_input(s))
			return false;
		st = reader_next(&s->rd, &r->p, &r->n);
		r->line = s->rd.lineno;
		r->header = false;
		switch (st) {
		case READ_RECORD:
			if (cli.header && r->line == 1) {
				if (s->header_seen)
					continue;	/* later files' headers */
				s->header_seen = true;
				r->header = true;
				return true;
			}
			s->nread++;
			return true;
		case READ_TOOLONG:
			if (cli.header && r->line == 1) {
				s->header_seen = true;
				s->header_rejected = true;
			} else {
				s->nread++;
				s->nrejected++;
			}
			diag_record(s->file, r->line,
			    "record longer than %zu bytes (--max-record)",
			    cli.max_record);
			continue;
		case READ_ERROR:
			stream_trouble(s, "%s: read error: %s", s->file,
			    strerror(s->rd.err));
			end_input(s);
			continue;
		case READ_EOF:
			end_input(s);
			continue;
		}
	}
}

void
stream_reject(struct stream *s, const struct record *r, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	if (r->header)
		s->header_rejected = true;
	else
		s->nrejected++;
	if (!diag_quiet) {
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		diag_record(s->file, r->line, "%s", msg);
	}
	if (s->have_rej) {
		out_write(&s->rej, r->p, r->n);
		out_end_record(&s->rej);
	}
}

bool
stream_field(struct stream *s, const struct record *r, int n, struct span *f)
{
	return stream_field_named(s, r, "field", n, f);
}

bool
stream_field_named(struct stream *s, const struct record *r, const char *what,
    int n, struct span *f)
{
	if (field_get(r->p, r->n, n, f))
		return true;
	stream_reject(s, r, "no %s %d: the record has %zu", what, n,
	    field_count(r->p, r->n));
	return false;
}

void
stream_wrote(struct stream *s, uintmax_t n)
{
	s->nwritten += n;
}

void
stream_write(struct stream *s, const struct record *r)
{
	out_write(&s->out, r->p, r->n);
	out_end_record(&s->out);
	if (!r->header)
		s->nwritten++;
}

void
stream_write_replace(struct stream *s, const struct record *r,
    const struct span *f, const char *res, size_t nres, bool add)
{
	stream_write_replace_to(s, &s->out, r, f, res, nres, add);
}

void
stream_write_replace_to(struct stream *s, struct out *o,
    const struct record *r, const struct span *f, const char *res,
    size_t nres, bool add)
{
	const char *fend = f->p + f->n, *end = r->p + r->n;

	out_write(o, r->p, (size_t)(f->p - r->p));
	out_write(o, res, nres);
	if (add) {
		out_putc(o, '\t');
		out_write(o, f->p, f->n);
	}
	out_write(o, fend, (size_t)(end - fend));
	out_end_record(o);
	if (!r->header)
		s->nwritten++;
}

void
stream_write_append(struct stream *s, const struct record *r,
    const char *res, size_t nres)
{
	out_write(&s->out, r->p, r->n);
	out_putc(&s->out, '\t');
	out_write(&s->out, res, nres);
	out_end_record(&s->out);
	if (!r->header)
		s->nwritten++;
}

int
stream_close(struct stream *s)
{
	if (s->reading)
		end_input(s);
	/* The rejects first: when stdout fails, they are what can still be
	 * saved to fix and feed again. */
	if (s->have_rej)
		out_close(&s->rej);
	out_close(&s->out);
	reader_free(&s->rd);
	if (cli.verbose)
		diag_warn("%s: %ju read, %ju written, %ju rejected",
		    s->noun ? s->noun : "records", s->nread, s->nwritten,
		    s->nrejected);
	if (s->status == 0 && (s->nrejected > 0 || s->header_rejected))
		s->status = 1;
	return s->status;
}
