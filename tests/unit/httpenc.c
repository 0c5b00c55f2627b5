/* Unit tests of common/httpenc.c. */
#include "httpenc.h"

#include "unit.h"

#include <zlib.h>

void
test_httpenc(void)
{
	/* made with Node's zlib.brotliCompressSync */
	static const char br[] = "\x1b\x3c\x00\x80\x1c\x07\x6e\x2c\xc7\x7e"
	    "\xcc\x68\x9e\x23\x54\x7a\x83\xbc\x88\xc1\x49\x9e\x20\xa1\x6e\xd1"
	    "\xf1\x91\x03\x13\x39\x60\x6f\x4b\x0f\x74\xaa\x4c\xae\x66\x58\x3c"
	    "\x2a\xfa\x27\xb9\xdc\x40\xb2\xc6\x82\xb1\x84\x25\xbd\x52\x00";
	static const char page[] = "<title>B</title><p>A page sent with "
	    "Content-Encoding: br.</p>";
	const char *text = "<p>a page of text, compressed</p>", *res, *why;
	size_t tn = strlen(text), rn;
	struct httpenc h;
	struct buf e = { 0 }, e2 = { 0 };
	static const struct { const char *enc; int bits; } z[] = {
		{ "gzip", 31 }, { "x-gzip", 31 }, { "GZIP", 31 },
		{ "deflate", 15 }, { "deflate", -15 }, { "gzip", 15 },
	};

	httpenc_init(&h, 1000);
	for (size_t i = 0; i < sizeof z / sizeof z[0]; i++) {
		e.len = 0;
		deflate_to(&e, text, tn, z[i].bits);
		ok(httpenc_decode(&h, z[i].enc, strlen(z[i].enc), e.p, e.len,
		    &res, &rn, &why) && rn == tn && memcmp(res, text, tn) == 0,
		    "httpenc: %s (windowBits %d)", z[i].enc, z[i].bits);
	}
	ok(httpenc_decode(&h, "br", 2, br, sizeof br - 1, &res, &rn, &why) &&
	    rn == strlen(page) && memcmp(res, page, rn) == 0, "httpenc: br");
	e.len = 0;
	zstd_to(&e, text, tn, NULL);
	ok(httpenc_decode(&h, "zstd", 4, e.p, e.len, &res, &rn, &why) &&
	    rn == tn, "httpenc: zstd");
	/* "deflate, gzip": gzip applied last, undone first */
	e.len = e2.len = 0;
	deflate_to(&e, text, tn, 15);
	deflate_to(&e2, e.p, e.len, 31);
	ok(httpenc_decode(&h, " deflate ,gzip", 14, e2.p, e2.len, &res, &rn,
	    &why) && rn == tn && memcmp(res, text, tn) == 0,
	    "httpenc: a list, undone in reverse");
	ok(httpenc_identity("", 0) && httpenc_identity("identity", 8) &&
	    httpenc_identity(" Identity, identity", 19) &&
	    !httpenc_identity("gzip", 4) && !httpenc_identity("compress", 8),
	    "httpenc_identity");
	ok(!httpenc_decode(&h, "compress", 8, text, tn, &res, &rn, &why) &&
	    strcmp(why, "unknown Content-Encoding: compress") == 0,
	    "httpenc: %s", why);
	ok(!httpenc_decode(&h, "gzip", 4, text, tn, &res, &rn, &why) &&
	    strcmp(why, "Content-Encoding: gzip: incorrect header check") == 0,
	    "httpenc: a lie: %s", why);
	e.len = 0;
	deflate_to(&e, text, tn, 31);
	ok(!httpenc_decode(&h, "gzip", 4, e.p, e.len - 4, &res, &rn, &why) &&
	    strcmp(why, "Content-Encoding: gzip: data cut short") == 0,
	    "httpenc: %s", why);
	buf_append(&e, "xyz", 3);
	ok(!httpenc_decode(&h, "gzip", 4, e.p, e.len, &res, &rn, &why) &&
	    strcmp(why, "Content-Encoding: gzip: 3 bytes of junk after the "
	    "data") == 0, "httpenc: %s", why);
	ok(!httpenc_decode(&h, "br", 2, br, 20, &res, &rn, &why) &&
	    strcmp(why, "Content-Encoding: br: data cut short") == 0,
	    "httpenc: %s", why);
	/* a bomb: 1 MB of zeros, 1000 bytes allowed */
	{
		char *zeros = calloc(1, 1 << 20);

		e.len = 0;
		deflate_to(&e, zeros, 1 << 20, 31);
		ok(e.len < 2000 && !httpenc_decode(&h, "gzip", 4, e.p, e.len,
		    &res, &rn, &why) && strcmp(why, "Content-Encoding: gzip: "
		    "decodes to more than --max-bytes (1000 bytes)") == 0 &&
		    h.out[0].cap < 200000, "httpenc: a bomb: %s", why);
		free(zeros);
	}
	httpenc_free(&h);
	buf_free(&e);
	buf_free(&e2);
}
