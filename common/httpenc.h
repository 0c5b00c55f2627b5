/* The Content-Encoding of an HTTP payload (RFC 9110, 8.4), undone: a
 * crawler that keeps the bytes the server sent (as WARC asks) stores a
 * page compressed when the server compressed it.
 *   gzip, x-gzip   gzip members (gzread.h; a zlib stream is taken too)
 *   deflate        a zlib stream, or bare deflate data as many servers
 *                  send under that name
 *   br             Brotli (libbrotlidec)
 *   zstd           Zstandard frames (zstdread.h)
 *   identity       nothing to undo
 * A list ("gzip, br") was applied in order and is undone in reverse.
 * The result is at most max bytes: a payload that decodes to more (a
 * compression bomb) is refused as soon as it passes max, never held. */
#ifndef CRAWLUTILS_HTTPENC_H
#define CRAWLUTILS_HTTPENC_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "gzread.h"
#include "zstdread.h"

struct httpenc {
	size_t		 max;
	struct gzread	 gz;
	struct zstdread	 zs;
	bool		 zs_ready;
	void		*br;		/* BrotliDecoderState */
	struct buf	 out[2];	/* results, one per step of a list */
	char		 why[200], brwhy[100];
};

void httpenc_init(struct httpenc *h, size_t max);
/* Does the Content-Encoding value v[0..n) ask for nothing to be undone
 * (empty, or only identity)? */
bool httpenc_identity(const char *v, size_t n);
/* Undo the codings of v[0..vn) on p[0..n): the result in *res, *rlen
 * (valid until the next call); false, with the reason in *why, for an
 * unknown coding, data that is not what the coding says (cut short,
 * corrupt, followed by junk), or a result larger than max. */
bool httpenc_decode(struct httpenc *h, const char *v, size_t vn,
    const char *p, size_t n, const char **res, size_t *rlen,
    const char **why);
void httpenc_free(struct httpenc *h);

#endif
