/* Deflate streams through zlib's inflate, one at a time: a gzip member
 * (RFC 1952) of a .warc.gz file, or an HTTP payload whose
 * Content-Encoding is gzip or deflate.  The caller owns the buffers and
 * the framing: gzread_step() decodes what it is given, and says when the
 * stream has ended, well or not.  The window is zlib's 32 KB whatever the
 * input claims, so memory does not depend on the input.
 *
 *	struct gzread g;
 *	gzread_init(&g);
 *	gzread_start(&g, GZREAD_GZIP);
 *	while ((st = gzread_step(&g, in, &inlen, out, &outlen)) == GZREAD_MORE)
 *		... inlen bytes were consumed, outlen produced
 *	gzread_free(&g);
 */
#ifndef CRAWLUTILS_GZREAD_H
#define CRAWLUTILS_GZREAD_H

#include <stdbool.h>
#include <stddef.h>

#include <zlib.h>

enum gzread_format {
	GZREAD_GZIP,	/* a gzip member: header, deflate data, CRC-32, size */
	GZREAD_ZLIB,	/* RFC 1950 (HTTP's "deflate" as the RFC says it) */
	GZREAD_RAW,	/* bare RFC 1951 data (what many servers send as
			 * "deflate") */
	GZREAD_AUTO	/* gzip or zlib, by the header */
};

enum gzread_status {
	GZREAD_MORE,	/* give it more input, or more room */
	GZREAD_END,	/* the stream ended and its checks hold */
	GZREAD_BAD	/* corrupt: g->why says how; start again to go on */
};

struct gzread {
	z_stream	 s;
	bool		 ready;		/* inflateInit2 done */
	int		 bits;		/* the windowBits of that init */
	const char	*why;		/* GZREAD_BAD: zlib's message */
};

void gzread_init(struct gzread *g);
/* A new stream of the given format. */
void gzread_start(struct gzread *g, enum gzread_format f);
/* Decode in[0..*inlen) into out[0..*outlen); both become the counts
 * consumed and produced.  Never reads past the end of the stream: what
 * follows a member (the next member) is not consumed. */
enum gzread_status gzread_step(struct gzread *g, const void *in,
    size_t *inlen, void *out, size_t *outlen);
void gzread_free(struct gzread *g);

/* Does p[0..n) start a gzip member: ID1 ID2, deflate as CM, and no
 * reserved FLG bit (RFC 1952; at least 4 bytes)? */
bool gzread_magic(const void *p, size_t n);

#endif
