/* WET files: the text of documents as a WARC/1.0 file of conversion
 * records, the form of Common Crawl's .warc.wet.gz files.  First a
 * warcinfo record (software, version, the command that made the file),
 * then one record a document:
 *   WARC-Type: conversion
 *   WARC-Target-URI     the document's URL, or its ID (bytes that cannot
 *                       stand in a header, and spaces, as %XX)
 *   WARC-Date           the source record's, else the time of the run
 *   WARC-Record-ID      <urn:uuid:...>, RFC 4122 version 4, from the
 *                       system's random source (getrandom(2))
 *   WARC-Refers-To      the source record's WARC-Record-ID, if it has one
 *   WARC-Block-Digest   sha1: of the block, in base32 (RFC 4648), as
 *                       Common Crawl and warcio write it
 *   WARC-Identified-Content-Language   the languages of the text, ISO
 *                       639-3 codes apart by commas ("eng,fra"), as
 *                       Common Crawl writes them, when they are known
 *   Content-Type: text/plain, Content-Length
 * and the block: the title, LF, the text.  With gzip each record is one
 * gzip member of its own, so that a record can be fetched by its offset.
 * The record IDs and the run's date make every run's output differ. */
#ifndef CRAWLUTILS_WET_H
#define CRAWLUTILS_WET_H

#include <stdbool.h>
#include <stddef.h>

#include <openssl/evp.h>
#include <zlib.h>

#include "buf.h"
#include "out.h"

struct wet {
	struct out	*o;
	bool		 gzip;
	z_stream	 zs;
	bool		 zready;
	EVP_MD		*sha1;		/* fetched once, as digest.c does */
	EVP_MD_CTX	*md;
	struct buf	 rec, gz, pre, post;
	char		 date[32];	/* the run's, as WARC-Date */
	unsigned char	 rnd[512];	/* random bytes for record IDs */
	size_t		 nrnd;
};

struct wet_doc {
	const char	*uri;
	const char	*date;		/* NULL: the run's */
	const char	*refers_to;	/* NULL: none */
	const char	*language;	/* "eng,fra"; NULL: not known */
	const char	*title, *text;
	size_t		 ntitle, ntext;
};

/* Start a WET file on o: its warcinfo record names argv[0..argc). */
void wet_open(struct wet *t, struct out *o, bool gzip, int argc,
    char **argv);
void wet_write(struct wet *t, const struct wet_doc *d);
void wet_close(struct wet *t);

/* Base32 (RFC 4648, upper case, '=' padding) of n bytes into out, which
 * holds 8 * ceil(n / 5) + 1 bytes; NUL-terminated. */
void wet_base32(const unsigned char *p, size_t n, char *out);
/* A version 4 UUID of 16 random bytes: "xxxxxxxx-xxxx-4xxx-yxxx-..."
 * into out[37]. */
void wet_uuid(const unsigned char rnd[16], char out[37]);

#endif
