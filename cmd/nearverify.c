/* nearverify — confirm candidate pairs of near-duplicate documents on
 * their texts (Jaccard of shingle sets), and cluster what is confirmed.
 * The pairs are read first; the documents are streamed once, and only
 * the shingle sets of documents named in some pair are kept, each until
 * its last pair is done. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "groups.h"
#include "idtab.h"
#include "shingle.h"
#include "stream.h"
#include "xalloc.h"

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

#define MAXPAIRS	UINT32_MAX	/* pair numbers are 32 bits */

static char *docs;
static int docsfd = -1;
static int idfield = 1, textfield = -1;
static unsigned shingle = 3;
static bool all, containment, clusters, components;
/* The threshold as a fraction minnum / minden, compared exactly; by
 * default 0.3, or 0.7 with --containment (see nearverify(1) for why). */
static uint64_t minnum, minden;

static struct stream s;

/* The IDs: those of the pairs first (numbers below npaired), then those
 * of the other documents, kept to catch an ID given twice. */
static struct idtab ids;
static uint32_t npaired;
static uint64_t *docline;	/* the line of DOCS an ID came from; 0: none */

/* A pair: its IDs, the rest of its record (an interned string, from the
 * TAB after ID2 on), and the shingles the two texts share. */
struct pair {
	uint32_t	a, b;
	uint32_t	rest;
	uint32_t	common;
};

static struct pair *pairs;
static size_t npairs, cappairs;
static struct idtab rests;

/* Where the pairs came from, for messages: pair i of a run that starts
 * at anchor k is on line line + (i - pair) of file.  A new anchor starts
 * at each file and after each line that is not a kept pair. */
struct anchor {
	size_t		 pair;
	uintmax_t	 line;
	const char	*file;
};

static struct anchor *anchors;
static size_t nanchors, capanchors;

/* For each ID of a pair: its pairs (adjacency lists of pair numbers),
 * the pairs still to be done, its shingle set while they last, and its
 * rank among the paired documents in DOCS order. */
static uint64_t *adjoff;
static uint32_t *adj;
static uint32_t *pending;
static uint64_t **set;
static uint32_t *nset;
static uint32_t *rank;
static uint32_t *byrank;	/* the ID of each rank */
static uint32_t nranked;
static struct groups groups;
/* --components: the IDs of DOCS in order */
static uint32_t *order;
static size_t norder, caporder;

static size_t setbytes, peakbytes, nsets, peaksets;
static uint64_t ndocs, nshingled, nconfirmed;

static char docsid[256] = "id";	/* -H: DOCS' ID column */
static size_t ndocsid = 2;
static struct buf pairhead;
static bool have_pairhead;

/* --- the threshold ------------------------------------------------------- */

/* "0.3", ".25", "1", "0" ...: a decimal from 0 to 1 with at most nine
 * decimals, kept as a fraction so that comparisons are exact. */
static void
parse_min(const char *arg)
{
	const char *p = arg;
	uint64_t num = 0, den = 1;
	bool digits = false;

	while (*p >= '0' && *p <= '9') {
		if (num > 1)
			goto bad;
		num = num * 10 + (uint64_t)(*p++ - '0');
		digits = true;
	}
	if (*p == '.') {
		p++;
		while (*p >= '0' && *p <= '9') {
			if (den == UINT64_C(1000000000))
				goto bad;
			num = num * 10 + (uint64_t)(*p++ - '0');
			den *= 10;
			digits = true;
		}
	}
	if (!digits || *p != '\0' || num > den)
		goto bad;
	minnum = num;
	minden = den;
	return;
bad:
	cli_usage_error("--min: '%s' is not a number from 0 to 1 (at most 9 "
	    "decimals)", arg);
}

/* The similarity of pair p as a fraction num / den (0 / 0 counts as 0). */
static void
similarity(const struct pair *p, uint64_t *num, uint64_t *den)
{
	uint64_t na = nset[p->a], nb = nset[p->b];

	*num = p->common;
	if (containment)
		*den = na < nb ? na : nb;
	else
		*den = na + nb - p->common;
}

static bool
confirmed(const struct pair *p)
{
	uint64_t num, den;

	similarity(p, &num, &den);
	if (den == 0)
		return minnum == 0;
	/* num < 2^32, den < 2^33, minden <= 10^9 < 2^30: no overflow */
	return num * minden >= minnum * den;
}

/* num / den rounded to 4 decimals, half up, in integers: the same
 * digits everywhere, whatever the locale. */
static void
put_value(uint64_t num, uint64_t den)
{
	char v[6];
	uint64_t q = den ? (num * 20000 + den) / (2 * den) : 0;

	v[0] = (char)('0' + q / 10000);
	v[1] = '.';
	for (int i = 5; i > 1; i--, q /= 10)
		v[i] = (char)('0' + q % 10);
	out_write(&s.out, v, sizeof v);
}

/* --- reading the pairs --------------------------------------------------- */

static void
add_anchor(const char *file, uintmax_t line)
{
	if (nanchors > 0) {
		const struct anchor *a = &anchors[nanchors - 1];

		if (a->file == file && a->line + (npairs - a->pair) == line)
			return;
	}
	if (nanchors == capanchors) {
		size_t bytes = capanchors * sizeof *anchors;

		anchors = xgrow(anchors, &bytes, (nanchors + 1) * sizeof *anchors);
		capanchors = bytes / sizeof *anchors;
	}
	anchors[nanchors++] = (struct anchor){ npairs, line, file };
}

/* The file and line of pair i. */
static const struct anchor *
where(size_t i, uintmax_t *line)
{
	size_t lo = 0, hi = nanchors;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (anchors[mid].pair <= i)
			lo = mid;
		else
			hi = mid;
	}
	*line = anchors[lo].line + (i - anchors[lo].pair);
	return &anchors[lo];
}

static void
read_pairs(void)
{
	struct record r;

	while (stream_next(&s, &r)) {
		const char *t1, *t2, *end = r.p + r.n;
		struct pair *p;
		bool added;

		if (r.header) {
			pairhead.len = 0;
			buf_append(&pairhead, r.p, r.n);
			have_pairhead = true;
			continue;
		}
		t1 = memchr(r.p, '\t', r.n);
		t2 = t1 ? memchr(t1 + 1, '\t', (size_t)(end - t1 - 1)) : NULL;
		if (t1 == NULL) {
			stream_reject(&s, &r, "not a pair: one field, where "
			    "ID1 TAB ID2 was expected");
			continue;
		}
		if (t2 == NULL)
			t2 = end;
		if (npairs == MAXPAIRS)
			diag_fatal("more than %lu pairs: split the input",
			    (unsigned long)MAXPAIRS);
		if (npairs == cappairs) {
			size_t bytes = cappairs * sizeof *pairs;

			pairs = xgrow(pairs, &bytes, (npairs + 1) * sizeof *pairs);
			cappairs = bytes / sizeof *pairs;
		}
		add_anchor(s.file, r.line);
		p = &pairs[npairs++];
		p->a = idtab_add(&ids, r.p, (size_t)(t1 - r.p), &added);
		p->b = idtab_add(&ids, t1 + 1, (size_t)(t2 - t1 - 1), &added);
		p->rest = idtab_add(&rests, t2, (size_t)(end - t2), &added);
		p->common = 0;
	}
	npaired = (uint32_t)ids.n;
}

/* The adjacency lists, and every paired ID's count of pairs to do.  A
 * pair of an ID with itself is listed once. */
static void
index_pairs(void)
{
	size_t n = (size_t)npaired + 1;
	uint64_t *fill;

	adjoff = xmalloc((n + 1) * sizeof *adjoff);
	memset(adjoff, 0, (n + 1) * sizeof *adjoff);
	for (size_t i = 0; i < npairs; i++) {
		adjoff[pairs[i].a + 1]++;
		if (pairs[i].b != pairs[i].a)
			adjoff[pairs[i].b + 1]++;
	}
	pending = xmalloc(n * sizeof *pending);
	for (uint32_t x = 0; x < npaired; x++) {
		if (adjoff[x + 1] > UINT32_MAX)
			diag_fatal("one ID in more than %lu pairs",
			    (unsigned long)UINT32_MAX);
		pending[x] = (uint32_t)adjoff[x + 1];
		adjoff[x + 1] += adjoff[x];
	}
	adj = xmalloc((adjoff[npaired] + 1) * sizeof *adj);
	fill = xmalloc(n * sizeof *fill);
	memcpy(fill, adjoff, n * sizeof *fill);
	for (size_t i = 0; i < npairs; i++) {
		adj[fill[pairs[i].a]++] = (uint32_t)i;
		if (pairs[i].b != pairs[i].a)
			adj[fill[pairs[i].b]++] = (uint32_t)i;
	}
	free(fill);
	set = xmalloc(n * sizeof *set);
	memset(set, 0, n * sizeof *set);
	nset = xmalloc(n * sizeof *nset);
	memset(nset, 0, n * sizeof *nset);
	rank = xmalloc(n * sizeof *rank);
	byrank = xmalloc(n * sizeof *byrank);
}

/* --- streaming the documents --------------------------------------------- */

static void
put_id(uint32_t id)
{
	size_t n;
	const char *p = idtab_get(&ids, id, &n);

	out_write(&s.out, p, n);
}

static void
put_group(uint32_t id, uint32_t lead)
{
	put_id(id);
	out_putc(&s.out, '\t');
	put_id(lead);
	out_end_record(&s.out);
	s.nwritten++;
}

static void
drop_set(uint32_t x)
{
	free(set[x]);
	set[x] = NULL;
	setbytes -= (size_t)nset[x] * sizeof **set;
	nsets--;
}

/* One pair is done for x: its set goes when its last one is. */
static void
done(uint32_t x)
{
	if (--pending[x] == 0)
		drop_set(x);
}

/* Document x of a pair has come: its set, and every pair with a document
 * that came before it. */
static void
paired_doc(struct shingler *sh, uint32_t x, const struct span *text)
{
	size_t n = shingle_set(sh, text->p, text->n, true);

	if (n > UINT32_MAX)
		n = UINT32_MAX;		/* not reachable: 4G shingles */
	nshingled++;
	nset[x] = (uint32_t)n;
	set[x] = xmalloc((n ? n : 1) * sizeof **set);
	if (n > 0)	/* an empty text's set: sh->v may be NULL */
		memcpy(set[x], sh->v, n * sizeof **set);
	setbytes += n * sizeof **set;
	if (setbytes > peakbytes)
		peakbytes = setbytes;
	if (++nsets > peaksets)
		peaksets = nsets;
	rank[x] = nranked;
	byrank[nranked++] = x;
	if (clusters || components)
		groups_grow(&groups, nranked);
	for (uint64_t k = adjoff[x]; k < adjoff[x + 1]; k++) {
		struct pair *p = &pairs[adj[k]];
		uint32_t y = p->a == x ? p->b : p->a;

		if (y != x && docline[y] == 0)
			continue;	/* done when y comes */
		p->common = (uint32_t)(y == x ? nset[x] :
		    shingle_common(set[x], nset[x], set[y], nset[y]));
		if ((clusters || components) && confirmed(p))
			groups_pair(&groups, rank[y], rank[x]);
		if (y != x)
			done(y);
		done(x);
	}
}

/* -H: the header of --clusters and --components, before their first
 * record. */
static void
group_header(void)
{
	static bool written;

	if (!cli.header || written)
		return;
	written = true;
	out_write(&s.out, docsid, ndocsid);
	out_putc(&s.out, '\t');
	if (clusters)
		out_write(&s.out, "cluster", 7);
	else
		out_write(&s.out, "component", 9);
	out_end_record(&s.out);
}

static void
read_docs(void)
{
	struct shingler sh;
	struct record r;
	char *paths[1] = { docs };
	char q[DIAG_QUOTE_MAX];
	size_t capline = ids.n + 1;

	shingler_init(&sh, shingle);
	docline = xmalloc(capline * sizeof *docline);
	memset(docline, 0, capline * sizeof *docline);
	if (clusters || components)
		groups_init(&groups, components);
	/* DOCS' own first line is its header, which names the ID column */
	s.header_seen = false;
	stream_more(&s, 1, paths);
	while (stream_next(&s, &r)) {
		struct span id, text;
		bool added;
		uint32_t x;

		if (!field_get(r.p, r.n, idfield, &id)) {
			stream_reject(&s, &r, "no field %d: the record has %zu",
			    idfield, field_count(r.p, r.n));
			continue;
		}
		if (!field_get(r.p, r.n, textfield, &text)) {
			stream_reject(&s, &r, "no field %d: the record has %zu",
			    textfield, field_count(r.p, r.n));
			continue;
		}
		if (r.header) {
			if (id.n < sizeof docsid) {
				memcpy(docsid, id.p, id.n);
				ndocsid = id.n;
			}
			continue;
		}
		x = idtab_add(&ids, id.p, id.n, &added);
		if (ids.n > capline) {
			size_t old = capline, bytes = capline * sizeof *docline;

			docline = xgrow(docline, &bytes, ids.n * sizeof *docline);
			capline = bytes / sizeof *docline;
			memset(docline + old, 0, (capline - old) * sizeof *docline);
		}
		if (docline[x] != 0) {
			stream_reject(&s, &r, "ID '%s' is also on line %ju: pairs "
			    "could not tell the two apart",
			    diag_quote(id.p, id.n, q, sizeof q), docline[x]);
			continue;
		}
		docline[x] = r.line;
		ndocs++;
		if (x < npaired)
			paired_doc(&sh, x, &text);
		if (components) {
			if (norder == caporder) {
				size_t bytes = caporder * sizeof *order;

				order = xgrow(order, &bytes, (norder + 1) *
				    sizeof *order);
				caporder = bytes / sizeof *order;
			}
			order[norder++] = x;
		} else if (clusters) {
			group_header();
			put_group(x, x < npaired ?
			    byrank[groups_of(&groups, rank[x])] : x);
		}
	}
	shingler_free(&sh);
}

/* --- output -------------------------------------------------------------- */

/* A pair naming an ID that DOCS lacks: rejected, reported where it was
 * read. */
static void
reject_pair(size_t i)
{
	const struct pair *p = &pairs[i];
	const char *file = s.file;
	struct buf rec = { 0 };
	struct record r;
	size_t n;
	const char *id, *rest;
	char q[DIAG_QUOTE_MAX];
	uint32_t missing = docline[p->a] == 0 ? p->a : p->b;

	id = idtab_get(&ids, p->a, &n);
	buf_append(&rec, id, n);
	buf_putc(&rec, '\t');
	id = idtab_get(&ids, p->b, &n);
	buf_append(&rec, id, n);
	rest = idtab_get(&rests, p->rest, &n);
	buf_append(&rec, rest, n);
	r.p = rec.p;
	r.n = rec.len;
	r.header = false;
	/* the message names the pair's own file, not DOCS */
	s.file = where(i, &r.line)->file;
	id = idtab_get(&ids, missing, &n);
	stream_reject(&s, &r, "ID '%s' is not in %s", diag_quote(id, n, q,
	    sizeof q), docs);
	s.file = file;
	buf_free(&rec);
}

static void
write_pairs(void)
{
	if (cli.header) {
		if (have_pairhead)
			out_write(&s.out, pairhead.p, pairhead.len);
		else
			out_write(&s.out, "id1\tid2", 7);
		out_putc(&s.out, '\t');
		if (containment)
			out_write(&s.out, "containment", 11);
		else
			out_write(&s.out, "jaccard", 7);
		out_end_record(&s.out);
	}
	for (size_t i = 0; i < npairs; i++) {
		const struct pair *p = &pairs[i];
		uint64_t num, den;
		const char *rest;
		size_t n;

		if (docline[p->a] == 0 || docline[p->b] == 0) {
			reject_pair(i);
			continue;
		}
		if (!confirmed(p)) {
			if (!all)
				continue;
		} else
			nconfirmed++;
		put_id(p->a);
		out_putc(&s.out, '\t');
		put_id(p->b);
		rest = idtab_get(&rests, p->rest, &n);
		out_write(&s.out, rest, n);
		out_putc(&s.out, '\t');
		similarity(p, &num, &den);
		put_value(num, den);
		out_end_record(&s.out);
		s.nwritten++;
	}
}

/* Pairs naming an ID that DOCS lacks, in the modes that write groups. */
static void
reject_missing(void)
{
	for (size_t i = 0; i < npairs; i++)
		if (docline[pairs[i].a] == 0 || docline[pairs[i].b] == 0)
			reject_pair(i);
		else if (confirmed(&pairs[i]))
			nconfirmed++;
}

static void
write_components(void)
{
	group_header();
	for (size_t i = 0; i < norder; i++) {
		uint32_t x = order[i];

		put_group(x, x < npaired ?
		    byrank[groups_of(&groups, rank[x])] : x);
	}
}

static double
mb(size_t bytes)
{
	return (double)bytes / 1048576.0;
}

static void
report(void)
{
	size_t fixed = idtab_bytes(&ids) + idtab_bytes(&rests) +
	    cappairs * sizeof *pairs + capanchors * sizeof *anchors +
	    ((size_t)npaired + 1) * (sizeof *adjoff + sizeof *pending +
	    sizeof *set + sizeof *nset + sizeof *rank + sizeof *byrank) +
	    (adjoff ? adjoff[npaired] * sizeof *adj : 0) +
	    ids.n * sizeof *docline + caporder * sizeof *order +
	    groups.cap * sizeof *groups.lead;

	diag_warn("%zu pairs of %u IDs, %ju confirmed; %ju documents, %ju of "
	    "them in pairs", npairs, npaired, (uintmax_t)nconfirmed,
	    (uintmax_t)ndocs, (uintmax_t)nshingled);
	diag_warn("memory: shingle sets at most %.1f MB (%zu at once), pairs "
	    "and IDs %.1f MB", mb(peakbytes), peaksets, mb(fixed));
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
			idfield = cli_field(optarg);
			break;
		case 'f':
			textfield = cli_field(optarg);
			break;
		case OPT_MIN:
			parse_min(optarg);
			break;
		case OPT_ALL:
			all = true;
			break;
		case OPT_CONTAINMENT:
			containment = true;
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
	if (minden == 0) {
		minnum = containment ? 7 : 3;
		minden = 10;
	}
	if (clusters && components)
		cli_usage_error("choose one of --clusters and --components");
	if (all && (clusters || components))
		cli_usage_error("--all writes pairs: not with --%s",
		    clusters ? "clusters" : "components");
	if (strcmp(docs, "-") == 0) {
		if (optind == argc)
			cli_usage_error("-d -: the documents are the standard "
			    "input, so name the files of pairs");
		for (int i = optind; i < argc; i++)
			if (strcmp(argv[i], "-") == 0)
				cli_usage_error("-d - and a file - cannot both "
				    "be the standard input");
	} else if ((docsfd = open(docs, O_RDONLY)) < 0)
		diag_fatal("%s: %s", docs, strerror(errno));

	idtab_init(&ids);
	idtab_init(&rests);
	stream_open(&s, argc - optind, argv + optind);
	read_pairs();
	index_pairs();
	read_docs();
	/* held open until DOCS has been read again by name: a pipe or FIFO
	 * whose only reader went away would kill its writer */
	if (docsfd >= 0)
		close(docsfd);
	if (clusters) {
		group_header();
		reject_missing();
	} else if (components) {
		write_components();
		reject_missing();
	} else
		write_pairs();
	if (cli.verbose)
		report();
	groups_free(&groups);
	for (uint32_t x = 0; x < npaired; x++)
		free(set[x]);
	free(set);
	free(nset);
	free(rank);
	free(byrank);
	free(pending);
	free(adj);
	free(adjoff);
	free(docline);
	free(order);
	free(pairs);
	free(anchors);
	buf_free(&pairhead);
	idtab_free(&ids);
	idtab_free(&rests);
	return stream_close(&s);
}
