/* Text normalization for keys: white space and Unicode forms.
 *
 * textnorm_space() collapses white space: every character with the
 * Unicode White_Space property (ASCII space, TAB, LF, VT, FF, CR, NEL,
 * NBSP, U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F,
 * U+3000 in ICU's tables) counts; each run becomes one ASCII space;
 * leading and trailing white space goes.  With escaped set the input is
 * an escaped field (escape.h) and is unescaped on the way, so \t, \n and
 * \r are white space like any other.  Bytes that are not valid UTF-8
 * are never white space and pass through unchanged.  The result goes to
 * sink in pieces of up to a few KB.
 *
 * textnorm_unicode() applies NFKC and/or full case folding (ICU) to the
 * valid UTF-8 runs of its input; invalid bytes pass through unchanged.
 * Folding comes after NFKC; the folded text is not normalized again. */
#ifndef CRAWLUTILS_TEXTNORM_H
#define CRAWLUTILS_TEXTNORM_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

typedef void text_sink(void *ctx, const char *p, size_t n);

void textnorm_space(const char *p, size_t n, bool escaped, text_sink *sink,
    void *ctx);
/* The same, appending to b. */
void textnorm_space_buf(const char *p, size_t n, bool escaped, struct buf *b);

enum {
	TEXTNORM_NFKC = 1,
	TEXTNORM_CASEFOLD = 2,
};
void textnorm_unicode(const char *p, size_t n, unsigned how, struct buf *b);

/* The width of UTF-8 text in columns, as a terminal shows it: a
 * character of East_Asian_Width Wide or Fullwidth (ICU's tables: the
 * Han, kana and Hangul syllables, fullwidth forms) is two, any other
 * character (an invalid byte too) one. */
size_t textnorm_width(const char *p, size_t n);

#endif
