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
#include <xxhash.h>

#include "bloom.h"
#include "buf.h"
#include "escape.h"
#include "field.h"
#include "fingerprint.h"
#include "keyset.h"
#include "reader.h"
#include "seenstate.h"
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

static void
test_bloom(void)
{
	static const struct {
		uint64_t n;
		double p;
		uint64_t m;
		unsigned k;
	} sizes[] = {
		{ 1000000, 0.01, 9585088, 7 },
		{ 1000000, 0.001, 14377600, 10 },
		{ 10000000, 0.01, 95850624, 7 },
		{ 100000000, 0.01, 958505856, 7 },
		{ 1000000000, 0.001, 14377587584, 10 },
		{ 1, 0.5, 64, 1 },
	};
	/* XXH3_128bits as xxhsum -H2 prints it, and the positions worked
	 * out from it by hand (Python integers) for m = 10^6, k = 7. */
	static const struct {
		const char *key;
		uint64_t pos[7];
	} probes[] = {
		{ "https://example.com/", { 624779, 938197, 251614, 565031,
		    878448, 191865, 505283 } },
		{ "a", { 901461, 563322, 225182, 887043, 548903, 210763,
		    872624 } },
		{ "", { 375026, 975277, 575528, 175778, 776029, 376280,
		    976530 } },
	};
	struct bloom b;
	uint64_t m, pos[7];
	unsigned k;
	char key[32];
	int fn = 0, fp = 0;

	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		bool sized = bloom_size(sizes[i].n, sizes[i].p, &m, &k);

		ok(sized && m == sizes[i].m && k == sizes[i].k,
		    "bloom: n %llu p %g: m %llu k %u",
		    (unsigned long long)sizes[i].n, sizes[i].p,
		    (unsigned long long)m, k);
	}
	ok(!bloom_size(0, 0.01, &m, &k) && !bloom_size(10, 0, &m, &k) &&
	    !bloom_size(10, 1, &m, &k) && !bloom_size(10, 1e-30, &m, &k),
	    "bloom: no filter for 0 keys, p 0, p 1, or more than 64 probes");
	for (size_t i = 0; i < sizeof probes / sizeof *probes; i++) {
		bloom_positions(probes[i].key, strlen(probes[i].key), 1000000,
		    7, pos);
		ok(memcmp(pos, probes[i].pos, sizeof pos) == 0,
		    "bloom: the bit positions of '%s' are pinned",
		    probes[i].key);
	}

	/* No false negatives; about the false positives asked for. */
	bloom_init(&b, 20000, 0.01);
	for (int i = 0; i < 20000; i++) {
		snprintf(key, sizeof key, "key%d", i);
		fp += !bloom_add(&b, key, strlen(key));
	}
	ok(fp < 40, "bloom: %d of 20000 new keys taken as seen while the "
	    "filter fills", fp);
	fp = 0;
	for (int i = 0; i < 20000; i++) {
		snprintf(key, sizeof key, "key%d", i);
		fn += !bloom_test(&b, key, strlen(key)) ||
		    bloom_add(&b, key, strlen(key));
		snprintf(key, sizeof key, "other%d", i);
		fp += bloom_test(&b, key, strlen(key));
	}
	ok(fn == 0, "bloom: every key added is found again (%d missed)", fn);
	ok(fp > 140 && fp < 260, "bloom: %d false positives in 20000, "
	    "about 200", fp);
	ok(b.count <= 20000 && b.count > 19900 &&
	    bloom_popcount(&b) <= b.count * b.k &&
	    bloom_popcount(&b) >= b.count, "bloom: count %llu, %llu bits set",
	    (unsigned long long)b.count,
	    (unsigned long long)bloom_popcount(&b));
	ok(bloom_fp_rate(&b) > 0.008 && bloom_fp_rate(&b) < 0.012,
	    "bloom: estimated rate at capacity %g", bloom_fp_rate(&b));
	bloom_free(&b);
}

/* The false-positive rate at capacity: 10^6 keys added, 10^6 others
 * looked up, within 20% of the rate asked for (10039 and 1000 expected:
 * the standard deviation is about 1% and 3% of that). */
static void
test_bloom_rate(void)
{
	static const double rates[] = { 0.01, 0.001 };
	char key[32];

	for (size_t r = 0; r < sizeof rates / sizeof *rates; r++) {
		struct bloom b;
		int fp = 0, fn = 0, n;

		bloom_init(&b, 1000000, rates[r]);
		for (int i = 0; i < 1000000; i++) {
			n = snprintf(key, sizeof key, "https://k%d/", i);
			bloom_add(&b, key, (size_t)n);
		}
		for (int i = 0; i < 1000000; i++) {
			n = snprintf(key, sizeof key, "https://q%d/", i);
			fp += bloom_test(&b, key, (size_t)n);
			n = snprintf(key, sizeof key, "https://k%d/", i);
			fn += !bloom_test(&b, key, (size_t)n);
		}
		ok(fn == 0 && fp > 0.8 * rates[r] * 1e6 &&
		    fp < 1.2 * rates[r] * 1e6, "bloom: p = %g at 10^6 keys: "
		    "%d false positives in 10^6, %d false negatives",
		    rates[r], fp, fn);
		bloom_free(&b);
	}
}

static void
test_keyset(void)
{
	static const struct {
		uint64_t v;
		const char *enc;
		size_t n;
	} leb[] = {
		{ 0, "\x00", 1 }, { 1, "\x01", 1 }, { 127, "\x7f", 1 },
		{ 128, "\x80\x01", 2 }, { 300, "\xac\x02", 2 },
		{ UINT64_MAX, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10 },
	};
	static const struct {
		const char *enc;
		size_t n;
		const char *why;
	} bad[] = {
		{ "", 0, "nothing" },
		{ "\x80", 1, "no last byte" },
		{ "\x80\x00", 2, "a superfluous 0" },
		{ "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x02", 10, "65 bits" },
		{ "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x81\x01", 11,
		    "11 bytes" },
	};
	struct keyset ks;
	unsigned char out[10], *arena;
	uint64_t v;
	char key[32], err[200];
	int lost = 0;

	for (size_t i = 0; i < sizeof leb / sizeof *leb; i++)
		ok(keyset_leb128_put(leb[i].v, out) == leb[i].n &&
		    memcmp(out, leb[i].enc, leb[i].n) == 0 &&
		    keyset_leb128_get((const unsigned char *)leb[i].enc,
		    leb[i].n, &v) == leb[i].n && v == leb[i].v,
		    "leb128: %llu", (unsigned long long)leb[i].v);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ok(keyset_leb128_get((const unsigned char *)bad[i].enc,
		    bad[i].n, &v) == 0, "leb128: %s is an error", bad[i].why);

	keyset_init(&ks, 0);
	ok(keyset_add(&ks, "", 0) && !keyset_add(&ks, "", 0) &&
	    keyset_add(&ks, "a\0b", 3) && !keyset_add(&ks, "a\0b", 3) &&
	    keyset_add(&ks, "a\0c", 3) && keyset_add(&ks, "a", 1) &&
	    ks.count == 4, "keyset: the empty key and keys with NUL bytes");
	ok(ks.len == 1 + 4 + 4 + 2 &&
	    memcmp(ks.arena, "\0\3a\0b\3a\0c\1a", ks.len) == 0,
	    "keyset: the arena holds the keys in order, with their lengths");
	for (int i = 0; i < 100000; i++) {
		snprintf(key, sizeof key, "k%d", i);
		lost += !keyset_add(&ks, key, strlen(key));
	}
	for (int i = 0; i < 100000; i++) {
		snprintf(key, sizeof key, "k%d", i);
		lost += keyset_add(&ks, key, strlen(key)) ||
		    !keyset_contains(&ks, key, strlen(key));
	}
	ok(lost == 0 && ks.count == 100004 && !keyset_contains(&ks, "k", 1),
	    "keyset: 100000 keys through growth, each found again");

	/* An arena read back is the same set; a bad one is refused. */
	arena = xmalloc(ks.len);
	memcpy(arena, ks.arena, ks.len);
	{
		struct keyset back;
		size_t n = ks.len;

		keyset_init(&back, 0);
		ok(keyset_adopt(&back, arena, n, err, sizeof err) &&
		    back.count == ks.count && keyset_contains(&back, "a\0c", 3) &&
		    keyset_contains(&back, "k99999", 6) &&
		    !keyset_add(&back, "k5", 2), "keyset: adopt an arena");
		keyset_free(&back);
	}
	keyset_free(&ks);

#define ADOPT_BAD(bytes, want) do { \
	struct keyset bk; \
	unsigned char *a = xmalloc(sizeof bytes - 1); \
	memcpy(a, bytes, sizeof bytes - 1); \
	keyset_init(&bk, 0); \
	ok(!keyset_adopt(&bk, a, sizeof bytes - 1, err, sizeof err) && \
	    strstr(err, want) != NULL && bk.count == 0, \
	    "keyset: adopt refuses %s: %s", #bytes, err); \
	keyset_free(&bk); \
	} while (0)
	ADOPT_BAD("\1a\1a", "duplicate");
	ADOPT_BAD("\1a\3ab", "runs past the end");
	ADOPT_BAD("\1a\x80", "not well formed");
	ADOPT_BAD("\x81\x00", "not well formed");
}

/* Read a state file of the bytes of raw (at most a pipe's worth). */
static bool
state_parse(const struct buf *raw, struct seenstate *st, char *err,
    size_t errlen)
{
	int fds[2];
	bool r;

	if (pipe(fds) < 0 || (raw->len &&
	    write(fds[1], raw->p, raw->len) != (ssize_t)raw->len))
		abort();
	close(fds[1]);
	r = seenstate_read(fds[0], raw->len, st, err, errlen);
	close(fds[0]);
	return r;
}

/* Write st, its bytes into *raw, and read them back into *back. */
static bool
state_roundtrip(const struct seenstate *st, struct seenstate *back,
    struct buf *raw, char *err, size_t errlen)
{
	int fds[2];
	char b[4096];
	ssize_t k;

	if (pipe(fds) < 0 || !seenstate_write(fds[1], st))
		abort();
	close(fds[1]);
	raw->len = 0;
	while ((k = read(fds[0], b, sizeof b)) > 0)
		buf_append(raw, b, (size_t)k);
	close(fds[0]);
	return state_parse(raw, back, err, errlen);
}

/* Make the checksum of the state file in b right, as seenstate.h says. */
static void
fix_checksum(struct buf *b)
{
	XXH3_state_t *x = XXH3_createState();
	uint64_t sum;

	XXH3_64bits_reset(x);
	XXH3_64bits_update(x, b->p, 56);
	XXH3_64bits_update(x, b->p + 64, b->len - 64);
	sum = XXH3_64bits_digest(x);
	XXH3_freeState(x);
	for (int i = 0; i < 8; i++)
		b->p[56 + i] = (char)(sum >> 8 * i);
}

/* Read the bytes of raw as a state file: the error, or "" if it reads. */
static const char *
state_error(const struct buf *raw, char *err, size_t errlen)
{
	struct seenstate st;

	if (state_parse(raw, &st, err, errlen)) {
		seenstate_free(&st);
		err[0] = '\0';
	}
	return err;
}

static void
test_seenstate(void)
{
	struct seenstate st = { 0 }, back;
	struct buf raw = { 0 }, bad = { 0 };
	char err[256];

	st.kind = SEENSTATE_BLOOM;
	bloom_init(&st.bloom, 1000, 0.01);
	bloom_add(&st.bloom, "x", 1);
	bloom_add(&st.bloom, "y", 1);
	ok(state_roundtrip(&st, &back, &raw, err, sizeof err) &&
	    back.kind == SEENSTATE_BLOOM && back.bloom.m == st.bloom.m &&
	    back.bloom.k == 7 && back.bloom.count == 2 &&
	    back.bloom.capacity == 1000 && back.bloom.rate == 0.01 &&
	    memcmp(back.bloom.bits, st.bloom.bits, st.bloom.m / 8) == 0 &&
	    raw.len == 64 + st.bloom.m / 8,
	    "seenstate: a Bloom filter reads back as it was written");
	ok(memcmp(raw.p, "\x89seen\r\n\x1a\1\0\0\0\1\0\0\0\1\0\0\0\7\0\0\0",
	    24) == 0, "seenstate: the header begins as documented");
	seenstate_free(&back);

#define STATE_BAD(edit, want) do { \
	bad.len = 0; \
	buf_append(&bad, raw.p, raw.len); \
	edit; \
	state_error(&bad, err, sizeof err); \
	ok(strstr(err, want) != NULL, "seenstate: %s: '%s'", #edit, err); \
	} while (0)
	ok(state_error(&raw, err, sizeof err)[0] == '\0',
	    "seenstate: the file as written reads without error");
	STATE_BAD(bad.len = 0, "empty");
	STATE_BAD(bad.len = 5, "truncated: 5 bytes");
	STATE_BAD((bad.len = 5, bad.p[1] = 'S'), "not a seen state file");
	STATE_BAD(bad.p[5] = '\n', "not a seen state file");
	STATE_BAD(bad.len = 40, "truncated");
	STATE_BAD(bad.len--, "truncated");
	STATE_BAD(buf_putc(&bad, 0), "bytes after the end of the state: 1");
	STATE_BAD(bad.p[8] = 2, "version 2; this seen reads version 1");
	STATE_BAD(bad.p[12] = 3, "unknown kind");
	STATE_BAD(bad.p[16] = 2, "unknown hash");
	STATE_BAD(bad.p[20] = 0, "bad header");
	STATE_BAD(bad.p[20] = 65, "bad header");
	STATE_BAD(bad.p[24] ^= 1, "bad header");
	STATE_BAD(bad.p[47] = 0x7f, "bad header");
	STATE_BAD(bad.p[48] = 3, "checksum");
	STATE_BAD(bad.p[100] ^= 4, "checksum");
	STATE_BAD((bad.p[48] = 0, fix_checksum(&bad)),
	    "0 keys cannot have set 14 bits with 7 probes each");
	STATE_BAD((bad.p[48] = 15, fix_checksum(&bad)),
	    "15 keys cannot have set 14 bits");
	seenstate_free(&st);

	st.kind = SEENSTATE_EXACT;
	keyset_init(&st.exact, 0);
	keyset_add(&st.exact, "one", 3);
	keyset_add(&st.exact, "t\two", 4);
	ok(state_roundtrip(&st, &back, &raw, err, sizeof err) &&
	    back.kind == SEENSTATE_EXACT && back.exact.count == 2 &&
	    keyset_contains(&back.exact, "t\two", 4) &&
	    raw.len == 64 + 4 + 5 &&
	    memcmp(raw.p + 64, "\3one\4t\two", 9) == 0,
	    "seenstate: an exact set reads back as it was written");
	seenstate_free(&back);
	STATE_BAD(bad.p[20] = 1, "bad header for an exact set");
	/* Inconsistent contents under a right checksum: still errors. */
	STATE_BAD((bad.p[64 + 4] = 3, memcpy(bad.p + 64 + 5, "one\0", 4),
	    fix_checksum(&bad)), "key 2, at byte 4 of the keys: a duplicate");
	STATE_BAD((bad.p[48] = 3, fix_checksum(&bad)),
	    "2 keys, where the header says 3");
	STATE_BAD(bad.p[48] = 3, "checksum");
	seenstate_free(&st);
	buf_free(&raw);
	buf_free(&bad);
}

int
main(void)
{
	test_escape();
	test_fields();
	test_fingerprint();
	test_reader();
	test_bloom();
	test_bloom_rate();
	test_keyset();
	test_seenstate();
	test_space();
	test_unicode();
	printf("1..%d\n", ntest);
	return nfail != 0;
}
