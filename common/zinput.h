/* A WARC file as it is stored, decoded: plain, gzip members (.warc.gz)
 * or zstd frames (.warc.zst, with or without its dictionary frame).  The
 * first bytes decide, whatever the file is called, on stdin too.
 *
 * A compressed file is handed out one member (a zstd frame is a member
 * here) at a time, because a member is what a crawler writes for each
 * record and what an index's offset points at: zinput_next() moves to
 * the next member, zinput_read() gives its decoded bytes, and 0 at its
 * end.  z->cstart is where the member starts in the file; at its end
 * z->cend is where it ended, and z->why is NULL if it ended well, else
 * the reason (a truncated member, a bad CRC, corrupt data, a zstd
 * dictionary the file does not hold).  After a bad member the input goes
 * on at the next member's magic, searched from just after the bad one's
 * start (a member cut short is often followed by a whole one).  Bytes
 * between members that are not a member are handed out as
 * ZINPUT_JUNK, except NUL bytes at the end (tape and block padding).  A
 * plain file is one member, the whole input.
 *
 * Memory: the input is read in 256 KB chunks; the bytes of the member at
 * hand are kept while it is at most ZINPUT_KEEP_MAX long, for the search
 * after a bad one; the decoders' windows are bounded (gzread.h,
 * zstdread.h). */
#ifndef CRAWLUTILS_ZINPUT_H
#define CRAWLUTILS_ZINPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "gzread.h"
#include "zstdread.h"

#define ZINPUT_KEEP_MAX	(4u << 20)

enum zinput_kind { ZINPUT_PLAIN, ZINPUT_GZIP, ZINPUT_ZSTD };

enum zinput_next {
	ZINPUT_MEMBER,	/* a member starts at cstart */
	ZINPUT_JUNK,	/* jlen bytes at cstart are not a member; why */
	ZINPUT_EOF,
	ZINPUT_ERROR	/* a read error: errno in err */
};

struct zinput {
	enum zinput_kind kind;
	int		 fd;		/* -1: reading mem */
	const unsigned char *mem;
	size_t		 memlen;
	unsigned char	*buf;		/* the input read so far, from fd */
	const unsigned char *in;	/* buf, or mem */
	size_t		 cap, pos, end;
	uintmax_t	 base;		/* file offset of in[0] */
	uintmax_t	 rpos;		/* plain: offset of the next byte read */
	bool		 eof;
	int		 err;
	bool		 started;	/* the kind is known */
	bool		 in_member;	/* a member is being read */
	bool		 ended;		/* and its end was reached */
	uintmax_t	 cstart, cend, jlen;
	const char	*why;
	char		 whybuf[200];
	size_t		 max;
	struct gzread	 gz;
	struct zstdread	 zs;
	bool		 zs_ready;
};

/* max bounds the decoders' memory (a zstd window). */
void zinput_init(struct zinput *z, size_t max);
/* Read fd, or the n bytes at p, from the start. */
void zinput_reset_fd(struct zinput *z, int fd);
void zinput_reset_mem(struct zinput *z, const void *p, size_t n);
enum zinput_next zinput_next(struct zinput *z);
/* Decoded bytes of the member at hand: their count, 0 at its end, -1 on
 * a read error (errno in z->err). */
ssize_t zinput_read(struct zinput *z, void *out, size_t room);
/* A plain input: make the next zinput_read() start at offset off, before
 * the bytes read so far; false if the input cannot go back (a pipe). */
bool zinput_rewind(struct zinput *z, uintmax_t off);
/* How far into the file the input has been read (for progress). */
uintmax_t zinput_tell(const struct zinput *z);
/* "gzip member", "zstd frame", "record" (plain): in messages. */
const char *zinput_unit(const struct zinput *z);
void zinput_free(struct zinput *z);

#endif
