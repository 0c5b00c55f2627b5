/* Unit tests of common/linekey.c. */
#include "linecount.h"
#include "linekey.h"

#include "unit.h"

/* linekey: lines cut at escaped LFs only, keys of collapsed white
 * space, the first copy of a line, short lines judged by their
 * surroundings; linecount: a line counted once a document. */
void
test_linekey(void)
{
	struct linekeys lk;
	struct linecount lc;
	/* a\nb: "a" and "b"; a\\nb: a backslash and n, one line */
	static const char f1[] = "one  line\\nx\\\\ny\\n\\n\\tone line\\r";
	static const struct {
		const char *field, *gone;	/* gone: 1 per line, removed or not */
		const char *want;		/* the lines kept, by number */
	} ctx[] = {
		/* L = long, s = short, b = blank; the marks the caller set */
		{ "LLL", "101", "1" },
		/* a short line between removed ones goes; beside a kept
		 * one it stays */
		{ "LsL", "111", "" },
		{ "LsL", "011", "01" },
		{ "LsL", "110", "12" },
		/* a run of short and blank lines is judged as one */
		{ "LsbsL", "11011", "2" },
		/* the ends count as removed, but not both */
		{ "sL", "11", "" },
		{ "Ls", "11", "" },
		{ "ss", "11", "01" },
		{ "sbs", "101", "012" },
	};

	linekey_init(&lk, 0, 5);
	ok(linekey_split(&lk, f1, strlen(f1)) == 4, "linekey: 4 lines, not %zu",
	    lk.n);
	ok(lk.v[0].start == 0 && lk.v[0].len == 9 && lk.v[1].len == 5 &&
	    lk.v[2].len == 0 && lk.v[3].len == 12, "linekey: line spans");
	ok(lk.v[0].key == lk.v[3].key && lk.v[0].key != 0 &&
	    lk.v[3].first == 0 && lk.v[0].first == 0, "linekey: white space "
	    "and \\t, \\r collapsed: one key, the first copy line 0");
	ok(lk.v[2].key == 0 && lk.v[0].chars == 8 && !lk.v[0].isshort &&
	    lk.v[1].isshort, "linekey: blank, characters, short");
	ok(linekey_split(&lk, "", 0) == 1 && lk.v[0].key == 0,
	    "linekey: an empty field is one blank line");
	/* a lone backslash at the end, and one before a non-n */
	ok(linekey_split(&lk, "a\\", 2) == 1 && linekey_split(&lk,
	    "a\\tb\\", 5) == 1, "linekey: other escapes are no breaks");
	for (size_t i = 0; i < sizeof ctx / sizeof *ctx; i++) {
		struct buf in = { 0 };
		char got[16];
		size_t n = 0;

		for (const char *c = ctx[i].field; *c; c++) {
			if (c != ctx[i].field)
				buf_append(&in, "\\n", 2);
			/* distinct lines: long ones of 6 characters */
			if (*c == 'L')
				buf_append(&in, c == ctx[i].field ? "long 0" :
				    c[-1] == 'L' ? "long 1" : "long 2", 6);
			else if (*c == 's')
				buf_append(&in, c - ctx[i].field > 1 ? "s2" : "s1", 2);
		}
		linekey_split(&lk, in.p, in.len);
		for (size_t j = 0; j < lk.n; j++)
			lk.v[j].gone = ctx[i].gone[j] == '1';
		linekey_context(&lk);
		for (size_t j = 0; j < lk.n; j++)
			if (!lk.v[j].gone)
				got[n++] = (char)('0' + j);
		got[n] = '\0';
		ok(strcmp(got, ctx[i].want) == 0, "linekey_context %s %s: kept "
		    "%s, not %s", ctx[i].field, ctx[i].gone, ctx[i].want, got);
		buf_free(&in);
	}
	/* casefold and digits */
	linekey_free(&lk);
	linekey_init(&lk, LINEKEY_CASEFOLD | LINEKEY_DIGITS, 1);
	linekey_split(&lk, "\xce\xa3 Year 2024\\n\xcf\x83 year \xef\xbc\x91\xef\xbc\x99\xef\xbc\x99\xef\xbc\x99",
	    strlen("\xce\xa3 Year 2024\\n\xcf\x83 year \xef\xbc\x91\xef\xbc\x99\xef\xbc\x99\xef\xbc\x99"));
	ok(lk.n == 2 && lk.v[0].key == lk.v[1].key && lk.v[1].first == 0,
	    "linekey: case and (fullwidth) digits folded");

	/* counts: a line twice in a document counts once */
	linekey_free(&lk);
	linekey_init(&lk, 0, 1);
	linecount_init(&lc);
	linekey_split(&lk, "a line\\na line\\nb", strlen("a line\\na line\\nb"));
	linecount_doc(&lc, &lk);
	linekey_split(&lk, "a  line", 7);
	linecount_doc(&lc, &lk);
	ok(linecount_get(&lc, lk.v[0].key) == 2 && lc.count == 2,
	    "linecount: 2 documents, 2 distinct lines");
	/* past the first growth: every count kept */
	for (unsigned i = 0; i < 5000; i++) {
		char line[32];

		snprintf(line, sizeof line, "line %u", i);
		linekey_split(&lk, line, strlen(line));
		linecount_doc(&lc, &lk);
		if (i % 2 == 0)
			linecount_doc(&lc, &lk);
	}
	{
		size_t wrong = 0;

		for (unsigned i = 0; i < 5000; i++) {
			char line[32];

			snprintf(line, sizeof line, "line %u", i);
			linekey_split(&lk, line, strlen(line));
			wrong += linecount_get(&lc, lk.v[0].key) != 2 - i % 2;
		}
		ok(wrong == 0 && lc.count == 5002 && lc.nslots * 3 >= lc.count * 4,
		    "linecount: 5002 lines, %zu counts wrong", wrong);
	}
	linecount_free(&lc);
	linekey_free(&lk);
}
