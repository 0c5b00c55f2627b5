#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "diag.h"
#include "tokens.h"
#include "xalloc.h"

/*
 * Asking ICU about every character (u_charType, the script, a
 * normalization call for the case folding) costs several times more than
 * the rest of a fingerprint, and ICU's UTF-16 interfaces would need a
 * conversion first.  So we ask once per code point and remember the
 * answer in tables of 256 code points, built when a text first uses one:
 * an English text builds one or two, a Chinese one a few dozen.  ASCII,
 * most of every text, has a byte table of its own.  (ICU's own NFKC and
 * case folding of a whole text, as sha256text --nfkc --casefold does them,
 * take longer than all of a fingerprint: see bench/simhash.sh.)
 *
 * An escaped field is read as it is, its escapes taken as separators:
 * unescaping it into a copy first ran at about 750 MB/s here, a sixth of
 * the time of a whole fingerprint.
 */
enum {
	K_SEP,		/* separates tokens, dropped */
	K_WORD,		/* letter or number of a word */
	K_DIGIT,	/* decimal digit: '0' with TOKENS_DIGITS_ZERO */
	K_CJK,		/* letter of a script written without spaces */
	K_MARK,		/* combining mark: stays with what precedes it */
	K_MAPPED = 0x80	/* NFKC_Casefold changes it: see the mapping */
};

struct block {
	uint8_t		cls[256];
	uint8_t		maplen[256];	/* bytes of the mapping */
	const unsigned char *map[256];	/* the mapping, in the pool */
};

#define NBLOCKS	(0x110000 >> 8)
static struct block *blocks[NBLOCKS];
/* The UTF-8 of the mappings, in chunks that never move: a tokenizer may
 * be reading one while a new table is built. */
static unsigned char *pool;
static size_t pool_left;
static const UNormalizer2 *nfkc_cf;
/* ASCII: the folded byte, or 0 for a separator; one table with digits
 * kept, one with digits made '0'. */
static unsigned char ascii_fold[2][128];

static void
icu_check(UErrorCode err, const char *what)
{
	if (U_FAILURE(err))
		diag_fatal("ICU: %s: %s", what, u_errorName(err));
}

/* Scripts whose words are not separated by spaces: each letter is a
 * token.  Script_Extensions count, so that U+30FC KATAKANA-HIRAGANA
 * PROLONGED SOUND MARK (script Common) is one too. */
static bool
nospace_script(UChar32 c)
{
	static const UScriptCode nospace[] = {
		USCRIPT_HAN, USCRIPT_HIRAGANA, USCRIPT_KATAKANA,
		USCRIPT_BOPOMOFO, USCRIPT_HANGUL, USCRIPT_YI, USCRIPT_THAI,
		USCRIPT_LAO, USCRIPT_KHMER, USCRIPT_MYANMAR,
	};
	UScriptCode sc[16];
	UErrorCode err = U_ZERO_ERROR;
	int32_t n = uscript_getScriptExtensions(c, sc, 16, &err);

	if (U_FAILURE(err))	/* more than 16: none of ours is so shared */
		return false;
	for (int32_t i = 0; i < n; i++)
		for (size_t j = 0; j < sizeof nospace / sizeof *nospace; j++)
			if (sc[i] == nospace[j])
				return true;
	return false;
}

static uint8_t
classify(UChar32 c)
{
	switch (u_charType(c)) {
	case U_UPPERCASE_LETTER:
	case U_LOWERCASE_LETTER:
	case U_TITLECASE_LETTER:
	case U_MODIFIER_LETTER:
	case U_OTHER_LETTER:
		return nospace_script(c) ? K_CJK : K_WORD;
	case U_DECIMAL_DIGIT_NUMBER:
		return K_DIGIT;
	case U_LETTER_NUMBER:
	case U_OTHER_NUMBER:
		return K_WORD;
	case U_NON_SPACING_MARK:
	case U_ENCLOSING_MARK:
	case U_COMBINING_SPACING_MARK:
		return K_MARK;
	default:
		return K_SEP;
	}
}

/* Record the NFKC_Casefold mapping of c in block b if it is not c. */
static void
map(struct block *b, UChar32 c)
{
	UChar src[2], dst[64];
	int32_t ns = 0, nd, n8;
	UErrorCode err = U_ZERO_ERROR;
	char u8[4 * 64];
	int i = c & 255;

	U16_APPEND_UNSAFE(src, ns, c);
	nd = unorm2_normalize(nfkc_cf, src, ns, dst, 64, &err);
	icu_check(err, "NFKC_Casefold");
	if (nd == ns && memcmp(src, dst, (size_t)ns * sizeof *src) == 0)
		return;
	u_strToUTF8(u8, sizeof u8, &n8, dst, nd, &err);
	icu_check(err, "to UTF-8");
	if (n8 > 255)
		diag_fatal("ICU: NFKC_Casefold of U+%04X is too long",
		    (unsigned)c);
	if ((size_t)n8 > pool_left) {
		pool_left = 65536;
		pool = xmalloc(pool_left);
	}
	b->cls[i] |= K_MAPPED;
	b->maplen[i] = (uint8_t)n8;
	b->map[i] = pool;
	memcpy(pool, u8, (size_t)n8);
	pool += n8;
	pool_left -= (size_t)n8;
}

static struct block *
build_block(int hi)
{
	struct block *b = xmalloc(sizeof *b);

	memset(b, 0, sizeof *b);
	for (int i = 0; i < 256; i++) {
		UChar32 c = hi << 8 | i;

		if (U_IS_SURROGATE(c))
			continue;	/* never decoded from valid UTF-8 */
		b->cls[i] = classify(c);
		map(b, c);
	}
	blocks[hi] = b;
	return b;
}

static void
init_tables(void)
{
	UErrorCode err = U_ZERO_ERROR;
	struct block *b;

	nfkc_cf = unorm2_getNFKCCasefoldInstance(&err);
	icu_check(err, "NFKC_Casefold");
	b = build_block(0);
	for (int c = 0; c < 128; c++) {
		unsigned char f = 0;

		switch (b->cls[c] & ~K_MAPPED) {
		case K_WORD:
		case K_DIGIT:
			f = b->cls[c] & K_MAPPED ?
			    b->map[c][0] : (unsigned char)c;
			/* The fast path copies one byte for one byte. */
			if (b->cls[c] & K_MAPPED && (b->maplen[c] != 1 || f >= 128))
				diag_fatal("ICU: unexpected folding of "
				    "U+%04X", (unsigned)c);
			break;
		case K_SEP:
			break;
		default:
			diag_fatal("ICU: unexpected class of U+%04X", (unsigned)c);
		}
		ascii_fold[0][c] = f;
		ascii_fold[1][c] = (b->cls[c] & ~K_MAPPED) == K_DIGIT ? '0' : f;
	}
}

static inline int
lookup(UChar32 c)
{
	struct block *b = blocks[c >> 8];

	if (b == NULL)
		b = build_block(c >> 8);
	return b->cls[c & 255];
}

/*
 * The next code point of the folded text, false at the end.  Mapped
 * characters are replaced by their mapping, which is read from the pool
 * code point by code point (NFKC_Casefold is idempotent, so those are
 * not mapped again).
 */
static bool
next_cp(struct tokenizer *t, struct tokens_cp *c)
{
	for (;;) {
		const unsigned char *p = t->p;
		int32_t j = 0, len;
		UChar32 u;

		if (t->pend < t->pend_end) {
			U8_NEXT_UNSAFE(t->pend, j, u);
			c->s = t->pend;
			c->n = j;
			c->cp = u;
			c->cls = lookup(u) & ~K_MAPPED;
			t->pend += j;
			return true;	/* start and end: still the source's */
		}
		if (p >= t->end)
			return false;
		c->start = (size_t)(p - t->base);
		if (*p < 0x80) {
			c->s = p;
			c->n = 1;
			c->cp = *p;
			c->end = c->start + 1;
			t->p = p + 1;
			c->cls = blocks[0]->cls[*p];
			if (*p == '\\' && (t->flags & TOKENS_ESCAPED) &&
			    p + 1 < t->end && (p[1] == '\\' || p[1] == 't' ||
			    p[1] == 'n' || p[1] == 'r')) {
				t->p = p + 2;
				c->end++;
				c->cls = K_SEP;
				return true;
			}
		} else {
			len = t->end - p > 4 ? 4 : (int32_t)(t->end - p);
			U8_NEXT(p, j, len, u);
			t->p = p + j;
			c->end = c->start + (size_t)j;
			c->s = p;
			c->n = j;
			c->cp = u;
			if (u < 0) {
				c->cls = K_SEP;
				return true;
			}
			c->cls = lookup(u);
		}
		if (!(c->cls & K_MAPPED))
			return true;
		/* Read the mapping instead (it may be empty). */
		{
			const struct block *b = blocks[c->cp >> 8];
			int i = c->cp & 255;

			t->pend = b->map[i];
			t->pend_end = t->pend + b->maplen[i];
		}
	}
}

void
tokens_init(struct tokenizer *t, const char *p, size_t n, unsigned flags)
{
	if (blocks[0] == NULL)
		init_tables();
	t->base = t->p = (const unsigned char *)p;
	/* an empty buffer's pointer may be NULL, and NULL + 0 is undefined */
	t->end = n ? t->p + n : t->p;
	t->pend = t->pend_end = NULL;
	t->flags = flags;
	t->held = false;
}

void
tokens_free(struct tokenizer *t)
{
	buf_free(&t->tok);
}

static inline void
put(struct tokenizer *t, const unsigned char *s, int n)
{
	struct buf *b = &t->tok;

	if (b->cap - b->len < (size_t)n)
		buf_reserve(b, (size_t)n);
	memcpy(b->p + b->len, s, (size_t)n);
	b->len += (size_t)n;
}

/* Add c to the token, digits as '0' if asked. */
static inline void
put_cp(struct tokenizer *t, const struct tokens_cp *c)
{
	if (c->cls == K_DIGIT && (t->flags & TOKENS_DIGITS_ZERO))
		put(t, (const unsigned char *)"0", 1);
	else
		put(t, c->s, c->n);
}

/* The run of ASCII letters and digits at t->p, folded, into the token. */
static inline void
ascii_run(struct tokenizer *t)
{
	const unsigned char *fold =
	    ascii_fold[(t->flags & TOKENS_DIGITS_ZERO) != 0];
	const unsigned char *p = t->p, *e = t->end;
	struct buf *b = &t->tok;

	while (p < e && *p < 0x80 && fold[*p]) {
		if (b->len == b->cap)
			buf_reserve(b, 1);
		b->p[b->len++] = (char)fold[*p++];
	}
	t->p = p;
}

/*
 * Skip separators and find a plain CJK character (one without a mark
 * after it), quickly for the common cases: ASCII, and three-byte
 * characters whose table is built.  Returns true with tk set for a CJK
 * character, whose token is its own bytes in the input; otherwise t->p is
 * where the slow path goes on.  (A three-byte surrogate is invalid UTF-8
 * and so a separator either way: its table says so.)  The character after
 * a CJK one must be looked at too: a mark would belong to the token, and
 * so would one after a soft hyphen (U+00AD), which NFKC_Casefold removes.
 * ASCII and invalid bytes are neither; three-byte characters have their
 * table; anything else takes the slow path.
 */
/* Is the character at p certainly not a mark, nor mapped to anything
 * that could begin with one? */
static inline bool
plain_after(const unsigned char *p, const unsigned char *e)
{
	const struct block *b;
	UChar32 u;
	int cls;

	if (e - p < 3 || (p[0] & 0xf0) != 0xe0 || (p[1] & 0xc0) != 0x80 ||
	    (p[2] & 0xc0) != 0x80)
		return false;
	u = (p[0] & 15) << 12 | (p[1] & 63) << 6 | (p[2] & 63);
	if (u < 0x800 || (b = blocks[u >> 8]) == NULL)
		return false;
	cls = b->cls[u & 255];
	return cls != K_MARK && !(cls & K_MAPPED);
}

static inline bool
fast_skip(struct tokenizer *t, struct token *tk)
{
	const unsigned char *p = t->p, *e = t->end;

	while (p < e) {
		const struct block *b;
		UChar32 u;
		int cls;

		if (*p < 0x80) {
			if (ascii_fold[0][*p] || *p == '\\')
				break;
			p++;
			continue;
		}
		if (e - p < 3 || (p[0] & 0xf0) != 0xe0 ||
		    (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80)
			break;
		u = (p[0] & 15) << 12 | (p[1] & 63) << 6 | (p[2] & 63);
		if (u < 0x800 || (b = blocks[u >> 8]) == NULL)
			break;
		cls = b->cls[u & 255];
		if (cls == K_SEP) {
			p += 3;
			continue;
		}
		if (cls != K_CJK || (e - p > 3 && p[3] >= 0xc2 &&
		    !plain_after(p + 3, e)))
			break;
		tk->p = (const char *)p;
		tk->n = 3;
		tk->cjk = true;
		tk->cp = u;
		tk->start = (size_t)(p - t->base);
		tk->end = tk->start + 3;
		t->p = p + 3;
		return true;
	}
	t->p = p;
	return false;
}

bool
tokens_next(struct tokenizer *t, struct token *tk)
{
	struct tokens_cp c;
	int first;

	t->tok.len = 0;
	/* Skip separators; ASCII ones quickly. */
	for (;;) {
		if (t->held) {
			c = t->hold;
			t->held = false;
		} else {
			if (t->pend >= t->pend_end) {
				const unsigned char *p, *e = t->end;

				if (fast_skip(t, tk))
					return true;
				p = t->p;
				if (p < e && *p < 0x80 && ascii_fold[0][*p] &&
				    !(t->flags & TOKENS_CHARS)) {
					/* an ASCII letter or digit */
					tk->start = (size_t)(p - t->base);
					ascii_run(t);
					tk->end = (size_t)(t->p - t->base);
					first = K_WORD;
					if (t->p < e && *t->p >= 0x80)
						goto word;	/* may go on */
					/* ended by ASCII or the end of the text */
					tk->p = t->tok.p;
					tk->n = t->tok.len;
					tk->cjk = false;
					tk->cp = tk->n == 1 ? (unsigned char)*tk->p : -1;
					return true;
				}
			}
			if (!next_cp(t, &c))
				return false;
		}
		if (c.cls != K_SEP)
			break;
	}
	tk->start = c.start;
	tk->end = c.end;
	first = c.cls;
	put_cp(t, &c);
word:
	tk->cjk = first == K_CJK;
	/* A word goes on to the next separator or CJK letter; a single
	 * character token takes only the marks after it. */
	for (;;) {
		if (first != K_CJK && !(t->flags & TOKENS_CHARS) &&
		    t->pend >= t->pend_end && t->p < t->end && *t->p < 0x80) {
			ascii_run(t);
			tk->end = (size_t)(t->p - t->base);
			if (t->p < t->end && *t->p < 0x80)
				break;	/* an ASCII separator */
		}
		if (!next_cp(t, &c))
			break;
		if (c.cls == K_SEP)
			break;
		if (c.cls == K_CJK || (c.cls != K_MARK &&
		    (first == K_CJK || (t->flags & TOKENS_CHARS)))) {
			t->hold = c;
			t->held = true;
			break;
		}
		put_cp(t, &c);
		tk->end = c.end;
	}
	tk->cp = -1;
	if (t->tok.len <= 4) {
		int32_t i = 0;
		UChar32 u;

		U8_NEXT_UNSAFE((const unsigned char *)t->tok.p, i, u);
		if ((size_t)i == t->tok.len)
			tk->cp = u;
	}
	tk->p = t->tok.p;
	tk->n = t->tok.len;
	return true;
}
