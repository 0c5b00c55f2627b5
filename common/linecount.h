/* How many documents hold each line, for seenlines --count: a table of
 * 64-bit line keys (linekey.h) and their counts, filled by a first pass
 * over the input files, read by the second.
 *
 * Open addressing, linear probing, kept at most 3/4 full, a key's slot
 * chosen by its bits mixed with a random seed per run (so crafted lines
 * cannot make the probing slow; nothing observable depends on it).  A
 * slot is 12 bytes (8 of key, 4 of count), so a distinct line takes 16
 * to 32 bytes as the table doubles.  Counts stop at UINT32_MAX. */
#ifndef CRAWLUTILS_LINECOUNT_H
#define CRAWLUTILS_LINECOUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "linekey.h"

struct linecount {
	uint64_t	*keys;		/* 0: an empty slot */
	uint32_t	*counts;
	size_t		 nslots;	/* a power of 2 */
	size_t		 count;		/* distinct keys */
	uint64_t	 seed;
	uint64_t	*doc;		/* scratch: one document's keys */
	size_t		 capdoc;
};

void linecount_init(struct linecount *lc);
void linecount_free(struct linecount *lc);
/* Count one document: each distinct key of lk's lines once. */
void linecount_doc(struct linecount *lc, const struct linekeys *lk);
/* The documents that hold key (not 0). */
uint32_t linecount_get(const struct linecount *lc, uint64_t key);
/* Bytes of memory the table takes. */
size_t linecount_memory(const struct linecount *lc);

/* The first pass: count the lines of field field (cli_field numbering)
 * of every record of the files paths[0..npaths), read as the record
 * loop reads them (the first line of each skipped when header is set,
 * as -H has it; records longer
 * than max, if max is not 0, and records without the field are left
 * out: the second pass reports them).  False, with the failing path in
 * *bad and errno set, if a file is not a regular file or cannot be
 * read. */
bool linecount_files(struct linecount *lc, struct linekeys *lk, int npaths,
    char **paths, int field, bool header, size_t max, const char **bad);

#endif
