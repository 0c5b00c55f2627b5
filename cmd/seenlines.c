/* seenlines — remove from each document's text the lines (paragraphs)
 * seen in earlier documents, or with --count those that N documents of
 * the input hold: cookie notices, share lines and newsletter boxes that
 * extraction kept, repeated on every page of a site.  The documents and
 * their other fields pass as they are.  The state is seen(1)'s. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "linecount.h"
#include "linekey.h"
#include "seenrun.h"
#include "stream.h"

static const char help[] =
"Usage: seenlines [-f N] [-n COUNT] [-p RATE] [--exact] [--state FILE [--no-wait]]\n"
"                 [--min-chars N] [--casefold] [--digits] [--drop-empty]\n"
"                 [options] [file ...]\n"
"       seenlines --count N [-f N] [--min-chars N] [--casefold] [--digits]\n"
"                 [--drop-empty] [options] file ...\n"
"Remove from the text field of each record (default: the last) the lines\n"
"seen in earlier records, white space collapsed; or, with --count, read\n"
"the files twice and remove the lines that N records or more hold.  Lines\n"
"shorter than --min-chars characters are always kept.  The records and\n"
"their other fields are written as they are, in input order.\n"
"\n"
"  -f, --field N        the text field: 1 is the first, -1 the last\n"
"      --min-chars N    keep lines of fewer than N characters, white space\n"
"                       collapsed (default 20; 1 takes every line)\n"
"      --casefold       lines that differ in case only are one line\n"
"      --digits         lines that differ in their digits only are one line\n"
"      --count N        remove the lines that N records (2 or more) of the\n"
"                       input hold, every copy: two passes over the files\n"
"  -n, --capacity COUNT the number of lines to size the filter for (default\n"
"                       10M; k, M and G stand for 10^3, 10^6 and 10^9)\n"
"  -p, --fp-rate RATE   the false-positive rate at COUNT lines (default\n"
"                       0.0001): the share of new lines wrongly removed\n"
"      --exact          keep the line keys themselves: memory grows with\n"
"                       the lines\n"
"      --state FILE     start from the lines in FILE if it exists, and save\n"
"                       them there at the end, atomically (seen's format);\n"
"                       FILE.lock makes other runs on FILE wait\n"
"      --no-wait        with --state: fail at once if another run has FILE\n"
"      --drop-empty     reject a record whose every line was removed (a\n"
"                       message, --rejects) instead of writing it with an\n"
"                       empty text\n"
CLI_HELP_COMMON;

enum {
	OPT_MIN_CHARS = OPT_PROGRAM, OPT_CASEFOLD, OPT_DIGITS, OPT_COUNT,
	OPT_DROP_EMPTY
};

static const struct option longopts[] = {
	{ "field",	required_argument,	NULL, 'f' },
	SEENRUN_LONGOPTS,
	{ "min-chars",	required_argument,	NULL, OPT_MIN_CHARS },
	{ "casefold",	no_argument,		NULL, OPT_CASEFOLD },
	{ "digits",	no_argument,		NULL, OPT_DIGITS },
	{ "count",	required_argument,	NULL, OPT_COUNT },
	{ "drop-empty",	no_argument,		NULL, OPT_DROP_EMPTY },
	CLI_LONGOPTS_COMMON,
	{ NULL,		0,			NULL, 0 }
};

/* A false positive deletes a line of someone's text: a rarer event is
 * asked for than seen's 0.01 (a URL not crawled).  The filter is probed
 * 8 times a line, not the 13 that make it smallest: 21.1 bits a line
 * instead of 19.2, and 12% less CPU time on bench/sitegen's 153 MB
 * (each probe a cache miss in a filter of 25 MB). */
static struct seenrun run = { .capacity = 10000000, .rate = 0.0001,
    .max_probes = 8, .huge_pages = true };
static struct linecount counts;
static int field = -1;
static unsigned how;		/* LINEKEY_* */
static size_t min_chars = 20;
static long long count_min;	/* --count N; 0: the streaming filter */
static bool drop_empty;

/* What was removed, for -v. */
static uintmax_t nlines, nremoved, nchars, ncharsremoved, nemptied;

/* A line's key as the filter and the state file hold it: 8 bytes,
 * little-endian, the same on every machine. */
static const unsigned char *
key_bytes(uint64_t key)
{
	static unsigned char b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(key >> 8 * i);
	return b;
}

/* Mark the lines of the current document to remove: those seen in
 * earlier documents (or held by --count documents), a line twice in this
 * one as its first copy is; then the short ones by their surroundings.
 * In the streaming filter each line is added as it is tested: a line
 * whose first copy in this text finds it already there was in an earlier
 * document. */
static void
decide(struct linekeys *lk, const char *file, uintmax_t line)
{
	/* the filter is larger than the cache: let the misses of all the
	 * lines overlap (the Bloom filter's time halves on bench/sitegen) */
	for (size_t i = 0; count_min == 0 && i < lk->n; i++)
		if (lk->v[i].key != 0 && lk->v[i].first == i)
			seenrun_prefetch(&run, key_bytes(lk->v[i].key), 8);
	for (size_t i = 0; i < lk->n; i++) {
		struct linekey_line *l = &lk->v[i];

		if (l->key == 0)
			continue;
		if (l->first != i)
			l->gone = lk->v[l->first].gone;
		else if (count_min > 0)
			l->gone = linecount_get(&counts, l->key) >= count_min;
		else
			l->gone = !seenrun_add(&run, key_bytes(l->key), 8, file,
			    line);
	}
	linekey_context(lk);
}

/* The text without its removed lines into out; false if none is. */
static bool
filter(const struct linekeys *lk, const char *p, struct buf *out,
    bool *empty)
{
	bool any = false, first = true;

	out->len = 0;
	*empty = true;
	for (size_t i = 0; i < lk->n; i++) {
		const struct linekey_line *l = &lk->v[i];

		nlines++;
		nchars += l->chars;
		if (l->gone) {
			any = true;
			nremoved++;
			ncharsremoved += l->chars;
			continue;
		}
		if (!first)
			buf_append(out, "\\n", 2);
		first = false;
		buf_append(out, p + l->start, l->len);
		*empty &= l->chars == 0;
	}
	return any;
}

static void
report(void)
{
	diag_warn("lines: %ju read, %ju removed (%.1f%%), %ju characters of "
	    "%ju removed (%.1f%%); %ju records with every line removed", nlines,
	    nremoved, nlines ? 100.0 * (double)nremoved / (double)nlines : 0.0,
	    ncharsremoved, nchars, nchars ? 100.0 * (double)ncharsremoved /
	    (double)nchars : 0.0, nemptied);
	if (count_min > 0)
		diag_warn("counts: %zu distinct lines in %zu bytes, %.1f bytes "
		    "a line", counts.count, linecount_memory(&counts),
		    counts.count ? (double)linecount_memory(&counts) /
		    (double)counts.count : 0.0);
	else
		seenrun_report(&run);
}

static void
count_pass(int npaths, char **paths, struct linekeys *lk)
{
	const char *bad;

	if (npaths == 0)
		cli_usage_error("--count reads its inputs twice: name files, "
		    "not the standard input");
	for (int i = 0; i < npaths; i++)
		if (strcmp(paths[i], "-") == 0)
			cli_usage_error("--count reads its inputs twice: name "
			    "files, not the standard input");
	linecount_init(&counts);
	if (!linecount_files(&counts, lk, npaths, paths, field, cli.header,
	    cli.max_record, &bad))
		diag_fatal("%s: %s%s", bad, strerror(errno), errno == ESPIPE ?
		    " (--count reads its inputs twice: a regular file)" : "");
}

int
main(int argc, char *argv[])
{
	static struct buf text;
	struct linekeys lk;
	struct stream s;
	struct record r;
	struct span f;
	int ch, status;

	cli_init("seenlines", help, argv);
	while ((ch = getopt_long(argc, argv, "f:" SEENRUN_SHORTOPTS
	    CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			field = cli_field("-f", optarg);
			break;
		case OPT_MIN_CHARS:
			min_chars = (size_t)cli_number("--min-chars", optarg, 1,
			    1000000);
			break;
		case OPT_CASEFOLD:
			how |= LINEKEY_CASEFOLD;
			break;
		case OPT_DIGITS:
			how |= LINEKEY_DIGITS;
			break;
		case OPT_COUNT:
			count_min = cli_number("--count", optarg, 2, UINT32_MAX);
			break;
		case OPT_DROP_EMPTY:
			drop_empty = true;
			break;
		default:
			if (!seenrun_option(&run, ch, optarg))
				cli_option(ch, optarg);
		}
	}
	if (count_min > 0 && (run.exact || run.state_arg != NULL ||
	    run.capacity_given || run.rate_given))
		cli_usage_error("--count keeps counts, not a filter: it takes "
		    "no -n, -p, --exact or --state");
	seenrun_check(&run);
	linekey_init(&lk, how, min_chars);
	if (count_min > 0)
		count_pass(argc - optind, argv + optind, &lk);
	else
		seenrun_open(&run);

	stream_open(&s, argc - optind, argv + optind);
	while (stream_next(&s, &r)) {
		bool empty;

		if (r.header) {
			stream_write(&s, &r);
			continue;
		}
		if (!stream_field(&s, &r, field, &f))
			continue;
		linekey_split(&lk, f.p, f.n);
		decide(&lk, s.file, r.line);
		if (!filter(&lk, f.p, &text, &empty))
			stream_write(&s, &r);
		else if (!empty)
			stream_write_replace(&s, &r, &f, text.p, text.len,
			    false);
		else if (drop_empty)
			stream_reject(&s, &r, "every line of the text was "
			    "removed (--drop-empty)");
		else {
			nemptied++;
			stream_write_replace(&s, &r, &f, "", 0, false);
		}
	}
	/* the output is written, and checked, before the state is saved */
	status = stream_close(&s);
	if (cli.verbose)
		report();
	if (count_min > 0)
		linecount_free(&counts);
	else if (seenrun_close(&run) != 0)
		status = 2;
	linekey_free(&lk);
	buf_free(&text);
	return status;
}
