/* Deterministic benchmark inputs, written to stdout.
 *   gen en N   N records "docI TAB TEXT": English-like text of a few KB,
 *              paragraphs joined by \n escapes, some curly quotes and dashes
 *   gen zh N   the same with Chinese text and CJK punctuation
 *   gen zipf N N records "docI TAB TEXT" of English-like prose whose words
 *              follow Zipf's law over a vocabulary of 60,000 made-up word
 *              forms, with a few topic words repeated in each text (see
 *              prose() for the model and its check against real English)
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

/*
 * gen zipf: English-like prose for the dedup route's benchmark at scale.
 * gen en's texts are made of 20 syllables whose frequent words weigh the
 * same in every text, so their SimHash fingerprints are 13.6 bits apart
 * on average and a million of them make some 45 candidate pairs a text at
 * nearpairs -k 4; the licences, manual pages and articles of
 * bench/simeval-docs (903 English originals) are 26.0 to 27.9 bits apart
 * (the means of simhash -n 7's seven fingerprints).  These texts are made
 * the way real prose is distributed:
 *   - a vocabulary of ZIPF_V distinct word forms of 1 to 4 syllables, the
 *     frequent ones short (Zipf's law of abbreviation), made from
 *     syllables by a generator seeded with the rank, so the vocabulary
 *     does not depend on the texts;
 *   - a word of rank r drawn with probability proportional to 1/r (the
 *     exponent measured for English is close to 1);
 *   - each text has ZIPF_TOPIC topic words (ranks from ZIPF_TMIN on, drawn
 *     by the same law), which make 1 in ZIPF_TSHARE of its words: real
 *     texts repeat their subject's words far more than chance does;
 *   - and a register: each of the ZIPF_FUNC commonest words is kept at a
 *     rate of 1 to ZIPF_REG eighths in a text (a manual page says "the"
 *     and "you" as a contract does not).
 *     With 12 topic words at 1 in 10 and no register the first
 *     fingerprints of 1500 texts were 18.6 bits apart, and 100,000 texts
 *     made 641,356 candidate pairs of different texts (most by the second
 *     fingerprint, whose seed lines up the common words' hashes: 17 bits
 *     apart); 12 at 1 in 8 with a register of 4, 23.3 and that one 16.9.
 *     With these values 800 texts are 23.5 to 26.4 bits apart, none within 4 bits
 *     and 5 in 100,000 pairs within 8 (real English 1.9 in 1000: its
 *     texts of one family); among 100,000 texts with nvgen's copies
 *     nearpairs -k 4 gives 0.83 candidate pairs a text, 1,120 of them of
 *     different texts, and the route confirms 97.5% of the copies;
 *   - sentences of 4 to 31 words, the first capitalised, ending in a
 *     period or now and then a question mark, commas inside; paragraphs
 *     of 2 to 7 sentences, 3 to 6 paragraphs a text and a quarter of the
 *     texts up to 15 more: on gen zipf 10000 63 to 1959 words, 187 to
 *     1299 from the 5th to the 95th percentile, a median of 392 and a mean
 *     of 500 (3.7 KB).
 * Integers, and IEEE 754 additions and divisions in a fixed order for
 * the CDF of 1/r (no libm): the same bytes on every machine.
 */
#define ZIPF_V		60000
#define ZIPF_FUNC	100	/* the commonest ranks: function words */
#define ZIPF_TOPIC	20
#define ZIPF_TSHARE	4
#define ZIPF_TMIN	1000	/* topic words: ranks from here on */
#define ZIPF_REG	8

static char *zw[ZIPF_V];	/* the word forms by rank, 0 the commonest */
static double zcdf[ZIPF_V];	/* P(rank <= r) */
static uint32_t zguide[1 << 16];	/* the least rank of each 2^-16 of the CDF */

static uint32_t
hash32(const char *w)
{
	uint32_t h = 2166136261u;

	for (; *w; w++)
		h = (h ^ (unsigned char)*w) * 16777619u;
	return h;
}

static void
zipf_init(void)
{
	static const char *on[] = { "", "", "", "b", "c", "d", "f", "g", "h",
	    "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "y", "z",
	    "bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gr", "pl", "pr",
	    "sh", "sl", "sp", "st", "str", "th", "tr", "wh" };
	static const char *nu[] = { "a", "e", "i", "o", "u", "a", "e", "i",
	    "o", "ea", "ee", "ai", "ou", "oo", "ie", "y" };
	static const char *co[] = { "", "", "", "", "", "", "", "", "", "",
	    "n", "r", "s", "t", "l",
	    "d", "m", "ng", "nd", "st", "ck", "rt", "nt", "ll", "ss", "th" };
	static uint32_t *set;	/* open addressing: hash32 of the forms */
	size_t mask = (1 << 18) - 1;	/* a power of two above 4 ZIPF_V, less one */
	uint64_t saved = s;
	double sum = 0;

	set = calloc(mask + 1, sizeof *set);
	if (set == NULL) {
		fputs("gen: out of memory\n", stderr);
		exit(2);
	}
	for (uint32_t r = 0; r < ZIPF_V; r++) {
		char w[64];

		s = 0x9e3779b97f4a7c15ULL ^ (uint64_t)(r + 1) * 0xbf58476d1ce4e5b9ULL;
		for (int tries = 0;; tries++) {
			int syl = r < 500 ? 1 : r < 5000 ? 1 + (int)rnd(2) :
			    2 + (rnd(3) == 0) + (tries > 8);
			size_t n = 0, j;
			uint32_t h;

			for (int i = 0; i < syl; i++)
				n += (size_t)snprintf(w + n, sizeof w - n, "%s%s%s",
				    on[rnd(sizeof on / sizeof *on)],
				    nu[rnd(sizeof nu / sizeof *nu)],
				    co[rnd(sizeof co / sizeof *co)]);
			h = hash32(w) | 1;	/* 0 is an empty slot */
			for (j = h & mask; set[j] && set[j] != h; j = (j + 1) & mask)
				;
			if (set[j] == 0) {	/* new (a 32-bit hash: near enough) */
				set[j] = h;
				break;
			}
		}
		if ((zw[r] = malloc(strlen(w) + 1)) == NULL) {
			fputs("gen: out of memory\n", stderr);
			exit(2);
		}
		memcpy(zw[r], w, strlen(w) + 1);
	}
	free(set);
	for (uint32_t r = 0; r < ZIPF_V; r++)
		zcdf[r] = sum += 1.0 / (r + 1);
	for (uint32_t r = 0, g = 0; g < 1 << 16; g++) {
		while (zcdf[r] / sum * 65536 <= g)
			r++;
		zguide[g] = r;
	}
	for (uint32_t r = 0; r < ZIPF_V; r++)
		zcdf[r] /= sum;
	zcdf[ZIPF_V - 1] = 1;
	s = saved;
}

/* A rank drawn by Zipf's law: the guide table narrows the CDF's search to
 * a few steps. */
static uint32_t
zipf_rank(void)
{
	uint32_t u = rnd(1u << 30);
	double x = u / (double)(1u << 30);
	uint32_t r = zguide[u >> 14];

	while (zcdf[r] <= x)
		r++;
	return r;
}

static unsigned zkeep[ZIPF_FUNC];

/* A word of the text: a topic word, or one by Zipf's law that the text's
 * register keeps. */
static const char *
zipf_word(const uint32_t *topic)
{
	uint32_t r;

	if (rnd(ZIPF_TSHARE) == 0)
		return zw[topic[rnd(ZIPF_TOPIC)]];
	while ((r = zipf_rank()) < ZIPF_FUNC && rnd(ZIPF_REG) >= zkeep[r])
		;
	return zw[r];
}

static void
prose(void)
{
	uint32_t topic[ZIPF_TOPIC];
	int paras = 3 + (int)rnd(4) + (rnd(4) == 0 ? (int)rnd(16) : 0);

	for (int i = 0; i < ZIPF_TOPIC; i++) {
		uint32_t r;

		while ((r = zipf_rank()) < ZIPF_TMIN)
			;
		topic[i] = r;
	}
	for (int i = 0; i < ZIPF_FUNC; i++)
		zkeep[i] = 1 + rnd(ZIPF_REG);
	for (int p = 0; p < paras; p++) {
		int sentences = 2 + (int)rnd(6);

		if (p)
			fputs("\\n", stdout);
		for (int t = 0; t < sentences; t++) {
			int words = 4 + (int)rnd(28);

			for (int w = 0; w < words; w++) {
				const char *f = zipf_word(topic);

				if (t || w)
					putchar(' ');
				if (w == 0) {
					putchar(f[0] - 'a' + 'A');
					f++;
				}
				fputs(f, stdout);
				if (w == words - 1)
					putchar(rnd(12) ? '.' : '?');
				else if (rnd(14) == 0)
					putchar(',');
			}
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
		fputs("usage: gen en|zh|zipf|fp|links|bytes N\n", stderr);
		return 2;
	}
	if (strcmp(argv[1], "bytes") == 0) {
		for (long i = 0; i < n; i++)
			putchar((int)rnd(256));
		return fflush(stdout) != 0 || ferror(stdout);
	}
	if (strcmp(argv[1], "links") == 0)
		return links(n);
	if (strcmp(argv[1], "zipf") == 0)
		zipf_init();
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
		else if (strcmp(argv[1], "zipf") == 0)
			prose();
		else
			english();
		putchar('\n');
	}
	return fflush(stdout) != 0 || ferror(stdout);
}
