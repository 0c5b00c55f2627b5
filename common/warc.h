/* WARC files (ISO 28500, WARC/1.0 and WARC/1.1), read as a stream of
 * records, each framed by its Content-Length, from a plain, gzip or zstd
 * file (zinput.h: the first bytes decide, whatever its name): nothing but
 * the record at hand is kept in memory, and only when it is a document of
 * at most max bytes; a record of any other kind is read past in fixed
 * chunks.
 *
 * warc_next() hands out every record with a verdict:
 *   WARC_HTML  a response whose HTTP status is in w->status (2xx unless
 *              warc_status_parse() says otherwise) and whose payload is
 *              HTML (by its Content-Type, or sniffed when it has none or
 *              an unknown one), or a resource record of type text/html:
 *              its URI, the charset of its Content-Type, and the payload,
 *              chunked transfer-coding and Content-Encoding undone
 *              (httpenc.h)
 *   WARC_TEXT  with w->text set, a conversion record of type text/plain
 *              (a WET file's): the block as it is
 *   WARC_SKIP  request, warcinfo, metadata, revisit, a response that is
 *              not HTML, one whose status is not in the set (counted by
 *              its class: 1xx ... 5xx), one without a status line (dns:,
 *              or not HTTP), and the other types; counted in w->count[]
 *   WARC_BAD   a record that is malformed or truncated, or a page that
 *              cannot be had (larger than max, an unknown or lying
 *              Content-Encoding, broken chunks), or what is not a record
 *              at all (junk between members, a member that fails before a
 *              record starts): why says it.  The reader is past it: at the
 *              next record when the framing holds, else at the next line
 *              that starts with "WARC/1.", or at the next member.
 *   WARC_EOF, WARC_ERROR (a read error, errno in w->err)
 * Pointers in the record stay valid until the next call.
 *
 * Where a record is (r->offset, r->length): in a plain file, its bytes
 * from "WARC/" to the end of the CRLF CRLF after its block.  In a
 * compressed file, the gzip member (zstd frame) that holds it, the
 * triple an index such as Common Crawl's gives; except in a member that
 * holds several records (a whole file gzipped as one), where both count
 * bytes of the decoded stream and r->in_stream is set.  A member that
 * holds one record is checked whole: the block must end inside it, only
 * CR and LF may follow, and the member's own checks (CRC-32 and length,
 * zstd's) must hold, or the record is WARC_BAD. */
#ifndef CRAWLUTILS_WARC_H
#define CRAWLUTILS_WARC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "httpenc.h"
#include "zinput.h"

#define WARC_HEADER_MAX	(64 * 1024)	/* WARC header, and HTTP header */

#define WARC_STATUS_WORDS	10	/* status codes 0 to 639, as bits */

enum warc_verdict {
	WARC_EOF, WARC_HTML, WARC_TEXT, WARC_SKIP, WARC_BAD, WARC_ERROR
};

/* What the records were, for the -v summary. */
enum warc_kind {
	WARC_K_HTML,		/* HTML responses and resources */
	WARC_K_TEXT,		/* conversion records taken as text */
	WARC_K_REQUEST,
	WARC_K_WARCINFO,
	WARC_K_METADATA,
	WARC_K_REVISIT,
	WARC_K_NONHTML,		/* responses and resources that are not HTML */
	WARC_K_1XX,		/* responses skipped for their status, by */
	WARC_K_2XX,		/* its class */
	WARC_K_3XX,
	WARC_K_4XX,
	WARC_K_5XX,
	WARC_K_NOSTATUS,	/* responses without an HTTP status line */
	WARC_K_OTHER,		/* conversion, continuation, unknown types */
	WARC_K_BAD,		/* malformed, truncated or unreadable */
	WARC_NKINDS
};

struct warc_record {
	uintmax_t	 offset;	/* where the record is in its file */
	uintmax_t	 length;	/* and its bytes there (not WARC_BAD) */
	bool		 in_stream;	/* both count decoded bytes */
	const char	*uri;		/* WARC-Target-URI, "" if none */
	const char	*date;		/* WARC-Date, "" if none */
	const char	*id;		/* WARC-Record-ID, "" if none */
	const char	*type;		/* the payload's media type, lowercase */
	int		 status;	/* its HTTP status, 0 if none */
	const char	*charset;	/* of the Content-Type, or NULL */
	const char	*body;		/* WARC_HTML, WARC_TEXT: the payload */
	size_t		 len;
	const char	*why;		/* WARC_BAD: the reason */
};

struct warc {
	struct zinput	 z;
	char		*buf;		/* decoded bytes of the member */
	size_t		 cap, start, end;
	size_t		 hold;		/* keep buf from here; SIZE_MAX: no */
	uintmax_t	 base;		/* decoded offset of buf[0] */
	uintmax_t	 body;		/* of the block of the record at hand */
	uintmax_t	 rec;		/* of the record at hand */
	bool		 eof;		/* the member (plain: the input) is read */
	int		 err;
	bool		 first;		/* no record of this member read yet */
	bool		 aligned;	/* the record at hand starts its member */
	bool		 told;		/* this member's failure was reported */
	size_t		 max;		/* largest document kept */
	bool		 text;		/* conversion records are documents */
	uint64_t	 status[WARC_STATUS_WORDS];	/* statuses taken */
	struct buf	 uri, charset, date, id;
	char		 type[128];
	struct httpenc	 enc;
	char		 why[256], cut[256];
	uintmax_t	 count[WARC_NKINDS];
};

/* max is the largest payload handed out; counts start at zero; the
 * statuses taken are 200 to 299. */
void warc_init(struct warc *w, size_t max);
/* Read from fd, or from the n bytes at p, from the start; the counts
 * go on adding up. */
void warc_reset_fd(struct warc *w, int fd);
void warc_reset_mem(struct warc *w, const char *p, size_t n);
enum warc_verdict warc_next(struct warc *w, struct warc_record *r);
void warc_free(struct warc *w);

/* How far into the input the reader is (for progress). */
uintmax_t warc_tell(const struct warc *w);
/* The summary of the counts: "N WARC records: N HTML, ..." into b. */
void warc_summary(const struct warc *w, struct buf *b);
/* A --status list into set: "all", or codes and ranges from 100 to 599
 * ("200", "200-299,404"); false, with *why, if s is not one. */
bool warc_status_parse(const char *s, uint64_t set[WARC_STATUS_WORDS],
    const char **why);

/* Does p[0..n) start like an HTML page (the WHATWG sniffing patterns:
 * "<!DOCTYPE HTML", "<html", "<head", "<body", "<div", "<p", "<!--",
 * ... after white space)? */
bool warc_sniff_html(const char *p, size_t n);

/* Undo chunked transfer-coding of p[0..*n) in place; false if the
 * chunks are malformed (*n is then what was decoded before).  A body
 * that ends inside a chunk keeps what it has (a truncated capture). */
bool warc_dechunk(char *p, size_t *n);

#endif
