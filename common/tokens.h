/* Word tokens of a text, for fingerprints (simhash) and text similarity
 * (nearverify).  The definition is part of the fingerprint interface and
 * is written out in simhash(1):
 *
 *   - Every code point is mapped through Unicode's NFKC_Casefold
 *     (ICU's "nfkc_cf" applied to the code point on its own), so case,
 *     width and compatibility forms do not matter and default-ignorable
 *     characters (soft hyphen, zero-width space, ...) vanish.
 *   - Letters (L*), numbers (N*) and marks (M*) make tokens; everything
 *     else (punctuation, symbols, white space, controls, unassigned code
 *     points, bytes that are not valid UTF-8) separates them.
 *   - A letter of a script written without spaces between words (Han,
 *     Hiragana, Katakana, Bopomofo, Hangul, Yi, Thai, Lao, Khmer, Myanmar)
 *     is a token on its own, with the marks that follow it: a "CJK"
 *     token.  Other runs of letters, numbers and marks are word tokens.
 *   - With TOKENS_DIGITS_ZERO every decimal digit (Nd) becomes "0".
 *   - With TOKENS_CHARS every letter or number is a token of its own.
 *   - With TOKENS_ESCAPED the input is an escaped field (escape.h): \t, \n
 *     and \r separate, \\ is a backslash (which separates too).
 *
 * Tokens come out one at a time, case-folded UTF-8 in a buffer owned by
 * the tokenizer (valid until the next call), with no allocation per token.
 * Character data comes from ICU, so tokens can change when ICU's Unicode
 * version does.  It is kept in tables shared by all tokenizers and built
 * as texts need them: not for several threads at once. */
#ifndef CRAWLUTILS_TOKENS_H
#define CRAWLUTILS_TOKENS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

enum {
	TOKENS_ESCAPED = 1,	/* the input is an escaped field */
	TOKENS_DIGITS_ZERO = 2,	/* every decimal digit becomes '0' */
	TOKENS_CHARS = 4,		/* every letter or number a token */
};

struct token {
	const char	*p;	/* folded UTF-8, valid until the next call */
	size_t		 n;
	bool		 cjk;	/* one character of a script without spaces */
	int32_t		 cp;	/* the code point if the token is exactly one,
				   else -1 */
	size_t		 start;	/* where it came from in the input: bytes */
	size_t		 end;	/* [start, end) */
};

/* A code point of the folded text (internal to the tokenizer). */
struct tokens_cp {
	const unsigned char	*s;	/* its UTF-8 */
	int			 n;
	int			 cls;
	int32_t			 cp;
	size_t			 start, end;	/* its source in the input */
};

struct tokenizer {
	const unsigned char	*base, *p, *end;
	const unsigned char	*pend, *pend_end;	/* mapped text pending */
	unsigned		 flags;
	bool			 held;		/* hold is the next one */
	struct tokens_cp	 hold;
	struct buf		 tok;
};

/* Start on p[0..n); flags are TOKENS_*.  A tokenizer may be reused for
 * another text by calling tokens_init again; tokens_free releases its
 * buffer. */
void tokens_init(struct tokenizer *t, const char *p, size_t n, unsigned flags);
/* The next token; false at the end of the text. */
bool tokens_next(struct tokenizer *t, struct token *tk);
void tokens_free(struct tokenizer *t);

#endif
