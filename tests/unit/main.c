/* Unit tests for common/: run by `make check` as build/tests/unit.
 * Prints TAP ("ok N - name" / "not ok N - name").  The tests of a
 * module NAME are in tests/unit/NAME.c; this file holds the runner and
 * the helpers that several of them share. */
#include <stdarg.h>
#include <unistd.h>

#include "nearrecs.h"
#include "out.h"

#include "unit.h"

#include <zlib.h>
#include <zstd.h>

static int ntest, nfail;

void
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	ntest++;
	if (!cond)
		nfail++;
	printf("%s %d - ", cond ? "ok" : "not ok", ntest);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int
same(const struct buf *b, const char *p, size_t n)
{
	return b->len == n && (n == 0 || memcmp(b->p, p, n) == 0);
}

/* One generator for all the files, in the order main calls them, so
 * every test sees the numbers it saw when the tests were one file. */
static uint64_t rng = 0x9e3779b97f4a7c15u;

uint32_t
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

/* Pieces random token texts are made of (tokens.c, simhash.c). */
const char *const tpieces[] = {
	"a", "Word", "ABC", "x1", "42", "\xe4\xb8\xad\xe6\x96\x87", " ", "\\t",
	"\\n", "\\\\", "\\", "\\x", "\t", "\xe3\x80\x82", "\xef\xbc\x8c",
	"\xef\xbc\xa1", "\xef\xbc\x91", "\xc3\xa9", "e\xcc\x81", "\xcc\x81",
	"\xc3\x9f", "\xef\xac\x81", "\xc2\xad", "\xe2\x80\x8b", "\xe3\x88\xb1",
	"\xe2\x91\xa0", "\xe0\xb8\xa0\xe0\xb8\xb4", "\xe3\x83\xbc",
	"\xef\xbe\x83", "\xd9\xa3", "\xf0\xa0\x80\x80", "\xf0\x9f\x98\x80",
	"\xed\xa0\x80", "\xe4\xb8", "\xff", "\xc0\xaf", "\x01", "", "-", "'",
	"\xe4\xb8\xad\xcc\x81", "\xe3\x82\x9b", "\xea\xb0\x80",
};
const size_t ntpieces = sizeof tpieces / sizeof *tpieces;

/* What is written to an out, through a pipe (a few kB at most). */
int
capture_start(struct out *o)
{
	int fds[2];

	if (pipe(fds) != 0) {
		perror("pipe");
		exit(2);
	}
	out_init(o, fds[1], "capture");
	return fds[0];
}

void
capture_end(struct out *o, int fd, struct buf *got)
{
	char b[4096];
	ssize_t n;

	out_close(o);
	got->len = 0;
	while ((n = read(fd, b, sizeof b)) > 0)
		buf_append(got, b, (size_t)n);
	close(fd);
}

void
add_rec(struct nearrecs *r, bool archive, const char *id, const uint64_t *fp)
{
	struct span s = { id, strlen(id) };

	nearrecs_add(r, archive, &s, fp);
}

/* p[0..n) as one gzip member (windowBits 31), or zlib (15), or bare
 * deflate (-15), appended to out. */
void
deflate_to(struct buf *out, const char *p, size_t n, int bits)
{
	z_stream zs = { 0 };
	uLong cap;

	if (deflateInit2(&zs, 6, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		abort();
	cap = deflateBound(&zs, (uLong)n);
	buf_reserve(out, cap);
	zs.next_in = (Bytef *)(uintptr_t)p;
	zs.avail_in = (uInt)n;
	zs.next_out = (Bytef *)out->p + out->len;
	zs.avail_out = (uInt)cap;
	if (deflate(&zs, Z_FINISH) != Z_STREAM_END)
		abort();
	out->len += cap - zs.avail_out;
	deflateEnd(&zs);
}

/* p[0..n) as one zstd frame, with the raw-content dictionary dict if
 * not NULL, appended to out. */
void
zstd_to(struct buf *out, const char *p, size_t n, const char *dict)
{
	size_t cap = ZSTD_compressBound(n), got;
	ZSTD_CCtx *c = ZSTD_createCCtx();

	buf_reserve(out, cap);
	got = dict ? ZSTD_compress_usingDict(c, out->p + out->len, cap, p, n,
	    dict, strlen(dict), 3) : ZSTD_compressCCtx(c, out->p + out->len,
	    cap, p, n, 3);
	if (ZSTD_isError(got))
		abort();
	out->len += got;
	ZSTD_freeCCtx(c);
}

int
main(int argc, char *argv[])
{
	const char *top = argc > 1 ? argv[1] : ".";

	test_escape();
	test_fields();
	test_fingerprint();
	test_reader();
	test_space();
	test_unicode();
	test_tokens();
	test_simhash();
	test_url_whatwg(top);
	test_url_percent(top);
	test_url_normalize();
	test_url_random();
	test_versions();
	test_nearidx();
	test_nearrecs();
	test_nearsearch();
	test_nearkeys();
	test_parts();
	test_labels();
	test_scan_utf8();
	test_prescan();
	test_decode();
	test_binary();
	test_names();
	test_pagetype();
	test_entities();
	test_bloom();
	test_bloom_rate();
	test_keyset();
	test_seenstate();
	test_seenrun();
	test_linekey();
	test_bloom_probes();
	test_shingle();
	test_idtab();
	test_groups();
	test_nvpairs();
	test_nvdocs();
	test_warc();
	test_zinput();
	test_warc_compressed();
	test_httpenc();
	test_wet_helpers();
	test_links();
	test_progress();
	test_jsonw();
	test_jsonld();
	test_date();
	test_schemeless();
	test_urlparts(top);
	test_pubsuffix_rules();
	test_pubsuffix_dafsa();
	test_meta();
	test_xalloc();
	printf("1..%d\n", ntest);
	return nfail != 0;
}
