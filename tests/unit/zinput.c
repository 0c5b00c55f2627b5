/* Unit tests of common/zinput.c. */
#include "zinput.h"

#include "unit.h"

#include <zlib.h>

/* A skippable frame of magic 0x184D2A50 + variant around p[0..n). */
static void
skippable_to(struct buf *out, unsigned variant, const char *p, size_t n)
{
	unsigned char h[8] = { (unsigned char)(0x50 + variant), 0x2a, 0x4d,
	    0x18, (unsigned char)n, (unsigned char)(n >> 8),
	    (unsigned char)(n >> 16), (unsigned char)(n >> 24) };

	buf_append(out, h, 8);
	buf_append(out, p, n);
}

void
test_zinput(void)
{
	struct buf in = { 0 }, rec = { 0 };
	struct zinput z;
	char out[256];
	size_t m1, m2, m3;
	ssize_t n;

	/* gzip: three members, junk, a bad CRC, NULs at the end */
	deflate_to(&in, "first member", 12, 31);
	m1 = in.len;
	deflate_to(&in, "second", 6, 31);
	m2 = in.len;
	buf_append(&in, "junk!", 5);
	m3 = in.len;
	deflate_to(&in, "third", 5, 31);
	in.p[in.len - 8] ^= 1;			/* its CRC-32 */
	deflate_to(&in, "fourth", 6, 31);
	buf_append(&in, "\0\0\0", 3);
	zinput_init(&z, 1 << 20);
	zinput_reset_mem(&z, in.p, in.len);
	ok(zinput_next(&z) == ZINPUT_MEMBER && z.kind == ZINPUT_GZIP &&
	    z.cstart == 0 && (n = zinput_read(&z, out, sizeof out)) == 12 &&
	    memcmp(out, "first member", 12) == 0 &&
	    zinput_read(&z, out, sizeof out) == 0 && z.why == NULL &&
	    z.cend == m1, "zinput: a gzip member, where it starts and ends");
	ok(zinput_next(&z) == ZINPUT_MEMBER && z.cstart == m1 &&
	    zinput_read(&z, out, 3) == 3 && memcmp(out, "sec", 3) == 0,
	    "zinput: the second member, read in parts");
	ok(zinput_next(&z) == ZINPUT_JUNK && z.cstart == m2 && z.jlen == 5 &&
	    strcmp(z.why, "not a gzip member (5 bytes skipped)") == 0,
	    "zinput: left early, then junk between members: %s", z.why);
	ok(zinput_next(&z) == ZINPUT_MEMBER && z.cstart == m3 &&
	    zinput_read(&z, out, sizeof out) == 5 &&
	    zinput_read(&z, out, sizeof out) == 0 && z.why != NULL &&
	    strcmp(z.why, "gzip member: incorrect data check") == 0,
	    "zinput: a bad CRC-32: %s", z.why ? z.why : "(none)");
	ok(zinput_next(&z) == ZINPUT_MEMBER &&
	    zinput_read(&z, out, sizeof out) == 6 &&
	    memcmp(out, "fourth", 6) == 0 && zinput_next(&z) == ZINPUT_EOF,
	    "zinput: the member after it; NULs at the end are no junk");

	/* a member cut short in the middle, then a whole one */
	in.len = 0;
	{
		const char *t = "a member that is cut short in the middle of "
		    "its deflate data, for the reader to find the next";

		deflate_to(&rec, t, strlen(t), 31);
	}
	buf_append(&in, rec.p, rec.len / 2);
	m1 = in.len;
	deflate_to(&in, "whole", 5, 31);
	zinput_reset_mem(&z, in.p, in.len);
	ok(zinput_next(&z) == ZINPUT_MEMBER, "zinput: a cut member starts");
	while ((n = zinput_read(&z, out, sizeof out)) > 0)
		;
	ok(n == 0 && z.why != NULL && zinput_next(&z) == ZINPUT_MEMBER &&
	    z.cstart == m1 && zinput_read(&z, out, sizeof out) == 5 &&
	    memcmp(out, "whole", 5) == 0,
	    "zinput: after a cut member (%s), the next one at its offset",
	    z.why ? z.why : "no reason");
	in.len = 0;
	buf_append(&in, rec.p, rec.len - 3);
	zinput_reset_mem(&z, in.p, in.len);
	zinput_next(&z);
	while ((n = zinput_read(&z, out, sizeof out)) > 0)
		;
	ok(n == 0 && z.why && strcmp(z.why, "truncated gzip member") == 0 &&
	    zinput_next(&z) == ZINPUT_EOF, "zinput: %s at the end",
	    z.why ? z.why : "no reason");

	/* zstd: the dictionary frame, frames with and without it, a
	 * skippable frame between */
	in.len = 0;
	skippable_to(&in, 0xd, "a raw dictionary of words", 25);
	m1 = in.len;
	zstd_to(&in, "words of a record", 17, "a raw dictionary of words");
	skippable_to(&in, 3, "skip me", 7);
	m2 = in.len;
	zstd_to(&in, "plain frame", 11, NULL);
	zinput_reset_mem(&z, in.p, in.len);
	ok(zinput_next(&z) == ZINPUT_MEMBER && z.kind == ZINPUT_ZSTD &&
	    z.cstart == m1 && zinput_read(&z, out, sizeof out) == 17 &&
	    memcmp(out, "words of a record", 17) == 0 &&
	    zinput_read(&z, out, sizeof out) == 0 && z.why == NULL,
	    "zinput: a zstd frame with the file's dictionary");
	ok(zinput_next(&z) == ZINPUT_MEMBER && z.cstart == m2 &&
	    zinput_read(&z, out, sizeof out) == 11 &&
	    zinput_next(&z) == ZINPUT_EOF,
	    "zinput: a skippable frame is passed over");
	/* the dictionary compressed, in a frame of its own */
	in.len = 0;
	rec.len = 0;
	zstd_to(&rec, "a raw dictionary of words", 25, NULL);
	skippable_to(&in, 0xd, rec.p, rec.len);
	zstd_to(&in, "words of a record", 17, "a raw dictionary of words");
	zinput_reset_mem(&z, in.p, in.len);
	ok(zinput_next(&z) == ZINPUT_MEMBER &&
	    zinput_read(&z, out, sizeof out) == 17 &&
	    memcmp(out, "words of a record", 17) == 0,
	    "zinput: a zstd-compressed dictionary");
	/* a dictionary frame that claims more than the file holds */
	in.len = 0;
	skippable_to(&in, 0xd, "short", 5);
	in.p[4] = 100;
	zinput_reset_mem(&z, in.p, in.len);
	ok(zinput_next(&z) == ZINPUT_JUNK && z.cstart == 0 &&
	    strcmp(z.why, "zstd dictionary frame cut short") == 0 &&
	    zinput_next(&z) == ZINPUT_EOF, "zinput: %s", z.why);
	/* plain input: one member; it can go back */
	zinput_reset_mem(&z, "WARC/1.1 plain", 14);
	ok(zinput_next(&z) == ZINPUT_MEMBER && z.kind == ZINPUT_PLAIN &&
	    zinput_read(&z, out, sizeof out) == 14 && zinput_rewind(&z, 5) &&
	    zinput_read(&z, out, sizeof out) == 9 &&
	    memcmp(out, "1.1 plain", 9) == 0 && zinput_next(&z) == ZINPUT_EOF,
	    "zinput: a plain input, rewound");
	zinput_free(&z);
	buf_free(&in);
	buf_free(&rec);
}
