/* The lines of a text field and their keys, for seenlines(1).
 *
 * A text field is escaped (escape.h), so its lines are separated by the
 * two bytes "\n" (an escaped LF); "\\n" is a backslash and an n, not a
 * break.  linekey_split cuts the field there, and keys each line:
 *   - white space collapsed as sha256text(1) collapses it (textnorm.h:
 *     every White_Space run one space, none at either end; \t and \r
 *     escapes are white space), so a line that ends in "\r" (a CRLF
 *     text) has the key it has without;
 *   - with LINEKEY_CASEFOLD, ICU's full case folding first;
 *   - with LINEKEY_DIGITS, every decimal digit (Unicode Nd) then "0";
 *   - the key is XXH3-64 (seed 0) of those bytes, 0 taken as 1 (0 marks
 *     an empty slot in linecount.h);
 *   - a blank line (nothing left once collapsed) has no key: it is kept
 *     whatever the other documents hold;
 *   - a line whose collapsed form has fewer than min_chars characters
 *     (code points; bytes that are not UTF-8 count one each) is short.
 * The lines joined with "\n" are the field again, byte for byte.
 *
 * The caller marks the lines to remove (gone); linekey_context then
 * keeps each short line unless the lines around it go too: the nearest
 * lines that are neither blank nor short, before and after it (the
 * start or end of the text standing for a removed line, but not both),
 * so that the "Newsletter" heading of a removed box goes with it and an
 * article's "Background" stays among its paragraphs.  (jusText judges
 * short blocks by their neighbours in the same way.) */
#ifndef CRAWLUTILS_LINEKEY_H
#define CRAWLUTILS_LINEKEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

enum {
	LINEKEY_CASEFOLD = 1,
	LINEKEY_DIGITS = 2,
};

struct linekey_line {
	size_t		 start, len;	/* in the escaped field */
	uint64_t	 key;		/* 0: no key (a blank line) */
	size_t		 chars;		/* of the collapsed line */
	size_t		 first;		/* the first line of the text with
					 * its key (itself if none before) */
	bool		 isshort;	/* fewer than min_chars characters */
	bool		 gone;		/* to be removed (set by the caller) */
};

struct linekeys {
	unsigned	 how;		/* LINEKEY_* */
	size_t		 min_chars;
	struct linekey_line *v;		/* the lines of the last field */
	size_t		 n, cap;
	struct buf	 norm, tmp;	/* scratch */
	size_t		*slots;		/* scratch: lines by key, for first */
	size_t		 nslots;
	uint64_t	 seed;
};

void linekey_init(struct linekeys *lk, unsigned how, size_t min_chars);
void linekey_free(struct linekeys *lk);
/* The lines of the escaped field p[0..n) in lk->v[0..lk->n), valid until
 * the next call: one line for an empty field. */
size_t linekey_split(struct linekeys *lk, const char *p, size_t n);
/* Keep the short lines whose surroundings stay (gone cleared). */
void linekey_context(struct linekeys *lk);

#endif
