/* Records (lines) from a file descriptor.
 *
 * One growing buffer over read(2); records are found with memchr and
 * handed out as pointers into the buffer, valid until the next call.
 * A record is the bytes before LF with one CR before the LF dropped; the
 * last line may lack its LF.  A UTF-8 byte order mark at the start of
 * the input is dropped.  NUL bytes are ordinary.  No length limit
 * unless max is set: then a longer record is not kept in memory but
 * copied, as it streams past, to spill (the --rejects file) if there is
 * one, and reported as READ_TOOLONG. */
#ifndef CRAWLUTILS_READER_H
#define CRAWLUTILS_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "out.h"

enum read_status {
	READ_EOF = 0,
	READ_RECORD = 1,
	READ_ERROR = -1,	/* errno in err */
	READ_TOOLONG = -2,	/* longer than max; already sent to spill */
};

struct reader {
	int		 fd;
	char		*buf;
	size_t		 cap;
	size_t		 start;		/* first unconsumed byte */
	size_t		 end;		/* end of data read */
	size_t		 scanned;	/* bytes after start known to hold no LF */
	uintmax_t	 lineno;	/* of the record last returned */
	bool		 eof;
	bool		 bom_done;	/* a leading UTF-8 BOM was looked for */
	int		 err;
	size_t		 max;		/* 0: no limit */
	struct out	*spill;
};

/* Start reading fd; the buffer of a previous file is reused. */
void reader_reset(struct reader *r, int fd);
enum read_status reader_next(struct reader *r, const char **rec, size_t *len);
void reader_free(struct reader *r);

#endif
