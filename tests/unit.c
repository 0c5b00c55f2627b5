/* Unit tests for common/: run by `make check` as build/tests/unit.
 * Prints TAP ("ok N - name" / "not ok N - name"). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include "buf.h"
#include "charset.h"
#include "escape.h"
#include "extract.h"
#include "field.h"
#include "fingerprint.h"
#include "reader.h"
#include "textnorm.h"

static int ntest, nfail;

static void ok(int cond, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	ntest++;
	if (!cond)
		nfail++;
	printf("%s %d - ", cond ? "ok" : "not ok", ntest);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* Does b hold exactly the n bytes at p? */
static int
same(const struct buf *b, const char *p, size_t n)
{
	return b->len == n && (n == 0 || memcmp(b->p, p, n) == 0);
}

/* A deterministic generator, so a failure can be replayed. */
static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

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

static void
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

static void
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

static void
test_escape(void)
{
	struct buf in = { 0 }, esc = { 0 }, back = { 0 };
	int bad = 0, raw = 0;

	for (int iter = 0; iter < 100000; iter++) {
		size_t n = rnd() % 30;

		in.len = esc.len = back.len = 0;
		for (size_t i = 0; i < n; i++) {
			static const char alpha[] = "\\\t\n\rtnrx\0a";
			buf_putc(&in, alpha[rnd() % (sizeof alpha - 1)]);
		}
		escape_append(&esc, in.p, in.len);
		unescape_append(&back, esc.p, esc.len);
		if (!same(&back, in.p, in.len))
			bad++;
		for (size_t i = 0; i < esc.len; i++)
			if (esc.p[i] == '\t' || esc.p[i] == '\n' || esc.p[i] == '\r')
				raw++;
	}
	ok(bad == 0, "unescape(escape(x)) == x on 100000 strings");
	ok(raw == 0, "escape never emits raw TAB, LF or CR");

	back.len = 0;
	unescape_append(&back, "C:\\dir\\\\x\\", 10);
	ok(back.len == 9 && memcmp(back.p, "C:\\dir\\x\\", 9) == 0,
	    "a backslash before another byte, or at the end, stands for itself");
	back.len = 0;
	unescape_append(&back, "a\\tb\\nc\\rd", 10);
	ok(back.len == 7 && memcmp(back.p, "a\tb\nc\rd", 7) == 0, "\\t \\n \\r");
	buf_free(&in);
	buf_free(&esc);
	buf_free(&back);
}

static void
test_fields(void)
{
	const char rec[] = "a\tbb\t\tccc";
	size_t n = sizeof rec - 1;
	struct span f;
	int v;

	ok(field_count(rec, n) == 4, "four fields");
	ok(field_get(rec, n, 1, &f) && f.n == 1 && f.p == rec, "field 1");
	ok(field_get(rec, n, 2, &f) && f.n == 2 && f.p == rec + 2, "field 2");
	ok(field_get(rec, n, 3, &f) && f.n == 0, "empty field 3");
	ok(field_get(rec, n, -1, &f) && f.n == 3 && f.p == rec + 6, "field -1");
	ok(field_get(rec, n, -4, &f) && f.n == 1 && f.p == rec, "field -4");
	ok(!field_get(rec, n, 5, &f) && !field_get(rec, n, -5, &f), "no field 5 or -5");
	ok(field_get("", 0, -1, &f) && f.n == 0, "an empty record has one empty field");
	ok(field_parse("-1", NULL, &v) && v == -1, "parse -1");
	ok(field_parse("12", NULL, &v) && v == 12, "parse 12");
	ok(!field_parse("0", NULL, &v) && !field_parse("", NULL, &v) &&
	    !field_parse("1x", NULL, &v) && !field_parse("+1", NULL, &v) &&
	    !field_parse("99999999999", NULL, &v), "reject 0, empty, 1x, +1, huge");
}

static void
test_fingerprint(void)
{
	uint64_t fp;
	char out[16];

	ok(fp_parse("0123456789abcdef", 16, &fp) && fp == 0x0123456789abcdefu, "parse");
	ok(fp_parse("0X0123456789ABCDEF", 18, &fp) && fp == 0x0123456789abcdefu, "parse 0X, upper case");
	ok(!fp_parse("0123456789abcde", 15, &fp) && !fp_parse("0123456789abcdef0", 17, &fp) &&
	    !fp_parse("0123456789abcdeg", 16, &fp) && !fp_parse("", 0, &fp) &&
	    !fp_parse("0x", 2, &fp) && !fp_parse("0123456789abcd\0f", 16, &fp),
	    "reject short, long, non-hex, empty, NUL");
	fp_format(0xfedcba9876543210u, out);
	ok(memcmp(out, "fedcba9876543210", 16) == 0, "format");
	ok(fp_distance(0, ~(uint64_t)0) == 64 && fp_distance(5, 6) == 2 &&
	    fp_distance(7, 7) == 0, "distance");
}

/* Feed text through a pipe into the reader; collect "len:bytes|". */
static void
read_all(const char *text, size_t n, size_t max, struct buf *got, struct buf *spill)
{
	int fds[2];
	struct reader r = { 0 };
	struct out o;
	const char *rec;
	size_t len;
	int st, sp[2];
	char tmp[32];

	if (pipe(fds) < 0 || pipe(sp) < 0)
		abort();
	if (fork() == 0) {
		close(fds[0]);
		while (n > 0) {
			ssize_t w = write(fds[1], text, n > 7 ? 7 : n);	/* small writes: split records */
			if (w < 0)
				_exit(1);
			text += w;
			n -= (size_t)w;
		}
		_exit(0);
	}
	close(fds[1]);
	out_init(&o, sp[1], "spill");
	reader_reset(&r, fds[0]);
	r.max = max;
	r.spill = &o;
	got->len = 0;
	while ((st = reader_next(&r, &rec, &len)) != READ_EOF) {
		if (st == READ_TOOLONG) {
			buf_append(got, "TOOLONG|", 8);
			continue;
		}
		if (st == READ_ERROR)
			break;
		snprintf(tmp, sizeof tmp, "%zu:", len);
		buf_append(got, tmp, strlen(tmp));
		buf_append(got, rec, len);
		buf_putc(got, '|');
	}
	out_close(&o);
	spill->len = 0;
	for (;;) {
		char b[256];
		ssize_t k = read(sp[0], b, sizeof b);
		if (k <= 0)
			break;
		buf_append(spill, b, (size_t)k);
	}
	close(sp[0]);
	close(fds[0]);
	reader_free(&r);
}

static void
test_reader(void)
{
	struct buf got = { 0 }, spill = { 0 };

#define READS(in, max, want, wantspill, name) do { \
	read_all(in, sizeof in - 1, max, &got, &spill); \
	ok(same(&got, want, sizeof want - 1) && \
	    same(&spill, wantspill, sizeof wantspill - 1), name); \
	} while (0)

	READS("", 0, "", "", "empty input: no record");
	READS("\n", 0, "0:|", "", "one empty line");
	READS("a\nb", 0, "1:a|1:b|", "", "last line without LF");
	READS("a\r\nb\r\n\r\n", 0, "1:a|1:b|0:|", "", "CRLF: CR dropped");
	READS("a\rb\n", 0, "3:a\rb|", "", "CR inside a record is kept");
	READS("a\0b\n", 0, "3:a\0b|", "", "NUL inside a record");
	READS("abc\nabcdefghijkl\r\nxy\n", 4, "3:abc|TOOLONG|2:xy|", "abcdefghijkl\n",
	    "--max-record: long record spilled without its CR");
	READS("abcdefghijklmnopqrstuvwxyz\r\r\nok\n", 3, "TOOLONG|2:ok|",
	    "abcdefghijklmnopqrstuvwxyz\r\n", "a CR that is not before LF is kept in the spill");
	READS("abcd\r\n", 4, "4:abcd|", "", "a record of exactly max bytes plus CR is fine");
	READS("abcdefghijklmnopqrstuvwxyz", 3, "TOOLONG|", "abcdefghijklmnopqrstuvwxyz\n",
	    "a long last line without LF");
	buf_free(&got);
	buf_free(&spill);
}

/* --- charset.c ------------------------------------------------------------ */

const char *charset_label_at(size_t i);

static void
test_labels(void)
{
	static const char *const cases[][2] = {
		{ "latin1", "windows-1252" }, { "ISO-8859-1", "windows-1252" },
		{ " GB2312 ", "GBK" }, { "x-gbk", "GBK" }, { "gbk", "GBK" },
		{ "gb18030", "gb18030" }, { "utf8", "UTF-8" },
		{ "Shift_JIS", "Shift_JIS" }, { "euc-kr", "EUC-KR" },
		{ "big5", "Big5" }, { "utf-16", "UTF-16LE" },
		{ "windows-1251", "windows-1251" }, { "koi8-r", "KOI8-R" },
		{ "ascii", "windows-1252" },
	};
	static const char *const unknown[] = { "", "bogus", "iso-8859-16",
	    "utf-7", "hz-gb-2312", "utf-8 x", "x-user-defined-and-more" };
	bool sorted = true;
	const char *prev = NULL, *l;

	for (size_t i = 0; (l = charset_label_at(i)) != NULL; i++) {
		if (prev && strcmp(prev, l) >= 0)
			sorted = false;
		prev = l;
	}
	ok(sorted, "charset: the label table is sorted (bsearch needs it)");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *e = charset_label(cases[i][0], strlen(cases[i][0]));

		ok(e && strcmp(e, cases[i][1]) == 0, "charset: label '%s' is %s",
		    cases[i][0], cases[i][1]);
	}
	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
		ok(charset_label(unknown[i], strlen(unknown[i])) == NULL,
		    "charset: label '%s' is unknown", unknown[i]);
	l = charset_label("\t\f utf-8\r\n", 10);
	ok(l && strcmp(l, "UTF-8") == 0,
	    "charset: ASCII white space around a label does not matter");
}

static void
test_scan_utf8(void)
{
	static const struct {
		const char	*s;
		size_t		 invalid, multibyte, chars;
		bool		 esc;
		const char	*name;
	} cases[] = {
		{ "", 0, 0, 0, false, "empty" },
		{ "plain ascii text here", 0, 0, 21, false, "ASCII" },
		{ "caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80", 0, 3, 8, false,
		    "2, 3 and 4 bytes" },
		{ "\xc0\xaf", 2, 0, 2, false, "overlong lead C0: two bytes bad" },
		{ "\xe0\x80\xaf", 3, 0, 3, false, "overlong E0 80" },
		{ "\xed\xa0\x80", 3, 0, 3, false, "a surrogate" },
		{ "\xf4\x90\x80\x80", 4, 0, 4, false, "above U+10FFFF" },
		{ "a\xe4\xb8", 1, 0, 2, false, "truncated at the end: one bad" },
		{ "\xe4\xb8" "a", 1, 0, 2, false, "truncated before ASCII" },
		{ "\xd6\xd0\xce\xc4", 4, 0, 4, false, "GBK is not UTF-8" },
		{ "\x1b$B!!\x1b(B", 0, 0, 8, true, "ISO-2022-JP escapes" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct utf8_scan sc;

		charset_scan_utf8(cases[i].s, strlen(cases[i].s), &sc);
		ok(sc.invalid == cases[i].invalid &&
		    sc.multibyte == cases[i].multibyte &&
		    sc.chars == cases[i].chars && sc.esc == cases[i].esc,
		    "charset: scan %s (invalid %zu multibyte %zu chars %zu)",
		    cases[i].name, sc.invalid, sc.multibyte, sc.chars);
	}
}

static void
test_prescan(void)
{
	static const struct {
		const char	*s;
		const char	*want;	/* NULL: none found */
		const char	*name;
	} cases[] = {
		{ "<meta charset=\"gbk\">", "gbk", "meta charset" },
		{ "<META CHARSET=GB2312>", "gb2312", "upper case, unquoted" },
		{ "<meta http-equiv=\"Content-Type\" content=\"text/html; "
		    "charset=iso-8859-1\">", "iso-8859-1", "http-equiv" },
		{ "<meta content='text/html;charset = \"big5\"' "
		    "http-equiv=content-type>", "big5", "content first, quoted" },
		{ "<meta content=\"text/html; charset=gbk\">", NULL,
		    "content without http-equiv" },
		{ "<!-- <meta charset=gbk> --><meta charset=utf-8>", "utf-8",
		    "a meta in a comment is skipped" },
		{ "<meta charset=bogus><meta charset=euc-jp>", "euc-jp",
		    "an unknown label: the next meta" },
		{ "<p title='<meta charset=gbk>'>x</p>", NULL,
		    "a meta in an attribute value is not one" },
		{ "<meta charset=\"gbk", NULL, "cut in the value" },
		{ "<metacharset=gbk>", NULL, "not a meta tag" },
		{ "<meta/charset=koi8-r>", "koi8-r", "slash before attribute" },
		{ "<meta name=x charset=utf-16>", "utf-16", "utf-16 is found "
		    "(and read as UTF-8)" },
		{ "<!--><meta charset=gbk>", "gbk", "<!--> ends at once" },
		{ "<script>\"<meta charset=gbk>\"</script>", "gbk",
		    "the prescan does not know scripts (as in browsers)" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char label[64];
		size_t n;
		bool found = charset_prescan(cases[i].s, strlen(cases[i].s),
		    label, sizeof label, &n);

		ok(cases[i].want ? found && n == strlen(cases[i].want) &&
		    memcmp(label, cases[i].want, n) == 0 : !found,
		    "charset: prescan: %s", cases[i].name);
	}
}

static void
test_decode(void)
{
	static const struct {
		const char	*s;
		const char	*http;
		const char	*name, *how, *text;
		const char	*what;
	} cases[] = {
		{ "\xef\xbb\xbf<p>x\xc3\xa9</p>", NULL, "UTF-8", "bom",
		    "<p>x\xc3\xa9</p>", "UTF-8 byte order mark, removed" },
		{ "\xff\xfe<\0p\0>\0\xe9\0", NULL, "UTF-16LE", "bom",
		    "<p>\xc3\xa9", "UTF-16LE byte order mark" },
		{ "\xfe\xff\0<\0p\0>\0\xe9", NULL, "UTF-16BE", "bom",
		    "<p>\xc3\xa9", "UTF-16BE byte order mark" },
		{ "<meta charset=gb2312><p>\xe4\xb8\xad\xe6\x96\x87</p>", NULL,
		    "UTF-8", "utf8", NULL, "UTF-8 bytes declared gb2312 (qq.com)" },
		{ "<meta charset=gb2312><p>\xd6\xd0\xce\xc4</p>", NULL, "GBK",
		    "meta", "<meta charset=gb2312><p>\xe4\xb8\xad\xe6\x96\x87</p>",
		    "GBK declared gb2312" },
		{ "<p>\xd6\xd0\xce\xc4</p>", "gbk", "GBK", "header",
		    "<p>\xe4\xb8\xad\xe6\x96\x87</p>", "an HTTP charset" },
		{ "<meta charset=latin1><p>\x80 caf\xe9</p>", NULL,
		    "windows-1252", "meta", "<meta charset=latin1><p>\xe2\x82\xac "
		    "caf\xc3\xa9</p>", "latin1 is windows-1252" },
		{ "<p>plain</p>", NULL, "UTF-8", "utf8", NULL,
		    "ASCII with no declaration" },
		{ "<meta charset=windows-1251><p>plain</p>", NULL, "windows-1251",
		    "meta", NULL, "ASCII with a declaration" },
		{ "", NULL, "UTF-8", "utf8", "", "empty" },
		{ "<meta charset=utf-8><p>\xd6\xd0\xce\xc4\xd6\xd0</p>", NULL,
		    "gb18030", NULL, NULL, "a wrong declaration: replacements, "
		    "the next candidate" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct buf out = { 0 };
		struct charset_result r;
		size_t n = strlen(cases[i].s);

		/* the UTF-16 samples hold NULs: measure them by hand */
		if (cases[i].s[0] == '\xff' || cases[i].s[0] == '\xfe')
			n = 10;
		charset_decode(cases[i].s, n, cases[i].http, &out, &r);
		ok(strcmp(r.name, cases[i].name) == 0 &&
		    (cases[i].how == NULL ||
		    strcmp(charset_how_name(r.how), cases[i].how) == 0) &&
		    (cases[i].text == NULL || (r.len == strlen(cases[i].text) &&
		    memcmp(r.text, cases[i].text, r.len) == 0)) && r.replaced == 0,
		    "charset: decode %s: %s %s", cases[i].what, r.name,
		    charset_how_name(r.how));
		if (strcmp(cases[i].how ? cases[i].how : "", "utf8") == 0 &&
		    cases[i].text == NULL)
			ok(r.text == cases[i].s, "charset: %s: no copy",
			    cases[i].what);
		buf_free(&out);
	}
}

static void
test_binary(void)
{
	char big[4096];
	const char *why;

	memset(big, 'a', sizeof big);
	big[100] = '\0';
	ok(!charset_binary(big, sizeof big, &why),
	    "charset: one NUL in 4 KB is not binary");
	for (int i = 0; i < 300; i++)
		big[i * 13] = (char)(i % 2 ? 0 : 1);
	ok(charset_binary(big, sizeof big, &why),
	    "charset: 300 control bytes in 4 KB are binary");
	ok(charset_binary("%PDF-1.7\n", 9, &why), "charset: a PDF is binary");
	ok(!charset_binary("\xff\xfe<\0p\0>\0", 8, &why),
	    "charset: UTF-16 with a byte order mark is not binary");
	ok(!charset_binary("", 0, &why), "charset: empty is not binary");
	ok(!charset_binary("\x1b$B!!\x1b(B text\r\n\f\v\t", 18, &why),
	    "charset: ESC, CR, FF, VT and TAB are text");
}

/* --- extract.c: class and id names ----------------------------------------- */

static void
test_names(void)
{
	static const struct {
		const char	*v;
		unsigned	 want;
	} cases[] = {
		{ "site-header", NAME_NOISE }, { "header", NAME_NOISE },
		{ "download", 0 }, { "ad-slot", NAME_NOISE },
		{ "ad300x250", NAME_NOISE }, { "loadMore", 0 },
		{ "sideBar", NAME_NOISE }, { "CommentList", NAME_NOISE },
		{ "NAVBar", NAME_NOISE }, { "post-header", NAME_CONTENT },
		{ "entry-content share-enabled", NAME_NOISE | NAME_CONTENT },
		{ "headline", 0 }, { "comments_area", NAME_NOISE },
		{ "tag-cloud", NAME_NOISE }, { "post-tags", NAME_CONTENT },
		{ "breadcrumbs", NAME_NOISE }, { "post-content", NAME_CONTENT },
		{ "css-1fanzo5 StoryBodyCompanion", NAME_CONTENT },
		{ "", 0 }, { "-_- 123", 0 },
		{ "averyveryveryveryverylongwordthatmatchesnothing", 0 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ok(extract_name_class(cases[i].v) == cases[i].want,
		    "extract: class '%s' says %u", cases[i].v, cases[i].want);
}

int
main(void)
{
	test_escape();
	test_fields();
	test_fingerprint();
	test_reader();
	test_space();
	test_unicode();
	test_labels();
	test_scan_utf8();
	test_prescan();
	test_decode();
	test_binary();
	test_names();
	printf("1..%d\n", ntest);
	return nfail != 0;
}
