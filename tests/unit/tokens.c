/* Unit tests of common/tokens.c. */
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include "escape.h"
#include "tokens.h"

#include "unit.h"

/* The tokens of p as "tok|tok|", CJK tokens followed by '*'. */
static void
tokens_of(const char *p, size_t n, unsigned flags, struct buf *out)
{
	struct tokenizer t = { 0 };
	struct token tk;

	out->len = 0;
	tokens_init(&t, p, n, flags);
	while (tokens_next(&t, &tk)) {
		buf_append(out, tk.p, tk.n);
		if (tk.cjk)
			buf_putc(out, '*');
		buf_putc(out, '|');
	}
	tokens_free(&t);
}

/* The obvious, slow definition of the tokens (tokens.h), straight from
 * ICU a code point at a time: 0 separator, 1 word, 2 CJK, 3 mark. */
static int
reference_class(UChar32 c)
{
	static const UScriptCode nospace[] = { USCRIPT_HAN, USCRIPT_HIRAGANA,
	    USCRIPT_KATAKANA, USCRIPT_BOPOMOFO, USCRIPT_HANGUL, USCRIPT_YI,
	    USCRIPT_THAI, USCRIPT_LAO, USCRIPT_KHMER, USCRIPT_MYANMAR };
	int8_t type = u_charType(c);

	if (U_GET_GC_MASK(c) & U_GC_L_MASK) {
		for (size_t i = 0; i < sizeof nospace / sizeof *nospace; i++)
			if (uscript_hasScript(c, nospace[i]))
				return 2;
		return 1;
	}
	if (U_GET_GC_MASK(c) & U_GC_N_MASK)
		return 1;
	if (U_GET_GC_MASK(c) & U_GC_M_MASK)
		return 3;
	(void)type;
	return 0;
}

static void
reference_tokens(const char *in, size_t n, unsigned flags, struct buf *out)
{
	const UNormalizer2 *nf;
	UErrorCode err = U_ZERO_ERROR;
	struct buf u = { 0 };
	const uint8_t *s;
	int32_t i = 0, len;
	int cur = 0;		/* 0 none, 1 word, 2 single character */

	nf = unorm2_getNFKCCasefoldInstance(&err);
	out->len = 0;
	if (flags & TOKENS_ESCAPED)
		unescape_append(&u, in, n);
	else
		buf_append(&u, in, n);
	s = (const uint8_t *)u.p;
	len = (int32_t)u.len;
	while (i < len) {
		UChar src[2], dst[64];
		int32_t ns = 0, nd, k = 0;
		UChar32 c;

		U8_NEXT(s, i, len, c);
		if (c < 0) {
			if (cur)
				buf_append(out, cur == 2 ? "*|" : "|", cur == 2 ? 2 : 1);
			cur = 0;
			continue;
		}
		U16_APPEND_UNSAFE(src, ns, c);
		err = U_ZERO_ERROR;
		nd = unorm2_normalize(nf, src, ns, dst, 64, &err);
		while (k < nd) {
			UChar32 m;
			int cls;
			char u8[4];
			int32_t n8 = 0;

			U16_NEXT(dst, k, nd, m);
			cls = reference_class(m);
			if ((flags & TOKENS_DIGITS_ZERO) && u_charType(m) == U_DECIMAL_DIGIT_NUMBER)
				m = '0';
			U8_APPEND_UNSAFE(u8, n8, m);
			if (cls == 0 || (cls != 3 && (cur == 2 || cls == 2 ||
			    (cur == 1 && (flags & TOKENS_CHARS))))) {
				if (cur)
					buf_append(out, cur == 2 ? "*|" : "|", cur == 2 ? 2 : 1);
				cur = 0;
			}
			if (cls == 0)
				continue;
			buf_append(out, u8, (size_t)n8);
			if (cur == 0)
				cur = cls == 2 ? 2 : 1;
		}
	}
	if (cur)
		buf_append(out, cur == 2 ? "*|" : "|", cur == 2 ? 2 : 1);
	buf_free(&u);
}

void
test_tokens(void)
{
	struct buf in = { 0 }, got = { 0 }, want = { 0 }, un = { 0 }, b = { 0 };
	static const unsigned flagsets[] = { 0, TOKENS_ESCAPED,
	    TOKENS_ESCAPED | TOKENS_DIGITS_ZERO, TOKENS_CHARS, TOKENS_CHARS | TOKENS_ESCAPED };
	int bad = 0, badesc = 0;

#define TOKS(text, flags, want_, name) do { \
	tokens_of(text, sizeof text - 1, flags, &got); \
	ok(same(&got, want_, sizeof want_ - 1), "tokens: %s", name); \
	} while (0)
	TOKS("Hello, World! 2024", 0, "hello|world|2024|", "words, case folded");
	TOKS("v2.0 x-y don't", TOKENS_DIGITS_ZERO, "v0|0|x|y|don|t|", "digits to 0, punctuation splits");
	TOKS("\xe4\xb8\xad\xe6\x96\x87" "abc\xe3\x80\x82", 0,
	    "\xe4\xb8\xad*|\xe6\x96\x87*|abc|", "Han characters one by one, a word after");
	TOKS("Stra\xc3\x9f" "e \xef\xac\x81" "ne \xef\xbc\xa1\xef\xbc\xa2", 0,
	    "strasse|fine|ab|", "NFKC_Casefold: sharp s, ligature, full width");
	TOKS("co\xc2\xadop zero\xe2\x80\x8bwidth", 0, "coop|zerowidth|",
	    "soft hyphen and zero width space vanish");
	TOKS("a\\tb\\\\tc\\nd\\x", TOKENS_ESCAPED, "a|b|tc|d|x|", "escapes separate, \\\\ is a backslash");
	TOKS("a\\tb", 0, "a|tb|", "without TOKENS_ESCAPED a backslash is only punctuation");
	TOKS("caf\xc3\xa9 cafe\xcc\x81", 0, "caf\xc3\xa9|cafe\xcc\x81|", "marks stay in the word");
	TOKS("\xe3\x88\xb1 \xe2\x91\xa0\xe2\x91\xa1", TOKENS_DIGITS_ZERO, "\xe6\xa0\xaa*|00|",
	    "compatibility characters: their mapping is tokenized");
	TOKS("ab\xff" "cd\xe4\xb8", 0, "ab|cd|", "invalid UTF-8 separates");
	TOKS("ab1", TOKENS_CHARS, "a|b|1|", "TOKENS_CHARS: a token a character");
	TOKS("\xe0\xb8\xa0\xe0\xb8\xb4\xe0\xb8\xa9", 0,
	    "\xe0\xb8\xa0\xe0\xb8\xb4*|\xe0\xb8\xa9*|", "Thai: a character with its marks");

	for (int iter = 0; iter < 100000; iter++) {
		size_t n = rnd() % 24;
		unsigned flags = flagsets[iter % 5];

		in.len = 0;
		for (size_t i = 0; i < n; i++) {
			const char *pc = tpieces[rnd() % ntpieces];

			if (*pc == '\0')
				buf_putc(&in, '\0');
			else
				buf_append(&in, pc, strlen(pc));
		}
		tokens_of(in.p, in.len, flags, &got);
		reference_tokens(in.p, in.len, flags, &want);
		if (!same(&got, want.p, want.len) && bad++ < 3) {
			fprintf(stderr, "# tokens differ (flags %u) on:", flags);
			for (size_t i = 0; i < in.len; i++)
				fprintf(stderr, " %02x", (unsigned char)in.p[i]);
			fprintf(stderr, "\n# got  %.*s\n# want %.*s\n", (int)got.len,
			    got.p, (int)want.len, want.p);
		}
		if (flags & TOKENS_ESCAPED) {
			un.len = 0;
			unescape_append(&un, in.p, in.len);
			tokens_of(un.p, un.len, flags & ~(unsigned)TOKENS_ESCAPED, &b);
			if (!same(&got, b.p, b.len))
				badesc++;
		}
	}
	ok(bad == 0, "tokens match the reference on 100000 texts (%d differ)", bad);
	ok(badesc == 0, "an escaped text has the tokens of its unescaped form (%d differ)", badesc);
	buf_free(&in);
	buf_free(&got);
	buf_free(&want);
	buf_free(&un);
	buf_free(&b);
}
