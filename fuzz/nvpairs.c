/* Fuzz target: nearverify's pair records (nvpairs.h) and its --min
 * (nvdocs.h).  The input is lines, each read as a pair record: no crash;
 * a record is a pair exactly when it has a TAB, and each pair's record,
 * file and line come back as they were read (the lines of a file
 * numbered from 1, a new "file" after each empty line).  Each line is
 * also a --min: accepted exactly when it is a decimal from 0 to 1 with
 * at most 9 decimals, with the value strtod gives it, and its 4-decimal
 * form is a number within half a unit of the last place. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvdocs.h"
#include "nvpairs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_min(const char *p, size_t n)
{
	char s[64], v[NVDOCS_VALUE_LEN + 1];
	uint64_t num, den;
	size_t dot = n, digits = 0;
	bool want = n > 0 && n < sizeof s;
	double x;

	for (size_t i = 0; want && i < n; i++)
		if (p[i] == '.' && dot == n)
			dot = i;
		else if (p[i] >= '0' && p[i] <= '9')
			digits++;
		else
			want = false;
	if (want && (digits == 0 || n - dot > 10))
		want = false;
	if (n >= sizeof s || memchr(p, '\0', n) != NULL)
		return;		/* an argument has no NUL */
	memcpy(s, p, n);
	s[n] = '\0';
	x = want ? strtod(s, NULL) : 0;
	if (x > 1)
		want = false;
	if (nvdocs_parse_min(s, &num, &den) != want)
		abort();
	if (!want)
		return;
	if (den == 0 || num > den || fabs((double)num / (double)den - x) > 1e-9)
		abort();
	nvdocs_value(num, den, v);
	v[NVDOCS_VALUE_LEN] = '\0';
	if (fabs(strtod(v, NULL) - x) > 0.00005 + 1e-9)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const files[] = { "f0", "f1", "f2", "f3" };
	const char *p = (const char *)data, *end = p + size;
	struct nvpairs pp;
	struct buf b = { 0 };
	size_t nfile = 0, *start, nstart = 0;
	uintmax_t line = 0, *lines;

	if (size > 1 << 14)
		return 0;
	start = malloc((size + 1) * sizeof *start);
	lines = malloc((size + 1) * sizeof *lines);
	if (start == NULL || lines == NULL)
		abort();
	nvpairs_init(&pp);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		line++;
		check_min(p, n);
		if (n == 0 && nfile + 1 < sizeof files / sizeof *files) {
			nfile++;
			line = 0;
		} else if (nvpairs_add(&pp, p, n, files[nfile], line) !=
		    (memchr(p, '\t', n) != NULL))
			abort();
		else if (memchr(p, '\t', n) != NULL) {
			start[nstart] = (size_t)(p - (const char *)data);
			lines[nstart++] = line;
		}
		p += n + (nl != NULL);
	}
	nvpairs_done(&pp);
	if (pp.n != nstart || pp.npaired != pp.ids.n)
		abort();
	for (size_t i = 0; i < pp.n; i++) {
		const char *q = (const char *)data + start[i];
		const char *e = memchr(q, '\n', (size_t)(end - q));
		uintmax_t l;

		b.len = 0;
		nvpairs_record(&pp, i, &b);
		if (b.len != (size_t)((e ? e : end) - q) ||
		    memcmp(b.p, q, b.len) != 0)
			abort();
		nvpairs_where(&pp, i, &l);
		if (l != lines[i])
			abort();
	}
	buf_free(&b);
	nvpairs_free(&pp);
	free(start);
	free(lines);
	return 0;
}
