/* The record loop every record program shares: the inputs named on the
 * command line (none or "-" is stdin) read in order, a header line
 * (-H), rejected records reported and sent to --rejects, records
 * written to stdout, and the exit status of DESIGN.md:
 *   0  every record done
 *   1  some records (or the header) rejected, each one reported
 *   2  trouble: an input that could not be opened or read (reported,
 *      skipped, the others still read), a write error, out of memory.
 *
 *	struct stream s;
 *	struct record r;
 *	stream_open(&s, argc - optind, argv + optind);
 *	while (stream_next(&s, &r))
 *		if (stream_field(&s, &r, field, &f))
 *			... stream_write_*(&s, &r, ...), stream_reject(...)
 *	return stream_close(&s);
 */
#ifndef CRAWLUTILS_STREAM_H
#define CRAWLUTILS_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "field.h"
#include "out.h"
#include "reader.h"

struct record {
	const char	*p;		/* without LF (and CR) */
	size_t		 n;
	uintmax_t	 line;
	bool		 header;	/* the header line kept by -H */
};

struct stream {
	char		**paths;
	int		 npaths;
	int		 next;		/* index of the next input to open */
	bool		 reading;	/* an input is open */
	const char	*file;		/* its name in messages: "-" for stdin */
	struct reader	 rd;
	struct out	 out;
	struct out	 rej;
	bool		 have_rej;
	bool		 header_seen;
	bool		 header_rejected;	/* status 1, not a record */
	uintmax_t	 nread, nwritten, nrejected;
	int		 status;
	const char	*noun;		/* in the -v summary; NULL: "records" */
};

void stream_open(struct stream *s, int npaths, char **paths);
/* After the inputs given so far, read these too (stream_next goes on
 * after it has returned false).  Under -H, with own_header their first
 * line is a header of their own, given as one (nearverify's DOCS);
 * without, it is skipped as every later input's header is. */
void stream_more(struct stream *s, int npaths, char **paths,
    bool own_header);
/* The next record; false when all inputs are done. */
bool stream_next(struct stream *s, struct record *r);
/* Report r ("prog: file:line: message"), write it to --rejects. */
void stream_reject(struct stream *s, const struct record *r,
    const char *fmt, ...) DIAG_PRINTF(3, 4);
/* Field n of r (field_get's numbering) in *f; when r has no field n,
 * false, with r rejected as "no field N: the record has M" ("no WHAT
 * N: ..." for stream_field_named, such as "base field"). */
bool stream_field(struct stream *s, const struct record *r, int n,
    struct span *f);
bool stream_field_named(struct stream *s, const struct record *r,
    const char *what, int n, struct span *f);
/* Write r as it is. */
void stream_write(struct stream *s, const struct record *r);
/* Write r with field f replaced by res, or with res inserted before f
 * when add is set. */
void stream_write_replace(struct stream *s, const struct record *r,
    const struct span *f, const char *res, size_t nres, bool add);
/* The same to o instead of s->out (a partition's file), counted. */
void stream_write_replace_to(struct stream *s, struct out *o,
    const struct record *r, const struct span *f, const char *res,
    size_t nres, bool add);
/* Write r followed by TAB and res. */
void stream_write_append(struct stream *s, const struct record *r,
    const char *res, size_t nres);
/* Count n records the program wrote to s->out itself, or had a module
 * write, for -v's "written" (the stream_write_* calls count their own). */
void stream_wrote(struct stream *s, uintmax_t n);
/* Flush and close everything; print the -v summary; the exit status. */
int stream_close(struct stream *s);

/* A trouble that is not a record: report it and make the status 2. */
void stream_trouble(struct stream *s, const char *fmt, ...) DIAG_PRINTF(2, 3);

#endif
