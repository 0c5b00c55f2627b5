/* sha256text — the exact-duplicate key of a text: the SHA-256 of its
 * white-space-normalized UTF-8. */
#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "cli.h"
#include "digest.h"
#include "escape.h"
#include "parts.h"
#include "stream.h"
#include "textnorm.h"

static const char help[] =
"Usage: sha256text [-a] [-f N] [--raw | [--nfkc] [--casefold]]\n"
"                  [--partitions P --prefix PREFIX] [options] [file ...]\n"
"Replace the text field of each record (default: the last) with the SHA-256\n"
"of the text, white space collapsed, as 64 lowercase hex digits.\n"
"\n"
"  -f, --field N        the text field: 1 is the first, -1 the last\n"
"  -a, --add            keep the text and add the digest just before it\n"
"      --raw            hash the unescaped field as it is\n"
"      --nfkc           apply Unicode NFKC before hashing\n"
"      --casefold       apply Unicode case folding before hashing\n"
"      --partitions P   write each record to PREFIX.J, not to the standard\n"
"                       output: J its digest's first 4 hex digits mod P\n"
"      --prefix PREFIX  the files' names with --partitions\n"
CLI_HELP_COMMON;

enum {
	OPT_RAW = OPT_PROGRAM,
	OPT_NFKC,
	OPT_CASEFOLD,
	OPT_PARTITIONS,
	OPT_PREFIX,
};

static const struct option longopts[] = {
	{ "field",	required_argument,	NULL, 'f' },
	{ "add",	no_argument,		NULL, 'a' },
	{ "raw",	no_argument,		NULL, OPT_RAW },
	{ "nfkc",	no_argument,		NULL, OPT_NFKC },
	{ "casefold",	no_argument,		NULL, OPT_CASEFOLD },
	{ "partitions",	required_argument,	NULL, OPT_PARTITIONS },
	{ "prefix",	required_argument,	NULL, OPT_PREFIX },
	CLI_LONGOPTS_COMMON,
	{ NULL,		0,			NULL, 0 }
};

static int field = -1;
static bool add, raw;
static unsigned unicode;	/* TEXTNORM_NFKC | TEXTNORM_CASEFOLD */
static unsigned nparts;
static const char *prefix;

static void
digest(const char *p, size_t n, char hex[2 * DIGEST_SHA256_LEN])
{
	static struct buf text, folded;
	unsigned char md[DIGEST_SHA256_LEN];

	digest_sha256_begin();
	if (raw || unicode) {
		text.len = 0;
		unescape_append(&text, p, n);
	}
	if (raw)
		digest_sha256_update(text.p, text.len);
	else if (unicode) {
		folded.len = 0;
		textnorm_unicode(text.p, text.len, unicode, &folded);
		textnorm_space(folded.p, folded.len, false, digest_sha256_sink,
		    NULL);
	} else
		textnorm_space(p, n, true, digest_sha256_sink, NULL);
	digest_sha256_end(md);
	digest_hex(md, DIGEST_SHA256_LEN, hex);
}

int
main(int argc, char *argv[])
{
	struct stream s;
	struct parts pt;
	struct record r;
	struct span f;
	char hex[2 * DIGEST_SHA256_LEN];
	int ch;

	cli_init("sha256text", help, argv);
	while ((ch = getopt_long(argc, argv, "af:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			add = true;
			break;
		case 'f':
			field = cli_field("-f", optarg);
			break;
		case OPT_RAW:
			raw = true;
			break;
		case OPT_NFKC:
			unicode |= TEXTNORM_NFKC;
			break;
		case OPT_CASEFOLD:
			unicode |= TEXTNORM_CASEFOLD;
			break;
		case OPT_PARTITIONS:
			nparts = (unsigned)cli_number("--partitions", optarg, 1,
			    PARTS_MAX);
			break;
		case OPT_PREFIX:
			prefix = optarg;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if (raw && unicode)
		cli_usage_error("--raw cannot be combined with --nfkc or "
		    "--casefold");

	if ((nparts == 0) != (prefix == NULL))
		cli_usage_error("--partitions and --prefix go together");

	stream_open(&s, argc - optind, argv + optind);
	if (nparts)
		parts_open(&pt, prefix, nparts);
	while (stream_next(&s, &r)) {
		if (!stream_field(&s, &r, field, &f))
			continue;
		if (r.header) {	/* every partition's file has it */
			for (unsigned j = 0; j < nparts; j++)
				stream_write_replace_to(&s, &pt.o[j], &r, &f,
				    "sha256", 6, add);
			if (!nparts)
				stream_write_replace(&s, &r, &f, "sha256", 6,
				    add);
			continue;
		}
		digest(f.p, f.n, hex);
		if (nparts)
			stream_write_replace_to(&s,
			    &pt.o[parts_of_hex(hex, nparts)], &r, &f, hex,
			    sizeof hex, add);
		else
			stream_write_replace(&s, &r, &f, hex, sizeof hex, add);
	}
	if (nparts)
		parts_close(&pt);
	return stream_close(&s);
}
