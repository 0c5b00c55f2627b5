/* Deterministic benchmark inputs, written to stdout.
 *   gen en N   N records "docI TAB TEXT": English-like text of a few KB,
 *              paragraphs joined by \n escapes, some curly quotes and dashes
 *   gen zh N   the same with Chinese text and CJK punctuation
 *   gen fp N   N records "idI TAB FP TAB FP": fingerprint pairs
 *   gen links N
 *              N records "BASE TAB HREF" as link extraction writes them,
 *              pages (BASE) of 1 to 60 links each: the harder URL mix of
 *              bench/urlnorm.sh.  A third of the hrefs are relative
 *              references; nearly half have a query, a third of those a
 *              long one (8 to 30 pairs: tracking parameters, percent-
 *              encoding in either case, '+'); one host in eight is an
 *              international domain name from a pool of a few hundred;
 *              there are mixed-case hosts, default ports, dot segments,
 *              IP addresses and fragments
 *   gen bytes N
 *              N bytes of binary garbage (every byte value), the same
 *              on every run
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t s = 0x2545f4914f6cdd1dULL;

static uint32_t
rnd(uint32_t n)
{
	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return (uint32_t)((s >> 16) % n);
}

static void
utf8(uint32_t c)
{
	if (c < 0x800) {
		putchar(0xc0 | c >> 6);
		putchar(0x80 | (c & 63));
	} else {
		putchar(0xe0 | c >> 12);
		putchar(0x80 | (c >> 6 & 63));
		putchar(0x80 | (c & 63));
	}
}

static void
english(void)
{
	static const char *syl[] = { "the", "re", "con", "ing", "a", "tion",
	    "in", "pro", "ed", "de", "com", "ter", "ex", "al", "di", "ly",
	    "be", "er", "pre", "ment" };
	int paras = 3 + (int)rnd(6);

	for (int p = 0; p < paras; p++) {
		int words = 40 + (int)rnd(80);

		if (p)
			fputs("\\n", stdout);
		for (int w = 0; w < words; w++) {
			int n = 1 + (int)rnd(3);

			if (w)
				putchar(' ');
			if (rnd(60) == 0)
				utf8(0x201c);	/* “ */
			for (int i = 0; i < n; i++)
				fputs(syl[rnd(20)], stdout);
			if (rnd(80) == 0)
				utf8(0x2014);	/* — */
			if (rnd(12) == 0)
				putchar(rnd(3) ? ',' : '.');
		}
	}
}

static void
chinese(void)
{
	static const uint32_t punct[] = { 0xff0c, 0x3002, 0x3001, 0xff1a };
	int paras = 3 + (int)rnd(6);

	for (int p = 0; p < paras; p++) {
		int chars = 150 + (int)rnd(300);

		if (p)
			fputs("\\n", stdout);
		if (rnd(4) == 0)
			utf8(0x3000);	/* paragraph indent */
		for (int c = 0; c < chars; c++) {
			utf8(0x4e00 + rnd(0x51a5));
			if (rnd(10) == 0)
				utf8(punct[rnd(4)]);
		}
	}
}

#define PICK(a)	((a)[rnd(sizeof (a) / sizeof (a)[0])])

/* The URL being made (gen links). */
static char url[8192];
static size_t len;

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
emit(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(url + len, sizeof url - len, fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof url - len)
		len += (size_t)n;
}

static const char *const url_words[] = {
	"news", "article", "products", "category", "search", "index", "blog",
	"2023", "item", "page", "view", "detail", "archive", "tag", "user",
	"images", "static", "en", "de", "zh-cn", "help", "about", "docs"
};
static const char *const tlds[] = { "com", "org", "net", "de", "cn", "jp",
	"co.uk", "fr", "io", "ru" };
static const char *const idn[] = {
	"b\xc3\xbc" "cher", "m\xc3\xbcnchen", "\xe4\xbe\x8b\xe5\xad\x90",
	"\xe4\xb8\xad\xe6\x96\x87\xe7\xbd\x91", "\xd0\xbf\xd1\x80\xd0\xb8"
	"\xd0\xbc\xd0\xb5\xd1\x80", "\xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88",
	"caf\xc3\xa9", "stra\xc3\x9f" "e", "\xce\xb5\xce\xbb\xce\xbb\xce\xac"
	"\xce\xb4\xce\xb1", "\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4"
};
static const char *const keys[] = {
	"id", "page", "q", "sort", "lang", "ref", "session", "utm_source",
	"utm_medium", "utm_campaign", "fbclid", "gclid", "filter", "size",
	"color", "from", "to", "offset", "limit", "view"
};
static const char *const values[] = {
	"1", "42", "date", "desc", "en", "twitter", "email", "spring%20sale",
	"a+b", "%e4%b8%ad%e6%96%87", "IwAR0abcdEFG", "x%2Fy", "%7Euser",
	"red", "", "2023-01-01", "caf%C3%A9"
};
static const char *const rel[] = {
	"../", "./", "../../", "", "/", "?", "#", "//"
};

static void
host(void)
{
	switch (rnd(40)) {
	case 0: case 1: case 2: case 3: case 4:
		emit("%s%s.%s", rnd(2) ? "www." : "", PICK(idn), PICK(tlds));
		break;
	case 5: case 6: case 7:
		emit("WWW.%s-%u.COM", PICK(url_words), rnd(500));
		break;
	case 8: case 9:
		emit("%u.%u.%u.%u", rnd(256), rnd(256), rnd(256), rnd(256));
		break;
	default:
		emit("%s%s%u.%s", rnd(3) ? "www." : "", PICK(url_words), rnd(2000),
		    PICK(tlds));
	}
}

static void
path(int segs)
{
	for (int i = 0; i < segs; i++) {
		switch (rnd(30)) {
		case 0:
			emit("/..");
			break;
		case 1:
			emit("/.");
			break;
		case 2:
			emit("/%%7e%s", PICK(url_words));
			break;
		case 3:
			emit("/%s-%s", PICK(url_words), PICK(idn));
			break;
		default:
			emit("/%s", PICK(url_words));
		}
	}
	if (rnd(3) == 0)
		emit(".html");
}

/* Nearly half the time a query: a short one, or a third of the time a
 * long one. */
static void
query(void)
{
	int pairs;

	if (rnd(20) >= 9)
		return;
	pairs = rnd(3) ? 1 + (int)rnd(4) : 8 + (int)rnd(23);
	for (int i = 0; i < pairs; i++)
		emit("%c%s=%s", i ? '&' : '?', PICK(keys), PICK(values));
}

static void
absolute(void)
{
	emit("%s://", rnd(3) ? "https" : rnd(2) ? "http" : "HTTP");
	host();
	if (rnd(8) == 0)
		emit(rnd(2) ? ":80" : ":8080");
	path(1 + (int)rnd(4));
	query();
	if (rnd(7) == 0)
		emit("#%s", PICK(url_words));
}

static void
relative(void)
{
	const char *r = PICK(rel);

	emit("%s", r);
	if (r[0] == '/' && r[1] == '/') {
		host();
		path(1 + (int)rnd(3));
	} else if (r[0] != '?' && r[0] != '#') {
		emit("%s", PICK(url_words));
		path((int)rnd(3));
	}
	query();
}

/* gen links N */
static int
links(long n)
{
	char base[sizeof url];

	for (long i = 0, left = 0; i < n; i++, left--) {
		if (left == 0) {
			/* a new page */
			len = 0;
			emit("https://");
			host();
			path(1 + (int)rnd(3));
			memcpy(base, url, len + 1);
			left = 1 + rnd(60);
		}
		len = 0;
		if (rnd(3) == 0)
			relative();
		else
			absolute();
		printf("%s\t%s\n", base, url);
	}
	return fflush(stdout) != 0 || ferror(stdout);
}

int
main(int argc, char *argv[])
{
	long n;

	if (argc != 3 || (n = atol(argv[2])) <= 0) {
		fputs("usage: gen en|zh|fp|links|bytes N\n", stderr);
		return 2;
	}
	if (strcmp(argv[1], "bytes") == 0) {
		for (long i = 0; i < n; i++)
			putchar((int)rnd(256));
		return fflush(stdout) != 0 || ferror(stdout);
	}
	if (strcmp(argv[1], "links") == 0)
		return links(n);
	for (long i = 0; i < n; i++) {
		if (strcmp(argv[1], "fp") == 0) {
			uint64_t a = (uint64_t)rnd(1u << 31) << 33 ^
			    (uint64_t)rnd(1u << 31) << 2 ^ rnd(4);
			uint64_t b = a ^ (1ULL << rnd(64)) ^ (rnd(2) ? 1ULL << rnd(64) : 0);

			printf("id%ld\t%016llx\t%016llx\n", i,
			    (unsigned long long)a, (unsigned long long)b);
			continue;
		}
		printf("doc%ld\t", i);
		if (strcmp(argv[1], "zh") == 0)
			chinese();
		else
			english();
		putchar('\n');
	}
	return fflush(stdout) != 0 || ferror(stdout);
}
