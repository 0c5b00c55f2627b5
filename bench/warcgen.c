/* warcgen [-t] [-d DIR] [-s DIR] [-z gzip|zstd] N: a WARC/1.1 file of N
 * crawled pages on stdout, deterministic, for tests and benchmarks.  A
 * warcinfo record, then for each page a request and a response (HTTP/1.1
 * 200); the responses vary as crawls do: Content-Type with and without
 * charset, none at all (sniffed), windows-1252 bytes that only the header
 * names, chunked bodies, CRLF or LF in HTTP headers.  Every 25th page is
 * followed by a PNG response, a metadata record and a revisit of an
 * earlier page.  With -d, each HTML page is also written to DIR/NNNNN.html
 * as a plain file would hold it (a <meta charset> where only the header
 * named it), and DIR/ids lists the pages' URLs in order.  With -t the last
 * record is a response cut short.  With -z gzip or -z zstd each record is
 * compressed as a gzip member (zstd frame) of its own, as crawlers write
 * .warc.gz (.warc.zst) files; with -s DIR each record is also written,
 * uncompressed, to DIR/NNNNNN (for tests that compress them by hand). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>
#include <zstd.h>

static uint64_t s = 0x9e3779b97f4a7c15ULL;

static uint32_t
rnd(uint32_t n)
{
	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return (uint32_t)((s >> 16) % n);
}

struct b {
	char	*p;
	size_t	 len, cap;
};

static void
put(struct b *b, const void *p, size_t n)
{
	if (b->cap - b->len < n) {
		b->cap = (b->len + n) * 2;
		if ((b->p = realloc(b->p, b->cap)) == NULL)
			abort();
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void bprintf(struct b *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
bprintf(struct b *b, const char *fmt, ...)
{
	char tmp[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	put(b, tmp, (size_t)n);
}

static const char *const words[] = {
	"crawler", "archive", "record", "page", "text", "link", "frontier",
	"index", "search", "document", "server", "header", "content", "the",
	"of", "and", "a", "to", "in", "is", "that", "for", "with", "as",
	"engine", "duplicate", "fingerprint", "extraction", "quality",
};

/* latin1: "café" in windows-1252 bytes, else UTF-8 */
static void
page(struct b *b, unsigned i, int latin1, int meta)
{
	bprintf(b, "<!DOCTYPE html>\n<html><head>");
	if (meta)
		bprintf(b, "<meta charset=\"%s\">", latin1 ? "windows-1252" :
		    "utf-8");
	bprintf(b, "<title>Page %u</title></head>\n<body>\n"
	    "<nav><a href=\"/\">Home</a> <a href=\"/about\">About</a></nav>\n"
	    "<article><h1>Page %u</h1>\n", i, i);
	for (int para = 0; para < 3 + (int)rnd(5); para++) {
		bprintf(b, "<p>");
		for (int w = 0; w < 30 + (int)rnd(60); w++)
			bprintf(b, "%s%s", w ? " " : "",
			    words[rnd(sizeof words / sizeof words[0])]);
		if (para == 0)
			bprintf(b, latin1 ? " caf\xe9" : " caf\xc3\xa9");
		bprintf(b, ". <a href=\"/p/%u\">next</a> "
		    "<a href=\"https://other%u.example.org/x\">other</a></p>\n",
		    i + 1, rnd(5));
	}
	bprintf(b, "</article>\n<footer>Copyright</footer></body></html>\n");
}

static const char *zmode;	/* -z */
static const char *split;	/* -s */

/* Write one record, compressed as -z says. */
static void
emit(const struct b *r)
{
	static unsigned nrec;
	struct b z = { 0 };

	if (split != NULL) {
		char path[4096];
		FILE *f;

		snprintf(path, sizeof path, "%s/%06u", split, nrec++);
		if ((f = fopen(path, "w")) == NULL || fwrite(r->p, 1, r->len,
		    f) != r->len || fclose(f) != 0) {
			perror(path);
			exit(2);
		}
	}
	if (zmode == NULL) {
		fwrite(r->p, 1, r->len, stdout);
		return;
	}
	if (strcmp(zmode, "zstd") == 0) {
		size_t n, cap = ZSTD_compressBound(r->len);

		z.p = malloc(cap);
		n = ZSTD_compress(z.p, cap, r->p, r->len, 3);
		if (z.p == NULL || ZSTD_isError(n))
			abort();
		fwrite(z.p, 1, n, stdout);
	} else {
		z_stream zs = { 0 };
		uLong cap;

		if (deflateInit2(&zs, 6, Z_DEFLATED, 31, 8,
		    Z_DEFAULT_STRATEGY) != Z_OK)
			abort();
		cap = deflateBound(&zs, (uLong)r->len);
		if ((z.p = malloc(cap)) == NULL)
			abort();
		zs.next_in = (Bytef *)r->p;
		zs.avail_in = (uInt)r->len;
		zs.next_out = (Bytef *)z.p;
		zs.avail_out = (uInt)cap;
		if (deflate(&zs, Z_FINISH) != Z_STREAM_END)
			abort();
		fwrite(z.p, 1, cap - zs.avail_out, stdout);
		deflateEnd(&zs);
	}
	free(z.p);
}

static void
record(const char *type, const char *uri, const char *ctype,
    const struct b *block, size_t cut)
{
	static unsigned id;
	struct b r = { 0 };

	bprintf(&r, "WARC/1.1\r\nWARC-Type: %s\r\n", type);
	if (uri != NULL)
		bprintf(&r, "WARC-Target-URI: %s\r\n", uri);
	bprintf(&r, "WARC-Date: 2024-01-01T00:00:00Z\r\n"
	    "WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-%012u>\r\n",
	    ++id);
	if (ctype != NULL)
		bprintf(&r, "Content-Type: %s\r\n", ctype);
	bprintf(&r, "Content-Length: %zu\r\n\r\n", block->len);
	put(&r, block->p, cut ? cut : block->len);
	if (!cut)
		put(&r, "\r\n\r\n", 4);
	emit(&r);
	free(r.p);
}

static void
chunk(struct b *out, const struct b *in)
{
	size_t i = 0;

	while (i < in->len) {
		size_t n = 1 + rnd(700);

		if (n > in->len - i)
			n = in->len - i;
		bprintf(out, "%zx%s\r\n", n, rnd(4) ? "" : ";ext=1");
		put(out, in->p + i, n);
		put(out, "\r\n", 2);
		i += n;
	}
	bprintf(out, "0\r\n\r\n");
}

int
main(int argc, char *argv[])
{
	struct b html = { 0 }, plain = { 0 }, block = { 0 }, info = { 0 };
	const char *dir = NULL;
	FILE *ids = NULL;
	int ch, trunc = 0;
	unsigned n;

	while ((ch = getopt(argc, argv, "d:s:tz:")) != -1) {
		if (ch == 'd')
			dir = optarg;
		else if (ch == 's')
			split = optarg;
		else if (ch == 't')
			trunc = 1;
		else if (ch == 'z' && (strcmp(optarg, "gzip") == 0 ||
		    strcmp(optarg, "zstd") == 0))
			zmode = optarg;
		else
			return 2;
	}
	if (optind + 1 != argc) {
		fputs("usage: warcgen [-t] [-d DIR] [-s DIR] [-z gzip|zstd] N\n",
		    stderr);
		return 2;
	}
	n = (unsigned)strtoul(argv[optind], NULL, 10);
	if (dir != NULL) {
		char path[4096];

		snprintf(path, sizeof path, "%s/ids", dir);
		if ((ids = fopen(path, "w")) == NULL) {
			perror(path);
			return 2;
		}
	}
	bprintf(&info, "software: warcgen\r\nformat: WARC File Format 1.1\r\n");
	record("warcinfo", NULL, "application/warc-fields", &info, 0);
	for (unsigned i = 0; i < n; i++) {
		char uri[256], req[512];
		struct b rq = { 0 };
		unsigned kind = i % 6;
		int latin1 = kind == 2, chunked = i % 7 == 3;
		const char *eol = i % 5 == 4 ? "\n" : "\r\n";
		uint64_t seed;

		snprintf(uri, sizeof uri, "https://site%u.example.com/p/%u",
		    i % 4, i);
		snprintf(req, sizeof req, "GET /p/%u HTTP/1.1\r\nHost: "
		    "site%u.example.com\r\n\r\n", i, i % 4);
		put(&rq, req, strlen(req));
		record("request", uri, "application/http; msgtype=request",
		    &rq, 0);
		free(rq.p);
		html.len = plain.len = block.len = 0;
		/* kind 0: charset in header; 1: header without charset, meta
		 * in page; 2: windows-1252 named only by the header; 3: no
		 * Content-Type (sniffed); 4: quoted upper-case charset;
		 * 5: application/xhtml+xml */
		seed = s;
		page(&html, i, latin1, kind == 1);
		s = seed;
		page(&plain, i, latin1, kind == 1 || kind == 2);
		bprintf(&block, "HTTP/1.1 200 OK%sServer: gen%s", eol, eol);
		switch (kind) {
		case 0:
			bprintf(&block, "Content-Type: text/html; "
			    "charset=utf-8%s", eol);
			break;
		case 1:
			bprintf(&block, "content-type: text/html%s", eol);
			break;
		case 2:
			bprintf(&block, "Content-Type: text/html; "
			    "charset=windows-1252%s", eol);
			break;
		case 4:
			bprintf(&block, "Content-Type: TEXT/HTML ; "
			    "Charset=\"UTF-8\"%s", eol);
			break;
		case 5:
			bprintf(&block, "Content-Type: application/xhtml+xml%s",
			    eol);
			break;
		}
		if (chunked) {
			bprintf(&block, "Transfer-Encoding: chunked%s%s", eol,
			    eol);
			chunk(&block, &html);
		} else {
			bprintf(&block, "Content-Length: %zu%s%s", html.len,
			    eol, eol);
			put(&block, html.p, html.len);
		}
		if (trunc && i + 1 == n) {
			record("response", uri,
			    "application/http; msgtype=response", &block,
			    block.len / 2);
			break;
		}
		record("response", uri, "application/http; msgtype=response",
		    &block, 0);
		if (dir != NULL) {
			char path[4096];
			FILE *f;

			snprintf(path, sizeof path, "%s/%05u.html", dir, i);
			if ((f = fopen(path, "w")) == NULL) {
				perror(path);
				return 2;
			}
			fwrite(plain.p, 1, plain.len, f);
			fclose(f);
			fprintf(ids, "%s\n", uri);
		}
		if (i % 25 == 24) {
			static const char png[] = "HTTP/1.1 200 OK\r\n"
			    "Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n";
			struct b x = { 0 };

			put(&x, png, sizeof png - 1);
			record("response", "https://site0.example.com/logo.png",
			    "application/http; msgtype=response", &x, 0);
			x.len = 0;
			bprintf(&x, "outlink: https://site0.example.com/\r\n");
			record("metadata", uri, "application/warc-fields", &x, 0);
			x.len = 0;
			bprintf(&x, "HTTP/1.1 200 OK\r\nContent-Type: "
			    "text/html\r\n\r\n");
			record("revisit", uri,
			    "application/http; msgtype=response", &x, 0);
			free(x.p);
		}
	}
	free(html.p);
	free(plain.p);
	free(block.p);
	free(info.p);
	if (ids != NULL && fclose(ids) != 0)
		return 2;
	return fflush(stdout) != 0 || ferror(stdout) ? 2 : 0;
}
