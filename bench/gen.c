/* Deterministic benchmark inputs, written to stdout.
 *   gen en N   N records "docI TAB TEXT": English-like text of a few KB,
 *              paragraphs joined by \n escapes, some curly quotes and dashes
 *   gen zh N   the same with Chinese text and CJK punctuation
 *   gen fp N   N records "idI TAB FP TAB FP": fingerprint pairs
 */
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

int
main(int argc, char *argv[])
{
	long n;

	if (argc != 3 || (n = atol(argv[2])) <= 0) {
		fputs("usage: gen en|zh|fp N\n", stderr);
		return 2;
	}
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
