/* seen — write each record whose key was not seen before: a streaming
 * first-occurrence filter, with a Bloom filter or an exact set that can
 * be kept in a state file from one run to the next. */
#include <stdbool.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "escape.h"
#include "seenrun.h"
#include "stream.h"

static const char help[] =
"Usage: seen [-d] [-f N] [-n COUNT] [-p RATE] [--exact]\n"
"            [--state FILE [--no-wait]] [options] [file ...]\n"
"Write each record whose key, a field, was not seen before, in input order\n"
"as the records stream.  The keys are kept in a Bloom filter of fixed size,\n"
"which takes a new key for a seen one with probability RATE, or with\n"
"--exact in a set of the keys themselves; with --state, from run to run.\n"
"\n"
"  -f, --field N        the key field: 1 is the first (default), -1 the last\n"
"  -n, --capacity COUNT the number of keys to size the filter for (default\n"
"                       10M; k, M and G stand for 10^3, 10^6 and 10^9)\n"
"  -p, --fp-rate RATE   the false-positive rate at COUNT keys (default 0.01)\n"
"      --exact          keep the keys themselves: no false positives, but\n"
"                       memory grows with the keys\n"
"      --state FILE     start from the keys in FILE if it exists, and save\n"
"                       them there at the end, atomically; FILE.lock makes\n"
"                       other runs on FILE wait\n"
"      --no-wait        with --state: fail at once if another run has FILE\n"
"  -d, --duplicates     write the records whose key was seen before instead;\n"
"                       FILE is then read but not changed\n"
CLI_HELP_COMMON;

static const struct option longopts[] = {
	{ "field",	required_argument,	NULL, 'f' },
	SEENRUN_LONGOPTS,
	{ "duplicates",	no_argument,		NULL, 'd' },
	CLI_LONGOPTS_COMMON,
	{ NULL,		0,			NULL, 0 }
};

static int field = 1;
static bool dups;
static struct seenrun run = { .capacity = 10000000, .rate = 0.01 };

static void
report(uintmax_t nnew, uintmax_t ndup)
{
	diag_warn("keys: %ju read, %ju new, %ju seen before", nnew + ndup,
	    nnew, ndup);
	seenrun_report(&run);
}

int
main(int argc, char *argv[])
{
	static struct buf unescaped;
	struct stream s;
	struct record r;
	struct span f;
	uintmax_t nnew = 0, ndup = 0;
	int ch, status;

	cli_init("seen", help, argv);
	while ((ch = getopt_long(argc, argv, "df:" SEENRUN_SHORTOPTS
	    CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			dups = true;
			break;
		case 'f':
			field = cli_field("-f", optarg);
			break;
		default:
			if (!seenrun_option(&run, ch, optarg))
				cli_option(ch, optarg);
		}
	}
	seenrun_check(&run);
	/* -d changes nothing: the state file must exist, and is not saved */
	run.readonly = dups;
	seenrun_open(&run);

	stream_open(&s, argc - optind, argv + optind);
	while (stream_next(&s, &r)) {
		const char *key;
		size_t len;
		bool isnew;

		if (r.header) {
			stream_write(&s, &r);
			continue;
		}
		if (!stream_field(&s, &r, field, &f))
			continue;
		/* The key is the field's value: two spellings of it, such
		 * as "C:\dir" and "C:\\dir", are one key. */
		key = f.p;
		len = f.n;
		if (memchr(f.p, '\\', f.n) != NULL) {
			unescaped.len = 0;
			unescape_append(&unescaped, f.p, f.n);
			key = unescaped.p;
			len = unescaped.len;
		}
		isnew = seenrun_add(&run, key, len, s.file, r.line);
		if (isnew)
			nnew++;
		else
			ndup++;
		if (isnew != dups)
			stream_write(&s, &r);
	}
	/* The output is written, and checked, before the state is saved:
	 * a key is never kept as seen when its record was not written. */
	status = stream_close(&s);
	if (cli.verbose)
		report(nnew, ndup);
	if (seenrun_close(&run) != 0)
		status = 2;
	buf_free(&unescaped);
	return status;
}
