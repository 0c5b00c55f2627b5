/* Zstandard frames (RFC 8878) through libzstd's streaming decoder, one
 * frame at a time: a record of a .warc.zst file, or an HTTP payload
 * whose Content-Encoding is zstd.  The zstd WARC format may begin with a
 * dictionary frame (a skippable frame, magic 0x184D2A5D, whose content
 * is the dictionary, itself zstd-compressed or not); zstdread_dict()
 * loads it for every frame after.  The caller owns the buffers and the
 * framing, as with gzread.h.
 *
 * Memory: the decoder's window is at most the power of two at or above
 * the max given to zstdread_init() (between 1 MB and 128 MB, zstd's
 * default limit), so a frame that claims a larger window fails instead of
 * allocating it. */
#ifndef CRAWLUTILS_ZSTDREAD_H
#define CRAWLUTILS_ZSTDREAD_H

#include <stdbool.h>
#include <stddef.h>

#include <zstd.h>

#define ZSTDREAD_DICT_MAX	(32u << 20)	/* the largest dictionary taken */

enum zstdread_status {
	ZSTDREAD_MORE,	/* give it more input, or more room */
	ZSTDREAD_END,	/* the frame ended and is flushed */
	ZSTDREAD_BAD	/* corrupt, or its dictionary is missing: why */
};

/* What p[0..n) starts with. */
enum zstdread_magic {
	ZSTDREAD_NONE,		/* not zstd (or fewer than 4 bytes) */
	ZSTDREAD_FRAME,		/* a Zstandard frame */
	ZSTDREAD_SKIPPABLE,	/* a skippable frame: 8 + zstdread_skip_len() */
	ZSTDREAD_DICTFRAME	/* the zstd WARC dictionary frame (skippable) */
};

struct zstdread {
	ZSTD_DCtx	*d;
	ZSTD_DDict	*dict;
	unsigned	 frame_dict;	/* the dictionary the frame asks for */
	const char	*why;
	char		 whybuf[160];
};

void zstdread_init(struct zstdread *z, size_t max);
/* A new frame, whose first n bytes are at head (for its dictionary ID). */
void zstdread_start(struct zstdread *z, const void *head, size_t n);
enum zstdread_status zstdread_step(struct zstdread *z, const void *in,
    size_t *inlen, void *out, size_t *outlen);
/* Take p[0..n), a dictionary frame's content, as the dictionary; false,
 * with why, if it cannot be had. */
bool zstdread_dict(struct zstdread *z, const void *p, size_t n);
void zstdread_free(struct zstdread *z);

enum zstdread_magic zstdread_magic(const void *p, size_t n);
/* The content length of the skippable frame at p (8 bytes at least). */
unsigned long zstdread_skip_len(const void *p);

#endif
