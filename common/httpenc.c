#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <brotli/decode.h>

#include "diag.h"
#include "httpenc.h"

#define MAX_CODINGS	4
#define OUT_STEP	(64 * 1024)

enum coding { C_IDENTITY, C_GZIP, C_DEFLATE, C_BR, C_ZSTD, C_UNKNOWN };
enum step { S_MORE, S_END, S_BAD };

void
httpenc_init(struct httpenc *h, size_t max)
{
	memset(h, 0, sizeof *h);
	h->max = max;
	gzread_init(&h->gz);
}

void
httpenc_free(struct httpenc *h)
{
	gzread_free(&h->gz);
	if (h->zs_ready)
		zstdread_free(&h->zs);
	if (h->br != NULL)
		BrotliDecoderDestroyInstance(h->br);
	buf_free(&h->out[0]);
	buf_free(&h->out[1]);
	h->zs_ready = false;
	h->br = NULL;
}

/* The codings of v[0..n) in order, identity left out: their count, -1
 * if there are more than MAX_CODINGS, -2 if one is unknown (its name in
 * why). */
static int
codings(const char *v, size_t n, enum coding *c, char *why, size_t cap)
{
	static const struct { const char *name; enum coding c; } names[] = {
		{ "gzip", C_GZIP }, { "x-gzip", C_GZIP },
		{ "deflate", C_DEFLATE }, { "br", C_BR }, { "zstd", C_ZSTD },
		{ "identity", C_IDENTITY },
	};
	const char *end = v + n;
	int k = 0;

	while (v < end) {
		const char *comma = memchr(v, ',', (size_t)(end - v));
		const char *e = comma ? comma : end;
		enum coding got = C_UNKNOWN;

		while (v < e && (*v == ' ' || *v == '\t'))
			v++;
		while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
			if (strlen(names[i].name) == (size_t)(e - v) &&
			    strncasecmp(v, names[i].name, (size_t)(e - v)) == 0)
				got = names[i].c;
		if (got == C_UNKNOWN && e > v) {
			snprintf(why, cap, "unknown Content-Encoding: %.*s",
			    e - v > 60 ? 60 : (int)(e - v), v);
			return -2;
		}
		if (got != C_IDENTITY && e > v) {
			if (k == MAX_CODINGS) {
				snprintf(why, cap, "more than %d "
				    "Content-Encodings", MAX_CODINGS);
				return -1;
			}
			c[k++] = got;
		}
		v = comma ? comma + 1 : end;
	}
	return k;
}

bool
httpenc_identity(const char *v, size_t n)
{
	enum coding c[MAX_CODINGS];
	char why[100];

	return codings(v, n, c, why, sizeof why) == 0;
}

static enum step
step_gz(struct httpenc *h, const void *in, size_t *inlen, void *out,
    size_t *outlen, const char **why)
{
	enum gzread_status st = gzread_step(&h->gz, in, inlen, out, outlen);

	*why = h->gz.why;
	return st == GZREAD_END ? S_END : st == GZREAD_BAD ? S_BAD : S_MORE;
}

static enum step
step_zstd(struct httpenc *h, const void *in, size_t *inlen, void *out,
    size_t *outlen, const char **why)
{
	enum zstdread_status st = zstdread_step(&h->zs, in, inlen, out,
	    outlen);

	*why = h->zs.why;
	return st == ZSTDREAD_END ? S_END : st == ZSTDREAD_BAD ? S_BAD :
	    S_MORE;
}

static enum step
step_br(struct httpenc *h, const void *in, size_t *inlen, void *out,
    size_t *outlen, const char **why)
{
	const uint8_t *ni = in;
	uint8_t *no = out;
	size_t ai = *inlen, ao = *outlen;
	BrotliDecoderResult r = BrotliDecoderDecompressStream(h->br, &ai, &ni,
	    &ao, &no, NULL);

	*inlen -= ai;
	*outlen -= ao;
	if (r == BROTLI_DECODER_RESULT_ERROR) {
		/* the library's names are terse ("RESERVED", "PADDING_1") */
		snprintf(h->brwhy, sizeof h->brwhy, "corrupt data (%s)",
		    BrotliDecoderErrorString(BrotliDecoderGetErrorCode(h->br)));
		*why = h->brwhy;
		return S_BAD;
	}
	return r == BROTLI_DECODER_RESULT_SUCCESS ? S_END : S_MORE;
}

/* Start a stream of coding c on p[0..n). */
static void
start(struct httpenc *h, enum coding c, const unsigned char *p, size_t n)
{
	switch (c) {
	case C_GZIP:
		gzread_start(&h->gz, GZREAD_AUTO);
		break;
	case C_DEFLATE:
		/* a zlib header: deflate method, and a multiple of 31 */
		gzread_start(&h->gz, n >= 2 && (p[0] & 0x0f) == 8 &&
		    (p[0] << 8 | p[1]) % 31 == 0 ? GZREAD_ZLIB : GZREAD_RAW);
		break;
	case C_ZSTD:
		if (!h->zs_ready)
			zstdread_init(&h->zs, h->max);
		h->zs_ready = true;
		zstdread_start(&h->zs, p, n);
		break;
	default:
		if (h->br != NULL)
			BrotliDecoderDestroyInstance(h->br);
		if ((h->br = BrotliDecoderCreateInstance(NULL, NULL, NULL)) ==
		    NULL)
			diag_fatal("brotli: out of memory");
		break;
	}
}

static const char *
coding_name(enum coding c)
{
	return c == C_GZIP ? "gzip" : c == C_DEFLATE ? "deflate" :
	    c == C_BR ? "br" : "zstd";
}

/* Undo coding c of p[0..n) into o. */
static bool
undo(struct httpenc *h, enum coding c, const char *p, size_t n,
    struct buf *o)
{
	enum step (*step)(struct httpenc *, const void *, size_t *, void *,
	    size_t *, const char **) = c == C_BR ? step_br :
	    c == C_ZSTD ? step_zstd : step_gz;
	const unsigned char *in = (const unsigned char *)p;
	const char *why = NULL;
	enum step st = S_MORE;
	size_t i = 0;

	o->len = 0;
	start(h, c, in, n);
	for (;;) {
		size_t inlen = n - i, outlen;

		buf_reserve(o, OUT_STEP);
		outlen = o->cap - o->len;
		if (outlen > h->max + 1 - o->len)
			outlen = h->max + 1 - o->len;
		st = step(h, in + i, &inlen, o->p + o->len, &outlen, &why);
		i += inlen;
		o->len += outlen;
		if (o->len > h->max) {
			snprintf(h->why, sizeof h->why, "Content-Encoding: %s: "
			    "decodes to more than --max-bytes (%zu bytes)",
			    coding_name(c), h->max);
			return false;
		}
		if (st == S_BAD)
			break;
		if (st == S_END) {
			/* gzip and zstd may hold several members */
			if (i == n || c == C_BR || c == C_DEFLATE ||
			    (c == C_GZIP && !gzread_magic(in + i, n - i)) ||
			    (c == C_ZSTD && zstdread_magic(in + i, n - i) !=
			    ZSTDREAD_FRAME))
				break;
			start(h, c, in + i, n - i);
			continue;
		}
		if (inlen == 0 && outlen == 0 && i == n)
			break;		/* it wants input there is not */
	}
	if (st == S_END && i == n)
		return true;
	if (st == S_BAD)
		snprintf(h->why, sizeof h->why, "Content-Encoding: %s: %s",
		    coding_name(c), why ? why : "corrupt data");
	else if (st == S_END)
		snprintf(h->why, sizeof h->why, "Content-Encoding: %s: %zu "
		    "bytes of junk after the data", coding_name(c), n - i);
	else
		snprintf(h->why, sizeof h->why, "Content-Encoding: %s: data "
		    "cut short", coding_name(c));
	return false;
}

bool
httpenc_decode(struct httpenc *h, const char *v, size_t vn, const char *p,
    size_t n, const char **res, size_t *rlen, const char **why)
{
	enum coding c[MAX_CODINGS];
	int k = codings(v, vn, c, h->why, sizeof h->why);

	*res = p;
	*rlen = n;
	if (k < 0) {
		*why = h->why;
		return false;
	}
	for (int j = k - 1, o = 0; j >= 0; j--, o ^= 1) {
		if (!undo(h, c[j], *res, *rlen, &h->out[o])) {
			*why = h->why;
			return false;
		}
		*res = h->out[o].p;
		*rlen = h->out[o].len;
	}
	return true;
}
