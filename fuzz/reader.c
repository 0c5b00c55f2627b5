/* Fuzz target: the record reader and the fields of a record.  The
 * records it returns, each with an LF, rebuild the input (but for the
 * CRs it drops before LF and at the end, and a leading UTF-8 byte order
 * mark); with a length limit, a long record goes to the spill file
 * instead, whole.  A record's fields, TAB between them, rebuild it;
 * field -i is field count + 1 - i; there is no field beyond the count;
 * a field number that parses is not 0 and parses again from its
 * decimal form. */
#define _GNU_SOURCE		/* memfd_create */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <stdio.h>

#include "buf.h"
#include "field.h"
#include "reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as the reader should see it: records with CR-before-LF and a
 * final CR dropped, each ending in LF. */
static void
expected(const char *p, size_t n, struct buf *b)
{
	size_t start = n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	for (size_t i = 0; i <= n; i++) {
		if (i < n && p[i] != '\n')
			continue;
		if (i == n && start == n)
			break;
		size_t len = i - start;
		if (len && p[start + len - 1] == '\r')
			len--;
		buf_append(b, p + start, len);
		buf_putc(b, '\n');
		start = i + 1;
	}
}

static bool
same(const struct span *a, const char *p, size_t n)
{
	return a->n == n && (n == 0 || memcmp(a->p, p, n) == 0);
}

/* Walk the fields once; field_get() from either end only for the first
 * and last few, which keeps a record of a million fields linear. */
static void
check_fields(const char *rec, size_t len)
{
	size_t count = field_count(rec, len), i = 0;
	struct span f, g;
	const char *p = rec, *end = rec + len;
	char num[16];
	int k;

	for (;;) {
		const char *t = memchr(p, '\t', (size_t)(end - p));
		size_t n = (size_t)((t ? t : end) - p);

		i++;
		if (i <= 64 || count - i < 64) {
			if (!field_get(rec, len, (int)i, &f) ||
			    !same(&f, p, n) || !field_get(rec, len,
			    (int)i - (int)count - 1, &g) || !same(&g, p, n))
				abort();
		}
		if (t == NULL)
			break;
		p = t + 1;
	}
	if (i != count || field_get(rec, len, (int)count + 1, &f) ||
	    field_get(rec, len, -(int)count - 1, &f))
		abort();
	if (field_parse(rec, end, &k)) {
		snprintf(num, sizeof num, "%d", k);
		if (k == 0 || !field_parse(num, NULL, &k) || strtol(num, NULL,
		    10) != k)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct reader r = { 0 };
	struct out spill;
	struct buf got = { 0 }, want = { 0 }, spilled = { 0 };
	const char *rec;
	size_t len, max = size ? data[0] % 8 : 0;	/* 0: no limit */
	int in, sp;
	enum read_status st;

	if (size > 1 << 20)
		return 0;
	in = memfd_create("in", 0);
	sp = memfd_create("spill", 0);
	if (in < 0 || sp < 0 || (size && write(in, data, size) != (ssize_t)size))
		abort();
	lseek(in, 0, SEEK_SET);
	reader_reset(&r, in);
	r.max = max;
	out_init(&spill, sp, "spill");
	r.spill = &spill;
	while ((st = reader_next(&r, &rec, &len)) != READ_EOF) {
		if (st == READ_ERROR)
			abort();
		if (st == READ_RECORD) {
			if (max && len > max)
				abort();
			buf_append(&got, rec, len);
			buf_putc(&got, '\n');
			check_fields(rec, len);
		}
	}
	out_flush(&spill);
	lseek(sp, 0, SEEK_SET);
	/* the spill holds no more than the input and the LF it may lack
	 * (a read of more would show up in the sums below); no megabyte
	 * buffer, mapped and unmapped by ASan each run */
	buf_reserve(&spilled, size + 2);
	spilled.len = (size_t)read(sp, spilled.p, spilled.cap);
	out_close(&spill);
	close(in);
	reader_free(&r);

	/* Records and spilled records, in their own orders, are the
	 * expected records split in two: check the lengths add up and
	 * that without a limit nothing is spilled. */
	expected((const char *)data, size, &want);
	if (got.len + spilled.len != want.len || (max == 0 && spilled.len))
		abort();
	if (max == 0 && (got.len != want.len ||
	    (got.len && memcmp(got.p, want.p, got.len))))
		abort();
	buf_free(&got);
	buf_free(&want);
	buf_free(&spilled);
	return 0;
}
