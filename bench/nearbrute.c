/* The brute-force reference for nearpairs' tests: compares every pair,
 * O(n^2), with none of nearpairs' code but the version rule (versions.h,
 * tested on its own).  Reads "ID TAB FP[,FP...]" records (no rejects,
 * no header) and writes what nearpairs must:
 *   nearbrute [-k K] [-e] [-d] [-c|-C] [-a ARCHIVE [-s]] < input
 * -e keep the zero fingerprint, -d --distinct-versions, -c clusters,
 * -C components, -a pairs between ARCHIVE and the input (-s and its own). */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "versions.h"

struct rec {
	char		*id;
	uint64_t	 fp[8];
};

static int k = 3, npos;
static bool keep, distinct;

static size_t
load(FILE *f, struct rec **out)
{
	char *line = NULL;
	size_t cap = 0, n = 0, alloc = 0;
	ssize_t len;
	struct rec *r = NULL;

	while ((len = getline(&line, &cap, f)) > 0) {
		char *tab, *p;
		int q = 0;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		tab = strrchr(line, '\t');
		if (tab == NULL)
			exit(2);
		*tab = '\0';
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 1024;
			r = realloc(r, alloc * sizeof *r);
		}
		r[n].id = strdup(line);
		for (p = tab + 1; q < 8; q++) {
			r[n].fp[q] = strtoull(p, &p, 16);
			if (*p != ',')
				break;
			p++;
		}
		npos = q + 1;
		n++;
	}
	free(line);
	*out = r;
	return n;
}

/* The distance of a pair: the smallest over the positions where neither
 * is an empty (zero) fingerprint; 99 when there is none. */
static int
dist(const struct rec *a, const struct rec *b)
{
	int best = 99;

	for (int p = 0; p < npos; p++) {
		int d;

		if (!keep && (a->fp[p] == 0 || b->fp[p] == 0))
			continue;
		d = __builtin_popcountll(a->fp[p] ^ b->fp[p]);
		if (d < best)
			best = d;
	}
	return best;
}

static bool
near(const struct rec *a, const struct rec *b, int *d)
{
	*d = dist(a, b);
	if (*d > k)
		return false;
	return !distinct || !versions_distinct(a->id, strlen(a->id),
	    b->id, strlen(b->id));
}

static void
unload(struct rec *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(r[i].id);
	free(r);
}

static size_t
root(size_t *up, size_t x)
{
	while (up[x] != x)
		x = up[x];
	return x;
}

int
main(int argc, char *argv[])
{
	struct rec *r, *ar = NULL;
	size_t n, na = 0;
	int ch, mode = 0, d;
	bool self = false;
	const char *archive = NULL;

	while ((ch = getopt(argc, argv, "k:edcCa:s")) != -1) {
		switch (ch) {
		case 'k': k = atoi(optarg); break;
		case 'e': keep = true; break;
		case 'd': distinct = true; break;
		case 'c': case 'C': mode = ch; break;
		case 'a': archive = optarg; break;
		case 's': self = true; break;
		default: return 2;
		}
	}
	n = load(stdin, &r);
	if (archive) {
		FILE *f = fopen(archive, "r");

		if (f == NULL)
			return 2;
		na = load(f, &ar);
		fclose(f);
		for (size_t a = 0; a < na; a++)
			for (size_t i = 0; i < n; i++)
				if (near(&ar[a], &r[i], &d))
					printf("%s\t%s\t%d\n", ar[a].id, r[i].id, d);
		unload(ar, na);
		if (!self) {
			unload(r, n);
			return 0;
		}
	}
	if (mode == 0) {
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				if (near(&r[i], &r[j], &d))
					printf("%s\t%s\t%d\n", r[i].id, r[j].id, d);
		unload(r, n);
		return 0;
	}
	size_t *lead = malloc((n + 1) * sizeof *lead);

	for (size_t i = 0; i < n; i++)
		lead[i] = i;
	for (size_t j = 0; j < n; j++) {
		for (size_t i = 0; i < j; i++) {
			if (!near(&r[i], &r[j], &d))
				continue;
			if (mode == 'C') {
				size_t a = root(lead, i), b = root(lead, j);

				if (a < b)
					lead[b] = a;
				else if (b < a)
					lead[a] = b;
			} else if (lead[i] == i) {
				lead[j] = i;	/* the earliest leader */
				break;
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		printf("%s\t%s\n", r[i].id, r[mode == 'C' ? root(lead, i) :
		    lead[i]].id);
	free(lead);
	unload(r, n);
	return 0;
}
