/* Fuzz target: seenlines' lines and their keys (linekey.h).  The first
 * byte picks the floor and the folding; the rest is an escaped text
 * field.  No crash; the lines joined with "\n" are the field again; a
 * line's first copy is an earlier line (or itself) with the same key, and
 * lines with the same key share their first; a blank line has no key and
 * no characters, a key is never 0; the same line alone has the same key
 * and characters; linekey_context only clears marks, never of a long
 * line; linecount counts each key once for the text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "linecount.h"
#include "linekey.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct linekeys lk, one;
	struct linecount lc;
	struct buf joined = { 0 };
	const char *p = (const char *)data + 1;
	size_t n, nl;
	bool *was;

	if (size < 1 || size > 1 << 16)
		return 0;
	n = size - 1;
	linekey_init(&lk, data[0] & 3, (data[0] >> 2) % 32);
	linekey_init(&one, data[0] & 3, (data[0] >> 2) % 32);
	nl = linekey_split(&lk, p, n);
	if (nl == 0 || (was = malloc(nl)) == NULL)
		abort();
	for (size_t i = 0; i < nl; i++) {
		const struct linekey_line *l = &lk.v[i];

		if (i)
			buf_append(&joined, "\\n", 2);
		buf_append(&joined, p + l->start, l->len);
		if (l->first > i || lk.v[l->first].key != l->key ||
		    lk.v[l->first].first != l->first)
			abort();
		if ((l->key == 0) != (l->chars == 0))
			abort();
		/* alone, the line is itself */
		if (linekey_split(&one, p + l->start, l->len) != 1 ||
		    one.v[0].key != l->key || one.v[0].chars != l->chars)
			abort();
		lk.v[i].gone = data[(i * 7) % size] & 1;
		was[i] = lk.v[i].gone;
	}
	if (joined.len != n || (n && memcmp(joined.p, p, n) != 0))
		abort();
	linekey_context(&lk);
	for (size_t i = 0; i < nl; i++)
		if ((lk.v[i].gone && !was[i]) ||
		    (!lk.v[i].isshort && lk.v[i].key && lk.v[i].gone != was[i]))
			abort();
	linecount_init(&lc);
	linecount_doc(&lc, &lk);
	for (size_t i = 0; i < nl; i++)
		if (lk.v[i].key && linecount_get(&lc, lk.v[i].key) != 1)
			abort();
	linecount_free(&lc);
	free(was);
	buf_free(&joined);
	linekey_free(&lk);
	linekey_free(&one);
	return 0;
}
