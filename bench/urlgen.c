/* Deterministic URL benchmark input: N records "BASE TAB HREF", the
 * harder mix of bench/urlnorm.sh.  About a third of the hrefs are
 * relative references to resolve against BASE; the rest are absolute,
 * with long query strings (tracking parameters, percent-encoding in
 * either case, '+'), international domain names from a pool of a few
 * hundred, mixed-case hosts, default ports, dot segments, IP addresses.
 *   urlgen N
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t s = 0x9e3779b97f4a7c15ULL;

static uint32_t
rnd(uint32_t n)
{
	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return (uint32_t)((s >> 16) % n);
}

#define PICK(a)	((a)[rnd(sizeof (a) / sizeof (a)[0])])

static const char *const words[] = {
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
	switch (rnd(10)) {
	case 0:
	case 1:
		printf("%s%s.%s", rnd(2) ? "www." : "", PICK(idn), PICK(tlds));
		break;
	case 2:
		printf("WWW.%s-%u.COM", PICK(words), rnd(500));
		break;
	case 3:
		printf("%u.%u.%u.%u", rnd(256), rnd(256), rnd(256), rnd(256));
		break;
	default:
		printf("%s%s%u.%s", rnd(3) ? "www." : "", PICK(words), rnd(2000),
		    PICK(tlds));
	}
}

static void
path(int segs)
{
	for (int i = 0; i < segs; i++) {
		switch (rnd(12)) {
		case 0:
			fputs("/..", stdout);
			break;
		case 1:
			fputs("/.", stdout);
			break;
		case 2:
			printf("/%%7e%s", PICK(words));
			break;
		case 3:
			printf("/%s-%s", PICK(words), PICK(idn));
			break;
		default:
			printf("/%s", PICK(words));
		}
	}
	if (rnd(3) == 0)
		printf(".html");
}

static void
query(int pairs)
{
	for (int i = 0; i < pairs; i++)
		printf("%c%s=%s", i ? '&' : '?', PICK(keys), PICK(values));
}

static void
absolute(void)
{
	printf("%s://", rnd(3) ? "https" : rnd(2) ? "http" : "HTTP");
	host();
	if (rnd(8) == 0)
		fputs(rnd(2) ? ":80" : ":8080", stdout);
	path(1 + (int)rnd(5));
	if (rnd(2))
		query(3 + (int)rnd(25));
	if (rnd(4) == 0)
		printf("#%s", PICK(words));
}

int
main(int argc, char *argv[])
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;

	for (long i = 0; i < n; i++) {
		fputs("https://", stdout);
		host();
		path(1 + (int)rnd(3));
		putchar('\t');
		if (rnd(3) == 0) {
			const char *r = PICK(rel);

			fputs(r, stdout);
			if (r[0] == '/' && r[1] == '/') {
				host();
				path(1 + (int)rnd(3));
			} else if (r[0] != '?' && r[0] != '#') {
				fputs(PICK(words), stdout);
				path((int)rnd(3));
			}
			if (rnd(2))
				query(1 + (int)rnd(8));
		} else
			absolute();
		putchar('\n');
	}
	return ferror(stdout) || fclose(stdout) != 0;
}
