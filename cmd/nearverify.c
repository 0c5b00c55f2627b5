/* nearverify — confirm candidate pairs of near-duplicate documents on
 * their texts (Jaccard of shingle sets), and cluster what is confirmed.
 * Options and the record loops only: the pairs are read first and kept
 * by common/nvpairs.c; the documents are streamed once through nvdocs.c,
 * which keeps the shingle sets of documents named in some pair, each
 * until its last pair is done, and makes the groups. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "nvdocs.h"
#include "nvpairs.h"
#include "stream.h"

static const char help[] =
"Usage: nearverify -d DOCS [--min J] [--shingle N] [--all] [--containment]\n"
"                  [--clusters | --components] [options] [file ...]\n"
"Read candidate pairs (ID1 TAB ID2 [TAB ...], as nearpairs writes them)\n"
"and the documents of DOCS (ID TAB ... TAB TEXT); write each pair whose\n"
"texts are similar, with the similarity added as a last field: the\n"
"Jaccard index of the two texts' sets of 3-token shingles (tokens as\n"
"simhash takes them), 4 decimals.\n"
"\n"
"  -d, --docs DOCS      the documents (required; - is the standard input)\n"
"  -i, --id-field N     the ID field of DOCS (default 1; -1 is the last)\n"
"  -f, --field N        the text field of DOCS (default -1, the last)\n"
"      --min J          confirm pairs of similarity J or more (0 to 1;\n"
"                       default 0.3, with --containment 0.7)\n"
"      --all            write every pair with its similarity, confirmed\n"
"                       or not\n"
"      --containment    similarity |A and B| / min(|A|, |B|) instead: one\n"
"                       text inside the other counts as 1\n"
"      --shingle N      shingles of N tokens (1 to 8, default 3)\n"
"      --clusters       ID TAB CLUSTER for each document of DOCS, in its\n"
"                       order: the earliest cluster leader it is confirmed\n"
"                       similar to, or itself (no chaining)\n"
"      --components     ID TAB COMPONENT: connected components instead\n"
CLI_HELP_COMMON;

enum {
	OPT_MIN = OPT_PROGRAM,
	OPT_ALL,
	OPT_CONTAINMENT,
	OPT_SHINGLE,
	OPT_CLUSTERS,
	OPT_COMPONENTS,
};

static const struct option longopts[] = {
	{ "docs",		required_argument,	NULL, 'd' },
	{ "id-field",		required_argument,	NULL, 'i' },
	{ "field",		required_argument,	NULL, 'f' },
	{ "min",		required_argument,	NULL, OPT_MIN },
	{ "all",		no_argument,		NULL, OPT_ALL },
	{ "containment",	no_argument,		NULL, OPT_CONTAINMENT },
	{ "shingle",		required_argument,	NULL, OPT_SHINGLE },
	{ "clusters",		no_argument,		NULL, OPT_CLUSTERS },
	{ "components",		no_argument,		NULL, OPT_COMPONENTS },
	CLI_LONGOPTS_COMMON,
	{ NULL,			0,			NULL, 0 }
};

static char *docs;
static int docsfd = -1;
static int idfield = 1, textfield = -1;
static unsigned shingle = 3;
static bool all, clusters, components;
static enum nvdocs_groups mode;
/* By default 0.3, or 0.7 with --containment (see nearverify(1) for why). */
static struct nvdocs_threshold min;

static struct stream s;
static struct nvpairs pairs;
static struct nvdocs d;

static char docsid[256] = "id";	/* -H: DOCS' ID column */
static size_t ndocsid = 2;
static struct buf pairhead;
static bool have_pairhead;

static void
read_pairs(void)
{
	struct record r;

	while (stream_next(&s, &r)) {
		if (r.header) {
			pairhead.len = 0;
			buf_append(&pairhead, r.p, r.n);
			have_pairhead = true;
		} else if (!nvpairs_add(&pairs, r.p, r.n, s.file, r.line))
			stream_reject(&s, &r, "not a pair: one field, where "
			    "ID1 TAB ID2 was expected");
	}
	nvpairs_done(&pairs);
}

/* -H: the header of the output, before its first record: DOCS' ID
 * column and the group's, or the pairs' header and the similarity's. */
static void
header(void)
{
	static bool written;
	const char *last = mode == NVDOCS_CLUSTERS ? "cluster" :
	    mode == NVDOCS_COMPONENTS ? "component" :
	    min.containment ? "containment" : "jaccard";

	if (!cli.header || written)
		return;
	written = true;
	if (mode != NVDOCS_PAIRS)
		out_write(&s.out, docsid, ndocsid);
	else if (have_pairhead)
		out_write(&s.out, pairhead.p, pairhead.len);
	else
		out_write(&s.out, "id1\tid2", 7);
	out_putc(&s.out, '\t');
	out_write(&s.out, last, strlen(last));
	out_end_record(&s.out);
}

static void
read_docs(void)
{
	struct record r;
	char *paths[1] = { docs };
	char q[DIAG_QUOTE_MAX];

	/* DOCS' own first line is its header, which names the ID column */
	stream_more(&s, 1, paths, true);
	while (stream_next(&s, &r)) {
		struct span id, text;
		uint32_t x;

		if (!stream_field(&s, &r, idfield, &id))
			continue;
		if (!stream_field(&s, &r, textfield, &text))
			continue;
		if (r.header) {
			if (id.n < sizeof docsid) {
				memcpy(docsid, id.p, id.n);
				ndocsid = id.n;
			}
			continue;
		}
		if (!nvdocs_add(&d, &id, &text, r.line, &x))
			stream_reject(&s, &r, "ID '%s' is also on line %ju: pairs "
			    "could not tell the two apart",
			    diag_quote(id.p, id.n, q, sizeof q), d.line[x]);
		else if (mode == NVDOCS_CLUSTERS) {
			header();
			nvdocs_put_group(&d, x, &s.out);
			stream_wrote(&s, 1);
		}
	}
}

int
main(int argc, char *argv[])
{
	int ch;

	cli_init("nearverify", help, argv);
	while ((ch = getopt_long(argc, argv, "d:i:f:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			docs = optarg;
			break;
		case 'i':
			idfield = cli_field("-i", optarg);
			break;
		case 'f':
			textfield = cli_field("-f", optarg);
			break;
		case OPT_MIN:
			if (!nvdocs_parse_min(optarg, &min.num, &min.den))
				cli_usage_error("--min: '%s' is not a number "
				    "from 0 to 1 (at most 9 decimals)", optarg);
			break;
		case OPT_ALL:
			all = true;
			break;
		case OPT_CONTAINMENT:
			min.containment = true;
			break;
		case OPT_SHINGLE:
			shingle = (unsigned)cli_number("--shingle", optarg, 1,
			    SHINGLE_MAX);
			break;
		case OPT_CLUSTERS:
			clusters = true;
			break;
		case OPT_COMPONENTS:
			components = true;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if (docs == NULL)
		cli_usage_error("no documents: give them with -d DOCS");
	if (min.den == 0) {
		min.num = min.containment ? 7 : 3;
		min.den = 10;
	}
	if (clusters && components)
		cli_usage_error("choose one of --clusters and --components");
	if (all && (clusters || components))
		cli_usage_error("--all writes pairs: not with --%s",
		    clusters ? "clusters" : "components");
	if (strcmp(docs, "-") == 0)
		cli_stdin_taken("-d", argc - optind, argv + optind);
	else if ((docsfd = open(docs, O_RDONLY)) < 0)
		diag_fatal("%s: %s", docs, strerror(errno));

	mode = clusters ? NVDOCS_CLUSTERS : components ? NVDOCS_COMPONENTS :
	    NVDOCS_PAIRS;
	nvpairs_init(&pairs);
	stream_open(&s, argc - optind, argv + optind);
	read_pairs();
	nvdocs_init(&d, &pairs, shingle, &min, mode);
	read_docs();
	/* held open until DOCS has been read again by name: a pipe or FIFO
	 * whose only reader went away would kill its writer */
	if (docsfd >= 0)
		close(docsfd);
	header();
	for (size_t i = 0; i < d.norder; i++)
		nvdocs_put_group(&d, d.order[i], &s.out);
	stream_wrote(&s, d.norder);
	nvdocs_finish(&d, &s, docs, mode == NVDOCS_PAIRS, all);
	if (cli.verbose)
		nvdocs_report(&d);
	nvdocs_free(&d);
	nvpairs_free(&pairs);
	buf_free(&pairhead);
	return stream_close(&s);
}
