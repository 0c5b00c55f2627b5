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
#include "escape.h"
#include "field.h"
#include "fingerprint.h"
#include "reader.h"
#include "nearidx.h"
#include "textnorm.h"
#include "urlpath.h"

static int ntest, nfail;

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

static bool
distinct(const char *a, const char *b)
{
	return urlpath_distinct_versions(a, strlen(a), b, strlen(b));
}

static void
test_urlpath(void)
{
	static const struct { const char *seg; bool v; } segs[] = {
		{ "v1", true }, { "V2", true }, { "v1.2.3", true },
		{ "1.2", true }, { "10.0.1", true }, { "2023", true },
		{ "1999", true }, { "1", false }, { "12", false },
		{ "1800", false }, { "20234", false }, { "v", false },
		{ "v1.", false }, { "1.", false }, { ".1", false },
		{ "1..2", false }, { "va", false }, { "v1a", false },
		{ "", false }, { "docs", false }, { "2023a", false },
	};
	struct span p;
	struct buf b = { 0 };

	for (size_t i = 0; i < sizeof segs / sizeof segs[0]; i++)
		ok(urlpath_version_like(segs[i].seg, strlen(segs[i].seg)) ==
		    segs[i].v, "urlpath: '%s' is%s version-like", segs[i].seg,
		    segs[i].v ? "" : " not");
	ok(urlpath_get("https://h/a/b?q#f", 17, &p) && p.n == 4 &&
	    memcmp(p.p, "/a/b", 4) == 0, "urlpath: path stops at ?");
	ok(urlpath_get("http://h", 8, &p) && p.n == 0, "urlpath: no path");
	ok(urlpath_get("git+ssh://h/x#y", 15, &p) && p.n == 2,
	    "urlpath: scheme with + and fragment");
	ok(!urlpath_get("/a/b", 4, &p) && !urlpath_get("h:/a", 4, &p) &&
	    !urlpath_get("1http://h/", 10, &p) && !urlpath_get("", 0, &p),
	    "urlpath: not URLs");
	ok(distinct("https://a/docs/v1/x", "http://b/docs/v2/x"),
	    "urlpath: v1 and v2 are distinct on any host");
	ok(distinct("https://a/v1", "https://a/v2/more/segments"),
	    "urlpath: the paths may differ in length");
	ok(!distinct("https://a/docs/v1/x", "https://a/docs/v1/y"),
	    "urlpath: the same version");
	ok(!distinct("https://a/docs/v1/x", "https://a/v2/docs/x"),
	    "urlpath: versions in different positions");
	ok(!distinct("https://a/docs/v1", "docs/v2"), "urlpath: one not a URL");
	ok(!distinct("https://a/x?v=1", "https://a/x?v=2"),
	    "urlpath: the query is not the path");
	ok(distinct("https://a/2023/r", "https://a/2024/r") &&
	    distinct("https://a/1.2/r", "https://a/1.3/r"),
	    "urlpath: years and dotted numbers");
	urlpath_version_class("https://a/docs/v1/x/2023", 24, &b);
	ok(b.len == 12 && memcmp(b.p, "1:v1/3:2023/", 12) == 0,
	    "urlpath: version class");
	b.len = 0;
	urlpath_version_class("https://a/docs/x", 16, &b);
	ok(b.len == 0, "urlpath: no version class");
	buf_free(&b);
}

/* The pairs a search reports, as "a,b,d;" */
static void
collect(void *ctx, uint32_t a, uint32_t b, unsigned d)
{
	char s[48];

	snprintf(s, sizeof s, "%u,%u,%u;", a, b, d);
	buf_append(ctx, s, strlen(s));
}

static void
test_nearidx(void)
{
	struct np_design d;
	struct np_bitsel sel;
	struct np_search s;
	unsigned list[8], n;
	uint64_t u[300];
	struct np_entry e[6], tmp[6];
	struct buf got = { 0 };
	bool sorted = true;

	n = np_design_tables(3, list, 8);
	ok(n == 16 && list[0] == 4 && list[1] == 10 && list[2] == 20 &&
	    list[3] == 35, "nearidx: designs for k = 3");
	ok(np_design_tables(0, list, 8) == 1 && list[0] == 1,
	    "nearidx: one design for k = 0");
	ok(np_design_init(&d, 3, 20) && d.nblocks == 6 &&
	    d.block[0] == 0xffe0000000000000ULL && d.block[5] == 0x3ff &&
	    d.mask[0] == 0xffffffff80000000ULL && d.sel[0].bits == 33 &&
	    d.mask[19] == 0x7fffffff, "nearidx: Manku's 20 tables, 11,11,11,11,10,10");
	np_design_free(&d);
	ok(!np_design_init(&d, 3, 5) && !np_design_init(&d, 0, 2) &&
	    !np_design_init(&d, NP_MAXK + 1, 1), "nearidx: impossible designs");
	np_bitsel_init(&sel, 0xf0f0);
	ok(sel.bits == 8 && np_bitsel_get(&sel, 0x1234) == 0x13,
	    "nearidx: bits packed lowest first");
	for (size_t i = 0; i < 300; i++)
		u[i] = (uint64_t)rnd() << 32 | rnd();
	u[7] = u[8];
	np_sort_u64(u, 300);
	for (size_t i = 1; i < 300; i++)
		sorted = sorted && u[i - 1] <= u[i];
	ok(sorted, "nearidx: 64-bit sort");
	/* one bucket of table 1 (block 1 equal): the pair 0-1 agrees on
	 * block 0 too, so table 0 owns it and table 1 must not report it */
	ok(np_design_init(&d, 3, 4), "nearidx: 4 tables");
	e[0] = (struct np_entry){ 0x1111222233334444ULL, 0 };
	e[1] = (struct np_entry){ 0x1111222233334447ULL, 1 };
	e[2] = (struct np_entry){ 0x1110222233334444ULL, 2 };
	e[3] = (struct np_entry){ 0x9999222233334444ULL, 3 };
	np_search_init(&s, 3, collect, &got);
	np_search_bucket(&s, &d, 1, e, tmp, 4);
	ok(got.len == 12 && memcmp(got.p, "0,2,1;1,2,3;", 12) == 0,
	    "nearidx: a bucket reports only the pairs its table owns");
	got.len = 0;
	np_search_bucket(&s, &d, 0, e, tmp, 2);
	ok(got.len == 6 && memcmp(got.p, "0,1,2;", 6) == 0,
	    "nearidx: table 0 owns the pair that agrees on block 0");
	np_search_free(&s);
	np_design_free(&d);
	buf_free(&got);
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
	test_urlpath();
	test_nearidx();
	printf("1..%d\n", ntest);
	return nfail != 0;
}
