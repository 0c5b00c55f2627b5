/* hamming — bit distance between 64-bit fingerprints. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fingerprint.h"
#include "out.h"
#include "stream.h"

static const char help[] =
"Usage: hamming [options] FP1 FP2\n"
"       hamming [-f A,B] [-k K] [options] [file ...]\n"
"       hamming -t FP [-k K] [-f N] [options] [file ...]\n"
"Bit distance between 64-bit fingerprints written as 16 hex digits\n"
"(either case, optional 0x).  With two fingerprint operands, print their\n"
"distance.  Otherwise read records and append the distance between two of\n"
"their fields, or, with -t, between one field and FP.\n"
"\n"
"  -f, --field A,B      the two fingerprint fields (default -2,-1)\n"
"  -f, --field N        with -t: the fingerprint field (default -1)\n"
"  -t, --to FP          compare each record with FP; implies -k 3\n"
"  -k, --max-distance K keep only records within K bits (0 to 64)\n"
"  --                   the operands that follow are files\n"
CLI_HELP_COMMON;

static const struct option longopts[] = {
	{ "field",		required_argument,	NULL, 'f' },
	{ "to",			required_argument,	NULL, 't' },
	{ "max-distance",	required_argument,	NULL, 'k' },
	CLI_LONGOPTS_COMMON,
	{ NULL,			0,			NULL, 0 }
};

static int fa = -2, fb = -1;	/* the fields compared */
static bool to;			/* -t: compare fb with target */
static uint64_t target;
static int maxdist = -1;	/* -k; -1: keep everything */

static void
parse_fields(const char *arg)
{
	const char *comma = strchr(arg, ',');

	if (to) {
		if (comma != NULL || !field_parse(arg, NULL, &fb))
			cli_usage_error("-f: '%s' is not a field number "
			    "(with -t, one field: 1 is the first, -1 the last)",
			    arg);
		return;
	}
	if (comma == NULL || !field_parse(arg, comma, &fa) ||
	    !field_parse(comma + 1, NULL, &fb))
		cli_usage_error("-f: '%s' is not two field numbers A,B "
		    "(1 is the first, -1 the last)", arg);
}

/* d (0 to 64) in decimal; snprintf would be a third of the run time. */
static size_t
format_distance(unsigned d, char num[2])
{
	if (d < 10) {
		num[0] = (char)('0' + d);
		return 1;
	}
	num[0] = (char)('0' + d / 10);
	num[1] = (char)('0' + d % 10);
	return 2;
}

/* `hamming FP1 FP2`: print the distance. */
static int
operands(const char *a, const char *b)
{
	struct out o;
	uint64_t x, y;
	char num[2];

	fingerprint_parse(a, strlen(a), &x);
	fingerprint_parse(b, strlen(b), &y);
	out_init(&o, 1, NULL);
	out_write(&o, num, format_distance(fingerprint_distance(x, y), num));
	out_end_record(&o);
	out_close(&o);
	return 0;
}

static bool
is_fp(const char *s)
{
	uint64_t fp;

	return fingerprint_parse(s, strlen(s), &fp);
}

/* The fingerprint in field n of r, or a rejection. */
static bool
get_fp(struct stream *s, const struct record *r, int n, uint64_t *fp)
{
	struct span f;
	char q[DIAG_QUOTE_MAX];

	if (!stream_field(s, r, n, &f))
		return false;
	if (!fingerprint_parse(f.p, f.n, fp)) {
		stream_reject(s, r, "field %d: '%s' is not a fingerprint "
		    "(16 hex digits)", n, diag_quote(f.p, f.n, q, sizeof q));
		return false;
	}
	return true;
}

int
main(int argc, char *argv[])
{
	struct stream s;
	struct record r;
	const char *fields = NULL, *lastarg = NULL;
	bool dashdash;
	int ch;

	cli_init("hamming", help, argv);
	while ((ch = getopt_long(argc, argv, "f:t:k:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		lastarg = optarg;
		switch (ch) {
		case 'f':
			fields = optarg;
			break;
		case 't':
			if (!fingerprint_parse(optarg, strlen(optarg), &target))
				cli_usage_error("-t: '%s' is not a fingerprint "
				    "(16 hex digits, optional 0x)", optarg);
			to = true;
			break;
		case 'k':
			maxdist = (int)cli_number("-k", optarg, 0, 64);
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	/* "--" ends the options and makes every operand a file. */
	dashdash = optind > 1 && strcmp(argv[optind - 1], "--") == 0 &&
	    argv[optind - 1] != lastarg;

	if (argc - optind == 2 && !dashdash && is_fp(argv[optind]) &&
	    is_fp(argv[optind + 1])) {
		if (to || fields || maxdist >= 0 || cli.header)
			cli_usage_error("FP1 FP2 takes no -t, -f, -k or -H");
		return operands(argv[optind], argv[optind + 1]);
	}
	if (fields)
		parse_fields(fields);
	if (to && maxdist < 0)
		maxdist = 3;

	stream_open(&s, argc - optind, argv + optind);
	while (stream_next(&s, &r)) {
		uint64_t x, y;
		unsigned d;
		char num[2];

		if (r.header) {
			stream_write_append(&s, &r, "distance", 8);
			continue;
		}
		if (to)
			x = target;
		else if (!get_fp(&s, &r, fa, &x))
			continue;
		if (!get_fp(&s, &r, fb, &y))
			continue;
		d = fingerprint_distance(x, y);
		if (maxdist >= 0 && d > (unsigned)maxdist)
			continue;
		stream_write_append(&s, &r, num, format_distance(d, num));
	}
	return stream_close(&s);
}
