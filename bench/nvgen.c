/* Near-duplicates planted among documents, for nearverify's benchmark.
 *   nvgen [SEED] < DOCS > DOCS-WITH-COPIES
 * DOCS: records "ID TAB TEXT" (bench/gen's).  Each record is written as it
 * is; half of them also get 1 to 3 edited copies "ID~1", "ID~2", ...,
 * each written up to 20000 records later (scattered, as crawls find
 * copies, but within a window so the generator's memory stays small).
 * A copy has 0, 1, 2, 5 or 10% of its units replaced by another unit of
 * the text, deleted, or followed by an inserted one; a unit is a word
 * where the text has spaces, else a UTF-8 character.  Deterministic for
 * a seed. */
#define _POSIX_C_SOURCE 200809L	/* getline */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW	20000

static uint64_t s = 0x9e3779b97f4a7c15ULL;

static uint64_t
rnd(uint64_t n)
{
	s ^= s << 13;
	s ^= s >> 7;
	s ^= s << 17;
	return (s >> 11) % n;
}

struct copy {
	uint64_t	 due;	/* the record after which it is written */
	char		*rec;
	size_t		 n;
};

static struct copy *pool;
static size_t npool, cappool;

static void *
xrealloc(void *p, size_t n)
{
	if ((p = realloc(p, n)) == NULL) {
		fprintf(stderr, "nvgen: out of memory\n");
		exit(2);
	}
	return p;
}

/* Units of text t[0..n): their starts, ends in ue. */
static size_t
units(const char *t, size_t n, size_t **us, size_t **ue, size_t *cap)
{
	size_t k = 0, i = 0;
	int words = memchr(t, ' ', n) != NULL;

	while (i < n) {
		size_t j = i + 1;

		if (words) {
			while (i < n && t[i] == ' ')
				i++;
			if (i == n)
				break;
			j = i + 1;
			while (j < n && t[j] != ' ')
				j++;
		} else
			while (j < n && ((unsigned char)t[j] & 0xc0) == 0x80)
				j++;
		if (k == *cap) {
			*cap = *cap ? 2 * *cap : 1024;
			*us = xrealloc(*us, *cap * sizeof **us);
			*ue = xrealloc(*ue, *cap * sizeof **ue);
		}
		(*us)[k] = i;
		(*ue)[k++] = j;
		i = j;
	}
	return k;
}

static void
add(char **b, size_t *len, size_t *cap, const char *p, size_t n)
{
	if (*len + n + 1 > *cap) {
		*cap = (*len + n + 1) * 2;
		*b = xrealloc(*b, *cap);
	}
	memcpy(*b + *len, p, n);
	*len += n;
}

static void
make_copy(const char *id, size_t nid, const char *t, size_t n, int k,
    uint64_t due)
{
	static const unsigned rate[] = { 0, 10, 20, 50, 100 };	/* per 1000 */
	static size_t *us, *ue, cap;
	size_t nu = units(t, n, &us, &ue, &cap), len = 0, bcap = 0;
	unsigned r = rate[rnd(5)];
	int words = memchr(t, ' ', n) != NULL;
	char *b = NULL, suffix[16];

	add(&b, &len, &bcap, id, nid);
	add(&b, &len, &bcap, suffix, (size_t)snprintf(suffix, sizeof suffix,
	    "~%d\t", k));
	for (size_t i = 0; i < nu; i++) {
		size_t u = i;
		int op = rnd(1000) < r ? (int)rnd(3) : -1;

		if (op == 1)
			continue;	/* deleted */
		if (op == 0)
			u = rnd(nu);	/* replaced */
		add(&b, &len, &bcap, t + us[u], ue[u] - us[u]);
		if (words)
			add(&b, &len, &bcap, " ", 1);
		if (op == 2) {		/* inserted */
			u = rnd(nu);
			add(&b, &len, &bcap, t + us[u], ue[u] - us[u]);
			if (words)
				add(&b, &len, &bcap, " ", 1);
		}
	}
	add(&b, &len, &bcap, "\n", 1);
	if (npool == cappool) {
		cappool = cappool ? 2 * cappool : 1024;
		pool = xrealloc(pool, cappool * sizeof *pool);
	}
	pool[npool++] = (struct copy){ due, b, len };
}

/* Write the copies due by record i (all of them at the end). */
static void
flush(uint64_t i, int all)
{
	size_t j = 0;

	for (size_t k = 0; k < npool; k++) {
		if (all || pool[k].due <= i) {
			fwrite(pool[k].rec, 1, pool[k].n, stdout);
			free(pool[k].rec);
		} else
			pool[j++] = pool[k];
	}
	npool = j;
}

int
main(int argc, char *argv[])
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	uint64_t i = 0;

	if (argc > 1)
		s ^= strtoull(argv[1], NULL, 10) * 0x2545f4914f6cdd1dULL;
	while ((n = getline(&line, &cap, stdin)) > 0) {
		char *tab = memchr(line, '\t', (size_t)n);

		fwrite(line, 1, (size_t)n, stdout);
		if (line[n - 1] == '\n')
			n--;
		if (tab != NULL && rnd(2) == 0) {
			int copies = 1 + (int)rnd(3);

			for (int k = 1; k <= copies; k++)
				make_copy(line, (size_t)(tab - line), tab + 1,
				    (size_t)(n - (tab + 1 - line)), k,
				    i + 1 + rnd(WINDOW));
		}
		if (++i % 256 == 0)
			flush(i, 0);
	}
	flush(i, 1);
	free(line);
	return ferror(stdout) || fclose(stdout) ? 2 : 0;
}
