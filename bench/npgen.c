/* Fingerprint inputs for nearpairs' tests and benchmarks, "ID TAB FP"
 * records on stdout, deterministic for a seed.
 *   npgen MODE N [SEED [P]]
 * MODE:
 *   random    uniform random fingerprints
 *   planted   random, and about half the records copies of an earlier one
 *             with 0 to 12 bits flipped: pairs at every distance
 *   cluster   groups sharing their 40 high bits (templates), random below
 *   equal     all the same fingerprint
 *   heavy     planted, with 2% of the records sharing their 16 high bits
 *   sparse    few bits set (3 to 8), as a simhash of almost no text:
 *             every block mostly zero, so every bucket of zeros heavy;
 *             half of them copies of an earlier one, 0 to 4 bits flipped
 *   mixed     all of these at once, with some zero fingerprints
 *   urls      planted, IDs URLs with version-like path segments
 * P > 1 writes P comma-separated fingerprints a record, each position
 * made the same way (so planted copies are near in every position). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t s;

static uint64_t
rnd64(void)
{
	/* splitmix64 */
	uint64_t z = (s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t
rnd(uint64_t n)
{
	return rnd64() % n;
}

static uint64_t
flip(uint64_t fp, unsigned d)
{
	uint64_t done = 0;

	while (d > 0) {
		uint64_t b = 1ULL << rnd(64);

		if (done & b)
			continue;
		done |= b;
		fp ^= b;
		d--;
	}
	return fp;
}

static uint64_t tmpl[16];

static uint64_t
make(const char *mode, uint64_t *prev, long i)
{
	if (strcmp(mode, "mixed") == 0) {
		static const char *m[] = { "random", "planted", "cluster",
		    "heavy", "planted", "planted", "sparse" };
		unsigned r = (unsigned)rnd(100);

		if (r < 3)
			return 0;
		if (r < 6 && i > 0)
			return prev[rnd((uint64_t)i)];	/* an exact copy */
		if (r < 8)
			return 0x0123456789abcdefULL;	/* a mirror group */
		return make(m[rnd(7)], prev, i);
	}
	if (strcmp(mode, "sparse") == 0)
		return i > 0 && rnd(2) == 0 ? flip(prev[rnd((uint64_t)i)],
		    (unsigned)rnd(5)) : flip(0, 5 + (unsigned)rnd(4));
	if (strcmp(mode, "equal") == 0)
		return 0xfedcba9876543210ULL;
	if (strcmp(mode, "cluster") == 0)
		return (tmpl[rnd(16)] & ~0xffffffULL) | rnd(1u << 24);
	if (strcmp(mode, "heavy") == 0 && rnd(50) == 0)
		return 0xabcdULL << 48 | rnd(1ULL << 48);
	if ((strcmp(mode, "planted") == 0 || strcmp(mode, "heavy") == 0 ||
	    strcmp(mode, "urls") == 0) && i > 0 && rnd(2) == 0)
		return flip(prev[rnd((uint64_t)i)], (unsigned)rnd(13));
	return rnd64();
}

int
main(int argc, char *argv[])
{
	static const char *vers[] = { "v1", "v2", "1.2", "1.3", "2023", "2024",
	    "docs", "api" };
	const char *mode;
	long n, p = 1;
	uint64_t *prev;

	if (argc < 3 || (n = atol(argv[2])) <= 0) {
		fputs("usage: npgen random|planted|cluster|equal|heavy|sparse|mixed|urls "
		    "N [SEED [P]]\n", stderr);
		return 2;
	}
	mode = argv[1];
	s = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
	if (argc > 4)
		p = atol(argv[4]);
	if (p < 1 || p > 8)
		return 2;
	for (int t = 0; t < 16; t++)
		tmpl[t] = rnd64();
	if ((prev = malloc((size_t)n * (size_t)p * sizeof *prev)) == NULL)
		return 2;
	for (long i = 0; i < n; i++) {
		if (strcmp(mode, "urls") == 0)
			printf("https://h%u.example/%s/%s/page%u", (unsigned)rnd(2),
			    vers[rnd(8)], vers[rnd(8)], (unsigned)rnd(3));
		else
			printf("id%ld", i);
		putchar('\t');
		for (long q = 0; q < p; q++) {
			uint64_t *col = prev + q * n;

			col[i] = make(mode, col, i);
			printf("%s%016llx", q ? "," : "", (unsigned long long)col[i]);
		}
		putchar('\n');
	}
	free(prev);
	return fflush(stdout) != 0 || ferror(stdout);
}
