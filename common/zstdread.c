#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <zstd_errors.h>

#include "buf.h"
#include "diag.h"
#include "zstdread.h"

#define WARC_DICT_MAGIC	0x184D2A5DUL	/* the zstd WARC format's */
#define WINDOW_LOG_MIN	20
#define WINDOW_LOG_MAX	27	/* libzstd's own default limit */

static unsigned long
le32(const void *p)
{
	const unsigned char *b = p;

	return (unsigned long)b[0] | (unsigned long)b[1] << 8 |
	    (unsigned long)b[2] << 16 | (unsigned long)b[3] << 24;
}

static ZSTD_DCtx *
new_dctx(void)
{
	ZSTD_DCtx *d = ZSTD_createDCtx();

	if (d == NULL)
		diag_fatal("zstd: out of memory");
	return d;
}

void
zstdread_init(struct zstdread *z, size_t max)
{
	int log = WINDOW_LOG_MIN;

	memset(z, 0, sizeof *z);
	z->d = new_dctx();
	while (log < WINDOW_LOG_MAX && ((size_t)1 << log) < max)
		log++;
	ZSTD_DCtx_setParameter(z->d, ZSTD_d_windowLogMax, log);
}

void
zstdread_start(struct zstdread *z, const void *head, size_t n)
{
	ZSTD_DCtx_reset(z->d, ZSTD_reset_session_only);
	z->frame_dict = ZSTD_getDictID_fromFrame(head, n);
	z->why = NULL;
}

enum zstdread_status
zstdread_step(struct zstdread *z, const void *in, size_t *inlen, void *out,
    size_t *outlen)
{
	ZSTD_inBuffer ib = { in, *inlen, 0 };
	ZSTD_outBuffer ob = { out, *outlen, 0 };
	size_t r = ZSTD_decompressStream(z->d, &ob, &ib);

	*inlen = ib.pos;
	*outlen = ob.pos;
	if (!ZSTD_isError(r))
		return r == 0 ? ZSTDREAD_END : ZSTDREAD_MORE;
	if (ZSTD_getErrorCode(r) == ZSTD_error_memory_allocation)
		diag_fatal("zstd: out of memory");
	if (ZSTD_getErrorCode(r) == ZSTD_error_dictionary_wrong &&
	    z->dict == NULL)
		snprintf(z->whybuf, sizeof z->whybuf, "compressed with "
		    "dictionary %u, and the file has no dictionary",
		    z->frame_dict);
	else if (ZSTD_getErrorCode(r) == ZSTD_error_dictionary_wrong)
		snprintf(z->whybuf, sizeof z->whybuf, "compressed with "
		    "dictionary %u, and the file's dictionary is %u",
		    z->frame_dict, ZSTD_getDictID_fromDDict(z->dict));
	else
		snprintf(z->whybuf, sizeof z->whybuf, "%s",
		    ZSTD_getErrorName(r));
	z->why = z->whybuf;
	ZSTD_DCtx_reset(z->d, ZSTD_reset_session_only);
	return ZSTDREAD_BAD;
}

/* Decompress the frames of p[0..n) (a compressed dictionary) into b, at
 * most ZSTDREAD_DICT_MAX bytes. */
static bool
unpack_dict(struct zstdread *z, const void *p, size_t n, struct buf *b)
{
	ZSTD_DCtx *d = new_dctx();
	ZSTD_inBuffer ib = { p, n, 0 };
	size_t r = 1;

	while (ib.pos < ib.size) {
		ZSTD_outBuffer ob;

		buf_reserve(b, 64 * 1024);
		ob.dst = b->p + b->len;
		ob.size = b->cap - b->len;
		ob.pos = 0;
		r = ZSTD_decompressStream(d, &ob, &ib);
		b->len += ob.pos;
		if (ZSTD_isError(r) || b->len > ZSTDREAD_DICT_MAX)
			break;
		if (r != 0 && ob.pos == 0 && ib.pos == ib.size)
			break;		/* cut short */
	}
	ZSTD_freeDCtx(d);
	if (ZSTD_isError(r))
		snprintf(z->whybuf, sizeof z->whybuf, "zstd dictionary frame: "
		    "%s", ZSTD_getErrorName(r));
	else if (b->len > ZSTDREAD_DICT_MAX)
		snprintf(z->whybuf, sizeof z->whybuf, "zstd dictionary larger "
		    "than %u MB", ZSTDREAD_DICT_MAX >> 20);
	else if (r != 0)
		snprintf(z->whybuf, sizeof z->whybuf, "zstd dictionary frame "
		    "cut short");
	else
		return true;
	z->why = z->whybuf;
	return false;
}

bool
zstdread_dict(struct zstdread *z, const void *p, size_t n)
{
	struct buf b = { 0 };
	bool ok = true;

	z->why = NULL;
	if (zstdread_magic(p, n) == ZSTDREAD_FRAME) {
		ok = unpack_dict(z, p, n, &b);
		p = b.p;
		n = b.len;
	}
	if (ok) {
		ZSTD_freeDDict(z->dict);
		if ((z->dict = ZSTD_createDDict(p, n)) == NULL ||
		    ZSTD_isError(ZSTD_DCtx_refDDict(z->d, z->dict))) {
			snprintf(z->whybuf, sizeof z->whybuf, "zstd dictionary "
			    "frame: not a dictionary");
			z->why = z->whybuf;
			ok = false;
		}
	}
	buf_free(&b);
	return ok;
}

void
zstdread_free(struct zstdread *z)
{
	ZSTD_freeDCtx(z->d);
	ZSTD_freeDDict(z->dict);
	z->d = NULL;
	z->dict = NULL;
}

enum zstdread_magic
zstdread_magic(const void *p, size_t n)
{
	unsigned long m;

	if (n < 4)
		return ZSTDREAD_NONE;
	m = le32(p);
	if (m == ZSTD_MAGICNUMBER)
		return ZSTDREAD_FRAME;
	if (m == WARC_DICT_MAGIC)
		return ZSTDREAD_DICTFRAME;
	if ((m & ZSTD_MAGIC_SKIPPABLE_MASK) == ZSTD_MAGIC_SKIPPABLE_START)
		return ZSTDREAD_SKIPPABLE;
	return ZSTDREAD_NONE;
}

unsigned long
zstdread_skip_len(const void *p)
{
	return le32((const unsigned char *)p + 4);
}
