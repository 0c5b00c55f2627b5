/* Unit tests of common/pubsuffix.c. */
#include <unistd.h>

#include "pubsuffix.h"

#include "unit.h"

#include <libpsl.h>

/* The answer libpsl gives for host h (no empty label, no final dot), by
 * the rule's own words: the longest end that is a public suffix, the
 * last label if none is.  The reference for pubsuffix_split(), which
 * answers most hosts without asking libpsl (a shortcut and a cache). */
static void
psl_reference(const psl_ctx_t *psl, int type, const char *h,
    struct pubsuffix_split *r)
{
	size_t i = 0, left = SIZE_MAX;

	r->end = strlen(h);
	for (;;) {
		const char *dot = strchr(h + i, '.');

		if (dot == NULL || psl_is_public_suffix2(psl, h + i, type)) {
			r->suffix = i;
			r->domain = left;
			return;
		}
		left = i;
		i = (size_t)(dot - h) + 1;
	}
}

/* Does pubsuffix_split() answer host as libpsl does, twice (the second
 * time from its memory)?  If not, say so for the first few. */
static bool
psl_agrees(struct pubsuffix *ps, const psl_ctx_t *psl, int type,
    const char *host, size_t *wrong)
{
	struct pubsuffix_split r, want;

	psl_reference(psl, type, host, &want);
	for (int twice = 0; twice < 2; twice++) {
		bool got = pubsuffix_split(ps, host, strlen(host), &r);

		if (!got || r.suffix != want.suffix || r.domain != want.domain ||
		    r.end != want.end) {
			if ((*wrong)++ < 5)
				printf("# %s: %s: got %zu %zu, libpsl %zu %zu\n",
				    type == PSL_TYPE_ANY ? "private" : "icann",
				    host, r.suffix, r.domain, want.suffix,
				    want.domain);
			return false;
		}
	}
	return true;
}

/* Every rule of Debian's list (ASCII ones), with one, two and three
 * labels before it, and other hosts under its last label, capitals
 * too: pubsuffix_split() answers them all as libpsl does, with and
 * without the private section. */
void
test_pubsuffix_rules(void)
{
	static const char *const before[] = { "", "x.", "y.x.", "z.y.x.",
	    "Www.", "a-b.c1." };
	static const char *const more[] = { "example", "localhost", "zz",
	    "a.b.zz", "x.Com", "x.CO.UK", "X.Example.COM", "x.cO.uk",
	    "x.www.ck", "www.ck", "a.b.c.ck", "x.y.city.kawasaki.jp" };
	char err[256], line[512], host[600];
	struct pubsuffix *ps[2];
	psl_ctx_t *psl = psl_load_file(PUBSUFFIX_DEFAULT);
	FILE *fp = fopen("/usr/share/publicsuffix/public_suffix_list.dat", "r");
	size_t hosts = 0, wrong = 0;

	ps[0] = pubsuffix_open(NULL, false, err, sizeof err);
	ps[1] = pubsuffix_open(NULL, true, err, sizeof err);
	if (psl == NULL || fp == NULL || ps[0] == NULL || ps[1] == NULL) {
		ok(0, "pubsuffix_split against libpsl: lists missing");
		goto done;
	}
	for (size_t m = 0;; m++) {
		const char *rule = line;
		size_t n, tn = 0;

		if (m < sizeof more / sizeof more[0])
			rule = more[m];
		else if (fgets(line, sizeof line, fp) == NULL)
			break;
		n = strcspn(rule, " \t\r\n");
		if (n == 0 || (rule[0] == '/' && rule[1] == '/'))
			continue;
		if (rule[0] == '!')
			rule++, n--;
		else if (rule[0] == '*' && rule[1] == '.')
			rule += 2, n -= 2;
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)rule[i] >= 0x80)
				n = 0;
		/* the rule, and its last label alone */
		while (tn < n && rule[n - tn - 1] != '.')
			tn++;
		for (size_t b = 0; n > 0 && b < sizeof before / sizeof before[0];
		    b++)
			for (int pass = 0; pass < 4; pass++) {
				snprintf(host, sizeof host, "%s%.*s", before[b],
				    pass & 1 ? (int)tn : (int)n,
				    pass & 1 ? rule + n - tn : rule);
				psl_agrees(ps[pass >> 1], psl, pass >> 1 ?
				    PSL_TYPE_ANY : PSL_TYPE_ICANN, host, &wrong);
				hosts++;
			}
	}
	ok(wrong == 0 && hosts > 100000, "pubsuffix_split: %zu hosts from the "
	    "list's rules as libpsl answers them (%zu not)", hosts, wrong);
done:
	if (fp != NULL)
		fclose(fp);
	psl_free(psl);
	pubsuffix_close(ps[0]);
	pubsuffix_close(ps[1]);
}

/* The DAFSA test's own generator: its count of hosts a deeper rule
 * matches must not move when a test before it draws more or fewer of the
 * shared rnd()'s numbers (with another sequence it fell to 529). */
static uint64_t dafsa_rng = 0x2545f4914f6cdd1du;

static uint32_t
dafsa_rnd(void)
{
	dafsa_rng ^= dafsa_rng << 13;
	dafsa_rng ^= dafsa_rng >> 7;
	dafsa_rng ^= dafsa_rng << 17;
	return (uint32_t)(dafsa_rng >> 11);
}

/* DAFSAs of random bytes, of the bytes a DAFSA is made of: whatever
 * words the walk of pubsuffix.c finds in them, pubsuffix_split() answers
 * as libpsl does on the same file, or the file gets no shortcut. */
void
test_pubsuffix_dafsa(void)
{
	static const unsigned char pool[] = { 'a', 'b', '.', 0xe1, 0xe2,
	    0xae, 0x84, 0x85, 0x86, 0x88, 0x8a, 0x8e, 0x8f, 0x80, 0x01, 0x02,
	    0x03, 0x05, 0x81, 0x82, 0x83, 0x41, 0x60, 0x00 };
	char path[64], err[256], host[16];
	size_t hosts = 0, wrong = 0, deeper = 0;

	snprintf(path, sizeof path, "/tmp/crawlutils-unit-dafsa-%ld",
	    (long)getpid());
	for (int f = 0; f < 300; f++) {
		FILE *fp = fopen(path, "wb");
		size_t n = 8 + dafsa_rnd() % 200;
		struct pubsuffix *ps[2];
		psl_ctx_t *psl;

		if (fp == NULL) {
			ok(0, "pubsuffix: random DAFSAs: %s: cannot write", path);
			return;
		}
		fputs(".DAFSA@PSL_0   \n", fp);
		for (size_t i = 0; i < n; i++)
			fputc(pool[dafsa_rnd() % sizeof pool], fp);
		fclose(fp);
		psl = psl_load_file(path);
		ps[0] = pubsuffix_open(path, false, err, sizeof err);
		ps[1] = pubsuffix_open(path, true, err, sizeof err);
		for (int k = 0; psl != NULL && ps[0] != NULL && ps[1] != NULL &&
		    k < 400; k++) {
			/* hosts of the labels a, b, aa, ab, ... */
			size_t len = 0, labels = 1 + dafsa_rnd() % 4;

			for (size_t l = 0; l < labels; l++) {
				size_t ln = 1 + dafsa_rnd() % 2;

				if (l > 0)
					host[len++] = '.';
				for (size_t c = 0; c < ln; c++)
					host[len++] = "ab"[dafsa_rnd() % 2];
			}
			host[len] = '\0';
			for (int pass = 0; pass < 2; pass++) {
				struct pubsuffix_split want;
				int type = pass ? PSL_TYPE_ANY : PSL_TYPE_ICANN;

				psl_agrees(ps[pass], psl, type, host, &wrong);
				hosts++;
				/* a rule of more than the last label */
				psl_reference(psl, type, host, &want);
				deeper += strchr(host + want.suffix, '.') != NULL;
			}
		}
		psl_free(psl);
		pubsuffix_close(ps[0]);
		pubsuffix_close(ps[1]);
	}
	unlink(path);
	ok(wrong == 0 && deeper > 1000, "pubsuffix_split: random DAFSAs, %zu "
	    "hosts as libpsl answers them (%zu not; %zu by a deeper rule)",
	    hosts, wrong, deeper);
}
