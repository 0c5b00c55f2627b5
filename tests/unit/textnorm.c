/* Unit tests of common/textnorm.c. */
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "escape.h"
#include "textnorm.h"

#include "unit.h"

/* The obvious, slow definition of textnorm_space: unescape everything,
 * then walk the characters one by one. */
static void
reference_space(const char *in, size_t n, bool escaped, struct buf *out)
{
	struct buf u = { 0 };
	const uint8_t *s;
	int32_t i = 0, len;
	bool pending = false;

	if (escaped)
		unescape_append(&u, in, n);
	else
		buf_append(&u, in, n);
	s = (const uint8_t *)u.p;
	len = (int32_t)u.len;
	while (i < len) {
		int32_t start = i;
		UChar32 c;

		U8_NEXT(s, i, len, c);
		if (c >= 0 && u_isUWhiteSpace(c)) {
			pending = out->len > 0;
			continue;
		}
		if (pending)
			buf_putc(out, ' ');
		pending = false;
		buf_append(out, s + start, (size_t)(i - start));
	}
	buf_free(&u);
}

/* Pieces random texts are made of: every kind of white space, escapes,
 * near misses (E2 and E3 characters that are not white space), invalid
 * and truncated UTF-8, NUL. */
static const char *const pieces[] = {
	"a", "word", "\xe4\xb8\xad\xe6\x96\x87", " ", "  ", "\t", "\n", "\r",
	"\v", "\f", "\\t", "\\n", "\\r", "\\\\", "\\", "\\x", "\xc2\xa0",
	"\xc2\x85", "\xc2\xa9", "\xe3\x80\x80", "\xe3\x80\x82", "\xe3\x81\x82",
	"\xe2\x80\x80", "\xe2\x80\x8a", "\xe2\x80\x8b", "\xe2\x80\xa8",
	"\xe2\x80\xa9", "\xe2\x80\xaf", "\xe2\x81\x9f", "\xe2\x80\x9c",
	"\xe1\x9a\x80", "\xe1\x9a\x81", "\xe2\x80", "\xe3", "\xc2", "\xff",
	"\x80", "\x01", "\x1f", "", "xyzzy plugh", "0123456789abcdef",
};

static void
gen(struct buf *b)
{
	size_t n = rnd() % 40, i;

	b->len = 0;
	for (i = 0; i < n; i++) {
		const char *pc = pieces[rnd() % (sizeof pieces / sizeof *pieces)];

		/* "" stands for NUL */
		if (*pc == '\0')
			buf_putc(b, '\0');
		else
			buf_append(b, pc, strlen(pc));
	}
	/* long plain runs exercise the 16-byte scan */
	if (rnd() % 4 == 0)
		for (i = rnd() % 100; i > 0; i--)
			buf_putc(b, (char)('a' + i % 26));
}

void
test_space(void)
{
	struct buf in = { 0 }, got = { 0 }, want = { 0 };
	int bad = 0, escaped;
	long iter;

	for (iter = 0; iter < 200000; iter++) {
		escaped = iter & 1;
		gen(&in);
		got.len = want.len = 0;
		textnorm_space_buf(in.p, in.len, escaped, &got);
		reference_space(in.p, in.len, escaped, &want);
		if (!same(&got, want.p, want.len)) {
			if (bad++ < 3) {
				fprintf(stderr, "# mismatch (escaped=%d) on:", escaped);
				for (size_t i = 0; i < in.len; i++)
					fprintf(stderr, " %02x", (unsigned char)in.p[i]);
				fprintf(stderr, "\n");
			}
		}
	}
	ok(bad == 0, "textnorm_space matches the reference on 200000 texts (%d differ)", bad);

	got.len = 0;
	{
		static const char t[] = " \xe3\x80\x80 a\\t\\n b\xc2\xa0\xc2\xa0" "c  ";
		textnorm_space_buf(t, sizeof t - 1, true, &got);
	}
	ok(got.len == 5 && memcmp(got.p, "a b c", 5) == 0, "U+3000, NBSP and escapes collapse");
	got.len = 0;
	textnorm_space_buf("a\\tb", 4, false, &got);
	ok(got.len == 4 && memcmp(got.p, "a\\tb", 4) == 0, "unescaped input keeps backslashes");
	buf_free(&in);
	buf_free(&got);
	buf_free(&want);
}

void
test_unicode(void)
{
	struct buf b = { 0 };

	textnorm_unicode("", 0, TEXTNORM_NFKC, &b);
	ok(b.len == 0, "empty text stays empty");
	b.len = 0;
	textnorm_unicode("\xef\xbc\xa1" "BC", 5, TEXTNORM_NFKC, &b);
	ok(b.len == 3 && memcmp(b.p, "ABC", 3) == 0, "NFKC maps fullwidth A");
	b.len = 0;
	textnorm_unicode("Stra\xc3\x9f" "e", 7, TEXTNORM_CASEFOLD, &b);
	ok(b.len == 7 && memcmp(b.p, "strasse", 7) == 0, "case folding: Straße -> strasse");
	b.len = 0;
	textnorm_unicode("A\xff" "B\xe2\x80", 5, TEXTNORM_CASEFOLD, &b);
	ok(b.len == 5 && memcmp(b.p, "a\xff" "b\xe2\x80", 5) == 0,
	    "invalid bytes pass through unchanged");
	b.len = 0;
	textnorm_unicode("A\0B", 3, TEXTNORM_CASEFOLD | TEXTNORM_NFKC, &b);
	ok(b.len == 3 && memcmp(b.p, "a\0b", 3) == 0, "NUL is kept");
	buf_free(&b);
}
