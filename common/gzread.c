#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "diag.h"
#include "gzread.h"

void
gzread_init(struct gzread *g)
{
	memset(g, 0, sizeof *g);
}

static int
window_bits(enum gzread_format f)
{
	switch (f) {
	case GZREAD_GZIP:
		return 15 + 16;
	case GZREAD_ZLIB:
		return 15;
	case GZREAD_RAW:
		return -15;
	default:
		return 15 + 32;
	}
}

void
gzread_start(struct gzread *g, enum gzread_format f)
{
	int bits = window_bits(f), r;

	g->why = NULL;
	if (g->ready && g->bits == bits)
		r = inflateReset(&g->s);
	else {
		if (g->ready)
			inflateEnd(&g->s);
		memset(&g->s, 0, sizeof g->s);
		r = inflateInit2(&g->s, bits);
		g->bits = bits;
	}
	if (r != Z_OK)
		diag_fatal("zlib: %s", r == Z_MEM_ERROR ? "out of memory" :
		    "cannot start inflate");
	g->ready = true;
}

enum gzread_status
gzread_step(struct gzread *g, const void *in, size_t *inlen, void *out,
    size_t *outlen)
{
	/* zlib counts in uInt: larger buffers are taken in parts */
	uInt ni = *inlen > UINT_MAX ? UINT_MAX : (uInt)*inlen;
	uInt no = *outlen > UINT_MAX ? UINT_MAX : (uInt)*outlen;
	int r;

	g->s.next_in = (Bytef *)(uintptr_t)in;
	g->s.avail_in = ni;
	g->s.next_out = out;
	g->s.avail_out = no;
	r = inflate(&g->s, Z_NO_FLUSH);
	*inlen = ni - g->s.avail_in;
	*outlen = no - g->s.avail_out;
	switch (r) {
	case Z_STREAM_END:
		return GZREAD_END;
	case Z_OK:
	case Z_BUF_ERROR:	/* no progress: it wants input or room */
		return GZREAD_MORE;
	case Z_MEM_ERROR:
		diag_fatal("zlib: out of memory");
	case Z_NEED_DICT:
		g->why = "deflate data that needs a preset dictionary";
		return GZREAD_BAD;
	default:
		g->why = g->s.msg != NULL ? g->s.msg : "corrupt deflate data";
		return GZREAD_BAD;
	}
}

void
gzread_free(struct gzread *g)
{
	if (g->ready)
		inflateEnd(&g->s);
	g->ready = false;
}

bool
gzread_magic(const void *p, size_t n)
{
	const unsigned char *b = p;

	return n >= 4 && b[0] == 0x1f && b[1] == 0x8b && b[2] == 8 &&
	    (b[3] & 0xe0) == 0;
}
