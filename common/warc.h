/* WARC files (ISO 28500, WARC/1.0 and WARC/1.1), read as a stream of
 * records, each framed by its Content-Length: nothing but the record at
 * hand is kept in memory, and only when it is an HTML page of at most
 * max bytes; a record of any other kind is read past in fixed chunks.
 *
 * warc_next() hands out every record with a verdict:
 *   WARC_HTML  a response whose HTTP payload is HTML (by its Content-Type,
 *              or sniffed when it has none or an unknown one), or a
 *              resource record of type text/html: its URI, the charset of
 *              its Content-Type, and the payload, chunked transfer-coding
 *              undone
 *   WARC_SKIP  request, warcinfo, metadata, revisit, a response that is
 *              not HTML (or not HTTP, like dns:), and the other types;
 *              counted in w->count[]
 *   WARC_BAD   a record that is malformed or truncated, or an HTML page
 *              that cannot be had (larger than max, compressed, broken
 *              chunks): why says it.  The reader is past it: at the next
 *              record when the framing holds, else at the next line that
 *              starts with "WARC/1." (or the end of the input).
 *   WARC_EOF, WARC_ERROR (a read error, errno in w->err)
 *   WARC_GZIP  the input is gzip-compressed (.warc.gz), which this reader
 *              does not decompress: nothing of it is read
 * Pointers in the record stay valid until the next call.  Offsets are
 * those of the record's first byte in the input. */
#ifndef CRAWLUTILS_WARC_H
#define CRAWLUTILS_WARC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

#define WARC_HEADER_MAX	(64 * 1024)	/* WARC header, and HTTP header */

enum warc_verdict {
	WARC_EOF, WARC_HTML, WARC_SKIP, WARC_BAD, WARC_ERROR,
	WARC_GZIP	/* the input starts with a gzip header: not read */
};

/* What the records were, for the -v summary. */
enum warc_kind {
	WARC_K_HTML,		/* HTML responses and resources */
	WARC_K_REQUEST,
	WARC_K_WARCINFO,
	WARC_K_METADATA,
	WARC_K_REVISIT,
	WARC_K_NONHTML,		/* responses and resources that are not HTML */
	WARC_K_OTHER,		/* conversion, continuation, unknown types */
	WARC_K_BAD,		/* malformed, truncated or unreadable */
	WARC_NKINDS
};

struct warc_record {
	uintmax_t	 offset;
	const char	*uri;		/* WARC-Target-URI, "" if none */
	const char	*charset;	/* of the Content-Type, or NULL */
	const char	*body;		/* WARC_HTML: the payload */
	size_t		 len;
	const char	*why;		/* WARC_BAD: the reason */
};

struct warc {
	int		 fd;		/* -1: reading mem */
	const char	*mem;
	size_t		 memlen, mempos;
	char		*buf;
	size_t		 cap, start, end;
	uintmax_t	 base;		/* input offset of buf[0] */
	uintmax_t	 body;		/* of the block of the record at hand */
	bool		 eof;
	int		 err;
	size_t		 max;		/* largest HTML payload kept */
	struct buf	 uri, charset;
	char		 why[256];
	uintmax_t	 count[WARC_NKINDS];
};

/* max is the largest payload handed out; counts start at zero. */
void warc_init(struct warc *w, size_t max);
/* Read from fd, or from the n bytes at p, from the start; the counts
 * go on adding up. */
void warc_reset_fd(struct warc *w, int fd);
void warc_reset_mem(struct warc *w, const char *p, size_t n);
enum warc_verdict warc_next(struct warc *w, struct warc_record *r);
void warc_free(struct warc *w);

/* The summary of the counts: "N HTML, N request, ..." into b. */
void warc_summary(const struct warc *w, struct buf *b);

/* Does p[0..n) start like an HTML page (the WHATWG sniffing patterns:
 * "<!DOCTYPE HTML", "<html", "<head", "<body", "<div", "<p", "<!--",
 * ... after white space)? */
bool warc_sniff_html(const char *p, size_t n);

/* Undo chunked transfer-coding of p[0..*n) in place; false if the
 * chunks are malformed (*n is then what was decoded before).  A body that ends inside a chunk keeps what it
 * has (a truncated capture). */
bool warc_dechunk(char *p, size_t *n);

#endif
