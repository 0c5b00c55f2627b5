/* The shingle sets of texts and their overlap: the similarity that
 * nearverify(1) confirms candidate pairs with, defined there exactly:
 *
 *   - the tokens of tokens.h with TOKENS_DIGITS_ZERO, as simhash takes them
 *     (words of spaced scripts, single characters of CJK and other
 *     unspaced scripts, NFKC_Casefold, every decimal digit "0");
 *   - a token's hash is XXH3-64 (seed 0) of its folded UTF-8, and an
 *     N-shingle's hash is XXH3-64 (seed 0) of the hashes of its N
 *     consecutive tokens written as 8-byte little-endian words, oldest
 *     first: simhash --shingle N's feature hash;
 *   - a text of 1 to N - 1 tokens has one shingle, of all its tokens;
 *     a text without tokens has none;
 *   - the set is the distinct shingle hashes, ascending.
 *
 * Two sets are compared by merging them: shingle_common counts the
 * hashes they share.  No allocation per text once the buffers have
 * grown to the largest text. */
#ifndef CRAWLUTILS_SHINGLE_H
#define CRAWLUTILS_SHINGLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tokens.h"

#define SHINGLE_MAX	8	/* the longest shingle, in tokens */

struct shingler {
	unsigned	 size;		/* tokens a shingle */
	struct tokenizer tok;
	uint64_t	*v;		/* the set of the last text */
	size_t		 n, cap;
	size_t		 ntok;		/* and its number of tokens */
};

/* size: 1 to SHINGLE_MAX tokens a shingle. */
void shingler_init(struct shingler *sh, unsigned size);
void shingler_free(struct shingler *sh);
/* The shingle set of p[0..n) (an escaped field when escaped is set) in
 * sh->v[0..sh->n), valid until the next call; returns sh->n. */
size_t shingle_set(struct shingler *sh, const char *p, size_t n, bool escaped);
/* |A ∩ B| of two sets (ascending, distinct). */
size_t shingle_common(const uint64_t *a, size_t na, const uint64_t *b,
    size_t nb);

#endif
