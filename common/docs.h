/* Whole documents, one per input: the loop of the programs that read
 * HTML pages rather than records (htmltext, htmllinks).
 *
 * Each file named on the command line (none or "-" is stdin) is one
 * document, read whole into memory, up to a size limit: a larger
 * document is not kept (and a regular file is not even read) but handed
 * out with too_big set, for the caller to reject.  A file that cannot be
 * opened or read is trouble: reported, skipped, status 2.  Output and
 * --rejects are those of stream.h; a rejected document is reported as
 * "prog: file: reason" and written to --rejects as "ID TAB REASON".
 *
 *	struct docs d;
 *	struct doc doc;
 *	docs_open(&d, argc - optind, argv + optind, max_bytes);
 *	while (docs_next(&d, &doc))
 *		... write to d.s.out, d.s.nwritten++, or docs_reject()
 *	return docs_close(&d);
 */
#ifndef CRAWLUTILS_DOCS_H
#define CRAWLUTILS_DOCS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "diag.h"
#include "stream.h"

struct doc {
	const char	*file;		/* its name in messages: "-" for stdin */
	const char	*p;		/* the bytes, valid until docs_next() */
	size_t		 n;
	bool		 too_big;	/* over the limit: p and n are empty */
};

struct docs {
	struct stream	 s;		/* outputs, counts and status */
	struct buf	 data;
	size_t		 max;
};

void docs_open(struct docs *d, int npaths, char **paths, size_t max);
bool docs_next(struct docs *d, struct doc *doc);
/* Report doc ("prog: file: reason") and write "ID TAB REASON" to
 * --rejects; id is escaped there. */
void docs_reject(struct docs *d, const struct doc *doc, const char *id,
    const char *fmt, ...) DIAG_PRINTF(4, 5);
int docs_close(struct docs *d);

#endif
