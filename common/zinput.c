#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "readwin.h"
#include "xalloc.h"
#include "zinput.h"
#define MAGIC_LEN	4	/* enough to tell gzip and zstd apart */

void
zinput_init(struct zinput *z, size_t max)
{
	memset(z, 0, sizeof *z);
	z->fd = -1;
	z->max = max;
	gzread_init(&z->gz);
}

static void
reset(struct zinput *z)
{
	z->kind = ZINPUT_PLAIN;
	z->pos = z->end = 0;
	z->base = z->rpos = 0;
	z->eof = false;
	z->err = 0;
	z->started = z->in_member = z->ended = false;
	z->cstart = z->cend = z->jlen = 0;
	z->why = NULL;
}

void
zinput_reset_fd(struct zinput *z, int fd)
{
	reset(z);
	z->fd = fd;
	z->mem = NULL;
	z->in = z->buf;
}

void
zinput_reset_mem(struct zinput *z, const void *p, size_t n)
{
	reset(z);
	z->fd = -1;
	z->mem = p;
	z->memlen = n;
	z->in = z->mem;
	z->end = n;
	z->rpos = n;
	z->eof = true;
}

void
zinput_free(struct zinput *z)
{
	free(z->buf);
	z->buf = NULL;
	z->cap = 0;
	gzread_free(&z->gz);
	if (z->zs_ready)
		zstdread_free(&z->zs);
	z->zs_ready = false;
}

/* read(2) into p[0..n), again when interrupted; the end and an error
 * are noted (errno in z->err). */
static ssize_t
read_fd(struct zinput *z, void *p, size_t n)
{
	ssize_t got;

	got = readwin_read(z->fd, p, n);
	if (got <= 0) {
		if (got < 0)
			z->err = errno;
		z->eof = true;
	} else
		z->rpos += (uintmax_t)got;
	return got;
}

/* Read more input into buf; false at the end or on an error.  The bytes
 * of the member at hand are kept while it is not too long. */
static bool
more(struct zinput *z)
{
	size_t keep = z->pos;
	ssize_t n;

	if (z->eof)
		return false;
	if (z->cstart >= z->base && z->cstart - z->base < keep &&
	    z->end - (size_t)(z->cstart - z->base) <= ZINPUT_KEEP_MAX)
		keep = (size_t)(z->cstart - z->base);
	if (z->cap - z->end < READWIN_CHUNK / 2 && keep > 0) {
		z->end = readwin_shift(z->buf, keep, z->end);
		z->base += keep;
		z->pos -= keep;
	}
	z->buf = readwin_room(z->buf, &z->cap, z->end, z->end);
	z->in = z->buf;
	if ((n = read_fd(z, z->buf + z->end, z->cap - z->end)) <= 0)
		return false;
	z->end += (size_t)n;
	return true;
}

static bool
need(struct zinput *z, size_t n)
{
	while (z->end - z->pos < n)
		if (!more(z))
			return false;
	return true;
}

/* Consume n bytes; false if the input ends first. */
static bool
skip_in(struct zinput *z, uintmax_t n)
{
	while (n > z->end - z->pos) {
		n -= z->end - z->pos;
		z->pos = z->end;
		if (!more(z))
			return false;
	}
	z->pos += (size_t)n;
	return true;
}

static void
fail(struct zinput *z, const char *why)
{
	z->ended = true;
	z->cend = z->base + z->pos;
	if (why != z->whybuf)
		snprintf(z->whybuf, sizeof z->whybuf, "%s", why);
	z->why = z->whybuf;
}

const char *
zinput_unit(const struct zinput *z)
{
	return z->kind == ZINPUT_GZIP ? "gzip member" :
	    z->kind == ZINPUT_ZSTD ? "zstd frame" : "record";
}

static ssize_t
read_plain(struct zinput *z, void *out, size_t room)
{
	if (z->pos < z->end) {
		size_t k = z->end - z->pos < room ? z->end - z->pos : room;

		memcpy(out, z->in + z->pos, k);
		z->pos += k;
		return (ssize_t)k;
	}
	if (z->eof)
		return 0;
	return read_fd(z, out, room);
}

ssize_t
zinput_read(struct zinput *z, void *out, size_t room)
{
	if (z->kind == ZINPUT_PLAIN)
		return read_plain(z, out, room);
	if (!z->in_member || z->ended)
		return 0;
	for (;;) {
		size_t inlen, outlen = room;
		bool end, bad;

		if (z->pos == z->end && !more(z)) {
			if (z->err)
				return -1;
			fail(z, z->kind == ZINPUT_GZIP ? "truncated gzip member" :
			    "truncated zstd frame");
			return 0;
		}
		inlen = z->end - z->pos;
		if (z->kind == ZINPUT_GZIP) {
			enum gzread_status st = gzread_step(&z->gz,
			    z->in + z->pos, &inlen, out, &outlen);

			end = st == GZREAD_END;
			bad = st == GZREAD_BAD;
			if (bad)
				snprintf(z->whybuf, sizeof z->whybuf,
				    "gzip member: %s", z->gz.why);
		} else {
			enum zstdread_status st = zstdread_step(&z->zs,
			    z->in + z->pos, &inlen, out, &outlen);

			end = st == ZSTDREAD_END;
			bad = st == ZSTDREAD_BAD;
			if (bad)
				snprintf(z->whybuf, sizeof z->whybuf,
				    "zstd frame: %s", z->zs.why);
		}
		z->pos += inlen;
		if (end) {
			z->ended = true;
			z->cend = z->base + z->pos;
			return (ssize_t)outlen;
		}
		if (bad) {
			fail(z, z->whybuf);
			return (ssize_t)outlen;
		}
		if (outlen > 0)
			return (ssize_t)outlen;
		if (inlen == 0) {	/* no progress with input and room */
			fail(z, z->kind == ZINPUT_GZIP ? "gzip member: corrupt "
			    "data" : "zstd frame: corrupt data");
			return 0;
		}
	}
}

/* What starts at in[pos..end): 1 a member, 2 a zstd skippable frame
 * (not a member), 0 neither, -1 too few bytes to tell. */
static int
starts(const struct zinput *z)
{
	const unsigned char *p = z->in + z->pos;
	size_t n = z->end - z->pos;

	if (z->kind == ZINPUT_GZIP) {
		if (n < 4)
			return n > 0 && p[0] != 0x1f ? 0 : -1;
		return gzread_magic(p, n);
	}
	if (n < 4)
		return -1;
	switch (zstdread_magic(p, n)) {
	case ZSTDREAD_FRAME:
		return 1;
	case ZSTDREAD_NONE:
		return 0;
	default:
		return 2;
	}
}

static void
begin(struct zinput *z)
{
	z->cstart = z->base + z->pos;
	z->in_member = true;
	z->ended = false;
	z->why = NULL;
	if (z->kind == ZINPUT_GZIP)
		gzread_start(&z->gz, GZREAD_GZIP);
	else
		zstdread_start(&z->zs, z->in + z->pos, z->end - z->pos);
}

static enum zinput_next
junk(struct zinput *z, uintmax_t start)
{
	z->cstart = start;
	z->jlen = z->base + z->pos - start;
	snprintf(z->whybuf, sizeof z->whybuf, "not a %s (%ju bytes skipped)",
	    zinput_unit(z), z->jlen);
	z->why = z->whybuf;
	return ZINPUT_JUNK;
}

/* The next member from pos on.  Bytes before it are junk, said unless
 * quiet (they follow a bad member and are its own) or all NUL up to the
 * end. */
static enum zinput_next
find(struct zinput *z, bool quiet)
{
	uintmax_t start = z->base + z->pos;
	bool zeros = true;

	z->in_member = false;
	for (;;) {
		int s;

		need(z, MAGIC_LEN);
		if (z->pos == z->end) {
			if (z->err)
				return ZINPUT_ERROR;
			if (quiet || zeros || z->base + z->pos == start)
				return ZINPUT_EOF;
			return junk(z, start);
		}
		if ((s = starts(z)) == 1 || s == 2) {
			if (!quiet && z->base + z->pos > start)
				return junk(z, start);
			if (s == 1) {
				/* a zstd frame header, for its dictionary
				 * ID: 18 bytes at most (RFC 8878) */
				if (z->kind == ZINPUT_ZSTD)
					need(z, 18);
				begin(z);
				return ZINPUT_MEMBER;
			}
			/* a skippable frame is no member and no junk */
			need(z, 8);
			if (z->end - z->pos < 8 || !skip_in(z, 8 +
			    (uintmax_t)zstdread_skip_len(z->in + z->pos))) {
				if (z->err)
					return ZINPUT_ERROR;
				/* cut short: the frame claims the rest, which
				 * is consumed, or the next call finds it again */
				z->pos = z->end;
				return junk(z, start);
			}
			start = z->base + z->pos;
			continue;
		}
		if (s < 0 && z->eof) {
			/* the last bytes, too few for a magic */
			for (; z->pos < z->end; z->pos++)
				zeros &= z->in[z->pos] == 0;
			continue;
		}
		zeros &= z->in[z->pos] == 0;
		z->pos++;
	}
}

/* The zstd WARC dictionary frame at the start of the file. */
static enum zinput_next
dictionary(struct zinput *z)
{
	unsigned long len;

	need(z, 8);
	len = z->end - z->pos >= 8 ? zstdread_skip_len(z->in + z->pos) : 0;
	if (z->end - z->pos < 8 || len > ZSTDREAD_DICT_MAX ||
	    !need(z, 8 + (size_t)len)) {
		if (z->err)
			return ZINPUT_ERROR;
		z->cstart = z->base + z->pos;
		if (len > ZSTDREAD_DICT_MAX)
			snprintf(z->whybuf, sizeof z->whybuf, "zstd dictionary "
			    "frame larger than %u MB", ZSTDREAD_DICT_MAX >> 20);
		else
			snprintf(z->whybuf, sizeof z->whybuf, "zstd dictionary "
			    "frame cut short");
		z->why = z->whybuf;
		skip_in(z, 8 + (uintmax_t)len);
		return ZINPUT_JUNK;
	}
	if (!zstdread_dict(&z->zs, z->in + z->pos + 8, len)) {
		z->cstart = z->base + z->pos;
		snprintf(z->whybuf, sizeof z->whybuf, "%s", z->zs.why);
		z->why = z->whybuf;
		z->pos += 8 + (size_t)len;
		return ZINPUT_JUNK;
	}
	z->pos += 8 + (size_t)len;
	return find(z, false);
}

static enum zinput_next
start(struct zinput *z)
{
	const unsigned char *p;
	size_t n;

	z->started = true;
	need(z, MAGIC_LEN);
	if (z->err)
		return ZINPUT_ERROR;
	p = z->in + z->pos;
	n = z->end - z->pos;
	if (gzread_magic(p, n))
		z->kind = ZINPUT_GZIP;
	else if (zstdread_magic(p, n) != ZSTDREAD_NONE)
		z->kind = ZINPUT_ZSTD;
	else {
		z->in_member = true;
		return ZINPUT_MEMBER;
	}
	if (z->kind == ZINPUT_ZSTD && !z->zs_ready) {
		zstdread_init(&z->zs, z->max);
		z->zs_ready = true;
	}
	if (z->kind == ZINPUT_ZSTD && zstdread_magic(p, n) == ZSTDREAD_DICTFRAME)
		return dictionary(z);
	return find(z, false);
}

enum zinput_next
zinput_next(struct zinput *z)
{
	bool quiet = false;

	if (!z->started)
		return start(z);
	if (z->kind == ZINPUT_PLAIN) {
		z->in_member = false;
		return z->err ? ZINPUT_ERROR : ZINPUT_EOF;
	}
	if (z->in_member) {
		char scratch[16 * 1024];
		ssize_t n;

		/* left before its end: decode the rest, for its checks */
		while (!z->ended && (n = zinput_read(z, scratch,
		    sizeof scratch)) != 0)
			if (n < 0)
				return ZINPUT_ERROR;
		if (z->why != NULL) {
			/* search again from just after its start: the decoder
			 * may have read on into the next member (a cut one
			 * followed by a whole one), even to a wrong CRC */
			quiet = true;
			if (z->cstart >= z->base && z->cstart < z->base + z->end)
				z->pos = (size_t)(z->cstart - z->base) + 1;
		}
	}
	return find(z, quiet);
}

bool
zinput_rewind(struct zinput *z, uintmax_t off)
{
	if (z->kind != ZINPUT_PLAIN || off > z->rpos)
		return false;
	if (off >= z->base && off <= z->base + z->end &&
	    z->rpos == z->base + z->end) {
		z->pos = (size_t)(off - z->base);
		z->eof = z->mem != NULL;
		return true;
	}
	if (z->fd < 0 || z->rpos - off > (uintmax_t)INTMAX_MAX ||
	    lseek(z->fd, -(off_t)(z->rpos - off), SEEK_CUR) < 0)
		return false;
	z->rpos = off;
	z->pos = z->end;
	z->eof = false;
	return true;
}

uintmax_t
zinput_tell(const struct zinput *z)
{
	if (z->kind == ZINPUT_PLAIN)
		return z->rpos - (z->end - z->pos);
	return z->base + z->pos;
}
