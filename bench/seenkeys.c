/* URL-like keys for seen's benchmark and slow tests, written to stdout,
 * the same on every run.
 *   seenkeys N [REPEAT]  N URLs, one a line; each is, with probability
 *                        REPEAT percent (default 50), one written before
 *                        (links to pages already queued), else a new one
 *   seenkeys -u N OFFSET N distinct URLs, the OFFSET-th new one first:
 *                        `-u N 0` and `-u N N` share no key
 * A URL is a function of its number: host (one of 50,000), path of one to
 * four segments ending in its number (so different numbers make
 * different URLs), a query on a third of them; about 60 bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t
mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static uint64_t r;

static uint32_t
rnd(uint32_t n)
{
	r ^= r << 13;
	r ^= r >> 7;
	r ^= r << 17;
	return (uint32_t)((r >> 16) % n);
}

static void
word(char **p, uint64_t seed, int syllables)
{
	static const char *syl[] = { "news", "shop", "blog", "data", "web",
	    "info", "city", "tech", "home", "art", "go", "net", "map", "top",
	    "sun", "ka", "ri", "to", "mo", "la", "zen", "pro", "max", "eco" };
	uint64_t save = r;

	r = mix(seed) | 1;
	for (int i = 0; i < syllables; i++) {
		const char *s = syl[rnd(sizeof syl / sizeof *syl)];
		size_t n = strlen(s);

		memcpy(*p, s, n);
		*p += n;
	}
	r = save;
}

/* URL number id into buf; its length. */
static size_t
url(uint64_t id, char *buf)
{
	static const char *tld[] = { "com", "org", "net", "de", "cn", "io",
	    "co.uk", "fr", "jp", "info" };
	uint64_t host = mix(id * 2 + 1) % 50000;
	char *p = buf;

	r = mix(id) | 1;
	p += sprintf(p, "https://%s", host % 10 < 7 ? "www." : "");
	word(&p, host, 2 + (int)(host % 3));
	p += sprintf(p, ".%s", tld[host % 10]);
	for (int i = 0, n = 1 + (int)rnd(4); i < n; i++) {
		*p++ = '/';
		word(&p, rnd(5000), 1 + (int)rnd(3));
	}
	p += sprintf(p, "/%llu", (unsigned long long)id);
	if (rnd(3) == 0)
		p += sprintf(p, "?id=%llu&ref=%u", (unsigned long long)id,
		    rnd(100));
	*p++ = '\n';
	return (size_t)(p - buf);
}

int
main(int argc, char *argv[])
{
	char buf[512];
	unsigned long long n, next = 0, rep = 50;
	uint64_t g = 0x9e3779b97f4a7c15ULL;

	if (argc == 4 && strcmp(argv[1], "-u") == 0) {
		n = strtoull(argv[2], NULL, 10);
		next = strtoull(argv[3], NULL, 10);
		for (unsigned long long i = 0; i < n; i++)
			fwrite(buf, 1, url(next + i, buf), stdout);
		return fflush(stdout) != 0 || ferror(stdout);
	}
	if (argc < 2 || argc > 3) {
		fputs("usage: seenkeys N [REPEAT] | seenkeys -u N OFFSET\n",
		    stderr);
		return 2;
	}
	n = strtoull(argv[1], NULL, 10);
	if (argc == 3)
		rep = strtoull(argv[2], NULL, 10);
	for (unsigned long long i = 0; i < n; i++) {
		uint64_t id;

		g = mix(g);
		if (next > 0 && g % 100 < rep)
			id = (g >> 8) % next;
		else
			id = next++;
		fwrite(buf, 1, url(id, buf), stdout);
	}
	return fflush(stdout) != 0 || ferror(stdout);
}
