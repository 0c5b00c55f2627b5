/* simhash — 64-bit SimHash fingerprints of texts, near-duplicates a few
 * bits apart. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "fingerprint.h"
#include "simhash.h"
#include "stream.h"

static const char help[] =
"Usage: simhash [-a] [-f N] [-n N] [options] [file ...]\n"
"Replace the text field of each record (default: the last) with its 64-bit\n"
"SimHash fingerprint as 16 lowercase hex digits: near-duplicate texts get\n"
"fingerprints a few bits apart (see hamming, nearpairs).  A text without\n"
"words gets 0000000000000000.\n"
"\n"
"  -f, --field N        the text field: 1 is the first, -1 the last\n"
"  -a, --add            keep the text and add the fingerprint just before it\n"
"  -n, --count N        N fingerprints with different feature hashes\n"
"                       (1 to 16), comma-separated in one field\n"
"Features, for experiments (the defaults are what the manual describes):\n"
"      --tokens=T       word: words and CJK characters (default);\n"
"                       char: every letter and digit a token\n"
"      --shingle N      a feature is N consecutive tokens (1 to 8; 1)\n"
"      --weight=W       capped (default), tf, log or binary\n"
"      --keep-digits    do not map digits to 0\n"
CLI_HELP_COMMON;

enum { OPT_TOKENS = OPT_PROGRAM, OPT_SHINGLE, OPT_WEIGHT, OPT_KEEP_DIGITS };

static const struct option longopts[] = {
	{ "field",	required_argument,	NULL, 'f' },
	{ "add",	no_argument,		NULL, 'a' },
	{ "count",	required_argument,	NULL, 'n' },
	{ "tokens",	required_argument,	NULL, OPT_TOKENS },
	{ "shingle",	required_argument,	NULL, OPT_SHINGLE },
	{ "weight",	required_argument,	NULL, OPT_WEIGHT },
	{ "keep-digits", no_argument,		NULL, OPT_KEEP_DIGITS },
	CLI_LONGOPTS_COMMON,
	{ NULL,		0,			NULL, 0 }
};

static int field = -1;
static bool add;
static int nfp = 1;

static int
parse_weight(const char *arg)
{
	static const char *const names[] = {
		[SIMHASH_W_DEFAULT] = "capped",
		[SIMHASH_W_TF] = "tf",
		[SIMHASH_W_LOG] = "log",
		[SIMHASH_W_BINARY] = "binary",
	};

	for (int i = 0; i < (int)(sizeof names / sizeof *names); i++)
		if (strcmp(arg, names[i]) == 0)
			return i;
	cli_usage_error("--weight: '%s' is not capped, tf, log or binary", arg);
}

int
main(int argc, char *argv[])
{
	struct simhash_params par = simhash_defaults;
	struct simhash sh;
	struct stream s;
	struct record r;
	struct span f;
	uint64_t fp[SIMHASH_MAXFP];
	char out[SIMHASH_MAXFP * (FINGERPRINT_HEXLEN + 1)];
	int ch;

	cli_init("simhash", help, argv);
	while ((ch = getopt_long(argc, argv, "af:n:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			add = true;
			break;
		case 'f':
			field = cli_field("-f", optarg);
			break;
		case 'n':
			nfp = (int)cli_number("-n", optarg, 1, SIMHASH_MAXFP);
			break;
		case OPT_TOKENS:
			if (strcmp(optarg, "char") == 0)
				par.tokflags |= TOKENS_CHARS;
			else if (strcmp(optarg, "word") == 0)
				par.tokflags &= ~(unsigned)TOKENS_CHARS;
			else
				cli_usage_error("--tokens: '%s' is not word "
				    "or char", optarg);
			break;
		case OPT_SHINGLE:
			par.shingle = (unsigned)cli_number("--shingle", optarg,
			    1, SIMHASH_MAXSHINGLE);
			break;
		case OPT_WEIGHT:
			par.weight = parse_weight(optarg);
			break;
		case OPT_KEEP_DIGITS:
			par.tokflags &= ~(unsigned)TOKENS_DIGITS_ZERO;
			break;
		default:
			cli_option(ch, optarg);
		}
	}

	simhash_init(&sh, &par);
	stream_open(&s, argc - optind, argv + optind);
	while (stream_next(&s, &r)) {
		size_t len = 0;

		if (!stream_field(&s, &r, field, &f))
			continue;
		if (r.header) {
			stream_write_replace(&s, &r, &f, "simhash", 7, add);
			continue;
		}
		simhash_text(&sh, f.p, f.n, true, nfp, fp);
		for (int j = 0; j < nfp; j++) {
			if (j)
				out[len++] = ',';
			fingerprint_format(fp[j], out + len);
			len += FINGERPRINT_HEXLEN;
		}
		stream_write_replace(&s, &r, &f, out, len, add);
	}
	simhash_free(&sh);
	return stream_close(&s);
}
