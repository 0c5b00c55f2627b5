/* Unit tests of common/warc.c. */
#include "docs.h"
#include "warc.h"

#include "unit.h"

#include <zlib.h>

/* One WARC record as a string. */
static void
warc_rec(struct buf *b, const char *type, const char *uri, const char *block)
{
	char head[512];

	snprintf(head, sizeof head, "WARC/1.1\r\nWARC-Type: %s\r\n%s%s%s"
	    "Content-Length: %zu\r\n\r\n", type, uri ? "WARC-Target-URI: " : "",
	    uri ? uri : "", uri ? "\r\n" : "", strlen(block));
	buf_append(b, head, strlen(head));
	buf_append(b, block, strlen(block));
	buf_append(b, "\r\n\r\n", 4);
}

void
test_warc(void)
{
	struct buf b = { 0 };
	struct warc w;
	struct warc_record r;
	enum warc_verdict v;
	char chunk[] = "4\r\n<p>a\r\n3;ext\r\nbcd\r\n0\r\nTrailer: x\r\n\r\n";
	size_t n = strlen(chunk), off;

	/* the chunk decoder and the sniffer */
	ok(warc_dechunk(chunk, &n) && n == 7 && memcmp(chunk, "<p>abcd", 7) == 0,
	    "warc_dechunk: two chunks, an extension, a trailer");
	strcpy(chunk, "5\r\nabc");
	n = strlen(chunk);
	ok(warc_dechunk(chunk, &n) && n == 3, "warc_dechunk: cut short keeps what it has");
	strcpy(chunk, "zz\r\nabc");
	n = strlen(chunk);
	ok(!warc_dechunk(chunk, &n), "warc_dechunk: no size is malformed");
	ok(warc_sniff_html(" \n<!doctype html><p>", 20) &&
	    warc_sniff_html("\xef\xbb\xbf<HTML>", 9) &&
	    warc_sniff_html("<p>x", 4) && warc_sniff_html("<!-- x", 6) &&
	    !warc_sniff_html("<pre", 4) && !warc_sniff_html("%PDF-1.4", 8) &&
	    !warc_sniff_html("{\"a\":1}", 7) && !warc_sniff_html("<?xml ", 6),
	    "warc_sniff_html: the WHATWG patterns and a tag end");

	warc_rec(&b, "warcinfo", NULL, "software: x\r\n");
	warc_rec(&b, "request", "http://a.example/", "GET / HTTP/1.1\r\n\r\n");
	warc_rec(&b, "response", "<http://a.example/>", "HTTP/1.1 200 OK\r\n"
	    "Content-Type: text/html; charset=\"ISO-8859-1\"\r\n\r\n<p>caf\xe9");
	warc_rec(&b, "response", "http://a.example/c", "HTTP/1.1 200 OK\n"
	    "Transfer-Encoding: chunked\n\n3\r\n<p>\r\n2\r\nhi\r\n0\r\n\r\n");
	warc_rec(&b, "response", "http://a.example/i.png", "HTTP/1.1 200 OK\r\n"
	    "Content-Type: image/png\r\n\r\n\x89PNG");
	warc_rec(&b, "response", "dns:a.example", "20240101 a.example. 1 IN A 1.2.3.4");
	warc_rec(&b, "revisit", "http://a.example/", "HTTP/1.1 200 OK\r\n\r\n");
	warc_rec(&b, "metadata", "http://a.example/", "via: x\r\n");
	warc_rec(&b, "resource", "file:///x.html", "<html><p>r");
	warc_rec(&b, "response", "http://a.example/z", "HTTP/1.1 200 OK\r\n"
	    "Content-Encoding: gzip\r\nContent-Type: text/html\r\n\r\n\x1f\x8b");
	warc_rec(&b, "response", "http://a.example/big", "HTTP/1.1 200 OK\r\n"
	    "Content-Type: text/html\r\n\r\n<p>0123456789012345678901234567890123456789");
	warc_rec(&b, "conversion", "http://a.example/", "x");
	off = b.len;
	buf_append(&b, "garbage\r\nmore\r\n", 15);
	warc_rec(&b, "response", "http://a.example/after", "HTTP/1.1 200 OK\r\n\r\n<p>after");
	buf_append(&b, "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 99\r\n\r\n"
	    "HTTP/1.1 200 OK\r\n\r\n<p>cut", 77);

	warc_init(&w, 40);
	warc_reset_mem(&w, b.p, b.len);
	v = warc_next(&w, &r);
	ok(v == WARC_SKIP && r.offset == 0, "warc: warcinfo skipped at offset 0");
	v = warc_next(&w, &r);
	ok(v == WARC_SKIP, "warc: request skipped");
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && strcmp(r.uri, "http://a.example/") == 0 &&
	    r.charset && strcmp(r.charset, "ISO-8859-1") == 0 &&
	    r.len == 7 && memcmp(r.body, "<p>caf\xe9", 7) == 0,
	    "warc: response: URI without <>, quoted charset, payload");
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && r.len == 5 && memcmp(r.body, "<p>hi", 5) == 0 &&
	    r.charset == NULL, "warc: LF headers, chunked body undone, sniffed");
	ok(warc_next(&w, &r) == WARC_SKIP && warc_next(&w, &r) == WARC_SKIP &&
	    warc_next(&w, &r) == WARC_SKIP && warc_next(&w, &r) == WARC_SKIP,
	    "warc: image, dns, revisit and metadata skipped");
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && r.len == 10 && strcmp(r.uri, "file:///x.html") == 0,
	    "warc: an HTML resource record is a page");
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strstr(r.why, "gzip") != NULL &&
	    strcmp(r.uri, "http://a.example/z") == 0, "warc: compressed: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strstr(r.why, "larger") != NULL, "warc: too big: %s", r.why);
	ok(warc_next(&w, &r) == WARC_SKIP, "warc: conversion skipped");
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && r.offset == off && strcmp(r.why, "not a WARC record") == 0,
	    "warc: garbage reported at its offset");
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && strcmp(r.uri, "http://a.example/after") == 0,
	    "warc: the record after the garbage is read");
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strcmp(r.why, "truncated record: 24 of 99 bytes") == 0,
	    "warc: truncated: %s", r.why);
	ok(warc_next(&w, &r) == WARC_EOF && warc_next(&w, &r) == WARC_EOF, "warc: EOF");
	ok(w.count[WARC_K_HTML] == 4 && w.count[WARC_K_REQUEST] == 1 &&
	    w.count[WARC_K_NONHTML] == 1 && w.count[WARC_K_NOSTATUS] == 1 &&
	    w.count[WARC_K_REVISIT] == 1 &&
	    w.count[WARC_K_OTHER] == 1 && w.count[WARC_K_BAD] == 4 &&
	    w.count[WARC_K_WARCINFO] == 1 && w.count[WARC_K_METADATA] == 1,
	    "warc: the counts");

	/* framing errors */
	b.len = 0;
	buf_append(&b, "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 1x\r\n\r\nabc\r\n\r\n", 60);
	warc_rec(&b, "response", "http://b.example/", "HTTP/1.1 200 OK\r\n\r\n<p>b");
	buf_append(&b, "WARC/0.17\r\nWARC-Type: response\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n", 60);
	buf_append(&b, "WARC/1.0\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n", 38);
	buf_append(&b, "WARC/1.0\r\nWARC-Type: response\r\n", 32);
	warc_reset_mem(&w, b.p, b.len);
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strcmp(r.why, "bad Content-Length") == 0, "warc: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && strcmp(r.uri, "http://b.example/") == 0,
	    "warc: next record found after a bad Content-Length");
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strcmp(r.why, "unsupported version WARC/0.17") == 0, "warc: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strcmp(r.why, "no WARC-Type") == 0, "warc: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strcmp(r.why, "truncated record header") == 0, "warc: %s", r.why);
	ok(warc_next(&w, &r) == WARC_EOF, "warc: EOF after a cut header");
	b.len = 0;
	buf_append(&b, "WARC/1.1\r\nWARC-Type: resource\r\nContent-Type: "
	    "text/html; charset=koi8-r\r\nContent-Length: 4\r\n\r\n<p>x", 97);
	buf_append(&b, "WARC/1.1\r\nWARC-Type: resource\r\nContent-Type: "
	    "text/plain\r\nContent-Length: 4\r\n\r\n<p>x", 82);
	warc_reset_mem(&w, b.p, b.len);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && r.charset && strcmp(r.charset, "koi8-r") == 0,
	    "warc: a resource record's charset is its Content-Type's");
	ok(warc_next(&w, &r) == WARC_SKIP && warc_next(&w, &r) == WARC_EOF,
	    "warc: a text/plain resource is skipped");
	/* a Content-Length past the end swallows no record: the reader goes
	 * back to the block and on from the next record in it */
	b.len = 0;
	buf_append(&b, "WARC/1.1\r\nWARC-Type: request\r\n"
	    "Content-Length: 9223372036854775807\r\n\r\n", 69);
	warc_rec(&b, "response", "http://c.example/", "HTTP/1.1 200 OK\r\n\r\n<p>c");
	buf_append(&b, "WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 500"
	    "\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>d\r\n", 79);
	warc_rec(&b, "response", "http://e.example/", "HTTP/1.1 200 OK\r\n\r\n<p>e");
	warc_reset_mem(&w, b.p, b.len);
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strncmp(r.why, "truncated record: ", 18) == 0,
	    "warc: a huge Content-Length: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && strcmp(r.uri, "http://c.example/") == 0,
	    "warc: the record inside a huge Content-Length is read");
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strncmp(r.why, "truncated record: ", 18) == 0,
	    "warc: a Content-Length past the end: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && strcmp(r.uri, "http://e.example/") == 0 &&
	    warc_next(&w, &r) == WARC_EOF,
	    "warc: the record inside a Content-Length past the end is read");
	warc_free(&w);

	/* URLs of mirrored files */
	{
		static const char *const cases[][2] = {
			{ "example.com/a/b.html", "https://example.com/a/b.html" },
			{ "./example.com/index.html", "https://example.com/index.html" },
			{ "/srv/mirror/www.example.org//x y.html", "https://www.example.org/x%20y.html" },
			{ "localhost:8080/p?q=1", "https://localhost:8080/p?q=1" },
			{ "host/a#b.html", "https://host/a%23b.html" },
			{ "host/example.com/a.html", "https://example.com/a.html" },
		};
		const char *why = "";

		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			bool made = docs_path_url(cases[i][0], "https", &b,
			    &why);

			ok(made && strcmp(b.p, cases[i][1]) == 0,
			    "docs_path_url %s: %s", cases[i][0],
			    made ? b.p : why);
		}
		ok(!docs_path_url("/", "https", &b, &why) &&
		    !docs_path_url("example.com", "https", &b, &why),
		    "docs_path_url / and a bare name: %s", why);
		ok(docs_path_url("a.b/c", "http", &b, &why) &&
		    strcmp(b.p, "http://a.b/c") == 0, "docs_path_url: scheme http");
	}
	buf_free(&b);
}

void
test_warc_compressed(void)
{
	struct buf b = { 0 }, in = { 0 }, r1 = { 0 };
	struct warc w;
	struct warc_record r;
	enum warc_verdict v;
	size_t m1, m2;
	const char *why;

	warc_rec(&r1, "response", "http://g.example/1", "HTTP/1.1 200 OK\r\n"
	    "Content-Type: text/html\r\n\r\n<p>one");
	deflate_to(&in, r1.p, r1.len, 31);
	m1 = in.len;
	b.len = 0;
	warc_rec(&b, "response", "http://g.example/404", "HTTP/1.1 404 Not "
	    "Found\r\nContent-Type: text/html\r\n\r\n<p>gone");
	deflate_to(&in, b.p, b.len, 31);
	m2 = in.len;
	b.len = 0;
	warc_rec(&b, "response", "http://g.example/2", "HTTP/2 200\r\n\r\n<p>two");
	deflate_to(&in, b.p, b.len, 31);
	warc_init(&w, 1 << 20);
	warc_reset_mem(&w, in.p, in.len);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && r.offset == 0 && r.length == m1 && !r.in_stream &&
	    r.status == 200 && strcmp(r.type, "text/html") == 0 &&
	    r.len == 6 && memcmp(r.body, "<p>one", 6) == 0,
	    "warc.gz: a record is its member: offset 0, length %ju", r.length);
	ok(warc_next(&w, &r) == WARC_SKIP && r.status == 404 &&
	    w.count[WARC_K_4XX] == 1, "warc.gz: a 404 is skipped and counted");
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && r.offset == m2 && r.length == in.len - m2,
	    "warc.gz: HTTP/2 200, the third member's offset and length");
	ok(warc_next(&w, &r) == WARC_EOF, "warc.gz: EOF");
	/* --status all takes the 404 */
	ok(warc_status_parse("all", w.status, &why), "warc_status_parse: all");
	warc_reset_mem(&w, in.p, in.len);
	ok(warc_next(&w, &r) == WARC_HTML && warc_next(&w, &r) == WARC_HTML &&
	    r.status == 404, "warc.gz: with every status, the 404 is a page");
	warc_status_parse("200-299", w.status, &why);

	/* a whole file gzipped as one member: offsets of the decoded stream */
	b.len = 0;
	buf_append(&b, r1.p, r1.len);
	buf_append(&b, r1.p, r1.len);
	in.len = 0;
	deflate_to(&in, b.p, b.len, 31);
	warc_reset_mem(&w, in.p, in.len);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && r.in_stream && r.offset == 0 &&
	    r.length == r1.len, "warc.gz: one member, several records: "
	    "decoded offsets (%ju, %ju)", r.offset, r.length);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && r.in_stream && r.offset == r1.len &&
	    r.length == r1.len, "warc.gz: the second record of the member");

	/* a Content-Length too short, and too long, for its member */
	in.len = 0;
	b.len = 0;
	why = "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: "
	    "http://s/\r\nContent-Length: 20\r\n\r\nHTTP/1.1 200 OK\r\n\r\n"
	    "<p>more than it says\r\n\r\n";
	buf_append(&b, why, strlen(why));
	deflate_to(&in, b.p, b.len, 31);
	b.len = 0;
	why = "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: "
	    "http://l/\r\nContent-Length: 99\r\n\r\nHTTP/1.1 200 OK\r\n\r\n"
	    "<p>less\r\n\r\n";
	buf_append(&b, why, strlen(why));
	m1 = in.len;
	deflate_to(&in, b.p, b.len, 31);
	deflate_to(&in, r1.p, r1.len, 31);
	warc_reset_mem(&w, in.p, in.len);
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && strcmp(r.uri, "http://s/") == 0 && r.offset == 0 &&
	    strcmp(r.why, "Content-Length ends the block before the end of "
	    "its gzip member") == 0, "warc.gz: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_BAD && r.offset == m1 && strcmp(r.why, "Content-Length "
	    "99 runs past the end of its gzip member (30 bytes there)") == 0,
	    "warc.gz: %s", r.why);
	v = warc_next(&w, &r);
	ok(v == WARC_HTML && strcmp(r.uri, "http://g.example/1") == 0 &&
	    warc_next(&w, &r) == WARC_EOF, "warc.gz: the next member is read");

	/* zstd frames */
	in.len = 0;
	zstd_to(&in, r1.p, r1.len, NULL);
	m1 = in.len;
	zstd_to(&in, r1.p, r1.len, NULL);
	warc_reset_mem(&w, in.p, in.len);
	ok(warc_next(&w, &r) == WARC_HTML && r.offset == 0 && r.length == m1 &&
	    warc_next(&w, &r) == WARC_HTML && r.offset == m1,
	    "warc.zst: each frame's offset and length");
	warc_free(&w);
	buf_free(&b);
	buf_free(&in);
	buf_free(&r1);
}
