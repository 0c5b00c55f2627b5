#define _POSIX_C_SOURCE 200809L	/* gmtime_r */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <openssl/evp.h>

#include "diag.h"
#include "wet.h"

#ifndef CRAWLUTILS_VERSION
#define CRAWLUTILS_VERSION "unknown"
#endif

void
wet_base32(const unsigned char *p, size_t n, char *out)
{
	static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
	size_t o = 0;

	for (size_t i = 0; i < n; i += 5) {
		unsigned char g[5] = { 0 };
		size_t k = n - i < 5 ? n - i : 5;
		/* characters that carry bits: 8 of 40, as the RFC's table */
		static const size_t chars[6] = { 0, 2, 4, 5, 7, 8 };
		unsigned long long v;

		memcpy(g, p + i, k);
		v = (unsigned long long)g[0] << 32 | (unsigned long long)g[1] << 24 |
		    (unsigned long long)g[2] << 16 | (unsigned long long)g[3] << 8 |
		    g[4];
		for (size_t c = 0; c < 8; c++)
			out[o++] = c < chars[k] ? abc[(v >> (35 - 5 * c)) & 31] :
			    '=';
	}
	out[o] = '\0';
}

void
wet_uuid(const unsigned char rnd[16], char out[37])
{
	unsigned char b[16];
	size_t o = 0;

	memcpy(b, rnd, 16);
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);	/* version 4 */
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);	/* RFC 4122 variant */
	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			out[o++] = '-';
		o += (size_t)snprintf(out + o, 3, "%02x", b[i]);
	}
	out[36] = '\0';
}

/* 16 random bytes from the pool, refilled from the system. */
static const unsigned char *
random16(struct wet *t)
{
	if (t->nrnd < 16) {
		size_t got = 0;

		while (got < sizeof t->rnd) {
			ssize_t n = getrandom(t->rnd + got, sizeof t->rnd - got,
			    0);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				diag_fatal("getrandom: %s", strerror(errno));
			got += (size_t)n;
		}
		t->nrnd = sizeof t->rnd;
	}
	t->nrnd -= 16;
	return t->rnd + t->nrnd;
}

static void
put(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

/* A header value from v: bytes that would end the line, control bytes
 * and (in a URI) spaces as %XX. */
static void
put_value(struct buf *b, const char *v, bool uri)
{
	for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
		if (*p < 0x20 || *p == 0x7f || (uri && *p == ' ')) {
			char hex[4];

			snprintf(hex, sizeof hex, "%%%02X", *p);
			put(b, hex);
		} else
			buf_putc(b, (char)*p);
	}
}

/* Write t->rec (a whole record) to the output, as one gzip member with
 * gzip. */
static void
emit(struct wet *t)
{
	struct out *o = t->o;

	if (!t->gzip)
		out_write(o, t->rec.p, t->rec.len);
	else {
		uLong bound;

		deflateReset(&t->zs);
		bound = deflateBound(&t->zs, (uLong)t->rec.len);
		t->gz.len = 0;
		buf_reserve(&t->gz, bound);
		t->zs.next_in = (Bytef *)t->rec.p;
		t->zs.avail_in = (uInt)t->rec.len;
		t->zs.next_out = (Bytef *)t->gz.p;
		t->zs.avail_out = (uInt)bound;
		if (deflate(&t->zs, Z_FINISH) != Z_STREAM_END)
			diag_fatal("zlib: deflate failed");
		out_write(o, t->gz.p, bound - t->zs.avail_out);
	}
	if (o->line_buffered)
		out_flush(o);
}

/* A part of a block. */
struct part {
	const char	*p;
	size_t		 n;
};

/* A record of type around the block of parts: the fields pre and post
 * (each line "Name: value\r\n") before and after its WARC-Record-ID, in
 * the order Common Crawl writes them; a block digest with digest. */
static void
record(struct wet *t, const char *type, const struct buf *pre,
    const struct buf *post, const char *language, const char *ctype,
    const struct part *b, int nb, bool digest)
{
	char id[37], num[32];
	size_t n = 0;

	t->rec.len = 0;
	put(&t->rec, "WARC/1.0\r\nWARC-Type: ");
	put(&t->rec, type);
	put(&t->rec, "\r\n");
	buf_append(&t->rec, pre->p, pre->len);
	wet_uuid(random16(t), id);
	put(&t->rec, "WARC-Record-ID: <urn:uuid:");
	put(&t->rec, id);
	put(&t->rec, ">\r\n");
	buf_append(&t->rec, post->p, post->len);
	if (digest) {
		unsigned char md[EVP_MAX_MD_SIZE];
		unsigned mdlen;
		char b32[64];

		if (!EVP_DigestInit_ex2(t->md, t->sha1, NULL))
			diag_fatal("OpenSSL: SHA-1 init failed");
		for (int i = 0; i < nb; i++)
			if (!EVP_DigestUpdate(t->md, b[i].p, b[i].n))
				diag_fatal("OpenSSL: SHA-1 failed");
		if (!EVP_DigestFinal_ex(t->md, md, &mdlen))
			diag_fatal("OpenSSL: SHA-1 failed");
		wet_base32(md, mdlen, b32);
		put(&t->rec, "WARC-Block-Digest: sha1:");
		put(&t->rec, b32);
		put(&t->rec, "\r\n");
	}
	if (language != NULL) {
		put(&t->rec, "WARC-Identified-Content-Language: ");
		put_value(&t->rec, language, false);
		put(&t->rec, "\r\n");
	}
	for (int i = 0; i < nb; i++)
		n += b[i].n;
	put(&t->rec, "Content-Type: ");
	put(&t->rec, ctype);
	snprintf(num, sizeof num, "\r\nContent-Length: %zu\r\n\r\n", n);
	put(&t->rec, num);
	for (int i = 0; i < nb; i++)
		buf_append(&t->rec, b[i].p, b[i].n);
	put(&t->rec, "\r\n\r\n");
	emit(t);
}

void
wet_open(struct wet *t, struct out *o, bool gzip, int argc, char **argv)
{
	struct buf f = { 0 }, none = { 0 }, info = { 0 };
	time_t now = time(NULL);
	struct tm tm;

	memset(t, 0, sizeof *t);
	t->o = o;
	t->gzip = gzip;
	if ((t->sha1 = EVP_MD_fetch(NULL, "SHA1", NULL)) == NULL ||
	    (t->md = EVP_MD_CTX_new()) == NULL)
		diag_fatal("OpenSSL: no SHA-1");
	if (gzip) {
		if (deflateInit2(&t->zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED,
		    15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
			diag_fatal("zlib: cannot start deflate");
		t->zready = true;
	}
	gmtime_r(&now, &tm);
	strftime(t->date, sizeof t->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
	put(&f, "WARC-Date: ");
	put(&f, t->date);
	put(&f, "\r\n");
	put(&info, "software: ");
	put(&info, progname);
	put(&info, " (crawlutils) " CRAWLUTILS_VERSION "\r\n"
	    "format: WARC File Format 1.0\r\n"
	    "description: the main text of each document, as conversion "
	    "records\r\ncommand:");
	for (int i = 0; i < argc; i++) {
		buf_putc(&info, ' ');
		put_value(&info, argv[i], false);
	}
	put(&info, "\r\n");
	record(t, "warcinfo", &f, &none, NULL, "application/warc-fields",
	    &(struct part){ info.p, info.len }, 1, false);
	buf_free(&f);
	buf_free(&info);
}

void
wet_write(struct wet *t, const struct wet_doc *d)
{
	struct buf *pre = &t->pre, *post = &t->post;
	struct part block[3] = {
		{ d->title, d->ntitle }, { "\n", 1 }, { d->text, d->ntext },
	};

	pre->len = post->len = 0;
	put(pre, "WARC-Target-URI: ");
	put_value(pre, d->uri, true);
	put(pre, "\r\nWARC-Date: ");
	put_value(pre, d->date != NULL ? d->date : t->date, false);
	put(pre, "\r\n");
	if (d->refers_to != NULL) {
		put(post, "WARC-Refers-To: ");
		put_value(post, d->refers_to, false);
		put(post, "\r\n");
	}
	record(t, "conversion", pre, post, d->language, "text/plain", block, 3,
	    true);
}

void
wet_close(struct wet *t)
{
	if (t->zready)
		deflateEnd(&t->zs);
	t->zready = false;
	buf_free(&t->rec);
	buf_free(&t->gz);
	buf_free(&t->pre);
	buf_free(&t->post);
	EVP_MD_CTX_free(t->md);
	EVP_MD_free(t->sha1);
}
