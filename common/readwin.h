/* The growing read window under every input module: reader (records),
 * warc (WARC records), zinput (compressed input) and docs (whole
 * documents) each read into one buffer of their own, at least
 * READWIN_CHUNK / 2 bytes a read(2), and keep at its front the bytes
 * they have not consumed yet.  What they keep, and where they read
 * from, is theirs; the chunk, the growth and the read are here. */
#ifndef CRAWLUTILS_READWIN_H
#define CRAWLUTILS_READWIN_H

#include <stddef.h>
#include <sys/types.h>

#define READWIN_CHUNK	(256 * 1024)

/* Room to read into after the first end bytes of buf, which holds cap:
 * at least READWIN_CHUNK / 2 bytes, and a buffer of at least upto bytes
 * (upto >= end: a caller that needs more bytes than it holds says how
 * many).  When it must grow, it grows (doubling) to hold upto +
 * READWIN_CHUNK.  Returns buf, moved if it grew; a NULL buf with cap 0
 * is a new one. */
void *readwin_room(void *buf, size_t *cap, size_t end, size_t upto);

/* The bytes buf[keep..end) moved to the front; returns end - keep, the
 * new end. */
size_t readwin_shift(void *buf, size_t keep, size_t end);

/* read(2) into p[0..n), again when a signal interrupts it: bytes read, 0
 * at the end, -1 with errno on an error. */
ssize_t readwin_read(int fd, void *p, size_t n);

#endif
