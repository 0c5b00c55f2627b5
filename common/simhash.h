/* SimHash fingerprints of texts (Charikar 2002), with the features and
 * weights of simhash(1), which defines them exactly:
 *
 *   - tokens from tokens.h with TOKENS_DIGITS_ZERO (words, single CJK
 *     characters); a feature is a token (or a shingle of tokens);
 *   - a feature's hash is XXH3-64 of its folded UTF-8 (seed 0); a shingle's
 *     is XXH3-64 of its tokens' hashes as 8-byte little-endian words;
 *   - each distinct feature votes once, with a weight from its count;
 *   - fingerprint j (j >= 1, for -n) takes its bits from XXH3-64 of the
 *     feature's hash (8 bytes, little-endian) with seed j;
 *   - bit i is 1 when the features whose hash has bit i set carry more
 *     than half of the weight; a text without features gets 0.
 *
 * Everything after the tokens is integer arithmetic (CJK weights with
 * other exponents than the default's use square roots, which IEEE 754
 * rounds alike everywhere), so a fingerprint is the same on every
 * machine.  No allocation per token: the tables grow
 * with the number of distinct features of the largest text and are kept. */
#ifndef CRAWLUTILS_SIMHASH_H
#define CRAWLUTILS_SIMHASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tokens.h"

enum simhash_weight {
	SIMHASH_W_DEFAULT,	/* damped and capped: see simhash.c */
	SIMHASH_W_TF,		/* the count */
	SIMHASH_W_LOG,		/* 1 + floor(log2(count)) */
	SIMHASH_W_BINARY,	/* 1 */
};

#define SIMHASH_MAXSHINGLE	8
#define SIMHASH_MAXFP		16

struct simhash_params {
	unsigned	tokflags;	/* TOKENS_CHARS, TOKENS_DIGITS_ZERO */
	unsigned	shingle;	/* tokens a feature: 1 to 8 */
	int		weight;		/* SIMHASH_W_* */
	/* The constants of SIMHASH_W_DEFAULT (for experiments; simhash(1)
	 * gives their values): */
	unsigned	once;		/* weight of a word seen once, in
					   hundredths of a word seen once */
	unsigned	word_cap;	/* a word's weight at most this many
					   thousandths of the text's total */
	unsigned	cjk_mul;	/* a CJK character seen g times weighs
					   cjk_mul/100 * g^(cjk_exp/4) */
	unsigned	cjk_exp;
	unsigned	cjk_cap;	/* thousandths of the total */
	uint64_t	seed;		/* of the feature hash (0) */
	unsigned	cjk_once;	/* if not 0, the weight of a CJK
					   character seen once, in hundredths
					   of one seen once */
};

/* The defaults: what simhash(1) documents and the pinned tests fix. */
extern const struct simhash_params simhash_defaults;

struct simhash_slot;

struct simhash {
	struct simhash_params	 par;
	struct tokenizer	 tok;
	struct simhash_slot	*slot;		/* counts of distinct features */
	uint32_t		*used;		/* slots in use, in order */
	size_t			 nslot, nused;
	uint32_t		 gen;		/* slots of this text */
	uint64_t		 cjk_table[64];	/* weights of small counts */
	uint32_t		*cpcount;	/* CJK characters by code point */
	uint16_t		*cpseen;	/* those counted, in order */
	size_t			 ncpseen;
	uint64_t		*bh, *bs;	/* the votes: hashes, salted */
	uint32_t		*bw;		/* and weights */
	uint64_t		*wf;		/* weights before scaling */
	size_t			 nbatch, capbatch;
};

void simhash_init(struct simhash *s, const struct simhash_params *par);
void simhash_free(struct simhash *s);
/* The nfp fingerprints (1 to SIMHASH_MAXFP) of the text p[0..n), an
 * escaped field when escaped is set, into fp[0..nfp). */
void simhash_text(struct simhash *s, const char *p, size_t n, bool escaped,
    int nfp, uint64_t *fp);

/* For tests: vote with the plain C loop instead of SIMD, or not (the
 * fingerprints must not change). */
void simhash_portable_votes(bool on);
/* For tests: vote with the SIMD code called name ("portable", "sse2",
 * "avx2", "avx512"; NULL: the fastest this CPU has); false if this CPU
 * or build has no such code. */
bool simhash_use_votes(const char *name);

#endif
