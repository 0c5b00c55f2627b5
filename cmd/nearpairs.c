/* nearpairs — every pair of records whose fingerprints are within k bits,
 * without comparing all pairs.  Options and the record loops only: the
 * records are kept by common/nearrecs.c and searched by nearsearch.c over
 * the index of nearidx.c; nearclust.c makes the groups of --clusters and
 * --components, nearkeys.c the map/reduce records. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fingerprint.h"
#include "nearclust.h"
#include "nearkeys.h"
#include "nearrecs.h"
#include "nearsearch.h"
#include "out.h"
#include "par.h"
#include "progress.h"
#include "stream.h"

static const char help[] =
"Usage: nearpairs [-k K] [-i N] [-f N] [--clusters | --components] [options] [file ...]\n"
"       nearpairs --against FILE [--self] [options] [file ...]\n"
"       nearpairs --emit-keys [--part N] [--partitions P --prefix PREFIX]\n"
"                 [options] [file ...]\n"
"       nearpairs --from-keys [options] [file ...]\n"
"       nearpairs --emit-records [--part N] --partitions P --prefix PREFIX\n"
"                 [options] [file ...]\n"
"       nearpairs --from-records --part J --partitions P [options] [file ...]\n"
"Every pair of records whose 64-bit fingerprints (16 hex digits) are\n"
"within K bits, as ID1 TAB ID2 TAB DISTANCE, ID1 the earlier record,\n"
"each pair once, ordered by ID1's record and then ID2's.  Exact: the\n"
"pairs brute force would give, found with a pigeonhole block index.\n"
"\n"
"  -k, --max-distance K pairs within K bits (0 to 32, default 3)\n"
"  -j, --threads N      search with N threads (default: the CPUs online,\n"
"                       at most 8); the output is the same\n"
"  -i, --id-field N     the ID field (default 1; -1 is the last)\n"
"  -f, --field N        the fingerprint field (default -1); it may hold\n"
"                       several, comma-separated: one index each\n"
"      --tables N       the number of tables (default: chosen by K and the\n"
"                       number of records; K+1 with --emit-keys)\n"
"      --keep-empty     pair the fingerprint 0 too (left out by default)\n"
"      --distinct-versions  never pair URLs whose paths differ in a\n"
"                       version-like segment (/v1/ /v2/, /1.2/, /2023/)\n"
"      --clusters       ID TAB CLUSTER for each record: the earliest\n"
"                       cluster leader within K, or the record itself\n"
"      --components     ID TAB COMPONENT: connected components instead\n"
"      --against FILE   pairs between the input and FILE (ID TAB FP\n"
"                       records, streamed): FILE's ID first\n"
"      --self           with --against: the input's own pairs as well\n"
"      --emit-keys      map step: KEY TAB RECORD TAB ID TAB FP per table\n"
"      --part N         with --emit-keys or --emit-records: this map\n"
"                       task's number; with --from-records: the partition\n"
"      --partitions P   with --emit-keys: the key records sorted, each in\n"
"                       the file of its key's partition, PREFIX.0 to\n"
"                       PREFIX.P-1, for the reduce to merge (sort -m);\n"
"                       with --emit-records, --from-records: their number\n"
"      --prefix PREFIX  the files' names with --partitions\n"
"      --from-keys      reduce step: read key-sorted --emit-keys records,\n"
"                       write RECORD1 TAB RECORD2 TAB ID1 TAB ID2 TAB DISTANCE\n"
"      --emit-records   map step: RECORD TAB ID TAB FP, once in the file of\n"
"                       each partition that holds one of its keys\n"
"      --from-records   reduce step: read a partition's --emit-records\n"
"                       records in order, write its pairs as --from-keys\n"
"                       does, sorted\n"
"      --progress       report progress on stderr (default on a terminal)\n"
CLI_HELP_COMMON;

enum {
	OPT_TABLES = OPT_PROGRAM,
	OPT_KEEP_EMPTY,
	OPT_DISTINCT,
	OPT_CLUSTERS,
	OPT_COMPONENTS,
	OPT_AGAINST,
	OPT_SELF,
	OPT_EMIT,
	OPT_PART,
	OPT_PARTITIONS,
	OPT_PREFIX,
	OPT_FROM,
	OPT_EMIT_RECORDS,
	OPT_FROM_RECORDS,
	OPT_PROGRESS,
};

static const struct option longopts[] = {
	{ "max-distance",	required_argument,	NULL, 'k' },
	{ "threads",		required_argument,	NULL, 'j' },
	{ "id-field",		required_argument,	NULL, 'i' },
	{ "field",		required_argument,	NULL, 'f' },
	{ "tables",		required_argument,	NULL, OPT_TABLES },
	{ "keep-empty",		no_argument,		NULL, OPT_KEEP_EMPTY },
	{ "distinct-versions",	no_argument,		NULL, OPT_DISTINCT },
	{ "clusters",		no_argument,		NULL, OPT_CLUSTERS },
	{ "components",		no_argument,		NULL, OPT_COMPONENTS },
	{ "against",		required_argument,	NULL, OPT_AGAINST },
	{ "self",		no_argument,		NULL, OPT_SELF },
	{ "emit-keys",		no_argument,		NULL, OPT_EMIT },
	{ "part",		required_argument,	NULL, OPT_PART },
	{ "partitions",		required_argument,	NULL, OPT_PARTITIONS },
	{ "prefix",		required_argument,	NULL, OPT_PREFIX },
	{ "from-keys",		no_argument,		NULL, OPT_FROM },
	{ "emit-records",	no_argument,		NULL, OPT_EMIT_RECORDS },
	{ "from-records",	no_argument,		NULL, OPT_FROM_RECORDS },
	{ "progress",		no_argument,		NULL, OPT_PROGRESS },
	CLI_LONGOPTS_COMMON,
	{ NULL,			0,			NULL, 0 }
};

static unsigned k = 3;
static unsigned nthreads;	/* 0: the CPUs online, up to THREADS_AUTO */
static int idfield = 1, fpfield = -1;
static bool clusters, components, self, emit, from, progress;
static bool emit_keys, emit_records, from_records;
static char *against, *prefix;
static long long part, nparts;

static struct stream s;
static struct nearrecs recs;
static struct nearsearch srch;
static char idname[256] = "id";		/* -H: the ID column's name */
static size_t nidname = 2;

/* --- records ------------------------------------------------------------- */

/* Parse the fingerprints of field f: false with a message if it is not
 * one or more comma-separated fingerprints, npos of them once known. */
static bool
parse_fps(const struct record *r, const struct span *f, int fieldno,
    uint64_t *fp)
{
	char why[DIAG_QUOTE_MAX + 128];

	if (!nearrecs_parse_record_fps(&recs, f->p, f->n, fieldno, fp, why,
	    sizeof why)) {
		stream_reject(&s, r, "%s", why);
		return false;
	}
	return true;
}

/* The ID and fingerprints of a record, or false when it is rejected. */
static bool
parse_record(const struct record *r, struct span *id, uint64_t *fp)
{
	struct span f;

	/* the usual record, ID TAB FINGERPRINT with the default fields,
	 * once the first has set one fingerprint a record: no field
	 * searched from the end, nor a comma (reading 100M planted records
	 * took 6 s of CPU time, a tenth of the run); anything else, or a
	 * fingerprint that does not parse, takes the way below */
	if (idfield == 1 && fpfield == -1 && recs.npos == 1 && r->n >= 17 &&
	    r->p[r->n - 17] == '\t' &&
	    fingerprint_parse(r->p + r->n - 16, 16, fp)) {
		const char *tab = memchr(r->p, '\t', r->n - 16);

		id->p = r->p;
		id->n = (size_t)(tab - r->p);
		return true;
	}
	if (!stream_field(&s, r, idfield, id))
		return false;
	if (!stream_field(&s, r, fpfield, &f))
		return false;
	return parse_fps(r, &f, fpfield, fp);
}

/* Read records into the input or the archive part until max of them or
 * the end; false at the end. */
static bool
read_records(bool archive, size_t max)
{
	struct nearrecs_part *p = archive ? &recs.arc : &recs.in;
	struct record r;
	struct span id;
	uint64_t fp[NEARRECS_MAXPOS];

	while (p->n < max) {
		if (!stream_next(&s, &r))
			return false;
		if (r.header) {
			if (!archive && field_get(r.p, r.n, idfield, &id) &&
			    id.n < sizeof idname) {
				memcpy(idname, id.p, id.n);
				nidname = id.n;
			}
			continue;
		}
		if (!parse_record(&r, &id, fp))
			continue;
		nearrecs_add(&recs, archive, &id, fp);
		if ((p->n & 0xffff) == 0)
			progress_note(false, "%zu records read", p->n);
	}
	return true;
}

/* --- the one-shot modes -------------------------------------------------- */

static void
say_compared(uint64_t compared)
{
	if (cli.verbose)
		diag_warn("%u tables of %u blocks; %ju fingerprint pairs compared",
		    srch.design.ntables, srch.design.nblocks,
		    (uintmax_t)compared);
}

static void
put_header(const char *a, const char *b, const char *c)
{
	if (!cli.header)
		return;
	out_write(&s.out, idname, nidname);
	out_write(&s.out, a, strlen(a));
	out_putc(&s.out, '\t');
	if (b != NULL) {
		out_write(&s.out, idname, nidname);
		out_write(&s.out, b, strlen(b));
		out_putc(&s.out, '\t');
	}
	out_write(&s.out, c, strlen(c));
	out_end_record(&s.out);
}

static void
write_pairs(uint32_t aoff)
{
	progress_note(true, "sorting %zu pairs", srch.npairs);
	stream_wrote(&s, nearsearch_write_pairs(&srch, &s.out, aoff));
}

static void
run_pairs(void)
{
	put_header("1", "2", "distance");
	say_compared(nearsearch_search(&srch, NULL, 0, 0));
	nearrecs_free_entries(&recs);
	write_pairs(0);
}

static void
run_clusters(void)
{
	struct nearclust c;

	say_compared(nearclust_run(&c, &srch, components));
	put_header("", NULL, clusters ? "cluster" : "component");
	for (uint32_t r = 0; r < recs.in.n; r++) {
		const char *p;
		size_t n;

		p = nearrecs_id(&recs, r, &n);
		out_write(&s.out, p, n);
		out_putc(&s.out, '\t');
		p = nearrecs_id(&recs, nearclust_group_of(&c, r), &n);
		out_write(&s.out, p, n);
		out_end_record(&s.out);
		stream_wrote(&s, 1);
	}
	nearclust_free(&c);
}

/* The archive is read in chunks at least as big as the input, each
 * searched together with the input. */
static void
run_against(void)
{
	uint32_t nin = (uint32_t)recs.in.n;
	size_t chunk = nin > (1u << 20) ? nin : (1u << 20);

	if (chunk > NEARRECS_MAXREC - nin)
		chunk = NEARRECS_MAXREC - nin;
	put_header("1", "2", "distance");
	stream_more(&s, 1, &against, false);
	for (;;) {
		bool more = read_records(true, chunk);

		if (recs.arc.n > 0) {
			progress_note(true, "%zu archive records read",
			    recs.arc.n);
			say_compared(nearsearch_search(&srch, NULL, 0, nin));
			write_pairs(nin);
		}
		nearrecs_drop_archive(&recs);
		if (!more)
			break;
	}
	if (self) {
		say_compared(nearsearch_search(&srch, NULL, 0, 0));
		write_pairs(0);
	}
}

/* --- map/reduce ---------------------------------------------------------- */

static void
run_emit(void)
{
	struct record r;
	struct span id;
	uint64_t fp[NEARRECS_MAXPOS];

	struct nearkeys_parts kp;

	nearsearch_design(&srch);
	nearkeys_parts_init(&kp, (unsigned)nparts);
	kp.records = emit_records;
	while (stream_next(&s, &r)) {
		if (r.header || !parse_record(&r, &id, fp))
			continue;
		if ((s.nread & 0xffff) == 0)
			progress_note(false, "%ju records read", s.nread);
		if (nparts == 0)
			stream_wrote(&s, nearkeys_emit(&s.out, &recs,
			    &srch.design, part, s.nread, &id, fp));
		else	/* kept, to be written sorted at the end */
			nearkeys_keep(&kp, &recs, &srch.design, part, s.nread,
			    &id, fp);
	}
	if (nparts > 0) {
		progress_note(true, "sorting %zu %s records", kp.nkeys,
		    emit_records ? "partition" : "key");
		stream_wrote(&s, nearkeys_write_parts(&kp, &srch.design,
		    prefix));
	}
	nearkeys_parts_free(&kp);
}

static void
run_from(void)
{
	const struct nearidx_design *d = &srch.design;
	struct nearkeys_reducer red;
	struct record r;
	bool unsorted = false;

	recs.keep_fps = true;
	srch.keyed = true;
	nearsearch_design(&srch);
	nearkeys_reducer_init(&red, &srch);
	while (stream_next(&s, &r)) {
		struct nearkeys_record kr;
		char why[2 * DIAG_QUOTE_MAX + 128];

		if (r.header)
			continue;
		if (!nearkeys_parse(&recs, d, r.p, r.n, &kr, why, sizeof why)) {
			stream_reject(&s, &r, "%s", why);
			continue;
		}
		if (nearkeys_reduce(&red, &s.out, kr.f, kr.table, kr.fp) &&
		    !unsorted) {
			unsorted = true;
			stream_trouble(&s, "%s:%ju: the input is not sorted by "
			    "key (sort it with LC_ALL=C sort)", s.file, r.line);
		}
		if ((s.nread & 0xffff) == 0)
			progress_note(false, "%ju key records read", s.nread);
	}
	nearkeys_reduce_end(&red, &s.out);
	stream_wrote(&s, red.nwritten);
	nearkeys_reducer_free(&red);
}

/* --from-records: the records of partition part, kept, then searched */
static void
run_from_records(void)
{
	struct buf last = { 0 };
	struct record r;
	bool unsorted = false;

	recs.keep_fps = true;
	srch.keyed = true;
	nearsearch_design(&srch);
	while (stream_next(&s, &r)) {
		struct span f[3], id, prev;
		uint64_t fp[NEARRECS_MAXPOS];
		char why[2 * DIAG_QUOTE_MAX + 160];

		if (r.header)
			continue;
		if (!nearkeys_parse_rec(&recs, &srch.design, (unsigned)part,
		    (unsigned)nparts, r.p, r.n, f, fp, why, sizeof why)) {
			stream_reject(&s, &r, "%s", why);
			continue;
		}
		prev.p = last.p;
		prev.n = last.len;
		if (recs.in.n > 0 && !unsorted && !nearkeys_earlier(&prev,
		    &f[0])) {
			unsorted = true;
			stream_trouble(&s, "%s:%ju: the records are not in "
			    "RECORD order (give the files of --emit-records "
			    "in the order of their --part)", s.file, r.line);
		}
		last.len = 0;
		buf_append(&last, f[0].p, f[0].n);
		/* the ID kept as "RECORD TAB ID", as --from-keys keeps it */
		id.p = f[0].p;
		id.n = (size_t)(f[1].p + f[1].n - f[0].p);
		nearrecs_add(&recs, false, &id, fp);
		if ((s.nread & 0xffff) == 0)
			progress_note(false, "%ju records read", s.nread);
	}
	buf_free(&last);
	progress_note(true, "%zu records read", recs.in.n);
	stream_wrote(&s, nearkeys_reduce_part(&srch, &s.out, (unsigned)part,
	    (unsigned)nparts));
}

/* The threads when -j is not given: one a CPU online, as GNU sort's
 * --parallel, and at most THREADS_AUTO (as sort's 8: not measured beyond
 * 2 cores here). */
#define THREADS_AUTO	8

static unsigned
threads_auto(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > THREADS_AUTO ? THREADS_AUTO : (unsigned)n;
}

/* --- main ---------------------------------------------------------------- */

int
main(int argc, char *argv[])
{
	const char *tables_arg = NULL;
	unsigned ntables = 0;
	bool keep_empty = false, distinct = false;
	int ch;

	cli_init("nearpairs", help, argv);
	while ((ch = getopt_long(argc, argv, "k:j:i:f:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'k':
			k = (unsigned)cli_number("-k", optarg, 0, NEARIDX_MAXK);
			break;
		case 'j':
			nthreads = (unsigned)cli_number("-j", optarg, 1,
			    PAR_MAXTHREADS);
			break;
		case 'i':
			idfield = cli_field("-i", optarg);
			break;
		case 'f':
			fpfield = cli_field("-f", optarg);
			break;
		case OPT_TABLES:
			tables_arg = optarg;
			break;
		case OPT_KEEP_EMPTY:
			keep_empty = true;
			break;
		case OPT_DISTINCT:
			distinct = true;
			break;
		case OPT_CLUSTERS:
			clusters = true;
			break;
		case OPT_COMPONENTS:
			components = true;
			break;
		case OPT_AGAINST:
			against = optarg;
			break;
		case OPT_SELF:
			self = true;
			break;
		case OPT_EMIT:
			emit_keys = emit = true;
			break;
		case OPT_PART:
			part = cli_number("--part", optarg, 0, 999999);
			break;
		case OPT_PARTITIONS:
			nparts = cli_number("--partitions", optarg, 1,
			    NEARKEYS_MAXPARTS);
			break;
		case OPT_PREFIX:
			prefix = optarg;
			break;
		case OPT_FROM:
			from = true;
			break;
		case OPT_EMIT_RECORDS:
			emit_records = emit = true;
			break;
		case OPT_FROM_RECORDS:
			from_records = true;
			break;
		case OPT_PROGRESS:
			progress = true;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if (clusters + components + (against != NULL) + emit + from +
	    from_records > 1 || (emit_records && emit_keys))
		cli_usage_error("choose one of --clusters, --components, "
		    "--against, --emit-keys, --from-keys, --emit-records and "
		    "--from-records");
	if (self && against == NULL)
		cli_usage_error("--self goes with --against");
	if (part && !emit && !from_records)
		cli_usage_error("--part goes with --emit-keys, --emit-records "
		    "or --from-records");
	if (nparts && !emit && !from_records)
		cli_usage_error("--partitions goes with --emit-keys, "
		    "--emit-records or --from-records");
	if (from_records) {
		if (nparts == 0 || prefix != NULL)
			cli_usage_error("--from-records takes --partitions "
			    "and --part, not --prefix");
		if (part >= nparts)
			cli_usage_error("--part: %lld is not a partition of "
			    "--partitions %lld (0 to %lld)", part, nparts,
			    nparts - 1);
	} else if ((nparts == 0) != (prefix == NULL))
		cli_usage_error("--partitions and --prefix go together");
	if (emit_records && nparts == 0)
		cli_usage_error("--emit-records takes --partitions and "
		    "--prefix");
	if (tables_arg != NULL) {
		char msg[512];

		ntables = (unsigned)cli_number("--tables", tables_arg, 1,
		    NEARIDX_MAXTABLES);
		if (!nearidx_design_offered(k, ntables, msg, sizeof msg))
			cli_usage_error("--tables: %u tables cannot be made for "
			    "-k %u: choose %s", ntables, k, msg);
	}
	if ((emit || from || from_records) && ntables == 0)
		ntables = k == 0 ? 1 : k + 1;
	if (against != NULL) {
		FILE *f;

		if (strcmp(against, "-") == 0)
			cli_stdin_taken("--against", argc - optind,
			    argv + optind);
		else if ((f = fopen(against, "r")) == NULL)
			diag_fatal("%s: %s", against, strerror(errno));
		else
			fclose(f);
	}
	if (!progress && isatty(STDERR_FILENO) && !diag_quiet)
		progress = true;
	progress_start(progress);
	nearsearch_init(&srch, &recs, k);
	srch.ntables = ntables;
	srch.nthreads = nthreads ? nthreads : threads_auto();
	recs.ahead = srch.nthreads > 1;
	srch.distinct = distinct;
	recs.keep_empty = keep_empty;

	stream_open(&s, argc - optind, argv + optind);
	if (emit)
		run_emit();
	else if (from)
		run_from();
	else if (from_records)
		run_from_records();
	else {
		read_records(false, SIZE_MAX);
		progress_note(true, "%zu records read", recs.in.n);
		if (clusters || components)
			run_clusters();
		else if (against != NULL)
			run_against();
		else
			run_pairs();
	}
	progress_note(true, "done: %ju written", s.nwritten);
	nearsearch_free(&srch);
	nearrecs_free(&recs);
	return stream_close(&s);
}
